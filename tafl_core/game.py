"""Playing a game under a :class:`~tafl_core.ruleset.Ruleset`: :class:`Game` holds the position,
the side to move, the history and the redo list; it plays, takes back and replays moves and
reads the result. The rules live in :mod:`tafl_core.movegen` (which moves are legal, and why
not), :mod:`tafl_core.captures` (what a move takes) and :mod:`tafl_core.outcomes` (when the
game ends); :mod:`tafl_core.tables` holds the per-ruleset lookup tables they read.

Public API (in the way of python-chess)::

    game.legal_moves()          # [Move, ...] of the side to move (game.legal_moves("e1"): from e1)
    game.is_legal(move)         # bool; game.why_illegal(move) -> Refusal | None
    game.play("e1-e5")          # PlayedMove (captures, result); IllegalMove with .refusal
    game.undo(); game.redo()    # PlayedMove | None
    game.result, game.to_move, game.position(), game.moves_played, game.undone_moves

Squares are ints (``rank * size + file``, ``a1`` = 0) inside, names at the surface. Moves are
ints ``from_square << 10 | to_square`` internally (:meth:`Game.move_codes`, for playouts) and
:class:`~tafl_core.moves.Move` values at the public surface; ``from == to`` is the move that ends
a berserk turn (``"end"``).
"""

from __future__ import annotations

from typing import NamedTuple

from .bitboards import FastBoard, board_bits, line_tables
from .captures import Captures
from .errors import IllegalMove, NotationError, PositionError
from .movegen import MoveGenerator
from .moves import END_MOVE, BerserkTurn, Capture, Move, PlayedMove, Result
from .outcomes import Outcomes
from .position import Position, check_kings
from .reasons import Reason, ResultReason, refusal
from .ruleset import Ruleset
from .squares import parse_square, shown_text, square_name
from .tables import (ATTACKERS, CODE_KIND, DEFENDERS, EMPTY, KIND_CODE, KNG, NORMAL, SIDE_NAMES, SIDE_OF,
                     SPECIAL_NAME, Tables, tables_for)


class Undo(NamedTuple):
    """One entry of a game's move stack: what taking the move back restores, and what describes
    the move (:meth:`Game.moves_played`).

    ``played`` is the :class:`PlayedMove`, or None for a move of :meth:`Game.play_code` until it
    is asked for (built from the other fields, once). ``captures`` are the move's
    :class:`Capture` values, ``captured`` the pieces it took as ``(square, piece code)``;
    ``result`` the result after it, ``prev_result`` / ``prev_hash`` / ``prev_berserker`` the
    game's before; ``mover`` the piece code moved from ``frm`` to ``to`` (square ints, equal for
    the move that ends a berserk turn); ``jumped`` the square jumped over (-1: none); ``goes_on``
    whether the same piece moves again in a berserk turn (then the position after it was not
    counted for repetition and the side to move did not change)."""

    played: PlayedMove | None
    captures: tuple | list
    captured: tuple | list
    result: Result | None
    prev_result: Result | None
    prev_hash: int
    mover: int
    prev_berserker: int
    jumped: int
    goes_on: bool
    frm: int
    to: int


_undo = tuple.__new__   # Undo(...) without the Python-level __new__: one call per move played


