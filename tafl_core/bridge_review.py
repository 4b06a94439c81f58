"""The board's game review through the worker (tafl_core.bridge: ``review_start``,
``review_step``, ``review_stop``), and the comments ``export_record`` writes beside a record's
own: the review's marks and the reader's notes. JSON-friendly values only, as the bridge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bridge_values import number_arg, search_limits, whole_arg
from .limits import MAX_COMMENT_CHARS, MAX_RECORD_COMMENTS, MAX_RECORD_MOVES

if TYPE_CHECKING:   # (the review and the records are imported when a review begins: the
    # board's worker starts without them)
    from .review import PlyReview, Review


class GameReview:
    """The review of one board (a :class:`tafl_core.review.Review` in slices), kept after it
    ends so that the exported record carries its marks."""

    def __init__(self):
        self.review: Review | None = None
        self.origin: tuple[str, str] | None = None     # its start: (position record, side to move)

    def start(self, game, seconds: float | None = None, depth: int | None = None) -> dict:
        """Begin a review of ``game``'s whole line (the moves played and those taken back, from
        where the game started) in slices: then :meth:`step` until its ``done``. ``seconds`` per
        position (default :data:`tafl_core.review.REVIEW_SECONDS`), ``depth`` as ``best``.
        Returns ``{"started": True, "total"}`` (the plies to review). The review plays on a game
        of its own: moves and jumps meanwhile do not stop it; a new one replaces it.

        Raises:
            ValueError: a limit out of range (``bad_limit``).
        """
        from .records import start_of
        from .review import REVIEW_SECONDS, Review
        seconds, depth, _ = search_limits(REVIEW_SECONDS if seconds is None else seconds, depth, None)
        pos, side = start_of(game)
        moves = [str(p.move) for p in game.moves_played] + [str(p.move) for p in game.undone_moves]
        self.review = Review(game.ruleset, moves, pos, side, seconds, depth)
        self.origin = (pos.to_otn(), side)
        return {"started": True, "total": len(moves)}

    def step(self, budget_ms: float = 50, since: int = 0) -> dict | None:
        """Review on for about ``budget_ms`` milliseconds: ``{"done", "reviewed", "total",
        "plies"}``, ``plies`` the plies reviewed from index ``since`` on (0-based: 0 all), each
        ``{"ply", "move", "side", "score", "before", "best", "line", "mark"}``
        (:class:`~tafl_core.review.PlyReview`, scores from the attackers' view); ``done`` with
        fewer ``reviewed`` than ``total`` after :meth:`stop`. None when no review was started."""
        rv = self.review
        if rv is None:
            return None
        budget = number_arg("budget_ms", budget_ms, 1, 60_000, clamp=True) / 1000.0
        since = whole_arg("since", since or 0, 0, MAX_RECORD_MOVES)
        done = rv.step(budget)
        return {"done": done, "reviewed": len(rv.plies), "total": rv.total,
                "plies": [_ply_dict(p) for p in rv.plies[since:]]}

    def stop(self, forget: bool = False) -> dict:
        """Stop the review under way: ``{"stopped": bool}`` (whether one was under way). The plies
        reviewed stay for the exported record, unless ``forget`` (the reader closed the review):
        then the review is dropped, its marks with it."""
        rv = self.review
        had = rv is not None and not rv.done
        if had:
            rv.stop()
        if forget is True:
            self.review = None
        return {"stopped": had}

    def comments(self, game) -> dict[int, str]:
        """The review's marks as record comments (:func:`tafl_core.review.mark_comment`) on the
        plies of ``game`` that are still the moves reviewed (same start, same moves up to them)."""
        rv = self.review
        if rv is None or not rv.plies:
            return {}
        from .records import start_of
        from .review import mark_comment
        pos, side = start_of(game)
        if (pos.to_otn(), side) != self.origin:
            return {}
        out = {}
        for p, played in zip(rv.plies, game.moves_played):
            if p.move != str(played.move):
                break
            if p.mark:
                out[p.ply] = mark_comment(p)
        return out


def _ply_dict(p: PlyReview) -> dict:
    """A ply of the review for the worker: its ``as_dict`` plus ``before``."""
    out = p.as_dict()
    out["before"] = p.before
    return out


def notes_arg(notes) -> dict[int, str]:
    """The reader's comments ``[{"ply", "text"}]`` (export_record's ``notes``) as ply -> text,
    runs of white space as one space, empty texts left out.

    Raises:
        ValueError: not a list of such objects, more than MAX_RECORD_COMMENTS, a ply that is not
            a whole number from 0 to MAX_RECORD_MOVES, a text longer than MAX_COMMENT_CHARS.
    """
    if notes is None:
        return {}
    if not isinstance(notes, list) or len(notes) > MAX_RECORD_COMMENTS:
        raise ValueError(f"notes must be a list of at most {MAX_RECORD_COMMENTS} comments")
    out = {}
    for n in notes:
        if not isinstance(n, dict) or not isinstance(n.get("text"), str) or len(n["text"]) > MAX_COMMENT_CHARS:
            raise ValueError(f"a note must be {{ply, text}} with a text of at most {MAX_COMMENT_CHARS} characters")
        ply = whole_arg("ply", n.get("ply"), 0, MAX_RECORD_MOVES)
        if n["text"].strip():
            out[ply] = " ".join(n["text"].split())
    return out


def with_marks(comments: dict[int, str], marks: dict[int, str]) -> dict[int, str]:
    """A record's ``comments`` (ply -> text) with the review's ``marks`` put first on their
    plies (not again where the comment already begins with it: a record exported after a
    review and read back)."""
    out = dict(comments)
    for ply, mark in marks.items():
        have = out.get(ply, "")
        out[ply] = have if have.startswith(mark) else (mark + " " + have if have else mark)
    return out


__all__ = ["GameReview", "notes_arg", "with_marks"]
