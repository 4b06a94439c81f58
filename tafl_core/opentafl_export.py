"""An OpenTafl game record for a game of any variant: OpenTafl's rules string for the site's
rules where OpenTafl can say them, else OpenTafl's nearest rules, written only where the game's
moves replay identically under them (checked with this engine before anything is written).

OpenTafl (github.com/jslater89/OpenTafl, ``notation/GameSerializer.java``) opens a game record
only with a ``rules`` tag, and its rules grammar (:mod:`tafl_core.opentafl`) has no camps, no
pieces that move one square, no king taken only by four attackers, no repetition that is ignored,
loses for the defenders or counts other than at the third occurrence, no rule for a side without
moves other than its loss, no berserk escape and no berserk turn that may end while the piece
can still capture (``GameState.updateGameState``: in ``ber:c`` the berserker moves on as long as
it has a capturing move), and it asks a special square's hostility per side. For such rules
:func:`nearest_rules` changes each of these rules to OpenTafl's nearest one (:data:`NEAREST`'s
order of reasons below), writes the result with :func:`~tafl_core.opentafl.to_opentafl` and
reads it back with :func:`~tafl_core.opentafl.ruleset_from_opentafl` (the rules OpenTafl plays).
:func:`opentafl_plan` then replays the game's moves under those rules with this engine: every
ply must be legal, leave the same position and side to move, and the game must end (or not) with
the same winner. A berserk turn is written as OpenTafl writes one (``MoveSerializer``: the
berserker's further moves with ``=``, no move that ends the turn): the move ``end`` of this
engine never occurs in a game that replays identically, since OpenTafl ends a berserk turn by
itself exactly when the piece cannot capture again, where this engine ends it too.

The board says what :class:`OpenTaflPlan` holds: the rules written and every rule that differs
from the site's, or why no OpenTafl file can be made (``board_size``: more than 19 squares a
side, OpenTafl's move grammar ends at ``s``; ``rules``: no nearest rules OpenTafl can say;
``moves``: the first ply that plays otherwise under them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import TaflError
from .game import Game
from .opentafl import OpenTaflRulesError, ruleset_from_opentafl, to_opentafl
from .position import Position
from .ruleset import Ruleset
from .squares import parse_square

#: OpenTafl's largest board (``MoveSerializer.getMoveRegex``: files ``a``-``s``).
MAX_OPENTAFL_SIZE = 19
#: Why no OpenTafl file can be made (:attr:`OpenTaflPlan.why` ``code``).
WHY_CODES = ("board_size", "rules", "moves")


@dataclass(frozen=True)
class NearestRules:
    """OpenTafl rules for a ruleset.

    Attributes:
        text: the OpenTafl rules string (the record's ``rules`` tag).
        ruleset: the rules OpenTafl plays under ``text`` (read back by
            :func:`~tafl_core.opentafl.ruleset_from_opentafl`).
        differ: ``({"key", "site", "opentafl"}, ...)`` the rules the site plays otherwise than
            ``text`` says, in the site's rule order, values as in rules.toml (str, bool, int,
            list); empty when OpenTafl says the site's rules.
    """

    text: str
    ruleset: Ruleset
    differ: tuple[dict, ...] = ()


@dataclass(frozen=True)
class OpenTaflPlan:
    """What an OpenTafl record of a game carries: ``rules`` (:class:`NearestRules`) when one can
    be made, else None and ``why`` ``{"code", ...}``: ``{"code": "board_size", "size", "max"}``,
    ``{"code": "rules"}`` or ``{"code": "moves", "ply", "move", "differ"}`` (the first ply,
    1-based, that plays otherwise under OpenTafl's nearest rules, its move, and the rules that
    differ as in :attr:`NearestRules.differ`)."""

    rules: NearestRules | None
    why: dict | None = None

    def as_dict(self) -> dict:
        """JSON form (the bridge's ``export_record`` answer): ``{"rules": bool, "differ":
        [{"key", "site", "opentafl"}], "why": dict | None}``."""
        differ = self.rules.differ if self.rules else (self.why or {}).get("differ", ())
        return {"rules": self.rules is not None, "differ": [_json_diff(d) for d in differ],
                "why": None if self.why is None else {k: v for k, v in self.why.items() if k != "differ"}}


def _json_diff(d: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def _nearest_step(rs: Ruleset) -> dict[str, Any]:
    """The overrides that bring ``rs`` one step nearer to rules OpenTafl can say (empty when no
    rule below applies). Each is OpenTafl's nearest rule:

    * no camps, no one-square moves (OpenTafl has neither; its pieces move like rooks);
    * a king taken by four attackers: four sides (``ks:s``, where a hostile square counts too);
    * repetition ignored: a draw (``tfr:d``); lost by the defenders: lost by the side that
      repeats (``tfr:w``); counted at the third occurrence (OpenTafl's only count);
    * a side without moves loses (OpenTafl's only rule);
    * a berserk escape: berserk captures only (``ber:c``); a berserk turn continues while the
      piece can capture (OpenTafl's only way);
    * commanders take the king from two sides (OpenTafl's commander is an attacker);
    * a special square between others: a piece that may stop on it coming from elsewhere may pass
      it (OpenTafl stops a
      move at the first square the piece may not pass, the destination included:
      ``Taflman.getAllowableMovesFrom``); a piece that may pass it but not come back to it may
      come back (OpenTafl's re-entry also bars passing); a corner hostile only while empty that another piece may stand
      on is hostile always; an empty throne hostile to the defenders is hostile to the king too
      and the other way round (OpenTafl asks per side).
    """
    v = rs.value
    ov: dict[str, Any] = {}
    if v("camps"):
        ov["camps"] = ()
    if v("one_step"):
        ov["one_step"] = ()
    if v("king_capture") == "four_attackers":
        ov["king_capture"] = "four_sides"
    elif v("king_capture") == "throne_four":
        ov["king_capture"] = "throne_graded"   # the same but beside the throne
    if v("repetition") == "ignored":
        ov["repetition"] = "draw"
    elif v("repetition") == "loss_defenders":
        ov["repetition"] = "loss_repeater"
    elif v("repetition") == "forbidden_defenders":
        ov["repetition"] = "draw"   # the defenders never repeat; the attackers' third repeat ends it
    if v("repetition_count") != 3:
        ov["repetition_count"] = 3
    if v("no_moves") != "loss":
        ov["no_moves"] = "loss"
    if v("berserk") == "capture_or_escape":
        ov["berserk"] = "capture"
    if v("berserk") != "off" and not v("berserk_compulsory"):
        ov["berserk_compulsory"] = True
    if "commander" in set(rs.layout.pieces.values()) and v("commander_king_capture") != "custodial":
        ov["commander_king_capture"] = "custodial"
    if ov:
        return ov
    sq = rs.special_squares()
    for prefix, present in (("throne", bool(sq["throne"])), ("corner", bool(sq["corners"]))):
        if not present:
            continue
        stop, pas, reent = (set(v(f"{prefix}_{f}")) for f in ("stop", "pass", "reenter"))
        names = sq["throne"] if prefix == "throne" else sq["corners"]
        if (stop & reent) - pas and any(_between(name, rs.size) for name in names):
            pas |= stop & reent
            ov[f"{prefix}_pass"] = _kinds(pas)
        if (stop - reent) & pas:
            ov[f"{prefix}_reenter"] = _kinds(reent | ((stop - reent) & pas))
        always, empty = set(v(f"{prefix}_hostile")), set(v(f"{prefix}_hostile_empty"))
        if prefix == "corner" and (empty - always) and (stop - {"king"}):
            ov["corner_hostile"], ov["corner_hostile_empty"] = _kinds(always | empty), ()
        elif prefix == "corner" and ("defender" in always | empty) != ("king" in always | empty):
            ov["corner_hostile"] = _kinds(always | {"defender", "king"})
        if prefix == "throne":
            kinds = always | empty
            king_counts = v("king_capture") != "custodial"
            if ("defender" in kinds) != ("king" in kinds or king_counts):
                extra = "king" if "defender" in kinds else "defender"
                ov["throne_hostile_empty"] = _kinds((empty | {extra}) - always)
    return ov


def _between(name: str, n: int) -> bool:
    """Whether square ``name`` lies between two squares of a rank or file (not a board corner):
    a piece can move over it, and OpenTafl then asks whether it may pass it to reach it."""
    s = parse_square(name, n)
    r, f = divmod(s, n)
    return 0 < r < n - 1 or 0 < f < n - 1


def _kinds(kinds: set[str]) -> tuple[str, ...]:
    order = ("attacker", "defender", "king")
    return tuple(k for k in order if k in kinds)


def nearest_rules(rs: Ruleset) -> NearestRules | None:
    """OpenTafl's rules for ``rs``: the site's own where OpenTafl can say them (``differ``
    empty), else OpenTafl's nearest (:func:`_nearest_step`, applied until OpenTafl can say the
    rules) with the rules changed listed; None for a board over 19 squares, a hex board
    (OpenTafl's boards are square) or rules that no change brings into OpenTafl's grammar."""
    if rs.size > MAX_OPENTAFL_SIZE or rs.value("geometry") != "square":
        return None
    overrides: dict[str, Any] = {}
    current = rs
    for _ in range(4):
        step = _nearest_step(current)
        if not step:
            break
        overrides.update(step)
        try:
            current = rs.with_overrides(overrides)
        except (TaflError, ValueError):
            return None
    text = to_opentafl(current)
    if text is None or _nearest_step(current):
        return None
    try:
        played = ruleset_from_opentafl(text)
    except (OpenTaflRulesError, TaflError, ValueError):
        # A string this engine writes but does not read back (a commander on a hostility list,
        # which OpenTafl asks per side): the rules changed here are those written.
        played = current
    keys = [k for k in rs.rules if k in overrides] + [k for k in overrides if k not in rs.rules]
    differ = tuple({"key": k, "site": rs.value(k), "opentafl": overrides[k]} for k in keys)
    return NearestRules(text, played, differ)


def first_difference(ruleset: Ruleset, start: Position, side: str, moves: list, other: Ruleset) -> int | None:
    """The first ply (1-based) of ``moves`` (the :class:`~tafl_core.moves.PlayedMove` list of a
    game under ``ruleset`` from ``start`` with ``side`` to move) that plays otherwise under
    ``other``: an ``end`` move, a move not legal there, another position or side to move after
    it, or (after the last ply) another winner or a game that ends under one rules only; None
    when every ply and the end are the same."""
    here, there = Game(ruleset, start, side), Game(other, start, side)
    for i, p in enumerate(moves, 1):
        if p.move.is_end:
            return i
        here.play(p.move)
        try:
            there.play(p.move)
        except TaflError:
            return i
        if (here.side, here.berserker) != (there.side, there.berserker) or here.board != there.board:
            return i
        if (here.result is None) != (there.result is None):
            return i
    a, b = here.result, there.result
    if (a is None) != (b is None) or (a is not None and a.winner != b.winner):
        return max(1, len(moves))
    return None


def opentafl_plan(game: Game, start: Position, side: str) -> OpenTaflPlan:
    """What an OpenTafl record of ``game`` (started from ``start`` with ``side`` to move) can
    carry (:class:`OpenTaflPlan`): OpenTafl's (nearest) rules when every move replays under them
    as here, else why not."""
    rs = game.ruleset
    if rs.size > MAX_OPENTAFL_SIZE:
        return OpenTaflPlan(None, {"code": "board_size", "size": rs.size, "max": MAX_OPENTAFL_SIZE})
    near = nearest_rules(rs)
    if near is None:
        return OpenTaflPlan(None, {"code": "rules"})
    if not near.differ and not any(p.move.is_end for p in game.moves_played):
        return OpenTaflPlan(near)
    ply = first_difference(rs, start, side, list(game.moves_played), near.ruleset)
    if ply is None:
        return OpenTaflPlan(near)
    move = game.moves_played[ply - 1].move if game.moves_played else None
    return OpenTaflPlan(None, {"code": "moves", "ply": ply, "move": str(move) if move else "",
                               "differ": near.differ})


#: The start comment's opening words that mark the note on the rules written (so that a record
#: read and exported again carries one note, not two).
RULES_NOTE_PREFIX = "Tafl-Kompendium:"


def rules_note(near: NearestRules, variant: str) -> str:
    """The start comment naming every rule the site plays otherwise than the rules written
    (English, rule keys and values as in rules.toml; the board words them in the page's
    language): ``Tafl-Kompendium: Copenhagen Hnefatafl is written under OpenTafl's nearest
    rules, under which these moves play the same; it differs in repetition (here
    loss_defenders, written loss_repeater).``"""
    parts = [f"{d['key']} (here {_value(d['site'])}, written {_value(d['opentafl'])})" for d in near.differ]
    return (f"{RULES_NOTE_PREFIX} {variant} is written under OpenTafl's nearest rules, under which these moves "
            f"play the same; it differs in {'; '.join(parts)}.")


def _value(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v) or "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def without_rules_note(text: str) -> str:
    """A start comment with the note of :func:`rules_note` taken out (it is written anew)."""
    text = str(text)
    at = text.find(RULES_NOTE_PREFIX)
    return text if at < 0 else text[:at].rstrip()


__all__ = ["MAX_OPENTAFL_SIZE", "WHY_CODES", "NearestRules", "OpenTaflPlan", "nearest_rules", "first_difference",
           "opentafl_plan", "rules_note", "without_rules_note", "RULES_NOTE_PREFIX"]
