"""The search's playing strengths and limits: the :data:`LEVELS` (depth, share of the time,
root noise) and :func:`level_limits`, which turns a level and a caller's limits into the limits of
one search (:class:`tafl_core.search.Search`, which re-exports these names).
"""

from __future__ import annotations

from dataclasses import dataclass

from .root_checks import RANDOM_MOVE_PER_NOISE

#: The deepest iteration of a search (plies).
MAX_DEPTH = 64
#: Time budget of :func:`tafl_core.search.best_move` when no depth, time or node limit is given (seconds).
DEFAULT_SECONDS = 2.0
#: Time of a search given a depth or node limit but no time: it stops at whichever comes first.
DEPTH_ONLY_SECONDS = 30.0


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


#: The levels, weakest first; all run the same search (:class:`~tafl_core.search.Search`, with the root's win and
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


__all__ = ["Level", "LEVELS", "level_limits", "MAX_DEPTH", "DEFAULT_SECONDS", "DEPTH_ONLY_SECONDS",
           "RANDOM_MOVE_PER_NOISE"]
