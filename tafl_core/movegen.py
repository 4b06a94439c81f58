"""The move generator: one generator of legal moves (:meth:`MoveGenerator.plain_codes` and,
in a berserk turn, its capturing subset) from which the list of legal moves, the legality of one
move, "has a legal move" and the reasons of a refusal all derive.

Rules: orthogonal moves any distance over empty squares; special squares (throne, corners,
camps) restrict who may stop, pass or re-enter (``<kind>_stop``, ``_pass``, ``_reenter``);
``one_step`` pieces move one square; jumps (``king_jump``, ``commander_jump``, ``knight_jump``;
Berserk Hnefatafl, aagenielsen.dk rule 4b) go over one adjacent ordinary enemy piece onto the
empty square beyond; in a berserk turn (``berserk``) only the berserker moves, and only with a
move that captures (aagenielsen.dk Berserk rules; OpenTafl ``ber:c``).

:class:`MoveGenerator` is a part of :class:`tafl_core.game.Game` (it reads the game's board,
pieces and tables); it is not used on its own.
"""

from __future__ import annotations

from .moves import Move
from .reasons import Reason, Refusal, refusal
from .squares import parse_square, square_name
from .tables import (CODE_KIND, JUMP_RESTRICTED, KNG, NORMAL, ORDINARY, RESTRICTED, SIDE_NAMES, SIDE_OF,
                     SPECIAL_NAME, EMPTY, stop_from_special)


