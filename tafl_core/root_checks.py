"""The root's own checks of :class:`tafl_core.search.Search`, whatever the depth, level or cut:
a move that wins at once is played without a search (:meth:`RootChecks._win_at_root`); a noisy
level sometimes replies with a random move that does not let the other side win at once
(:meth:`RootChecks._random_move`); and the chosen move, if it lets the other side win at once,
is replaced by one after which it cannot where there is one (:meth:`RootChecks._guard`; every
reply played through the engine, so encirclement and exit forts, which the search's leaf does
not look for, are seen one ply deep); the attackers' chosen move, if it lets the defenders force
the king's escape by a run of threats (:mod:`tafl_core.threats`), is replaced by one that does
not where there is one, so a search cut short by a loaded machine still sees such runs.

The random move and the safety check run after the search, under a deadline of their own
(:data:`GUARD_SHARE` of the search's time on top of it) that they check before every reply they
play; cut by a slice's end they go on in the next slice (results are kept per move).

A mixin: it reads the search's game (``g``), clock, chosen move and scores.
"""

from __future__ import annotations

from .scores import INF, WIN, WIN_BOUND, Abort
from .tables import SIDE_NAMES

#: A search with root noise ``N`` replies with a random (safe) move with the chance ``N`` times
#: this (0.22 at beginner's 60, 0.04 at easy's 10): the weaker levels' seeded randomness
#: (:meth:`RootChecks._random_move`), so that their games differ; the levels' strength comes
#: from their depth (a defence searched as deep as the attack, or deeper, nearly always holds).
RANDOM_MOVE_PER_NOISE = 1 / 267
#: The root's last checks (a noisy level's random move, the safety check) may run on after the
#: search's own time for this share of it, checking the clock before every reply they play;
#: when it is spent they keep the move chosen so far.
GUARD_SHARE = 0.3
#: The root's win-in-one scan reads the deadline after every this many moves it plays, at least
#: once that many in a slice (:meth:`RootChecks._win_at_root`).
WIN_SCAN_MIN = 16


