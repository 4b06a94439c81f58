"""The root's own checks of the search (:mod:`tafl_core.search`), whatever the depth, level or
cut: a move that wins at once is played without a search (:meth:`RootChecks.win_scan`); a noisy
level sometimes replies with a random move that does not let the other side win at once
(:meth:`RootChecks.random_move`); and the chosen move, if it lets the other side win at once, is
replaced by one after which it cannot where there is one (:meth:`RootChecks.guard`; every reply
played through the engine, so encirclement and exit forts, which the search's leaf does not look
for, are seen one ply deep); the attackers' chosen move, if it lets the defenders force the
king's escape by a run of threats (:func:`tafl_core.threats.allows_forced_escape`), is replaced
by one that does not where there is one, so a search cut short by a loaded machine still sees
such runs.

The random move and the safety check run after the search, under a deadline of their own
(:data:`GUARD_SHARE` of the search's time on top of it) that they check before every reply they
play; cut by a slice's end they go on in the next slice (results are kept per move).

:class:`RootChecks` is a part of one search: it holds what the checks found per root move and
reads nothing of the search's but what its methods are given; it returns the move the search
should reply with and leaves the reply to the search.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .ordering import win_candidates
from .scores import INF, WIN_BOUND, Abort
from .tables import SIDE_NAMES
from .threats import allows_forced_escape

#: A search with root noise ``N`` replies with a random (safe) move with the chance ``N`` times
#: this (0.22 at beginner's 60, 0.04 at easy's 10): the weaker levels' seeded randomness
#: (:meth:`RootChecks.random_move`), so that their games differ; the levels' strength comes
#: from their depth (a defence searched as deep as the attack, or deeper, nearly always holds).
RANDOM_MOVE_PER_NOISE = 1 / 267
#: The root's last checks (a noisy level's random move, the safety check) may run on after the
#: search's own time for this share of it, checking the clock before every reply they play;
#: when it is spent they keep the move chosen so far.
GUARD_SHARE = 0.3
#: The root's win-in-one scan reads the deadline after every this many moves it plays, at least
#: once that many in a slice (:meth:`RootChecks.win_scan`).
WIN_SCAN_MIN = 16
#: The root's escape check reads the guard's deadline every this many plays (a power of two,
#: less one).
ESCAPE_TICK_MASK = 63


def wins(g, m: int, me: str) -> bool:
    """Whether move ``m`` of ``g``'s side to move ends the game at once with ``me`` (a side's
    name) the winner; the game is left as it was."""
    g.play_code(m)
    r = g.result
    g.undo_code()
    return r is not None and r.winner == me


class RootChecks:
    """The root's checks of one search on ``game`` (its root position: the game is played on and
    restored by every check).

    Args:
        game: the :class:`~tafl_core.game.Game` at the search's root.
        clock: the search's clock (seconds as a float).
        noise: the search's root noise (:data:`RANDOM_MOVE_PER_NOISE`; 0: no random move).
        rng: the random move's draw (a :class:`random.Random`, kept by the search across its runs).

    Attributes:
        deadline: the guard's deadline on ``clock`` (None: none); set by the search for each slice.
        safe: root move -> whether the other side cannot win at once after it.
        escapes: root move -> whether it lets the defenders force the escape by threats.
    """

    def __init__(self, game, clock: Callable[[], float], noise: int, rng: random.Random):
        self.g = game
        self.clock = clock
        self.noise = noise
        self.rng = rng
        self.deadline: float | None = None
        self.safe: dict[int, bool] = {}
        self.escapes: dict[int, bool] = {}
        self._scan: list | None = None      # the win-in-one scan: [moves, next index, winners]
        self._random_order: list[int] | None = None
        self._plays = 0                      # plays of the escape check, for its clock reads

    def win_scan(self, deadline: float | None) -> list[int] | None:
        """The moves of the side to move that end the game at once in its favour, whatever the
        depth or level (if there is one, it is the reply and no search is needed). Every move is
        played, with ``deadline`` (on the clock; None: none) read after every
        :data:`WIN_SCAN_MIN` of them: None when it came first (the next call goes on from there;
        on a 19×19 board in the browser the whole scan takes longer than a slice)."""
        g = self.g
        me = SIDE_NAMES[g.side]
        if self._scan is None:
            self._scan = [g.move_codes(), 0, []]
        codes, i, winners = self._scan
        clock = self.clock
        start = i
        while i < len(codes):
            # the clock read after every WIN_SCAN_MIN moves: the scan ends even when the
            # search's own time is spent before it (each slice then begins past its deadline)
            if i > start and not (i - start) % WIN_SCAN_MIN and deadline is not None and clock() >= deadline:
                self._scan[1] = i
                return None
            if wins(g, codes[i], me):
                winners.append(codes[i])
            i += 1
        self._scan[1] = i
        return winners

    def loses_at_once(self, m: int) -> bool:
        """True when after the side to move's move ``m`` the other side has a move that wins at
        once (every reply played through the engine; a move that ends the game, or a berserk
        step after which the same side moves again, is not such a move). Reads :attr:`deadline`
        before every reply (raises :class:`~tafl_core.scores.Abort`); kept in :attr:`safe`."""
        safe = self.safe.get(m)
        if safe is not None:
            return not safe
        g = self.g
        side = g.side
        end, clock = self.deadline, self.clock
        g.play_code(m)
        try:
            loses = False
            if g.result is None and g.side != side:
                them = SIDE_NAMES[g.side]
                # the replies that can win at once first (a loss is then found in a few plays)
                first = win_candidates(g)
                tried = set(first)
                for reply in first + [r for r in g.move_codes() if r not in tried]:
                    if end is not None and clock() >= end:
                        raise Abort
                    if wins(g, reply, them):
                        loses = True
                        break
        finally:
            g.undo_code()
        self.safe[m] = not loses
        return loses

    def escape_allowed(self, m: int) -> bool:
        """:func:`~tafl_core.threats.allows_forced_escape` of root move ``m`` under
        :attr:`deadline`, kept in :attr:`escapes`."""
        allowed = self.escapes.get(m)
        if allowed is None:
            allowed = self.escapes[m] = allows_forced_escape(self.g, m, self._tick)
        return allowed

    def _tick(self) -> None:
        self._plays += 1
        if not self._plays & ESCAPE_TICK_MASK:
            end = self.deadline
            if end is not None and self.clock() >= end:
                raise Abort

    def random_move(self, best: int | None, score: int, proved: bool) -> int | None:
        """With noise ``N``, with the chance ``N`` * :data:`RANDOM_MOVE_PER_NOISE` (seeded) the
        reply is a random move instead of ``best`` (scored ``score``) - one that does not let
        the other side win at once where there is such a move: that move, else None; never when
        the search has ``proved`` a win or a loss (and a win in one is taken before any search).
        Drawn once; the check of its candidates stops at :attr:`deadline` (raises
        :class:`~tafl_core.scores.Abort`) and goes on in the next call."""
        if self._random_order is None:   # drawn once, so a check cut by a slice goes on the same
            self._random_order = []
            if not self.noise or best is None or score >= WIN_BOUND or proved:
                return None
            rng = self.rng
            if rng.random() >= self.noise * RANDOM_MOVE_PER_NOISE:
                return None
            codes = sorted(self.g.move_codes())
            rng.shuffle(codes)
            self._random_order = codes
        for m in self._random_order:
            if not self.loses_at_once(m):
                self._random_order = []
                return m
        self._random_order = []
        return None

    def guard(self, best: int | None, score: int, proved: bool, root_scores: dict[int, int],
              order: Callable[[list[int]], list[int]]) -> int | None:
        """The last check before a reply, whatever the depth, time or noise: if ``best`` lets the
        other side win at once, or (the attackers to move) lets the defenders force the king's
        escape by threats (:meth:`escape_allowed`), and a move exists that does neither, the
        best-scored such move (``root_scores`` of the last iteration, then ``order``: the
        search's move order of a list of moves) replaces it; failing that, the best-scored move
        that does not lose at once. Returns the replacement, or None to keep ``best``. Shallow or
        cut searches (depth 1, where encirclement and exit forts are not looked for below the
        root; a loaded machine's 1 s) and noisy levels need it; a search that has ``proved`` a
        win or a loss (``score`` a win) does not (after a proved loss every move loses by force,
        the chosen one as late as any). Each reply it plays reads :attr:`deadline` (raises
        :class:`~tafl_core.scores.Abort`; results are kept per move)."""
        if best is None or score >= WIN_BOUND or proved:
            return None
        if not self.loses_at_once(best) and not self.escape_allowed(best):
            return None
        moves = order(self.g.move_codes())
        rank = {m: i for i, m in enumerate(moves)}
        ranked = sorted(moves, key=lambda c: (-root_scores.get(c, -INF), rank[c]))
        fallback = None
        for m in ranked:
            if self.loses_at_once(m):
                continue
            if fallback is None:
                fallback = m
            if not self.escape_allowed(m):
                break
        else:
            m = fallback
        return m if m is not None and m != best else None


__all__ = ["RootChecks", "wins", "GUARD_SHARE", "RANDOM_MOVE_PER_NOISE", "WIN_SCAN_MIN"]
