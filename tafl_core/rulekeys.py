"""The rule keys of a ``rules.toml`` and their values: which keys exist, which a ruleset must
have (given its special squares, special pieces and berserk turns), which may be left out and
what they then mean, which values each key takes, and renamed keys. README.md ("rules.toml")
documents every key; :mod:`tafl_core.ruleset` reads files against this schema. Every list here
is derived from the one table of rule keys, :data:`tafl_core.ruletable.TABLE`.
"""

from __future__ import annotations

from typing import Any

from .errors import NotationError
from .position import COMMANDER, KNIGHT, PIECE_KINDS
from .geometry import corner_cells
from .ruletable import BY_KEY, TABLE
from .squares import parse_square

HISTORICITY = ("board_attested", "rules_reconstructed", "modern")
SPECIAL_KINDS = ("throne", "corner", "camp")

#: rule key -> its values, for the keys of kind ``enum`` (from :data:`~tafl_core.ruletable.TABLE`).
_ENUMS: dict[str, tuple[str, ...]] = {r.key: r.values for r in TABLE if r.kind == "enum"}
_BOOLS = tuple(r.key for r in TABLE if r.kind == "bool")
#: Allowed values of repetition_count (whole numbers).
REPETITION_COUNTS = BY_KEY["repetition_count"].values
#: Named values of corners (besides a list of squares).
CORNER_NAMES = BY_KEY["corners"].values
#: Keys every rules.toml has.
BASE_KEYS = tuple(r.key for r in TABLE if r.when == "always")
_SPECIAL_KEYS = {kind: tuple(r.key for r in TABLE if r.when == kind) for kind in SPECIAL_KINDS}
#: Keys that may be left out of any rules.toml; absent they take these values (no jumps, no
#: berserk moves: the rule of every variant without special pieces).
#: ``custodial`` (always true) names the section that states the basic custodial capture of
#: pieces between two enemies, which every ruleset has, so that a capture can link to it.
OPTIONAL_DEFAULTS: dict[str, Any] = {r.key: r.default for r in TABLE if r.when == "optional"}
#: Keys that exist only with special pieces in the layout or berserk moves.
PIECE_KEYS = {kind: tuple(r.key for r in TABLE if r.when == kind) for kind in (COMMANDER, KNIGHT)}
#: The keys of all special pieces together.
ALL_PIECE_KEYS = sum(PIECE_KEYS.values(), ())
#: Keys that exist only with berserk moves.
BERSERK_KEYS = tuple(r.key for r in TABLE if r.when == "berserk")
ALL_RULE_KEYS = (BASE_KEYS + sum(_SPECIAL_KEYS.values(), ()) + tuple(OPTIONAL_DEFAULTS)
                 + ALL_PIECE_KEYS + BERSERK_KEYS)
#: The keys that let a piece jump (none of them may be combined with an exit fort).
JUMP_KEYS = ("king_jump", "commander_jump", "knight_jump")
#: Rule keys that were renamed: old key -> new key (a rules file with the old key is refused
#: with a message naming the new one). ``exit_fort`` is the field's term (README, the pages).
RENAMED_KEYS = {"edge_fort": "exit_fort"}
#: What an absent key means: the optional keys' defaults, and "does not arise" for the piece and
#: berserk keys of a ruleset without those pieces or berserk moves.
ABSENT_VALUES: dict[str, Any] = {r.key: r.absent for r in TABLE if r.when not in ("always",) + SPECIAL_KINDS}
#: The condition under which a key exists, in words (a key given where it does not exist is refused).
CONDITION_TEXT = {"throne": "throne = true", "corner": 'corners is not "none"', "camp": "camps is not empty",
                  COMMANDER: "the layout has a commander (C)", KNIGHT: "the layout has a knight (N)",
                  "berserk": 'berserk is not "off"'}


def corner_squares(spec: Any, size: int) -> list[int]:
    """Corner square indices for a ``corners`` rule value (``"none"``, ``"single"``, ``"2x2"``
    or a list of square names), sorted."""
    n = size
    if spec == "none" or spec == () or spec == []:
        return []
    if spec == "single":
        return corner_cells(n)   # the board's corners: four squares, or a hexagon's six cells
    if spec == "2x2":
        out = set()
        for r0 in (0, n - 2):
            for f0 in (0, n - 2):
                out |= {(r0 + dr) * n + f0 + df for dr in (0, 1) for df in (0, 1)}
        return sorted(out)
    return sorted(parse_square(s, n) for s in spec)


