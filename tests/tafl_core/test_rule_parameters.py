"""Each value of each rules.toml parameter, shown in a small position on the neutral 9x9
ruleset (tests/tafl_core/helpers.py). The expected outcomes follow from the rule wording in
notes/source-format.md ("rules.toml") and the seed rule texts it cites."""

from __future__ import annotations

import pytest

from tafl_core import IllegalMove, Move

from tafl_core import Ruleset

from .helpers import BASE_TOML, captured, setup


def legal(game, move: str) -> bool:
    return game.why_illegal(Move.parse(move, game.size)) is None


# --- first_mover ---------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["attackers", "defenders"])
def test_first_mover(value):
    """first_mover: who moves first from the layout (Ealdfaeder 5.1 attackers; Alea: defenders)."""
    from tafl_core import Game
    from .helpers import ruleset
    assert Game(ruleset(first_mover=value)).to_move == value


# --- escape ----------------------------------------------------------------------------------

def test_escape_corners_edge_square_is_not_an_escape():
    """escape = corners: a king on a side square has not escaped; on a corner he has."""
    g = setup("K c5; A h8", "defenders", escape="corners")
    assert g.play("c5-a5").result is None
    g.play("h8-h7")
    assert g.play("a5-a1").result.as_dict() == {"winner": "defenders", "reason": "king_escaped"}


def test_escape_edge_any_side_square():
    """escape = edge (Tawlbwrdd §4: 'any square on the edge of the board')."""
    g = setup("K c5; A h8", "defenders", escape="edge", corners="none")
    assert g.play("c5-a5").result.as_dict() == {"winner": "defenders", "reason": "king_escaped"}


# --- king_armed ------------------------------------------------------------------------------

@pytest.mark.parametrize("armed,hammer,anvil", [("yes", True, True), ("no", False, False),
                                                ("anvil", False, True), ("hammer", True, False)])
def test_king_armed(armed, hammer, anvil):
    """king_armed: yes = hammer and anvil; no = neither; anvil = only stationary; hammer = only moving."""
    # king moves to d5 and closes d4 between d5 and d3 (defender): hammer
    g = setup("K e5; A d4 h9; D d3", "defenders", king_armed=armed, throne=False)
    assert captured(g.play("e5-d5")) == (["d4"] if hammer else [])
    # defender moves to b4 and closes c4 against the king on d4: anvil
    g = setup("K d4; A c4 h9; D b7", "defenders", king_armed=armed, throne=False)
    assert captured(g.play("b7-b4")) == (["c4"] if anvil else [])


# --- king_capture ----------------------------------------------------------------------------

def test_king_capture_custodial():
    """custodial: two attackers on opposite sides take the king (Tawlbwrdd §5.2)."""
    g = setup("K c6; A b6 d1", king_capture="custodial", throne=False)
    played = g.play("d1-d6")
    assert captured(played) == ["c6"]
    assert played.result.as_dict() == {"winner": "attackers", "reason": "king_captured"}


def test_king_capture_four_sides_needs_four():
    """four_sides: three attackers do not take the king in the open; the fourth does."""
    g = setup("K c6; A b6 c7 h5; D a1", king_capture="four_sides", throne=False, corners="none")
    assert captured(g.play("h5-c5")) == []
    g = setup("K c6; A b6 c7 c5 h6", king_capture="four_sides", throne=False, corners="none")
    assert captured(g.play("h6-d6")) == ["c6"]


def test_king_capture_four_sides_never_on_edge():
    """four_sides: a king on the edge cannot be surrounded on four sides (Copenhagen)."""
    g = setup("K a5; A a6 b5 h4", king_capture="four_sides", throne=False, corners="none")
    assert captured(g.play("h4-a4")) == []


def test_king_capture_four_sides_empty_throne_counts():
    """four_sides: the empty throne takes an attacker's place (seed 001: 'by attackers or by the empty Throne')."""
    g = setup("K e6; A d6 e7 h6", king_capture="four_sides")
    assert captured(g.play("h6-f6")) == ["e6"]


