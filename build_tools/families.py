"""The families the site groups its variants by, in the navigation and on the variants index.

:data:`FAMILY_OF` is the one declaration: every variant slug (a folder of ``variants_src`` or a
not-yet-documented stub) names its family here. A new variant page adds one line to it; the
test ``tests/build_tools/test_families.py`` fails for a slug without one (the build still puts
it in :data:`OTHER`, last). :data:`FAMILIES` gives the families' order and their names in both
languages; a family without variants is not shown.

The navigation (:func:`group_variants_nav`, called from the MkDocs ``on_nav`` event) turns the
flat list of variant pages into one section per family, the pages in each ordered as before
(by their titles in the page's language); the variants index keeps its page first. The board
size beside each name comes from the page itself (its ``subtitle``, :func:`nav_subtitle`).
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, TypeVar

from build_tools.labels import UI

__all__ = ["Family", "FAMILIES", "OTHER", "FAMILY_OF", "family_of", "grouped", "group_variants_nav",
           "nav_subtitle", "VARIANTS_FOLDER"]

#: Where the generated variant pages live (``variants/<slug>.md``; the index is ``variants/index.md``).
VARIANTS_FOLDER = "variants/"


class Family(NamedTuple):
    """A family: ``key`` (lower case, the anchor ``family-<key>`` on the index) and its ``name``
    ``{lang: words}``."""
    key: str
    name: dict[str, str]


#: The families in the order the site shows them.
FAMILIES: tuple[Family, ...] = (
    Family("hnefatafl", {"de": "Hnefatafl", "en": "Hnefatafl"}),
    Family("tablut", {"de": "Tablut", "en": "Tablut"}),
    Family("tawlbwrdd", {"de": "Tawlbwrdd", "en": "Tawlbwrdd"}),
    Family("brandubh", {"de": "Brandubh und Ard Rí", "en": "Brandubh and Ard Rí"}),
    Family("alea-evangelii", {"de": "Alea Evangelii", "en": "Alea Evangelii"}),
    Family("sea-battle", {"de": "Sea Battle", "en": "Sea Battle"}),
    Family("hex", {"de": "Hex-Spiele", "en": "Hex games"}),
)
#: Where a slug without a family goes (shown last; the test forbids it).
OTHER = Family("other", {"de": "Weitere", "en": "Other"})

#: slug -> family key: the one declaration of every variant's family.
FAMILY_OF: dict[str, str] = {
    # Hnefatafl: the Norse game on 11×11 and larger boards, and its modern rulesets
    "copenhagen-hnefatafl": "hnefatafl",
    "copenhagen-relaxed-shieldwall": "hnefatafl",
    "copenhagen-hnefatafl-13": "hnefatafl",
    "copenhagen-hnefatafl-bell": "hnefatafl",
    "fetlar-hnefatafl": "hnefatafl",
    "fetlar-hnefatafl-2013": "hnefatafl",
    "historical-hnefatafl-11": "hnefatafl",
    "historical-hnefatafl-11-bell": "hnefatafl",
    "historical-hnefatafl-13-15": "hnefatafl",
    "berserk-hnefatafl": "hnefatafl",
    "total-hnefatafl": "hnefatafl",
    "tyr": "hnefatafl",
    "tyr-15": "hnefatafl",
    "coppergate-hnefatafl": "hnefatafl",
    "coppergate-ii": "hnefatafl",
    "york-hnefatafl": "hnefatafl",
    "market-hnefatafl": "hnefatafl",
    "ealdfaeder-taefl": "hnefatafl",
    "simple-tafl": "hnefatafl",
    "norseamerica-hnefatafl": "hnefatafl",
    # Tablut: the Sámi game Linnaeus recorded, and its readings
    "linnaeus-tablut": "tablut",
    "historical-tablut": "tablut",
    "tablut-smith": "tablut",
    "foteviken-tablut": "tablut",
    "tablut-15": "tablut",
    # Tawlbwrdd: the Welsh game
    "tawlbwrdd-bell": "tawlbwrdd",
    "tawlbwrdd-lewis-alternative": "tawlbwrdd",
    "tawlbwrdd-serif-cross": "tawlbwrdd",
    "legacy-tawlbwrdd": "tawlbwrdd",
    # Brandubh and Ard Rí: the 7×7 games
    "brandubh": "brandubh",
    "brandubh-hnefatafl-org": "brandubh",
    "brandub-nielsen": "brandubh",
    "ard-ri": "brandubh",
    "magpie": "brandubh",
    "magpie-hnefatafl-rs": "brandubh",
    # Alea Evangelii: the 19×19 game of the Oxford manuscript
    "alea-evangelii": "alea-evangelii",
    "alea-evangelii-core": "alea-evangelii",
    "alea-evangelii-later": "alea-evangelii",
    "alea-evangelii-opentafl": "alea-evangelii",
    "historisches-alea-evangelii": "alea-evangelii",
    "legacy-alea-evangelii": "alea-evangelii",
    # Sea Battle: the modern game without special squares
    "sea-battle": "sea-battle",
    "sea-battle-11": "sea-battle",
    "sea-battle-circle": "sea-battle",
    "sea-battle-parlett-13": "sea-battle",
    # Hex games: tafl on hexagonal cells
    "hexentafl-4": "hex",
    "hexentafl-5": "hex",
    "almatafl": "hex",
}

_BY_KEY = {f.key: f for f in FAMILIES}

T = TypeVar("T")


def family_of(slug: str) -> Family:
    """The family of ``slug`` (:data:`OTHER` when :data:`FAMILY_OF` does not name it)."""
    return _BY_KEY.get(FAMILY_OF.get(slug, ""), OTHER)


def grouped(items: Iterable[T], slug_of: Callable[[T], str]) -> list[tuple[Family, list[T]]]:
    """``items`` grouped by the family of ``slug_of(item)``: ``[(family, [items in their
    order])]`` in the order of :data:`FAMILIES`, :data:`OTHER` last, empty families left out."""
    groups: dict[str, list[T]] = {}
    for item in items:
        groups.setdefault(family_of(slug_of(item)).key, []).append(item)
    order = [*FAMILIES, OTHER]
    return [(f, groups[f.key]) for f in order if f.key in groups]


def nav_subtitle(size: int | None, lang: str) -> str:
    """The words under a variant's name in the navigation: its board size (``"11×11"``), or
    for a variant without a board "ohne Brett" / "no board"."""
    if size is None:
        return "ohne Brett" if lang == "de" else "no board"
    side = getattr(size, "side", None)    # a hex board (tafl_core.geometry.HexSize): its side
    if side:
        return UI[lang]["hex_board_size"].format(side=side)
    return f"{size}×{size}"


def _variant_slug(item) -> str | None:
    f = getattr(item, "file", None)
    if f is None:
        return None
    uri = getattr(f, "norm_src_uri", None) or f.src_uri
    if uri.startswith(VARIANTS_FOLDER) and uri.endswith(".md") and uri != VARIANTS_FOLDER + "index.md":
        return uri[len(VARIANTS_FOLDER):-3]
    return None


def group_variants_nav(items: list, lang: str) -> None:
    """Group the variant pages of the navigation ``items`` (MkDocs ``Section`` / ``Page``
    objects) in place: the section that holds them gets, after its index page, one ``Section``
    per family (:func:`grouped`), titled with the family's name in ``lang``. Sections without
    variant pages are left as they are."""
    from mkdocs.structure.nav import Section

    for item in items:
        children = getattr(item, "children", None)
        if not children:
            continue
        variants = [c for c in children if _variant_slug(c)]
        if not variants:
            group_variants_nav(children, lang)
            continue
        rest = [c for c in children if c not in variants]
        sections = []
        for family, pages in grouped(variants, _variant_slug):
            section = Section(family.name[lang], pages)
            section.parent = item
            for p in pages:
                p.parent = section
            sections.append(section)
        item.children = rest + sections
