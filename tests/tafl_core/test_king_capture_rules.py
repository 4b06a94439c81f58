"""Capturing the king, on the real rulesets whose pages state the rule: what may stand in for an
attacker beside him (the empty throne, a corner, the board edge) under each ``king_capture`` mode,
and what the capture names as the pieces and squares that closed it (``Capture.partners``, the
board's "taken by a, b and the edge").

Brandubh (variants_src/brandubh/en.md 5.3, 5.5): in the reading of the records the king beside
the empty throne is taken by three attackers and the throne; "for the king, the empty throne counts
only when he is captured beside it"; OpenTafl's reading, the declared alternative of
``king_capture``, takes him "everywhere like an ordinary piece, on two sides", with a centre hostile
to no one. Magpie (variants_src/magpie/en.md 5.5): "an attacker on each of his four sides - or, in
place of an attacker, the board edge, a corner square or the empty throne"; "on the edge, three
attackers therefore suffice, and beside a corner square two".
"""

from __future__ import annotations

import pytest

from tafl_core import Game, load_ruleset, square_name

from .helpers import REPO, captured, pieces_from_spec

BRANDUBH = REPO / "variants_src" / "brandubh"
MAGPIE = REPO / "variants_src" / "magpie"


def brandubh_two_sides(*, hostile_centre: bool) -> Game:
    """Brandubh under OpenTafl's reading of the king's capture (the declared alternative of
    ``king_capture``), with the empty throne hostile to attackers and defenders as in the records
    (``hostile_centre``) or, as in OpenTafl, to no one (the alternative of ``throne_hostile_empty``)."""
    rs = load_ruleset(BRANDUBH)
    overrides = rs.rules["king_capture"].alternative_overrides()
    assert overrides == {"king_capture": "custodial"}
    if not hostile_centre:
        overrides |= rs.rules["throne_hostile_empty"].alternative_overrides()
    return rs.with_overrides(overrides)


def partners(capture) -> set[tuple[str | None, str]]:
    """The capture's partners as (square name or None for the edge, kind)."""
    return {(square_name(s, 7) if s >= 0 else None, kind) for s, kind in capture.partners}


@pytest.mark.parametrize("hostile_centre", [True, False])
@pytest.mark.parametrize("king,attacker,move", [("d5", "g6", "g6-d6"),    # above the throne d4
                                                ("c4", "b1", "b1-b4"),    # west of it
                                                ("e4", "f1", "f1-f4")])   # east of it
def test_two_sides_the_empty_throne_does_not_stand_in_for_an_attacker(king, attacker, move, hostile_centre):
    """Brandubh, 2 sides (OpenTafl): one attacker arriving on the far side of the king from the
    empty throne does not take him; the throne is no partner against the king in this reading,
    whatever it does to attackers and defenders."""
    g = Game(brandubh_two_sides(hostile_centre=hostile_centre),
             pieces_from_spec(f"K {king}; A {attacker}; D f7", 7), "attackers")
    played = g.play(move)
    assert captured(played) == []
    assert played.result is None


def test_two_sides_two_attackers_take_the_king_beside_the_throne():
    """Brandubh, 2 sides: beside the throne, too, two attackers on opposite sides take the king
    (OpenTafl: 'everywhere like an ordinary piece')."""
    g = Game(brandubh_two_sides(hostile_centre=True), pieces_from_spec("K d5; A c5 g5; D f7", 7), "attackers")
    played = g.play("g5-e5")
    assert captured(played) == ["d5"]
    assert played.result.as_dict() == {"winner": "attackers", "reason": "king_captured"}
    assert partners(played.captures[0]) == {("c5", "attacker")}


def test_two_sides_a_corner_stands_in_for_an_attacker():
    """Brandubh 5.3/5.5: the corners are hostile to the king too; 'a corner square can form the
    second side' - in either reading of the king's capture."""
    for rs in (load_ruleset(BRANDUBH), brandubh_two_sides(hostile_centre=False)):
        g = Game(rs, pieces_from_spec("K b1; A c5; D f7", 7), "attackers")
        played = g.play("c5-c1")
        assert captured(played) == ["b1"]
        assert partners(played.captures[0]) == {("a1", "corner")}


def test_records_reading_beside_the_throne_three_attackers_and_the_throne():
    """Brandubh 5.5 (records): 'directly beside the throne, attackers on the three other sides
    suffice; the empty throne counts as the fourth' - and it is named among the captors."""
    g = Game(load_ruleset(BRANDUBH), pieces_from_spec("K d5; A c5 e5 g6; D f7", 7), "attackers")
    played = g.play("g6-d6")
    assert captured(played) == ["d5"]
    assert partners(played.captures[0]) == {("c5", "attacker"), ("e5", "attacker"), ("d4", "throne")}
    g = Game(load_ruleset(BRANDUBH), pieces_from_spec("K d5; A c5 g6; D f7", 7), "attackers")
    assert captured(g.play("g6-d6")) == []                 # two and the throne: not yet


def test_magpie_king_on_the_edge_taken_by_three_with_the_edge_named():
    """Magpie 5.5: on the edge three attackers suffice, the edge standing in for the fourth; the
    capture names the edge among what closed it."""
    g = Game(load_ruleset(MAGPIE), pieces_from_spec("K a4; A a5 a3 c2; D g4", 7), "attackers")
    played = g.play("c2-c4")
    assert captured(played) == []                          # c4 is not beside the king
    g = Game(load_ruleset(MAGPIE), pieces_from_spec("K a4; A a5 a3 b1; D g4", 7), "attackers")
    played = g.play("b1-b4")
    assert captured(played) == ["a4"]
    assert played.result.as_dict() == {"winner": "attackers", "reason": "king_captured"}
    assert partners(played.captures[0]) == {("a5", "attacker"), ("a3", "attacker"), (None, "edge")}


def test_magpie_king_beside_a_corner_on_the_edge_taken_by_two():
    """Magpie 5.5: 'beside a corner square two' - the corner and the edge stand in for two
    attackers, and both are named."""
    g = Game(load_ruleset(MAGPIE), pieces_from_spec("K a2; A a3 c1; D g4", 7), "attackers")
    played = g.play("c1-b1")
    assert captured(played) == []                          # b1 is not beside a2: a1, a3, b2 are
    g = Game(load_ruleset(MAGPIE), pieces_from_spec("K a2; A a3 c2; D g4", 7), "attackers")
    played = g.play("c2-b2")
    assert captured(played) == ["a2"]
    assert partners(played.captures[0]) == {("a3", "attacker"), ("a1", "corner"), (None, "edge")}


def test_throne_graded_on_the_throne_needs_four_attackers_not_a_hostile_square():
    """throne_graded (notes/source-format.md: '4 on the throne'; Alea Evangelii 5.4: on the throne the king needs
    four attackers): a camp beside the throne that is hostile to the king does not stand in for
    the fourth attacker there, though beside the throne it would count for a four_sides king."""
    from .helpers import setup
    camp = dict(camps=["e6"], camp_stop=["attacker"], camp_pass=["attacker"], camp_reenter=["attacker"],
                camp_hostile=[], camp_hostile_empty=["king"])
    g = setup("K e5; A d5 f5 h4", king_capture="throne_graded", **camp)
    assert captured(g.play("h4-e4")) == []
    g = setup("K e5; A d5 f5 e6 h4", king_capture="throne_graded", **camp)
    assert captured(g.play("h4-e4")) == ["e5"]
    g = setup("K e5; A d5 f5 h4", king_capture="four_sides", **camp)
    assert captured(g.play("h4-e4")) == ["e5"]
