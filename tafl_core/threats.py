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

A mixin: it reads the search's game (``g``) and tables (``t``).
"""

from __future__ import annotations

from .tables import ATTACKERS, KNG


class EscapeThreats:
    """The escape-threat extension of :class:`tafl_core.search.Search` (mixed into it)."""

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


__all__ = ["EscapeThreats"]
