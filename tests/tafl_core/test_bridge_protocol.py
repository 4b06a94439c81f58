"""The worker protocol (notes/CONTRACTS.md, "Worker protocol"), its one home: the document's
command table against the commands tafl_core.bridge's dispatcher answers, and the one failure
envelope ``{error, reason: {code, params}}`` with its rule for a result ``{ok: false}``
(a refused move or record) against a rejection (everything else)."""

from __future__ import annotations

import json
import re

import pytest

from tafl_core.bridge import ANSWERS_WITH_STATE, COMMANDS, MAX_MOVES, Dispatcher, Fault
from tafl_core.reasons import Reason

from .helpers import REPO

CONTRACTS = (REPO / "notes" / "CONTRACTS.md").read_text(encoding="utf-8")
BRANDUBH = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")


def protocol_section() -> str:
    start = CONTRACTS.index("### Worker protocol")
    return CONTRACTS[start:CONTRACTS.index("\n## ", start)]


def table_after(header: str) -> list[list[str]]:
    """The rows (cells stripped) of the markdown table that begins with `header` in the section."""
    text = protocol_section()
    lines = text[text.index(header):].splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
    return rows


def documented_commands() -> set[str]:
    """The commands of the document's table: every `name` in its first column (one row may name
    several, `state` / `undo` / `redo`), without the worker's own `init`."""
    names = set()
    for row in table_after("| command | args | result |"):
        names.update(re.findall(r"`([a-z_]+)`", row[0]))
    return names - {"init"}


def dispatched_commands() -> set[str]:
    """The command names of the dispatcher's one table (tafl_core.bridge.COMMANDS)."""
    return set(COMMANDS)


def call(d: Dispatcher, cmd: str, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def test_the_documented_commands_are_the_dispatchers():
    assert documented_commands() == dispatched_commands()


def test_every_documented_command_is_known_to_the_dispatcher():
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    for cmd in sorted(documented_commands()):
        out = call(d, cmd)
        if "reason" in out and "result" not in out:
            assert out["reason"]["code"] != Fault.UNKNOWN_COMMAND, cmd


def test_every_failure_code_is_documented():
    """The codes that are no Reason: every bridge Fault, worker.js's and engine.js's own."""
    documented = {re.sub(r"`", "", row[0]) for row in table_after("| code | from | params | failed because |")}
    worker = (REPO / "docs" / "assets" / "board" / "worker.js").read_text(encoding="utf-8")
    engine = (REPO / "docs" / "assets" / "board" / "engine.js").read_text(encoding="utf-8")
    codes = re.search(r"const WORKER_CODES = \{([^}]*)\}", worker).group(1)
    own = set(re.findall(r'"([a-z_]+)"', codes)) | set(re.findall(r'(?:WORKER_FAILED|LINE_OUT_OF_STEP) = "([a-z_]+)"', engine))
    assert documented == {str(f) for f in Fault} | own
    assert not documented & {str(r) for r in Reason}, "a fault code is no refusal code"


def envelope(out: dict) -> dict:
    """`out` must be exactly the failure envelope; its reason."""
    assert set(out) == {"error", "reason"}, out
    assert isinstance(out["error"], str) and out["error"] and "\n" not in out["error"]
    assert set(out["reason"]) == {"code", "params"} and isinstance(out["reason"]["params"], dict)
    return out["reason"]


@pytest.mark.parametrize("cmd,args,code", [
    ("state", {}, "no_session"),
    ("play", {"move": "d1-d3"}, "no_session"),
    ("session", {}, "missing_argument"),
    ("session", {"rules_toml": "not toml ["}, "rules_invalid"),
])
def test_failures_without_a_session_reject_with_a_code(cmd, args, code):
    assert envelope(call(Dispatcher(), cmd, **args))["code"] == code


def test_every_command_but_three_needs_a_session():
    """The document: ``no_session`` answers "a command other than `session`, `new_game`,
    `check_position` before a session"; the table says which need one, and each that does
    rejects with that code."""
    row = next(r for r in table_after("| code | from | params | failed because |") if r[0] == "`no_session`")
    free = set(re.findall(r"`([a-z_]+)`", row[-1]))
    assert free == {name for name, (needs_session, _) in COMMANDS.items() if not needs_session}
    for name in sorted(set(COMMANDS) - free):
        assert envelope(call(Dispatcher(), name))["code"] == "no_session", name


@pytest.mark.parametrize("cmd,args,code", [
    ("no_such_command", {}, "unknown_command"),
    ("start", {"otn": "/7/7/7/7/7/7/7/"}, "no_king"),
    ("targets", {}, "missing_argument"),
    ("goto", {"ply": 99}, "bad_ply"),
    ("search_step", {}, "no_search"),
    ("export_record", {"format": "pgn"}, "bad_argument"),
    ("play_all", {"moves": "d1-d3"}, "not_a_move_list"),
    ("play_all", {"moves": ["d4-d5"] * (MAX_MOVES + 1)}, "too_many_moves"),
    ("new_game", {"rules_toml": BRANDUBH, "moves": ["d4-d5"] * (MAX_MOVES + 1)}, "too_many_moves"),
    ("new_game", {"rules_toml": BRANDUBH, "otn": "/7/7/7/7/7/7/7/"}, "no_king"),
])
def test_every_failure_but_a_refused_move_or_record_rejects_with_the_envelope(cmd, args, code):
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    assert envelope(call(d, cmd, **args))["code"] == code
    assert call(d, "state")["result"]["cursor"] == 0, "the game is as it was"


def test_unknown_command_names_it():
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    assert call(d, "jump") == {"error": "unknown command jump",
                               "reason": {"code": "unknown_command", "params": {"command": "jump"}}}


def test_arguments_that_are_no_json_object_reject():
    d = Dispatcher()
    assert envelope(json.loads(d.call("state", "[1]")))["code"] == "bad_request"
    assert envelope(json.loads(d.call("state", "not json")))["code"] == "bad_request"


def test_a_fault_of_the_engine_is_one_line_with_its_traceback_as_a_param(monkeypatch):
    def broken(self, cmd, a):
        raise KeyError("first line\nsecond line")
    monkeypatch.setattr(Dispatcher, "_run", broken)
    why = envelope(call(Dispatcher(), "state"))
    assert why["code"] == "engine_fault" and "KeyError" in why["params"]["detail"]


@pytest.mark.parametrize("cmd,args,code", [
    # Brandubh's layout: attackers on d1 d2, a defender on d3; after d2-c2 the defender on d3
    # cannot stop on d1, where the attacker stands
    ("play", {"move": "d1-d3"}, "occupied"),
    ("play_all", {"moves": ["d2-c2", "d3-d1"]}, "occupied"),
    ("new_game", {"rules_toml": BRANDUBH, "moves": ["d2-c2", "d3-d1"]}, "occupied"),
    ("import_record", {"text": "1. d1-d3"}, "game_record_illegal"),
])
def test_a_refused_move_or_record_is_the_commands_answer_with_the_state(cmd, args, code):
    assert cmd in ANSWERS_WITH_STATE
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    out = call(d, cmd, **args)
    assert set(out) == {"result"}, out
    r = out["result"]
    assert r["ok"] is False and r["reason"]["code"] == code and isinstance(r["error"], str)
    assert isinstance(r["state"]["history"], list)


def test_only_the_documented_commands_answer_with_ok():
    assert set(ANSWERS_WITH_STATE) == {"play", "play_all", "new_game", "import_record"}
    assert "ANSWERS_WITH_STATE" in protocol_section()
