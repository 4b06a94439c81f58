"""The king's escape threats in :class:`tafl_core.search.Search`: the escape-threat extension
and its quiescence.

A position with the attackers to move in which the king has a free line to an escape square
(he could stop on it with his next move) is a threat the attackers must answer at once, as a
check is in chess. Such a node is searched a ply deeper than its depth says (the extension),
so a threat and its answer cost one ply, not two: a run of threats ending in a double threat
(the king's escape in two or three moves, a fork after a forced block) is seen by a search
whose horizon would otherwise cut it. Every threat costs the defenders a move and the extended
node's children lose depth as usual, so a line gains at most one ply for each two it plays.

At the horizon (a threat at depth 0) the extended node is a quiescence node: the attackers
try only the moves that could stop the escape - a move onto a square of a free line (the
escape square included) and a move onto a square next to the king (a capture of him) - and
the defenders' leaf after each checks the escape in one for real. With no such move the king
escapes: a loss for the attackers in two plies.

The root's escape check (:meth:`EscapeThreats._allows_forced_escape`, used by
:meth:`tafl_core.root_checks.RootChecks._guard`): whether an attackers' move lets the defenders
force the escape by a run of threats (or a quiet move and then threats), searched exactly over
every answer of the attackers that could stop each threat, whatever depth the search reached.

A mixin: it reads the search's game (``g``), tables (``t``), clock and guard deadline.
"""

from __future__ import annotations

from .scores import Abort
from .tables import ATTACKERS, DEFENDERS, KNG, SIDE_NAMES, SIDE_OF

#: The root's escape check (:meth:`EscapeThreats._allows_forced_escape`) looks this many of the
#: defenders' moves ahead: up to three threats, the last of them a fork, and the escape.
FORCED_ESCAPE_MOVES = 4
#: After a quiet first move of the defenders, the check looks this many of their moves further
#: (up to two threats and the escape): every reply of the attackers to the quiet move is tried,
#: the costliest step (on Copenhagen some 50 ms a root move in CPython).
AFTER_QUIET_MOVES = 3


class EscapeThreats:
    """The escape-threat extension of :class:`tafl_core.search.Search` (mixed into it)."""

    _forced_plays = 0   # plays of the root's escape check, for its clock reads

    def _threat_lines(self) -> list[int]:
        """With the attackers to move: the squares of every free line from the king to an
        escape square he may stop on (the escape square included, the king's own not), a list
        (empty: no threat). The king's slides only (one square where he moves one at a time);
        a jump of his is left to the full-width plies."""
        g = self.g
        k = g.king
        if k < 0 or g.side != ATTACKERS or g.berserker >= 0:
            return []
        t = self.t
        board = g.board
        esc = t.escape
        stop = t.stop[KNG]
        pas = t.passable[KNG]
        one = t.one_step[KNG]
        out: list[int] = []
        for ray in t.rays[k]:
            line = []
            for q in ray:
                if board[q]:
                    break
                line.append(q)
                if esc[q]:
                    if stop[q]:
                        out.extend(line)
                    break
                if one or not pas[q]:
                    break
        return out

    def _blocking_moves(self, lines: list[int]) -> list[int]:
        """The attackers' moves that could stop the escape along ``lines``: onto one of their
        squares, or next to the king (which may capture him)."""
        g = self.g
        near = set(lines)
        near.update(self.t.adj[g.king])
        return [m for m in g.move_codes() if (m & 1023) in near]

    def _allows_forced_escape(self, m: int, moves: int = FORCED_ESCAPE_MOVES) -> bool:
        """With the attackers to move: True when after their move ``m`` the defenders force the
        king's escape within ``moves`` of their moves by threats - each of their moves but the
        last leaves the king a free line (:meth:`_threat_lines`), by a move of his or of the
        first defender along one of his lines (:meth:`_threat_candidates`), the attackers answer
        each with every move that could stop it (:meth:`_blocking_moves`), the last escapes;
        or the first is any quiet move, answered by every move of the attackers, and
        :data:`AFTER_QUIET_MOVES` such moves follow. Exact for such lines, whatever the
        search's depth; longer build-ups are the search's.
        Reads the guard's deadline every 64 plays (raises :class:`Abort`)."""
        g = self.g
        if g.side != ATTACKERS or g.king < 0:
            return False
        g.play_code(m)
        try:
            if g.result is not None or g.side != DEFENDERS:
                return False
            return self._escape_forced(moves, True)
        finally:
            g.undo_code()

    def _escape_forced(self, moves: int, quiet: bool = False) -> bool:
        """The defenders to move force the escape within ``moves`` of their moves by threats
        (``quiet``: the first of them may be any move)."""
        g = self.g
        me = SIDE_NAMES[DEFENDERS]
        if moves <= 1:
            codes = self._win_candidates()
        else:
            codes = g.move_codes() if quiet else self._threat_candidates()
        for m in codes:
            self._forced_tick()
            g.play_code(m)
            try:
                r = g.result
                if r is not None:
                    if r.winner == me:
                        return True
                    continue
                if moves > 1 and g.side == ATTACKERS:
                    lines = self._threat_lines()
                    if lines:
                        if self._blocks_fail(lines, moves - 1):
                            return True
                    elif quiet and self._replies_fail(min(moves - 1, AFTER_QUIET_MOVES)):
                        return True
            finally:
                g.undo_code()
        return False

    def _threat_candidates(self) -> list[int]:
        """The defenders' moves that can make a threat: the king's, and those of the first
        defender along each of his lines (stepping off it may free the line)."""
        g = self.g
        k = g.king
        board = g.board
        codes = g.plain_codes(DEFENDERS, k)
        for ray in self.t.rays[k]:
            for q in ray:
                c = board[q]
                if c:
                    if SIDE_OF[c] == DEFENDERS:
                        codes = codes + g.plain_codes(DEFENDERS, q)
                    break
        return codes

    def _replies_fail(self, moves: int) -> bool:
        """The attackers to move, no threat: every move of theirs leaves the defenders a forced
        escape by threats within ``moves`` of their moves (the king's neighbours first, where a
        defence is likeliest)."""
        near = self.t.adj[self.g.king]
        return self._every_move_fails(sorted(self.g.move_codes(), key=lambda c: (c & 1023) not in near), moves)

    def _blocks_fail(self, lines: list[int], moves: int) -> bool:
        """The attackers to move, the king threatening along ``lines``: every move that could
        stop him leaves the defenders a forced escape within ``moves`` of their moves."""
        return self._every_move_fails(self._blocking_moves(lines), moves)

    def _every_move_fails(self, codes, moves: int) -> bool:
        """The attackers to move: each of their moves ``codes`` (move codes, in the order tried)
        either wins for the defenders at once or leaves them a forced escape by threats within
        ``moves`` of their moves; False at the first that does not."""
        g = self.g
        me = SIDE_NAMES[DEFENDERS]
        for m in codes:
            self._forced_tick()
            g.play_code(m)
            try:
                r = g.result
                if r is not None:
                    if r.winner != me:
                        return False
                    continue
                if g.side != DEFENDERS or not self._escape_forced(moves):
                    return False
            finally:
                g.undo_code()
        return True

    def _forced_tick(self) -> None:
        self._forced_plays += 1
        if not self._forced_plays & 63:
            end = self._guard_deadline
            if end is not None and self._clock() >= end:
                raise Abort


__all__ = ["EscapeThreats", "FORCED_ESCAPE_MOVES", "AFTER_QUIET_MOVES"]
