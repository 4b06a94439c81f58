"""The one declaration of the variants' families (build_tools/families.py, FAMILY_OF): every
variant folder and every not-yet-documented slug has a family, and the declaration names no
slug the site does not have and no family it does not know. The families the issue names for
the navigation exist, in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

from build_tools.families import FAMILIES, FAMILY_OF, OTHER, family_of, grouped

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants_src"


def _site_slugs() -> set[str]:
    folders = {p.name for p in VARIANTS.iterdir() if p.is_dir() and (p / "rules.toml").is_file()}
    stubs_file = VARIANTS / "_not_yet_documented.toml"
    stubs = set(tomllib.loads(stubs_file.read_text(encoding="utf-8"))) if stubs_file.is_file() else set()
    return folders | stubs


def test_every_variant_has_a_family():
    missing = sorted(_site_slugs() - set(FAMILY_OF))
    assert not missing, f"add these slugs to build_tools/families.py FAMILY_OF: {missing}"


def test_the_declaration_names_only_site_slugs_and_known_families():
    assert not sorted(set(FAMILY_OF) - _site_slugs())
    known = {f.key for f in FAMILIES}
    assert {k for k in FAMILY_OF.values()} <= known


def test_the_families_of_the_navigation():
    names = {f.name["en"] for f in FAMILIES}
    assert {"Hnefatafl", "Tablut", "Tawlbwrdd", "Brandubh and Ard Rí", "Alea Evangelii", "Sea Battle", "Hex games"} <= names
    assert all(f.name["de"] and f.name["en"] for f in FAMILIES)
    assert len({f.key for f in FAMILIES}) == len(FAMILIES)


def test_grouped_keeps_order_and_puts_undeclared_slugs_last():
    items = ["tyr", "brandubh", "no-such-slug", "linnaeus-tablut", "copenhagen-hnefatafl"]
    groups = grouped(items, lambda s: s)
    assert [(f.key, members) for f, members in groups] == [
        ("hnefatafl", ["tyr", "copenhagen-hnefatafl"]), ("tablut", ["linnaeus-tablut"]),
        ("brandubh", ["brandubh"]), (OTHER.key, ["no-such-slug"])]
    assert family_of("no-such-slug") is OTHER