def valid_value(key: str, value: Any, size: int) -> str | None:
    """Why ``value`` is invalid for rule ``key`` (None when valid), by the key's kind in
    :data:`~tafl_core.ruletable.TABLE`.

    Raises:
        ValueError: a key of a kind this check does not know (a kind added to the table
            without a branch here).
    """
    entry = BY_KEY[key]
    kind = entry.kind
    if kind == "enum":
        if value not in entry.values:
            return f"'{value}' is not one of {', '.join(entry.values)}"
    elif kind == "bool":
        if not isinstance(value, bool):
            return "must be true or false"
    elif kind == "const":
        if value is not entry.values[0]:
            return f"must be {_toml(entry.values[0])}: {entry.hint}"
    elif kind == "count":
        if type(value) is not int or value not in entry.values:  # not 3.0, not true
            return f"must be the whole number {entry.hint}"
    elif kind == "corners":
        if isinstance(value, str):
            if value not in entry.values:
                return f"'{value}' is not one of {', '.join(entry.values)} or a list of squares"
        elif isinstance(value, tuple):
            return _valid_squares(value, size)
        else:
            return f"must be {', '.join(entry.values)} or a list of squares"
    elif kind == "squares":
        if not isinstance(value, tuple):
            return "must be a list of squares"
        return _valid_squares(value, size)
    elif kind == "kinds":
        if not isinstance(value, tuple) or not all(k in PIECE_KINDS for k in value):
            return "must be a list of piece kinds (attacker, defender, king)"
    else:
        raise ValueError(f"rulekeys.valid_value does not check values of kind {kind!r} (rule {key})")
    return None


def _toml(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _valid_squares(value: tuple, size: int) -> str | None:
    for s in value:
        try:
            parse_square(str(s), size)
        except NotationError as exc:
            return exc.message
    return None


def condition_holds(when: str, rules_values: dict[str, Any], kinds: set[str]) -> bool:
    """Whether a key with condition ``when`` (:data:`~tafl_core.ruletable.CONDITIONS`) exists,
    given the rule values and the piece kinds of the layout.

    Raises:
        ValueError: a condition this function does not know.
    """
    if when in ("always", "optional"):
        return True
    if when == "throne":
        return rules_values.get("throne") is True
    if when == "corner":
        return rules_values.get("corners") not in (None, "none", ())
    if when == "camp":
        return bool(rules_values.get("camps"))
    if when in (COMMANDER, KNIGHT):
        return when in kinds
    if when == "berserk":
        return rules_values.get("berserk", "off") != "off"
    raise ValueError(f"rulekeys.condition_holds does not know the condition {when!r}")


def required_keys(rules_values: dict[str, Any], kinds: set[str]) -> list[str]:
    """Keys that must be present, given the rule values and the piece kinds of the layout: the
    keys every file has, then the conditional keys whose condition holds, in table order."""
    return list(BASE_KEYS) + [r.key for r in TABLE if r.when not in ("always", "optional")
                              and condition_holds(r.when, rules_values, kinds)]


#: Read-only views of the schema for generators (build_tools.schema writes the JSON Schema of
#: rules.toml from them): enum keys and their values, boolean keys, the keys of each special
#: square kind.
ENUM_VALUES: dict[str, tuple[str, ...]] = _ENUMS
BOOL_KEYS: tuple[str, ...] = _BOOLS
SPECIAL_KEYS: dict[str, tuple[str, ...]] = _SPECIAL_KEYS


__all__ = ["HISTORICITY", "SPECIAL_KINDS", "OPTIONAL_DEFAULTS", "ALL_RULE_KEYS", "RENAMED_KEYS", "BASE_KEYS",
           "PIECE_KEYS", "ALL_PIECE_KEYS", "BERSERK_KEYS", "JUMP_KEYS", "ABSENT_VALUES", "corner_squares",
           "valid_value", "required_keys", "ENUM_VALUES", "BOOL_KEYS", "SPECIAL_KEYS", "REPETITION_COUNTS",
           "CORNER_NAMES", "CONDITION_TEXT", "condition_holds"]
