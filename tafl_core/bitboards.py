"""Fast paths of the engine on bitboards (Python's big integers, one bit a square, bit ``s`` for
square ``s``; python-chess keeps its boards the same way): the move generator by per-line
lookups, "has a legal move", and the encirclement flood fill by shifts of whole bitboards.

They give exactly what the reference implementations give (:class:`~tafl_core.movegen.MoveGenerator`,
:class:`~tafl_core.outcomes.Outcomes`), move lists in the same order, and are checked against them
on random positions of every ruleset (``tests/tafl_core/test_bitboards.py``). A game's bitboards
(``bits``: one int per side) and line occupancies (``rows``: per rank an int, bit ``file``;
``cols``: per file an int, bit ``rank``) are kept by :class:`~tafl_core.game.Game` on every move
and take-back.

The moves of a sliding piece along one line depend only on the piece, its square and how many
empty squares lie before the first piece (or the edge) on either side of it - its *span*. One
table per board size (:func:`span_table`) gives, per occupancy of a line, every position's span
as a small index, and :class:`LineTables` keeps, per piece code and square, the moves of every
span along its file and along its rank (built at the first lookup there). The tables stay small,
so the lookups stay in the processor's caches. A ruleset with jumps (Berserk Hnefatafl) keeps the
reference generator, since a jump depends on the kind of the piece jumped over, not only on
occupancy.
"""


from __future__ import annotations

from .movegen import MoveGenerator
from .outcomes import Outcomes
from .tables import KNG, NORMAL, ORDINARY, SIDE_OF, Tables, cached_by_identity, stop_from_special

#: Directions in :attr:`Tables.rays` order: north and south run along a file, east and west
#: along a rank (so a piece's file moves followed by its rank moves keep the reference order).
FILE_DIRS = (0, 1)
RANK_DIRS = (2, 3)
#: Boards up to this size have their span table built in full (``2 ** size`` line occupancies);
#: larger ones fill theirs as occupancies come up.
SPAN_LIST_MAX = 12
#: Most line occupancies a large board's span table keeps (a long session's memory stays bounded;
#: past it a new occupancy's spans are computed at each lookup).
LAZY_SPANS_MAX = 1 << 16


def _spans_of(occ: int, n: int) -> tuple[int, ...]:
    """Per position ``p`` of a line of ``n`` squares with occupancy ``occ`` (bit ``i``: the
    ``i``-th square), the span index ``ahead * (p + 1) + behind``: ``ahead`` empty squares
    from ``p`` towards the line's high end before a piece or the end, ``behind`` towards the
    low end (the square ``p`` itself is not looked at)."""
    out = []
    for p in range(n):
        up = occ >> (p + 1)
        ahead = (up & -up).bit_length() - 1 if up else n - 1 - p
        behind = p - (occ & ((1 << p) - 1)).bit_length()
        out.append(ahead * (p + 1) + behind)
    return tuple(out)


class _LazySpans(dict):
    """The span table of a large board: :func:`_spans_of` of an occupancy at its first lookup."""

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def __missing__(self, occ: int) -> tuple[int, ...]:
        spans = _spans_of(occ, self.n)
        if len(self) < LAZY_SPANS_MAX:
            self[occ] = spans
        return spans


_SPAN_TABLES: dict[int, object] = {}


def span_table(n: int):
    """The span table of lines of ``n`` squares: indexed by a line's occupancy (an int below
    ``2 ** n``), the tuple of :func:`_spans_of`. A list up to :data:`SPAN_LIST_MAX` squares,
    else a dict that fills itself; one per board size, shared by every ruleset."""
    table = _SPAN_TABLES.get(n)
    if table is None:
        table = [_spans_of(o, n) for o in range(1 << n)] if n <= SPAN_LIST_MAX else _LazySpans(n)
        _SPAN_TABLES[n] = table
    return table


