"""Game review: every move of a game searched and marked, as a chess site's game analysis does.

For each ply the position before the move is searched (:class:`tafl_core.search.Search`), which
gives the best move, its line and the best score the mover could reach; the position after the
move is searched too (it is the next ply's "before"), which gives what the move played kept.
The fall from the one to the other, from the mover's point of view, marks the move
(:func:`mark_for`, thresholds in :mod:`tafl_core.scores`):

* ``??`` the move lets the other side win at once (the king escapes or is taken, or any other
  result of the other side's next move) where another move did not, or it turns a game that
  was not lost into a lost one (a fall of at least :data:`~tafl_core.scores.BLUNDER_DROP` to
  :data:`~tafl_core.scores.WINNING_FROM` or worse against the mover);
* ``?`` a fall of at least :data:`~tafl_core.scores.MISTAKE_DROP`;
* ``?!`` a fall of at least :data:`~tafl_core.scores.INACCURACY_DROP`;
* no mark otherwise, and never for the engine's own best move.

A forced win or loss counts as :data:`~tafl_core.scores.REVIEW_CAP` for the fall, so a quicker
and a slower forced win are alike. Where a ``??`` comes from a win at once of the other side,
the best move given is one that prevents it (the engine's when it does, else the first
preventing move in the move generator's order), found by playing every reply.

The review is pure (stdlib only) and runs unchanged in the board's worker (Pyodide).
"""

from __future__ import annotations

from dataclasses import dataclass
import time
from typing import Callable

from .game import Game
from .moves import Move
from .position import Position
from .ruleset import Ruleset
from .scores import (BLUNDER_DROP, INACCURACY_DROP, MISTAKE_DROP, REVIEW_CAP, WIN, WIN_BOUND, WINNING_FROM)
from .search import Search, level_limits
from .tables import SIDE_NAMES

#: Search time per position when none is given (seconds): a 100-ply game in about 15 s.
REVIEW_SECONDS = 0.15
#: The marks a review gives, worst first (the board's move list and the record's comments use them).
MARKS = ("??", "?", "?!")


@dataclass(frozen=True)
class PlyReview:
    """One ply of a review.

    Attributes:
        ply: 1 for the first move played.
        move: the move played (``"d1-d3"``, ``"end"`` for the end of a berserk turn).
        side: the side that played it, ``"attackers"`` or ``"defenders"``.
        score: the evaluation after the move from the attackers' point of view (the search's
            scale: one attacker = 100, a forced win ``WIN - plies``; positive: attackers ahead).
        before: the best score the mover could reach before the move, the attackers' view.
        best: the engine's best move before the move (None where the mover had none).
        line: the engine's line from the position before the move (move texts).
        mark: ``"??"``, ``"?"``, ``"?!"`` or ``""``.
    """

    ply: int
    move: str
    side: str
    score: int
    before: int
    best: str | None
    line: list[str]
    mark: str

    def as_dict(self) -> dict:
        """``{"ply", "move", "side", "score", "best", "line", "mark"}`` (the command line's
        ``--json`` line; ``before`` is left out there, it is the previous ply's ``score``
        except where a move was not the best)."""
        return {"ply": self.ply, "move": self.move, "side": self.side, "score": self.score,
                "best": self.best, "line": list(self.line), "mark": self.mark}


def _capped(score: int) -> int:
    """``score`` with forced wins and losses (and anything beyond the cap) counted as the cap."""
    if score >= WIN_BOUND:
        return REVIEW_CAP
    if score <= -WIN_BOUND:
        return -REVIEW_CAP
    return max(-REVIEW_CAP, min(REVIEW_CAP, score))


def mark_for(before: int, after: int, loses_at_once: bool = False) -> str:
    """The mark of a move from the mover's point of view: ``before`` the best score the mover
    could reach, ``after`` the score the move kept (search scale), ``loses_at_once`` whether the
    move lets the other side win with its next move where another move did not.

    Returns ``"??"``, ``"?"``, ``"?!"`` or ``""`` (rules in the module's docstring).
    """
    if loses_at_once:
        return "??"
    b, a = _capped(before), _capped(after)
    drop = b - a
    if drop >= BLUNDER_DROP and a <= -WINNING_FROM < b:
        return "??"
    if drop >= MISTAKE_DROP:
        return "?"
    if drop >= INACCURACY_DROP:
        return "?!"
    return ""


def wins_at_once(game: Game) -> bool:
    """Whether the side to move has a move that ends the game in its favour at once (the king
    onto an escape square, the king taken, an encirclement, an exit fort, the other side left
    without a move, ...). The game is left as it was."""
    me = game.to_move
    for code in game.move_codes():
        result = game.play_code(code)
        game.undo_code()
        if result is not None and result.winner == me:
            return True
    return False


def lets_win_at_once(game: Game, code: int) -> bool:
    """Whether the move ``code`` of the side to move lets the other side win with its next
    move. A move that ends the game, or after which the same side moves on (a berserk turn),
    does not. The game is left as it was."""
    mover = game.to_move
    result = game.play_code(code)
    try:
        if result is not None or game.to_move == mover:
            return False
        return wins_at_once(game)
    finally:
        game.undo_code()


def _code(game: Game, text: str) -> int | None:
    """The move code of move text ``text`` in ``game`` (None for the end of a berserk turn)."""
    mv = game.parse_move(text)
    return None if mv.is_end else mv.frm << 10 | mv.to


def _after_result(game: Game, mover: str) -> int | None:
    """The score the position in ``game`` is worth to ``mover`` (who just moved) where no
    search is needed (the game is over, or the side to move has no move), else None."""
    res = game.result
    if res is not None:
        if res.winner is None:
            return 0
        return WIN - 1 if res.winner == mover else -(WIN - 1)
    if not game.move_codes():
        return 0
    return None


