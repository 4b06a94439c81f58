"""The table of rule keys (tafl_core/ruletable.py) against every consumer: a key or value that
one of them does not handle fails here, and the message names the consumer - the Python form
of the compile error hnefatafl-rs gets from a ``match`` that misses an enum value.

Consumers: the key lists and the loader (tafl_core/rulekeys.py), the JSON Schema
(build_tools/schema.py), the labels (build_tools/labels.py: names in both languages), the
OpenTafl export and reading (tafl_core/opentafl.py), the engine (tafl_core/tables.py
``ENGINE_VALUES`` and the functions each entry names as its readers, checked against the code),
the generated rulesets (tests/tafl_core/generated_rulesets.py).
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from build_tools.labels import LANGS, RULE_NAMES, VALUE_NAMES
from build_tools.schema import rules_schema
from tafl_core import load_ruleset, opentafl, rulekeys
from tafl_core.opentafl import (OpenTaflRulesError, opentafl_refusals, opentafl_unsaid, reading, ruleset_from_opentafl,
                                split_rules, to_opentafl)
from tafl_core.ruletable import BY_KEY, CONDITIONS, KINDS, OPENTAFL_MAPS, OPENTAFL_MAX_SIZE, SQUARE_LIST_FIELDS, TABLE
from tafl_core.tables import ENGINE_VALUES

from .helpers import REPO, pieces_from_spec, ruleset

KEYS = [r.key for r in TABLE]
#: The keys whose values are a closed list (enum, count, const, bool).
CLOSED = [r for r in TABLE if r.kind in ("enum", "count", "const", "bool")]


def _values(entry) -> tuple:
    return (False, True) if entry.kind == "bool" else entry.values


def _cases():
    return [pytest.param(r.key, v, id=f"{r.key}={v}") for r in CLOSED for v in _values(r)]


# -- the table itself ------------------------------------------------------------------------
def test_every_entry_is_well_formed():
    """Kinds, conditions and mappings are among the declared ones; keys are unique; an optional
    key has a default; a letters mapping writes each value at most once."""
    assert len(KEYS) == len(set(KEYS))
    for r in TABLE:
        assert r.kind in KINDS and r.when in CONDITIONS and r.opentafl.map in OPENTAFL_MAPS, r.key
        if r.when == "optional":
            assert r.default is not None, r.key
        if r.opentafl.map == "fixed" and r.kind in ("enum", "count", "bool"):
            assert set(_values(r)) - {r.opentafl.fixed} <= set(r.opentafl.unsaid), \
                f"tafl_core/opentafl.py (to_opentafl): {r.key} values OpenTafl cannot say, without a reason"
        if r.opentafl.map == "letters":
            assert len(set(r.opentafl.write.values())) == len(r.opentafl.write), r.key
            assert set(r.opentafl.write) | set(r.opentafl.unsaid) == set(r.values), \
                f"tafl_core/opentafl.py (to_opentafl): {r.key} values without a letter or a reason"


def test_key_lists_are_the_table():
    """rulekeys (the loader's key lists) holds exactly the table's keys."""
    assert set(rulekeys.ALL_RULE_KEYS) == set(KEYS), "tafl_core/rulekeys.py: ALL_RULE_KEYS"
    assert set(rulekeys.OPTIONAL_DEFAULTS) == {r.key for r in TABLE if r.when == "optional"}


# -- the loader ------------------------------------------------------------------------------
@pytest.mark.parametrize("key,value", _cases())
def test_the_loader_accepts_every_value(key, value):
    assert rulekeys.valid_value(key, value, 9) is None, f"tafl_core/rulekeys.py (valid_value) refuses {key} = {value!r}"


@pytest.mark.parametrize("key", KEYS)
def test_the_loader_checks_every_kind(key):
    """valid_value has a branch for the key's kind (else it raises ValueError naming it) and
    refuses a value of another type."""
    assert rulekeys.valid_value(key, {"x": 1}, 9) is not None, f"tafl_core/rulekeys.py (valid_value) accepts a table for {key}"


@pytest.mark.parametrize("when", CONDITIONS)
def test_the_loader_knows_every_condition(when):
    rulekeys.condition_holds(when, {}, set())   # raises ValueError naming the condition otherwise


# -- the schema ------------------------------------------------------------------------------
SCHEMA_RULES = rules_schema()["properties"]["rules"]["properties"]


@pytest.mark.parametrize("key,value", _cases())
def test_the_schema_accepts_every_value(key, value):
    ok = jsonschema.Draft7Validator(SCHEMA_RULES[key]).is_valid({"value": value, "ref": "1"})
    assert ok, f"build_tools/schema.py refuses {key} = {value!r}"


# -- the labels ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_every_key_and_value_has_a_name(key, lang):
    """Every key has a name, every value of a closed list or a corners name its words, in both
    languages (booleans by the shared yes/no)."""
    assert RULE_NAMES[lang].get(key), f"build_tools/labels.py: RULE_NAMES[{lang!r}] has no {key}"
    entry = BY_KEY[key]
    if entry.kind in ("enum", "count", "bool", "corners"):
        names = {**VALUE_NAMES[lang]["*"], **VALUE_NAMES[lang].get(key, {})}
        for v in _values(entry):
            assert names.get(str(v)), f"build_tools/labels.py: VALUE_NAMES[{lang!r}] has no name for {key} = {v!r}"


# -- the validator ---------------------------------------------------------------------------
def test_the_facts_checks_tell_every_value_apart():
    """The checks of a page's facts table against rules.toml read escape, first_mover and
    king_armed value by value: each names every value of its key."""
    from build_tools.validate.facts import FACT_VALUES
    for key, values in FACT_VALUES.items():
        assert set(values) == set(BY_KEY[key].values), \
            f"the validator (build_tools/validate/facts.py FACT_VALUES) does not handle {key} = " \
            f"{sorted(set(BY_KEY[key].values) - set(values))}"


# -- the engine ------------------------------------------------------------------------------
def test_the_engine_plays_every_value():
    """tables.ENGINE_VALUES (what the engine's readers implement) names every value of every
    enum and count key, and nothing else."""
    for r in TABLE:
        if r.kind in ("enum", "count"):
            assert r.key in ENGINE_VALUES and ENGINE_VALUES[r.key] == set(r.values), \
                f"the engine (tafl_core/tables.py ENGINE_VALUES; readers {', '.join(r.readers)}) does not handle " \
                f"{r.key} = {sorted(set(r.values) - ENGINE_VALUES.get(r.key, set()), key=str)}"
    assert set(ENGINE_VALUES) <= set(KEYS)


def _tables_base(node) -> bool:
    """Whether ``node`` is how the engine names its Tables: ``t``, ``tables``, ``self._t``, ``g.tables``."""
    return (isinstance(node, ast.Name) and node.id in ("t", "tables")) or \
        (isinstance(node, ast.Attribute) and node.attr in ("_t", "tables"))


def _found_readers() -> dict[str, set[str]]:
    """rule key -> the functions of tafl_core (``module.function`` or ``module.Class.method``)
    that read it: a call ``value("key")`` / ``v("key")`` (or ``v(f"{p}_stop")`` for the special
    squares' lists), or a Tables attribute the table names for it. The OpenTafl mapping and its
    nearest-rules export, the record comparison and the key modules are consumers of the table, not engine parts."""
    attr_keys: dict[str, set[str]] = {}
    for r in TABLE:
        for a in r.attrs:
            attr_keys.setdefault(a, set()).add(r.key)
    found: dict[str, set[str]] = {}
    skip = {"opentafl.py", "opentafl_export.py", "record_rules.py", "rulekeys.py", "ruletable.py"}
    for path in sorted((REPO / "tafl_core").glob("*.py")):
        if path.name in skip:
            continue

        def walk(node, qual: list[str], path: Path = path) -> None:
            for ch in ast.iter_child_nodes(node):
                if isinstance(ch, (ast.FunctionDef, ast.ClassDef)) and (not qual or isinstance(node, ast.ClassDef)):
                    walk(ch, qual + [ch.name])
                    continue
                where = ".".join([path.stem, *qual])
                if (isinstance(ch, ast.Attribute) and ch.attr in attr_keys and isinstance(ch.ctx, ast.Load)
                        and _tables_base(ch.value) and path.name != "tables.py"):
                    for k in attr_keys[ch.attr]:
                        found.setdefault(k, set()).add(where)
                if isinstance(ch, ast.Call) and ch.args and (
                        (isinstance(ch.func, ast.Name) and ch.func.id == "v")
                        or (isinstance(ch.func, ast.Attribute) and ch.func.attr == "value")):
                    arg = ch.args[0]
                    if isinstance(arg, ast.Constant) and arg.value in BY_KEY:
                        found.setdefault(arg.value, set()).add(where)
                    elif isinstance(arg, ast.JoinedStr) and isinstance(arg.values[-1], ast.Constant):
                        for f in SQUARE_LIST_FIELDS:
                            if arg.values[-1].value == "_" + f:
                                for r in TABLE:
                                    if r.key.endswith("_" + f) and r.when in ("throne", "corner", "camp"):
                                        found.setdefault(r.key, set()).add(where)
                walk(ch, qual)

        walk(ast.parse(path.read_text(encoding="utf-8")), [])
    return found


FOUND_READERS = _found_readers()


@pytest.mark.parametrize("key", KEYS)
def test_the_readers_the_table_names_are_those_in_the_code(key):
    """Every function that reads the key (directly or through its Tables attributes) is named
    in its entry, and every named one reads it: a change of the key's meaning lists every place
    to change (a reader missed here is how the king's arming was once forgotten in one of
    three)."""
    declared, found = set(BY_KEY[key].readers), FOUND_READERS.get(key, set())
    assert found - declared == set(), f"tafl_core/ruletable.py: {key} is also read by {sorted(found - declared)}"
    assert declared - found == set(), f"tafl_core/ruletable.py: {key} is not read by {sorted(declared - found)}"


# -- the OpenTafl export and reading -----------------------------------------------------------
def _with(key: str, value):
    """The neutral 9x9 test ruleset (helpers.py) with ``key`` = ``value``, in a form where the
    key arises and the rest OpenTafl can say: repetition a draw at the third occurrence, a side
    without a move loses; commanders and a knight on the board for their keys; berserk moves
    for berserk_compulsory."""
    base = {"repetition": "draw", "no_moves": "loss", "throne_hostile_empty": ["attacker", "defender", "king"],
            "berserk_compulsory": True}
    entry = BY_KEY[key]
    if key == "geometry" and value == "hex":
        # a hex board needs a hex layout: HeXentafl 4x4 (whose geometry cannot be switched)
        return load_ruleset(REPO / "variants_src" / "hexentafl-4")
    if key == "shieldwall_flank":
        base["shieldwall"] = "on"
    if entry.when == "berserk":
        base["berserk"] = "capture"
    if entry.when in ("commander", "knight"):
        plain = replace(ruleset(**base), layout=pieces_from_spec("K e5; D e4 e6; N d5; A a4 a5 a6; C i5", 9))
        rules = {"commander_jump": "none", "commander_king_capture": "custodial", "knight_jump": "none"}
        return plain.with_overrides({**rules, key: value})
    return ruleset(**{**base, key: value})


@pytest.mark.parametrize("key,value", _cases())
def test_the_opentafl_export_says_every_value_or_refuses_naming_the_key(key, value):
    """A value OpenTafl can say is written as its letter (or is OpenTafl's fixed rule) and read
    back to the same value; any other value refuses the export, naming the key and why."""
    entry = BY_KEY[key]
    rs = _with(key, value)
    why = opentafl_unsaid(entry, value)
    text = to_opentafl(rs)
    if why:
        assert text is None, f"tafl_core/opentafl.py (to_opentafl) writes {key} = {value!r}, which OpenTafl cannot say"
        assert (key, why) in opentafl_refusals(rs)
        return
    assert text is not None, f"tafl_core/opentafl.py (to_opentafl) refuses {key} = {value!r}: {opentafl_refusals(rs)}"
    assert ruleset_from_opentafl(text).value(key) == value, \
        f"tafl_core/opentafl.py (ruleset_from_opentafl) reads {key} = {value!r} back otherwise"
    if entry.opentafl.map == "letters":
        letter = entry.opentafl.write[value]
        said = split_rules(text).get(entry.opentafl.key, opentafl.DEFAULTS.get(entry.opentafl.key))
        assert said == letter or reading(text)[entry.opentafl.key] in (letter, letter == "y")


def test_the_opentafl_export_refuses_a_board_over_19_squares():
    """OpenTafl's boards have at most 19 files (a-s): 19 is written, 21 refused as "size"."""
    from tafl_core import Position
    for n, said in ((OPENTAFL_MAX_SIZE, True), (OPENTAFL_MAX_SIZE + 2, False)):
        c = n // 2
        pieces = {f"{'abcdefghijklmnopqrstuvwxy'[c]}{c + 1}": "king", "a2": "attacker", "b3": "defender"}
        rs = replace(ruleset(repetition="draw", no_moves="loss", corners="none", throne=False, escape="edge"),
                     size=n, layout=Position(n, pieces))
        assert (to_opentafl(rs) is not None) == said, n
        assert (("size" in dict(opentafl_refusals(rs))) != said), n


@pytest.mark.parametrize("entry", [r for r in TABLE if r.opentafl.map == "letters"], ids=lambda r: r.key)
def test_the_opentafl_reading_handles_every_letter(entry):
    """Every letter OpenTafl's reading can give for the key's OpenTafl key (any single letter
    tried) maps to a value of this engine, or is refused naming the OpenTafl key."""
    ot = entry.opentafl
    base = "dim:9 name:x cor:a1,a9,i1,i9, cen:e5, start:/9/9/9/9/ttttKTTTT/9/9/4N4/4c4/"
    base += " cj:n" if ot.key != "cj" else ""
    seen = set()
    for letter in "abcdefghijklmnopqrstuvwxyz":
        text = base + f" {ot.key}:{letter}"
        read = reading(text)[ot.key]
        read = "yn"[not read] if isinstance(read, bool) else read
        if read in seen:
            continue
        seen.add(read)
        assert read in ot.read() or read in ot.unread, \
            f"tafl_core/opentafl.py (ruleset_from_opentafl): {ot.key}:{read} has no value of {entry.key}"
        if read in ot.unread:
            with pytest.raises(OpenTaflRulesError, match=f"{ot.key}:{read}"):
                ruleset_from_opentafl(text)


def test_every_opentafl_group_is_written_and_read():
    for r in TABLE:
        if r.opentafl.map == "group":
            assert r.opentafl.key in opentafl._GROUPS, f"tafl_core/opentafl.py (to_opentafl): no group {r.opentafl.key}"
            assert r.opentafl.key in opentafl._GROUP_READERS, \
                f"tafl_core/opentafl.py (ruleset_from_opentafl): no group {r.opentafl.key}"
