"""The shieldwall on every edge of the board (Copenhagen 5.5; notes/source-format.md ``shieldwall``,
``shieldwall_flank``): "a row of two or more pieces of one side standing next to each other on the
edge of the board can be captured all at once if an enemy piece stands in front of every piece of
the row, and the row is closed at both ends on the edge line by enemy pieces; a corner square may
form one of the two ends"; the capturing move is a move onto the edge line at one end of the row
(``shieldwall_flank = true``), or, without that rule, also a move onto a square in front of it. A
king in the row is not taken; the king may close it as long as he takes part in captures.

Each position is drawn once along the bottom edge, as (i, d) pairs - i along the edge, d the
distance from it - and played on all four edges of the neutral 9x9 test ruleset (helpers.py;
corners a1 a9 i1 i9, king on the throne e5 out of the way).
"""

from __future__ import annotations

import pytest

from tafl_core import Game, square_name

from .helpers import pieces_from_spec, ruleset

N = 9
EDGES = ["bottom", "top", "left", "right"]


def sq(edge: str, i: int, d: int) -> str:
    """The square i along ``edge`` (from its lower-numbered end) at distance d from it."""
    file, rank = {"bottom": (i, d), "top": (i, N - 1 - d), "left": (d, i), "right": (N - 1 - d, i)}[edge]
    return square_name(rank * N + file, N)


def play(edge: str, pieces: dict[str, list[tuple[int, int]]], move: tuple[tuple[int, int], tuple[int, int]],
         to_move: str = "attackers", **rules) -> list[str]:
    """Play ``move`` (two (i, d) pairs) on ``edge`` with ``pieces`` ({letter: [(i, d), ...]},
    the king on e5 unless given); the squares captured, sorted."""
    spec = {k: [sq(edge, i, d) for i, d in v] for k, v in pieces.items()}
    spec.setdefault("K", ["e5"])
    g = Game(ruleset(**rules), pieces_from_spec("; ".join(f"{k} {' '.join(v)}" for k, v in spec.items()), N), to_move)
    (i1, d1), (i2, d2) = move
    played = g.play(f"{sq(edge, i1, d1)}-{sq(edge, i2, d2)}")
    return sorted(square_name(c.square, N) for c in played.captures)


WALL = dict(shieldwall="corner", shieldwall_flank=True)


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("closing_end", ["high", "low"])
def test_row_of_three_taken_by_the_flanking_move_at_either_end(edge, closing_end):
    """Three defenders on the edge (i = 3..5), an attacker in front of each, one end held: the
    attacker moving onto the other end takes all three."""
    standing, arriving = ((2, 0), 6) if closing_end == "high" else ((6, 0), 2)
    pieces = {"D": [(3, 0), (4, 0), (5, 0)], "A": [(3, 1), (4, 1), (5, 1), standing, (arriving, 3)]}
    assert play(edge, pieces, ((arriving, 3), (arriving, 0)), **WALL) == sorted(sq(edge, i, 0) for i in (3, 4, 5))


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("corner_end", ["low", "high"])
def test_an_empty_corner_closes_one_end(edge, corner_end):
    """shieldwall = corner: the row beside a corner (i = 1, 2 or 6, 7) is closed by the corner."""
    row, arriving = ((1, 2), 3) if corner_end == "low" else ((6, 7), 5)
    pieces = {"D": [(i, 0) for i in row], "A": [(i, 1) for i in row] + [(arriving, 3)]}
    assert play(edge, pieces, ((arriving, 3), (arriving, 0)), **WALL) == sorted(sq(edge, i, 0) for i in row)
    # shieldwall = on: the corner closes nothing
    assert play(edge, pieces, ((arriving, 3), (arriving, 0)), shieldwall="on", shieldwall_flank=True) == []


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("corner_end", ["low", "high"])
def test_without_the_flank_rule_a_move_in_front_closes_the_row(edge, corner_end):
    """shieldwall_flank = false (notes/source-format.md): a move onto the square in front of the man next to the
    corner closes the row too; with the flank rule it does not (Copenhagen 5.5: 'if the front ...
    is completed only afterwards, the row does not fall')."""
    row, end = ((1, 2), 3) if corner_end == "low" else ((7, 6), 5)
    pieces = {"D": [(i, 0) for i in row], "A": [(row[1], 1), (end, 0), (row[0], 3)]}
    move = ((row[0], 3), (row[0], 1))
    assert play(edge, pieces, move, shieldwall="corner", shieldwall_flank=False) == sorted(sq(edge, i, 0) for i in row)
    assert play(edge, pieces, move, **WALL) == []


def test_completing_the_front_of_a_closed_row_does_not_take_it_with_the_flank_rule():
    """Copenhagen 5.5: both ends already held, the last front square filled afterwards: no capture."""
    pieces = {"D": [(3, 0), (4, 0)], "A": [(2, 0), (5, 0), (3, 1), (4, 3)]}
    assert play("bottom", pieces, ((4, 3), (4, 1)), **WALL) == []
    assert play("bottom", pieces, ((4, 3), (4, 1)), shieldwall="corner", shieldwall_flank=False) == ["d1", "e1"]