def test_king_capture_throne_graded():
    """throne_graded (Alea Evangelii §5.4): 4 on the throne, 3 + throne beside it, 2 elsewhere."""
    g = setup("K e5; A d5 f5 e6 h4", king_capture="throne_graded")
    assert captured(g.play("h4-e4")) == ["e5"]                     # four on the throne
    g2 = setup("K e5; A d5 f5 h4", king_capture="throne_graded")
    assert captured(g2.play("h4-e4")) == []                        # two on the throne: no
    g = setup("K e4; A d4 h3", king_capture="throne_graded")
    assert captured(g.play("h3-f3")) == []
    g = setup("K e4; A d4 f4 h3", king_capture="throne_graded")
    assert captured(g.play("h3-e3")) == ["e4"]                     # three + throne beside it
    g = setup("K c3; A b3 h3", king_capture="throne_graded")
    assert captured(g.play("h3-d3")) == ["c3"]                     # two elsewhere


def test_king_capture_surrounded_edge():
    """surrounded_edge (Ealdfaeder §5.5): four sides; on the edge or beside the centre three."""
    g = setup("K a5; A a6 b5 h4", king_capture="surrounded_edge", throne=False)
    assert captured(g.play("h4-a4")) == ["a5"]
    g = setup("K c5; A c6 b5 h4", king_capture="surrounded_edge", throne=False)
    assert captured(g.play("h4-c4")) == []                         # three in the open: no


# --- throne ----------------------------------------------------------------------------------

def test_throne_off_is_an_ordinary_square():
    """throne = false: anyone may stop on the centre (Tawlbwrdd as played here)."""
    g = setup("K b8; A e1", throne=False, corners="none")
    assert legal(g, "e1-e5")


def test_throne_stop_only_king():
    """throne_stop = [king]: an attacker may not stop on the empty throne (Coppergate §5.3)."""
    g = setup("K a8; A e1")
    assert not legal(g, "e1-e5")


def test_throne_pass():
    """throne_pass: may pieces cross the empty throne (Alea §5.3 yes; the Coppergate alternative: only the king)."""
    assert legal(setup("K a8; A e1"), "e1-e7")
    assert not legal(setup("K a8; A e1", throne_pass=["king"]), "e1-e7")


def test_throne_reenter():
    """throne_reenter: whether the king may return to the throne."""
    assert legal(setup("K e3; A a7", "defenders"), "e3-e5")
    assert not legal(setup("K e3; A a7", "defenders", throne_reenter=[]), "e3-e5")


def test_throne_hostile_empty_only_when_empty():
    """throne_hostile_empty (Alea §5.3: 'once the king has left it'): the empty throne closes a
    capture; while the king stands on it, it does not (for attackers here: the king is the piece)."""
    g = setup("K a8; A e4; D h3", "defenders", throne_hostile_empty=["attacker", "defender"])
    assert captured(g.play("h3-e3")) == ["e4"]
    g = setup("K a8; D e4; A h3", "attackers", throne_hostile_empty=["attacker", "defender"])
    assert captured(g.play("h3-e3")) == ["e4"]
    g = setup("K e5; D e4; A h3", "attackers", throne_hostile_empty=["attacker", "defender"])
    assert captured(g.play("h3-e3")) == []                         # throne occupied by the king


def test_throne_hostile_always():
    """throne_hostile: hostile even while the king stands on it (Copenhagen, to attackers)."""
    g = setup("K e5; A e4; D h3", "defenders", throne_hostile=["attacker"], king_armed="no")
    assert captured(g.play("h3-e3")) == ["e4"]
    g = setup("K e5; A e4; D h3", "defenders", king_armed="no")
    assert captured(g.play("h3-e3")) == []


# --- corners ---------------------------------------------------------------------------------

def test_corners_single_and_2x2_and_list():
    """corners: single squares, 2x2 blocks (OpenTafl's Alea) or a list."""
    assert sorted(setup("K e5; A c3", corners="single").ruleset.special_squares()["corners"]) == ["a1", "a9", "i1", "i9"]
    sq = setup("K e5; A c3", corners="2x2").ruleset.special_squares()["corners"]
    assert sorted(sq) == sorted(["a1", "b1", "a2", "b2", "h1", "i1", "h2", "i2", "a8", "b8", "a9", "b9", "h8", "i8", "h9", "i9"])
    assert setup("K e5; A c3", corners=["a1", "i9"]).ruleset.special_squares()["corners"] == ["a1", "i9"]
    assert setup("K e5; A c3", corners="none", escape="edge").ruleset.special_squares()["corners"] == []


