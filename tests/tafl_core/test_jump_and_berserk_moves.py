"""Jumps in every direction and berserk continuations that take the king (Berserk Hnefatafl,
aagenielsen.dk rules 4b and 5: the knight "may also make a short orthogonal jump over an ordinary
enemy piece, landing on an empty square beyond", and his jump takes the piece jumped; after a
capture the same piece moves again with a move that captures). Positions on the neutral 9x9
test ruleset (helpers.py) with Berserk Hnefatafl's jump rules.
"""

from __future__ import annotations

import pytest

from tafl_core import square_name

from .helpers import captured, setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")
BERSERK = dict(berserk="capture", berserk_compulsory=False, **JUMPS)


@pytest.mark.parametrize("over,to", [("d5", "d6"), ("d3", "d2"), ("e4", "f4"), ("c4", "b4")])
def test_knight_jumps_and_takes_in_each_direction(over, to):
    """The knight on d4 jumps over the attacker beside him in any of the four directions - also
    when the directions tried before have nothing to jump - and takes it."""
    g = setup(f"K h8; N d4; A {over} a8", "defenders", **JUMPS)
    assert {str(m).split("-")[1] for m in g.legal_moves("d4")} >= {to}
    played = g.play(f"d4-{to}")
    assert captured(played) == [over] and played.jump and str(played.captures[0].reason) == "jump"


def test_a_berserk_continuation_may_take_the_king():
    """After c1-c2 takes c3 (against c4), the attacker may move on with a move that captures:
    c2-d2 closes the fourth side round the king on e2 (king_capture = four_sides), and it is
    offered and played as such."""
    g = setup("K e2; A c1 c4 e3 e1 f2; D c3 h8", king_capture="four_sides", **BERSERK)
    first = g.play("c1-c2")
    assert captured(first) == ["c3"] and first.continues
    assert {str(m) for m in g.legal_moves()} == {"c2-d2", "end"}
    second = g.play("c2-d2")
    assert captured(second) == ["e2"]
    assert second.result.as_dict() == {"winner": "attackers", "reason": "king_captured"}


def test_squares_a_berserk_turn_looked_at_stay_ordinary_empty_squares():
    """After a berserk turn ended by the player, the squares its continuations would have gone to
    are ordinary empty squares: the king moved beside one of them (b3, beside b2) is not taken
    by a single attacker on his other side (king_capture = custodial needs two)."""
    g = setup("K b7; A c1 c4 f2 a4 h2; D c3 e2", king_capture="custodial", **BERSERK)
    first = g.play("c1-c2")
    assert captured(first) == ["c3"] and first.continues
    g.play("end")
    g.play("b7-b3")
    played = g.play("a4-b4")
    assert captured(played) == [] and played.result is None
    assert sorted(g.position().pieces) == ["b3", "b4", "c2", "c4", "e2", "f2", "h2"]


def test_a_berserk_try_along_the_front_of_a_shieldwall_leaves_the_turn_as_it_is():
    """With a shieldwall that a move onto a front square may close (shieldwall_flank = false):
    d5-d2 takes c2 (against b2); the only further moves of that attacker take nothing - d2-e2
    leaves d2, the square in front of d1, empty, so the row d1 e1 is not closed - and the turn
    ends."""
    g = setup("K h8; A d5 b2 c1 f1; D c2 d1 e1", shieldwall="on", shieldwall_flank=False, **BERSERK)
    first = g.play("d5-d2")
    assert captured(first) == ["c2"] and not first.continues and g.to_move == "defenders"


def test_restricted_king_jumps_onto_the_throne_after_a_direction_he_may_not_jump():
    """Rule 4b: the king jumps only from or to a restricted square. On e7 with attackers on e8
    and e6 he may not jump to e9 (ordinary to ordinary) but may jump to the throne e5."""
    g = setup("K e7; A e8 e6 a8", "defenders", **JUMPS)
    targets = {str(m).split("-")[1] for m in g.legal_moves("e7")}
    assert "e5" in targets and "e9" not in targets


def test_moves_of_the_side_not_to_move_and_of_the_opponents_pieces():
    """Pieces move like rooks (Copenhagen 5.1): the lone attacker on c3 has the 16 squares of its
    rank and file, also asked for while the defenders are to move; the side to move has no moves
    from a square of the opponent's piece."""
    from tafl_core.tables import ATTACKERS
    g = setup("K h8; A c3", "defenders")
    codes = g.move_codes(ATTACKERS)
    assert {c >> 10 for c in codes} == {2 * 9 + 2}
    assert sorted(square_name(c & 1023, 9) for c in codes) == sorted(
        [f"{f}3" for f in "abdefghi"] + [f"c{r}" for r in (1, 2, 4, 5, 6, 7, 8, 9)])
    assert g.legal_moves("c3") == []
