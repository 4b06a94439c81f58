"""A long game record on the board (not timed: what the board does, and how much of the game
each engine answer carries). A legal record of 20,000 moves is imported on the English page of
Brandub (Nielsen) (variants_src/brandub-nielsen: repetition without consequence, so a shuttle
that takes nothing never ends the game; checked by tafl_core first), pasted into the import
field (a text this long is held by the board and said, not shown in the field). The move list then shows a
window of rows around the position (movelist.js plyWindow, `data-window`), and stepping, Undo
and Redo work on it; the worker sends the game's moves once, in parts of at most 2,000 plies
(worker.js LINE_PART), and the answer to a step, Undo or Redo carries no move at all, the
answer to a move played after a step back exactly that move (notes/CONTRACTS.md, "State
answers by changes")."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, BoardPage, wait_idle

pytestmark = pytest.mark.browser

SLUG = "brandub-nielsen"
#: attacker a4-a3, defender d3-e3, and back: nothing taken, never an end
SHUTTLE = ["a4-a3", "d3-e3", "a3-a4", "e3-d3"]
N = 20_000
#: the most plies one message of the worker carries (docs/assets/board/worker.js LINE_PART)
LINE_PART = int(re.search(r"const LINE_PART = ([0-9_]+);",
                          (ROOT / "docs" / "assets" / "board" / "worker.js").read_text(encoding="utf-8")).group(1))
LIST = '#board [data-role="move-list"]'

# Before the page's own scripts: every message of every worker it starts is summed up as the
# plies of the game it carries (a part, a state's `line`, or a whole state's `history` and
# `future`), in window.__sent.
SPY = """(() => {
  window.__sent = [];
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const d = ev.data || {};
        if (d.id === undefined) return;
        const r = d.result && typeof d.result === 'object' ? d.result : {};
        const st = r.state && typeof r.state === 'object' ? r.state : r;
        const n = (a) => Array.isArray(a) ? a.length : 0;
        window.__sent.push({part: Array.isArray(d.part), plies: n(d.part) + n(st.line) + n(st.history) + n(st.future)});
      });
    }
  };
})();"""


#: a paste of the text `t` into the import field, as the browser dispatches it
PASTE = """(t) => { const dt = new DataTransfer(); dt.setData('text/plain', t);
    document.querySelector('#board [data-role="import-text"]').dispatchEvent(
        new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }"""


def shuttle_record(n: int) -> str:
    """The shuttle of `n` moves as a plain record (a turn pair a line), checked by the engine:
    every move legal, the game not over."""
    from tafl_core.bridge import Session
    moves = [SHUTTLE[i % 4] for i in range(n)]
    text = "\n".join(" ".join(moves[i:i + 2]) for i in range(0, n, 2)) + "\n"
    r = Session((ROOT / "variants_src" / SLUG / "rules.toml").read_text(encoding="utf-8")).import_record(text)
    assert r["ok"] and len(r["state"]["history"]) == n and r["state"]["result"] is None, r.get("error")
    return text


def sent_since(page, mark: int) -> list[dict]:
    return page.evaluate("(k) => window.__sent.slice(k)", mark)


def current(page) -> int:
    return int(page.get_attribute(f'{LIST} button[aria-current="step"]', "data-goto"))


def press_in_list(page, ply: int, key: str) -> None:
    page.focus(f'{LIST} button[data-goto="{ply}"]')
    page.keyboard.press(key)
    page.wait_for_timeout(50)
    wait_idle(page)


def test_a_long_record_is_sent_once_and_steps_carry_no_moves(context, server, board_pages):
    text = shuttle_record(N)
    page = context.new_page()
    page.add_init_script(SPY)
    bp = BoardPage(page, server)
    try:
        bp.open(board_pages[(SLUG, "en")])
        page.click('#board [data-record="import"]')
        # pasted: a record this long is held by the board and said, never put in the field
        page.evaluate(PASTE, text)
        assert page.eval_on_selector('#board [data-role="import-text"]', "e => e.value") == ""
        said = page.eval_on_selector('#board [data-role="import-message"]', "e => e.hidden ? '' : e.textContent")
        assert f"{len(text):,}" in said and "Import" in said, said
        mark = page.evaluate("() => window.__sent.length")
        page.click('#board [data-record="import-run"]')
        page.wait_for_timeout(50)
        wait_idle(page)

        # the whole game came once, in parts no longer than LINE_PART
        sent = sent_since(page, mark)
        parts = [m for m in sent if m["part"]]
        assert len(parts) >= N // LINE_PART - 1 and all(0 < m["plies"] <= LINE_PART for m in sent if m["part"])
        assert sum(m["plies"] for m in sent) == N
        assert bp.page.eval_on_selector("#board", "b => b.tbBoard.st.history.length") == N

        # the move list: a window of rows at the end, the last move current
        window = page.get_attribute(LIST, "data-window")
        assert window is not None
        lo, hi = map(int, window.split("-"))
        assert hi == N and 0 < hi - lo < 1000
        assert current(page) == N
        assert page.eval_on_selector_all(f"{LIST} button[data-goto]", "els => els.length") == hi - lo

        # a step back, Undo, Redo, a step forward: the position moves, no answer carries a move
        mark = page.evaluate("() => window.__sent.length")
        press_in_list(page, N, "ArrowLeft")
        assert current(page) == N - 1
        bp.action("undo")
        assert current(page) == N - 2
        bp.action("redo")
        assert current(page) == N - 1
        press_in_list(page, N - 1, "ArrowRight")
        assert current(page) == N
        press_in_list(page, N, "Home")
        assert page.get_attribute(LIST, "data-window").startswith("0-")
        assert page.eval_on_selector("#board", "b => b.tbBoard.st.cursor") == 0
        page.focus(f"{LIST} button[data-goto]")
        page.keyboard.press("End")
        page.wait_for_timeout(50)
        wait_idle(page)
        assert current(page) == N
        steps = sent_since(page, mark)
        assert steps and all(m["plies"] == 0 for m in steps), steps

        # back two plies (the attacker on a3, the defender on e3) and another move: that move only
        bp.action("undo")
        bp.action("undo")
        mark = page.evaluate("() => window.__sent.length")
        bp.move("a3", "a2")
        played = [m["plies"] for m in sent_since(page, mark)]
        assert sum(played) == 1, played
        assert bp.page.eval_on_selector("#board", "b => [b.tbBoard.st.cursor, b.tbBoard.st.future.length]") == [N - 1, 0]
        assert bp.moves()[-1].startswith("a3-a2")
        assert not bp.errors, bp.errors
    finally:
        page.close()


def test_a_long_pasted_record_refused_comes_back_into_the_field_at_its_bad_line(open_board):
    # 10,000 moves (60,000 characters: held, not shown) whose last is not legal: the defender on
    # e4 blocks e3-e5 (Brandub's start), so the engine refuses the record at its last line
    n = 10_000
    good = shuttle_record(n)
    lines = good.splitlines()
    lines[-1] = "a3-a4 e3-e5"
    text = "\n".join(lines) + "\n"
    bp = open_board(SLUG, "en")
    page = bp.page
    before = page.eval_on_selector("#board", "b => b.tbBoard.st.cursor")
    page.click('#board [data-record="import"]')
    page.evaluate(PASTE, text)
    assert page.eval_on_selector('#board [data-role="import-text"]', "e => e.value") == ""
    page.click('#board [data-record="import-run"]')
    page.wait_for_timeout(50)
    wait_idle(page)
    assert page.eval_on_selector("#board", "b => b.tbBoard.st.cursor") == before, "the game stays as it was"
    field = page.eval_on_selector('#board [data-role="import-text"]',
                                  "e => [e.value, e.value.slice(e.selectionStart, e.selectionEnd)]")
    assert field == [text, "a3-a4 e3-e5"]
    said = page.eval_on_selector('#board [data-role="import-message"]', "e => e.textContent")
    assert "not imported" in said
