"""The board's analysis stepping and game records through the bridge (tafl_core.bridge):
`goto(ply)` jumps to the position after any ply of the moves played and taken back, a record
read names where it started (`origin`), a record of another variant is refused, exporting
leaves the game as it was, and the board's size bound of a record is the engine's.

Expected positions are worked out here from the rules texts, not read back from the engine:
Brandubh (variants_src/brandubh/rules.toml) is 7x7, attackers first, its layout

    7 . . . A . . .
    6 . . . A . . .
    5 . . . D . . .
    4 A A D K D A A
    3 . . . D . . .
    2 . . . A . . .
    1 . . . A . . .
      a b c d e f g

and Berserk Hnefatafl (§5.4, berserk = capture, berserk_compulsory = false, assumed) lets the
piece that captured move again with a capturing move.
"""

from __future__ import annotations

import json
import re

import pytest

from tafl_core.bridge import Dispatcher, Session
from tafl_core.limits import MAX_GAME_RECORD_CHARS
from tafl_core.records import same_variant_name

from .helpers import REPO

BRANDUBH = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
COPENHAGEN = (REPO / "variants_src" / "copenhagen-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
BERSERK = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")

BRANDUBH_START = {"d7": "attacker", "d6": "attacker", "a4": "attacker", "b4": "attacker", "f4": "attacker",
                  "g4": "attacker", "d2": "attacker", "d1": "attacker", "d5": "defender", "c4": "defender",
                  "e4": "defender", "d3": "defender", "d4": "king"}
# d1-b1 (attacker), d3-c3 (defender), b1-b2, c3-c2: nothing is taken in these four moves
MOVES = ["d1-b1", "d3-c3", "b1-b2", "c3-c2"]


def moved(pieces: dict, *moves: str) -> dict:
    """`pieces` after the plain moves `moves` (none of them captures)."""
    out = dict(pieces)
    for mv in moves:
        frm, to = mv.split("-")
        out[to] = out.pop(frm)
    return out


def call(d: Dispatcher, cmd: str, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def played_session() -> Session:
    s = Session(BRANDUBH)
    for mv in MOVES:
        assert s.play(mv)["ok"]
    return s


@pytest.mark.parametrize("ply", range(len(MOVES) + 1))
def test_goto_shows_the_position_after_that_ply(ply):
    s = played_session()
    st = s.goto(ply)
    assert st["pieces"] == moved(BRANDUBH_START, *MOVES[:ply])
    assert [h["move"] for h in st["history"]] == MOVES[:ply]
    assert st["future"] == MOVES[ply:]
    assert st["to_move"] == ("attackers" if ply % 2 == 0 else "defenders")


def test_goto_forward_and_back_and_a_new_move_drops_the_future():
    s = played_session()
    s.goto(0)
    st = s.goto(3)   # forward over the moves taken back
    assert [h["move"] for h in st["history"]] == MOVES[:3] and st["future"] == MOVES[3:]
    st = s.goto(1)
    assert st["future"] == MOVES[1:]
    st = s.play("e4-e6")["state"]    # a new move from an earlier position: the rest is dropped
    assert [h["move"] for h in st["history"]] == ["d1-b1", "e4-e6"] and st["future"] == []


@pytest.mark.parametrize("bad", [-1, 5, "2", 1.5, True, None])
def test_goto_refuses_a_ply_outside_the_game(bad):
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    for mv in MOVES:
        call(d, "play", move=mv)
    out = call(d, "goto", ply=bad)
    assert "error" in out and out["error"].startswith("ply must be a whole number from 0 to 4")
    assert [h["move"] for h in call(d, "state")["result"]["history"]] == MOVES   # unchanged


def test_goto_inside_a_berserk_turn():
    """A jump target inside a berserk turn is the position after that step, in the turn:
    attackers c1 c4 f2 h2, defenders c3 e2, king h8; c1-c2 takes c3 (between c2 and c4), then
    the same piece c2-d2 takes e2 (between d2 and f2)."""
    s = Session(BERSERK)
    s.start(_otn({"c1": "t", "c4": "t", "f2": "t", "h2": "t", "c3": "T", "e2": "T", "h8": "K"}), "attackers")
    assert s.play("c1-c2")["ok"] and s.state()["berserk"]["square"] == "c2"
    assert s.play("c2-d2")["ok"]
    st = s.goto(1)
    assert st["berserk"] == {"square": "c2", "can_end": True, "escape": False}
    assert st["to_move"] == "attackers" and st["future"] == ["c2-d2"]
    assert "c3" not in st["pieces"] and st["pieces"]["e2"] == "defender"
    st = s.goto(2)
    assert st["berserk"] is None and st["to_move"] == "defenders" and "e2" not in st["pieces"]


def _otn(letters: dict, size: int = 11) -> str:
    files = "abcdefghijk"
    rows = []
    for r in range(1, size + 1):
        row, run = "", 0
        for f in range(size):
            c = letters.get(files[f] + str(r))
            if not c:
                run += 1
                continue
            row += (str(run) if run else "") + c
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/" + "/".join(rows) + "/"


def test_export_leaves_the_game_as_it_was():
    """Writing a record (which takes the game back to its start and replays it) keeps every
    move's details the board reads (the kind of piece that moved) and the moves to redo."""
    s = played_session()
    s.goto(3)
    before = s.state()
    assert [h["piece"] for h in before["history"]] == ["attacker", "defender", "attacker"]
    s.export_record("opentafl")
    s.export_record("text")
    assert s.state() == before


def test_import_names_the_origin_and_round_trips():
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    for mv in MOVES:
        call(d, "play", move=mv)
    text = call(d, "export_record", format="opentafl")["result"]["text"]
    assert text.startswith("[variant:Brandubh]\n")
    call(d, "session", rules_toml=BRANDUBH)   # a restarted board
    out = call(d, "import_record", text=text)["result"]
    assert out["ok"] is True
    assert out["origin"] == {"otn": "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "to_move": "attackers"}
    assert out["state"]["pieces"] == moved(BRANDUBH_START, *MOVES)
    assert call(d, "origin")["result"] == out["origin"]


def test_import_from_a_set_up_position_names_it_as_origin():
    s = Session(BRANDUBH)
    s.start("/7/4T2/7/3K3/7/2t4/7/", "defenders")   # king d4, defender e2, attacker c6
    s.play("e2-e1")
    text = s.export_record()["text"]
    t = Session(BRANDUBH)
    out = t.import_record(text)
    assert out["ok"] and out["origin"] == {"otn": "/7/4T2/7/3K3/7/2t4/7/", "to_move": "defenders"}


def test_a_record_of_another_variant_is_refused_and_the_game_kept():
    s = played_session()
    s.goto(2)
    before = s.state()
    text = "[variant:Copenhagen Hnefatafl]\n[date:2026.01.31]\n\n1. d1-b1 d3-c3\n"
    out = s.import_record(text)
    assert out["ok"] is False
    assert out["reason"] == {"code": "game_record_variant",
                             "params": {"line": 1, "variant": "Copenhagen Hnefatafl", "board": "Brandubh"}}
    assert out["state"] == before and s.state() == before
    # the same name written otherwise is the same variant
    assert s.import_record(text.replace("Copenhagen Hnefatafl", "BRANDUBH"))["ok"]


@pytest.mark.parametrize("a,b,same", [("Brandubh", "brandubh", True), ("Copenhagen Hnefatafl", "copenhagen-hnefatafl", True),
                                      ("Copenhagen", "Copenhagen Hnefatafl", False), ("Tablut", "Tablut (Linnaeus)", False)])
def test_variant_names(a, b, same):
    assert same_variant_name(a, b) is same


def test_a_garbage_line_names_its_line_and_keeps_the_game():
    s = played_session()
    before = s.state()
    out = s.import_record("[variant:Brandubh]\n\n1. d1-b1 d3-c3\n<script>alert(1)</script>\n")
    assert out["ok"] is False and out["reason"]["code"] == "game_record_turn"
    assert out["reason"]["params"]["line"] == 4
    assert s.state() == before


def test_the_boards_record_bound_is_the_engines():
    """docs/assets/board/records.js refuses a longer paste or file before sending it; its bound is
    tafl_core.limits.MAX_GAME_RECORD_CHARS (the engine checks again)."""
    js = (REPO / "docs" / "assets" / "board" / "records.js").read_text(encoding="utf-8")
    m = re.search(r"export const RECORD_MAX_CHARS = ([0-9_]+);", js)
    assert m and int(m.group(1).replace("_", "")) == MAX_GAME_RECORD_CHARS == 2_000_000
