"""The rule keys of a ``rules.toml`` and their values: which keys exist, which a ruleset must
have (given its special squares, special pieces and berserk turns), which may be left out and
what they then mean, which values each key takes, and renamed keys. README.md ("rules.toml")
documents every key; :mod:`tafl_core.ruleset` reads files against this schema.
"""

from __future__ import annotations

from typing import Any

from .errors import NotationError
from .position import COMMANDER, KNIGHT, PIECE_KINDS
from .geometry import corner_cells
from .squares import parse_square

HISTORICITY = ("board_attested", "rules_reconstructed", "modern")
SPECIAL_KINDS = ("throne", "corner", "camp")
_KIND_LIST_FIELDS = ("stop", "pass", "reenter", "hostile", "hostile_empty")

# rule key -> (validator kind, allowed values)
_ENUMS: dict[str, tuple[str, ...]] = {
    "first_mover": ("attackers", "defenders"),
    "escape": ("corners", "edge"),
    "king_armed": ("yes", "no", "anvil", "hammer"),
    "king_capture": ("custodial", "four_sides", "four_attackers", "throne_graded", "surrounded_edge",
                     "throne_alternate"),
    "shieldwall": ("off", "on", "corner"),
    # forbidden_defenders: a defenders' move that brings back a position the game has had
    # (the same pieces on the same squares, whoever is to move) is not legal (hnefatafl.org).
    "repetition": ("ignored", "draw", "loss_repeater", "loss_defenders", "forbidden_defenders"),
    "no_moves": ("loss", "draw", "none"),
    # Special pieces and berserk turns (Berserk Hnefatafl, aagenielsen.dk rules 3b/4b).
    "king_jump": ("none", "restricted", "free"),
    "commander_jump": ("none", "jump", "capture"),
    "knight_jump": ("none", "jump", "capture"),
    "commander_king_capture": ("none", "custodial"),
    "berserk": ("off", "capture", "capture_or_escape"),
    "geometry": ("square", "hex"),
    "corner_capture": ("ordinary", "edge_neighbours"),
}
_BOOLS = ("throne", "shieldwall_flank", "exit_fort", "encirclement", "berserk_compulsory")
#: Allowed values of repetition_count (whole numbers).
REPETITION_COUNTS = (2, 3, 4)
#: Named values of corners (besides a list of squares).
CORNER_NAMES = ("none", "single", "2x2")
#: Keys every rules.toml has.
BASE_KEYS = ("first_mover", "escape", "king_armed", "king_capture", "throne", "corners", "camps",
              "shieldwall", "shieldwall_flank", "exit_fort", "encirclement", "repetition",
              "repetition_count", "no_moves")
_SPECIAL_KEYS = {kind: tuple(f"{kind}_{f}" for f in _KIND_LIST_FIELDS) for kind in SPECIAL_KINDS}
#: Keys that may be left out of any rules.toml; absent they take these values (no jumps, no
#: berserk moves: the rule of every variant without special pieces).
#: ``custodial`` (always true) names the section that states the basic custodial capture of
#: pieces between two enemies, which every ruleset has, so that a capture can link to it.
OPTIONAL_DEFAULTS: dict[str, Any] = {"king_jump": "none", "berserk": "off", "one_step": (), "custodial": True,
                                     "geometry": "square", "corner_capture": "ordinary"}
#: Keys that exist only with special pieces in the layout or berserk moves.
PIECE_KEYS = {COMMANDER: ("commander_jump", "commander_king_capture"), KNIGHT: ("knight_jump",)}
#: The keys of all special pieces together.
ALL_PIECE_KEYS = ("commander_jump", "commander_king_capture", "knight_jump")
#: Keys that exist only with berserk moves.
BERSERK_KEYS = ("berserk_compulsory",)
ALL_RULE_KEYS = (BASE_KEYS + sum(_SPECIAL_KEYS.values(), ()) + tuple(OPTIONAL_DEFAULTS)
                 + sum(PIECE_KEYS.values(), ()) + BERSERK_KEYS)
