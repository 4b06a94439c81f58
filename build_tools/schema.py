"""The JSON Schema of ``rules.toml``, generated from :mod:`tafl_core.ruletable` (the one home of
the rule keys, their values and which are required), for editors with TOML support (Taplo, Even
Better TOML: README.md, "Writing a variant source").

``rules_schema()`` returns the schema as a dict; ``python -m build_tools schema`` writes it to
:data:`SCHEMA_PATH` (``docs/schema/rules.schema.json``, published with the site as
``/schema/rules.schema.json``), and each ``rules.toml`` names it in its first line
(:data:`SCHEMA_DIRECTIVE`). ``tests/build_tools/test_schema.py`` ties the committed file to this
generator and the schema to the loader's checks.

What the schema cannot see is left to the loader and ``make validate``: the board size (a
square is checked against 25×25, the largest board), whether the layout has commanders or a
knight (their keys are allowed, never required), the diagram itself and the page text.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tafl_core.position import PIECE_KINDS
from tafl_core.rulekeys import ALL_RULE_KEYS, BASE_KEYS, HISTORICITY, OPTIONAL_DEFAULTS
from tafl_core.ruletable import BY_KEY, TABLE

from build_tools.differences import ENGINES, FIELDS as DIFFERENCE_FIELDS, LAYOUT_KEY, REF_PATTERN

__all__ = ["SCHEMA_PATH", "SCHEMA_URL_PATH", "SCHEMA_DIRECTIVE", "SQUARE_PATTERN", "rules_schema", "schema_text", "main"]

ROOT = Path(__file__).resolve().parent.parent
#: Where the generated schema is committed (under docs/, so MkDocs publishes it).
SCHEMA_PATH = ROOT / "docs" / "schema" / "rules.schema.json"
#: Its path on the site.
SCHEMA_URL_PATH = "/schema/rules.schema.json"
#: The first line of every variant's rules.toml: the schema, relative to variants_src/<slug>/.
SCHEMA_DIRECTIVE = "#:schema ../../docs/schema/rules.schema.json"
#: A square name on a board of up to 25×25 (files a–y, ranks 1–25), either case.
SQUARE_PATTERN = "^[A-Ya-y](?:[1-9]|1[0-9]|2[0-5])$"
_LANG_TEXTS = {"type": "object", "properties": {"de": {"type": "string"}, "en": {"type": "string"}},
               "required": ["de", "en"], "additionalProperties": False}
_REF_PATTERN = r"^\d+(?:\.\d+)?$"


def _value_schema(key: str) -> dict[str, Any]:
    """The schema of one rule's ``value``, by the key's kind in tafl_core.ruletable.TABLE (the
    branches of ``rulekeys.valid_value``).

    Raises:
        ValueError: a kind the schema does not know (a kind added to the table without a branch here).
    """
    entry = BY_KEY[key]
    squares = {"type": "array", "items": {"type": "string", "pattern": SQUARE_PATTERN}}
    schemas = {
        "enum": lambda: {"enum": list(entry.values)},
        "bool": lambda: {"type": "boolean"},
        "const": lambda: {"const": entry.values[0]},
        "count": lambda: {"type": "integer", "enum": list(entry.values)},
        "corners": lambda: {"oneOf": [{"enum": list(entry.values)}, squares]},
        "squares": lambda: squares,
        "kinds": lambda: {"type": "array", "items": {"enum": list(PIECE_KINDS)}},
    }
    if entry.kind not in schemas:
        raise ValueError(f"build_tools.schema does not know the value kind {entry.kind!r} (rule {key})")
    return schemas[entry.kind]()


def _rule_schema(key: str) -> dict[str, Any]:
    """One ``[rules.<key>]`` table: ``value``, and ``ref`` or ``assumed = true`` with a note."""
    value = _value_schema(key)
    return {
        "type": "object",
        "properties": {
            "value": value,
            "ref": {"type": "string", "pattern": _REF_PATTERN,
                    "description": "the section (\"4\") or subsection (\"5.3\") of both pages that states the rule"},
            "assumed": {"type": "boolean", "description": "true: the source is silent and the site assumes the value"},
            "note": {**_LANG_TEXTS, "description": "why the value is assumed, in German and English"},
            "alternative": {"anyOf": [value, {"type": "object"}],
                            "description": "the value the board offers instead (or a table of several rules)"},
        },
        "required": ["value"],
        "additionalProperties": False,
        "anyOf": [{"required": ["ref"]},
                  {"required": ["assumed", "note"], "properties": {"assumed": {"const": True}}}],
    }


def _is_value(key: str, condition: dict[str, Any]) -> dict[str, Any]:
    """A condition on the rules table: rule ``key`` is present and its value satisfies ``condition``."""
    return {"required": [key], "properties": {key: {"properties": {"value": condition}}}}


def _present_exactly_when(condition: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``keys`` are required when ``condition`` holds and refused when it does not."""
    return {"if": condition, "then": {"required": list(keys)},
            "else": {"properties": {k: False for k in keys}}}


