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


class Abort(Exception):
    """A time or node limit ran out inside an iteration or the root's checks."""


__all__ = ["INF", "WIN", "WIN_BOUND", "Abort"]
