"""Game-tree search: iterative-deepening alpha-beta (negamax with principal-variation search)
over a :class:`~tafl_core.game.Game`, within a depth, node and/or time limit.

* make/unmake through the game's fast path (:meth:`Game.play_code`, :meth:`Game.undo_code`), so
  every rule the engine has applies as in play: jumps, berserk turns, repetition results,
  encirclement, exit forts, no-move results. A berserk turn of several steps is one decision:
  a step after which the same side moves again costs no depth and its score is not negated;
* a transposition table keyed by :func:`tafl_core.zobrist.search_key` (the game's incremental
  Zobrist hash, side to move and berserk turn included);
* move ordering (:mod:`tafl_core.ordering`): hash move, king moves onto escape squares, moves
  next to the king, likely captures, killer moves, history heuristic;
* late-move reductions (:data:`LMR_DEPTH`, :data:`LMR_AFTER`): an attackers' quiet move far
  down the order is first searched a ply shallower, and to full depth only if it beats the best
  so far (never a defenders' move: a quiet one can set up the king's fork);
* null-move pruning (:data:`NULL_DEPTH`, :data:`NULL_R`): where the side to move's evaluation
  already reaches beta, it first passes (:meth:`Search._null_move`); if the other side's reply,
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
  (:meth:`Search._win_at_root`, :meth:`Search._guard`): a move that wins at once is played without a search, and a chosen
  move after which the other side wins at once is replaced by one after which it cannot,
  where there is one (every reply played through the engine), so encirclement and exit forts,
  which the leaf does not look for, are seen one ply deep too;
* levels (:data:`LEVELS`): from ``beginner`` (depth 1, a small share of the time, seeded noise
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
from dataclasses import dataclass

from .evaluate import Evaluator
from .moves import Move
from .ordering import MoveOrdering
from .root_checks import GUARD_SHARE, RANDOM_MOVE_PER_NOISE, RootChecks
from .scores import INF, WIN, WIN_BOUND, Abort as _Abort
from .tables import ATTACKERS, SIDE_NAMES
from .threats import EscapeThreats
from .zobrist import search_key

MAX_DEPTH = 64
#: Time budget of :func:`best_move` when no depth, time or node limit is given (seconds).
DEFAULT_SECONDS = 2.0
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
#: Time of a search given a depth or node limit but no time: it stops at whichever comes first.
DEPTH_ONLY_SECONDS = 30.0
#: Entries of the transposition table before it is cleared.
TT_MAX = 300_000
EXACT, LOWER, UPPER = 0, 1, 2


@dataclass(frozen=True)
class Level:
    """A playing strength: ``depth`` (most plies), ``seconds`` (most seconds a move; None: no
    cap), ``noise`` (the spread of seeded random points added to each root move's score, and
    the chance ``noise`` * :data:`RANDOM_MOVE_PER_NOISE` of a random safe move instead; 0:
    none) and ``share`` (the part of the caller's time budget the level spends: a weaker level
    thinks for a fraction of the time a stronger one gets, so it also reaches less deep)."""

    depth: int
    seconds: float | None
    noise: int
    share: float = 1.0


#: The levels, weakest first; all run the same search (:class:`Search`, with the root's win and
#: safety checks), only the limits and the noise differ: each level searches a ply deeper than
#: the one below (``strong`` as deep as its time allows) with no more noise.
LEVELS: dict[str, Level] = {
    "beginner": Level(1, 0.5, 60, 0.25),
    "easy": Level(2, 1.0, 10, 0.5),
    "medium": Level(3, 2.0, 0, 0.5),
    "strong": Level(MAX_DEPTH, None, 0, 1.0),
}


def level_limits(level: str | None, depth: int | None = None, seconds: float | None = None,
                 nodes: int | None = None) -> tuple[int | None, float | None, int | None, int]:
    """The search limits ``(depth, seconds, nodes, noise)`` of ``level`` (a key of
    :data:`LEVELS`, or None: the limits as given, no noise) when the caller allows ``depth``
    plies, ``seconds`` seconds and ``nodes`` nodes: the level's depth cap, its share of the
    seconds (at most its own cap; its cap alone when no seconds are given), the nodes as given.

    Raises:
        ValueError: an unknown level.
    """
    if level is None:
        return depth, _bounded(depth, seconds, nodes), nodes, 0
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}' (one of {', '.join(LEVELS)})")
    lv = LEVELS[level]
    depth = min(depth, lv.depth) if depth else lv.depth
    if seconds:
        seconds = seconds * lv.share
        if lv.seconds is not None:
            seconds = min(seconds, lv.seconds)
    elif lv.seconds is not None:
        seconds = lv.seconds
    return depth, _bounded(depth, seconds, nodes), nodes, lv.noise


def _bounded(depth, seconds, nodes) -> float:
    """The seconds of a search: as given; without them :data:`DEFAULT_SECONDS` when nothing else
    limits it, :data:`DEPTH_ONLY_SECONDS` when only a depth (below the most) or nodes do."""
    if seconds is not None:
        return seconds
    if nodes is None and (depth is None or depth >= MAX_DEPTH):
        return DEFAULT_SECONDS
    return DEPTH_ONLY_SECONDS


class Search(MoveOrdering, RootChecks, EscapeThreats):
    """A search on ``game`` (which it plays on and restores: after each call the game is as it
    was, its redo list included).

    Args:
        game: the :class:`~tafl_core.game.Game` to move in.
        use_tt: keep a transposition table (off only to check that it changes no result).
        noise: spread of seeded random points added to the root moves' scores, and the chance
            ``noise`` * :data:`RANDOM_MOVE_PER_NOISE` of a random safe move as the reply (0: none).
        seed: seed of that noise (with the root position and the move: :meth:`_noise_of`).
        evaluator: an :class:`~tafl_core.evaluate.Evaluator` (default: one for the game).
        clock: seconds as a float, for the time limits (default ``time.perf_counter``; a test
            injects its own).
        tt: a transposition table to start from and fill (a dict, as :attr:`tt`; default a new
            one): the engine protocol keeps one between the moves of a game, so a search starts
            from what the one before it learnt. Its entries must come from searches of games
            under the same ruleset object (the keys are that ruleset's Zobrist keys).
    """

    def __init__(self, game, use_tt: bool = True, noise: int = 0, seed: int = 0,
                 evaluator: Evaluator | None = None, clock=time.perf_counter, tt: dict | None = None):
        self.g = game
        self.t = game.tables
        self.ev = evaluator or Evaluator(game)
        self.use_tt = use_tt
        self.tt: dict[int, tuple] = {} if tt is None else tt
        self.noise = noise
        self.seed = seed
        self._pick_rng = random.Random(seed * 2 + 1)   # the random move's draw, apart from the scores'
        self.history: dict[int, int] = defaultdict(int)   # a missing move reads 0 (ordering.py)
        self.killers = [[0, 0] for _ in range(MAX_DEPTH * 4 + 8)]
        self.nodes = 0
        self._made = 0
        self._allow_null = True
        self._deadline = None
        self._guard_deadline = None
        self._node_limit = None
        self._clock = clock
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
        # the root's part of each root move's noise (_noise_of)
        self._noise_base = 0
        if self.noise:
            self._noise_base = (self.seed * 0x9E3779B97F4A7C15 ^ search_key(self.g)) & 0xFFFFFFFFFFFFFFFF
        self.seconds = seconds
        self.node_budget = nodes

    def step(self, budget_seconds: float | None) -> bool:
        """Search on for at most ``budget_seconds`` (None: until a limit of :meth:`start`);
        True when the search is done (depth reached, a limit spent, a forced result found or
        no move to search) and the root's last checks are too. An iteration cut by the slice's
        end is searched again by the next slice, from a warm transposition table; the last
        checks, cut by a slice's end, go on in the next (they have ``GUARD_SHARE`` of each
        limit on top of it)."""
        if self.done and self._guarded:
            return True
        g = self.g
        if g.result is not None or not g.move_codes():
            self.done = self._guarded = True
            return True
        now = self._clock()
        ends, guard_ends = [], []
        if self.seconds is not None:
            ends.append(now + max(0.0, self.seconds - self.elapsed))
            guard_ends.append(now + max(0.0, self.seconds * (1 + GUARD_SHARE) - self.elapsed))
        if budget_seconds is not None:
            ends.append(now + budget_seconds)
            guard_ends.append(now + budget_seconds * (1 + GUARD_SHARE))
        self._deadline = min(ends) if ends else None
        self._guard_deadline = min(guard_ends) if guard_ends else None
        self._node_limit = self.node_budget
        if self.depth == 0 and self.best is None:
            win = self._win_at_root()
            if win is None:   # the slice ended first: the scan goes on in the next one
                self.elapsed += self._clock() - now
                return False
            if win:
                self.done = self._guarded = True
                self.elapsed += self._clock() - now
                return True
        if not self.done:
            self._search_on(now)
        if self.done and not self._guarded:
            self._guarded = self._last_checks(now)
        self.elapsed += self._clock() - now
        return self.done and self._guarded

    def _search_on(self, now: float) -> None:
        """The iterations of :meth:`step` until its deadline."""
        g = self.g
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
        except _Abort:
            while self._made:
                g.undo_code()
                self._made -= 1
            if self.best is None:   # not even depth 1 finished: the best root move so far
                m = self._root_best or self._ordered(g.move_codes(), 0, 0)[0]
                self.best, self.score, self.pv = m, self._root_score, [m]
            if self._node_limit is not None and self.nodes >= self._node_limit:
                self.done = True
            elif self.seconds is not None and self.elapsed + self._clock() - now >= self.seconds:
                self.done = True

    def reply(self) -> dict:
        """``{"move", "score", "depth", "nodes", "nps", "pv", "turn"}``: the best move's notation
        (``"d1-d3"``, ``"end"``; None when there is no move), its score from the side to move's
        view, the last depth searched to the end, nodes, nodes per second, the principal
        variation as move texts, and the moves of the side to move's whole turn (more than one in
        a berserk turn)."""
        n = self.t.n
        pv = [str(Move(m >> 10, m & 1023, n)) for m in self.pv]
        turn = pv[: self._turn_len] if pv else []
        return {"move": pv[0] if pv else None, "score": int(self.score), "depth": self.depth, "nodes": self.nodes,
                "nps": int(self.nodes / self.elapsed) if self.elapsed > 0 else 0, "pv": pv, "turn": turn}

    def root_scores(self) -> dict[int, int]:
        """The root moves' scores of the last iteration (move code -> score): the best one's
        exact, the others' bounds from null-window searches."""
        return dict(self._root_scores)

    # -- internals ------------------------------------------------------------------------------
    def _reset_run(self):
        self.depth = 0
        self.score = 0
        self.best = None
        self.pv: list[int] = []
        self._turn_len = 1
        self.done = False
        self.elapsed = 0.0
        self.nodes = 0
        self.max_depth = MAX_DEPTH
        self.seconds = None
        self.node_budget = None
        self._root_best = None
        self._root_score = 0
        self._root_scores: dict[int, int] = {}
        self._noise_cache: dict[int, int] = {}
        self._guarded = False
        self._proved = False               # an iteration ended with a forced win or loss
        self._safe: dict[int, bool] = {}   # root move -> whether the other side cannot win at once
        self._escapes: dict[int, bool] = {}   # root move -> whether it allows a forced escape (threats.py)
        self._win_scan: list | None = None  # the root's win-in-one scan: [moves, next index, winners]
        self._random_order: list[int] | None = None

    def _tick(self):
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise _Abort
        if self._deadline is not None and self._clock() >= self._deadline:
            raise _Abort

    def _play(self, m: int):
        self.g.play_code(m)
        self._made += 1

    def _unplay(self):
        self.g.undo_code()
        self._made -= 1

    def _root(self, depth: int) -> tuple[int, int]:
        g = self.g
        side = g.side
        moves = self._ordered(g.move_codes(), self.best or self._tt_move(), 0)
        alpha, beta = -INF, INF
        best_move, best_score = moves[0], -INF
        noise = self.noise
        self._root_best = None
        for i, m in enumerate(moves):
            # the move's noise is known first: its score s + r beats the best so far (alpha)
            # exactly when s > alpha - r, so a null window there tells, as without noise
            r = self._noise_of(m) if noise else 0
            self._play(m)
            same = g.side == side
            if i == 0:
                s = self._child(depth, alpha, beta, 1, same)
            else:
                a = alpha - r
                s = self._child(depth, a, a + 1, 1, same)
                if a < s < beta:
                    s = self._child(depth, a, beta, 1, same)
            self._unplay()
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

    def _noise_of(self, m: int) -> int:
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
        r = self.g.result
        if r.winner is None:
            return 0
        return WIN - ply if r.winner == SIDE_NAMES[self.g.side] else -(WIN - ply)

    def _tt_move(self) -> int:
        e = self.tt.get(search_key(self.g))
        return e[3] if e else 0

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
        tt[search_key(self.g)] = (depth, flag, score, move)

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        g = self.g
        self.nodes += 1
        if not self.nodes & TICK_MASK:
            self._tick()
        if g.result is not None:
            return self._terminal(ply)
        # the king threatens to escape: the attackers' answer costs no depth; at the horizon
        # only the moves that could stop him are tried (threats.py)
        lines = self._threat_lines()
        if lines:
            depth = depth + 1 if depth > 0 else 1
        elif depth <= 0 and g.berserker < 0:
            return self._leaf(ply)
        hash_move = 0
        if self.use_tt:
            e = self.tt.get(search_key(g))
            if e is not None:
                hash_move = e[3]
                if e[0] >= depth:
                    s = e[2]
                    if s >= WIN_BOUND:
                        s -= ply
                    elif s <= -WIN_BOUND:
                        s += ply
                    f = e[1]
                    if f == EXACT or (f == LOWER and s >= beta) or (f == UPPER and s <= alpha):
                        return s
        allow_null = self._allow_null
        self._allow_null = True
        if (depth >= NULL_DEPTH and allow_null and not lines and g.berserker < 0 and beta < WIN_BOUND
                and self.ev.score(g) >= beta):
            s = self._null_move(depth, beta, ply)
            if s >= beta:
                return beta
        if lines and depth == 1:
            codes = self._blocking_moves(lines)
            if not codes:   # nothing stops him: he escapes with the defenders' next move
                return -(WIN - ply - 2)
        else:
            codes = g.move_codes()
            if not codes:
                return 0   # no_moves = none: the game stands still, no result
        moves = self._ordered(codes, hash_move, ply)
        side = g.side
        alpha0 = alpha
        best, best_move = -INF, moves[0]
        first = True
        # the defenders' quiet moves are never reduced: one of them can set up the king's fork
        reduce = depth >= LMR_DEPTH and g.berserker < 0 and side == ATTACKERS
        if reduce:
            k = g.king
            near = self.t.adj[k] if k >= 0 else ()
            enemies = len(g.pieces[1 - side])
            killers = self.killers[ply]
        for i, m in enumerate(moves):
            self._play(m)
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
                        self._unplay()
                        if s > best:
                            best, best_move = s, m
                        continue
                s = self._child(depth, alpha, alpha + 1, ply + 1, same)
                if alpha < s < beta:
                    s = self._child(depth, alpha, beta, ply + 1, same)
            self._unplay()
            if s > best:
                best, best_move = s, m
                if s > alpha:
                    alpha = s
                    if alpha >= beta:
                        k = self.killers[ply]
                        if k[0] != m:
                            k[1] = k[0]
                            k[0] = m
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        self._store(ply, depth, best, alpha0, beta, best_move)
        return best

    def _null_move(self, depth: int, beta: int, ply: int) -> int:
        """The side to move passes (side and key flipped, nothing else) and the other side's
        reply is searched :data:`NULL_R` plies shallower with a null window at ``beta``: the
        score from the passing side's view. A cut inside it undoes its moves before the pass is
        taken back, so the game is left as it was."""
        g = self.g
        z = self.t.z_side
        made = self._made
        self._allow_null = False
        g.side ^= 1
        g.hash ^= z
        try:
            return -self._negamax(depth - 1 - NULL_R, -beta, -beta + 1, ply + 1)
        except _Abort:
            while self._made > made:
                self._unplay()
            raise
        finally:
            g.side ^= 1
            g.hash ^= z
            self._allow_null = True

    def _leaf(self, ply: int) -> int:
        """Depth 0: a win in one for the side to move if there is one, else the evaluation."""
        me = SIDE_NAMES[self.g.side]
        for m in self._win_candidates():
            if self._wins(m, me):
                return WIN - ply - 1
        return self.ev.score(self.g)

    def _pv(self, first: int, depth: int) -> list[int]:
        """The principal variation from the transposition table, starting with ``first``."""
        g = self.g
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
                if not e or not e[3] or e[3] not in g.move_codes():
                    break
                out.append(e[3])
                if in_turn:
                    self._turn_len += 1
                g.play_code(e[3])
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


__all__ = ["Search", "best_move", "level_limits", "Level", "LEVELS", "WIN", "WIN_BOUND", "INF", "MAX_DEPTH",
           "DEFAULT_SECONDS", "DEPTH_ONLY_SECONDS", "GUARD_SHARE", "RANDOM_MOVE_PER_NOISE"]
