"""The JSON Schema of rules.toml (build_tools/schema.py): the committed file is the generator's
output, it is a valid draft-07 schema, it accepts exactly the rule values and demands exactly
the rule keys that tafl_core/rulekeys.py does, every variant's rules.toml validates against it
and names it in its first line (README.md, "Writing a variant source")."""

from __future__ import annotations

import itertools
import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from build_tools.schema import SCHEMA_DIRECTIVE, SCHEMA_PATH, rules_schema, schema_text
from tafl_core.rulekeys import (ALL_RULE_KEYS, BOOL_KEYS, ENUM_VALUES, OPTIONAL_DEFAULTS, PIECE_KEYS,
                                required_keys, valid_value)

ROOT = Path(__file__).resolve().parents[2]
RULES_FILES = sorted((ROOT / "variants_src").glob("*/rules.toml"))
SCHEMA = rules_schema()
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)
#: Every value a rule could be given, right or wrong for some key. 3.0 is left out: JSON (and so
#: JSON Schema) does not tell 3.0 from 3, while the loader refuses the float.
PROBES = ([*sorted({v for values in ENUM_VALUES.values() for v in values}), "none", "single", "2x2", "x", "",
           True, False, 0, 1, 2, 3, 4, 5, -1]
          + [[], ["king"], ["attacker", "defender", "king"], ["queen"], ["king", "king"], ["a1", "y25"], ["A1"],
             ["z1"], ["a26"], ["a0"], ["e5", "king"], [1], {"value": 1}])


def _rules_table(rules: dict) -> dict:
    """A whole rules.toml with these rule tables (each given a ref) and a minimal layout."""
    return {"variant": {"name": "x"}, "layout": {"diagram": "K"},
            "rules": {k: {"value": v, "ref": "5"} for k, v in rules.items()}}


def test_committed_schema_is_the_generators_output():
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), \
        "run: .venv/bin/python -m build_tools schema"
    assert json.loads(schema_text()) == SCHEMA


def test_schema_is_valid_draft_07():
    jsonschema.Draft7Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("key", ALL_RULE_KEYS)
def test_schema_accepts_exactly_the_values_the_loader_accepts(key):
    """For every probe value, the schema's rule table and rulekeys.valid_value (on a 25×25
    board, the largest) agree on whether it is allowed."""
    rule_schema = SCHEMA["properties"]["rules"]["properties"][key]
    for value in PROBES:
        loader_ok = valid_value(key, tuple(value) if isinstance(value, list) else value, 25) is None
        schema_ok = jsonschema.Draft7Validator(rule_schema).is_valid({"value": value, "ref": "4"})
        assert schema_ok == loader_ok, f"{key} = {value!r}: schema {schema_ok}, loader {loader_ok}"


def test_every_rule_key_and_only_those():
    assert set(SCHEMA["properties"]["rules"]["properties"]) == set(ALL_RULE_KEYS)
    assert set(ENUM_VALUES) | set(BOOL_KEYS) <= set(ALL_RULE_KEYS)


_CASES = list(itertools.product((True, False), ("none", "single", ["a1", "c3"]), ([], ["d4"]), ("off", "capture")))


@pytest.mark.parametrize("throne, corners, camps, berserk", _CASES)
def test_schema_requires_exactly_the_keys_the_loader_requires(throne, corners, camps, berserk):
    """With the keys rulekeys.required_keys names (no special pieces), a rules table is valid;
    without any one of them it is not; a special square's or berserk key where the loader
    refuses it is refused too. The optional keys may be added."""
    values = {"throne": throne, "corners": corners, "camps": camps, "berserk": berserk}
    required = required_keys(values, set())
    probe_value = {**{k: v[0] for k, v in ENUM_VALUES.items()}, **{k: False for k in BOOL_KEYS},
                   "custodial": True, "repetition_count": 3, "one_step": []}
    rules = {k: values.get(k, probe_value.get(k, [])) for k in required}
    if berserk != "off":
        rules["berserk"] = berserk
    assert VALIDATOR.is_valid(_rules_table(rules)), list(VALIDATOR.iter_errors(_rules_table(rules)))[:1]
    for key in required:
        missing = {k: v for k, v in rules.items() if k != key}
        assert not VALIDATOR.is_valid(_rules_table(missing)), f"valid without {key}"
    allowed = set(required) | set(OPTIONAL_DEFAULTS) | {k for keys in PIECE_KEYS.values() for k in keys}
    for key in set(ALL_RULE_KEYS) - allowed:
        extra = {**rules, key: [] if key.endswith(("_stop", "_pass", "_reenter", "_hostile", "_hostile_empty"))
                 else probe_value.get(key, False)}
        assert not VALIDATOR.is_valid(_rules_table(extra)), f"{key} accepted where the loader refuses it"
    for key in OPTIONAL_DEFAULTS:
        if key not in rules and key != "berserk":
            assert VALIDATOR.is_valid(_rules_table({**rules, key: probe_value.get(key, [])})), key


def test_a_rule_needs_a_ref_or_an_assumption_with_a_note():
    rule = {"value": "attackers"}
    schema = SCHEMA["properties"]["rules"]["properties"]["first_mover"]
    assert not jsonschema.Draft7Validator(schema).is_valid(rule)
    assert jsonschema.Draft7Validator(schema).is_valid({**rule, "ref": "5.1"})
    assert not jsonschema.Draft7Validator(schema).is_valid({**rule, "assumed": True})
    assert jsonschema.Draft7Validator(schema).is_valid({**rule, "assumed": True, "note": {"de": "d", "en": "e"}})
    assert not jsonschema.Draft7Validator(schema).is_valid({**rule, "ref": "5.1", "source": "x"})


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: p.parent.name)
def test_every_variant_validates_and_names_the_schema(path):
    text = path.read_text(encoding="utf-8")
    assert text.split("\n", 1)[0] == SCHEMA_DIRECTIVE
    target = (path.parent / SCHEMA_DIRECTIVE.split(" ", 1)[1]).resolve()
    assert target == SCHEMA_PATH.resolve()
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(tomllib.loads(text))]
    assert not errors, errors


def test_schema_refuses_what_a_text_only_variant_may_not_have():
    text_only = {"variant": {"name": "x", "board": False, "board_note": {"de": "d", "en": "e"}}}
    assert VALIDATOR.is_valid(text_only)
    assert not VALIDATOR.is_valid({**text_only, "rules": {}})
    assert not VALIDATOR.is_valid({"variant": {"name": "x", "board": False}})
    assert not VALIDATOR.is_valid({"variant": {"name": "x"}})          # a board needs layout and rules
    assert not VALIDATOR.is_valid({**text_only, "extra": {}})
