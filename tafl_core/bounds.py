"""The bounds of every number a caller hands the engine: seconds, plies, nodes, seeds, games,
playout time. One table (:data:`BOUNDS`) for the command line (checked after parsing: one line,
exit 2) and the board's bridge (a refusal naming the limit and its range).

A number is taken only when it is finite, whole where it counts something, and inside its range:
NaN, infinity, ``1e9`` seconds, ``-1``, ``2.7`` plies, a bool or a list are refused.
"""

from __future__ import annotations

import math

#: name -> (least, most, whole number): seconds of a search or a move; plies; nodes; the seed of
#: a noisy level or an opening (2**53: the largest whole number a JavaScript number holds
#: exactly); seconds of a command-line benchmark and of the board's playout benchmark; games and
#: plies of a match; budget of one search slice in milliseconds.
BOUNDS: dict[str, tuple[float, float, bool]] = {
    "seconds": (0.001, 600, False),
    "depth": (1, 64, True),
    "nodes": (1, 100_000_000, True),
    "seed": (0, 2 ** 53, True),
    "bench_seconds": (0.001, 3600, False),
    "playout_seconds": (0.001, 60, False),
    "games": (1, 100_000, True),
    "max_plies": (1, 100_000, True),
    "budget_ms": (1, 10_000, False),
}


def check(name: str, value, kind: str | None = None):
    """``value`` checked against the bounds of ``kind`` (default ``name``): an int for a whole
    kind, a float otherwise.

    Raises:
        ValueError: "``name`` must be a number from LO to HI" (or "a whole number"): not a
            number (a bool, a list, None, a text), NaN, infinity, out of range, or not whole.
    """
    lo, hi, whole = BOUNDS[kind or name]
    what = "a whole number" if whole else "a number"
    msg = f"{name} must be {what} from {_show(lo)} to {_show(hi)}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(msg)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(msg)
    if not lo <= value <= hi:
        raise ValueError(msg)
    if whole:
        if isinstance(value, float) and not value.is_integer():
            raise ValueError(msg)
        return int(value)
    return float(value)


def _show(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


#: Command-line options (argparse destinations) and the kind of bound each one has.
CLI_OPTIONS = {"seconds": "seconds", "depth": "depth", "nodes": "nodes", "seed": "seed", "games": "games",
               "max_plies": "max_plies"}
#: Commands whose ``--seconds`` is a benchmark's run time rather than a move's.
_BENCH_COMMANDS = ("bench",)


def check_cli_args(args, error: type[Exception]) -> None:
    """Check every numeric option of a parsed command line (an ``argparse.Namespace``); raise
    ``error`` with one line (``--seconds must be ...``) for the first bad one."""
    cmd = getattr(args, "cmd", None)
    for dest, kind in CLI_OPTIONS.items():
        value = getattr(args, dest, None)
        if value is None:
            continue
        if dest == "seconds" and cmd in _BENCH_COMMANDS:
            kind = "bench_seconds"
        try:
            check("--" + dest.replace("_", "-"), value, kind)
        except ValueError as exc:
            raise error(str(exc)) from None


__all__ = ["BOUNDS", "check", "check_cli_args", "CLI_OPTIONS"]
