"""Cross-engine fidelity: every ruleset on the site that another public engine (OpenTafl,
AbstractPlay, hnefatafl-rs, Ludii, tafl_server) also defines is compared with that engine's
definition, transcribed as facts (start layout square by square, rule values) with repository,
path and commit in ``tests/tafl_core/engine_definitions/<slug>.toml``. Where the page's
``rules.toml`` differs, the page must name the difference (a ``[[differences]]`` entry, whose
words the validator finds on the page); an entry the transcription does not bear out fails too.
README.md, "Differences from other engines", documents both files.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from build_tools.differences import ENGINES, LAYOUT_KEY, differences_of
from tafl_core import Position, load_ruleset
from tafl_core.rulekeys import ALL_RULE_KEYS, corner_squares
from tafl_core.squares import parse_square

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants_src"
DEFINITIONS = Path(__file__).resolve().parent / "engine_definitions"
FIELDS = {"engine", "name", "repository", "commit", "paths", "start", "rules", "note"}
#: Rule keys whose values are lists of piece kinds (order does not matter).
KIND_LISTS = {k for k in ALL_RULE_KEYS if k.startswith(("throne_", "corner_", "camp_")) or k == "one_step"}
#: A sub-rule of a special square is transcribed only together with the square itself.
PARENTS = {"throne": "throne", "corner": "corners", "camp": "camps"}


#: Board variants no compared engine defines (the file says where that was looked for).
NOT_DEFINED = DEFINITIONS / "_not_defined_elsewhere.toml"


def _definition_files() -> list[Path]:
    return sorted(p for p in DEFINITIONS.glob("*.toml") if not p.name.startswith("_"))


def _definitions() -> list[tuple[str, int, dict]]:
    out = []
    for path in _definition_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for i, d in enumerate(data.get("definition", [])):
            out.append((path.stem, i, d))
    return out


def _id(item) -> str:
    slug, i, d = item
    return f"{slug}-{d.get('engine')}-{d.get('name', i)}"


DEFS = _definitions()


def _canon(key: str, value, size: int):
    """A rule value in a form that compares equal when the rule is the same."""
    if key in KIND_LISTS:
        return frozenset(value)
    if key == "corners":
        return frozenset(corner_squares(tuple(value) if isinstance(value, list) else value, size))
    if key == "camps":
        return frozenset(parse_square(s, size) for s in value)
    return value


def test_definition_files_exist():
    """The data is there: at least the worked example (Brandubh against OpenTafl)."""
    assert (DEFINITIONS / "brandubh.toml").is_file()
    assert len(DEFS) >= 1


def test_every_board_variant_is_compared_or_declared_undefined_elsewhere():
    """Each variant with a board has a definitions file, or is listed in
    _not_defined_elsewhere.toml with where it was looked for; never both."""
    declared = tomllib.loads(NOT_DEFINED.read_text(encoding="utf-8"))
    for slug, entry in declared.items():
        assert isinstance(entry, dict) and str(entry.get("checked", "")).strip(), f"{slug}: say where it was looked for"
    board = {p.parent.name for p in VARIANTS.glob("*/rules.toml")
             if tomllib.loads(p.read_text(encoding="utf-8")).get("variant", {}).get("board", True) is not False}
    files = {p.stem for p in _definition_files()}
    assert not (files & set(declared)), f"both compared and declared undefined: {files & set(declared)}"
    assert set(declared) <= board, f"not board variants: {set(declared) - board}"
    assert board <= files | set(declared), f"neither compared nor declared: {sorted(board - files - set(declared))}"


@pytest.mark.parametrize("item", DEFS, ids=_id)
def test_definition_is_well_formed(item):
    """Each definition names a known engine, its own repository, a full commit and the paths
    read, a start layout or rules, and only rule keys of rules.toml; the file names a variant."""
    slug, _, d = item
    assert (VARIANTS / slug / "rules.toml").is_file(), f"{slug}: no such variant"
    assert set(d) <= FIELDS, f"unknown fields {set(d) - FIELDS}"
    assert d["engine"] in ENGINES
    assert d["repository"] == ENGINES[d["engine"]].repository
    assert re.fullmatch(r"[0-9a-f]{40}", d["commit"]), "commit: 40 hex digits"
    assert d["paths"] and all(isinstance(p, str) and p for p in d["paths"])
    assert "start" in d or d.get("rules"), "a definition gives a start layout, rules or both"
    rules = d.get("rules", {})
    assert set(rules) <= set(ALL_RULE_KEYS), f"unknown rule keys {set(rules) - set(ALL_RULE_KEYS)}"
    for key in rules:
        kind = key.split("_")[0]
        if kind in PARENTS and key != PARENTS[kind]:
            assert PARENTS[kind] in rules, f"{key} without {PARENTS[kind]}"


def _differences(slug: str) -> set[tuple[str, str]]:
    data = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    return {(d.engine, d.key) for d in differences_of(data)}


def _differing(slug: str, d: dict) -> dict[str, tuple]:
    """{key: (page value, engine value)} where the definition differs from the page (the start
    layout under LAYOUT_KEY, with the first differing squares)."""
    ruleset = load_ruleset(VARIANTS / slug)
    out = {}
    if "start" in d:
        engine = Position.from_otn(d["start"])
        page = ruleset.layout
        if engine.size != page.size:
            out[LAYOUT_KEY] = (f"{page.size}x{page.size}", f"{engine.size}x{engine.size}")
        else:
            squares = sorted(sq for sq in set(engine.pieces) | set(page.pieces)
                             if engine.pieces.get(sq) != page.pieces.get(sq))
            if squares:
                out[LAYOUT_KEY] = ({s: page.pieces.get(s) for s in squares[:4]},
                                   {s: engine.pieces.get(s) for s in squares[:4]})
    for key, value in d.get("rules", {}).items():
        kind = key.split("_")[0]
        if kind in PARENTS and key != PARENTS[kind] and key not in ruleset.rules:
            continue  # the page has no such square: the parent key's difference names it
        mine = ruleset.value(key)
        if key.endswith("_hostile_empty"):
            # Hostile while empty means hostile while empty, whether or not also while occupied:
            # the page's X_hostile counts too (README.md, "Differences from other engines").
            mine = tuple(mine) + tuple(ruleset.value(key.replace("_hostile_empty", "_hostile")))
        if _canon(key, mine, ruleset.size) != _canon(key, value, ruleset.size):
            out[key] = (mine, value)
    return out


@pytest.mark.parametrize("item", DEFS, ids=_id)
def test_page_names_every_difference(item):
    """Every rule value and the start layout of the engine's definition equal the page's, or
    the page names the difference in [[differences]] (engine, key)."""
    slug, _, d = item
    named = _differences(slug)
    unnamed = {k: v for k, v in _differing(slug, d).items() if (d["engine"], k) not in named}
    assert not unnamed, (f"{slug} differs from {ENGINES[d['engine']].name}'s {d['name']} without naming it "
                         f"(page, engine): {unnamed}")


def test_no_difference_is_named_that_the_definitions_do_not_show():
    """A [[differences]] entry whose engine has a transcribed definition of that key (or the
    layout) for this variant must match a real difference of at least one such definition."""
    by_variant: dict[str, list[dict]] = {}
    for slug, _, d in DEFS:
        by_variant.setdefault(slug, []).append(d)
    stale = []
    for slug, defs in by_variant.items():
        for engine, key in _differences(slug):
            mine = [d for d in defs if d["engine"] == engine
                    and (key in d.get("rules", {}) or (key == LAYOUT_KEY and "start" in d))]
            if mine and not any(key in _differing(slug, d) for d in mine):
                stale.append((slug, engine, key))
    assert not stale, f"named differences the transcribed definitions do not show: {stale}"
