"""The exit fort on every edge (Copenhagen 5.7): "the defenders also win if the king touches the
edge of the board, is still able to move, and the attackers can no longer break the fort of
defenders round him" - none of the fort's pieces may still be capturable, and no attacker may
stand inside. Played on the real Copenhagen ruleset (11x11).

Each fort is drawn once along the bottom edge as (i, d) pairs - i along the edge, d the distance
from it - and played on all four edges. The result is compared by winner and rule key (the rule
``exit_fort``), not by the reason's spelling.
"""

from __future__ import annotations

import pytest

from tafl_core import Game, load_ruleset, square_name

from .helpers import REPO, pieces_from_spec

COPENHAGEN = REPO / "variants_src" / "copenhagen-hnefatafl"
N = 11
EDGES = ["bottom", "top", "left", "right"]


def sq(edge: str, i: int, d: int) -> str:
    """The square i along ``edge`` at distance d from it."""
    file, rank = {"bottom": (i, d), "top": (i, N - 1 - d), "left": (d, i), "right": (N - 1 - d, i)}[edge]
    return square_name(rank * N + file, N)


def after_defenders_move(edge: str, king: tuple, defenders: list, move: tuple, extra: str = ""):
    """The result after the defenders' ``move`` ((i, d) to (i, d)) with the king and defenders
    on ``edge``; two attackers far off in the opposite corner region."""
    spec = (f"K {sq(edge, *king)}; D {' '.join(sq(edge, *p) for p in defenders)}; "
            f"A {sq(edge, 9, 9)} {sq(edge, 8, 9)}" + (f"; {extra}" if extra else ""))
    g = Game(load_ruleset(COPENHAGEN), pieces_from_spec(spec, N), "defenders")
    return g.play(f"{sq(edge, *move[0])}-{sq(edge, *move[1])}").result


def is_fort(result) -> bool:
    return (result is not None and result.as_dict()["winner"] == "defenders" and result.rule == "exit_fort"
            and result.as_dict()["reason"] != "king_escaped")


# The smallest fort: king at i = 5 with the empty square i = 6 beside him to move to; e1 and h1 on
# the edge line can only be taken along it, where the king or the enclosed square stands; the two
# in front shield each other.
SMALL = dict(king=(5, 0), defenders=[(4, 0), (5, 1), (6, 1), (7, 3)], move=((7, 3), (7, 0)))


@pytest.mark.parametrize("edge", EDGES)
def test_smallest_fort_wins_on_every_edge(edge):
    assert is_fort(after_defenders_move(edge, **SMALL))


@pytest.mark.parametrize("edge", EDGES)
def test_a_defender_elsewhere_does_not_matter(edge):
    """A lone defender away from the fort, capturable itself, changes nothing about the fort."""
    assert is_fort(after_defenders_move(edge, **SMALL, extra=f"D {sq(edge, 2, 6)}"))


@pytest.mark.parametrize("edge", EDGES)
def test_a_front_piece_open_on_both_sides_breaks_the_fort(edge):
    """The region i = 5..6 at the edge and i = 6 at distance 1: the defender at (7, 1) has empty
    squares on both sides along the edge's direction away from the region ((7, 0) and (7, 2)), so
    attackers could still take it: no fort. With a defender on (7, 0) it holds."""
    defenders = [(4, 0), (6, 0), (4, 1), (7, 1), (5, 2), (6, 2)]
    walls = dict(king=(5, 0), move=((5, 4), (5, 2)))
    defenders_before = [p for p in defenders if p != (5, 2)] + [(5, 4)]
    assert after_defenders_move(edge, defenders=defenders_before, **walls) is None
    assert is_fort(after_defenders_move(edge, defenders=defenders_before + [(7, 0)], **walls))


@pytest.mark.parametrize("edge", EDGES)
def test_the_king_must_touch_the_edge(edge):
    """A solid block of defenders round the king one square away from the edge, with an empty
    square for him to move to: not an exit fort, the king does not touch the edge."""
    block = [(1, 0), (2, 0), (1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3)]
    before = [p for p in block if p != (3, 2)] + [(5, 2)]
    assert after_defenders_move(edge, king=(2, 2), defenders=before, move=((5, 2), (3, 2))) is None


@pytest.mark.parametrize("edge", EDGES)
def test_a_king_who_cannot_move_has_no_fort(edge):
    """'is still able to move': the king walled in on the edge with no empty square beside him has
    no exit fort, however solid the wall (the smallest fort above differs by the empty square)."""
    assert after_defenders_move(edge, king=(5, 0), defenders=[(4, 0), (5, 1), (6, 0), (6, 3)],
                                move=((6, 3), (6, 1))) is None


def test_a_fort_round_the_first_square_of_the_board():
    """notes/source-format.md (exit_fort: 'an unbreakable exit fort on the edge wins for the defenders'): with
    corners only at i9 (a list of corner squares), a1 is an ordinary edge square, and a fort round
    the king there wins like any other."""
    from .helpers import setup
    g = setup("K a1; D a2 b2 c3; A h5 g5", "defenders", exit_fort=True, corners=["i9"], escape="corners")
    result = g.play("c3-c1").result
    assert is_fort(result)