def test_corner_stop_and_pass():
    """corner_stop = [king]: an attacker may not stop on a corner (Ealdfaeder §5.3);
    corner_pass = []: nobody crosses a 2x2 corner block."""
    assert not legal(setup("K e5; A a5"), "a5-a1")
    assert legal(setup("K e5; A a5", corner_stop=["king", "attacker"], corner_reenter=["king", "attacker"]), "a5-a1")
    g = setup("K a5; A g7", "defenders", corners="2x2")
    assert not legal(g, "a5-a1") and legal(g, "a5-a2")


def test_corner_hostile():
    """corner_hostile (Alea §5.3): a corner closes a capture for either side."""
    g = setup("K e5; D b1; A h3", "attackers", corner_hostile=["attacker", "defender"])
    assert captured(g.play("h3-c3")) == []
    g = setup("K e5; D b1; A c5", "attackers", corner_hostile=["attacker", "defender"])
    assert captured(g.play("c5-c1")) == ["b1"]
    g = setup("K e5; D b1; A c5", "attackers")
    assert captured(g.play("c5-c1")) == []


def test_camps():
    """camps: only pieces allowed may stop; hostile camps close captures; a piece may move
    about inside its own camp although it may not re-enter."""
    g = setup("K e5; A a4 h9; D b8", "defenders", camps=["b5", "b6"], camp_stop=["attacker"],
              camp_pass=["attacker"], camp_reenter=[], camp_hostile=["defender"], camp_hostile_empty=[])
    assert not legal(g, "b8-b6") and not legal(g, "b8-b4")   # defenders may neither stop on nor cross a camp
    g = setup("K e5; A a5 h9; D c8", "attackers", camps=["a5", "a6"], camp_stop=["attacker"],
              camp_pass=["attacker"], camp_reenter=[], camp_hostile=["defender"], camp_hostile_empty=[])
    assert legal(g, "a5-a6")          # within its camp
    g.play("a5-a4")
    g.play("c8-c7")
    assert not legal(g, "a4-a5")      # may not re-enter
    g = setup("K e5; D b6; A h9 d6", "attackers", camps=["a6"], camp_stop=["attacker"],
              camp_pass=["attacker"], camp_reenter=[], camp_hostile=["defender"], camp_hostile_empty=[])
    assert captured(g.play("d6-c6")) == ["b6"]


# --- shieldwall ------------------------------------------------------------------------------

WALL = "K e5; D c1 d1 e1; A b1 c2 d2 e2 h4"


def test_shieldwall_off():
    """shieldwall = off: bracketing a row on the edge takes nothing (only custodial pairs)."""
    g = setup(WALL, shieldwall="off", corners="none", escape="edge")
    assert captured(g.play("h4-f4")) == []
    g = setup("K e5; D c1 d1 e1; A b1 c2 d2 e2 f4", shieldwall="off", corners="none", escape="edge", throne=False)
    assert captured(g.play("f4-f1")) == []


def test_shieldwall_on():
    """shieldwall = on (Copenhagen): a row of 2+ on the edge, bracketed at both ends, each with an
    enemy in front, is taken when the bracket closes."""
    g = setup("K e5; D c1 d1 e1; A b1 c2 d2 e2 f4", shieldwall="on", corners="none", escape="edge", throne=False)
    assert captured(g.play("f4-f1")) == ["c1", "d1", "e1"]


def test_shieldwall_gap_not_taken():
    """A wall with a gap in front (e2 empty) is not taken."""
    g = setup("K e5; D c1 d1 e1; A b1 c2 d2 f4", shieldwall="on", corners="none", escape="edge", throne=False)
    assert captured(g.play("f4-f1")) == []


def test_shieldwall_king_in_wall_not_taken():
    """The king in the wall is never taken by it (Copenhagen); the others are."""
    g = setup("K d1; D c1 e1; A b1 c2 d2 e2 f4", shieldwall="on", corners="none", escape="corners", throne=False)
    played = g.play("f4-f1")
    assert captured(played) == ["c1", "e1"] and played.result is None


