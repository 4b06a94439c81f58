"""What each capture tells about itself: the piece taken, the reason code, the partners that
closed it besides the moved piece and the rules.toml key behind it (the contract of
:class:`tafl_core.moves.Capture` and the capture reasons of notes/CONTRACTS.md, which the board
turns into "taken between a and b" with a link to the rule's section).

Positions are on the neutral 9x9 test ruleset of helpers.py (throne e5, corners a1 a9 i1 i9,
nothing hostile unless a test switches it); what is captured follows the rule wording of
notes/source-format.md ("rules.toml": ``<kind>_hostile`` hostile always, ``<kind>_hostile_empty`` only while
empty; ``king_capture`` modes) and the rule texts each test names.
"""

from __future__ import annotations

from tafl_core import square_name

from .helpers import setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")


def described(played) -> list[tuple]:
    """Each capture of a played move as (square, piece, reason, partners, rule); a partner is
    (square name, kind), the board edge ``(-1, "edge")`` as the contract gives it, its -1 written
    "-1"."""
    n = played.move.size
    out = []
    for c in played.captures:
        partners = tuple(sorted(((square_name(s, n) if s >= 0 else str(s)), kind) for s, kind in c.partners))
        out.append((square_name(c.square, n), c.piece, str(c.reason), partners, c.rule))
    return sorted(out)


# -- men ----------------------------------------------------------------------------------------

def test_custodial_capture_names_the_partner_and_the_basic_rule():
    """A man between the moved piece and a friendly one (the basic rule, key ``custodial``)."""
    g = setup("K a8; D e3; A d3 h3")
    assert described(g.play("h3-f3")) == [("e3", "defender", "custodial", (("d3", "attacker"),), "custodial")]


def test_king_as_anvil_and_as_hammer_cites_king_armed():
    """king_armed = yes: the king closes a capture standing still and moving; the capture cites
    ``king_armed``, whose section says so."""
    g = setup("K c3; A d3 a7; D h3", "defenders")
    assert described(g.play("h3-e3")) == [("d3", "attacker", "custodial", (("c3", "king"),), "king_armed")]
    g = setup("K h3; A d3 a7; D c3", "defenders")
    assert described(g.play("h3-e3")) == [("d3", "attacker", "custodial", (("c3", "defender"),), "king_armed")]


def test_hostile_empty_throne_names_the_throne_and_its_rule():
    """throne_hostile_empty: the empty throne closes the capture; the partner is the throne and
    the rule the one that made it hostile."""
    g = setup("K a8; D e4; A h3", throne_hostile_empty=["defender"])
    assert described(g.play("h3-e3")) == [("e4", "defender", "hostile_throne", (("e5", "throne"),),
                                           "throne_hostile_empty")]


def test_throne_hostile_always_even_under_the_unarmed_king():
    """throne_hostile (Copenhagen 5.3: 'always hostile to the attackers'): with the unarmed king on
    it the throne still closes the capture of an attacker, as a square."""
    g = setup("K e5; A e4; D h3", "defenders", throne_hostile=["attacker"], king_armed="no")
    assert described(g.play("h3-e3")) == [("e4", "attacker", "hostile_throne", (("e5", "throne"),), "throne_hostile")]


def test_hostile_corner_and_camp_name_their_square_and_rule():
    g = setup("K e5; D b1; A c5", corner_hostile=["defender"])
    assert described(g.play("c5-c1")) == [("b1", "defender", "hostile_corner", (("a1", "corner"),), "corner_hostile")]
    g = setup("K e5; D b6; A h9 d6", camps=["a6"], camp_stop=["attacker"], camp_pass=["attacker"],
              camp_reenter=[], camp_hostile=[], camp_hostile_empty=["defender"])
    assert described(g.play("d6-c6")) == [("b6", "defender", "hostile_camp", (("a6", "camp"),), "camp_hostile_empty")]


# -- the king -------------------------------------------------------------------------------------

def test_king_custodial_between_two_attackers():
    """king_capture = custodial (Tawlbwrdd 5.2): two attackers on opposite sides."""
    g = setup("K c6; A b6 d1", king_capture="custodial", throne=False)
    assert described(g.play("d1-d6")) == [("c6", "king", "king_custodial", (("b6", "attacker"),), "king_capture")]


def test_king_custodial_against_a_corner_on_the_first_square():
    """A corner hostile to the king is the second side of a custodial king capture - also the
    corner a1, the board's first square."""
    g = setup("K b1; A c5", king_capture="custodial", corner_hostile=["king"])
    assert described(g.play("c5-c1")) == [("b1", "king", "king_custodial", (("a1", "corner"),), "king_capture")]
    g = setup("K a2; A e3", king_capture="custodial", corner_hostile=["king"])
    assert described(g.play("e3-a3")) == [("a2", "king", "king_custodial", (("a1", "corner"),), "king_capture")]
    g = setup("K b1; A c5", king_capture="custodial")                       # corner not hostile to him
    assert described(g.play("c5-c1")) == []


def test_king_against_a_camp_hostile_always_or_only_while_empty():
    """notes/source-format.md ('hostile always; only while empty'): a camp hostile to the king always takes part in
    his capture even with a defender on it; one hostile only while empty does not then."""
    camp = dict(camps=["a5"], camp_stop=["attacker", "defender"], camp_pass=["attacker", "defender"],
                camp_reenter=["attacker", "defender"], king_capture="custodial")
    g = setup("K b5; D a5; A c1", **camp, camp_hostile=["king"], camp_hostile_empty=[])
    assert described(g.play("c1-c5")) == [("b5", "king", "king_custodial", (("a5", "camp"),), "king_capture")]
    g = setup("K b5; D a5; A c1", **camp, camp_hostile=[], camp_hostile_empty=["king"])
    assert described(g.play("c1-c5")) == []
    g = setup("K b5; A c1", **camp, camp_hostile=[], camp_hostile_empty=["king"])
    assert described(g.play("c1-c5")) == [("b5", "king", "king_custodial", (("a5", "camp"),), "king_capture")]


