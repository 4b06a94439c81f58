"""Hostile and odd game records (tafl_core.records.import_record and the bridge's
``import_record``): a clear refusal naming the first bad line, the current game kept, no hang.
Each case is a find of probing the reader (byte order mark, lone CR line ends, a result tag the
moves contradict) or a guard worth keeping (NUL bytes, look-alike digits, markup in tags)."""

from __future__ import annotations

import json

import pytest

from tafl_core import load_ruleset
from tafl_core.bridge import Dispatcher
from tafl_core.records import RecordError, import_record

from .helpers import REPO

CPH = REPO / "variants_src" / "copenhagen-hnefatafl"
RULES = (CPH / "rules.toml").read_text(encoding="utf-8")
RS = load_ruleset(CPH)

# Copenhagen from the layout: the attackers' d1-d3 and the defenders' h6-h9 are legal (both
# paths are empty; the rules' first mover is the attackers, rule 1 of aagenielsen.dk).
TWO = "[variant:Copenhagen Hnefatafl]\n\n1. d1-d3 h6-h9\n"


def refusal(text):
    with pytest.raises(RecordError) as exc:
        import_record(RS, text)
    return exc.value.refusal.as_dict()


@pytest.mark.parametrize("text", [
    "\ufeff" + TWO,                          # a byte order mark (Notepad's UTF-8)
    TWO.replace("\n", "\r\n"),               # Windows line ends
    TWO.replace("\n", "\r"),                 # old Mac line ends: three lines, not one
    "\ufeffd1-d3 h6-h9\r\n",                 # plain move text with both
])
def test_bom_and_line_ends_read_as_the_same_game(text):
    g = import_record(RS, text)
    assert [str(p.move) for p in g.moves_played] == ["d1-d3", "h6-h9"]


def test_lone_cr_line_numbers_are_the_lines_an_editor_shows():
    text = "[variant:Copenhagen Hnefatafl]\r\r1. d1-d3 h6-h9\r2. d3-d1 f6-f5\r"
    assert refusal(text) == {"code": "game_record_illegal", "params": {"line": 4, "move": "f6-f5"}}


@pytest.mark.parametrize("text,code,line", [
    ("1. d1-d3\x00 h6-h9\n", "game_record_move", 1),           # a NUL byte inside a move
    ("1. d１-d3 h6-h9\n", "game_record_move", 1),              # full-width digit one
    ("1. а1-d3\n", "game_record_move", 1),                     # Cyrillic a
    ("١. d1-d3 h6-h9\n", "game_record_turn", 1),               # Arabic-Indic turn number
    ("[rules:dim:１１]\n1. d1-d3\n", "game_record_board", 1),   # full-width board size
    ("1. d1-d3 h6-h9\n2. d3-d1 f6-f5\n", "game_record_illegal", 2),   # f6 is the king's, boxed in
    ("1. d1-d3x\n", "game_record_move", 1),
    ("1. d1-d3x" + "/" * 70 + "\n", "game_record_move", 1),
])
def test_odd_characters_are_refused_at_their_line(text, code, line):
    out = refusal(text)
    assert out["code"] == code and out["params"]["line"] == line


def test_nul_byte_is_shown_escaped():
    assert refusal("1. d1-d3\x00 h6-h9\n")["params"]["text"] == "d1-d3\\x00"


def test_markup_in_a_variant_tag_comes_back_as_plain_text():
    # the page puts params in with textContent; the engine sends the text as it was (shortened)
    out = refusal("[variant:<img src=x onerror=alert(1)>]\n1. d1-d3\n")
    assert out["code"] == "game_record_variant"
    assert out["params"]["variant"] == "<img src=x onerror=alert(1)>"


def test_bounds_refuse_quickly():
    assert refusal("x" * 3_000_000)["code"] == "game_record_too_long"
    assert refusal("1. " + "d1-d3 " * 5000)["code"] == "game_record_line_too_long"
    assert refusal("\n" * 1_999_999)["code"] == "game_record_empty"


# A king escape in Copenhagen (corner escape, aagenielsen.dk rule 6) reached from a position
# record: the king on a2 steps into the corner a1, so the moves end the game for the defenders.
ESCAPE_POS = "/11/K10/11/11/11/4t6/11/11/11/11/11/"    # first row rank 1: king on a2, attacker e6


def escape_record(result):
    return (f"[variant:Copenhagen Hnefatafl]\n[result:{result}]\n[position:{ESCAPE_POS}]\n"
            "[start-side:defenders]\n\n1. a2-a1\n")


def test_result_tag_matching_the_moves_is_read():
    g = import_record(RS, escape_record("-1"))
    assert g.result is not None and g.result.winner == "defenders"
    assert import_record(RS, escape_record("?")).result.winner == "defenders"


@pytest.mark.parametrize("tag", ["1", "0"])
def test_result_tag_contradicting_the_moves_is_refused_at_the_tag(tag):
    # -1 is "defenders won" (opentafl-notation-spec.txt, Game Records); the king escaped
    assert refusal(escape_record(tag)) == {"code": "game_record_result_moves", "params": {"line": 2, "tag": tag}}


def test_result_tag_of_an_unfinished_game_stands():
    # OpenTafl's realgamelog.otg says [result:-1] (Black resigns) with the game not over
    g = import_record(RS, "[result:1]\n" + TWO)
    assert g.result is None and len(g.moves_played) == 2


@pytest.mark.parametrize("text", [
    "[variant:Brandubh]\n1. d1-d3\n",
    "1. d1-d3 h6-h9\n2. d3-d1 f6-f5\n",
    "\x00" * 1000,
    "x" * 3_000_000,
    None,
])
def test_bridge_refusal_keeps_the_current_game(text):
    d = Dispatcher()
    d.call("session", json.dumps({"rules_toml": RULES}))
    d.call("play", json.dumps({"move": "d1-d3"}))
    out = json.loads(d.call("import_record", json.dumps({"text": text})))["result"]
    assert out["ok"] is False and out["reason"]["code"].startswith("game_record_")
    st = json.loads(d.call("state", "{}"))["result"]
    assert st["cursor"] == 1 and st["pieces"].get("d3") == "attacker"


@pytest.mark.parametrize("tok", ["d1-d3x" + "d4/" * 6600, "d1-d3" + "-" * 19_990, "a" * 19_990,
                                 "d1-d3x" + "x" * 19_990, "Kd1" + "1" * 19_990, "d1-d3+" + "+" * 19_990])
def test_one_long_token_is_no_move(tok):
    # a token just under the line bound (20,000): refused as no move, not parsed at length
    assert refusal("1. " + tok + "\n") == {"code": "game_record_move", "params": {"line": 1, "text": tok[:20] + "…"}}
