"""Fast paths of the engine on bitboards (Python's big integers, one bit a square, bit ``s`` for
square ``s``; python-chess keeps its boards the same way): the move generator by per-line
occupancy lookups, "has a legal move", and the encirclement flood fill by shifts of whole
bitboards.

They give exactly what the reference implementations give (:class:`~tafl_core.movegen.MoveGenerator`,
:class:`~tafl_core.outcomes.Outcomes`), move lists in the same order, and are checked against them
on random positions of every ruleset (``tests/tafl_core/test_bitboards.py``). A game's bitboards
(``bits``: one int per side; ``occ_t``: the occupancy transposed, bit ``file * size + rank``, so
that a file's squares are neighbouring bits as a rank's are) are kept by
:class:`~tafl_core.game.Game` on every move and take-back.

The moves of a sliding piece along one line depend only on the piece, its square and which
squares of that line are occupied: :class:`LineTables` keeps them per piece code and square in a
dict keyed by the line's occupancy (its ``size`` bits), filled on first use. A ruleset with jumps
(Berserk Hnefatafl) keeps the reference generator, since a jump depends on the kind of the piece
jumped over, not only on occupancy.
"""

from __future__ import annotations

from .movegen import MoveGenerator
from .outcomes import Outcomes
from .tables import NORMAL, SIDE_OF, Tables, stop_from_special

#: Directions in :attr:`Tables.rays` order: north and south run along a file, east and west
#: along a rank (so a piece's file moves followed by its rank moves keep the reference order).
FILE_DIRS = (0, 1)
RANK_DIRS = (2, 3)
#: Longer than any line (the largest board is 25 squares a side): the factor of a span key.
MAX_LINE = 32
#: Most occupancies stored per piece code, square and line (a line of a large board has up to
#: 2**25); past it a lookup goes through the spans, which are few.
LINE_KEYS = 4096


