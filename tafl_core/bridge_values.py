"""The bridge's values at the worker boundary: the refusal of an argument (:class:`Refused`),
the failure envelope (:class:`Fault`, :func:`failure`, :class:`Failed`, :func:`one_line`) and the
checks of every numeric argument a command takes (finite, in range: :mod:`tafl_core.bounds`),
and the readers of a command's JSON arguments (:func:`load_args`, :func:`arg`, :func:`move_list`).
The rule and the codes: notes/CONTRACTS.md, "Worker protocol"."""

from __future__ import annotations

import json
import traceback
from enum import StrEnum

from .bounds import BOUNDS
from .reasons import Reason, Refusal, refusal
from .squares import shown_text, square_name


class Refused(ValueError):
    """A refusal of the bridge's input (rules text, position, side to move): a ValueError whose
    message is the English sentence and whose ``refusal`` is the reason as data."""

    def __init__(self, why: Refusal, message: str | None = None):
        super().__init__(message if message is not None else why.text())
        self.refusal = why


#: The largest search seed taken (the board's seeds are 1 to 2**31 - 2; 2**53 is the largest
#: whole number a JavaScript number holds exactly): tafl_core.bounds.
MAX_SEED = BOUNDS["seed"][1]


def bad_limit(name: str, lo, hi) -> Refused:
    """The refusal ``bad_limit`` of argument ``name`` outside ``lo`` to ``hi``."""
    return Refused(refusal(Reason.BAD_LIMIT, name=name, min=lo, max=hi))


def number_arg(name: str, value, lo: float, hi: float, clamp: bool = False) -> float:
    """``value`` (an int, a float or a text of ASCII digits) as a finite float from ``lo`` to
    ``hi`` (with ``clamp``: any finite number, moved into that range).

    Raises:
        Refused: ``bad_limit`` (``name``, ``min``, ``max``) for anything else: NaN, infinity,
        a bool, a list, a text that is no number (Unicode digits included).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise bad_limit(name, lo, hi)
    if isinstance(value, str) and not (value.isascii() and value.strip()):
        raise bad_limit(name, lo, hi)
    try:
        x = float(value)
    except (ValueError, OverflowError):
        raise bad_limit(name, lo, hi) from None
    if x != x or x in (float("inf"), float("-inf")):
        raise bad_limit(name, lo, hi)
    if clamp:
        return min(max(x, float(lo)), float(hi))
    if not lo <= x <= hi:
        raise bad_limit(name, lo, hi)
    return x


def whole_arg(name: str, value, lo: int, hi: int) -> int:
    """``value`` as a whole number from ``lo`` to ``hi`` (an int, an integral float such as
    ``3.0``, or a text of ASCII digits); Refused ``bad_limit`` otherwise (``2.7`` included)."""
    x = number_arg(name, value, lo, hi)
    if not x.is_integer():
        raise bad_limit(name, lo, hi)
    return int(x)


def check_level(level) -> str | None:
    """``level`` as one of tafl_core.search.LEVELS, or None when not given (None or "").

    Raises:
        Refused: ``unknown_level`` (``level`` as shown text, ``levels`` the names)."""
    from .search import LEVELS
    if level is None or level == "":
        return None
    if not isinstance(level, str) or level not in LEVELS:
        raise Refused(refusal(Reason.UNKNOWN_LEVEL, level=shown_text(str(level), 20), levels=", ".join(LEVELS)))
    return level


def search_limits(seconds, depth, nodes) -> tuple:
    """Checked search limits (None where not given): ``seconds`` 0.001 to 600, ``depth`` 1 to
    64, ``nodes`` 1 to 100,000,000 (whole numbers for depth and nodes).

    Raises:
        Refused: ``bad_limit`` naming the limit (NaN, infinity, 2.7 plies, a text are refused).
    """
    seconds = None if seconds in (None, "") else number_arg("seconds", seconds, *BOUNDS["seconds"][:2])
    depth = None if depth in (None, "") else whole_arg("depth", depth, *BOUNDS["depth"][:2])
    nodes = None if nodes in (None, "") else whole_arg("nodes", nodes, *BOUNDS["nodes"][:2])
    return seconds, depth, nodes


class Fault(StrEnum):
    """Codes of a failed command that are no refusal of the reader's input (those are
    :class:`~tafl_core.reasons.Reason`): the worker protocol's own. The page has no words for
    them; the board shows the envelope's one-line ``error``."""

    NO_SESSION = "no_session"             # a command that needs a game before session/new_game
    UNKNOWN_COMMAND = "unknown_command"   # params {command}
    BAD_REQUEST = "bad_request"           # the arguments are not a JSON object
    BAD_ARGUMENT = "bad_argument"         # an argument the engine cannot use, without a Reason
    ENGINE_FAULT = "engine_fault"         # an exception that is no refusal; params {detail}: the traceback