class Review:
    """A game review in slices (:meth:`step`), so that a caller can answer other requests, show
    progress and cancel between them (the board's worker: bridge ``review_start`` /
    ``review_step``). The arguments are those of :func:`review_game`; the review plays on a
    game of its own.

    Attributes:
        moves: the move texts reviewed.
        total: how many (``len(moves)``).
        plies: the :class:`PlyReview` of every ply reviewed so far, in order.
        done: whether every ply is reviewed.

    Raises:
        tafl_core.errors.NotationError, tafl_core.reasons.IllegalMove: (from :meth:`step`) a
            move that is malformed or not legal where it is played.
    """

    def __init__(self, ruleset: Ruleset, moves: list[str], start: Position | None = None, first: str | None = None,
                 seconds: float | None = REVIEW_SECONDS, depth: int | None = None,
                 clock: Callable[[], float] = time.perf_counter):
        self.game = Game(ruleset, start, first)
        self.moves = list(moves)
        self.total = len(self.moves)
        self.plies: list[PlyReview] = []
        self.done = False
        self._clock = clock
        self._deadline: float | None = None
        self._limits = level_limits(None, depth, seconds, None)[:3]
        self._steps = self._run()

    def stop(self) -> None:
        """End the review where it stands (:attr:`plies` keep the plies reviewed; :attr:`done`)."""
        self.done = True
        self._steps.close()

    def step(self, budget_seconds: float | None = None) -> bool:
        """Review on for about ``budget_seconds`` (at least one slice of a search; a move whose
        every reply is played is checked between slices too), or, with None, until the next ply
        is reviewed. Returns :attr:`done`."""
        if self.done:
            return True
        self._deadline = None if budget_seconds is None else self._clock() + budget_seconds
        for ply_done in self._steps:
            if self._deadline is None:
                if ply_done:
                    return False
            elif self._clock() >= self._deadline:
                return False
        self.done = True
        return True

    def _left(self) -> float | None:
        return None if self._deadline is None else max(0.001, self._deadline - self._clock())

    def _search(self):
        """A generator: the search of the game's position in slices (yields False between
        them), returning :meth:`Search.reply`."""
        depth, seconds, nodes = self._limits
        srch = Search(self.game)
        srch.start(depth, seconds, nodes)
        while not srch.step(self._left()):
            yield False
        return srch.reply()

    def _saving(self):
        """A generator: the moves of the side to move that do not let the other side win at
        once (yields False between moves when a budget is set), returning their codes."""
        game = self.game
        out = []
        for c in game.move_codes():
            if not lets_win_at_once(game, c):
                out.append(c)
            if self._deadline is not None:
                yield False
        return out

    def _run(self):
        """A generator over the whole review: yields False between slices, True after a ply."""
        game = self.game
        here = (yield from self._search()) if self.total and game.result is None else None
        for i, text in enumerate(self.moves):
            mover = game.to_move
            sign = 1 if mover == SIDE_NAMES[0] else -1
            code = _code(game, text)
            before = here["score"] if here else 0
            best = here["move"] if here else None
            line = list(here["pv"]) if here else []
            at_once = False
            if code is not None and lets_win_at_once(game, code):
                saving = yield from self._saving()
                if saving:
                    at_once = True
                    best_code = _code(game, best) if best else None
                    if best_code not in saving:
                        best = _move_text(game, saving[0])
                        line = [best]
            is_best = best is not None and code == _code(game, best)
            game.play(text)
            after = _after_result(game, mover)
            here = None
            if after is None:
                here = yield from self._search()
                after = here["score"] if game.to_move == mover else -here["score"]
            mark = "" if is_best else mark_for(before, after, at_once)
            self.plies.append(PlyReview(ply=i + 1, move=text, side=mover, score=sign * after, before=sign * before,
                                        best=best, line=line, mark=mark))
            yield True


def review_game(ruleset: Ruleset, moves: list[str], start: Position | None = None, first: str | None = None,
                seconds: float | None = REVIEW_SECONDS, depth: int | None = None,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> list[PlyReview]:
    """Review a game: ``moves`` (move texts as :meth:`Game.play` takes them) played from
    ``start`` with ``first`` to move (the ruleset's layout and first mover by default), every
    position searched for ``seconds`` seconds and/or to ``depth`` plies (:class:`Review`, one
    ply at a time).

    ``progress(done, total)`` is called after each ply; where ``cancelled()`` turns true the
    review stops and returns the plies reviewed so far.

    Returns:
        one :class:`PlyReview` per move played, in order.

    Raises:
        tafl_core.errors.NotationError, tafl_core.reasons.IllegalMove: a move that is malformed
            or not legal where it is played.
    """
    review = Review(ruleset, moves, start, first, seconds, depth)
    while len(review.plies) < review.total:
        if cancelled is not None and cancelled():
            break
        review.step(None)
        if progress is not None:
            progress(len(review.plies), review.total)
    return list(review.plies)


def mark_comment(p: PlyReview) -> str:
    """The comment a game record carries for the review of ply ``p`` with a mark: the mark and,
    where the engine preferred another move, ``best`` and that move (``"?? best d4-d7"``)."""
    return f"{p.mark} best {p.best}" if p.best and p.best != p.move else p.mark


def _move_text(game: Game, code: int) -> str:
    """The text of move code ``code`` on ``game``'s board (``"d1-d3"``)."""
    return str(Move(code >> 10, code & 1023, game.size))


__all__ = ["REVIEW_SECONDS", "PlyReview", "Review", "MARKS", "review_game", "mark_comment", "mark_for", "wins_at_once",
           "lets_win_at_once"]
