"""In the built site: "cite this page", the glossary page and the interface in the page's
language.

Expected values come from the site's stated words and from the sources read independently
(tomllib): the colour-scheme toggle says "Dark mode"/"Light mode" on English pages; the
English Mechanics menu is ordered by the English page titles; the glossary page lists every
concept of variants_src/_glossary.toml with its definition and discouraged synonyms."""

from __future__ import annotations

import re
import tomllib
from html import unescape as html_unescape

import pytest

from .conftest import ROOT, VARIANTS, board_slugs, doc, page_path

GLOSSARY = tomllib.loads((VARIANTS / "_glossary.toml").read_text(encoding="utf-8"))


def _text(path) -> str:
    return path.read_text(encoding="utf-8")


def _cite_block(html: str) -> str:
    m = re.search(r'<div class="tafl-cite".*?</div>\s*</div>\s*</div>', html, re.S)
    assert m, "no div.tafl-cite"
    return m.group(0)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_cite_block_has_no_build_date_and_bibtex_online(built_site, lang):
    slug = board_slugs()[0]
    block = _cite_block(_text(page_path(built_site, lang, f"variants/{slug}/")))
    # No date of any kind is baked in: the reader's date comes from assets/cite.js.
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", block)
    assert "@online{" in block and "urldate = {" in block and "url = {" in block
    assert 'data-cite="date"' in block and 'data-cite="isodate"' in block and 'data-cite="url"' in block
    # Material's own copy button (which covered the text) is switched off; ours sits beside it.
    assert block.count("no-copy") == 2 and block.count('data-cite-copy="') == 2
    path = f"/{'en/' if lang == 'en' else ''}variants/{slug}/"
    assert f'<span data-cite="url">{path}</span>' in block   # no site_url: cite.js makes it absolute
    assert 'data-url=""' in block


def test_cite_url_absolute_with_site_url(tmp_path):
    """With site_url (TAFL_SITE_URL) the page carries the absolute URL itself."""
    from build_tools.pages import load_site_sources, variant_markdown
    site = load_site_sources(VARIANTS)
    v = next(v for v in site.variants if v.slug == board_slugs()[0])
    md = variant_markdown(v, "en", site, page_url=f"en/variants/{v.slug}/", site_url="https://example.org/tafl/")
    url = f"https://example.org/tafl/en/variants/{v.slug}/"
    assert f'data-url="{url}"' in md and f'<span data-cite="url">{url}</span>' in md


def test_cite_script_loaded(built_site):
    html = _text(page_path(built_site, "en", f"variants/{board_slugs()[0]}/"))
    assert re.search(r'<script src="[./]*assets/cite\.js"', html)


@pytest.mark.parametrize("lang, dark, light", [("de", "Dunkles Design", "Helles Design"), ("en", "Dark mode", "Light mode")])
def test_palette_toggle_in_page_language(built_site, lang, dark, light):
    for rel in ("", "variants/", f"variants/{board_slugs()[0]}/"):
        html = _text(page_path(built_site, lang, rel))
        titles = set(re.findall(r'<label class="md-header__button md-icon" title="([^"]*)"', html))
        assert titles == {dark, light}, (lang, rel, titles)


def _nav_entries(html: str, folder: str) -> list[str]:
    """Titles of the links to ``folder/<name>/`` in the primary navigation, in order."""
    nav = html[html.index("md-nav--primary"):]
    nav = nav[:nav.index("</nav>\n    </div>")] if "</nav>\n    </div>" in nav else nav
    out = []
    for href, title in re.findall(r'<a href="([^"]*)" class="md-nav__link">\s*<span class="md-ellipsis">\s*([^<]+?)\s*</span>', nav):
        if re.search(rf"{folder}/[^/]+/$", href) and title not in out:
            out.append(title)
    return out


def _h1(path) -> str:
    m = re.search(r"^# (.+)$", path.read_text(encoding="utf-8"), re.M)
    return m.group(1).strip()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_mechanics_menu_sorted_by_own_titles(built_site, lang):
    suffix = ".en.md" if lang == "en" else ".md"
    titles = [_h1(p) for p in sorted((ROOT / "docs" / "mechanics").glob("*.md"))
              if p.name.endswith(suffix) and (lang == "en" or not p.name.endswith(".en.md"))]
    import unicodedata

    def key(t):
        return "".join(c for c in unicodedata.normalize("NFD", t) if not unicodedata.combining(c)).casefold()
    expected = sorted(titles, key=key)
    if lang == "en":
        assert expected[:2] == ["Encirclement", "Exit fort"]   # by file name: Hostile squares first
    got = _nav_entries(_text(page_path(built_site, lang, "")), "mechanics")
    assert got == expected


@pytest.mark.parametrize("lang", ["de", "en"])
def test_glossary_page(built_site, lang):
    f = page_path(built_site, lang, "glossary/")
    html = _text(f)
    for key, entry in GLOSSARY.items():
        anchor = "term-" + key.replace("_", "-")
        assert anchor in doc(f).ids
        section = html[html.index(f'id="{anchor}"'):]
        section = section[:section.find("<h2", 10)] if "<h2" in section[10:] else section
        text = html_unescape(section)  # an apostrophe is written &#39;
        assert entry[lang] in text and entry["definition"][lang] in text
        for word in entry.get(f"{lang}_avoid", []):
            assert word.replace("'", "&#39;") in section or word in section
    # Linked from the navigation of every page.
    home = _text(page_path(built_site, lang, ""))
    assert re.search(r'href="[./]*glossary/"', home)


def test_collation_key_orders_as_a_reader_would():
    from build_tools.text import collation_key
    words = ["Umzingelung", "Königsfang", "feindliche Felder", "Randfestung", "Schildwall", "Ard Rí", "Alea Evangelii"]
    assert sorted(words, key=collation_key) == ["Alea Evangelii", "Ard Rí", "feindliche Felder", "Königsfang",
                                                "Randfestung", "Schildwall", "Umzingelung"]


def test_page_title_from_front_matter_or_heading():
    from build_tools.site_plugin import page_title

    class F:
        def __init__(self, text):
            self.content_string = text
    assert page_title(F("---\ntitle: Startseite\n---\n\n# Tafl-Kompendium\n")) == "Startseite"
    assert page_title(F("Intro\n\n# Hostile squares\n\ntext\n")) == "Hostile squares"
    assert page_title(F("no heading\n")) is None