#: The commands whose answer to a refused move or game record is a result with the state the
#: game stands at: ``{"ok": false, "error", "reason", "state"}`` (every other failure is the
#: envelope of :func:`failure`).
ANSWERS_WITH_STATE = ("play", "play_all", "new_game", "import_record")


def failure(error: str, code: str, **params) -> dict:
    """The failure envelope: ``{"error": error, "reason": {"code": code, "params": params}}``."""
    return {"error": error, "reason": {"code": str(code), "params": params}}


class Failed(Exception):
    """A command failed with a :class:`Fault` code (caught by :meth:`tafl_core.bridge.Dispatcher.call`)."""

    def __init__(self, code: Fault, message: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


def one_line(exc: BaseException) -> str:
    """The message for the page: one line, never a traceback. Expected refusals (ValueError)
    keep their own words; anything else is named like a traceback's last line."""
    text = str(exc) if isinstance(exc, ValueError) else traceback.format_exception_only(type(exc), exc)[-1]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return (lines[-1] if lines else type(exc).__name__)[:300]


__all__ = ["DECLARED_ENDS", "search_args", "capture_dict", "result_dict", "sq_key", "listify", "Refused", "MAX_SEED", "bad_limit", "number_arg", "whole_arg", "check_level", "search_limits",
           "Fault", "ANSWERS_WITH_STATE", "failure", "Failed", "one_line"]


def load_args(args_json):
    """The arguments' JSON text as Python values; ValueError (answered as ``bad_request``, no
    traceback) for JSON nested deeper than the parser can go."""
    try:
        return json.loads(args_json)
    except RecursionError:
        raise ValueError("the arguments are nested too deeply") from None


def arg(a: dict, name: str):
    """The argument ``name`` of a command, Refused ``missing_argument`` when it is not given."""
    if name not in a:
        raise Refused(refusal(Reason.MISSING_ARGUMENT, name=name))
    return a[name]


def move_list(moves) -> list:
    """The ``moves`` argument: a list (JSON array) of move texts, else Refused ``not_a_move_list``."""
    if not isinstance(moves, list):
        raise Refused(refusal(Reason.NOT_A_MOVE_LIST))
    return moves


def capture_dict(cap, size: int, ruleset) -> dict:
    """A capture (:class:`~tafl_core.moves.Capture`) as the worker sends it: square, piece,
    reason, the partners (``with``: square or None for the edge, kind), and the rule with its
    section and whether it is an assumption."""
    rule = ruleset.rules.get(cap.rule)
    return {"square": square_name(cap.square, size), "piece": cap.piece, "reason": str(cap.reason),
            "with": [{"square": square_name(s, size) if s >= 0 else None, "kind": kind} for s, kind in cap.partners],
            "rule": cap.rule, "ref": rule.ref if rule else None, "assumed": bool(rule and rule.assumed)}


def result_dict(result, ruleset) -> dict | None:
    """A game's result (:class:`~tafl_core.moves.Result` or None) as the worker sends it: winner,
    reason, the rule with its section and whether it is an assumption."""
    if result is None:
        return None
    key = result.rule
    rule = ruleset.rules.get(key)
    return {"winner": result.winner, "reason": str(result.reason), "rule": key,
            "ref": rule.ref if rule else None, "assumed": bool(rule and rule.assumed)}


def sq_key(name: str):
    """Sort key of a square name: rank, then file."""
    return (int(name[1:]), name[0])


def listify(v):
    """A rule value from JSON as the ruleset holds it (JS arrays arrive as lists; tuples from
    Python callers are fine too)."""
    return tuple(v) if isinstance(v, list) else v


#: The ends the players declare on the board, which no rule decides (a resignation, an agreed
#: draw; docs/assets/board/address.js END_VALUES, the link's ``end`` part): the ``result`` tag and
#: the ``termination`` text an exported record gives them (OpenTafl's words for them, its
#: PlayTaflOnline translator's termination strings).
DECLARED_ENDS = {"resign-attackers": ("-1", "Attacker resigns"), "resign-defenders": ("1", "Defender resigns"),
                 "draw": ("0", "Draw")}


def search_args(a: dict) -> tuple:
    """``best``'s and ``search_start``'s arguments: seconds, depth, level, seed (0 when not
    given), nodes."""
    return a.get("seconds"), a.get("depth"), a.get("level"), a.get("seed") or 0, a.get("nodes")