class LineTables:
    """Per-ruleset bitboard constants and the lazily filled per-line move tables.

    Attributes:
        n: board side length.
        bit: per square, ``1 << square``.
        rank_of / file_of: per square, its rank and file index (``s // n``, ``s % n``).
        rank_bit / file_bit: per square, its bit in its rank's occupancy (``1 << file``) and in
            its file's (``1 << rank``).
        near: per square, the bits of its orthogonal neighbours.
        full: every square's bit; ``edge``: the squares of the board's edge.
        not_west / not_east: every square except the westmost / eastmost file (shift guards).
        spans: :func:`span_table` of the board size.
        escape_lines: per square, the escape squares on its rank and file (those a piece on it
            could reach in one move).
        hostile_always / hostile_empty: per side, the squares hostile to its ordinary pieces
            always / only while empty (``<kind>_hostile`` / ``<kind>_hostile_empty``).
        file_moves / rank_moves: per piece code, per square, None until first used, then a list
            indexed by span (:func:`_spans_of`) of tuples of move codes ``from << 10 | to``
            (north then south; east then west).
    """

    def __init__(self, t: Tables):
        n = t.n
        n2 = n * n
        self.t = t
        self.n = n
        self.bit = [1 << s for s in range(n2)]
        self.rank_of = [s // n for s in range(n2)]
        self.file_of = [s % n for s in range(n2)]
        self.rank_bit = [1 << (s % n) for s in range(n2)]
        self.file_bit = [1 << (s // n) for s in range(n2)]
        self.near = [sum(1 << a for a in t.adj[s]) for s in range(n2)]
        self.full = (1 << n2) - 1
        self.edge = sum(1 << s for s in range(n2) if t.edge[s])
        self.not_west = sum(1 << s for s in range(n2) if s % n)
        self.not_east = sum(1 << s for s in range(n2) if s % n != n - 1)
        self.spans = span_table(n)
        self.escape_lines = [tuple(q for ray in t.rays[s] for q in ray if t.escape[q]) for s in range(n2)]
        # per side of the victim: the squares always hostile to its ordinary pieces, and those
        # hostile only while empty (the tables' hostility of a commander or knight is that of
        # the ordinary piece of its side: tables.SOLDIER_OF)
        self.hostile_always = tuple(sum(1 << s for s in range(n2) if t.hostile[code][s] == 1) for code in ORDINARY)
        self.hostile_empty = tuple(sum(1 << s for s in range(n2) if t.hostile[code][s] == 2) for code in ORDINARY)
        self.file_moves: list[list] = [[None] * n2 for _ in range(6)]
        self.rank_moves: list[list] = [[None] * n2 for _ in range(6)]

    def build(self, code: int, f: int, along_file: bool) -> list[tuple[int, ...]]:
        """The moves of piece ``code`` on ``f`` along its file (``along_file``) or rank, per
        span: stored in :attr:`file_moves` / :attr:`rank_moves` and returned. A span's moves are
        those over its empty squares north (east), then south (west): :meth:`_prefixes`."""
        n = self.n
        p = f // n if along_file else f % n
        dirs = FILE_DIRS if along_file else RANK_DIRS
        ahead = self._prefixes(code, f, dirs[0])
        behind = self._prefixes(code, f, dirs[1])
        moves = [ahead[a] + behind[b] for a in range(n - p) for b in range(p + 1)]
        (self.file_moves if along_file else self.rank_moves)[code][f] = moves
        return moves

    def _prefixes(self, code: int, f: int, d: int) -> list[tuple[int, ...]]:
        """The moves of piece ``code`` on ``f`` in direction ``d`` when the first ``i`` squares
        that way are empty, for every ``i`` (index ``i``): slides over empty squares, stopping
        where the piece may stop, cut after a square it may not pass; one-step pieces one square
        (rules as in :meth:`MoveGenerator.plain_codes`)."""
        t = self.t
        stop = t.stop[code] if t.kind[f] == NORMAL else stop_from_special(t, code, f)
        pas = t.passable[code]
        base = f << 10
        out = [()]
        moves = []
        cut = False
        for s in t.rays[f][d]:
            if not cut:
                if stop[s]:
                    moves.append(base | s)
                cut = t.one_step[code] or not pas[s]
            out.append(tuple(moves))
        return out


_LINE_CACHE: dict[int, tuple[Tables, LineTables]] = {}


def line_tables(t: Tables) -> LineTables:
    """The :class:`LineTables` of the ruleset tables ``t`` (cached per tables object)."""
    return cached_by_identity(_LINE_CACHE, t, LineTables)


def board_bits(board: list[int], n: int) -> tuple[list[int], list[int], list[int]]:
    """The bitboards of ``board`` (piece codes per square, ``n`` squares a side): ``[attackers'
    bits, defenders' bits]``, the occupancy of each rank (bit ``file``) and of each file (bit
    ``rank``). O(n²); the incremental ones in :class:`~tafl_core.game.Game` are checked against
    it."""
    bits = [0, 0]
    rows = [0] * n
    cols = [0] * n
    for s, code in enumerate(board):
        if code:
            bits[SIDE_OF[code]] |= 1 << s
            rows[s // n] |= 1 << (s % n)
            cols[s % n] |= 1 << (s // n)
    return bits, rows, cols


def capture_squares(game, side: int) -> int:
    """The empty squares (a bitboard) onto which a piece of ``side`` would close a custodial
    capture in ``game``'s position: next to an enemy piece other than the king whose square on
    the opposite side holds a piece of ``side`` (any kind) or is hostile to that enemy (always,
    or while empty). A guess for move ordering: it ignores who may actually reach the square
    and whether the rules arm the piece."""
    if game.tables.ndirs != 4:   # the shifts below step along ranks and files only
        return _capture_cells(game, side)
    lt = game.lines
    n = lt.n
    bits = game.bits
    occ = bits[0] | bits[1]
    empty = lt.full & ~occ
    enemies = bits[1 - side]
    if game.king >= 0 and side == 0:
        enemies &= ~lt.bit[game.king]
    partners = bits[side] | lt.hostile_always[1 - side] | lt.hostile_empty[1 - side] & empty
    east, west = lt.not_east, lt.not_west
    hits = (enemies & partners << n) << n | (enemies & partners >> n) >> n
    hits |= (enemies & (partners & east) << 1 & east) << 1 | (enemies & (partners & west) >> 1 & west) >> 1
    return hits & empty


def _capture_cells(game, side: int) -> int:
    """:func:`capture_squares` cell by cell, along the tables' directions (any geometry)."""
    t, board = game.tables, game.board
    out = 0
    for e in game.pieces[1 - side]:
        victim = board[e]
        if victim == KNG:
            continue
        h = t.hostile[victim]
        step = t.step[e]
        for d in range(t.ndirs):
            a, b = step[d], step[t.opposite[d]]
            if a < 0 or b < 0 or board[a]:
                continue
            c = board[b]
            if (c and SIDE_OF[c] == side) or h[b] == 1 or (h[b] == 2 and not c):
                out |= 1 << a
    return out


class FastBoard:
    """Bitboard fast paths of :class:`~tafl_core.game.Game` (mixin, first in its bases): they
    override the reference methods of the same name and give the same answers. Reads the game's
    ``board``, ``pieces``, ``bits``, ``rows``, ``cols``, ``lines`` (its :class:`LineTables`) and
    ``_fast_moves`` (False under jumps: the reference generator then)."""

    def move_codes(self, side: int | None = None, frm: int | None = None) -> list[int]:
        """As :meth:`MoveGenerator.move_codes` (same moves, same order); outside a berserk turn
        by :meth:`plain_codes`, without the reference's extra call."""
        if self.result is not None:
            return []
        if side is None:
            side = self.side
        if self.berserker >= 0 or not self._fast_moves:
            return MoveGenerator.move_codes(self, side, frm)
        return self.plain_codes(side, frm)

    def plain_codes(self, side: int, frm: int | None = None) -> list[int]:
        """As :meth:`MoveGenerator.plain_codes` (same moves, same order), by line lookups."""
        if not self._fast_moves:
            return MoveGenerator.plain_codes(self, side, frm)
        lt = self.lines
        board = self.board
        if frm is not None:   # one piece (the king's moves in the evaluation and the leaf)
            code = board[frm]
            if not code or SIDE_OF[code] != side:
                return []
            r = lt.rank_of[frm]
            c = lt.file_of[frm]
            spans = lt.spans
            out = list((lt.file_moves[code][frm] or lt.build(code, frm, True))[spans[self.cols[c]][r]])
            out += (lt.rank_moves[code][frm] or lt.build(code, frm, False))[spans[self.rows[r]][c]]
            return out
        squares = self.pieces[side]
        rows, cols = self.rows, self.cols
        rank_of, file_of = lt.rank_of, lt.file_of
        spans = lt.spans
        files, ranks = lt.file_moves, lt.rank_moves
        out = []
        for f in squares:
            code = board[f]
            r = rank_of[f]
            c = file_of[f]
            # a square's table is None until its first lookup builds it (subscripting None
            # raises TypeError; a lookup that finds its table costs nothing more)
            try:
                out += files[code][f][spans[cols[c]][r]]
            except TypeError:
                out += lt.build(code, f, True)[spans[cols[c]][r]]
            try:
                out += ranks[code][f][spans[rows[r]][c]]
            except TypeError:
                out += lt.build(code, f, False)[spans[rows[r]][c]]
        return out

    def has_move(self, side: int) -> bool:
        """As :meth:`MoveGenerator.has_move`: True when ``side`` has a legal move (berserk turns
        aside), by line lookups, stopping at the first piece that can move."""
        if not self._fast_moves:
            return MoveGenerator.has_move(self, side)
        lt = self.lines
        board = self.board
        rows, cols = self.rows, self.cols
        rank_of, file_of = lt.rank_of, lt.file_of
        spans = lt.spans
        files, ranks = lt.file_moves, lt.rank_moves
        for f in self.pieces[side]:
            code = board[f]
            r = rank_of[f]
            c = file_of[f]
            table = files[code][f] or lt.build(code, f, True)
            if table[spans[cols[c]][r]]:
                return True
            table = ranks[code][f] or lt.build(code, f, False)
            if table[spans[rows[r]][c]]:
                return True
        return False

    def _encircled(self) -> bool:
        """As :meth:`Outcomes._encircled` (no defender can reach the edge through squares not
        held by attackers), the flood fill one ring of squares a step over whole bitboards."""
        if self.tables.ndirs != 4:   # the shifts below step along ranks and files only
            return Outcomes._encircled(self)
        lt = self.lines
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


__all__ = ["FastBoard", "LineTables", "line_tables", "board_bits", "capture_squares", "span_table", "FILE_DIRS", "RANK_DIRS",
           "SPAN_LIST_MAX"]
