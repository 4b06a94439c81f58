"""Special pieces, jumps, the commanders' king capture and berserk turns (Berserk Hnefatafl).

Expected values come from the aagenielsen.dk Berserk rules text as far as it is readable
(rule 3: restricted and hostile squares; rule 3b/4b: "the king, the knight and the commanders
may also make a short orthogonal jump over an ordinary enemy piece, landing on an empty square
beyond ... It is not allowed to jump over the king, the knight or the commanders, and the king
can only jump over an ordinary enemy soldier from and to restricted squares"; the knight's
jump captures), and, for the rules that text leaves unreadable here, from OpenTafl's Berserk
tests (CommanderCaptureVictoryTest, CommanderCornerCaptureVictoryTest, JumpCaptureBerserkerTest)
and AbstractPlay's tafl settings, as the variant page says. Boards are the neutral 9x9 test
ruleset of helpers.py (throne e5, corners a1 i1 a9 i9, king-only) with the rules each test names.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tafl_core import Game, IllegalMove, Position, PositionError, Ruleset, RulesFileError, load_ruleset
from tafl_core.bridge import Session
from tafl_core.opentafl import opentafl_refusals, reading, to_opentafl

from .helpers import BASE_TOML, REPO, captured, setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")
ALL_HOSTILE = dict(corner_hostile=["attacker", "defender", "king"], throne_hostile=["attacker"],
                   throne_hostile_empty=["defender", "king"])


def targets(game: Game, square: str) -> set[str]:
    return {str(m).split("-")[1] for m in game.legal_moves(square) if not m.is_end}


# -- jumps (rule 4b) -------------------------------------------------------------------------

def test_commander_jumps_over_an_ordinary_defender_without_taking_it():
    g = setup("K h8; C c3; D c4", **JUMPS)
    assert "c5" in targets(g, "c3")
    played = g.play("c3-c5")
    assert played.jump and played.notation() == "c3^c5"
    assert captured(played) == [] and g.position().pieces["c4"] == "defender"


@pytest.mark.parametrize("over, why", [("K", "not over the king"), ("N", "not over a knight"),
                                       ("A", "over an enemy piece"), ("C", "over an enemy piece")])
def test_no_jump_over_king_knight_commander_or_own_piece(over, why):
    spec = f"K h8; C c3; {over} c4" if over != "K" else "C c3; K c4"
    g = setup(spec, **JUMPS)
    assert "c5" not in targets(g, "c3")
    with pytest.raises(IllegalMove, match=why):
        g.play("c3-c5")


def test_jump_needs_an_empty_landing_square_the_piece_may_stop_on():
    g = setup("K h8; C c3 e3; D c4 e4; A c5", **JUMPS)
    assert "c5" not in targets(g, "c3")          # occupied
    with pytest.raises(IllegalMove, match="may not stop on the throne e5"):
        g.play("e3-e5")                           # the throne is the king's (rule 3)


def test_commander_landing_captures_custodially():
    """"They do not capture by this manoeuvre ... unless they trap an enemy piece between
    themselves and one of their own men": b5 lies between the landed commander and a5."""
    g = setup("K h8; C c3; D c4 b5; A a5", **JUMPS)
    played = g.play("c3-c5")
    assert captured(played) == ["b5"]


def test_knight_jump_takes_the_piece_jumped():
    g = setup("K h8; N c3; A c4", to_move="defenders", **JUMPS)
    played = g.play("c3-c5")
    assert captured(played) == ["c4"] and played.captures[0].reason == "jump"
    assert played.captures[0].rule == "knight_jump"


def test_knight_may_not_jump_a_commander_and_a_plain_jump_takes_nothing():
    g = setup("K h8; N c3 g3; C c4; A g4", to_move="defenders", **{**JUMPS, "knight_jump": "jump"})
    assert "c5" not in targets(g, "c3")
    played = g.play("g3-g5")
    assert captured(played) == [] and g.position().pieces["g4"] == "attacker"


def test_king_jumps_only_from_or_to_a_restricted_square():
    g = setup("K c3; A c4 h8", to_move="defenders", **JUMPS)
    with pytest.raises(IllegalMove, match="only from or to a restricted square"):
        g.play("c3-c5")
    g = setup("K e5; A e6 h8", to_move="defenders", **JUMPS)
    assert "e7" in targets(g, "e5")               # from the throne


