"""Outcomes: when a game ends and who wins.

* after a move on the board: king captured (``king_capture``), king escaped (``escape``),
  exit fort (``exit_fort``; Copenhagen), encirclement (``encirclement``; Copenhagen, Coppergate);
* after a turn: repetition (``repetition``, ``repetition_count``) and the other side without a
  legal move (``no_moves``).

Each is a :class:`~tafl_core.moves.Result` with its reason code and rule key. :class:`Outcomes`
is a part of :class:`tafl_core.game.Game` (it reads the game's board and history).
"""

from __future__ import annotations

from .moves import Capture, Result
from .position import KING
from .reasons import ResultReason
from .tables import ATTACKERS, DEF, DEFENDERS, EMPTY, IS_ATT, JUMP_RESTRICTED, KNG, KNT, ATT, RESTRICTED, SIDE_NAMES


class Outcomes:
    """Result rules of a :class:`~tafl_core.game.Game` (mixin)."""

    def _decided_after(self, to: int, code: int, side: int, captures: list[Capture] = ()) -> Result | None:
        """The result the move of ``side``'s piece ``code`` onto ``to`` (with ``captures``)
        decides on the board: king captured or escaped, exit fort, encirclement; None otherwise."""
        t = self._t
        if self.king < 0:
            # Every position has one king (check_kings), so he is gone only by one of these captures.
            rule = next(c.rule for c in captures if c.piece == KING)
            return Result("attackers", ResultReason.KING_CAPTURED, rule)
        if code == KNG and t.escape[to]:
            return Result("defenders", ResultReason.KING_ESCAPED, "escape")
        if side == DEFENDERS and t.exit_fort and self._exit_fort():
            return Result("defenders", ResultReason.EXIT_FORT, "exit_fort")
        if side == ATTACKERS and t.encirclement and self._encircled():
            return Result("attackers", ResultReason.ENCIRCLEMENT, "encirclement")
        return None

    def _turn_result(self, side: int, h: int) -> Result | None:
        """The result when ``side``'s turn has ended in the position with hash ``h``:
        repetition, or the other side without a legal move; None otherwise."""
        t = self._t
        if t.repetition_decides and self.seen[h] >= t.repetition_count:
            if t.repetition == "draw":
                return Result(None, ResultReason.REPETITION, "repetition")
            if t.repetition == "loss_repeater":
                return Result(SIDE_NAMES[1 - side], ResultReason.REPETITION, "repetition")
            return Result("attackers", ResultReason.REPETITION, "repetition")
        if t.no_moves != "none" and not self.has_move(1 - side):
            if t.no_moves == "draw":
                return Result(None, ResultReason.NO_LEGAL_MOVES, "no_moves")
            return Result(SIDE_NAMES[side], ResultReason.NO_LEGAL_MOVES, "no_moves")
        return None

    def _encircled(self) -> bool:
        """True when no defender (king included) can reach the edge through squares not held by
        attackers (flood fill; Copenhagen §encirclement, Coppergate §5.5)."""
        t = self._t
        board = self.board
        edge = t.edge
        todo = list(self.pieces[DEFENDERS])
        for s in todo:
            if edge[s]:
                return False
        seen = set(todo)
        while todo:
            s = todo.pop()
            for nb, _, _ in t.nbrs[s]:
                if nb in seen or IS_ATT[board[nb]]:
                    continue
                if edge[nb]:
                    return False
                seen.add(nb)
                todo.append(nb)
        if t.any_jump:
            # A jumping defender (the knight, a jumping king) is not shut in while its jumps over
            # ordinary attackers lead it to the edge.
            for s in self.pieces[DEFENDERS]:
                if t.jump[board[s]] and self._jumps_to_edge(s, board[s]):
                    return False
        return True

    def _jumps_to_edge(self, start: int, code: int) -> bool:
        """True when the defender ``code`` on ``start`` can reach the edge by steps over squares
        free of attackers and by its jumps over ordinary attackers onto squares free of them
        (encirclement with jumps)."""
        t = self._t
        board = self.board
        restricted = t.jump[code] == JUMP_RESTRICTED
        seen = {start}
        todo = [start]
        while todo:
            s = todo.pop()
            for nb, beyond, _ in t.nbrs[s]:
                if IS_ATT[board[nb]]:
                    if board[nb] != ATT or beyond < 0 or IS_ATT[board[beyond]] or beyond in seen:
                        continue
                    if restricted and t.kind[s] not in RESTRICTED and t.kind[beyond] not in RESTRICTED:
                        continue
                    nb = beyond
                elif nb in seen:
                    continue
                if t.edge[nb]:
                    return True
                seen.add(nb)
                todo.append(nb)
        return False

    def _exit_fort(self) -> bool:
        """Copenhagen exit fort: the king touches the edge, can move, and sits in a region of
        empty squares enclosed by defenders (and the edge) that the attackers can never break:
        every wall defender has, on each axis, a neighbour that is the edge, inside the region or
        another wall defender, so it can never be taken custodially. Reads the board only."""
        t = self._t
        board = self.board
        k = self.king
        if k < 0 or not t.edge[k]:
            return False
        region = {k}
        todo = [k]
        walls = set()
        while todo:
            s = todo.pop()
            for nb, _, _ in t.nbrs[s]:
                if nb in region:
                    continue
                c = board[nb]
                if c == EMPTY:
                    region.add(nb)
                    todo.append(nb)
                elif c in (DEF, KNT):
                    walls.add(nb)
                else:
                    return False  # an attacker touches the region
        if not self.has_move_from(k):
            return False
        # Greatest set of defenders that protect each other: a defender stays in the set while
        # on each axis one neighbour is off the board, inside the region, or in the set. Dropping
        # the unprotected ones until none is left reaches it (a dropped one never comes back).
        solid = {s for s in self.pieces[DEFENDERS] if board[s] in (DEF, KNT)}
        # the axes: pairs of opposite directions (two on a square board, three on a hex board)
        axes = [(d, t.opposite[d]) for d in range(t.ndirs) if d < t.opposite[d]]
        while True:
            weak = set()
            for w in solid:
                step = t.step[w]
                for a, b in axes:
                    if not any(q < 0 or q in region or q in solid for q in (step[a], step[b])):
                        weak.add(w)
                        break
            if not weak:
                return walls <= solid
            solid -= weak


__all__ = ["Outcomes"]