class LineTables:
    """Per-ruleset bitboard constants and the lazily filled per-line move tables.

    Attributes:
        n: board side length.
        bit: per square, ``1 << square``.
        tbit: per square, its bit in the transposed occupancy (``1 << (file * n + rank)``).
        near: per square, the bits of its orthogonal neighbours.
        row_shift / col_shift: per square, the shift that brings its rank's bits (in the
            occupancy) or its file's bits (in the transposed occupancy) down to bit 0.
        mask: ``(1 << n) - 1``, one line's bits.
        full: every square's bit; ``edge``: the squares of the board's edge.
        not_west / not_east: every square except the westmost / eastmost file (shift guards).
        file_moves / rank_moves: per piece code, per square, a dict line occupancy -> tuple of
            move codes ``from << 10 | to`` (north then south; east then west).
        file_spans / rank_spans: the same tuples per piece code and square, keyed by the empty
            squares ahead and behind (``ahead * MAX_LINE + behind``).
    """

    def __init__(self, t: Tables):
        n = t.n
        n2 = n * n
        self.t = t
        self.n = n
        self.bit = [1 << s for s in range(n2)]
        self.tbit = [1 << (s % n * n + s // n) for s in range(n2)]
        self.row_shift = [s // n * n for s in range(n2)]
        self.col_shift = [s % n * n for s in range(n2)]
        self.near = [sum(1 << a for a in t.adj[s]) for s in range(n2)]
        self.mask = (1 << n) - 1
        self.full = (1 << n2) - 1
        self.edge = sum(1 << s for s in range(n2) if t.edge[s])
        self.not_west = sum(1 << s for s in range(n2) if s % n)
        self.not_east = sum(1 << s for s in range(n2) if s % n != n - 1)
        self.file_moves = [[{} for _ in range(n2)] for _ in range(6)]
        self.rank_moves = [[{} for _ in range(n2)] for _ in range(6)]
        self.file_spans = [[{} for _ in range(n2)] for _ in range(6)]
        self.rank_spans = [[{} for _ in range(n2)] for _ in range(6)]

    def line(self, code: int, f: int, occ: int, along_file: bool) -> tuple[int, ...]:
        """The moves of piece ``code`` on ``f`` along its file (``along_file``) or rank, given
        the line's occupancy ``occ`` (bit ``i``: the line's ``i``-th square, counted from rank 1
        or file a). They depend only on the number of empty squares before the first piece on
        each side, so they are built once per such pair (:meth:`_spans`) and then stored under
        the occupancy too (up to :data:`LINE_KEYS` occupancies a line and square)."""
        n = self.n
        p = f // n if along_file else f % n
        up = occ >> (p + 1)
        ahead = (up & -up).bit_length() - 1 if up else n - 1 - p
        behind = p - (occ & ((1 << p) - 1)).bit_length()
        spans = (self.file_spans if along_file else self.rank_spans)[code][f]
        key = ahead * MAX_LINE + behind
        moves = spans.get(key)
        if moves is None:
            moves = spans[key] = self._spans(code, f, ahead, behind, along_file)
        by_occ = (self.file_moves if along_file else self.rank_moves)[code][f]
        if len(by_occ) < LINE_KEYS:
            by_occ[occ] = moves
        return moves

    def _spans(self, code: int, f: int, ahead: int, behind: int, along_file: bool) -> tuple[int, ...]:
        """The moves of piece ``code`` on ``f`` along its file or rank with ``ahead`` empty
        squares north (east) of it and ``behind`` south (west) before the first piece or the
        edge: slides over empty squares, stopping where the piece may stop, cut after a square
        it may not pass; one-step pieces one square (rules as in
        :meth:`MoveGenerator.plain_codes`)."""
        t = self.t
        stop = t.stop[code] if t.kind[f] == NORMAL else stop_from_special(t, code, f)
        pas = t.passable[code]
        base = f << 10
        out = []
        dirs = FILE_DIRS if along_file else RANK_DIRS
        for d, free in ((dirs[0], ahead), (dirs[1], behind)):
            for s in t.rays[f][d][:free]:
                if stop[s]:
                    out.append(base | s)
                if t.one_step[code] or not pas[s]:
                    break
        return tuple(out)


_LINE_CACHE: dict[int, tuple[Tables, LineTables]] = {}


def line_tables(t: Tables) -> LineTables:
    """The :class:`LineTables` of the ruleset tables ``t`` (cached per tables object)."""
    entry = _LINE_CACHE.get(id(t))
    if entry is not None and entry[0] is t:
        return entry[1]
    lines = LineTables(t)
    if len(_LINE_CACHE) > 64:
        _LINE_CACHE.clear()
    _LINE_CACHE[id(t)] = (t, lines)
    return lines


def board_bits(board: list[int], n: int) -> tuple[list[int], int]:
    """The bitboards of ``board`` (piece codes per square, ``n`` squares a side): ``[attackers'
    bits, defenders' bits]`` and the transposed occupancy. O(n²); the incremental ones in
    :class:`~tafl_core.game.Game` are checked against it."""
    bits = [0, 0]
    occ_t = 0
    for s, code in enumerate(board):
        if code:
            bits[SIDE_OF[code]] |= 1 << s
            occ_t |= 1 << (s % n * n + s // n)
    return bits, occ_t


class FastBoard:
    """Bitboard fast paths of :class:`~tafl_core.game.Game` (mixin, first in its bases): they
    override the reference methods of the same name and give the same answers. Reads the game's
    ``board``, ``pieces``, ``bits``, ``occ_t``, ``_lines`` (its :class:`LineTables`) and
    ``_fast_moves`` (False under jumps: the reference generator then)."""

    def plain_codes(self, side: int, frm: int | None = None) -> list[int]:
        """As :meth:`MoveGenerator.plain_codes` (same moves, same order), by line lookups."""
        if not self._fast_moves:
            return MoveGenerator.plain_codes(self, side, frm)
        lt = self._lines
        board = self.board
        if frm is not None:
            code = board[frm]
            if not code or SIDE_OF[code] != side:
                return []
            squares = (frm,)
        else:
            squares = self.pieces[side]
        bits = self.bits
        occ = bits[0] | bits[1]
        occ_t = self.occ_t
        mask = lt.mask
        rsh, csh = lt.row_shift, lt.col_shift
        files, ranks = lt.file_moves, lt.rank_moves
        out = []
        for f in squares:
            code = board[f]
            key = occ_t >> csh[f] & mask
            m = files[code][f].get(key)
            out += lt.line(code, f, key, True) if m is None else m
            key = occ >> rsh[f] & mask
            m = ranks[code][f].get(key)
            out += lt.line(code, f, key, False) if m is None else m
        return out

    def has_move(self, side: int) -> bool:
        """As :meth:`MoveGenerator.has_move`: True when ``side`` has a legal move (berserk turns
        aside), by line lookups, stopping at the first piece that can move."""
        if not self._fast_moves:
            return MoveGenerator.has_move(self, side)
        lt = self._lines
        board = self.board
        bits = self.bits
        occ = bits[0] | bits[1]
        occ_t = self.occ_t
        mask = lt.mask
        rsh, csh = lt.row_shift, lt.col_shift
        files, ranks = lt.file_moves, lt.rank_moves
        for f in self.pieces[side]:
            code = board[f]
            key = occ_t >> csh[f] & mask
            m = files[code][f].get(key)
            if m is None:
                m = lt.line(code, f, key, True)
            if m:
                return True
            key = occ >> rsh[f] & mask
            m = ranks[code][f].get(key)
            if m is None:
                m = lt.line(code, f, key, False)
            if m:
                return True
        return False

    def _encircled(self) -> bool:
        """As :meth:`Outcomes._encircled` (no defender can reach the edge through squares not
        held by attackers), the flood fill one ring of squares a step over whole bitboards."""
        lt = self._lines
        edge = lt.edge
        fill = self.bits[1]
        if fill & edge:
            return False
        free = lt.full & ~self.bits[0]
        n = lt.n
        west, east = lt.not_west, lt.not_east
        while True:
            grow = (fill | fill << n | fill >> n | (fill & east) << 1 | (fill & west) >> 1) & free
            if grow & edge:
                return False
            if grow == fill:
                # a jumping defender may still leap out over the ring: the reference decides
                return Outcomes._encircled(self) if self.tables.any_jump else True
            fill = grow


__all__ = ["FastBoard", "LineTables", "line_tables", "board_bits", "FILE_DIRS", "RANK_DIRS"]
