"""Rulesets as data, read from a variant's ``rules.toml``.

A ruleset is one immutable value: board size, start layout and one :class:`Rule` per rule
key. Every rule records whether the variant's source states it (``ref``: the section of the
variant page that states it) or the site assumes it because the source is silent
(``assumed = true`` with a note in German and English, and optionally the ``alternative`` the
board can switch to). The keys and values are documented in README.md ("rules.toml").

The keys, their values and defaults are :mod:`tafl_core.rulekeys`. The game logic reads these values; a new variant is new data, not new code (compare the
``Ruleset`` struct of hnefatafl-rs and the OpenTafl rules record).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import limits
from .errors import PositionError, RulesFileError
from .position import KING, SOLDIER_OF, Position, check_kings, parse_diagram, parse_hex_diagram
from .rulekeys import (ABSENT_VALUES, ALL_PIECE_KEYS, ALL_RULE_KEYS, BASE_KEYS, BERSERK_KEYS, CONDITION_TEXT, HISTORICITY,
                       JUMP_KEYS, OPTIONAL_DEFAULTS, PIECE_KEYS, RENAMED_KEYS, SPECIAL_KINDS, corner_squares, required_keys,
                       valid_value)
from .ruletable import BY_KEY
from .geometry import board_cells, geometry_of
from .squares import FILES, is_edge, parse_square, square_name



@dataclass(frozen=True)
class Rule:
    """One rule of a ruleset.

    Attributes:
        key: rule key, e.g. ``"king_armed"`` (README.md lists them).
        value: the value the site plays (str, bool, int or list of str).
        assumed: True when the variant's source is silent and the site assumes ``value``.
        ref: section of the variant page that states the rule (e.g. ``"5.3"``); None if assumed.
        note: ``{"de": ..., "en": ...}`` one-line note (required when assumed).
        alternative: what the board can switch to: None, a value for this key, or a dict of
            several rule keys to values applied together.
        line: 1-based line of the rule's table in rules.toml (0 when built in code).
    """

    key: str
    value: Any
    assumed: bool = False
    ref: str | None = None
    note: dict = field(default_factory=dict)
    alternative: Any = None
    line: int = 0

    def alternative_overrides(self) -> dict[str, Any] | None:
        """The alternative as ``{key: value}`` overrides, or None when there is none."""
        if self.alternative is None:
            return None
        if isinstance(self.alternative, dict):
            return dict(self.alternative)
        return {self.key: self.alternative}


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Ruleset:
    """An immutable tafl ruleset with its start layout.

    Attributes:
        name: the variant's neutral name.
        size: board side length (7..25).
        layout: start position (exactly one king).
        rules: rule key -> :class:`Rule`, in file order.
        historicity: ``board_attested`` | ``rules_reconstructed`` | ``modern``.
        layout_origin: where the layout comes from (free text).
        diagram_line: line in rules.toml where the diagram's first row stands (0 if unknown).
        path: the rules file, when loaded from one.
        overridden: rule keys switched away from the documented value by :meth:`with_overrides`.
    """

    name: str
    size: int
    layout: Position
    rules: dict[str, Rule]
    historicity: str = "modern"
    layout_origin: str = ""
    diagram_line: int = 0
    path: str | None = None
    overridden: tuple[str, ...] = ()
    text: str = ""

    # -- access -----------------------------------------------------------------------------
    def value(self, key: str) -> Any:
        """The value of rule ``key``; the documented default for conditional keys that are absent
        because their special square does not exist (empty list)."""
        rule = self.rules.get(key)
        if rule is None:
            if key in ABSENT_VALUES:
                return ABSENT_VALUES[key]
            if key in ALL_RULE_KEYS:
                return []
            raise KeyError(key)
        return rule.value

    def assumptions(self) -> list[Rule]:
        """The rules the site assumes (source silent), in file order."""
        return [r for r in self.rules.values() if r.assumed]

    def throne_square(self) -> int | None:
        """The throne's square (the centre of the board), None without a throne."""
        n = self.size
        return (n // 2) * n + n // 2 if self.value("throne") else None

    def special_squares(self) -> dict[str, list[str]]:
        """Names of the special squares: ``{"throne": [...], "corners": [...], "camps": [...]}``."""
        n = self.size
        throne = self.throne_square()
        return {"throne": [] if throne is None else [square_name(throne, n)],
                "corners": [square_name(s, n) for s in corner_squares(self.value("corners"), n)],
                "camps": [square_name(parse_square(s, n), n) for s in self.value("camps")]}

    def escape_squares(self) -> list[int]:
        """The squares on which the king escapes, sorted: with ``escape = "corners"`` the corner
        squares (the board's four corners when ``corners = "none"``), with ``escape = "edge"``
        every square of the edge."""
        n = self.size
        if self.value("escape") == "corners":
            return corner_squares(self.value("corners"), n) or corner_squares("single", n)
        return [s for s in board_cells(n) if is_edge(s, n)]

    def with_overrides(self, overrides: dict[str, Any]) -> "Ruleset":
        """A copy with some rule values switched (e.g. an assumption's alternative).

        Raises:
            RulesFileError: an unknown key or an invalid value.
        """
        if not overrides:
            return self
        rules = dict(self.rules)
        for key, value in overrides.items():
            if key not in ALL_RULE_KEYS:
                raise RulesFileError(f"unknown rule '{key}'")
            old = rules.get(key)
            rules[key] = replace(old, value=value) if old else Rule(key, value, assumed=True)
        required = set(required_keys({k: r.value for k, r in rules.items()}, _layout_kinds(self.layout)))
        # Drop the rules that no longer apply (the lists of a special square switched off); the
        # piece rules stay: the pieces they govern may be set up on the board.
        rules = {k: r for k, r in rules.items()
                 if k in required or k in BASE_KEYS or k in OPTIONAL_DEFAULTS or k in ALL_PIECE_KEYS}
        out = replace(self, rules=rules, overridden=tuple(sorted(set(self.overridden) | set(overrides))))
        _check_values(out, self.path or "<overrides>", strict_presence=True, unused_is_error=False)
        return out

    # -- serialisation ------------------------------------------------------------------------
    @classmethod
    def from_toml(cls, text: str, path: str | None = None) -> "Ruleset":
        """Read a ruleset from the text of a ``rules.toml``.

        Raises:
            RulesFileError: TOML syntax, a missing or unknown rule, an invalid value, a rule that
                is neither stated (``ref``) nor marked ``assumed`` with notes in both languages,
                or a broken layout; the error names the file and line.
        """
        where = path or "rules.toml"
        data = _parse_toml(text, where)
        lines = _TableLines(text)
        _check_tables(data, lines, where)
        name, historicity = _read_variant(data.get("variant", {}), lines, where)
        raw_rules = data.get("rules")
        geometry = raw_rules.get("geometry", {}) if isinstance(raw_rules, dict) else {}
        hexagonal = isinstance(geometry, dict) and geometry.get("value") == "hex"
        layout, origin, first = _read_layout(data.get("layout"), text, lines, where, hexagonal)
        if not isinstance(raw_rules, dict):
            raise RulesFileError("no [rules.*] tables", where, None)
        rules = {key: _read_rule(key, tbl, lines.table(f"rules.{key}"), where) for key, tbl in raw_rules.items()}
        out = cls(name=name, size=layout.size, layout=layout, rules=rules, historicity=historicity,
                  layout_origin=origin, diagram_line=first, path=path, text=text)
        _check_values(out, where, strict_presence=True)
        _check_layout_squares(out, where)
        _check_king_start(out, where)
        for rule in out.assumptions():
            _check_alternative(out, rule, where)
        return out

    def to_toml(self) -> str:
        """The ruleset as ``rules.toml`` text; ``Ruleset.from_toml(r.to_toml())`` equals ``r``
        (apart from line numbers, path and source text)."""
        out = ["[variant]", f"name = {toml_value(self.name)}", f"historicity = {toml_value(self.historicity)}", "",
               "[layout]"]
        if self.layout_origin:
            out.append(f"origin = {toml_value(self.layout_origin)}")
        out.append('diagram = """')
        out.append(self.layout.to_diagram().rstrip("\n"))
        out.append('"""')
        for rule in self.rules.values():
            out += ["", f"[rules.{rule.key}]", f"value = {toml_value(rule.value)}"]
            if rule.assumed:
                out.append("assumed = true")
            if rule.ref is not None:
                out.append(f"ref = {toml_value(rule.ref)}")
            for lang in sorted(rule.note):
                out.append(f"note.{lang} = {toml_value(rule.note[lang])}")
            if isinstance(rule.alternative, dict):
                out += ["", f"[rules.{rule.key}.alternative]"]
                out += [f"{k} = {toml_value(v)}" for k, v in rule.alternative.items()]
            elif rule.alternative is not None:
                out.append(f"alternative = {toml_value(rule.alternative)}")
        return "\n".join(out) + "\n"


def load_ruleset(path: str | Path) -> Ruleset:
    """Read ``path`` (a ``rules.toml``, or a variant folder containing one).

    Raises:
        RulesFileError: the file is missing or invalid (see :meth:`Ruleset.from_toml`).
    """
    p = Path(path)
    if p.is_dir():
        p = p / "rules.toml"
    text = limits.read_text_file(p, limits.MAX_RULES_BYTES, "rules file", RulesFileError)  # limits
    return Ruleset.from_toml(text, str(p))


# -- validation helpers -----------------------------------------------------------------------

def _freeze_alt(alt: Any) -> Any:
    if isinstance(alt, dict):
        return {k: _freeze(v) for k, v in alt.items()}
    return _freeze(alt)


_VARIANT_FIELDS = ("name", "historicity", "board", "board_note")
_LAYOUT_FIELDS = ("origin", "diagram")


def _layout_kinds(layout: Position) -> set[str]:
    return set(layout.pieces.values())



# -- reading a rules.toml (Ruleset.from_toml) --------------------------------------------------

def _parse_toml(text: str, where: str) -> dict:
    """The TOML of a rules file, its bounds checked first (limits: size, nesting depth, digits)."""
    limits.check_rules_text(text, where)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise RulesFileError(f"TOML syntax: {exc}", where, int(m.group(1)) if m else None) from None
    except (RecursionError, ValueError) as exc:  # limits: a fallback; check_rules_text prevents these
        raise RulesFileError(f"TOML the parser cannot read ({type(exc).__name__})", where) from None


def _check_tables(data: dict, lines: "_TableLines", where: str) -> None:
    """Only the tables ``[variant]``, ``[layout]``, ``[rules.*]``, each a table, and only the
    known keys in the first two."""
    for top in data:
        # [[differences]] (the engines' readings the page names) is the site's, not the engine's.
        if top not in ("variant", "layout", "rules", "differences"):
            raise RulesFileError(f"unknown table [{top}] (expected [variant], [layout], [rules.*], [[differences]])", where, lines.table(top))
    for table in ("variant", "layout", "rules"):
        if table in data and not isinstance(data[table], dict):
            raise RulesFileError(f"[{table}] must be a table", where, lines.table(table) or lines.assignment(table))
    for table, known in (("variant", _VARIANT_FIELDS), ("layout", _LAYOUT_FIELDS)):
        for key in data.get(table, {}):
            if key not in known:
                raise RulesFileError(f"[{table}]: unknown key '{key}' (expected {', '.join(known)}; rules go in [rules.<key>] tables)",
                                     where, lines.key(table, key) or lines.table(table))


def _read_variant(variant: dict, lines: "_TableLines", where: str) -> tuple[str, str]:
    """``(name, historicity)`` of the ``[variant]`` table; a variant with ``board = false`` has
    no rules file the engine reads."""
    name = variant.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesFileError("[variant] needs a name", where, lines.table("variant"))
    historicity = variant.get("historicity", "modern")
    if historicity not in HISTORICITY:
        raise RulesFileError(f"historicity '{historicity}' is not one of {', '.join(HISTORICITY)}", where, lines.key("variant", "historicity"))
    if variant.get("board") is False:
        raise RulesFileError("this variant has no board (board = false): no source gives its layout or rules",
                             where, lines.key("variant", "board"))
    return name.strip(), historicity


def _read_layout(layout_tbl: Any, text: str, lines: "_TableLines", where: str,
                 hexagonal: bool = False) -> tuple[Position, str, int]:
    """``(layout, origin, line of the diagram's first rank)`` of the ``[layout]`` table (the
    board size, 7 to 25, is parse_diagram's check: squares.MIN_SIZE/MAX_SIZE); with
    ``hexagonal`` (``geometry = "hex"``) a hex board's diagram (parse_hex_diagram)."""
    if not isinstance(layout_tbl, dict) or not isinstance(layout_tbl.get("diagram"), str):
        raise RulesFileError("[layout] needs a diagram (the ASCII start position)", where, lines.table("layout"))
    if "origin" in layout_tbl and not isinstance(layout_tbl["origin"], str):
        raise RulesFileError("[layout] origin must be text (where the layout comes from)", where,
                             lines.key("layout", "origin") or lines.table("layout"))
    diagram_line = lines.key("layout", "diagram") or 0
    # A TOML multi-line string drops the newline right after the opening quotes.
    first = diagram_line + 1 if diagram_line and text.splitlines()[diagram_line - 1].rstrip().endswith('"""') else diagram_line
    try:
        layout = (parse_hex_diagram if hexagonal else parse_diagram)(layout_tbl["diagram"], where, first or 1)
        check_kings(layout, where, first or None, first or None)
    except PositionError as exc:
        raise RulesFileError(exc.message, exc.path, exc.line) from None
    return layout, str(layout_tbl.get("origin", "")), first


def _read_rule(key: str, tbl: Any, line: int | None, where: str) -> Rule:
    """The rule ``[rules.<key>]`` (at ``line``): a known key with a value, stated by the source
    (``ref``) or assumed with notes in both languages (and perhaps an ``alternative``). Its
    value is checked later, against the whole ruleset (:func:`_check_values`)."""
    if key in RENAMED_KEYS:
        raise RulesFileError(f"rule '{key}' is now called '{RENAMED_KEYS[key]}': rename [rules.{key}] to "
                             f"[rules.{RENAMED_KEYS[key]}]", where, line)
    if key not in ALL_RULE_KEYS:
        close = difflib.get_close_matches(key, ALL_RULE_KEYS, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise RulesFileError(f"unknown rule '{key}'{hint}", where, line)
    if not isinstance(tbl, dict) or "value" not in tbl:
        raise RulesFileError(f"rule '{key}' needs a value", where, line)
    extra = set(tbl) - {"value", "ref", "assumed", "note", "alternative"}
    if extra:
        raise RulesFileError(f"rule '{key}': unknown field '{sorted(extra)[0]}'", where, line)
    assumed = tbl.get("assumed", False)
    if not isinstance(assumed, bool):
        raise RulesFileError(f"rule '{key}': assumed must be true or false", where, line)
    ref = tbl.get("ref")
    note = tbl.get("note", {})
    if assumed:
        if ref is not None:
            raise RulesFileError(f"rule '{key}' is assumed and cannot also have a ref", where, line)
        if not isinstance(note, dict) or not all(isinstance(note.get(lang), str) and note[lang].strip() for lang in ("de", "en")):
            raise RulesFileError(f"assumed rule '{key}' needs note.de and note.en", where, line)
    else:
        if not isinstance(ref, str) or not re.fullmatch(r"\d+(\.\d+)*", ref, re.ASCII):
            raise RulesFileError(f"rule '{key}' is neither stated (ref = \"<section>\", e.g. \"5.1\") nor marked assumed = true", where, line)
        if "alternative" in tbl:
            raise RulesFileError(f"rule '{key}' is stated by the source; only assumed rules have an alternative", where, line)
        if "note" in tbl:
            raise RulesFileError(f"rule '{key}' is stated by the source; only assumed rules have a note", where, line)
    if "alternative" in tbl and _freeze_alt(tbl["alternative"]) == _freeze(tbl["value"]):
        raise RulesFileError(f"rule '{key}': the alternative is the same as the value", where, line)
    return Rule(key, _freeze(tbl["value"]), assumed, ref, dict(note) if isinstance(note, dict) else {},
                _freeze_alt(tbl.get("alternative")), line or 0)

def _check_values(rs: Ruleset, where: str, strict_presence: bool, unused_is_error: bool = True) -> None:
    values = {k: r.value for k, r in rs.rules.items()}
    required = required_keys(values, _layout_kinds(rs.layout))
    for key in required:
        if key not in rs.rules and strict_presence:
            raise RulesFileError(f"rule '{key}' is missing (state it with a ref or mark it assumed)", where,
                                 _why_required_line(rs, key))
    if unused_is_error:
        for key, rule in rs.rules.items():
            if key not in required and key not in BASE_KEYS and key not in OPTIONAL_DEFAULTS:
                cond = CONDITION_TEXT[BY_KEY[key].when]
                raise RulesFileError(f"rule '{key}' applies only when {cond}", where, rule.line or None)
    jumping = [k for k in JUMP_KEYS if values.get(k, "none") != "none"]
    if values.get("exit_fort") is True and jumping:
        line = rs.rules["exit_fort"].line or None
        raise RulesFileError(f"exit_fort cannot be combined with {jumping[0]} (the exit-fort test assumes that no piece jumps)",
                             where, line)
    _check_geometry(rs, values, where)
    if values.get("throne") is True and rs.size % 2 == 0:
        line = rs.rules["throne"].line or None
        raise RulesFileError(f"the {rs.size}x{rs.size} board has no centre square for a throne", where, line)
    for key, rule in rs.rules.items():
        why = valid_value(key, rule.value, rs.size)
        if why:
            raise RulesFileError(f"rule '{key}': {why}", where, _field_line(rs, rule, "value"))
        alt = rule.alternative_overrides()
        for akey, aval in (alt or {}).items():
            if akey not in ALL_RULE_KEYS:
                raise RulesFileError(f"rule '{key}': alternative names unknown rule '{akey}'", where,
                                     _field_line(rs, rule, "alternative"))
            why = valid_value(akey, aval, rs.size)
            if why:
                raise RulesFileError(f"rule '{key}': alternative {akey}: {why}", where, _field_line(rs, rule, "alternative"))


#: Rules not (yet) built for a hex board, with the value that switches them off: the shieldwall
#: and the exit fort read rows and columns of a square board, the 2x2 corners are square blocks,
#: the jumps are detected over a square's ranks and files.
HEX_OFF = {"shieldwall": "off", "exit_fort": False, "king_jump": "none", "commander_jump": "none",
           "knight_jump": "none"}


def _check_geometry(rs: Ruleset, values: dict, where: str) -> None:
    """``geometry`` matches the layout's diagram (it is read before the diagram and cannot be
    switched afterwards), and a hex board has none of the rules :data:`HEX_OFF` names and no
    ``2x2`` corners."""
    hexagonal = geometry_of(rs.size) == "hex"
    declared = rs.value("geometry")
    if declared != geometry_of(rs.size):
        rule = rs.rules.get("geometry")
        raise RulesFileError(f"geometry '{declared}' does not match the layout, drawn for a {geometry_of(rs.size)} board "
                             "(the geometry cannot be switched)", where, (rule.line if rule else 0) or None)
    if not hexagonal:
        return
    for key, off in HEX_OFF.items():
        if key in values and values[key] != off:
            raise RulesFileError(f"rule '{key}' is not built for a hex board (it must be {toml_value(off)})", where,
                                 rs.rules[key].line or None)
    if values.get("corners") == "2x2":
        raise RulesFileError("a hex board has no 2x2 corners (use single: its six corner cells)", where,
                             rs.rules["corners"].line or None)


def _field_line(rs: Ruleset, rule: Rule, name: str) -> int | None:
    """The 1-based line of ``name = …`` inside the table of ``rule`` in the rules file (the line
    a bad value is on), else the table's own line; None when the rule has no line."""
    if not rule.line:
        return None
    lines = rs.text.splitlines() if rs.text else []
    field_re = re.compile(rf"{re.escape(name)}(?:\.[a-z]+)?\s*=")
    for i in range(rule.line, len(lines)):        # the lines after the table header
        stripped = lines[i].strip()
        if stripped.startswith("["):
            break
        if field_re.match(stripped):
            return i + 1
    return rule.line


def _why_required_line(rs: Ruleset, key: str) -> int | None:
    """The line that makes ``key`` required: the rule it depends on, or the first piece of the
    kind it governs in the diagram; None for the keys every file has."""
    if key in BERSERK_KEYS and "berserk" in rs.rules:
        return rs.rules["berserk"].line or None
    for kind, piece_keys in PIECE_KEYS.items():
        if key in piece_keys:
            squares = sorted((sq for sq, k in rs.layout.pieces.items() if k == kind), key=lambda sq: -int(sq[1:]))
            return _rank_line(rs, squares[0]) if squares else None
    for special in SPECIAL_KINDS:
        if key.startswith(special + "_"):
            base = {"throne": "throne", "corner": "corners", "camp": "camps"}[special]
            if base in rs.rules:
                return rs.rules[base].line or None
    return None


def _check_layout_squares(rs: Ruleset, where: str) -> None:
    """No piece but the king may start on a square where it may not stop (throne, corners); a
    commander follows the attackers' list, a knight the defenders'. The fault names the line of
    the piece's rank in the diagram."""
    special = rs.special_squares()
    for kind_key, names in (("throne", special["throne"]), ("corner", special["corners"])):
        allowed = set(rs.value(f"{kind_key}_stop"))
        for name in names:
            piece = rs.layout.pieces.get(name)
            if piece and SOLDIER_OF[piece] not in allowed:
                raise RulesFileError(f"the layout puts a {piece} on {name}, a {kind_key} square it may not stand on",
                                     where, _rank_line(rs, name))


def _rank_line(rs: Ruleset, square: str) -> int | None:
    """Line of ``square``'s rank in the rules file's diagram (top rank first), if known."""
    if not rs.diagram_line:
        return None
    return rs.diagram_line + rs.size - int(square[1:])


def _check_alternative(rs: Ruleset, rule: Rule, where: str) -> None:
    """An assumed rule's alternative must change something, may switch only the rule itself and
    rules the file does not state (never a stated rule, never the rules of a piece the layout
    lacks), and must give a game the engine can start from the layout."""
    alt = rule.alternative_overrides()
    if alt is None:
        return
    line = rule.line or None
    if not alt:
        raise RulesFileError(f"rule '{rule.key}': the alternative is empty", where, line)
    if all(k in rs.rules and _freeze(v) == rs.rules[k].value for k, v in alt.items()):
        raise RulesFileError(f"rule '{rule.key}': the alternative changes nothing", where, line)
    kinds = _layout_kinds(rs.layout)
    for key in alt:
        other = rs.rules.get(key)
        if key != rule.key and other is not None and not other.assumed:
            raise RulesFileError(f"rule '{rule.key}': the alternative switches '{key}', which the source states (ref {other.ref})",
                                 where, line)
        for kind, piece_keys in PIECE_KEYS.items():
            if key in piece_keys and kind not in kinds:
                raise RulesFileError(f"rule '{rule.key}': the alternative sets '{key}', but the layout has no {kind}", where, line)
    try:
        switched = rs.with_overrides(alt)
        _check_layout_squares(switched, where)
        _check_king_start(switched, where)
    except RulesFileError as exc:
        raise RulesFileError(f"rule '{rule.key}': with its alternative {exc.message}", where, line) from None


def _check_king_start(rs: Ruleset, where: str) -> None:
    """The layout's king may not stand on an escape square (the game would be over before it
    began; tafl_core.Game refuses such a start). Escape squares: the corner squares (the four
    corners when ``corners = "none"``) or the whole edge."""
    king = rs.layout.king_square()
    if king is None:
        return
    if parse_square(king, rs.size) in rs.escape_squares():
        raise RulesFileError(f"the king already stands on an escape square ({king})", where, _rank_line(rs, king))


class _TableLines:
    """Finds the line of a TOML table header or key (tomllib keeps no positions)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def table(self, name: str) -> int | None:
        pat = re.compile(r"^\s*\[\s*" + re.escape(name).replace(r"\.", r"\s*\.\s*") + r"\s*\]")
        for i, line in enumerate(self.lines, 1):
            if pat.match(line):
                return i
        return None

    def assignment(self, key: str) -> int | None:
        """Line of a top-level ``key = ...`` or ``[[key]]``."""
        pat = re.compile(r"^\s*(?:" + re.escape(key) + r"\s*=|\[\[\s*" + re.escape(key) + r"\s*\]\])")
        for i, line in enumerate(self.lines, 1):
            if pat.match(line):
                return i
        return None

    def key(self, table: str, key: str) -> int | None:
        start = self.table(table)
        if start is None:
            return None
        pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        for i in range(start, len(self.lines)):
            if self.lines[i].lstrip().startswith("["):
                return None
            if pat.match(self.lines[i]):
                return i + 1
        return None


def toml_value(value: Any) -> str:
    """``value`` (bool, int, float, str or a list of them) as a TOML value; the one writer of
    TOML values for :meth:`Ruleset.to_toml` and the OpenTafl reader."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    s = str(value)
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


__all__ = ["Rule", "Ruleset", "load_ruleset", "corner_squares", "ALL_RULE_KEYS", "FILES"]
