"""Game-tree search: iterative-deepening alpha-beta (negamax with principal-variation search)
over a :class:`~tafl_core.game.Game`, within a depth, node and/or time limit.

* make/unmake through the game's fast path (:meth:`Game.play_code`, :meth:`Game.undo_code`), so
  every rule the engine has applies as in play: jumps, berserk turns, repetition results,
  encirclement, exit forts, no-move results. A berserk turn of several steps is one decision:
  a step after which the same side moves again costs no depth and its score is not negated;
* a transposition table of :class:`Entry` records keyed by :func:`tafl_core.zobrist.search_key`
  (the game's incremental Zobrist hash, side to move and berserk turn included);
* move ordering (:mod:`tafl_core.ordering`): hash move, king moves onto escape squares, moves
  next to the king, likely captures, killer moves, history heuristic;
* late-move reductions (:data:`LMR_DEPTH`, :data:`LMR_AFTER`): an attackers' quiet move far
  down the order is first searched a ply shallower, and to full depth only if it beats the best
  so far (never a defenders' move: a quiet one can set up the king's fork);
* null-move pruning (:data:`NULL_DEPTH`, :data:`NULL_R`): where the side to move's evaluation
  already reaches beta, it first passes (:meth:`Game.play_null`); if the other side's reply,
  searched :data:`NULL_R` plies shallower, still leaves it at beta the node is cut. Never at a
  node where the king threatens to escape (the attackers must answer), in a berserk turn, or
  twice in a row; the forced results of the real-game positions stay as without it
  (tests/tafl_core/test_tactics.py);
* the escape-threat extension (:mod:`tafl_core.threats`): a node where the king threatens to
  escape (the attackers to move) is searched a ply deeper; at the horizon only the attackers'
  moves that could stop the escape are tried, so a run of threats ending in a fork is seen;
* a tactical leaf: at depth 0 the side to move first tries its moves that could win at once
  (the king onto an escape square; a move next to the king; every move when the other side has
  at most two pieces left), so a win in one is never missed, and since every move of the
  side before it is answered so, a threatened loss in one is answered whenever an answer exists
  (from depth 1 on);
* the root's own checks (:mod:`tafl_core.root_checks`), whatever the depth, level or cut
  (:meth:`RootChecks.win_scan`, :meth:`RootChecks.guard`): a move that wins at once is played
  without a search, and a chosen move after which the other side wins at once is replaced by
  one after which it cannot, where there is one (every reply played through the engine), so
  encirclement and exit forts, which the leaf does not look for, are seen one ply deep too;
* levels (:data:`LEVELS`, :mod:`tafl_core.levels`): from ``beginner`` (depth 1, a small share of the time, seeded noise
  on the root scores and often a random safe move, so games differ) to ``strong`` (the full
  time budget), all through :class:`Search`.

Scores are ints from the side to move's point of view; a won game scores ``WIN - plies``
(sooner wins score higher), a draw 0. The time budget is checked by the search itself (its
clock, ``time.perf_counter`` unless one is injected, every 256 nodes), and by the root's last
checks after it (every reply they play): a search of ``S`` seconds answers within
``S * (1 + GUARD_SHARE)``; a search given no time is bounded all the same (:func:`level_limits`).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from typing import NamedTuple

from .evaluate import Evaluator
from .levels import DEFAULT_SECONDS, DEPTH_ONLY_SECONDS, LEVELS, MAX_DEPTH, Level, level_limits
from .moves import Move
from .ordering import ordered, win_candidates
from .root_checks import GUARD_SHARE, RANDOM_MOVE_PER_NOISE, RootChecks, wins
from .scores import INF, WIN, WIN_BOUND, Abort
from .tables import ATTACKERS, SIDE_NAMES
from .threats import blocking_moves, threat_lines
from .zobrist import search_key

#: Late-move reductions: from this depth on, an attackers' quiet move searched after the first
#: :data:`LMR_AFTER` moves of the order is searched one ply shallower first.
LMR_DEPTH = 3
LMR_AFTER = 4
#: Null-move pruning: from this depth on, a side whose evaluation already reaches beta first
#: passes; a search :data:`NULL_R` plies shallower that still reaches beta cuts the node.
NULL_DEPTH = 3
NULL_R = 2
#: The clock and node limit are read every ``TICK_MASK + 1`` nodes. In the browser (Pyodide,
#: about ten times slower than CPython) a node on a 19×19 board takes about 1 ms, so reading
#: every 256 nodes let a 40 ms slice of the board's search run for 400 ms, and Restart waited for
#: it; every 32 nodes keeps a slice near its budget at no measurable cost natively.
TICK_MASK = 31
#: Entries of the transposition table before it is cleared.
TT_MAX = 300_000
#: The kinds of a table entry's score: exact, a lower bound (the node failed high), an upper
#: bound (it failed low).
EXACT, LOWER, UPPER = 0, 1, 2


class Entry(NamedTuple):
    """A transposition-table entry: the position was searched ``depth`` plies deep; ``score``
    (from the side to move's view) is ``flag``'s kind of bound (:data:`EXACT`, :data:`LOWER`,
    :data:`UPPER`); ``move`` is the best move found (a move code; 0: none). A win or loss is
    stored as seen from the position itself (``WIN - plies from it``), so it holds wherever the
    position recurs."""

    depth: int
    flag: int
    score: int
    move: int


_entry = tuple.__new__   # Entry(...) without the Python-level __new__: one call per stored node


class Search:
    """One search on ``game`` (which it plays on and restores: after each call the game is as it
    was, its redo list included), and the state it keeps: the transposition table, killer moves,
    history, node count, limits and the result so far. The move order, the escape threats and
    the root's checks are helpers that receive what they read (:mod:`tafl_core.ordering`,
    :mod:`tafl_core.threats`, :class:`~tafl_core.root_checks.RootChecks`).

    Args:
        game: the :class:`~tafl_core.game.Game` to move in.
        use_tt: keep a transposition table (off only to check that it changes no result).
        noise: spread of seeded random points added to the root moves' scores, and the chance
            ``noise`` * :data:`RANDOM_MOVE_PER_NOISE` of a random safe move as the reply (0: none).
        seed: seed of that noise (with the root position and the move: :meth:`noise_of`).
        evaluator: an :class:`~tafl_core.evaluate.Evaluator` (default: one for the game).
        clock: seconds as a float, for the time limits (default ``time.perf_counter``; a test
            injects its own).
        tt: a transposition table to start from and fill (a dict, as :attr:`tt`; default a new
            one): the engine protocol keeps one between the moves of a game, so a search starts
            from what the one before it learnt. Its entries must come from searches of games
            under the same ruleset object (the keys are that ruleset's Zobrist keys).

    Attributes:
        game, tables, evaluator: what it searches, and how it scores a position.
        tt: search key (:func:`~tafl_core.zobrist.search_key`) -> :class:`Entry`.
        history: move code -> the sum of ``depth ** 2`` over its cut-offs (a ``defaultdict``).
        killers: per ply the two latest moves that cut off there (``[first, second]``, 0: none).
        checks: the root's checks of the run under way (:class:`RootChecks`).
        depth, score, best, pv, nodes, elapsed, done: the last iteration's depth, score and
            best move (a move code; None before one is known) and line (move codes), the
            nodes searched, the seconds spent, whether the search is finished.
    """

    def __init__(self, game, use_tt: bool = True, noise: int = 0, seed: int = 0,
                 evaluator: Evaluator | None = None, clock=time.perf_counter, tt: dict | None = None):
        self.game = game
        self.tables = game.tables
        self.evaluator = evaluator or Evaluator(game)
        self.use_tt = use_tt
        self.tt: dict[int, Entry] = {} if tt is None else tt
        self.noise = noise
        self.seed = seed
        self.clock = clock
        self.pick_rng = random.Random(seed * 2 + 1)   # the random move's draw, apart from the scores'
        self.history: dict[int, int] = defaultdict(int)   # a missing move reads 0 (ordering.ordered)
        self.killers = [[0, 0] for _ in range(MAX_DEPTH * 4 + 8)]
        self._allow_null = True   # no null move right after one
        self._deadline = None     # this slice's deadline on the clock (None: none)
        self._node_limit = None
        self._reset_run()

    # -- public ---------------------------------------------------------------------------------
    def run(self, depth: int | None = None, seconds: float | None = None, nodes: int | None = None) -> dict:
        """Search to ``depth`` plies (default :data:`MAX_DEPTH`) or until ``seconds`` of wall
        time or ``nodes`` nodes are spent, whichever comes first (at least depth 1 is always
        finished unless a limit stops it). Returns the reply of :meth:`reply`."""
        self.start(depth, seconds, nodes)
        while not self.step(None):
            pass
        return self.reply()

    def start(self, depth: int | None = None, seconds: float | None = None, nodes: int | None = None) -> None:
        """Begin a search in slices (:meth:`step`): the limits as in :meth:`run`."""
        self._reset_run()
        self.max_depth = max(1, min(MAX_DEPTH, depth or MAX_DEPTH))
        # the root's part of each root move's noise (noise_of)
        self._noise_base = 0
        if self.noise:
            self._noise_base = (self.seed * 0x9E3779B97F4A7C15 ^ search_key(self.game)) & 0xFFFFFFFFFFFFFFFF
        self.seconds = seconds
        self.node_budget = nodes

    def step(self, budget_seconds: float | None) -> bool:
        """Search on for at most ``budget_seconds`` (None: until a limit of :meth:`start`);
        True when the search is done (depth reached, a limit spent, a forced result found or
        no move to search) and the root's last checks are too. An iteration cut by the slice's
        end is searched again by the next slice, from a warm transposition table; the last
        checks, cut by a slice's end, go on in the next (they have ``GUARD_SHARE`` of each
        limit on top of it)."""
        if self.done and self.guarded:
            return True
        g = self.game
        if g.result is not None or not g.move_codes():
            self.done = self.guarded = True
            return True
        now = self.clock()
        ends, guard_ends = [], []
        if self.seconds is not None:
            ends.append(now + max(0.0, self.seconds - self.elapsed))
            guard_ends.append(now + max(0.0, self.seconds * (1 + GUARD_SHARE) - self.elapsed))
        if budget_seconds is not None:
            ends.append(now + budget_seconds)
            guard_ends.append(now + budget_seconds * (1 + GUARD_SHARE))
        self._deadline = min(ends) if ends else None
        self.checks.deadline = min(guard_ends) if guard_ends else None
        self._node_limit = self.node_budget
        if self.depth == 0 and self.best is None:
            winners = self.checks.win_scan(self._deadline)
            if winners is None:   # the slice ended first: the scan goes on in the next one
                self.elapsed += self.clock() - now
                return False
            if winners:   # the first in the move order (a total order: as of all moves)
                self._reply_with(self._order(winners)[0], WIN - 1)
                self.depth = 1
                self.done = self.guarded = True
                self.elapsed += self.clock() - now
                return True
        if not self.done:
            self._search_on(now)
        if self.done and not self.guarded:
            self.guarded = self._last_checks(now)
        self.elapsed += self.clock() - now
        return self.done and self.guarded

    def reply(self) -> dict:
        """``{"move", "score", "depth", "nodes", "nps", "pv", "turn"}``: the best move's notation
        (``"d1-d3"``, ``"end"``; None when there is no move), its score from the side to move's
        view, the last depth searched to the end, nodes, nodes per second, the principal
        variation as move texts, and the moves of the side to move's whole turn (more than one in
        a berserk turn)."""
        n = self.tables.n
        pv = [str(Move(m >> 10, m & 1023, n)) for m in self.pv]
        turn = pv[: self._turn_len] if pv else []
        return {"move": pv[0] if pv else None, "score": int(self.score), "depth": self.depth, "nodes": self.nodes,
                "nps": int(self.nodes / self.elapsed) if self.elapsed > 0 else 0, "pv": pv, "turn": turn}

    def root_scores(self) -> dict[int, int]:
        """The root moves' scores of the last iteration (move code -> score): the best one's
        exact, the others' bounds from null-window searches."""
        return dict(self._root_scores)

    # -- one run: its state and its end ---------------------------------------------------------
    def _reset_run(self):
        self.depth = 0
        self.score = 0
        self.best = None
        self.pv: list[int] = []
        self._turn_len = 1
        self.done = False
        self.guarded = False               # the root's last checks are finished
        self.elapsed = 0.0
        self.nodes = 0
        self.max_depth = MAX_DEPTH
        self.seconds = None
        self.node_budget = None
        self._root_best = None
        self._root_score = 0
        self._root_scores: dict[int, int] = {}
        self._noise_cache: dict[int, int] = {}
        self._proved = False               # an iteration ended with a forced win or loss
        self.checks = RootChecks(self.game, self.clock, self.noise, self.pick_rng)

    def _reply_with(self, m: int, score: int) -> None:
        """Make ``m`` (scored ``score``) the reply, alone in its line."""
        self.best, self.score, self.pv, self._turn_len = m, score, [m], 1

    def _order(self, codes: list[int], hash_move: int = 0, ply: int = 0) -> list[int]:
        """``codes`` in the search's move order at ``ply`` (:func:`~tafl_core.ordering.ordered`)."""
        return ordered(self.game, codes, hash_move, self.killers[ply], self.history)

    def _search_on(self, now: float) -> None:
        """The iterations of :meth:`step` until its deadline."""
        g = self.game
        root = g.ply   # a cut undoes every move played below the root, whatever its depth
        try:
            while self.depth < self.max_depth:
                d = self.depth + 1
                score, move = self._root(d)
                self.depth, self.score, self.best = d, score, move
                self.pv = self._pv(move, d)
                if abs(score) >= WIN_BOUND:
                    self.done = self._proved = True
                    break
            else:
                self.done = True
        except Abort:
            while g.ply > root:
                g.undo_code()
            if self.best is None:   # not even depth 1 finished: the best root move so far
                m = self._root_best or self._order(g.move_codes())[0]
                self.best, self.score, self.pv = m, self._root_score, [m]
            if self._node_limit is not None and self.nodes >= self._node_limit:
                self.done = True
            elif self.seconds is not None and self.elapsed + self.clock() - now >= self.seconds:
                self.done = True

    def _last_checks(self, now: float) -> bool:
        """The root's random move and safety check (:meth:`RootChecks.random_move`,
        :meth:`RootChecks.guard`) until the guard's deadline, each replacing the reply where it
        says so; True when they are finished or the whole of their time is spent (the move
        chosen so far stands), False when only this slice's time is."""
        checks = self.checks
        try:
            m = checks.random_move(self.best, self.score, self._proved)
            if m is not None:
                self._reply_with(m, self._root_scores.get(m, self.score))
            m = checks.guard(self.best, self.score, self._proved, self._root_scores, self._order)
            if m is not None:
                self._reply_with(m, self._root_scores.get(m, self.score))
        except Abort:
            return self.seconds is None or self.elapsed + self.clock() - now >= self.seconds * (1 + GUARD_SHARE)
        return True

    # -- the tree -------------------------------------------------------------------------------
    def _tick(self):
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise Abort
        if self._deadline is not None and self.clock() >= self._deadline:
            raise Abort

    def _root(self, depth: int) -> tuple[int, int]:
        g = self.game
        side = g.side
        moves = self._order(g.move_codes(), self.best or self._tt_move())
        alpha, beta = -INF, INF
        best_move, best_score = moves[0], -INF
        noise = self.noise
        self._root_best = None
        for i, m in enumerate(moves):
            # the move's noise is known first: its score s + r beats the best so far (alpha)
            # exactly when s > alpha - r, so a null window there tells, as without noise
            r = self.noise_of(m) if noise else 0
            g.play_code(m)
            same = g.side == side
            if i == 0:
                s = self._child(depth, alpha, beta, 1, same)
            else:
                a = alpha - r
                s = self._child(depth, a, a + 1, 1, same)
                if a < s < beta:
                    s = self._child(depth, a, beta, 1, same)
            g.undo_code()
            if r and abs(s) < WIN_BOUND:
                s += r
            self._root_scores[m] = s
            if s > best_score:
                best_score, best_move = s, m
                self._root_best, self._root_score = m, s
            if s > alpha:
                alpha = s
        if not noise:   # a noisy root score is no bound for the table
            self._store(0, depth, best_score, -INF, beta, best_move)
        return best_score, best_move

    def noise_of(self, m: int) -> int:
        """The seeded noise of root move ``m`` (an int in ``[-noise, noise]``): drawn from the
        seed, the root position's Zobrist key and the move code, so a move keeps its noise in
        every iteration of a search and the same seed gives other noise in another position
        (and the same in CPython and Pyodide: the generator is seeded by an int)."""
        r = self._noise_cache.get(m)
        if r is None:
            r = random.Random(self._noise_base ^ m * 0xBF58476D1CE4E5B9).randint(-self.noise, self.noise)
            self._noise_cache[m] = r
        return r

    def _child(self, depth: int, alpha: int, beta: int, ply: int, same: bool) -> int:
        """Score of the position after a move, from the mover's view: a berserk step that keeps
        the same side to move costs no depth and is not negated."""
        if same:
            return self._negamax(depth, alpha, beta, ply)
        return -self._negamax(depth - 1, -beta, -alpha, ply)

    def _terminal(self, ply: int) -> int:
        g = self.game
        r = g.result
        if r.winner is None:
            return 0
        return WIN - ply if r.winner == SIDE_NAMES[g.side] else -(WIN - ply)

    def _tt_move(self) -> int:
        e = self.tt.get(search_key(self.game))
        return e.move if e else 0

    def _store(self, ply, depth, score, alpha0, beta, move):
        if not self.use_tt:
            return
        if score <= alpha0:
            flag = UPPER
        elif score >= beta:
            flag = LOWER
        else:
            flag = EXACT
        if score >= WIN_BOUND:
            score += ply
        elif score <= -WIN_BOUND:
            score -= ply
        tt = self.tt
        if len(tt) >= TT_MAX:
            tt.clear()
        tt[search_key(self.game)] = _entry(Entry, (depth, flag, score, move))

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        g = self.game
        self.nodes += 1
        if not self.nodes & TICK_MASK:
            self._tick()
        if g.result is not None:
            return self._terminal(ply)
        # the king threatens to escape: the attackers' answer costs no depth; at the horizon
        # only the moves that could stop him are tried (threats.py)
        lines = threat_lines(g)
        if lines:
            depth = depth + 1 if depth > 0 else 1
        elif depth <= 0 and g.berserker < 0:
            return self._leaf(ply)
        hash_move = 0
        if self.use_tt:
            e = self.tt.get(search_key(g))
            if e is not None:
                hash_move = e.move
                if e.depth >= depth:
                    s = e.score
                    if s >= WIN_BOUND:
                        s -= ply
                    elif s <= -WIN_BOUND:
                        s += ply
                    f = e.flag
                    if f == EXACT or (f == LOWER and s >= beta) or (f == UPPER and s <= alpha):
                        return s
        allow_null = self._allow_null
        self._allow_null = True
        if (depth >= NULL_DEPTH and allow_null and not lines and g.berserker < 0 and beta < WIN_BOUND
                and self.evaluator.score(g) >= beta):
            s = self._null_move(depth, beta, ply)
            if s >= beta:
                return beta
        if lines and depth == 1:
            codes = blocking_moves(g, lines)
            if not codes:   # nothing stops him: he escapes with the defenders' next move
                return -(WIN - ply - 2)
        else:
            codes = g.move_codes()
            if not codes:
                return 0   # no_moves = none: the game stands still, no result
        killers = self.killers[ply]
        moves = ordered(g, codes, hash_move, killers, self.history)
        side = g.side
        alpha0 = alpha
        best, best_move = -INF, moves[0]
        first = True
        # the defenders' quiet moves are never reduced: one of them can set up the king's fork
        reduce = depth >= LMR_DEPTH and g.berserker < 0 and side == ATTACKERS
        if reduce:
            k = g.king
            near = self.tables.adj[k] if k >= 0 else ()
            enemies = len(g.pieces[1 - side])
        for i, m in enumerate(moves):
            g.play_code(m)
            same = g.side == side
            if first:
                s = self._child(depth, alpha, beta, ply + 1, same)
                first = False
            else:
                # late-move reduction: a quiet move far down the order (no capture, not the
                # king's, not next to him, not the hash or a killer move) is first searched a
                # ply shallower; only if it beats alpha there is it searched to full depth
                if (reduce and i >= LMR_AFTER and not same and m != hash_move and m not in killers
                        and (m >> 10) != k and (m & 1023) not in near
                        and len(g.pieces[1 - side]) == enemies and g.result is None):
                    s = -self._negamax(depth - 2, -alpha - 1, -alpha, ply + 1)
                    if s <= alpha:
                        g.undo_code()
                        if s > best:
                            best, best_move = s, m
                        continue
                s = self._child(depth, alpha, alpha + 1, ply + 1, same)
                if alpha < s < beta:
                    s = self._child(depth, alpha, beta, ply + 1, same)
            g.undo_code()
            if s > best:
                best, best_move = s, m
                if s > alpha:
                    alpha = s
                    if alpha >= beta:
                        if killers[0] != m:
                            killers[1] = killers[0]
                            killers[0] = m
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        self._store(ply, depth, best, alpha0, beta, best_move)
        return best

    def _null_move(self, depth: int, beta: int, ply: int) -> int:
        """The side to move passes (:meth:`Game.play_null`) and the other side's reply is
        searched :data:`NULL_R` plies shallower with a null window at ``beta``: the score from
        the passing side's view. A cut inside it undoes its moves before the pass is taken back
        (:meth:`Game.undo_null`), so the game is left as it was."""
        g = self.game
        made = g.ply
        self._allow_null = False
        g.play_null()
        try:
            return -self._negamax(depth - 1 - NULL_R, -beta, -beta + 1, ply + 1)
        except Abort:
            while g.ply > made:
                g.undo_code()
            raise
        finally:
            g.undo_null()
            self._allow_null = True

    def _leaf(self, ply: int) -> int:
        """Depth 0: a win in one for the side to move if there is one, else the evaluation."""
        g = self.game
        me = SIDE_NAMES[g.side]
        for m in win_candidates(g):
            if wins(g, m, me):
                return WIN - ply - 1
        return self.evaluator.score(g)

    def _pv(self, first: int, depth: int) -> list[int]:
        """The principal variation from the transposition table, starting with ``first``."""
        g = self.game
        side = g.side
        out = [first]
        g.play_code(first)
        made = 1
        self._turn_len = 1
        in_turn = True
        try:
            if g.side != side:
                in_turn = False
            while len(out) < depth + 8 and g.result is None:
                e = self.tt.get(search_key(g))
                if not e or not e.move or e.move not in g.move_codes():
                    break
                out.append(e.move)
                if in_turn:
                    self._turn_len += 1
                g.play_code(e.move)
                made += 1
                if g.side != side:
                    in_turn = False
        finally:
            for _ in range(made):
                g.undo_code()
        return out


