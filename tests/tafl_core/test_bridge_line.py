"""State answers by changes (notes/CONTRACTS.md, "State answers by changes"): a board that
asks with ``have`` keeps its own copy of the game's moves and gets only what changed. The
copy, built from the answers alone, must equal at every step the whole state a dispatcher
asked without ``have`` gives for the same commands (the slow, obviously correct reference),
and Undo, Redo and ``goto`` must carry no entry however long the game."""

from __future__ import annotations

import json
import random

from tafl_core.bridge import Dispatcher
from tafl_core.bridge_line import PENDING_KEY

from .helpers import REPO

BRANDUB = (REPO / "variants_src" / "brandub-nielsen" / "rules.toml").read_text(encoding="utf-8")
BERSERK = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
#: A shuttle that takes nothing and never ends the game under Brandub (Nielsen)'s rules
#: (repetition without consequence): the attacker a4-a3, the defender d3-e3, and back.
SHUTTLE = ["a4-a3", "d3-e3", "a3-a4", "e3-d3"]


def state_of(answer: dict) -> dict:
    result = answer["result"]
    return result["state"] if "state" in result else result


class Board:
    """The page's side: the held copy {seq, line}, changed by each answer as engine.js does."""

    def __init__(self):
        self.seq, self.line = 0, []

    def apply(self, st: dict) -> dict:
        frm = st["line_from"]
        assert 0 <= frm <= len(self.line)
        if frm:
            assert st["line_base"] == self.seq, "a change applies to the copy held"
        self.line = self.line[:frm] + st["line"]
        assert len(self.line) == st["line_length"]
        self.seq = st["line_seq"]
        return {"history": self.line[:st["cursor"]], "future": [p["move"] for p in self.line[st["cursor"]:]],
                "future_plies": self.line[st["cursor"]:]}


def both(cmd: str, by_changes: Dispatcher, whole: Dispatcher, board: Board, **args) -> tuple[dict, dict]:
    """Run `cmd` on both dispatchers; the changed answer's state (as sent) and the whole one."""
    got = json.loads(by_changes.call(cmd, json.dumps(args), board.seq))
    want = json.loads(whole.call(cmd, json.dumps(args)))
    assert ("error" in got) == ("error" in want), (cmd, got, want)
    if "error" in got:
        return None, None
    return state_of(got), state_of(want)


def check_same(sent: dict, want: dict, board: Board) -> None:
    assert "history" not in sent and PENDING_KEY not in sent
    rebuilt = board.apply(dict(sent))
    assert rebuilt["history"] == want["history"]
    assert rebuilt["future"] == want["future"]
    # the copy's later plies are whole entries; the whole state's future_plies a part of them
    for ply, part in zip(rebuilt["future_plies"], want["future_plies"], strict=True):
        assert {k: ply[k] for k in part} == part
    rest = {k: v for k, v in want.items() if k not in ("history", "future", "future_plies")}
    assert {k: sent[k] for k in rest} == rest


def test_random_commands_keep_the_copy_equal_to_the_whole_state():
    rng = random.Random(7)
    for rules in (BRANDUB, BERSERK):
        a, b, board = Dispatcher(), Dispatcher(), Board()
        check_same(*both("session", a, b, board, rules_toml=rules), board)
        for _ in range(300):
            whole = state_of(json.loads(b.call("state", "{}")))
            total = whole["cursor"] + len(whole["future"])
            r = rng.random()
            if r < 0.45 and whole["movable"]:
                sq = rng.choice(whole["movable"])
                targets = json.loads(b.call("targets", json.dumps({"square": sq})))["result"]
                move = f"{sq}-{rng.choice(targets)}" if targets else "end"
                pair = both("play", a, b, board, move=move)
            elif r < 0.6:
                pair = both("undo", a, b, board)
            elif r < 0.7:
                pair = both("redo", a, b, board)
            elif r < 0.95:
                pair = both("goto", a, b, board, ply=rng.randint(0, total))
            else:
                pair = both("new_game", a, b, board, rules_toml=rules, moves=[])
            if pair[0] is not None:
                check_same(*pair, board)


def test_steps_through_a_long_game_carry_no_entry():
    a, b, board = Dispatcher(), Dispatcher(), Board()
    check_same(*both("session", a, b, board, rules_toml=BRANDUB), board)
    sent, want = both("play_all", a, b, board, moves=[SHUTTLE[i % 4] for i in range(2000)])
    assert sent["line_from"] == 0 and len(sent["line"]) == 2000
    check_same(sent, want, board)
    for cmd, args in (("undo", {}), ("goto", {"ply": 0}), ("redo", {}), ("goto", {"ply": 1999}),
                      ("goto", {"ply": 2000}), ("state", {})):
        sent, want = both(cmd, a, b, board, **args)
        assert sent["line"] == [] and sent["line_from"] == 2000, cmd
        check_same(sent, want, board)
    # a move after Undo: the line from that ply on (the one new move)
    both("goto", a, b, board, ply=1000)
    sent, want = both("play", a, b, board, move="b4-b3")
    assert (sent["line_from"], len(sent["line"]), sent["line_length"]) == (1000, 1, 1001)
    check_same(sent, want, board)


def test_have_zero_sends_the_whole_line_again():
    a = Dispatcher()
    a.call("session", json.dumps({"rules_toml": BRANDUB}), 0)
    first = state_of(json.loads(a.call("play_all", json.dumps({"moves": SHUTTLE}), 0)))
    again = state_of(json.loads(a.call("state", "{}", 0)))
    assert again["line_from"] == 0 and [p["move"] for p in again["line"]] == SHUTTLE
    assert again["line_seq"] > first["line_seq"], "a number never names two different lines"


def test_without_have_states_are_whole():
    d = Dispatcher()
    st = json.loads(d.call("session", json.dumps({"rules_toml": BRANDUB})))["result"]
    assert st["history"] == [] and "line" not in st and PENDING_KEY not in st