#: The condition of a conditional key (tafl_core.ruletable.CONDITIONS) on the rules table; the
#: special pieces' keys are allowed, never required (the schema does not see the layout).
_CONDITIONS: dict[str, dict[str, Any] | None] = {
    "throne": {"const": True},
    "corner": {"not": {"enum": ["none", []]}},
    "camp": {"minItems": 1},
    "berserk": {"not": {"const": "off"}},
    "commander": None,
    "knight": None,
}
_CONDITION_KEY = {"throne": "throne", "corner": "corners", "camp": "camps", "berserk": "berserk"}


def _rules_schema() -> dict[str, Any]:
    """The rules table: every key of the table, the ones every file has required, each
    conditional key required exactly when its condition holds.

    Raises:
        ValueError: a condition the schema does not know.
    """
    conditions = []
    piece_keys = []
    for when in dict.fromkeys(r.when for r in TABLE if r.when not in ("always", "optional")):
        if when not in _CONDITIONS:
            raise ValueError(f"build_tools.schema does not know the condition {when!r}")
        keys = tuple(r.key for r in TABLE if r.when == when)
        if _CONDITIONS[when] is None:
            piece_keys += keys
        else:
            conditions.append(_present_exactly_when(_is_value(_CONDITION_KEY[when], _CONDITIONS[when]), keys))
    return {
        "type": "object",
        "description": ("The rules, one table each. Always: " + ", ".join(BASE_KEYS) + ". Optional: "
                        + ", ".join(OPTIONAL_DEFAULTS) + ". Only and always with a commander (C) or a knight "
                        "(N) in the layout: " + ", ".join(sorted(piece_keys)) + " (checked by the loader)."),
        "properties": {key: _rule_schema(key) for key in ALL_RULE_KEYS},
        "required": list(BASE_KEYS),
        "additionalProperties": False,
        "allOf": conditions,
    }


def _differences_schema() -> dict[str, Any]:
    return {
        "type": "array",
        "description": "Where another engine defines this ruleset otherwise, and the words of the page that say so.",
        "items": {
            "type": "object",
            "properties": {
                "engine": {"enum": list(ENGINES)},
                "key": {"enum": [LAYOUT_KEY, *ALL_RULE_KEYS]},
                "ref": {"type": "string", "pattern": "^(?:" + REF_PATTERN + ")$"},
                "phrase": {**_LANG_TEXTS, "description": "words standing verbatim in that section (or note), per language"},
            },
            "required": list(DIFFERENCE_FIELDS),
            "additionalProperties": False,
        },
    }


def rules_schema() -> dict[str, Any]:
    """The JSON Schema (draft-07, which Taplo and Even Better TOML read) of a variant's ``rules.toml``."""
    variant = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "the variant's neutral name"},
            "historicity": {"enum": list(HISTORICITY)},
            "board": {"const": False, "description": "only as false: a text-only variant (no source gives rules and layout)"},
            "board_note": {**_LANG_TEXTS, "description": "why there is no board, one line per language"},
        },
        "required": ["name"],
        "additionalProperties": False,
    }
    layout = {
        "type": "object",
        "properties": {
            "origin": {"type": "string", "description": "where the layout comes from, citing the page's sources as [key]"},
            "diagram": {"type": "string", "description": "the start position, top rank first: . A D K C N"},
        },
        "required": ["diagram"],
        "additionalProperties": False,
    }
    text_only = {"required": ["variant"], "properties": {"variant": {"required": ["board"]}}}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "Tafl-Kompendium variant rules (rules.toml)",
        "description": "Generated by build_tools/schema.py from tafl_core/ruletable.py; README.md, \"Writing a variant source\".",
        "type": "object",
        "properties": {"variant": variant, "layout": layout, "rules": _rules_schema(),
                       "differences": _differences_schema()},
        "required": ["variant"],
        "additionalProperties": False,
        "if": text_only,
        "then": {"properties": {"layout": False, "rules": False, "differences": False},
                 "required": ["variant"],
                 "allOf": [{"properties": {"variant": {"required": ["board_note"]}}}]},
        "else": {"required": ["layout", "rules"]},
    }


def schema_text() -> str:
    """The schema as the committed file holds it: JSON in the generator's key order, two-space indent,
    final newline."""
    return json.dumps(rules_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m build_tools schema [--check]``: write :data:`SCHEMA_PATH`; with ``--check``
    write nothing and return 1 when the committed file differs from the generator's output."""
    parser = argparse.ArgumentParser(prog="python -m build_tools schema",
                                     description="Write the JSON Schema of rules.toml (docs/schema/rules.schema.json).")
    parser.add_argument("--check", action="store_true", help="only compare the committed file with the generator")
    args = parser.parse_args(argv)
    text = schema_text()
    if args.check:
        current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.is_file() else None
        if current != text:
            print(f"{SCHEMA_PATH.relative_to(ROOT)} is not the generator's output: run python -m build_tools schema",
                  file=sys.stderr)
            return 1
        return 0
    SCHEMA_PATH.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA_PATH.relative_to(ROOT)}", file=sys.stderr)
    return 0