def test_king_jump_out_of_the_throne_takes_the_attacker_against_the_empty_throne():
    """OpenTafl JumpCaptureBerserkerTest: "Did the king capture a piece against the restricted
    square it jumped out of?" - the throne is always hostile to the attackers (rule 3)."""
    g = setup("K e5; A e6 h8", to_move="defenders", **JUMPS, **ALL_HOSTILE)
    assert captured(g.play("e5-e7")) == ["e6"]
    g = setup("K e5; A e6 h8", to_move="defenders", **JUMPS)   # throne not hostile: no capture
    assert captured(g.play("e5-e7")) == []


def test_king_jumps_into_a_corner_and_escapes():
    g = setup("K a3; A a2 h8", to_move="defenders", **JUMPS)
    played = g.play("a3-a1")
    assert played.jump and played.result.reason == "king_escaped"


def test_without_jump_rules_nobody_jumps():
    g = setup("K e5; A e6 h8", to_move="defenders")
    with pytest.raises(IllegalMove):
        g.play("e5-e7")


# -- the commanders' king capture (assumed: OpenTafl, AbstractPlay) --------------------------

def test_two_commanders_take_the_king_off_the_throne():
    """OpenTafl CommanderCaptureVictoryTest: the king, moved off the throne, is captured between
    two commanders although the king is otherwise taken only on four sides."""
    g = setup("K c6; C c7 a5", king_capture="four_sides", **JUMPS)
    played = g.play("a5-c5")
    assert captured(played) == ["c6"] and played.result.reason == "king_captured"
    assert played.captures[0].reason == "king_commanders" and played.result.rule == "commander_king_capture"


def test_commander_and_ordinary_attacker_do_not_take_the_king():
    g = setup("K c6; A c7; C a5", king_capture="four_sides", **JUMPS)
    assert captured(g.play("a5-c5")) == []


def test_commanders_do_not_take_the_king_on_the_throne():
    """OpenTafl CommanderCaptureVictoryTest: "sandwich the king on the throne: no capture"."""
    g = setup("K e5; C e6 a4", king_capture="four_sides", **JUMPS)
    assert captured(g.play("a4-e4")) == []


def test_commander_takes_the_king_against_a_hostile_corner():
    """OpenTafl CommanderCornerCaptureVictoryTest: the king beside the corner, on the edge."""
    g = setup("K b1; C c2", king_capture="four_sides", **JUMPS, **ALL_HOSTILE)
    played = g.play("c2-c1")
    assert captured(played) == ["b1"] and played.captures[0].partners[0][1] == "corner"
    g = setup("K b1; C c2", king_capture="four_sides", **JUMPS)   # corner not hostile to the king
    assert captured(g.play("c2-c1")) == []


def test_commander_does_not_take_the_king_against_the_empty_throne():
    """OpenTafl (Taflman.checkSandwichCapture): the king is safe from a commander while the
    throne is on his other side (AbstractPlay would take him; the page names both readings)."""
    g = setup("K d5; C c8", king_capture="four_sides", **JUMPS, **ALL_HOSTILE)
    assert captured(g.play("c8-c5")) == []


def test_commander_king_capture_switched_off():
    g = setup("K c6; C c7 a5", king_capture="four_sides", **{**JUMPS, "commander_king_capture": "none"})
    assert captured(g.play("a5-c5")) == []


# -- berserk turns ---------------------------------------------------------------------------

BERSERK = dict(berserk="capture", berserk_compulsory=False, **JUMPS)
CHAIN = "K h8; A c1 c4 f2 h2; D c3 e2"   # c1-c2 takes c3 (with c4); then c2-d2 takes e2 (with f2)


def test_after_a_capture_the_same_piece_moves_on_while_it_can_capture():
    g = setup(CHAIN, **BERSERK)
    first = g.play("c1-c2")
    assert captured(first) == ["c3"] and first.continues
    assert g.to_move == "attackers" and g.berserker == g.size * 1 + 2
    assert {str(m) for m in g.legal_moves()} == {"c2-d2", "end"}
    with pytest.raises(IllegalMove, match="only the piece on c2"):
        g.play("h2-h3")
    with pytest.raises(IllegalMove, match="captures nothing"):
        g.play("c2-b2")
    second = g.play("c2-d2")
    assert captured(second) == ["e2"] and second.berserk and second.notation() == "c2=d2xe2"
    assert not second.continues and g.to_move == "defenders" and g.berserker == -1


