"""The search's score scale and its stop signal, shared by the search (:mod:`tafl_core.search`)
and the root's checks (:mod:`tafl_core.root_checks`).

Scores are ints from the side to move's point of view; a won game scores ``WIN - plies``
(sooner wins score higher), a draw 0.
"""

from __future__ import annotations

#: Beyond every score.
INF = 10 ** 9
#: Score of a win at the root; a win found ``p`` plies down scores ``WIN - p``.
WIN = 1_000_000
#: Scores beyond this are wins or losses.
WIN_BOUND = WIN - 10_000


#: From this score on (one attacker = 100, :mod:`tafl_core.evaluate`), the side ahead is winning
#: before any forced win: five attackers' worth (the board's evaluation words, evaluation.js).
WINNING_FROM = 500
#: The review's marks (:mod:`tafl_core.review`): a move after which the mover's evaluation falls
#: by at least this much is an inaccuracy ``?!``, a mistake ``?``, a blunder ``??`` (the last
#: only where it leaves the mover losing, at ``-WINNING_FROM`` or worse). The board's
#: evaluation.js holds the same values (tests/tafl_core/test_evaluation_scale.py).
INACCURACY_DROP = 100
MISTAKE_DROP = 250
BLUNDER_DROP = 500
#: A forced win or loss counts as this much for the review's fall (so that a slower forced win
#: is no mistake, and a forced win thrown away for a winning position is one).
REVIEW_CAP = 2000


class Abort(Exception):
    """A time or node limit ran out inside an iteration or the root's checks."""


__all__ = ["INF", "WIN", "WIN_BOUND", "WINNING_FROM", "INACCURACY_DROP", "MISTAKE_DROP", "BLUNDER_DROP",
           "REVIEW_CAP", "Abort"]
