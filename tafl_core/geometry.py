"""The board's geometry: which cells exist, the directions of movement, the lines along them,
the edge and the corners. Two grids share one engine:

* ``square``: an n×n board, four directions (north, south, east, west), square ``rank * n + file``;
* ``hex``: a hexagon of side k (HeXentafl: k = 4 or 5) embedded in axial coordinates in a
  (2k-1)×(2k-1) array, square ``rank * n + file`` again. Rank r is the row counted from the
  bottom; along a row the file grows by one per cell, and a row above the middle starts one file
  further right than the row below it, so that the six neighbours of (r, f) are (r, f±1),
  (r+1, f), (r+1, f+1), (r-1, f), (r-1, f-1). The array's cells with ``|r - f| > k - 1`` lie
  outside the hexagon: they are in no ray and no neighbour list, so no piece ever reaches them.

A hex board is told apart by its size: :class:`HexSize` is an ``int`` (the array's side, so that
every ``n * n`` and ``divmod(s, n)`` of the engine works unchanged) that carries the geometry to
the notation (:func:`tafl_core.squares.square_name`) and to the tables (:mod:`tafl_core.tables`),
which build everything a rule reads from :func:`directions`, :func:`on_board` and friends.
"""

from __future__ import annotations

#: The geometries a ``rules.toml`` may declare (rule key ``geometry``).
GEOMETRIES = ("square", "hex")
#: The square engine's directions as (rank step, file step): north, south, east, west (the
#: order the tables and the bitboards were built on).
SQUARE_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: The hex directions as (rank step, file step), in turning order: east, north-east,
#: north-west, west, south-west, south-east (AbstractPlay's HexTriGraph names them E, NE, NW,
#: W, SW, SE). Direction d's opposite is d + 3; d ± 1 are its neighbours on the turn.
HEX_DIRS = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
#: The smallest and largest hexagon side a rules file may give (HeXentafl's 4×4 and 5×5 boards;
#: the array is 7×7 or 9×9, inside the square engine's bounds).
MIN_HEX_SIDE, MAX_HEX_SIDE = 4, 7


class HexSize(int):
    """The array side ``n = 2k - 1`` of a hexagonal board of side ``k``: an ``int`` equal to
    ``n`` (arithmetic on it gives plain ints) that marks the board as hexagonal.

    Raises:
        ValueError: ``n`` is not odd or the side is outside MIN_HEX_SIDE..MAX_HEX_SIDE.
    """

    def __new__(cls, n: int):
        n = int(n)
        if n % 2 == 0 or not MIN_HEX_SIDE <= (n + 1) // 2 <= MAX_HEX_SIDE:
            raise ValueError(f"a hex board's array side is 2k-1 for k = {MIN_HEX_SIDE}..{MAX_HEX_SIDE}, not {n}")
        return super().__new__(cls, n)

    @property
    def side(self) -> int:
        """The hexagon's side k (cells along one edge)."""
        return (int(self) + 1) // 2

    def __repr__(self) -> str:
        return f"HexSize({int(self)})"

    def __reduce__(self):
        return (HexSize, (int(self),))


def hex_board(side: int) -> HexSize:
    """The size of a hexagonal board of ``side`` cells per edge (``hex_board(4) == 7``)."""
    return HexSize(2 * side - 1)


def geometry_of(n: int) -> str:
    """``"hex"`` for a :class:`HexSize`, else ``"square"``."""
    return "hex" if isinstance(n, HexSize) else "square"


def on_board(s: int, n: int) -> bool:
    """True when square ``s`` of the n×n array is a cell of the board (always on a square
    board; inside the hexagon on a hex board)."""
    if not 0 <= s < n * n:
        return False
    if not isinstance(n, HexSize):
        return True
    r, f = divmod(s, n)
    return abs(r - f) <= n.side - 1


def board_cells(n: int) -> list[int]:
    """The board's cells in ascending order."""
    if not isinstance(n, HexSize):
        return list(range(n * n))
    return [s for s in range(n * n) if on_board(s, n)]


def directions(n: int) -> tuple[tuple[int, int], ...]:
    """The directions of movement of the board, as (rank step, file step)."""
    return HEX_DIRS if isinstance(n, HexSize) else SQUARE_DIRS


def turning_order(n: int) -> tuple[int, ...]:
    """The direction indices of :func:`directions` in turning order (each next to the one before
    it around a cell): north, east, south, west on the square board; as listed on a hex board."""
    return tuple(range(6)) if isinstance(n, HexSize) else (0, 2, 1, 3)


def rays(s: int, n: int) -> tuple[tuple[int, ...], ...]:
    """The lines outward from ``s``, one per direction (possibly empty), up to the edge."""
    r0, f0 = divmod(s, n)
    out = []
    for dr, df in directions(n):
        ray = []
        r, f = r0 + dr, f0 + df
        while 0 <= r < n and 0 <= f < n and on_board(r * n + f, n):
            ray.append(r * n + f)
            r += dr
            f += df
        out.append(tuple(ray))
    return tuple(out)


def is_edge_cell(s: int, n: int) -> bool:
    """True when cell ``s`` is on the board's outermost ring (a neighbour is off the board)."""
    return on_board(s, n) and any(not ray for ray in rays(s, n))


def corner_cells(n: int) -> list[int]:
    """The board's corners, sorted: the four corner squares of a square board; the six corners
    of a hexagon (the cells with three neighbours)."""
    if not isinstance(n, HexSize):
        return sorted({0, n - 1, (n - 1) * n, n * n - 1})
    k1 = n.side - 1
    m = n - 1
    return sorted(r * n + f for r, f in ((0, 0), (0, k1), (k1, 0), (k1, m), (m, k1), (m, m)))


def centre(n: int) -> int:
    """The centre cell (of an odd board)."""
    return (n // 2) * n + n // 2


__all__ = ["GEOMETRIES", "SQUARE_DIRS", "HEX_DIRS", "HexSize", "hex_board", "geometry_of", "on_board", "board_cells",
           "directions", "turning_order", "rays", "is_edge_cell", "corner_cells", "centre", "MIN_HEX_SIDE",
           "MAX_HEX_SIDE"]