def test_the_player_may_end_a_berserk_turn():
    g = setup(CHAIN, **BERSERK)
    g.play("c1-c2")
    ended = g.play("end")
    assert ended.notation() == "end" and g.to_move == "defenders" and g.position().pieces["e2"] == "defender"
    with pytest.raises(IllegalMove, match="no berserk turn to end"):
        g.play("end")


def test_compulsory_berserk_cannot_be_ended():
    g = setup(CHAIN, **{**BERSERK, "berserk_compulsory": True})
    g.play("c1-c2")
    assert {str(m) for m in g.legal_moves()} == {"c2-d2"}
    with pytest.raises(IllegalMove, match="must go on"):
        g.play("end")


def test_a_capture_without_a_follow_up_capture_ends_the_turn():
    g = setup("K h8; A c1 c4 h2; D c3", **BERSERK)
    played = g.play("c1-c2")
    assert captured(played) == ["c3"] and not played.continues and g.to_move == "defenders"


def test_undo_restores_the_berserk_turn():
    g = setup(CHAIN, **BERSERK)
    start = (g.position(), g.hash, g.to_move)
    g.play("c1-c2")
    mid = (g.position(), g.hash, g.to_move, g.berserker)
    g.play("c2-d2")
    g.undo()
    assert (g.position(), g.hash, g.to_move, g.berserker) == mid
    g.undo()
    assert (g.position(), g.hash, g.to_move) == start and g.berserker == -1
    assert str(g.redo().move) == "c1-c2" and g.berserker >= 0


def test_escape_in_a_berserk_move_only_with_capture_or_escape():
    """AbstractPlay lets the king end a berserk move in a corner without capturing."""
    spec = "K e3; A d1 a8; D c1"                    # e3-e1 takes d1 (with c1); i1 is a corner
    g = setup(spec, to_move="defenders", **BERSERK)
    assert not g.play("e3-e1").continues
    g = setup(spec, to_move="defenders", **{**BERSERK, "berserk": "capture_or_escape"})
    assert g.play("e3-e1").continues
    assert {str(m) for m in g.legal_moves()} == {"e1-i1", "end"}
    assert g.play("e1-i1").result.reason == "king_escaped"


def test_a_knight_jump_capture_starts_a_berserk_turn_with_a_berserk_jump():
    g = setup("K h8; N c3; A c4 c6 h2", to_move="defenders", **BERSERK)
    g.play("c3-c5")                               # takes c4; from c5 it can jump c6 as well
    second = g.play("c5-c7")
    assert second.notation() == "c5^=c7xc6"


# -- positions, rules files, bridge, command line --------------------------------------------

def test_opentafl_records_carry_commanders_and_knights():
    record = "/3ttttt3/5c5/11/t4T4t/t3TTT3t/tc1TTKTT1ct/t3NTT3t/t4T4t/11/5c5/3ttttt3/"
    rs = load_ruleset(REPO / "variants_src" / "berserk-hnefatafl")
    assert rs.layout.to_otn() == record
    assert Position.from_otn(record) == rs.layout
    with pytest.raises(PositionError, match="attacking knight"):
        Position.from_otn(record.replace("N", "n"))
    with pytest.raises(PositionError, match="defending commander"):
        Position.from_otn(record.replace("5c5", "5C5", 1))


def test_berserk_layout_counts():
    """Rule 1: 12 defenders of which one is the knight, 24 attackers of which four commanders."""
    rs = load_ruleset(REPO / "variants_src" / "berserk-hnefatafl")
    assert rs.layout.counts() == {"attacker": 20, "commander": 4, "defender": 11, "knight": 1, "king": 1}
    assert rs.layout.side_counts() == {"attackers": 24, "defenders": 12}
    assert Game(rs).to_move == "attackers"        # rule 2


def test_commander_under_rules_without_commanders_is_refused():
    with pytest.raises(PositionError, match="no commanders"):
        setup("K h8; C c3")


def _toml_with(layout_row: str, extra: str = "") -> str:
    return BASE_TOML.replace("7 . . . . D . . . .", layout_row) + extra


