"""The command line's ``review`` (``python -m tafl_core review --variant SLUG [--seconds S]
[--depth D] [--json] FILE``): a game record (OpenTafl's, or plain move text; ``-`` for standard
input) reviewed move by move by :func:`tafl_core.review.review_game`.

Output: one line per ply, ``12. h6-h9 (defenders) +35 best h6-h8 ?`` (the evaluation after the
move from the attackers' view), or with ``--json`` one JSON object per line,
``{"ply", "move", "side", "score", "best", "line", "mark"}``.
"""

from __future__ import annotations

import json
import sys

from . import limits
from .cli_common import UsageError, resolve_variant
from .records import RecordError, read_record, record_moves, start_of
from .review import REVIEW_SECONDS, review_game
from .ruleset import load_ruleset


def _read_text(spec: str) -> str:
    """The record file ``spec`` (``-``: standard input), at most the longest record the reader
    takes, as text.

    Raises:
        UsageError: unreadable, too large or not UTF-8.
    """
    name = "<stdin>" if spec == "-" else spec
    cap = limits.MAX_GAME_RECORD_CHARS * 4 + 1   # UTF-8: at most four bytes a character
    try:
        if spec == "-":
            if sys.stdin is None:
                raise UsageError("<stdin>: cannot read the record: standard input is closed")
            raw = sys.stdin.buffer.read(cap)
        else:
            with open(spec, "rb") as fh:
                raw = fh.read(cap)
    except OSError as exc:
        raise UsageError(f"{name}: cannot read the record: {exc.strerror or exc}") from None
    if len(raw) >= cap:
        raise UsageError(f"{name}: the record is longer than {limits.MAX_GAME_RECORD_CHARS} characters")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8 text (byte {exc.start})") from None


def cmd_review(args) -> int:
    """``review``: prints one line per ply (see the module's docstring)."""
    if args.seconds is not None and not 0 < args.seconds <= 600:
        raise UsageError("--seconds must be more than 0 and at most 600")
    if args.depth is not None and not 1 <= args.depth <= 64:
        raise UsageError("--depth must be 1 to 64")
    ruleset = load_ruleset(resolve_variant(args.variant))
    text = _read_text(args.file)
    try:
        record = read_record(ruleset, text)
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    game = record.game
    moves = record_moves(game)
    start, first = start_of(game)
    seconds = args.seconds if args.seconds is not None else (REVIEW_SECONDS if args.depth is None else None)
    for r in review_game(ruleset, moves, start, first, seconds=seconds, depth=args.depth):
        if args.json:
            print(json.dumps(r.as_dict()), flush=True)
        else:
            tail = f" best {r.best}" if r.best and r.best != r.move else ""
            print(f"{r.ply}. {r.move} ({r.side}) {r.score:+d}{tail}{' ' + r.mark if r.mark else ''}", flush=True)
    return 0


def add_parser(sub) -> None:
    """Add the ``review`` subparser to ``sub``."""
    sp = sub.add_parser("review", help="review a game record move by move (marks ??, ?, ?!)")
    sp.add_argument("--variant", required=True)
    sp.add_argument("--seconds", type=float, default=None,
                    help=f"search time per position (default {REVIEW_SECONDS} without --depth)")
    sp.add_argument("--depth", type=int, help="search depth per position")
    sp.add_argument("--json", action="store_true", help="one JSON object per ply")
    sp.add_argument("file", metavar="FILE", help="the game record (- for standard input)")


COMMANDS = {"review": cmd_review}

__all__ = ["cmd_review", "add_parser", "COMMANDS"]