class RootChecks:
    """The root's checks of :class:`tafl_core.search.Search` (mixed into it)."""

    def _last_checks(self, now: float) -> bool:
        """The root's random move and safety check (:meth:`_random_move`, :meth:`_guard`) until
        the guard's deadline; True when they are finished or the whole of their time is spent
        (the move chosen so far stands), False when only this slice's time is."""
        try:
            self._random_move()
            self._guard()
        except Abort:
            return self.seconds is None or self.elapsed + self._clock() - now >= self.seconds * (1 + GUARD_SHARE)
        return True

    def _wins(self, m: int, me: str) -> bool:
        """Whether move ``m`` of the side to move ends the game at once with ``me`` (its side's
        name) the winner; the game is left as it was."""
        g = self.g
        g.play_code(m)
        r = g.result
        g.undo_code()
        return r is not None and r.winner == me

    def _win_at_root(self) -> bool | None:
        """A move that ends the game at once in the side to move's favour, whatever the depth
        or level: if there is one it is the reply (score ``WIN - 1``; of several, the first in
        the search's move order) and no search is needed. Every move is played, with the slice's
        deadline read before each: None when it came first (the scan goes on from there in the
        next slice; on a 19×19 board in the browser the whole scan takes longer than a slice)."""
        g = self.g
        me = SIDE_NAMES[g.side]
        if self._win_scan is None:
            self._win_scan = [g.move_codes(), 0, []]
        codes, i, winners = self._win_scan
        end, clock = self._deadline, self._clock
        start = i
        while i < len(codes):
            # the clock read after every WIN_SCAN_MIN moves: the scan ends even when the
            # search's own time is spent before it (each slice then begins past its deadline)
            if i > start and not (i - start) % WIN_SCAN_MIN and end is not None and clock() >= end:
                self._win_scan[1] = i
                return None
            if self._wins(codes[i], me):
                winners.append(codes[i])
            i += 1
        self._win_scan[1] = i
        if not winners:
            return False
        m = self._ordered(winners, 0, 0)[0]   # the order is total (score, then code): as of all moves
        self.best, self.score, self.pv, self.depth = m, WIN - 1, [m], 1
        self._turn_len = 1
        return True

    def _loses_at_once(self, m: int) -> bool:
        """True when after the side to move's move ``m`` the other side has a move that wins at
        once (every reply played through the engine; a move that ends the game, or a berserk
        step after which the same side moves again, is not such a move)."""
        safe = self._safe.get(m)
        if safe is not None:
            return not safe
        g = self.g
        side = g.side
        end, clock = self._guard_deadline, self._clock
        g.play_code(m)
        try:
            loses = False
            if g.result is None and g.side != side:
                them = SIDE_NAMES[g.side]
                # the replies that can win at once first (a loss is then found in a few plays)
                first = self._win_candidates()
                tried = set(first)
                for reply in first + [r for r in g.move_codes() if r not in tried]:
                    if end is not None and clock() >= end:
                        raise Abort
                    if self._wins(reply, them):
                        loses = True
                        break
        finally:
            g.undo_code()
        self._safe[m] = not loses
        return loses

    def _random_move(self) -> None:
        """With noise ``N``, with the chance ``N`` * :data:`RANDOM_MOVE_PER_NOISE` (seeded) the
        reply is a random move instead of the best one - one that does not let the other side
        win at once where there is such a move; never when the search has proved a win or a
        loss (and a win in one is taken before any search). Drawn once; the check of its
        candidates stops at the guard's deadline and goes on in the next slice."""
        if self._random_order is None:   # drawn once, so a check cut by a slice goes on the same
            self._random_order = []
            if not self.noise or self.best is None or self.score >= WIN_BOUND or self._proved:
                return
            rng = self._pick_rng
            if rng.random() >= self.noise * RANDOM_MOVE_PER_NOISE:
                return
            codes = sorted(self.g.move_codes())
            rng.shuffle(codes)
            self._random_order = codes
        for m in self._random_order:
            if not self._loses_at_once(m):
                self.best, self.pv, self._turn_len = m, [m], 1
                self.score = self._root_scores.get(m, self.score)
                self._random_order = []
                return
        self._random_order = []

    def _guard(self) -> None:
        """The last check before a reply, whatever the depth, time or noise: if the chosen move
        lets the other side win at once, or (the attackers to move) lets the defenders force
        the king's escape by threats (:meth:`EscapeThreats._allows_forced_escape`), and a move
        exists that does neither, the best-scored such move (root scores of the last iteration,
        then move order) replaces it; failing that, the best-scored move that does not lose at
        once. Shallow or cut searches (depth 1, where encirclement and exit forts are not looked
        for below the root; a loaded machine's 1 s) and noisy levels need it; a search that has
        proved a win or a loss does not (after a proved loss every move loses by force, the
        chosen one as late as any). Each reply it plays checks the guard's deadline (raises
        :class:`Abort`; results are kept per move)."""
        # a proved loss: every move loses by force, the best one as late as can be
        if self.best is None or self.score >= WIN_BOUND or self._proved:
            return
        if not self._loses_at_once(self.best) and not self._escape_allowed(self.best):
            return
        g = self.g
        scores = self._root_scores
        order = self._ordered(g.move_codes(), 0, 0)
        rank = {m: i for i, m in enumerate(order)}
        ranked = sorted(order, key=lambda c: (-scores.get(c, -INF), rank[c]))
        fallback = None
        for m in ranked:
            if self._loses_at_once(m):
                continue
            if fallback is None:
                fallback = m
            if not self._escape_allowed(m):
                break
        else:
            m = fallback
        if m is not None and m != self.best:
            self.best, self.pv, self._turn_len = m, [m], 1
            self.score = scores.get(m, self.score)

    def _escape_allowed(self, m: int) -> bool:
        """:meth:`EscapeThreats._allows_forced_escape` of root move ``m``, kept per move."""
        allowed = self._escapes.get(m)
        if allowed is None:
            allowed = self._escapes[m] = self._allows_forced_escape(m)
        return allowed


__all__ = ["RootChecks", "GUARD_SHARE", "RANDOM_MOVE_PER_NOISE"]
