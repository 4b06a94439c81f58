"""Game records (tafl_core.records): OpenTafl game records and plain move text, written and read
back (every board variant), OpenTafl's own record read, refusals naming the first bad line, and
the same through the bridge; hostile and odd records (byte order mark, lone CR line ends, a
result tag the moves contradict, NUL bytes, look-alike digits, markup in tags) refused at their
line with the current game kept, no hang."""

from __future__ import annotations

import datetime
import json
import random
import tomllib

import pytest

from tafl_core import Game, Move, Position, load_ruleset
from tafl_core.bridge import Dispatcher
from tafl_core.opentafl import ruleset_from_opentafl, to_opentafl
from tafl_core.records import MAX_RECORD_CHARS, RecordError, export_record, import_record, read_record

from .helpers import REPO

BOARD_VARIANTS = sorted(p.parent.name for p in (REPO / "variants_src").glob("*/rules.toml")
                        if "layout" in tomllib.loads(p.read_text(encoding="utf-8")))

# The first turns of the game record OpenTafl ships (saved-games/replays/realgamelog.otg,
# github.com/jslater89/OpenTafl; Copenhagen, aagenielsen.dk 2015), its tags, comments and all.
OPENTAFL_RECORD = """[date:2015.01.07]
[event:Grandmasters' Tournament 2015]
[site:aagenielsen.dk]
[result:-1]
[termination:Black resigns]
[rules:dim:11 atkf:y sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]
[start-comment:This commentary was originally posted on the World Tafl Federation's Facebook page.]

1. d1-d3 h6-h9
[Black starts with d1-d3, a standard opening.|White plays h6-h9.]

2. k4-i4 f8-c8
[|Black moves k4-i4.]

3. d11-d9 e7-e10
4. e11-c11 g7-g10xf10
5. i4-i9 g10-j10
6. g11-g9xh9 f7-b7
7. a8-b8xb7 Kf6-f10
8. g9-g10 j10-h10xg10
"""


def rules(slug):
    return load_ruleset(REPO / "variants_src" / slug)


def random_game(rs, seed, plies=60):
    """A seeded random game of ``plies`` plies (fewer when it ends)."""
    rng = random.Random(seed)
    g = Game(rs)
    for _ in range(plies):
        codes = g.move_codes()
        if not codes:
            break
        m = rng.choice(codes)
        g.play(Move(m >> 10, m & 1023, g.size))   # play(), not the fast path: moves carry their piece
    return g


def same_game(a: Game, b: Game):
    assert b.position() == a.position()
    assert b.to_move == a.to_move
    assert [str(p.move) for p in b.moves_played] == [str(p.move) for p in a.moves_played]
    assert (b.berserk_turn, b.result) == (a.berserk_turn, a.result)


def test_every_board_variant_is_listed():
    assert "copenhagen-hnefatafl" in BOARD_VARIANTS and "york-hnefatafl" not in BOARD_VARIANTS


@pytest.mark.parametrize("slug", BOARD_VARIANTS)
@pytest.mark.parametrize("fmt", ["opentafl", "text"])
def test_round_trip(slug, fmt):
    rs = rules(slug)
    for seed in (1, 2):
        g = random_game(rs, seed)
        text = export_record(g, fmt)
        same_game(g, import_record(rs, text))


def test_round_trip_from_a_set_up_position():
    rs = rules("brandubh")
    g = Game(rs, Position(7, {"d4": "king", "a3": "attacker", "c6": "attacker", "e2": "defender"}), "defenders")
    g.play("e2-e1")
    g.play("a3-a2")
    text = export_record(g)
    assert "[position:/4T2/" not in text and "[position:" in text and "[start-side:defenders]" in text
    same_game(g, import_record(rs, text))


def test_opentafl_record_shape():
    rs = rules("brandubh")
    g = Game(rs)
    for mv in ("d1-b1", "d3-c3", "b1-b2"):
        g.play(mv)
    text = export_record(g, date=datetime.date(2026, 1, 31))
    lines = text.split("\n")
    assert lines[:3] == ["[variant:Brandubh]", "[date:2026.01.31]", "[result:?]"]
    # the rules tag is the last tag (spec: "The rules tag must always be the final tag"), then a blank line
    assert lines[3] == "[rules:" + to_opentafl(rs) + "]" and lines[4] == ""
    assert lines[5:] == ["1. d1-b1 d3-c3", "2. b1-b2", ""]
    assert export_record(g, "text") == "d1-b1 d3-c3\nb1-b2\n"


