"""Cross-engine fidelity: every ruleset on the site that another public engine (OpenTafl,
AbstractPlay, hnefatafl-rs, Ludii, tafl_server) also defines is compared with that engine's
definition, transcribed as facts (start layout square by square, rule values) with repository,
path and commit. Each engine definition is stored once, in
``tests/tafl_core/engine_definitions/engines/<engine>.toml``; ``compared.toml`` beside it lists,
per variant, the definitions ("engine/name") its page is compared with. Where the page's
``rules.toml`` differs, the page must name the difference (a ``[[differences]]`` entry, whose
words the validator finds on the page); an entry the transcription does not bear out fails too.
notes/source-format.md, "Differences from other engines", documents the files and the one convention for a
centre nobody may stop on.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from build_tools.differences import ENGINES, LAYOUT_KEY, differences_of
from tafl_core import Position, load_ruleset
from tafl_core.rulekeys import ALL_RULE_KEYS, corner_squares
from tafl_core.squares import parse_square, square_name

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants_src"
DEFINITIONS = Path(__file__).resolve().parent / "engine_definitions"
ENGINE_FILES = DEFINITIONS / "engines"
COMPARED = DEFINITIONS / "compared.toml"
FIELDS = {"engine", "name", "repository", "commit", "paths", "start", "start_cells", "rules", "note"}
#: Rule keys whose values are lists of piece kinds (order does not matter).
KIND_LISTS = {k for k in ALL_RULE_KEYS if k.startswith(("throne_", "corner_", "camp_")) or k == "one_step"}
#: A sub-rule of a special square is transcribed only together with the square itself.
PARENTS = {"throne": "throne", "corner": "corners", "camp": "camps"}


#: Board variants no compared engine defines (the file says where that was looked for).
NOT_DEFINED = DEFINITIONS / "_not_defined_elsewhere.toml"


def _definition_id(d: dict) -> str:
    """The one key of an engine definition: ``engine/name``."""
    return f"{d.get('engine')}/{d.get('name')}"


def _load_definitions() -> tuple[dict[str, dict], list[tuple[str, str]]]:
    """({id: definition}, [(id, file stem)] for every entry, duplicates included)."""
    by_id: dict[str, dict] = {}
    seen: list[tuple[str, str]] = []
    for path in sorted(ENGINE_FILES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for d in data.get("definition", []):
            seen.append((_definition_id(d), path.stem))
            by_id.setdefault(_definition_id(d), d)
    return by_id, seen


BY_ID, SEEN = _load_definitions()


def _entry(item) -> tuple[str, frozenset[str] | None]:
    """A compared.toml entry as (definition id, the keys compared or None for all)."""
    if isinstance(item, dict):
        assert set(item) <= {"definition", "only"} and item.get("only"), f"malformed entry {item}"
        return item["definition"], frozenset(item["only"])
    return item, None


#: {variant slug: {definition id: keys compared, or None for all}}.
COMPARISONS: dict[str, dict[str, frozenset[str] | None]] = {
    slug: dict(_entry(x) for x in entry.get("compare", []))
    for slug, entry in tomllib.loads(COMPARED.read_text(encoding="utf-8")).items()}
_COUNTS = {slug: len(entry.get("compare", []))
           for slug, entry in tomllib.loads(COMPARED.read_text(encoding="utf-8")).items()}
#: (variant slug, definition id) for every comparison.
PAIRS = [(slug, i) for slug, ids in sorted(COMPARISONS.items()) for i in ids]


def _restricted(d: dict, only: frozenset[str] | None) -> dict:
    """The definition as far as the page compares it."""
    if only is None:
        return d
    out = {k: v for k, v in d.items() if k not in ("start", "start_cells", "rules")}
    for field in ("start", "start_cells"):
        if LAYOUT_KEY in only and field in d:
            out[field] = d[field]
    out["rules"] = {k: v for k, v in d.get("rules", {}).items() if k in only}
    return out


def _definitions_of(slug: str) -> list[dict]:
    return [_restricted(BY_ID[i], only) for i, only in COMPARISONS.get(slug, {}).items() if i in BY_ID]


def _pair_id(pair) -> str:
    slug, i = pair
    return f"{slug}-{i}"


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
    """The data is there: one file per engine, and at least the worked example (Brandubh against
    OpenTafl's Brandub)."""
    assert {p.stem for p in ENGINE_FILES.glob("*.toml")} <= set(ENGINES)
    assert "opentafl/Brandub" in COMPARISONS.get("brandubh", [])
    assert len(BY_ID) >= 1


def test_each_engine_definition_is_stored_once():
    """One home for each engine definition: an engine/name appears once, in its engine's file,
    and no two entries transcribe the same start and rules from the same files under two names."""
    ids = [i for i, _ in SEEN]
    assert len(ids) == len(set(ids)), f"stored twice: {sorted({i for i in ids if ids.count(i) > 1})}"
    wrong_file = [(i, stem) for i, stem in SEEN if BY_ID[i]["engine"] != stem]
    assert not wrong_file, f"definitions in another engine's file: {wrong_file}"
    content: dict[tuple, str] = {}
    for i, d in BY_ID.items():
        key = (d["engine"], tuple(sorted(d["paths"])), d.get("start"),
               tuple(sorted((k, repr(v)) for k, v in d.get("rules", {}).items())))
        assert key not in content, f"{i} and {content[key]} are the same definition"
        content[key] = i


def test_every_comparison_names_a_stored_definition_and_every_definition_is_compared():
    """compared.toml names only variants with a rules.toml and definitions that exist, each once
    per variant; no stored definition is left uncompared."""
    for slug, ids in COMPARISONS.items():
        assert (VARIANTS / slug / "rules.toml").is_file(), f"{slug}: no such variant"
        assert ids and len(ids) == _COUNTS[slug], f"{slug}: empty or repeated comparisons"
        unknown = [i for i in ids if i not in BY_ID]
        assert not unknown, f"{slug}: no such definitions {unknown}"
    compared = {i for ids in COMPARISONS.values() for i in ids}
    assert not set(BY_ID) - compared, f"never compared: {sorted(set(BY_ID) - compared)}"


def test_every_board_variant_is_compared_or_declared_undefined_elsewhere():
    """Each variant with a board is listed in compared.toml, or in _not_defined_elsewhere.toml
    with where it was looked for; never both."""
    declared = tomllib.loads(NOT_DEFINED.read_text(encoding="utf-8"))
    for slug, entry in declared.items():
        assert isinstance(entry, dict) and str(entry.get("checked", "")).strip(), f"{slug}: say where it was looked for"
    board = {p.parent.name for p in VARIANTS.glob("*/rules.toml")
             if tomllib.loads(p.read_text(encoding="utf-8")).get("variant", {}).get("board", True) is not False}
    compared = set(COMPARISONS)
    assert not (compared & set(declared)), f"both compared and declared undefined: {compared & set(declared)}"
    assert set(declared) <= board, f"not board variants: {set(declared) - board}"
    assert board <= compared | set(declared), f"neither compared nor declared: {sorted(board - compared - set(declared))}"


@pytest.mark.parametrize("ident", sorted(BY_ID))
def test_definition_is_well_formed(ident):
    """Each definition names a known engine, its own repository, a full commit and the paths
    read, a start layout or rules, and only rule keys of rules.toml. A centre nobody may stop
    on is written as rules.toml writes it: the king may stand on it (his start square,
    ``throne_stop`` lists "king") and nobody may come onto it again (``throne_reenter = []``)."""
    d = BY_ID[ident]
    assert set(d) <= FIELDS, f"unknown fields {set(d) - FIELDS}"
    assert d["engine"] in ENGINES
    assert d["repository"] == ENGINES[d["engine"]].repository
    assert re.fullmatch(r"[0-9a-f]{40}", d["commit"]), "commit: 40 hex digits"
    assert d["paths"] and all(isinstance(p, str) and p for p in d["paths"])
    assert "start" in d or "start_cells" in d or d.get("rules"), "a definition gives a start layout, rules or both"
    rules = d.get("rules", {})
    assert set(rules) <= set(ALL_RULE_KEYS), f"unknown rule keys {set(rules) - set(ALL_RULE_KEYS)}"
    for key in rules:
        kind = key.split("_")[0]
        if kind in PARENTS and key != PARENTS[kind]:
            assert PARENTS[kind] in rules, f"{key} without {PARENTS[kind]}"
    if "throne_stop" in rules:
        assert "king" in rules["throne_stop"], ("a centre nobody may stop on: throne_stop = [\"king\"] "
                                                "with throne_reenter = [] (notes/source-format.md)")


def _differences(slug: str) -> set[tuple[str, str]]:
    data = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    return {(d.engine, d.key) for d in differences_of(data)}


def _differing(slug: str, d: dict) -> dict[str, tuple]:
    """{key: (page value, engine value)} where the definition differs from the page (the start
    layout under LAYOUT_KEY, with the first differing squares)."""
    ruleset = load_ruleset(VARIANTS / slug)
    out = {}
    if "start" in d or "start_cells" in d:
        engine = Position.from_otn(d["start"]) if "start" in d else _hex_start(d, ruleset.size)
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
            # the page's X_hostile counts too (notes/source-format.md, "Differences from other engines").
            mine = tuple(mine) + tuple(ruleset.value(key.replace("_hostile_empty", "_hostile")))
        if _canon(key, mine, ruleset.size) != _canon(key, value, ruleset.size):
            out[key] = (mine, value)
    return out


def _hex_start(d: dict, n: int) -> Position:
    """A hex board's start as an engine names its cells (``start_cells``: kind -> names).
    AbstractPlay's names are the page's own (its HexTriGraph: row letter from the bottom, place
    in the row). Ludii names a cell of its hex board by column letter and row number, the six
    neighbours of (c, r) being (c±1, r), (c, r±1), (c+1, r+1) and (c-1, r-1): axial coordinates,
    read here with the row as rank and the column as file (the other reading, row as file, maps
    the board by a reflection that fixes the throne and the corners, and gives the same cells
    for both HeXentafl layouts)."""
    pieces = {}
    for kind, names in d["start_cells"].items():
        for name in names:
            if d["engine"] == "ludii":
                col, row = ord(name[0].lower()) - ord("a"), int(name[1:]) - 1
                name = square_name(row * n + col, n)
            pieces[name] = kind
    return Position(n, pieces)


@pytest.mark.parametrize("pair", PAIRS, ids=_pair_id)
def test_page_names_every_difference(pair):
    """Every rule value and the start layout of the engine's definition equal the page's, or
    the page names the difference in [[differences]] (engine, key)."""
    slug, ident = pair
    d = _restricted(BY_ID[ident], COMPARISONS[slug][ident])
    named = _differences(slug)
    unnamed = {k: v for k, v in _differing(slug, d).items() if (d["engine"], k) not in named}
    assert not unnamed, (f"{slug} differs from {ENGINES[d['engine']].name}'s {d['name']} without naming it "
                         f"(page, engine): {unnamed}")


def test_no_difference_is_named_that_the_definitions_do_not_show():
    """A [[differences]] entry whose engine has a transcribed definition of that key (or the
    layout) for this variant must match a real difference of at least one such definition."""
    stale = []
    for slug in COMPARISONS:
        defs = _definitions_of(slug)
        for engine, key in _differences(slug):
            mine = [d for d in defs if d["engine"] == engine
                    and (key in d.get("rules", {}) or (key == LAYOUT_KEY and ("start" in d or "start_cells" in d)))]
            if mine and not any(key in _differing(slug, d) for d in mine):
                stale.append((slug, engine, key))
    assert not stale, f"named differences the transcribed definitions do not show: {stale}"
