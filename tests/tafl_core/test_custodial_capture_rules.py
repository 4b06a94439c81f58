"""Custodial captures around the square a piece moved to (Copenhagen 5.4: "a piece other than the
king is captured when it is enclosed along a row or column between two enemy pieces ... One move
can capture several pieces"; the edge is not hostile): every direction is looked at, whatever
the directions before it held. Positions on the neutral 9x9 test ruleset of helpers.py."""

from __future__ import annotations

import pytest

from tafl_core import Move

from .helpers import captured, setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")


@pytest.mark.parametrize("victim,partner,move", [("d5", "d6", "g4-d4"), ("d3", "d2", "g4-d4"),
                                                ("e4", "f4", "a4-d4"), ("c4", "b4", "g4-d4")])
def test_capture_in_each_direction_with_the_others_empty(victim, partner, move):
    """The attacker arriving on d4 takes the defender beside it in any one direction."""
    g = setup(f"K h8; D {victim}; A {partner} {move[:2]}")
    assert captured(g.play(move)) == [victim]


def test_capture_after_a_man_on_the_edge_beside_the_mover():
    """The attacker arrives on b2: b1 beside it stands on the edge with nothing beyond (not taken,
    the edge is not hostile); c2 further on is taken against d2."""
    g = setup("K h8; D b1 c2; A d2 b5")
    assert captured(g.play("b5-b2")) == ["c2"]


def test_a_move_takes_several_men_in_different_directions():
    g = setup("K h8; D d5 c4 e4; A d6 b4 f4 d1")
    assert captured(g.play("d1-d4")) == ["c4", "d5", "e4"]


def test_knights_jump_takes_the_man_jumped_and_one_enclosed_at_the_landing_square():
    """notes/source-format.md (jumps): 'custodial captures from the landing square apply as after any move': the
    knight jumps c3-c5 over c4 (taken by the jump) and encloses b5 against a5."""
    g = setup("K h8; N c3; A c4 b5; D a5", "defenders", **JUMPS)
    assert captured(g.play("c3-c5")) == ["b5", "c4"]


def test_a_berserker_on_the_first_square_keeps_the_turn():
    """Berserk (rule 5): after a capture only the piece that captured moves on - also when it
    stands on a1, the board's first square (corners = none): a4-a1 takes b1 against c1 and may go
    on (a1-b1 would take b2 against b3), so another piece is refused as not the berserker."""
    g = setup("K h8; A a4 c1 b3 g9; D b1 b2", corners="none", escape="edge", berserk="capture",
              berserk_compulsory=False, **JUMPS)
    first = g.play("a4-a1")
    assert captured(first) == ["b1"] and first.continues
    assert {str(m) for m in g.legal_moves()} == {"a1-b1", "end"}
    assert g.why_illegal(Move.parse("g9-g8", 9)).as_dict() == {"code": "berserk_other_piece",
                                                                 "params": {"square": "a1"}}
    # the berserker's own move that captures nothing is refused as such
    assert g.why_illegal(Move.parse("a1-a2", 9)).as_dict()["code"] == "berserk_must_capture"


def test_king_jumping_out_of_the_throne_takes_ahead_and_the_man_jumped_against_the_throne():
    """Berserk rule 4b with the throne hostile to attackers (as in Berserk Hnefatafl): the king
    jumps from the throne e5 over e6 to e7; e8 ahead is taken against e9, and e6, left between
    the king and the now empty throne, is taken too - one move, two captures."""
    g = setup("K e5; A e6 e8 a7; D e9", "defenders", throne_hostile=["attacker"],
              throne_hostile_empty=["defender", "king"], **JUMPS)
    assert captured(g.play("e5-e7")) == ["e6", "e8"]


def test_the_king_looked_at_first_does_not_end_the_look_at_the_other_directions():
    """Reference README, known faults: 'a move that takes the king and a man at once removing only
    one of them'. The attacker arriving on d4 has the king north of it (d5) and a defender south
    (d3): both are taken when both are enclosed, and the defender still is when the king is not."""
    g = setup("K d5; A d6 d2 h4; D d3", king_capture="custodial", throne=False)
    assert captured(g.play("h4-d4")) == ["d3", "d5"]
    g = setup("K d5; A d2 h4; D d3", king_capture="custodial", throne=False)
    assert captured(g.play("h4-d4")) == ["d3"]