def test_result_tag_and_king_letter():
    rs = rules("brandubh")
    g = Game(rs, Position(7, {"a4": "king", "e5": "attacker", "f6": "attacker", "d2": "defender"}), "defenders")
    g.play("a4-a1")
    text = export_record(g)
    assert "[result:-1]" in text and "[termination:king_escaped]" in text
    assert text.rstrip().endswith("1. Ka4-a1")
    same_game(g, import_record(rs, text))


def test_reads_opentafls_own_record():
    g = import_record(rules("copenhagen-hnefatafl"), OPENTAFL_RECORD)
    assert len(g.moves_played) == 16
    # g7-g10 took f10, j10-h10 took g10, as the record says (checked while reading)
    assert [len(p.captures) for p in g.moves_played].count(1) == 4
    assert export_record(g).split("\n\n", 1)[1].splitlines()[:8] == [
        "1. d1-d3 h6-h9", "2. k4-i4 f8-c8", "3. d11-d9 e7-e10", "4. e11-c11 g7-g10xf10", "5. i4-i9 g10-j10",
        "6. g11-g9xh9 f7-b7", "7. a8-b8xb7 Kf6-f10", "8. g9-g10 j10-h10xg10"]


@pytest.mark.parametrize("text,code,line", [
    ("1. d1-b1 d3-c3\n2. b1-b2 c3-c2\n3. b2-b9\n", "game_record_move", 3),        # b9 is off the 7x7 board
    ("1. d1-b1 d3-c3\n2. b1-b2 c3-c2\n3. b2-b3 d4-d5\n", "game_record_illegal", 3),  # d5 holds a defender
    ("[variant:Brandubh]\n[date:2026.01.31]\n\n1. d1-b1 d3-c3\n3. b1-b2\n", "game_record_turn", 5),
    ("[variant:Brandubh]\ndate 2026\n", "game_record_turn", 2),
    ("[variant:Brandubh]\n[date 2026]\n", "game_record_tag", 2),
    ("[result:2]\n", "game_record_result", 1),
    ("[rules:dim:11 start:/11/]\n\n1. d1-d2\n", "game_record_board", 1),
    ("[position:/7/7/7/7/7/7/7/]\n\n1. d1-d2\n", "game_record_position", 1),
    ("1. d1-b1 d3-c3xc2\n", "game_record_captures", 1),
    ("\n\n", "game_record_empty", None),
])
def test_refusals_name_the_first_bad_line(text, code, line):
    with pytest.raises(RecordError) as exc:
        import_record(rules("brandubh"), text)
    why = exc.value.refusal
    assert why.code == code
    if line is not None:
        assert why.params["line"] == line
        assert str(exc.value).startswith(f"line {line}:")


