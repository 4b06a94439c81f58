"""The rule keys of ``rules.toml`` as one typed table: one :class:`RuleKey` per key, with its
kind and values, its default, when it exists (``throne_*`` only with a throne, the commander's
keys only with a commander, ...), its OpenTafl mapping in both directions or the reason OpenTafl
cannot say it, and the engine functions that read it.

Everything else is derived from :data:`TABLE`: the key lists and the value check of
:mod:`tafl_core.rulekeys` (and with them the loader's checks), the JSON Schema
(``build_tools/schema.py``), the OpenTafl export's refusals and letters and the reading of an
OpenTafl string (:mod:`tafl_core.opentafl`), the labels' completeness
(``build_tools/labels.py``: the names of every key and value, tied by key). Compare the typed
``Ruleset`` of hnefatafl-rs, whose enums fail to compile at every ``match`` that misses a value:
``tests/tafl_core/test_rule_table.py`` fails, naming the consumer, for a key or value some
consumer does not handle, and the generated rulesets (``tests/tafl_core/generated_rulesets.py``)
reach every value. Standard library only (the table runs in Pyodide unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The kinds of rule value: ``enum`` (one of ``values``, strings), ``bool``, ``count`` (one of
#: ``values``, whole numbers), ``const`` (only ``values[0]``), ``kinds`` (a list of piece kinds),
#: ``squares`` (a list of square names), ``corners`` (one of ``values`` or a list of squares).
KINDS = ("enum", "bool", "count", "const", "kinds", "squares", "corners")
#: When a key exists: ``always``; ``optional`` (absent: ``default``); with a special square
#: (``throne``: throne = true; ``corner``: corners not "none"; ``camp``: camps not empty); with a
#: special piece in the layout (``commander``, ``knight``); with berserk moves (``berserk``).
CONDITIONS = ("always", "optional", "throne", "corner", "camp", "commander", "knight", "berserk")
#: The mapping kinds of :class:`OpenTafl`.
OPENTAFL_MAPS = ("letters", "flag", "fixed", "group")


@dataclass(frozen=True)
class OpenTafl:
    """How a rule key is said in an OpenTafl rules string (OpenTafl v0.4.8.0b,
    ``RulesSerializer.java``) and read back.

    Attributes:
        map: ``letters``: the value is one letter of OpenTafl's key ``key`` (``write``, and its
            inverse for reading; ``read_also`` for further letters OpenTafl reads as a value);
            ``flag``: a boolean as ``key:y``/``key:n``; ``fixed``: OpenTafl has no key for it and
            always plays ``fixed`` (reading gives ``fixed``); ``group``: written and read
            together with other keys of one special square by ``opentafl._<group>``.
        key: OpenTafl's key (``letters``, ``flag``) or the group's name (``group``).
        write: value -> OpenTafl letter (``letters``).
        read_also: further OpenTafl letters -> value (``letters``).
        fixed: the one value OpenTafl plays (``fixed``).
        unsaid: value -> why OpenTafl cannot say it (the export is refused, naming the key).
        unread: OpenTafl letter -> why this engine cannot play it (the reading is refused).
    """

    map: str
    key: str = ""
    write: dict = field(default_factory=dict)
    read_also: dict = field(default_factory=dict)
    fixed: Any = None
    unsaid: dict = field(default_factory=dict)
    unread: dict = field(default_factory=dict)

    def read(self) -> dict:
        """OpenTafl letter -> value (``letters``)."""
        return {**{v: k for k, v in self.write.items()}, **self.read_also}


@dataclass(frozen=True)
class RuleKey:
    """One rule key.

    Attributes:
        key: the key, e.g. ``"king_armed"`` (its names: ``build_tools.labels.RULE_NAMES``, its
            values' names ``VALUE_NAMES``, tied by this key).
        kind: one of :data:`KINDS`.
        values: the values of an ``enum``, ``count`` or ``const``; the names of ``corners``.
        when: one of :data:`CONDITIONS`.
        default: the value of an ``optional`` key when it is absent.
        absent: what the key means where it does not arise (its condition does not hold).
        opentafl: its OpenTafl mapping (:class:`OpenTafl`).
        readers: the engine's functions that read it (``module.function``, a method as
            ``module.Class.method``), through the :class:`~tafl_core.tables.Tables` attributes
            ``attrs``; checked against the code by tests/tafl_core/test_rule_table.py.
        attrs: the :class:`~tafl_core.tables.Tables` attributes built from it.
        hint: what the loader's refusal of a wrong value adds (``const`` and ``count`` keys).
    """

    key: str
    kind: str
    opentafl: OpenTafl
    values: tuple = ()
    when: str = "always"
    default: Any = None
    absent: Any = None
    readers: tuple[str, ...] = ()
    attrs: tuple[str, ...] = ()
    hint: str = ""


#: A special square's five lists of piece kinds (``throne_stop``, ...).
SQUARE_LIST_FIELDS = ("stop", "pass", "reenter", "hostile", "hostile_empty")
_SQUARE_READERS = {"stop": ("ruleset._check_layout_squares", "tables.Tables._movement"), "pass": ("tables.Tables._movement",),
                   "reenter": ("tables.Tables._movement",), "hostile": ("tables.Tables._hostility",),
                   "hostile_empty": ("tables.Tables._hostility",)}
_NO_CAMPS = "OpenTafl has no camps (its forts, afor/dfor, are squares of a side, not hostile special squares)"


def _square_keys(kind: str, group: str) -> list[RuleKey]:
    """The five list keys of a special square kind (``throne``, ``corner``, ``camp``)."""
    out = []
    for f in SQUARE_LIST_FIELDS:
        ot = (OpenTafl("group", group) if group else
              OpenTafl("fixed", fixed=(), unsaid={"*": _NO_CAMPS}))
        out.append(RuleKey(f"{kind}_{f}", "kinds", ot, when=kind, absent=(), readers=_SQUARE_READERS[f]))
    return out


_JUMP_WRITE = {"none": "n", "jump": "j", "capture": "c"}
_RV = "tables.Tables._rule_values"
_JUMP_READERS = ("bitboards.FastBoard._encircled", "captures.Captures._captures", "game.Game.__init__", "game.Game._played_at",
                 "game.Game._push", "movegen.MoveGenerator._jump_targets", "movegen.MoveGenerator._moves_of",
                 "movegen.MoveGenerator.why_illegal", "ordering.win_candidates", "outcomes.Outcomes._encircled",
                 "outcomes.Outcomes._jumps_to_edge", _RV)
_THIRD = "OpenTafl counts only the third occurrence of a position (GameState: threefold repetition)"

#: The rule keys in the order of README.md's rule table and the comparison page.
TABLE: tuple[RuleKey, ...] = (
    RuleKey("first_mover", "enum", OpenTafl("letters", "atkf", {"attackers": "y", "defenders": "n"}),
            ("attackers", "defenders"), readers=("game.Game.__init__", "records.export_record")),
    RuleKey("escape", "enum", OpenTafl("letters", "esc", {"corners": "c", "edge": "e"}), ("corners", "edge"),
            readers=("ruleset.Ruleset.escape_squares",)),
    RuleKey("king_armed", "enum", OpenTafl("letters", "ka", {"yes": "y", "no": "n", "anvil": "a", "hammer": "h"}),
            ("yes", "no", "anvil", "hammer"), readers=("captures.Captures._captures", "captures.Captures._corner_capture", "captures.Captures._wall_through", _RV),
            attrs=("king_hammer", "king_anvil")),
    RuleKey("king_capture", "enum",
            OpenTafl("letters", "ks", {"custodial": "w", "four_sides": "s", "throne_graded": "c", "surrounded_edge": "m"},
                     unsaid={"four_attackers": "OpenTafl's strong king counts the throne and hostile squares "
                                               "(GenericRules KING_STRONG); it has no king taken only by four attackers",
                             "throne_four": "OpenTafl's king strong on the throne is strong beside it too "
                                            "(GenericRules KING_STRONG_CENTER); it has no king taken by two next to the throne",
                             "throne_alternate": "OpenTafl has no king taken on the throne by every second neighbour "
                                                 "(HeXentafl's three of six)"}),
            # throne_four: four attackers round the king on the throne, elsewhere custodial
            # (hnefatafl.org's Brandubh, Board.capture_the_king on 7x7)
            # throne_alternate: on the throne every second neighbour from the mover (three on a hex
            # board: AbstractPlay's and Ludii's HeXentafl), elsewhere custodial
            ("custodial", "four_sides", "four_attackers", "throne_graded", "surrounded_edge", "throne_four",
             "throne_alternate"),
            readers=("captures.Captures._king_capture", "evaluate.Evaluator.__init__", "ordering.win_candidates", _RV),
            attrs=("king_capture",)),
    RuleKey("throne", "bool", OpenTafl("group", "cen"), readers=("ruleset.Ruleset.throne_square",)),
    *_square_keys("throne", "cen"),
    RuleKey("corners", "corners", OpenTafl("group", "cor"), ("none", "single", "2x2"),
            readers=("ruleset.Ruleset.escape_squares", "ruleset.Ruleset.special_squares", "tables.Tables._square_kinds")),
    *_square_keys("corner", "cor"),
    RuleKey("camps", "squares", OpenTafl("fixed", fixed=(), unsaid={"*": _NO_CAMPS}),
            readers=("ruleset.Ruleset.special_squares", "tables.Tables._square_kinds")),
    *_square_keys("camp", ""),
    RuleKey("shieldwall", "enum", OpenTafl("letters", "sw", {"off": "n", "on": "w", "corner": "s"}),
            ("off", "on", "corner"), readers=("captures.Captures._captures", "captures.Captures._wall_through", _RV),
            attrs=("shieldwall",)),
    RuleKey("shieldwall_flank", "bool", OpenTafl("flag", "swf"), readers=("captures.Captures._shieldwall", _RV),
            attrs=("shieldwall_flank",)),
    RuleKey("exit_fort", "bool", OpenTafl("flag", "efe"), readers=("outcomes.Outcomes._decided_after", _RV),
            attrs=("exit_fort",)),
    RuleKey("encirclement", "bool", OpenTafl("flag", "surf"), readers=("outcomes.Outcomes._decided_after", _RV),
            attrs=("encirclement",)),
    RuleKey("repetition", "enum",
            OpenTafl("letters", "tfr", {"draw": "d", "loss_repeater": "w"},
                     unsaid={"ignored": "OpenTafl reads any other tfr value as a draw: it cannot leave a repetition "
                                        "without effect",
                             "loss_defenders": "OpenTafl's tfr:w lets the side that repeats lose, whichever it is",
                             "forbidden_defenders": "OpenTafl has no move that is illegal for repeating a position; "
                                                    "its tfr decides a game at the third occurrence"},
                     unread={"l": "tfr:l (the repeating side wins) is a rule this engine does not play"}),
            # forbidden_defenders: a defenders' move that puts the pieces as they stood earlier in
            # the game (before its captures) is not legal, and repetition decides nothing
            # (hnefatafl.org, Board.legal_move)
            ("ignored", "draw", "loss_repeater", "loss_defenders", "forbidden_defenders"),
            readers=("outcomes.Outcomes._turn_result", "movegen.MoveGenerator.plain_codes", "movegen.MoveGenerator.why_illegal",
                     "game.Game.__init__", _RV),
            attrs=("repetition", "no_repeat", "repetition_decides")),
    RuleKey("repetition_count", "count", OpenTafl("fixed", fixed=3, unsaid={2: _THIRD, 4: _THIRD}), (2, 3, 4),
            hint="2 (first repeat), 3 (third occurrence) or 4 (fourth occurrence)", readers=("outcomes.Outcomes._turn_result", _RV), attrs=("repetition_count",)),
    RuleKey("no_moves", "enum",
            OpenTafl("fixed", fixed="loss", unsaid={"draw": "a side without a move always loses in OpenTafl",
                                                    "none": "a side without a move always loses in OpenTafl"}),
            ("loss", "draw", "none"), readers=("game.Game.__init__", "ordering.king_keeps_a_move", "outcomes.Outcomes._turn_result", _RV),
            attrs=("no_moves",)),
    RuleKey("one_step", "kinds",
            OpenTafl("fixed", fixed=(), unsaid={"*": "OpenTafl's speed limit (spd) applies to every piece alike"}),
            when="optional", default=(), absent=(), readers=("bitboards.LineTables._prefixes", "movegen.MoveGenerator._moves_of", "movegen.MoveGenerator.why_illegal",
                                    _RV, "threats.threat_lines"), attrs=("one_step",)),
    # The board's geometry (tafl_core.geometry): read before the layout, whose diagram it shapes.
    RuleKey("geometry", "enum", OpenTafl("fixed", fixed="square", unsaid={"hex": "OpenTafl's boards are square"}),
            ("square", "hex"), when="optional", default="square", absent="square",
            readers=("ruleset._check_geometry",)),
    # A piece on a corner taken by enemies on its two neighbours along the edge (HeXentafl).
    RuleKey("corner_capture", "enum",
            OpenTafl("fixed", fixed="ordinary",
                     unsaid={"edge_neighbours": "OpenTafl has no capture on a corner by its two neighbours on the edge"}),
            ("ordinary", "edge_neighbours"), when="optional", default="ordinary", absent="ordinary",
            readers=("captures.Captures._captures", "captures.Captures._corner_capture", _RV), attrs=("corner_pair",)),
    RuleKey("custodial", "const", OpenTafl("fixed", fixed=True), (True,), when="optional", default=True, absent=True,
            hint="every ruleset takes a piece enclosed between two enemies (custodial capture); the key only names "
                 "the section that says so"),
    RuleKey("king_jump", "enum",
            OpenTafl("letters", "kj", {"none": "n", "restricted": "r", "free": "j"}, read_also={"c": "free"}),
            ("none", "restricted", "free"), when="optional", default="none", absent="none",
            readers=_JUMP_READERS, attrs=("jump", "any_jump")),
    RuleKey("commander_jump", "enum", OpenTafl("letters", "cj", _JUMP_WRITE, read_also={"r": "jump"}),
            ("none", "jump", "capture"), when="commander", absent="none",
            readers=_JUMP_READERS, attrs=("jump", "any_jump")),
    RuleKey("commander_king_capture", "enum",
            OpenTafl("fixed", fixed="custodial",
                     unsaid={"none": "OpenTafl's commanders always take the king (CommanderCaptureVictoryTest)"}),
            ("none", "custodial"), when="commander", absent="none",
            readers=("captures.Captures._captures", _RV), attrs=("commander_king",)),
    RuleKey("knight_jump", "enum", OpenTafl("letters", "nj", _JUMP_WRITE, read_also={"r": "jump"}),
            ("none", "jump", "capture"), when="knight", absent="none",
            readers=_JUMP_READERS, attrs=("jump", "any_jump")),
    RuleKey("berserk", "enum",
            OpenTafl("letters", "ber", {"off": "n", "capture": "c"},
                     unsaid={"capture_or_escape": "OpenTafl's berserk move must capture (BERSERK_CAPTURE_ONLY)"},
                     unread={"m": "ber:m (berserk on any move) is a rule this engine does not play"}),
            ("off", "capture", "capture_or_escape"), when="optional", default="off", absent="off",
            readers=("game.Game._played_at", "game.Game._push", "game.Game.berserk_turn", "movegen.MoveGenerator._berserk_codes", _RV),
            attrs=("berserk",)),
    RuleKey("berserk_compulsory", "bool",
            OpenTafl("fixed", fixed=True, unsaid={False: "OpenTafl keeps the turn while the berserker can capture "
                                                         "(GameState: the berserking taflman must move)"}),
            when="berserk", absent=False, readers=("game.Game.berserk_turn", "movegen.MoveGenerator.move_codes", "movegen.MoveGenerator.why_illegal", _RV),
            attrs=("berserk_compulsory",)),
)

#: The table by key.
BY_KEY: dict[str, RuleKey] = {r.key: r for r in TABLE}
#: The largest board OpenTafl plays (``Board.java``: 19×19 at most; its coordinates are a–s).
OPENTAFL_MAX_SIZE = 19


__all__ = ["KINDS", "CONDITIONS", "OPENTAFL_MAPS", "OpenTafl", "RuleKey", "TABLE", "BY_KEY", "SQUARE_LIST_FIELDS",
           "OPENTAFL_MAX_SIZE"]