class MoveGenerator:
    """Move generation and legality of a :class:`~tafl_core.game.Game` (mixin)."""

    def move_codes(self, side: int | None = None, frm: int | None = None) -> list[int]:
        """All legal moves of ``side`` (default: side to move) as ints ``from << 10 | to``;
        only from square ``frm`` when given. Empty when the game is over. In a berserk turn
        only the berserker's capturing moves (and, unless continuing is compulsory, the end
        move ``berserker << 10 | berserker``)."""
        if self.result is not None:
            return []
        side = self.side if side is None else side
        if self.berserker >= 0 and side == self.side:
            b = self.berserker
            if frm is not None and frm != b:
                return []
            key = (len(self._stack), self.hash, b)
            if self._berserk_cache[0] != key:       # computed once per berserk step (_push did it)
                self._berserk_cache = (key, self._berserk_codes(b))
            out = list(self._berserk_cache[1])
            if not self._t.berserk_compulsory:
                out.append(b << 10 | b)
            return out
        return self.plain_codes(side, frm)

    def plain_codes(self, side: int, frm: int | None = None) -> list[int]:
        """Slides and jumps of ``side`` (only from ``frm`` when given), berserk turns aside, as
        move codes ``from << 10 | to`` (square ints); unchecked for the side to move. Where the
        side may not repeat (``repetition = "forbidden_defenders"``) without its moves that
        bring back an earlier board (:meth:`_repeats`).

        Part of the engine-internal interface the search and the evaluation use (with
        :attr:`Game.tables`); everyone else asks :meth:`legal_moves`."""
        out = self._moves_of(side, frm)
        if side in self._t.no_repeat:
            return [m for m in out if not self._repeats(m)]
        return out

    def _repeats(self, m: int) -> bool:
        """Whether move ``m`` puts the pieces as they stood after an earlier turn of the game or
        at its start, whoever was to move then (hnefatafl.org's ``legal_move`` compares the
        board after the move, before any capture it makes, with every board of the game)."""
        t = self._t
        f, to = m >> 10, m & 1023
        code = self.board[f]
        z_side = t.z_side
        h = self.hash ^ (z_side if self.side else 0) ^ t.zobrist[code][f] ^ t.zobrist[code][to]
        seen = self.seen
        return bool(seen.get(h) or seen.get(h ^ z_side))

    def _moves_of(self, side: int, frm: int | None = None) -> list[int]:
        """:meth:`plain_codes` before a forbidden repetition is taken out."""
        t = self._t
        board = self.board
        kinds, stops, passable, rays = t.kind, t.stop, t.passable, t.rays
        one_step = t.one_step
        jumps = t.jump if t.any_jump else None
        out = []
        append = out.append
        squares = (frm,) if frm is not None else self.pieces[side]
        for f in squares:
            code = board[f]
            if not code or SIDE_OF[code] != side:
                continue
            normal = kinds[f] == NORMAL
            stop = stops[code] if normal else stop_from_special(t, code, f)
            base = f << 10
            if one_step[code]:
                for s in t.adj[f]:
                    if not board[s] and stop[s]:
                        append(base | s)
            elif normal:   # the common case: precomputed rays (t.slides), one test per square
                for ray in (t.slide_cache.get(code) or t.slides(code))[f]:
                    for s, m in ray:
                        if board[s]:
                            break
                        if m:
                            append(m)
            else:
                pas = passable[code]
                for ray in rays[f]:
                    for s in ray:
                        if board[s]:
                            break
                        if stop[s]:
                            append(base | s)
                        if not pas[s]:
                            break
            if jumps and jumps[code]:
                for to in self._jump_targets(f, code, stop):
                    append(base | to)
        return out

    def _jump_targets(self, f: int, code: int, stop: bytes) -> list[int]:
        """Landing squares of the jumps of the piece ``code`` on ``f`` (aagenielsen Berserk rule
        4b): over an adjacent ordinary enemy piece onto the empty square beyond, where the piece
        may stop; a restricted king jump starts or ends on a special square."""
        t = self._t
        board = self.board
        victim = ORDINARY[1 - SIDE_OF[code]]
        restricted = t.jump[code] == JUMP_RESTRICTED
        out = []
        for nb, beyond, _ in t.nbrs[f]:
            if beyond < 0 or board[nb] != victim or board[beyond] or not stop[beyond]:
                continue
            if restricted and t.kind[f] not in RESTRICTED and t.kind[beyond] not in RESTRICTED:
                continue
            out.append(beyond)
        return out

    def _jumped(self, f: int, to: int) -> int:
        """The square jumped over by the move ``f``-``to`` (a move of two squares over an
        occupied square), or -1."""
        n = self._t.n
        d = to - f
        if d in (2, -2) and f // n == to // n or d in (2 * n, -2 * n):
            mid = (f + to) // 2
            if self.board[mid]:
                return mid
        return -1

    def _capturing(self, f: int, to: int) -> bool:
        """True when the (legal) move ``f``-``to`` would capture something; the board is left
        as it was."""
        board = self.board
        code = board[f]
        jumped = self._jumped(f, to)
        king = self.king
        board[f] = EMPTY
        board[to] = code
        if code == KNG:
            self.king = to
        try:
            return bool(self._captures(to, code, SIDE_OF[code], jumped))
        finally:
            board[to] = EMPTY
            board[f] = code
            self.king = king

    def _berserk_codes(self, b: int) -> list[int]:
        """The berserker's continuations from ``b``: moves that capture, and with
        ``berserk = capture_or_escape`` the king's moves onto an escape square."""
        t = self._t
        escape = t.berserk == 2 and self.board[b] == KNG
        return [m for m in self.plain_codes(self.side, b)
                if (escape and t.escape[m & 1023]) or self._capturing(b, m & 1023)]

    def legal_moves(self, frm: int | str | None = None) -> list[Move]:
        """Legal moves of the side to move (only from ``frm`` when given) as :class:`Move` values."""
        n = self._t.n
        if isinstance(frm, str):
            frm = parse_square(frm, n)
        return [Move(m >> 10, m & 1023, n) for m in self.move_codes(frm=frm)]

    def has_move(self, side: int) -> bool:
        """True when ``side`` has at least one legal move (the move generator, one piece after
        the other; never a shortcut such as "an empty neighbour exists"). Berserk turns aside."""
        plain = self.plain_codes
        return any(plain(side, f) for f in self.pieces[side])

    def has_move_from(self, f: int) -> bool:
        """True when the piece on square ``f`` has a legal move (ignoring whose turn it is and
        berserk turns; the move generator from that square)."""
        code = self.board[f]
        return bool(code and self.plain_codes(SIDE_OF[code], f))


    def why_illegal(self, move: Move) -> Refusal | None:
        """Why ``move`` is not legal for the side to move (a :class:`~tafl_core.reasons.Refusal`;
        ``str()`` of it is an English sentence); None when it is legal."""
        n = self._t.n
        t = self._t
        if self.result is not None:
            return refusal(Reason.GAME_OVER)
        f, to = move.frm, move.to
        a, b = square_name(f, n), square_name(to, n)
        if self.berserker >= 0:
            bs = square_name(self.berserker, n)
            if f == to == self.berserker:
                if t.berserk_compulsory:
                    return refusal(Reason.BERSERK_MUST_GO_ON, square=bs)
                return None
            if f != self.berserker:
                return refusal(Reason.BERSERK_OTHER_PIECE, square=bs)
        elif f == to:
            return refusal(Reason.MOVE_NOWHERE) if self.board[f] else refusal(Reason.NO_PIECE, square=a)
        code = self.board[f]
        if not code:
            return refusal(Reason.NO_PIECE, square=a)
        if SIDE_OF[code] != self.side:
            return refusal(Reason.NOT_YOUR_PIECE, square=a, owner=SIDE_NAMES[SIDE_OF[code]], to_move=self.to_move)
        if not any(to in ray for ray in t.rays[f]):
            return refusal(Reason.NOT_ALONG_LINE, from_=a, to=b)
        if (f << 10 | to) in self.move_codes(frm=f):
            return None
        if self.side in t.no_repeat and (f << 10 | to) in self._moves_of(self.side, f):
            return refusal(Reason.REPETITION_FORBIDDEN, from_=a, to=b, to_move=self.to_move)
        # Outside a berserk turn the legal moves are the plain codes, so this finds nothing there.
        if (f << 10 | to) in self.plain_codes(self.side, f):
            return refusal(Reason.BERSERK_MUST_CAPTURE, from_=a, to=b)
        if self.board[to]:
            return refusal(Reason.OCCUPIED, square=b)
        kind = CODE_KIND[code]
        if t.one_step[code] and to not in t.adj[f] and self._jumped(f, to) == -1:
            return refusal(Reason.ONE_STEP, piece=kind)
        jumped = self._jumped(f, to) if t.jump[code] else -1
        if jumped != -1:
            over = CODE_KIND[self.board[jumped]]
            mode = t.jump[code]
            if SIDE_OF[self.board[jumped]] == SIDE_OF[code]:
                return refusal(Reason.JUMP_OVER_OWN, over=over)
            if self.board[jumped] != ORDINARY[1 - SIDE_OF[code]]:
                return refusal(Reason.JUMP_OVER_SPECIAL, over=over)
            if mode == JUMP_RESTRICTED:
                if t.kind[f] not in RESTRICTED and t.kind[to] not in RESTRICTED:
                    return refusal(Reason.KING_JUMP_RESTRICTED)
                return refusal(Reason.KING_MAY_NOT_LAND, square=b)
            return refusal(Reason.MAY_NOT_STOP, piece=kind, special=SPECIAL_NAME[t.kind[to]], square=b)
        ray = next(r for r in self._t.rays[f] if to in r)
        for s in ray:
            if s == to:
                break
            if self.board[s]:
                return refusal(Reason.BLOCKED, from_=a, to=b, square=square_name(s, n))
            if not self._t.passable[code][s]:
                return refusal(Reason.MAY_NOT_PASS, piece=kind, special=SPECIAL_NAME[self._t.kind[s]],
                               square=square_name(s, n))
        return refusal(Reason.MAY_NOT_STOP, piece=kind, special=SPECIAL_NAME[self._t.kind[to]], square=b)


__all__ = ["MoveGenerator"]
