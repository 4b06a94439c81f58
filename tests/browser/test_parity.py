"""Parity: the handed rules cases (../shared/cases/rules-cases.json), run through
tafl_core.bridge inside the board's worker (Pyodide in Chromium), give exactly the answers
CPython gives — the full state after every move — and those answers are the ones the cases
expect from the rule texts."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, SHARED

pytestmark = pytest.mark.browser

CASES = SHARED / "cases" / "rules-cases.json"

# Runs in the page: a fresh module worker (the board's own worker.js) and, per case, a new
# session, start, and one play() per move; returns the worker's answers as plain data.
RUN_IN_WORKER = """async ({workerUrl, indexURL, lockFileURL, cases}) => {
  const w = new Worker(workerUrl, {type: 'module'});
  let seq = 0;
  const call = (cmd, args) => new Promise((resolve, reject) => {
    const id = ++seq;
    const on = (ev) => {
      if (ev.data.id !== id) return;
      w.removeEventListener('message', on);
      ev.data.ok ? resolve(ev.data.result) : resolve({__error: ev.data.error});
    };
    w.addEventListener('message', on);
    w.postMessage({id, cmd, args});
  });
  const init = await call('init', {indexURL, lockFileURL});
  if (init && init.__error) return {error: init.__error};
  const out = [];
  for (const c of cases) {
    await call('session', {rules_toml: c.rules_toml, overrides: null});
    const start = await call('start', {otn: c.otn, to_move: c.to_move});
    const plays = [];
    for (const m of c.moves) plays.push(await call('play', {move: m}));
    out.push({start, plays});
  }
  w.terminate();
  return {out};
}"""


def _cases():
    if not CASES.is_file():
        return None
    return json.loads(CASES.read_text(encoding="utf-8"))


def _prepared(cases):
    from tafl_core import parse_diagram
    prepared = []
    for c in cases:
        rules = (ROOT / "variants_src" / c["variant"] / "rules.toml").read_text(encoding="utf-8")
        otn = parse_diagram("\n".join(c["position"])).to_otn() if "position" in c else None
        prepared.append({"id": c["id"], "rules_toml": rules, "otn": otn, "to_move": c.get("to_move"),
                         "moves": list(c["moves"])})
    return prepared


def _cpython(case):
    from tafl_core.bridge import Session
    s = Session(case["rules_toml"], None)
    start = s.start(case["otn"], case["to_move"])
    return {"start": start, "plays": [s.play(m) for m in case["moves"]]}


def _check_expectations(case, answers):
    """The cases' own expectations (see shared/cases/README.md)."""
    exp = case["expect"]
    n = len(case["moves"])
    legal = exp.get("legal", [True] * n)
    last_state = answers["start"]
    for i, play in enumerate(answers["plays"]):
        assert play["ok"] == legal[i], f"{case['id']} move {i + 1}: legal {play['ok']} expected {legal[i]}"
        if not legal[i]:
            return
        last_state = play["state"]
        h = last_state["history"][-1]
        if "captured" in exp:
            assert sorted(c["square"] for c in h["captures"]) == sorted(exp["captured"][i]), case["id"]
        if "results" in exp:
            _result_ok(exp["results"][i], h["result"], case["id"])
    if "result" in exp:
        _result_ok(exp["result"], last_state["result"], case["id"])


def _result_ok(want, got, cid):
    if want is None or got is None:
        assert want is None and got is None, f"{cid}: result {got} expected {want}"
        return
    assert got["winner"] == want.get("winner"), f"{cid}: winner {got} expected {want}"
    reasons = want["reason"] if isinstance(want.get("reason"), list) else [want.get("reason")]
    assert got["reason"] in reasons, f"{cid}: reason {got} expected {want}"


def test_rules_cases_same_in_pyodide_as_in_cpython(context, server):
    cases = _cases()
    if cases is None:
        pytest.skip(f"{CASES} is absent (the shared cases live beside the repository)")
    prepared = _prepared(cases)
    page = context.new_page()
    try:
        page.goto(server + "/assets/board/board.css")  # any same-origin page for the worker
        got = page.evaluate(RUN_IN_WORKER, {
            "workerUrl": server + "/assets/board/worker.js",
            "indexURL": server + "/assets/pyodide/",
            "lockFileURL": server + "/assets/pyodide/pyodide-lock.json",
            "cases": prepared,
        })
    finally:
        page.close()
    assert "error" not in got, got.get("error")
    assert len(got["out"]) == len(cases)
    for case, prep, browser_answers in zip(cases, prepared, got["out"]):
        cpython_answers = _cpython(prep)
        assert browser_answers == cpython_answers, f"{case['id']}: Pyodide and CPython differ"
        _check_expectations(case, cpython_answers)
