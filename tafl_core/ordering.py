"""Move ordering of :class:`tafl_core.search.Search`: the order in which a node tries its moves
(hash move, king to an escape square, next to the king, likely captures, killers, history), and
the moves the tactical leaf tries first because they could win at once.

A mixin: it reads the search's game (``g``), tables (``t``), killer moves and history.
"""

from __future__ import annotations

from .tables import ATTACKERS, DEFENDERS, KNG, SIDE_OF


class MoveOrdering:
    """Move ordering of :class:`tafl_core.search.Search` (mixed into it)."""

    def _win_candidates(self) -> list[int]:
        """Moves of the side to move that could end the game in its favour at once: the king
        onto an escape square, an attacker next to the king, and every move when the other
        side has at most two pieces besides the king (a capture of the last ones). Encirclement
        and exit forts are left to the full-width plies above the leaf (at the root every
        move's result is seen)."""
        g = self.g
        t = self.t
        side = g.side
        k = g.king
        if len(g.pieces[1 - side]) - (1 if side == ATTACKERS else 0) <= 2:
            return g.move_codes()
        if k < 0:
            return []
        if side == DEFENDERS:
            esc = t.escape
            return [m for m in g.plain_codes(DEFENDERS, k) if esc[m & 1023]]
        # the attackers' moves onto an empty neighbour of the king: from the first piece along
        # each line out of that square, or by a jump from two squares away (each checked
        # against that piece's own legal moves)
        board = g.board
        out = []
        froms = set()
        for q in t.adj[k]:
            if board[q]:
                continue
            for ray in t.rays[q]:
                for f in ray:
                    if board[f]:
                        if SIDE_OF[board[f]] == ATTACKERS:
                            froms.add(f)
                        break
                if t.any_jump and len(ray) > 1 and board[ray[1]] and SIDE_OF[board[ray[1]]] == ATTACKERS:
                    froms.add(ray[1])
        for f in froms:
            out.extend(m for m in g.plain_codes(ATTACKERS, f) if (m & 1023) in t.adj[k])
        return out

    def _ordered(self, codes: list[int], hash_move: int, ply: int) -> list[int]:
        """``codes`` best first: hash move, king to an escape square, next to the king, likely
        capture, killers, history."""
        g = self.g
        t = self.t
        board = g.board
        side = g.side
        k = g.king
        esc = t.escape
        # squares where a piece of the side to move would close a custodial capture
        hits = set()
        own_side = side
        hostile = t.hostile
        for e in g.pieces[1 - side]:
            code = board[e]
            if code == KNG:
                continue
            h = hostile[code]
            for nb, beyond, _ in t.nbrs[e]:
                # a capture square on one side of e needs a partner on the opposite side
                opp = 2 * e - nb
                if opp not in t.adj[e]:
                    continue
                c = board[opp]
                if (c and SIDE_OF[c] == own_side) or h[opp] == 1 or (h[opp] == 2 and not c):
                    if not board[nb]:
                        hits.add(nb)
        # one int per move, sorted at C speed: the ordering score above the move code (so ties
        # are broken by the code, and the order never depends on set order)
        bonus = [0] * len(board)
        for q in hits:
            bonus[q] = 1 << 36
        for q in (t.adj[k] if k >= 0 else ()):   # next to the king
            bonus[q] += 1 << 35
        hg = self.history.get
        keys = [(hg(m, 0) + bonus[m & 1023]) << 20 | m for m in codes]
        k0, k1 = self.killers[ply]
        if k0 and k0 in codes:
            keys[codes.index(k0)] += 1 << 54
        if k1 and k1 != k0 and k1 in codes:
            keys[codes.index(k1)] += 1 << 53
        if k >= 0 and side == DEFENDERS:
            for i, m in enumerate(codes):
                if m >> 10 == k and esc[m & 1023]:
                    keys[i] += 1 << 58
        if hash_move and hash_move in codes:
            keys[codes.index(hash_move)] = 1 << 60 | hash_move
        keys.sort(reverse=True)
        return [x & 0xFFFFF for x in keys]


__all__ = ["MoveOrdering"]