@pytest.mark.parametrize("row, extra, msg", [
    ("7 . . . . D . . C .", "", "rule 'commander_jump' is missing"),
    ("7 . . . . N . . . .", "", "rule 'knight_jump' is missing"),
    ("7 . . . . D . . . .", '\n[rules.knight_jump]\nvalue = "capture"\nref = "5"\n', "applies only when the layout has a knight"),
    ("7 . . . . D . . . .", '\n[rules.berserk]\nvalue = "capture"\nref = "5"\n', "rule 'berserk_compulsory' is missing"),
    ("7 . . . . D . . . .", '\n[rules.king_jump]\nvalue = "sideways"\nref = "5"\n', "'sideways' is not one of none, restricted, free"),
])
def test_rules_file_faults_for_piece_rules(row, extra, msg):
    with pytest.raises(RulesFileError, match=msg):
        Ruleset.from_toml(_toml_with(row, extra), "v/rules.toml")


def test_exit_fort_and_jumps_are_refused_together():
    text = BASE_TOML.replace('[rules.exit_fort]\nvalue = false', '[rules.exit_fort]\nvalue = true') \
        + '\n[rules.king_jump]\nvalue = "restricted"\nref = "5"\n'
    with pytest.raises(RulesFileError, match="exit_fort cannot be combined with king_jump"):
        Ruleset.from_toml(text, "v/rules.toml")


def test_berserk_ruleset_round_trips_and_speaks_opentafl():
    rs = load_ruleset(REPO / "variants_src" / "berserk-hnefatafl")
    again = Ruleset.from_toml(rs.to_toml())
    assert {k: (r.value, r.assumed, r.ref, r.alternative) for k, r in again.rules.items()} == \
           {k: (r.value, r.assumed, r.ref, r.alternative) for k, r in rs.rules.items()}
    # The site's assumed reading (the player may end a berserk move) is not OpenTafl's: OpenTafl
    # keeps the turn while the berserker can capture, so only that alternative is exported.
    assert to_opentafl(rs) is None
    assert [key for key, _ in opentafl_refusals(rs)] == ["berserk_compulsory"]
    record = to_opentafl(rs.with_overrides({"berserk_compulsory": True}))
    # OpenTafl's defaults cj:j and nj:c (RulesSerializer.defaults) are left out, as OpenTafl does.
    read = reading(record)
    assert (read["kj"], read["cj"], read["nj"], read["ber"], read["atkf"]) == ("r", "j", "c", "c", True)
    assert " kj:r " in record and " ber:c " in record and " cj:" not in record


def test_bridge_reports_the_berserk_turn():
    text = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    s = Session(text)
    pos = Position(11, {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                        "c3": "defender", "e2": "defender", "h8": "king"})
    st = s.start(pos.to_otn(), "attackers")
    assert st["berserk"] is None
    r = s.play("c1-c2")
    assert r["ok"] and r["state"]["berserk"] == {"square": "c2", "can_end": True, "escape": False}
    assert r["state"]["movable"] == ["c2"] and s.targets("c2") == ["d2"]
    assert r["state"]["history"][-1]["continues"] is True
    r = s.play("end")
    assert r["ok"] and r["state"]["to_move"] == "defenders" and r["state"]["history"][-1]["move"] == "end"
    r = s.play("end")
    assert not r["ok"] and "no berserk turn" in r["error"]
    assert s.play_all(["undo"])["ok"] is False