class Game(FastBoard, MoveGenerator, Captures, Outcomes):
    """A game in progress under ``ruleset``, from its start layout or from ``position``.

    Args:
        ruleset: the rules.
        position: start position (default: the ruleset's layout). Must have exactly one king,
            and no piece on a square where it may not stand.
        to_move: ``"attackers"`` | ``"defenders"`` (default: the ruleset's first mover).

    Raises:
        PositionError: the position has no king or several, a different size than the
            ruleset, a piece on a square it may not stand on, or a commander or knight under
            rules that have none.

    Attributes:
        ruleset: the rules (:class:`~tafl_core.ruleset.Ruleset`).
        result: the :class:`~tafl_core.moves.Result` once the game is over, else None.
        hash: the position's 64-bit Zobrist hash (pieces and side to move; what repetition
            counts).
        berserker: square (int) of the piece that is in the middle of a berserk turn (it alone
            may move, and only with a move that captures), or -1; :attr:`berserk_turn` gives it
            by name.

    Everything else (the board array, the tables, the move stack) is internal; the bridge, the
    command line and the tests use only the attributes and methods documented here. The search
    and the evaluation also read the bitboards of :mod:`tafl_core.bitboards`, kept on every move
    and take-back: ``bits`` (``[attackers' and commanders' squares, defenders' and the king's]``,
    bit ``s`` for square ``s``), ``rows`` / ``cols`` (per rank / file its occupied squares, bit
    ``file`` / ``rank``) and ``lines`` (the ruleset's :class:`~tafl_core.bitboards.LineTables`).
    """

    def __init__(self, ruleset: Ruleset, position: Position | None = None, to_move: str | None = None):
        self.ruleset = ruleset
        self._t = t = tables_for(ruleset)
        n = t.n
        pos = position if position is not None else ruleset.layout
        if pos.size != n:
            raise PositionError(refusal(Reason.SIZE_MISMATCH, size=pos.size, board=n))
        check_kings(pos)
        self.board = [EMPTY] * (n * n)
        self.pieces = (set(), set())
        self.king = -1
        for name, kind in pos.pieces.items():
            s = parse_square(name, n)
            code = KIND_CODE[kind]
            if code not in t.allowed_codes:
                raise PositionError(refusal(Reason.NO_RULES_FOR_KIND, piece=kind, square=name))
            if t.kind[s] != NORMAL and not t.stop_within[code][s]:
                raise PositionError(refusal(Reason.MAY_NOT_STAND, piece=kind, square=name, special=SPECIAL_NAME[t.kind[s]]))
            self.board[s] = code
            self.pieces[SIDE_OF[code]].add(s)
            if code == KNG:
                self.king = s
        side = to_move or ruleset.value("first_mover")
        if side not in SIDE_NAMES:
            raise PositionError(refusal(Reason.BAD_SIDE, side=shown_text(str(side))))
        self.side = SIDE_NAMES.index(side)
        # the bitboards of the fast paths (tafl_core.bitboards), kept on every move and take-back
        self.lines = line_tables(t)
        # a jump depends on the kind jumped over, a forbidden repetition on the game's history,
        # and the line lookups know only ranks and files: the reference generator then
        self._fast_moves = not t.any_jump and not t.no_repeat and t.ndirs == 4
        self.bits, self.rows, self.cols = board_bits(self.board, n)
        h = t.z_side if self.side else 0
        for s, code in enumerate(self.board):
            if code:
                h ^= t.zobrist[code][s]
        self.hash = h
        self.result: Result | None = None
        self.berserker = -1
        self._berserk_cache: tuple = (None, [])   # ((history length, hash, berserker), its codes)
        self._stack: list[Undo] = []
        self._undone: list[PlayedMove] = []   # the moves taken back, the next to redo last
        self.seen: dict[int, int] = {h: 1}
        if self.king >= 0 and t.escape[self.king]:
            raise PositionError(refusal(Reason.KING_ON_ESCAPE, square=square_name(self.king, n)))
        if t.no_moves != "none" and not self.has_move(self.side):
            # A set-up position in which the side to move is already blocked is decided at once.
            winner = None if t.no_moves == "draw" else SIDE_NAMES[1 - self.side]
            self.result = Result(winner, ResultReason.NO_LEGAL_MOVES, "no_moves")

    # -- queries --------------------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        """The ruleset's precomputed lookups (:class:`tafl_core.tables.Tables`: rays, square kinds,
        who may stop or pass, Zobrist keys), shared by every game of the ruleset; read-only.

        The engine-internal interface of the search and the evaluation (with :meth:`plain_codes`
        and the board array); the bridge and the command line do not use it."""
        return self._t

    @property
    def to_move(self) -> str:
        """``"attackers"`` or ``"defenders"``."""
        return SIDE_NAMES[self.side]

    def position(self) -> Position:
        """The current position as a :class:`Position`."""
        n = self._t.n
        return Position(n, {square_name(s, n): CODE_KIND[c] for s, c in enumerate(self.board) if c})

    def piece_at(self, square: int | str) -> str | None:
        """The kind of the piece on ``square`` (an int or a name such as ``"e5"``):
        ``"attacker"``, ``"defender"``, ``"king"``, ``"commander"``, ``"knight"`` or None.

        Raises:
            NotationError: a malformed square name or one off the board.
        """
        if isinstance(square, str):
            square = parse_square(square, self._t.n)
        return CODE_KIND.get(self.board[square])

    @property
    def size(self) -> int:
        """The board's side length (squares per rank)."""
        return self._t.n

    @property
    def berserk_turn(self) -> BerserkTurn | None:
        """The berserk turn under way (the piece that must move again), or None (also once the
        game is over)."""
        b = self.berserker
        if b < 0 or self.result is not None:
            return None
        t = self._t
        return BerserkTurn(square_name(b, t.n), not t.berserk_compulsory, t.berserk == 2 and self.board[b] == KNG)

    def parse_move(self, text: str) -> Move:
        """The move ``text`` names here: notation as :meth:`Move.parse` reads it, or ``"end"``
        (any case, spaces around) for the move that ends the berserk turn under way - the one
        place ``"end"`` is read.

        Raises:
            NotationError: malformed move or a square off the board.
            IllegalMove: ``"end"`` when the game is over or no berserk turn is under way.
        """
        if isinstance(text, str) and text.strip().lower() == END_MOVE:
            if self.result is not None:
                raise IllegalMove(refusal(Reason.GAME_OVER))
            if self.berserker < 0:
                raise IllegalMove(refusal(Reason.NO_BERSERK_TURN))
            return Move(self.berserker, self.berserker, self._t.n)
        return Move.parse(text, self._t.n)

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` (a :class:`Move` or its text) may be played now by the side to move;
        a malformed move text is not legal."""
        try:
            mv = self.parse_move(move) if isinstance(move, str) else move
        except (IllegalMove, NotationError):
            return False
        return self.why_illegal(mv) is None

    # -- playing --------------------------------------------------------------------------------
    def play(self, move: Move | str) -> PlayedMove:
        """Play ``move`` for the side to move (a :class:`Move`, ``"e1-e5"``, or ``"end"`` to end a
        berserk turn); returns what it did (captures, result).

        Raises:
            NotationError: a malformed move string.
            IllegalMove: the move is not legal here (the message says why).
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        why = self.why_illegal(move)
        if why:
            raise IllegalMove(why)
        played = self._push(move.frm, move.to)
        self._undone.clear()
        return played

    def play_code(self, m: int) -> Result | None:
        """Fast path for playouts: play the legal move int ``m`` (not checked); returns the result."""
        return self._push(m >> 10, m & 1023, fast=True)

    def undo_code(self) -> None:
        """Fast path for the search: take back the last move like :meth:`undo`, but without
        keeping it for :meth:`redo` (the redo list stays as it was)."""
        if self._stack:
            self._pop()

    def play_null(self) -> None:
        """The null move of the search: the side to move passes. Only the side to move and the
        hash change (the hash becomes the position's with the other side to move); the pass is
        not in the move stack, not counted for repetition, and no result is looked for. Not in a
        berserk turn or once the game is over (not checked: a fast path, as :meth:`play_code`).
        Take it back with :meth:`undo_null` once every move played after it is taken back."""
        self.side ^= 1
        self.hash ^= self._t.z_side

    def undo_null(self) -> None:
        """Take back :meth:`play_null` (the moves played after it already taken back)."""
        self.side ^= 1
        self.hash ^= self._t.z_side

    def undo(self) -> PlayedMove | None:
        """Take back the last move (restores position, side to move, hash and result); None if
        there is nothing to undo. The move can be replayed with :meth:`redo`."""
        if not self._stack:
            return None
        played = self._played_at(len(self._stack) - 1)
        self._pop()
        self._undone.append(played)
        return played

    def _played_at(self, i: int) -> PlayedMove:
        """The :class:`PlayedMove` of the ``i``-th stack entry; a move played by
        :meth:`play_code` keeps only its raw parts until it is asked for (built here, once)."""
        entry = self._stack[i]
        played = entry.played
        if played is not None:
            return played
        f, to = entry.frm, entry.to
        side = SIDE_NAMES[SIDE_OF[entry.mover]]
        t = self._t
        if not (t.any_jump or t.berserk):
            played = PlayedMove(Move(f, to, t.n), side, tuple(entry.captures), entry.result)
        else:
            played = PlayedMove(Move(f, to, t.n), side, tuple(entry.captures), entry.result, entry.jumped >= 0,
                                entry.prev_berserker >= 0 and f != to, entry.goes_on)
        self._stack[i] = entry._replace(played=played)
        return played

    def _pop(self) -> None:
        """Take back the last move: position, side to move, hash, result, berserker and the
        repetition count."""
        (_, _, captured, _, prev_result, prev_hash, mover_code, prev_berserker, _, goes_on, f,
         to) = self._stack.pop()
        if not goes_on:
            seen = self.seen
            left = seen[self.hash] - 1
            if left:
                seen[self.hash] = left
            else:
                del seen[self.hash]
        side = SIDE_OF[mover_code]
        lines = self.lines
        bit, rank_of, file_of = lines.bit, lines.rank_of, lines.file_of
        rank_bit, file_bit = lines.rank_bit, lines.file_bit
        rows, cols = self.rows, self.cols
        if f != to:
            board = self.board
            board[to] = EMPTY
            board[f] = mover_code
            own = self.pieces[side]
            own.discard(to)
            own.add(f)
            self.bits[side] ^= bit[f] | bit[to]
            rows[rank_of[f]] ^= rank_bit[f]
            cols[file_of[f]] ^= file_bit[f]
            rows[rank_of[to]] ^= rank_bit[to]
            cols[file_of[to]] ^= file_bit[to]
            if mover_code == KNG:
                self.king = f
        for s, code in captured:
            self.board[s] = code
            self.pieces[SIDE_OF[code]].add(s)
            self.bits[SIDE_OF[code]] ^= bit[s]
            rows[rank_of[s]] ^= rank_bit[s]
            cols[file_of[s]] ^= file_bit[s]
            if code == KNG:
                self.king = s
        self.side = side
        self.hash = prev_hash
        self.result = prev_result
        self.berserker = prev_berserker

    def redo(self) -> PlayedMove | None:
        """Replay the last undone move; None if there is none."""
        if not self._undone:
            return None
        keep = self._undone
        move = keep.pop().move
        self._undone = []
        try:
            played = self.play(move)
        finally:
            self._undone = keep
        return played

    @property
    def undone_moves(self) -> list[PlayedMove]:
        """The moves taken back that :meth:`redo` would replay, the next one first, as they were
        played (notation, captures, whether a berserk turn went on)."""
        return list(reversed(self._undone))

    @property
    def moves_played(self) -> list[PlayedMove]:
        """The moves played so far, oldest first (a new list: O(plies); :attr:`ply` counts them)."""
        return [self._played_at(i) for i in range(len(self._stack))]

    @property
    def ply(self) -> int:
        """How many moves have been played (O(1))."""
        return len(self._stack)

    @property
    def undone_count(self) -> int:
        """How many moves :meth:`redo` could replay (O(1))."""
        return len(self._undone)

    # -- internals ------------------------------------------------------------------------------
    def _push(self, f: int, to: int, fast: bool = False):
        t = self._t
        board = self.board
        code = board[f]
        side = SIDE_OF[code]
        z = t.zobrist
        prev_hash = self.hash
        prev_result = self.result
        prev_berserker = self.berserker
        captures: list[Capture] | tuple = ()
        captured: list | tuple = ()
        h = prev_hash
        jumped = -1
        result = None
        if f != to:
            if t.any_jump:
                jumped = self._jumped(f, to)
            board[f] = EMPTY
            board[to] = code
            own = self.pieces[side]
            own.discard(f)
            own.add(to)
            lines = self.lines
            bit, rank_of, file_of = lines.bit, lines.rank_of, lines.file_of
            rank_bit, file_bit = lines.rank_bit, lines.file_bit
            rows, cols = self.rows, self.cols
            self.bits[side] ^= bit[f] | bit[to]
            rows[rank_of[f]] ^= rank_bit[f]
            cols[file_of[f]] ^= file_bit[f]
            rows[rank_of[to]] ^= rank_bit[to]
            cols[file_of[to]] ^= file_bit[to]
            h ^= z[code][f] ^ z[code][to]
            if code == KNG:
                self.king = to
            # every capture takes an enemy next to the square moved to (custodial, king, commander,
            # shieldwall), or the piece jumped over: without either there is nothing to look at
            if jumped >= 0 or self.bits[1 - side] & lines.near[to]:
                captures = self._captures(to, code, side, jumped)
            if captures:
                captured = []
            enemy = self.pieces[1 - side]
            for cap in captures:
                s = cap.square
                c = board[s]
                if not c:
                    continue
                captured.append((s, c))
                board[s] = EMPTY
                enemy.discard(s)
                self.bits[1 - side] ^= bit[s]
                rows[rank_of[s]] ^= rank_bit[s]
                cols[file_of[s]] ^= file_bit[s]
                h ^= z[c][s]
                if c == KNG:
                    self.king = -1
            result = self._decided_after(to, code, side, captures)
        # Berserk (aagenielsen Berserk rules; OpenTafl ber:c): after a capture the same piece may
        # move again while it has a capturing move; the side stays to move and this in-between
        # position is not counted for repetition.
        self.berserker = -1
        goes_on = False
        if t.berserk and captured and result is None:
            codes = self._berserk_codes(to)
            goes_on = bool(codes)
            self._berserk_cache = ((len(self._stack) + 1, h, to), codes)
        if goes_on:
            self.berserker = to
        else:
            h ^= t.z_side
            self.side = 1 - side
            self.seen[h] = self.seen.get(h, 0) + 1
            self.hash = h   # the other side's legal moves (no_moves) may read it
            if result is None:
                result = self._turn_result(side, h)
        self.hash = h
        self.result = result
        if fast:   # playouts and the search: the PlayedMove only when asked for (_played_at)
            self._stack.append(_undo(Undo, (None, captures, captured, result, prev_result, prev_hash, code,
                                            prev_berserker, jumped, goes_on, f, to)))
            return result
        played = PlayedMove(Move(f, to, t.n), SIDE_NAMES[side], tuple(captures), result,
                            jumped >= 0, prev_berserker >= 0 and f != to, goes_on, CODE_KIND[code])
        self._stack.append(_undo(Undo, (played, captures, captured, result, prev_result, prev_hash, code,
                                        prev_berserker, jumped, goes_on, f, to)))
        return played



__all__ = ["Game", "Move", "Capture", "Result", "PlayedMove", "ATTACKERS", "DEFENDERS", "SIDE_NAMES"]