def test_shieldwall_corner_may_close():
    """shieldwall = corner: the corner square brackets one end (Copenhagen)."""
    g = setup("K e5; D b1 c1; A b2 c2 d4", shieldwall="corner", throne=False)
    assert captured(g.play("d4-d1")) == ["b1", "c1"]
    g = setup("K e5; D b1 c1; A b2 c2 d4", shieldwall="on", throne=False)
    assert captured(g.play("d4-d1")) == []


def test_shieldwall_flank_required():
    """shieldwall_flank = true: the move in front of the row does not capture; false: it does."""
    spec = "K e5; D c1 d1; A b1 e1 c2 h2"
    g = setup(spec, shieldwall="on", shieldwall_flank=True, corners="none", escape="edge", throne=False)
    assert captured(g.play("h2-d2")) == []
    g = setup(spec, shieldwall="on", shieldwall_flank=False, corners="none", escape="edge", throne=False)
    assert captured(g.play("h2-d2")) == ["c1", "d1"]


# --- exit_fort, encirclement ----------------------------------------------------------------

def test_exit_fort_unbreakable_wins():
    """exit_fort: king on the edge, able to move, walled by defenders the attackers can never
    take -> defenders win (Copenhagen exit fort)."""
    g = setup("K e1; D d1 d2 f2 f1 c9; A h7 c6", "defenders", exit_fort=True, throne=False)
    assert g.play("c9-e9").result is None           # e3 still open: the region reaches the attackers
    g = setup("K e1; D d1 d2 d3 f2 f1 e4; A h7 c6", "defenders", exit_fort=True, throne=False)
    assert g.play("e4-e3").result.as_dict() == {"winner": "defenders", "reason": "exit_fort"}
    # the same wall without d3: e3 could be taken between d3 and f3, so the fort can be broken
    g = setup("K e1; D d1 d2 f2 f1 e4; A h7 c6", "defenders", exit_fort=True, throne=False)
    assert g.play("e4-e3").result is None


def test_exit_fort_breakable_is_no_win():
    """A fort whose wall defender can still be taken is no win."""
    g = setup("K e1; D d1 e2 f1 a4; A h7 c6", "defenders", exit_fort=True, throne=False)
    # e2's left and right neighbours (d2, f2) are open: e2 can be taken -> no fort
    assert g.play("a4-a3").result is None


def test_encirclement():
    """encirclement (Coppergate §5.5): no defender can reach the edge -> attackers win; one gap -> no."""
    ring = "K e5; D e6; A d5 f5 e4 d6 f6 e7 c1"
    g = setup(ring, encirclement=True, throne=False)
    assert g.play("c1-c2").result.as_dict() == {"winner": "attackers", "reason": "encirclement"}
    gap = "K e5; D e6; A d5 f5 d6 f6 e7 c1"
    g = setup(gap, encirclement=True, throne=False)
    assert g.play("c1-c2").result is None


# --- repetition ------------------------------------------------------------------------------

SHUFFLE = ["h8-h7", "b2-b3", "h7-h8", "b3-b2"]


def _repeat(game, cycles):
    last = None
    for _ in range(cycles):
        for m in SHUFFLE:
            if game.result:
                return last
            last = game.play(m)
    return last


@pytest.mark.parametrize("value,count,winner", [("draw", 3, None), ("loss_repeater", 3, "defenders"),
                                                ("loss_defenders", 3, "attackers"), ("draw", 2, None)])
def test_repetition(value, count, winner):
    """repetition: after the start position occurs `count` times, the result follows the rule;
    the attackers (h8) make the repeating move here (the cycle returns on the defenders' move b3-b2,
    so the defenders repeat)."""
    g = setup("K b2; A h8; D a5", "attackers", repetition=value, repetition_count=count, escape="corners")
    plies = 0
    while g.result is None and plies < 40:
        g.play(SHUFFLE[plies % 4]); plies += 1
    assert g.result.reason == "repetition"
    # the start position (attackers to move) recurs after ply 4, 8: 2nd occurrence at 4, 3rd at 8
    assert plies == (4 if count == 2 else 8)
    expected_winner = {"draw": None, "loss_repeater": "attackers", "loss_defenders": "attackers"}[value]
    assert g.result.winner == expected_winner


def test_repetition_ignored():
    """repetition = ignored: the position may recur without end."""
    g = setup("K b2; A h8; D a5", "attackers", repetition="ignored")
    for i in range(40):
        g.play(SHUFFLE[i % 4])
    assert g.result is None