def test_command_line_plays_a_berserk_turn():
    pos = Position(11, {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                        "c3": "defender", "e2": "defender", "h8": "king"}).to_otn()
    out = subprocess.run([sys.executable, "-m", "tafl_core", "play", "--variant", "berserk-hnefatafl",
                          "--position", "-", "--to-move", "attackers", "--json", "c1-c2", "end"],
                         input=pos, capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [m["legal"] for m in data["moves"]] == [True, True]
    assert data["moves"][0]["captured"] == ["c3"] and data["to_move"] == "defenders"


@pytest.mark.parametrize("text, move", [
    ("Ne6^=e8xce7/ne9/f8/d8", "e6-e8"),     # OpenTafl spec example: knight berserk jump, captures
    ("ce6^e8", "e6-e8"), ("Ne8=e4xe3", "e8-e4"), ("c3-c5xc4", "c3-c5"), ("k1-k2", "k1-k2"),
])
def test_opentafl_move_records_with_piece_letters_and_jump_marks(text, move):
    from tafl_core import Move
    assert str(Move.parse(text, 11)) == move


def test_bridge_says_when_the_king_may_escape_in_a_berserk_move():
    text = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    s = Session(text, {"berserk": "capture_or_escape"})
    pos = Position(11, {"e3": "king", "d1": "attacker", "c1": "defender", "a8": "attacker"})
    s.start(pos.to_otn(), "defenders")
    st = s.play("e3-e1")["state"]            # takes d1 against c1; k1 is a corner, reachable
    assert st["berserk"] == {"square": "e1", "can_end": True, "escape": True}
    assert "k1" in s.targets("e1")


# -- encirclement with jumping pieces --------------------------------------------------------

def test_encirclement_is_no_win_while_the_knight_can_jump_out():
    """A ring is no encirclement while a piece can jump out: the attackers 'encircle' king f6 and knight f7 with a one-piece ring,
    although the knight can jump over f8 onto f9 and so reach the edge."""
    text = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    s = Session(text, {"encirclement": True})
    s.start("/2t8/11/5t5/11/11/4tKt4/4tNt4/5t5/11/11/11/", "attackers")
    st = s.play("f3-f5")["state"]     # closes the ring round king f6 and knight f7 from below
    assert st["result"] is None
    assert "f9" in s.targets("f7")     # the knight's jump over f8


def test_restricted_king_jump_counts_throne_and_corners_not_camps():
    g = setup("K c3; A d3 h8", to_move="defenders", camps=["c3"], camp_stop=["attacker", "king"], camp_pass=[],
              camp_reenter=[], camp_hostile=[], camp_hostile_empty=[], **JUMPS)
    with pytest.raises(IllegalMove, match="only from or to a restricted square"):
        g.play("c3-e3")


def test_end_is_read_alike_everywhere_and_refused_once_the_game_is_over():
    text = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    s = Session(text)
    s.start(Position(11, {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                          "c3": "defender", "e2": "defender", "h8": "king"}).to_otn(), "attackers")
    s.play("c1-c2")
    assert s.play(" END ")["ok"]
    g = setup("K a3; A a2 h8", to_move="defenders", **JUMPS)
    g.play("a3-a1")
    with pytest.raises(IllegalMove, match="the game is over"):
        g.play("end")


def test_messages_escape_control_characters():
    from tafl_core import NotationError, Move
    with pytest.raises(NotationError) as exc:
        Move.parse("\x1b[31mX", 9)
    assert "\x1b" not in str(exc.value) and "\\x1b" in str(exc.value)


def test_opentafl_runs_with_leading_zeros_are_refused():
    with pytest.raises(PositionError, match="leading zero"):
        Position.from_otn("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/03t3/")


def _berserk_text() -> str:
    return (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("edit, msg", [
    # an alternative may not switch a stated rule ...
    (lambda t: t.replace('alternative = "none"\n', 'alternative = { commander_king_capture = "none", first_mover = "defenders" }\n', 1),
     "switches 'first_mover', which the source states"),
    # ... must change something ...
    (lambda t: t.replace('[rules.berserk]\nvalue = "capture"\nassumed = true\nalternative = "capture_or_escape"',
                         '[rules.berserk]\nvalue = "capture"\nassumed = true\nalternative = {}'),
     "the alternative is empty"),
    (lambda t: t.replace('[rules.berserk]\nvalue = "capture"\nassumed = true\nalternative = "capture_or_escape"',
                         '[rules.berserk]\nvalue = "capture"\nassumed = true\nalternative = { berserk = "capture" }'),
     "the alternative changes nothing"),
    # ... and keys in the wrong table are faults, not silently ignored
    (lambda t: t.replace('historicity = "modern"', 'historicity = "modern"\nberserk = "off"'),
     r"\[variant\]: unknown key 'berserk'"),
])
def test_rules_file_refuses_hollow_or_overreaching_alternatives(edit, msg):
    with pytest.raises(RulesFileError, match=msg):
        Ruleset.from_toml(edit(_berserk_text()), "b/rules.toml")


def test_alternative_may_not_set_rules_of_pieces_the_layout_lacks():
    text = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
    import re as _re
    m = _re.search(r'\[rules\.king_capture\]\nvalue = "([a-z_]+)"\nassumed = true\nalternative = "custodial"', text)
    assert m, "Brandubh's king_capture assumption changed; adapt this test"
    bad = text.replace(m.group(0), m.group(0).replace('alternative = "custodial"',
                       'alternative = { king_capture = "custodial", knight_jump = "capture" }'))
    with pytest.raises(RulesFileError, match="the layout has no knight"):
        Ruleset.from_toml(bad, "b/rules.toml")


def test_alternative_the_engine_cannot_start_is_refused():
    """An alternative that makes the king's start square a corner (an escape square) cannot be
    played from the layout: the rules file is refused, not the board at run time."""
    bad = BASE_TOML.replace('[rules.corners]\nvalue = "single"\nref = "5.3"',
                            '[rules.corners]\nvalue = "single"\nassumed = true\nalternative = ["e5"]\n'
                            'note.de = "x"\nnote.en = "x"')
    with pytest.raises(RulesFileError, match="with its alternative the king already stands on an escape square"):
        Ruleset.from_toml(bad, "b/rules.toml")


def test_missing_berserk_compulsory_points_at_the_berserk_rule():
    text = _berserk_text()
    start = text.index("[rules.berserk_compulsory]")
    end = text.index("[rules.shieldwall]")
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text[:start] + text[end:], "b/rules.toml")
    assert exc.value.line == text[:text.index("[rules.berserk]\n")].count("\n") + 1


def test_snapshot_starts_at_the_turn_under_way():
    """A share link of any length: the position at the start of the berserk turn under way and
    that turn's moves replay to the same state."""
    s = Session(_berserk_text())
    start = Position(11, {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                          "c3": "defender", "e2": "defender", "h8": "king"}).to_otn()
    s.start(start, "attackers")
    s.play("c1-c2")                                 # takes c3; the turn goes on
    snap = s.snapshot()
    assert snap == {"otn": start, "to_move": "attackers", "moves": ["c1-c2"]}
    assert s.state()["berserk"]["square"] == "c2"   # the snapshot left the game as it was
    s.play("end")
    snap = s.snapshot()
    assert snap["moves"] == [] and snap["to_move"] == "defenders"


def test_bridge_history_names_the_jumped_square_the_piece_and_the_moves_redo_replays():
    s = Session(_berserk_text())
    s.start(Position(11, {"c3": "commander", "c4": "defender", "h8": "king", "a8": "attacker"}).to_otn(), "attackers")
    entry = s.play("c3-c5")["state"]["history"][-1]
    assert entry["jump"] and entry["jumped"] == "c4" and entry["piece"] == "commander"
    st = s.undo()
    assert st["future"] == ["c3-c5"] and st["can_redo"]
    assert s.redo()["future"] == []


def test_undone_moves_keep_what_they_did_and_rules_info_names_the_sections():
    s = Session(_berserk_text())
    s.start(Position(11, {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                          "c3": "defender", "e2": "defender", "h8": "king"}).to_otn(), "attackers")
    s.play("c1-c2")
    s.play("c2-d2")
    st = s.undo()
    st = s.undo()
    assert [p["notation"] for p in st["future_plies"]] == ["c1-c2xc3", "c2=d2xe2"]
    assert [p["continues"] for p in st["future_plies"]] == [True, False]
    info = s.rules_info()
    assert info["knight_jump"] == {"value": "capture", "ref": "5.4", "assumed": False}
    assert info["berserk"]["assumed"] is True


def test_snapshot_with_a_move_budget_keeps_the_repetition_that_ended_the_game():
    """A game lost by repetition (Berserk board: whoever brings about the third occurrence
    loses) shared with its last 8 moves replays to the same result; the 2 moves before them are
    left out."""
    s = Session(_berserk_text())
    shuffle = ["a4-a3", "f4-g4"] + ["d1-d2", "f8-g8", "d2-d1", "g8-f8"] * 2
    st = s.play_all(shuffle)["state"]
    assert st["result"]["reason"] == "repetition" and st["result"]["winner"] == "attackers"
    snap = s.snapshot(8)
    assert snap["moves"] == shuffle[2:]
    again = Session(_berserk_text())
    again.start(snap["otn"], snap["to_move"])
    assert again.play_all(snap["moves"])["state"]["result"] == st["result"]
    with pytest.raises(ValueError):
        s.snapshot(-1)