#: The keys that let a piece jump (none of them may be combined with an exit fort).
JUMP_KEYS = ("king_jump", "commander_jump", "knight_jump")
#: Rule keys that were renamed: old key -> new key (a rules file with the old key is refused
#: with a message naming the new one). ``exit_fort`` is the field's term (README, the pages).
RENAMED_KEYS = {"edge_fort": "exit_fort"}
#: What an absent key means: the optional keys' defaults, and "does not arise" for the piece and
#: berserk keys of a ruleset without those pieces or berserk moves.
ABSENT_VALUES: dict[str, Any] = {**OPTIONAL_DEFAULTS, "commander_jump": "none", "knight_jump": "none",
                                  "commander_king_capture": "none", "berserk_compulsory": False}


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
    """Why ``value`` is invalid for rule ``key`` (None when valid)."""
    if key in _ENUMS:
        if value not in _ENUMS[key]:
            return f"'{value}' is not one of {', '.join(_ENUMS[key])}"
    elif key in _BOOLS:
        if not isinstance(value, bool):
            return "must be true or false"
    elif key == "custodial":
        if value is not True:
            return ("must be true: every ruleset takes a piece enclosed between two enemies (custodial "
                    "capture); the key only names the section that says so")
    elif key == "repetition_count":
        if type(value) is not int or value not in REPETITION_COUNTS:  # not 3.0, not true
            return "must be the whole number 2 (first repeat), 3 (third occurrence) or 4 (fourth occurrence)"
    elif key == "corners":
        if isinstance(value, str):
            if value not in CORNER_NAMES:
                return f"'{value}' is not one of none, single, 2x2 or a list of squares"
        elif isinstance(value, tuple):
            return _valid_squares(value, size)
        else:
            return "must be none, single, 2x2 or a list of squares"
    elif key == "camps":
        if not isinstance(value, tuple):
            return "must be a list of squares"
        return _valid_squares(value, size)
    else:  # kind lists (throne_stop, ..., one_step)
        if not isinstance(value, tuple) or not all(k in PIECE_KINDS for k in value):
            return "must be a list of piece kinds (attacker, defender, king)"
    return None


def _valid_squares(value: tuple, size: int) -> str | None:
    for s in value:
        try:
            parse_square(str(s), size)
        except NotationError as exc:
            return exc.message
    return None


def required_keys(rules_values: dict[str, Any], kinds: set[str]) -> list[str]:
    """Keys that must be present, given the rule values and the piece kinds of the layout."""
    keys = list(BASE_KEYS)
    if rules_values.get("throne") is True:
        keys += _SPECIAL_KEYS["throne"]
    if rules_values.get("corners") not in (None, "none", ()):
        keys += _SPECIAL_KEYS["corner"]
    if rules_values.get("camps"):
        keys += _SPECIAL_KEYS["camp"]
    for kind, piece_keys in PIECE_KEYS.items():
        if kind in kinds:
            keys += piece_keys
    if rules_values.get("berserk", "off") != "off":
        keys += BERSERK_KEYS
    return keys


#: Read-only views of the schema for generators (build_tools.schema writes the JSON Schema of
#: rules.toml from them): enum keys and their values, boolean keys, the keys of each special
#: square kind.
ENUM_VALUES: dict[str, tuple[str, ...]] = _ENUMS
BOOL_KEYS: tuple[str, ...] = _BOOLS
SPECIAL_KEYS: dict[str, tuple[str, ...]] = _SPECIAL_KEYS


__all__ = ["HISTORICITY", "SPECIAL_KINDS", "OPTIONAL_DEFAULTS", "ALL_RULE_KEYS", "RENAMED_KEYS", "BASE_KEYS",
           "PIECE_KEYS", "ALL_PIECE_KEYS", "BERSERK_KEYS", "JUMP_KEYS", "ABSENT_VALUES", "corner_squares",
           "valid_value", "required_keys", "ENUM_VALUES", "BOOL_KEYS", "SPECIAL_KEYS", "REPETITION_COUNTS",
           "CORNER_NAMES"]
