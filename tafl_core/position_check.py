"""Whether a position can be played under a ruleset, as the board asks before it sets one up
(the editor, a share link, a game record): the refusal (tafl_core.reasons) or None. Used by the
bridge (:mod:`tafl_core.bridge`, which re-exports both functions)."""

from __future__ import annotations

from .errors import TaflError
from .game import Game
from .position import Position
from .reasons import Reason, Refusal, refusal
from .ruleset import Ruleset
from .squares import shown_text


def check_position_ruleset(ruleset: Ruleset, position_otn: str | None, to_move: str | None) -> Refusal | None:
    """Why the position (OpenTafl record, side to move) cannot be played under ``ruleset``
    (a :class:`~tafl_core.reasons.Refusal`), or None."""
    if to_move not in (None, "", "attackers", "defenders"):
        return refusal(Reason.BAD_SIDE, side=shown_text(str(to_move)))
    if position_otn is None or position_otn == "":
        return None
    if not isinstance(position_otn, str):
        return refusal(Reason.NOT_A_RECORD)
    try:
        pos = Position.from_otn(position_otn)
        if pos.size != ruleset.size:
            return refusal(Reason.SIZE_MISMATCH, size=pos.size, board=ruleset.size)
        Game(ruleset, pos, to_move or None)
    except TaflError as exc:
        return exc.refusal
    return None


def check_position(rules_toml: str, position_otn: str | None, to_move: str | None) -> dict | None:
    """Why the position (OpenTafl record) cannot be played under the rules, as
    ``{"code", "params"}`` (tafl_core.reasons: no king, two kings, a piece on a square only the
    king may stand on, a wrong size, ...), or None."""
    if not isinstance(rules_toml, str):
        return refusal(Reason.RULES_NOT_TEXT).as_dict()
    try:
        ruleset = Ruleset.from_toml(rules_toml)
    except TaflError as exc:
        return exc.refusal.as_dict()
    why = check_position_ruleset(ruleset, position_otn, to_move)
    return why.as_dict() if why else None
