"""Squares and their names.

A square is a small int ``rank * size + file`` (0-based; ``a1`` = 0 is bottom-left, as in
OpenTafl notation and Damian Walker's algebraic notation). Names are a file letter
(``a``..``y``) and a rank number (``1``..``25``).

On a hex board (:class:`tafl_core.geometry.HexSize`) the names are AbstractPlay's (its
HexTriGraph, the notation of its HeXentafl): a row letter counted from the bottom row ``a``
and the cell's place in that row from the left, ``1``..; the 4×4 board's centre is ``d4`` and
its corners ``a1 a4 d1 d7 g1 g4``.
"""

from __future__ import annotations

from .errors import NotationError
from .geometry import HexSize, is_edge_cell
from .reasons import Reason, refusal

FILES = "abcdefghijklmnopqrstuvwxy"
MIN_SIZE = 7  # the smallest tafl board (Brandubh, Ard Rí: 7×7); rulesets use the same bounds
MAX_SIZE = 25
_ASCII_DIGITS = frozenset("0123456789")


def square_name(square: int, size: int) -> str:
    """Name of ``square`` on a ``size``×``size`` board, e.g. ``square_name(0, 9) == "a1"``."""
    rank, file = divmod(square, size)
    if isinstance(size, HexSize):
        return f"{FILES[rank]}{file - _hex_row_start(rank, size) + 1}"
    return f"{FILES[file]}{rank + 1}"


def _hex_row_start(rank: int, n: HexSize) -> int:
    """The file of the first cell of row ``rank`` of a hex board (rows above the middle start
    further right: geometry's axial embedding)."""
    return max(0, rank - (n.side - 1))


def parse_square(name: str, size: int) -> int:
    """Square index of a name such as ``"e5"`` (case-insensitive).

    Raises:
        NotationError: the name is malformed or off a ``size``×``size`` board.
    """
    text = name.strip().lower() if isinstance(name, str) else ""
    if not 2 <= len(text) <= 3 or text[0] not in FILES or not _ASCII_DIGITS.issuperset(text[1:]) or text[1] == "0":
        raise NotationError(refusal(Reason.NOT_A_SQUARE, text=shown_text(name)))
    if isinstance(size, HexSize):
        rank, place = FILES.index(text[0]), int(text[1:]) - 1
        if rank >= size or place >= size - abs(rank - (size.side - 1)):
            raise NotationError(refusal(Reason.CELL_OFF_HEX_BOARD, square=name, side=size.side))
        return rank * size + _hex_row_start(rank, size) + place
    file = FILES.index(text[0])
    rank = int(text[1:]) - 1
    if file >= size or rank >= size:
        raise NotationError(refusal(Reason.SQUARE_OFF_BOARD, square=name, size=size))
    return rank * size + file


def shown_text(text, limit: int = 20) -> str:
    """``text`` as it may appear inside a one-line message: at most ``limit`` characters (then
    "…"), control characters and other unprintable ones escaped as in Python's ``repr``."""
    s = text if isinstance(text, str) else str(text)
    cut = s[:limit] + ("…" if len(s) > limit else "")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)


def is_edge(square: int, size: int) -> bool:
    """True when ``square`` lies on the outermost ring of the board."""
    if isinstance(size, HexSize):
        return is_edge_cell(square, size)
    rank, file = divmod(square, size)
    return rank == 0 or file == 0 or rank == size - 1 or file == size - 1