def test_repetition_counts_side_to_move():
    """The same placement with the other side to move is a different position (hash includes the side)."""
    g = setup("K b2; A h8; D a5", "attackers")
    h0 = g.hash
    g2 = setup("K b2; A h8; D a5", "defenders")
    assert g2.hash != h0


# --- no_moves --------------------------------------------------------------------------------


@pytest.mark.parametrize("value,expected", [("loss", {"winner": "attackers", "reason": "no_legal_moves"}),
                                            ("draw", {"winner": None, "reason": "no_legal_moves"}),
                                            ("none", None)])
def test_no_moves(value, expected):
    """no_moves: the side to move without a legal move loses (Coppergate §5.7), draws (Alea §5.5),
    or (none) the source gives no rule and the game has no result."""
    g = setup("K c3; A b3 d3 c4 c2 h9", "attackers", no_moves=value, corners="none", escape="edge")
    played = g.play("h9-h8")
    assert (played.result.as_dict() if played.result else None) == expected


@pytest.mark.parametrize("value,expected", [("loss", {"winner": "attackers", "reason": "no_legal_moves"}),
                                            ("draw", {"winner": None, "reason": "no_legal_moves"}),
                                            ("none", None)])
def test_no_moves_in_a_set_up_position(value, expected):
    """A set-up position whose side to move is already blocked is decided at once."""
    g = setup("K c3; A b3 d3 c4 c2 h9", "defenders", no_moves=value, corners="none", escape="edge")
    assert (g.result.as_dict() if g.result else None) == expected


def test_king_on_an_escape_square_is_no_start_position():
    """A king already on an escape square has won; such a position cannot be set up to play."""
    from tafl_core import PositionError
    with pytest.raises(PositionError, match="already stands on an escape square"):
        setup("K a1; A h9", "attackers")
    with pytest.raises(PositionError, match="already stands on an escape square"):
        setup("K a5; A h9", "attackers", escape="edge", corners="none")


# -- one_step and four_attackers (Ard Ri after dragonheelslair.com: "All pieces move the same
#    way - one square horizontally or vertically"; the king is captured when "attackers surround
#    the king from all four sides ... The king may not be captured against the throne") -------

def test_one_step_pieces_move_one_square():
    g = setup("K g7; A c4; D e2", one_step=["attacker", "defender", "king"])
    assert sorted(str(m) for m in g.legal_moves("c4")) == ["c4-b4", "c4-c3", "c4-c5", "c4-d4"]
    with pytest.raises(IllegalMove, match="only one square at a time"):
        g.play("c4-c1")


def test_one_step_for_the_king_only():
    g = setup("K c3; A h8; D g2", to_move="defenders", one_step=["king"])
    assert sorted(str(m) for m in g.legal_moves("c3")) == ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]
    assert "g2-g8" in {str(m) for m in g.legal_moves("g2")}


def test_four_attackers_needed_even_beside_the_empty_throne():
    # king d5 beside the empty throne e5: three attackers and the throne do not capture him ...
    g = setup("K d5; A d6 c5 a4", king_capture="four_attackers")
    assert captured(g.play("a4-d4")) == []
    # ... under four_sides they do (the empty throne counts as the fourth side)
    g = setup("K d5; A d6 c5 a4", king_capture="four_sides")
    assert captured(g.play("a4-d4")) == ["d5"]
    # four attackers capture him
    g = setup("K d6; A d7 c6 e6 a5", king_capture="four_attackers")
    played = g.play("a5-d5")
    assert captured(played) == ["d6"] and played.result.reason == "king_captured"


@pytest.mark.parametrize("text", ["3.0", "true", "\"3\""])
def test_repetition_count_must_be_a_whole_number(text):
    """`repetition_count` counts occurrences (2, 3 or 4): 3.0 equals 3 in Python but is not a count
    a source states, and true is not a number."""
    from tafl_core import RulesFileError
    toml = BASE_TOML.replace("[rules.repetition_count]\nvalue = 3", f"[rules.repetition_count]\nvalue = {text}")
    assert toml != BASE_TOML
    with pytest.raises(RulesFileError, match="whole number 2"):
        Ruleset.from_toml(toml, "bad.toml")