def test_bounded_input():
    rs = rules("brandubh")
    with pytest.raises(RecordError) as exc:
        import_record(rs, "d1-b1 " * (MAX_RECORD_CHARS // 6 + 1))
    assert exc.value.refusal.code == "game_record_too_long"
    with pytest.raises(RecordError) as exc:
        import_record(rs, "[x:" + "y" * 30_000 + "]")
    assert exc.value.refusal.code == "game_record_line_too_long" and exc.value.refusal.params["line"] == 1


def call(d, cmd, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def test_bridge_export_and_import():
    toml = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
    d = Dispatcher()
    call(d, "session", rules_toml=toml)
    for mv in ("d1-b1", "d3-c3"):
        call(d, "play", move=mv)
    text = call(d, "export_record", format="opentafl")["result"]["text"]
    assert "1. d1-b1 d3-c3" in text
    assert call(d, "export_record", format="text")["result"]["text"] == "d1-b1 d3-c3\n"
    assert "error" in call(d, "export_record", format="pgn")
    # a refused record keeps the current game
    out = call(d, "import_record", text="1. d1-b1 d3-c3\n2. b1-b9\n")["result"]
    assert out["ok"] is False and out["reason"]["code"] == "game_record_move" and out["reason"]["params"]["line"] == 2
    assert [h["move"] for h in out["state"]["history"]] == ["d1-b1", "d3-c3"]
    out = call(d, "import_record", text="1. d1-c1 e4-e5\n")["result"]
    assert out["ok"] is True and [h["move"] for h in out["state"]["history"]] == ["d1-c1", "e4-e5"]
    out = call(d, "import_record", text=text)["result"]
    assert out["ok"] and [h["move"] for h in call(d, "state")["result"]["history"]] == ["d1-b1", "d3-c3"]


# -- hostile and odd records: a refusal naming the first bad line, the game kept, no hang ------

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

# A defenders-first Fetlar record: the rules tag is OpenTafl's Fetlar string (OpenTafl's
# notation spec, "Rules Records", example "Fetlar: 11x11, defenders go first, all others as
# default") and the moves are those of the Fetlar game Fish - Nasa, 2015 (OpenTafl,
# saved-games/replays/Fish-Nasa-2015-Fetlar.otg, whose tags say [result:-1] and
# [termination:Black resigns]); the comments are written here.
FETLAR_DEFENDERS_FIRST = """[date:2015.05.04]
[result:-1]
[termination:Black resigns]
[rules:dim:11 name:Fetlar atkf:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]

1. h6-h3 h1-h2
[The defenders open on the third rank.|The attackers answer beside it.]

2. f4-h4 g1-j1
[|]

3. h3-i3 h2-i2
4. h4-i4 j1-j3
5. g6-h6 h11-h8
6. g5-g1 i2-i1
[A threat on i2.

A comment of two paragraphs.|]
7. g1-g2 j3-j2
8. e5-e2xf2 d1-d2
9. f5-f2 b6-b3
10. e6-e3 k4-k3
11. d6-d4 d11-d9
12. Kf6-c6 a8-c8
13. Kc6-c1 b3-b1
14. Kc1-c2xd2 b1-b2
15. e3-a3 e1-c1
16. a3-a2xb2
[<b>The attackers resign.</b>]
"""
FETLAR_COMMENTS = {1: "The defenders open on the third rank.", 2: "The attackers answer beside it.",
                   11: "A threat on i2.\n\nA comment of two paragraphs.", 31: "<b>The attackers resign.</b>"}


def test_a_defenders_first_record_is_refused_naming_the_first_move_rule():
    """The site's Fetlar lets the attackers move first (rules.toml first_mover, stated by the
    source, so no switch): the record's first move is refused naming that rule, not only as an
    illegal move."""
    with pytest.raises(RecordError) as exc:
        read_record(rules("fetlar-hnefatafl"), FETLAR_DEFENDERS_FIRST)
    assert exc.value.refusal.as_dict() == {"code": "game_record_rules",
                                           "params": {"line": 6, "move": "h6-h3", "rule": "first_mover"}}
    assert exc.value.rules.as_dict() == {
        "readable": True, "switch": None, "assumptions": [],
        "differ": [{"key": "first_mover", "record": "defenders", "page": "attackers"}]}


def test_a_record_keeps_comments_result_and_termination():
    rec = read_record(rules("fetlar-hnefatafl").with_overrides({"first_mover": "defenders"}), FETLAR_DEFENDERS_FIRST)
    assert len(rec.game.moves_played) == 31 and rec.game.result is None
    assert rec.comments == FETLAR_COMMENTS
    assert rec.result() == {"winner": "defenders", "draw": False, "termination": "Black resigns", "reason": None}
    assert rec.rules.as_dict() == {"readable": True, "differ": [], "switch": None, "assumptions": []}
    assert rec.comment_list()[0] == {"ply": 1, "text": "The defenders open on the third rank."}


def test_comments_and_result_survive_export_and_import():
    rs = rules("fetlar-hnefatafl").with_overrides({"first_mover": "defenders"})
    rec = read_record(rs, FETLAR_DEFENDERS_FIRST)
    text = export_record(rec.game, comments=rec.comments, record_result=(rec.result_tag, rec.termination))
    lines = text.split("\n")
    # OpenTafl's layout: the comment line follows its move line, one part per move of the line
    at = lines.index("1. h6-h3 h1-h2")
    assert lines[at + 1] == "[The defenders open on the third rank.|The attackers answer beside it.]"
    assert lines[lines.index("2. f4-h4 g1-j1") + 1] == "3. h3-i3 h2-i2"
    assert "[result:-1]" in lines and "[termination:Black resigns]" in lines
    again = read_record(rs, text)
    assert again.comments == FETLAR_COMMENTS and again.result() == rec.result()
    same_game(rec.game, again.game)


def test_opentafls_own_record_keeps_its_comments_and_start_comment():
    """OpenTafl's realgamelog.otg: a start-comment tag, "[first|second]" and "[|second]" lines."""
    rec = read_record(rules("copenhagen-hnefatafl"), OPENTAFL_RECORD)
    assert rec.comments == {
        0: "This commentary was originally posted on the World Tafl Federation's Facebook page.",
        1: "Black starts with d1-d3, a standard opening.", 2: "White plays h6-h9.", 4: "Black moves k4-i4."}
    assert rec.result() == {"winner": "defenders", "draw": False, "termination": "Black resigns", "reason": None}
    # Its rules string has no tfr: OpenTafl's default draws on repetition; the site's Copenhagen
    # has the defenders lose on it (stated, so there is no switch).
    assert rec.rules.as_dict() == {"readable": True, "switch": None, "assumptions": [],
                                   "differ": [{"key": "repetition", "record": "draw", "page": "loss_defenders"}]}
    text = export_record(rec.game, comments=rec.comments)
    # Written under OpenTafl's nearest rules (tfr:w, the repeating side loses), the start comment
    # keeps the record's own text and names the rule written otherwise, once however often the
    # record goes round; read back here, the rules are the page's and the note goes.
    note = ("Tafl-Kompendium: Copenhagen Hnefatafl is written under OpenTafl's nearest rules, under which these "
            "moves play the same; it differs in repetition (here loss_defenders, written loss_repeater).")
    assert ("[start-comment:This commentary was originally posted on the World Tafl Federation's Facebook page. "
            + note + "]") in text
    again = read_record(rules("copenhagen-hnefatafl"), text)
    assert again.comments == rec.comments
    assert again.rules.as_dict() == {"readable": True, "differ": [], "switch": None, "assumptions": []}
    assert export_record(again.game, comments=again.comments) == text
    # under other rules the note is the record's comment like any other
    other = read_record(rules("copenhagen-relaxed-shieldwall"), text.replace(
        "[variant:Copenhagen Hnefatafl]\n", ""))
    assert other.comments[0] == rec.comments[0] + " " + note


def test_a_comment_is_plain_text_and_cannot_break_the_record_it_is_written_into():
    g = Game(rules("brandubh"))
    g.play("d1-b1")
    text = export_record(g, comments={1: "a ] b | c [d"})
    assert text.endswith("1. d1-b1\n[a ) b / c [d]\n")
    assert read_record(rules("brandubh"), text).comments == {1: "a ) b / c [d"}


def test_comment_parts_go_to_the_moves_of_the_line_before_in_order():
    rec = read_record(rules("brandubh"), "1. d1-b1 d3-c3\n[|on d3-c3]\n2. b1-b2\n[on b1-b2|more on b1-b2]\n")
    assert rec.comments == {2: "on d3-c3", 3: "on b1-b2\nmore on b1-b2"}


@pytest.mark.parametrize("text,code,line", [
    ("1. d1-b1 d3-c3\n[never closed\n\n2. b1-b2\n", "game_record_comment", 2),
    ("1. d1-b1 d3-c3\n[" + "x" * 10_001 + "]\n", "game_record_comment", 2),
    ("1. d1-b1 d3-c3\n[" + "x" * 6_000 + "\n" + "x" * 6_000 + "|]\n", "game_record_comment", 2),
    ("1. d1-b1 d3-c3\n[first] d1-d2\n", "game_record_tag", 2),
])
def test_comment_bounds_and_faults_name_their_line(text, code, line):
    with pytest.raises(RecordError) as exc:
        read_record(rules("brandubh"), text)
    assert exc.value.refusal.code == code and exc.value.refusal.params["line"] == line


def test_comment_bounds_are_the_limits_module_s():
    from tafl_core import limits, records
    assert (records.MAX_COMMENT_CHARS, records.MAX_RECORD_COMMENTS) == (limits.MAX_COMMENT_CHARS,
                                                                        limits.MAX_RECORD_COMMENTS) == (10_000, 10_000)


@pytest.mark.parametrize("text", [
    "[variant:Brandubh]\n[date:2026.01.31]\n[result:?]\n",
    "1.\n2.\n3.\n",
    "[variant:Brandubh]\n\n1.\n[a comment on nothing]\n",
])
def test_a_record_without_a_move_is_refused_like_empty_text(text):
    with pytest.raises(RecordError) as exc:
        read_record(rules("brandubh"), text)
    assert exc.value.refusal.code == "game_record_empty"
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    call(d, "play", move="d1-b1")
    out = call(d, "import_record", text=text)["result"]
    assert out["ok"] is False and out["reason"]["code"] == "game_record_empty"
    assert [h["move"] for h in call(d, "state")["result"]["history"]] == ["d1-b1"]


def test_a_record_under_an_assumed_rule_s_alternative_offers_the_switch():
    """Smith's Tablut (variants_src/tablut-smith/rules.toml): who moves first is assumed
    (attackers), with the defenders as the alternative; a defenders-first record is refused
    naming the rule and offers that switch, under which it reads."""
    page = rules("tablut-smith")
    g = Game(page.with_overrides({"first_mover": "defenders"}))
    for mv in ("e3-d3", "d1-d2", "d3-c3"):
        g.play(mv)
    text = export_record(g)
    assert "atkf:n" in text
    with pytest.raises(RecordError) as exc:
        read_record(page, text)
    assert exc.value.refusal.params == {"line": 6, "move": "e3-d3", "rule": "first_mover"}
    assert exc.value.rules.as_dict() == {
        "readable": True, "switch": {"first_mover": "defenders"}, "assumptions": ["first_mover"],
        "differ": [{"key": "first_mover", "record": "defenders", "page": "attackers"}]}
    same_game(g, read_record(page.with_overrides(exc.value.rules.switch), text).game)


def test_a_record_whose_moves_play_here_is_read_and_its_rules_difference_reported():
    """Brandubh (variants_src/brandubh/rules.toml) assumes encirclement wins, with "no" as the
    alternative; a record from rules without it (OpenTafl surf:n) whose moves play here too is
    read, saying what differs and which switch plays it as recorded."""
    page = rules("brandubh")
    g = Game(page.with_overrides({"encirclement": False}))
    g.play("d1-b1")
    g.play("d3-c3")
    rec = read_record(page, export_record(g))
    assert "surf:n" in export_record(g)
    assert [str(p.move) for p in rec.game.moves_played] == ["d1-b1", "d3-c3"]
    assert rec.rules.as_dict() == {"readable": True, "switch": {"encirclement": False}, "assumptions": ["encirclement"],
                                   "differ": [{"key": "encirclement", "record": False, "page": True}]}


def test_the_page_s_own_rules_and_an_unreadable_rules_tag_differ_in_nothing_said():
    page = rules("brandubh")
    g = Game(page)
    g.play("d1-b1")
    assert read_record(page, export_record(g)).rules.as_dict() == {"readable": True, "differ": [], "switch": None, "assumptions": []}
    # linc:y (Linnaean capture) is an OpenTafl rule this engine does not play
    tag = to_opentafl(page).replace(" start:", " linc:y start:")
    rec = read_record(page, f"[rules:{tag}]\n\n1. d1-b1\n")
    assert rec.rules.as_dict() == {"readable": False, "differ": [], "switch": None, "assumptions": []}


def test_bridge_import_answer_carries_comments_result_and_rules():
    d = Dispatcher()
    toml = (REPO / "variants_src" / "fetlar-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    call(d, "session", rules_toml=toml)
    out = call(d, "import_record", text=FETLAR_DEFENDERS_FIRST)["result"]
    assert out["ok"] is False and out["reason"]["code"] == "game_record_rules"
    assert out["rules"]["differ"] == [{"key": "first_mover", "record": "defenders", "page": "attackers"}]
    call(d, "session", rules_toml=toml, overrides={"first_mover": "defenders"})
    out = call(d, "import_record", text=FETLAR_DEFENDERS_FIRST)["result"]
    assert out["ok"] is True
    assert out["comments"] == [{"ply": p, "text": t} for p, t in sorted(FETLAR_COMMENTS.items())]
    assert out["result"] == {"winner": "defenders", "draw": False, "termination": "Black resigns", "reason": None}
    assert out["rules"] == {"readable": True, "differ": [], "switch": None, "assumptions": []}
    text = call(d, "export_record")["result"]["text"]
    assert "[The defenders open on the third rank.|The attackers answer beside it.]" in text
    assert "[result:-1]" in text and "[termination:Black resigns]" in text
    # taking back the last move drops its comment and the record's result, keeps the others
    call(d, "undo")
    text = call(d, "export_record")["result"]["text"]
    assert "<b>The attackers resign.</b>" not in text and "[result:?]" in text
    assert "[A threat on i2.\n\nA comment of two paragraphs.|]" in text


def test_every_record_read_keeps_its_comments_and_result_over_export():
    """Records built at random from pieces (comments open, closed, split, over lines; result and
    termination tags): every one that is read comes back from its export with the same moves,
    the same comments on the moves and the same result."""
    pool = ["[", "]", "[a|b]", "[|", "|]", "1. d1-b1 d3-c3", "2. b1-b2 c3-c2", "3. b2-b3", "[result:-1]",
            "[result:0]", "[termination:Black resigns]", "x]y", "[c] ", "", "[x|y|z|w]", "[p\nq|r]", "[[|", "]]"]
    rng = random.Random(2)
    rs = rules("brandubh")
    read = 0
    for _ in range(1000):
        text = "\n".join(rng.choice(pool) for _ in range(rng.randint(0, 8)))
        try:
            rec = read_record(rs, text)
        except RecordError:
            continue
        again = read_record(rs, export_record(rec.game, comments=rec.comments,
                                              record_result=(rec.result_tag, rec.termination)))
        read += 1
        same_game(rec.game, again.game)
        assert again.comments == rec.comments and again.result() == rec.result()
    assert read > 10


def test_a_set_up_position_without_moves_is_read_back():
    # The board exports a position built in the editor before any move is played; importing that
    # record gives the position, with the side to move it names (records.py: the position tag).
    rs = load_ruleset(REPO / "variants_src" / "brandubh")
    pos = Position.from_otn("/3t3/7/3T3/t1TK1tt/3T3/3t3/3t3/")
    game = Game(rs, pos, "defenders")
    back = import_record(rs, export_record(game, "opentafl"))
    assert back.position() == pos and back.to_move == "defenders" and back.moves_played == []


@pytest.mark.parametrize("digits", [4301, 5000, 19_000])
def test_a_board_size_of_thousands_of_digits_is_refused_at_its_line(digits):
    """A ``dim`` longer than Python's int-conversion limit (4,300 digits) is a board size like any
    other wrong one: ``game_record_board`` naming the tag's line (worded by the page from its own
    tables), never Python's ValueError text; the bridge keeps the current game."""
    text = f"[variant:Brandubh]\n[rules:dim:{'7' * digits} start:/7/]\n\n1. d1-d3\n"
    with pytest.raises(RecordError) as exc:
        read_record(rules("brandubh"), text)
    out = exc.value.refusal.as_dict()
    assert out["code"] == "game_record_board" and out["params"]["line"] == 2 and out["params"]["board"] == 7
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    answer = call(d, "import_record", text=text)["result"]
    assert answer["ok"] is False and answer["reason"]["code"] == "game_record_board"
    assert answer["reason"]["params"]["line"] == 2


def test_a_board_size_with_leading_zeros_is_the_same_size():
    # "dim:07" names seven squares (OpenTafl reads dim with Integer.parseInt, which allows them).
    assert [str(p.move) for p in import_record(rules("brandubh"), "[rules:dim:07]\n\n1. d1-b1\n").moves_played] == ["d1-b1"]


def _brandubh_custodial_king_tag() -> str:
    """Brandubh's rules string with OpenTafl's custodial king (``ks:w``, ks:c being the page's
    king taken on four sides on or beside the throne, else two): the record differs from the page
    in the king's capture only, as OpenTafl reads it; the page's assumption box has that switch
    (variants_src/brandubh/rules.toml: king_capture assumed, alternative custodial)."""
    tag = to_opentafl(rules("brandubh"))
    assert " ks:c " in tag
    return tag.replace(" ks:c ", " ks:w ")


def test_a_record_differing_only_in_the_king_s_capture_is_offered_that_switch():
    page = rules("brandubh")
    rec = read_record(page, f"[rules:{_brandubh_custodial_king_tag()}]\n\n1. d1-b1 d3-c3\n")
    assert rec.rules.as_dict() == {"readable": True, "switch": {"king_capture": "custodial"}, "assumptions": ["king_capture"],
                                   "differ": [{"key": "king_capture", "record": "custodial", "page": "throne_graded"}]}
    assert "king_capture" in {a.key for a in page.assumptions()}


def test_a_king_captured_on_two_sides_is_refused_here_and_offered_the_switch_that_reads_it():
    """A seeded random game under the record's rules ending with the king taken between two
    attackers (the last move a4-c4, a capture the page's graded king capture does not make):
    refused under the page's rules naming that rule, with the switch under which it reads."""
    page = rules("brandubh")
    tag = _brandubh_custodial_king_tag()
    other = ruleset_from_opentafl(tag)
    rng = random.Random(20)
    g = Game(other)
    while not g.result:
        codes = g.move_codes()
        m = rng.choice(codes)
        g.play(Move(m >> 10, m & 1023, g.size))
    assert g.result.reason == "king_captured" and g.moves_played[-1].captures[0].reason == "king_custodial"
    text = export_record(g)
    assert f"[rules:{tag}]" in text
    with pytest.raises(RecordError) as exc:
        read_record(page, text)
    assert exc.value.refusal.code == "game_record_rules" and exc.value.refusal.params["rule"] == "king_capture"
    assert exc.value.rules.switch == {"king_capture": "custodial"}
    same_game(g, read_record(page.with_overrides(exc.value.rules.switch), text).game)


def test_an_imported_game_ended_by_its_record_is_over_on_the_board():
    """A record whose result tag ends the game where its moves do not (the attackers resign:
    ``[result:-1]``, opentafl-notation-spec.txt "Game Records") is over at the position read: the
    state's result says so with the record's termination, no piece may move, a move is refused
    as the game being over; Undo leaves that position and the game runs on, Redo comes back to
    the end."""
    d = Dispatcher()
    toml = (REPO / "variants_src" / "fetlar-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    call(d, "session", rules_toml=toml, overrides={"first_mover": "defenders"})
    out = call(d, "import_record", text=FETLAR_DEFENDERS_FIRST)["result"]
    assert out["ok"] is True
    st = out["state"]
    assert st["result"] == {"winner": "defenders", "reason": "record", "rule": None, "ref": None, "assumed": False,
                            "termination": "Black resigns"}
    assert st["movable"] == [] and st["stuck"] is False and st["can_undo"] is True
    assert call(d, "targets", square="c1")["result"] == []
    refused = call(d, "play", move="c2-c3")["result"]
    assert refused["ok"] is False and refused["reason"]["code"] == "game_over"
    back = call(d, "undo")["result"]
    assert back["result"] is None and back["movable"]
    assert call(d, "redo")["result"]["result"]["reason"] == "record"


@pytest.mark.parametrize("tag,winner", [("0", None), ("1", "attackers")])
def test_a_result_tag_ends_the_imported_game_as_it_says(tag, winner):
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    st = call(d, "import_record", text=f"[result:{tag}]\n\n1. d1-b1 d3-c3\n")["result"]["state"]
    assert st["result"]["winner"] == winner and st["result"]["reason"] == "record" and st["movable"] == []


def test_an_open_result_leaves_the_imported_game_running():
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    st = call(d, "import_record", text="[result:?]\n[termination:adjourned]\n\n1. d1-b1 d3-c3\n")["result"]["state"]
    assert st["result"] is None and st["movable"]


def test_opentafls_nearest_rules_from_elsewhere_are_compared_like_any_other():
    """The same rules string without the site's note (a record OpenTafl wrote under tfr:w) is
    compared with the page's rules: Copenhagen's repetition rule differs."""
    page = rules("copenhagen-hnefatafl")
    g = Game(page)
    g.play("d1-d3")
    text = export_record(g)
    foreign = "\n".join(line for line in text.splitlines() if not line.startswith("[start-comment:")) + "\n"
    assert read_record(page, text).rules.differ == []
    assert read_record(page, foreign).rules.differ == [
        {"key": "repetition", "record": "loss_repeater", "page": "loss_defenders"}]