def test_king_surrounded_names_the_three_others_not_the_mover():
    """four_sides: the partners are the attackers on the three other sides."""
    g = setup("K c6; A b6 c7 c5 h6", king_capture="four_sides", throne=False, corners="none")
    assert described(g.play("h6-d6")) == [("c6", "king", "king_surrounded",
                                           (("b6", "attacker"), ("c5", "attacker"), ("c7", "attacker")), "king_capture")]


def test_king_surrounded_against_the_empty_throne():
    """four_sides (seed 001: 'by attackers or by the empty Throne'): the throne is a partner."""
    g = setup("K e6; A d6 e7 h6", king_capture="four_sides")
    assert described(g.play("h6-f6")) == [("e6", "king", "king_surrounded",
                                           (("d6", "attacker"), ("e5", "throne"), ("e7", "attacker")), "king_capture")]


def test_four_attackers_nothing_else_counts():
    """four_attackers (notes/source-format.md: 'an attacker on each of the four sides, nothing else counts'; Ard
    Ri): the empty throne does not stand in beside it, nor a hostile corner."""
    g = setup("K e6; A d6 e7 h6", king_capture="four_attackers", throne_hostile_empty=["king"])
    assert described(g.play("h6-f6")) == []
    g = setup("K b1; A a5 c5 b5", king_capture="four_attackers", corner_hostile=["king"])
    assert described(g.play("b5-b2")) == []
    g = setup("K c6; A b6 c7 c5 h6", king_capture="four_attackers")
    assert described(g.play("h6-d6")) == [("c6", "king", "king_surrounded",
                                           (("b6", "attacker"), ("c5", "attacker"), ("c7", "attacker")), "king_capture")]


def test_surrounded_edge_in_the_open_names_no_edge():
    """surrounded_edge: in the open four attackers, and the edge is no partner there."""
    g = setup("K c5; A c6 b5 c4 h5", king_capture="surrounded_edge", throne=False)
    assert described(g.play("h5-d5")) == [("c5", "king", "king_surrounded",
                                           (("b5", "attacker"), ("c4", "attacker"), ("c6", "attacker")), "king_capture")]


def test_surrounded_edge_on_the_edge_names_the_edge():
    """surrounded_edge (Magpie 5.5: 'in place of an attacker, the board edge'): three on the edge."""
    g = setup("K a5; A a6 a4 h3", king_capture="surrounded_edge", throne=False)
    assert described(g.play("h3-b3")) == []
    g = setup("K a5; A a6 a4 h5", king_capture="surrounded_edge", throne=False)
    assert described(g.play("h5-b5")) == [("a5", "king", "king_surrounded",
                                           (("-1", "edge"), ("a4", "attacker"), ("a6", "attacker")), "king_capture")]


def test_commanders_take_the_king_between_them_or_against_a_hostile_corner():
    """commander_king_capture = custodial (OpenTafl's Berserk: CommanderCaptureVictoryTest,
    CommanderCornerCaptureVictoryTest): the partner is the other commander or the corner."""
    g = setup("K c6; C c7 a5", king_capture="four_sides", **JUMPS)
    assert described(g.play("a5-c5")) == [("c6", "king", "king_commanders", (("c7", "commander"),),
                                           "commander_king_capture")]
    g = setup("K b1; C c2", king_capture="four_sides", corner_hostile=["king"], **JUMPS)
    assert described(g.play("c2-c1")) == [("b1", "king", "king_commanders", (("a1", "corner"),),
                                           "commander_king_capture")]


def test_knight_jump_takes_the_man_jumped_with_no_partner():
    """Berserk rule 4b: the knight's jump takes the piece jumped over, alone."""
    g = setup("K h8; N c3; A c4", "defenders", **JUMPS)
    assert described(g.play("c3-c5")) == [("c4", "attacker", "jump", (), "knight_jump")]


# -- shieldwall -------------------------------------------------------------------------------------

def test_shieldwall_names_both_ends_and_the_man_in_front():
    """Copenhagen 5.5: each man of the row is taken with the two ends of the row and the enemy in
    front of it as partners; a corner may form one end (shieldwall = corner)."""
    g = setup("K f6; D d1 e1 f1; A c1 d2 e2 f2 g5", shieldwall="corner", shieldwall_flank=True)
    ends = (("c1", "attacker"), ("g1", "attacker"))
    assert described(g.play("g5-g1")) == [
        ("d1", "defender", "shieldwall", tuple(sorted(ends + (("d2", "attacker"),))), "shieldwall"),
        ("e1", "defender", "shieldwall", tuple(sorted(ends + (("e2", "attacker"),))), "shieldwall"),
        ("f1", "defender", "shieldwall", tuple(sorted(ends + (("f2", "attacker"),))), "shieldwall")]
    g = setup("K f6; D b1 c1; A b2 c2 d5", shieldwall="corner", shieldwall_flank=True)
    ends = (("a1", "corner"), ("d1", "attacker"))
    assert described(g.play("d5-d1")) == [
        ("b1", "defender", "shieldwall", tuple(sorted(ends + (("b2", "attacker"),))), "shieldwall"),
        ("c1", "defender", "shieldwall", tuple(sorted(ends + (("c2", "attacker"),))), "shieldwall")]