def test_a_move_beside_the_own_end_of_a_closed_row_takes_nothing():
    """The row (i = 4, 5) is already closed by attackers at i = 3 and 6; an attacker arriving at
    i = 2, next to the end piece, is not at an end of the row and closes nothing."""
    pieces = {"D": [(4, 0), (5, 0)], "A": [(3, 0), (6, 0), (3, 1), (4, 1), (5, 1), (2, 3)]}
    assert play("bottom", pieces, ((2, 3), (2, 0)), **WALL) == []


def test_a_gap_between_the_row_and_the_mover_is_no_end():
    """The row (i = 3, 4) is closed at i = 2, but i = 5 is empty: an attacker arriving at i = 6
    does not close it, whatever stands in front."""
    pieces = {"D": [(3, 0), (4, 0)], "A": [(2, 0), (3, 1), (4, 1), (5, 1), (6, 3)]}
    assert play("bottom", pieces, ((6, 3), (6, 0)), **WALL) == []


def test_a_man_of_the_rows_own_side_in_front_breaks_the_front():
    """'an enemy piece stands in front of every piece of the row': a defender in front of a
    defender does not count."""
    pieces = {"D": [(3, 0), (4, 0), (4, 1)], "A": [(2, 0), (3, 1), (5, 3)]}
    assert play("bottom", pieces, ((5, 3), (5, 0)), **WALL) == []
    pieces = {"D": [(3, 0), (4, 0)], "A": [(2, 0), (3, 1), (4, 1), (5, 3)]}
    assert play("bottom", pieces, ((5, 3), (5, 0)), **WALL) == ["d1", "e1"]


def test_a_row_running_into_the_corner_square_is_not_closed_by_the_next_rank():
    """Without corner squares (corners = none) a row that reaches the end of the edge has no
    second end: the attacker on a2, beyond i1 in the squares' numbering but not on the edge line,
    closes nothing."""
    rules = dict(shieldwall="on", shieldwall_flank=True, corners="none", escape="edge")
    g = Game(ruleset(**rules), pieces_from_spec("K e5; D g1 h1 i1; A g2 h2 i2 a2 f4", N), "attackers")
    assert g.play("f4-f1").captures == ()


@pytest.mark.parametrize("armed,king_closes", [("yes", True), ("anvil", True), ("no", False)])
def test_the_king_closes_a_row_as_far_as_he_takes_part_in_captures(armed, king_closes):
    """Copenhagen 5.5: 'the king may take part in a shieldwall capture as one of the closing
    pieces' - the armed king, and the king armed as anvil as the end that stands (notes/source-format.md
    king_armed); the unarmed king closes nothing, while other defenders still do."""
    rules = dict(WALL, king_armed=armed)
    g = Game(ruleset(**rules), pieces_from_spec("K c1; A d1 e1; D d2 e2 f4", N), "defenders")
    assert sorted(square_name(c.square, N) for c in g.play("f4-f1").captures) == (["d1", "e1"] if king_closes else [])
    g = Game(ruleset(**rules), pieces_from_spec("K c5; D c1 d2 e2 f4; A d1 e1", N), "defenders")
    assert sorted(square_name(c.square, N) for c in g.play("f4-f1").captures) == ["d1", "e1"]


def test_a_column_running_into_the_top_corner_square_is_not_closed():
    """The same along the left edge: a column of defenders up to a9 (corners = none) has no upper
    end, so the attacker arriving below it takes nothing."""
    rules = dict(shieldwall="on", shieldwall_flank=True, corners="none", escape="edge")
    g = Game(ruleset(**rules), pieces_from_spec("K e5; D a7 a8 a9; A b7 b8 b9 d6", N), "attackers")
    assert g.play("d6-a6").captures == ()


@pytest.mark.parametrize("armed", ["yes", "no", "anvil", "hammer"])
def test_the_king_closes_a_row_as_hammer_or_as_anvil_as_king_armed_says(armed):
    """README king_armed: the king takes part in captures "anvil = only as the stationary side,
    hammer = only as the moving side", in a shieldwall as in a custodial capture. The king moving
    onto the end of the row closes it when he is a hammer; the king standing at the other end,
    when he is an anvil; the king standing in front of a member, when he is an anvil."""
    rules = dict(WALL, king_armed=armed)
    hammer, anvil = armed in ("yes", "hammer"), armed in ("yes", "anvil")
    taken = ["d1", "e1"]
    g = Game(ruleset(**rules), pieces_from_spec("D c1 d2 e2; A d1 e1; K f4", N), "defenders")
    assert sorted(square_name(c.square, N) for c in g.play("f4-f1").captures) == (taken if hammer else [])
    g = Game(ruleset(**rules), pieces_from_spec("K c1; D d2 e2 f4; A d1 e1", N), "defenders")
    assert sorted(square_name(c.square, N) for c in g.play("f4-f1").captures) == (taken if anvil else [])
    g = Game(ruleset(**rules), pieces_from_spec("D c1 f4; K d2; D e2; A d1 e1", N), "defenders")
    assert sorted(square_name(c.square, N) for c in g.play("f4-f1").captures) == (taken if anvil else [])