def best_move(game, depth: int | None = None, seconds: float | None = None, nodes: int | None = None,
              level: str | None = None, seed: int = 0, use_tt: bool = True) -> dict:
    """Search ``game`` and return :meth:`Search.reply` (``{"move", "score", "depth", "nodes",
    "nps", "pv", "turn"}``). ``level`` (a key of :data:`LEVELS`) sets the depth, time budget and
    noise (:func:`level_limits`: its depth cap, its share of ``seconds``); with no limit at all the search
    spends :data:`DEFAULT_SECONDS`. The game is left as it was.

    Raises:
        ValueError: an unknown level.
    """
    depth, seconds, nodes, noise = level_limits(level, depth, seconds, nodes)
    if seconds is None and nodes is None and (depth is None or depth >= MAX_DEPTH):
        seconds = DEFAULT_SECONDS
    return Search(game, use_tt=use_tt, noise=noise, seed=seed).run(depth, seconds, nodes)


__all__ = ["Search", "Entry", "best_move", "level_limits", "Level", "LEVELS", "WIN", "WIN_BOUND", "INF", "MAX_DEPTH",
           "DEFAULT_SECONDS", "DEPTH_ONLY_SECONDS", "GUARD_SHARE", "RANDOM_MOVE_PER_NOISE"]
