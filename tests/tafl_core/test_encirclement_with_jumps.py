"""Encirclement when defenders can jump (Copenhagen 5.8: the attackers win when "none of [the king
and the defenders] can reach the edge of the board any more"; Berserk rule 4b: the king, the knight
and the commanders "may also make a short orthogonal jump over an ordinary enemy piece, landing on
an empty square beyond ... the king can only jump over an ordinary enemy soldier from and to
restricted squares"). A defender that can still jump out of the ring is not shut in.

Positions on the neutral 9x9 test ruleset (helpers.py: throne e5, corners a1 a9 i1 i9) with the
jump rules of Berserk Hnefatafl and encirclement switched on; the attackers' last move, far from
the ring, is the one after which the result is decided.
"""

from __future__ import annotations

from .helpers import setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture",
             king_jump="restricted", encirclement=True)
# The king shut in on g7 (no restricted square within a jump), for the tests about the knight.
KING_SHUT_IN = "K g7; A f7 h7 g8 g6"
ENCIRCLED = {"winner": "attackers", "reason": "encirclement"}


def result_after_a_far_move(spec: str, **rules):
    g = setup(spec + "; A i3", **{**JUMPS, **rules})
    played = g.play("i3-i2")
    return played.result.as_dict() if played.result else None


def test_knight_with_every_landing_square_taken_is_shut_in():
    """Knight d4 ringed by c4 d5 e4 d3, each with an attacker behind it: no jump, no way out."""
    spec = f"{KING_SHUT_IN}; N d4; A c4 d5 e4 d3 b4 d6 f4 d2"
    assert result_after_a_far_move(spec) == ENCIRCLED


def test_knight_jumps_out_westwards_after_three_blocked_directions():
    """Knight d4: north a commander (no jump over it), south and east doubled; west c4 with b4
    empty beyond - the knight jumps to b4 and reaches the edge: no encirclement."""
    spec = f"{KING_SHUT_IN}; N d4; C d5; A c4 e4 d3 f4 d2"
    assert result_after_a_far_move(spec) is None
    assert result_after_a_far_move(spec + "; A b4") == ENCIRCLED


def test_knight_may_not_jump_over_a_commander():
    """A ring of commanders round the knight: it cannot jump out."""
    spec = f"{KING_SHUT_IN}; N d4; C c4 d5 e4 d3"
    assert result_after_a_far_move(spec) == ENCIRCLED


def test_knight_may_not_land_on_an_attacker_on_the_edge():
    """Knight b5 ringed; behind a5 is the board's end, behind c5, b6, b4 attackers: shut in (no
    jump off the board, none onto an attacker on the edge)."""
    spec = f"{KING_SHUT_IN}; N c5; A b5 a5 c6 c7 c4 c3 d5 e5"
    assert result_after_a_far_move(spec, throne=False) == ENCIRCLED
    spec = f"{KING_SHUT_IN}; N b5; A a5 b6 b7 b4 b3 c5 d5"
    assert result_after_a_far_move(spec, throne=False) == ENCIRCLED


def test_restricted_king_on_an_ordinary_square_cannot_jump_out():
    """The king alone in a ring on ordinary squares: his jump would neither start nor end on a
    throne or corner, so he is shut in; with a free king jump (king_jump = free) he jumps out."""
    spec = "K c7; A b7 d7 c8 c6"
    assert result_after_a_far_move(spec) == ENCIRCLED
    assert result_after_a_far_move(spec, king_jump="free") is None


def test_restricted_king_jumps_out_of_the_throne():
    """The king on the throne ringed once: from the throne he may jump, so he is not shut in; with
    a second ring he is."""
    spec = "K e5; A d5 f5 e6 e4"
    assert result_after_a_far_move(spec) is None
    assert result_after_a_far_move(spec + "; A c5 g5 e7 e3") == ENCIRCLED


def test_restricted_king_beside_the_empty_throne_jumps_out_from_it():
    """The king on e6 shut in together with the empty throne e5: he may step onto the throne and
    jump from there over e4, d5 or f5, so he is not shut in."""
    spec = "K e6; A e7 d6 f6 d5 f5 e4"
    assert result_after_a_far_move(spec) is None
    assert result_after_a_far_move(spec + "; A e3 c5 g5") == ENCIRCLED


def test_knight_in_a_pocket_of_three_squares_without_a_jump_out_is_shut_in():
    """Knight d4 with the empty d5 and d6 beyond it, all ringed and every landing square beyond
    the ring taken: the knight can move about inside but not out."""
    ring = "c4 e4 d3 c5 e5 c6 e6 d7"
    behind = "b4 f4 d2 b5 f5 b6 f6 d8"
    spec = f"{KING_SHUT_IN}; N d4; A {ring} {behind}"
    assert result_after_a_far_move(spec, throne=False) == ENCIRCLED
