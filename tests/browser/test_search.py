"""The site search in the browser: each language searches its own pages.

A reader on an English page who types "brandubh" gets English pages only, each page once; on a
German page German pages only. The field's completion offers a word of the page's own language.
What counts as "English": the page's address lies under ``/en/`` (the language's root, see
``mkdocs.yml``: German at ``/``, English at ``/en/``). The expected pages are read from the built
site itself: every page whose text holds the word, in that language.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import ROOT

pytestmark = pytest.mark.browser


def _pages_with(site_dir: Path, word: str, lang: str) -> set[str]:
    """URL paths of the built pages of ``lang`` whose main content holds ``word`` (case folded)."""
    out = set()
    for f in site_dir.rglob("index.html"):
        rel = f.relative_to(site_dir).as_posix()
        if rel.startswith(("assets/", "search/")):
            continue
        in_en = rel.startswith("en/")
        if in_en != (lang == "en"):
            continue
        text = f.read_text(encoding="utf-8")
        m = re.search(r'<article class="md-content__inner[^"]*">(.*?)</article>', text, re.S)
        body = re.sub(r"<[^>]+>", " ", m.group(1) if m else "")
        if word.casefold() in body.casefold():
            out.add("/" + rel[: -len("index.html")])
    return out


def _search(page, query: str) -> list[str]:
    """Type ``query`` into the theme's search field; the URL paths of the result groups (the
    theme groups a page's sections under the page: one list item per page, its first link the
    page), in order."""
    page.click("input.md-search__input")
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__list > li", timeout=20000)
    page.wait_for_timeout(300)  # the list fills in batches
    hrefs = page.eval_on_selector_all(
        ".md-search-result__list > li.md-search-result__item",
        "els => els.map(li => li.querySelector('a.md-search-result__link').href)")
    return [urlsplit(h).path for h in hrefs]


@pytest.mark.parametrize("lang,start", [("en", "/en/"), ("de", "/")])
def test_search_finds_only_pages_of_the_page_language_each_once(context, server, site_dir, lang, start):
    page = context.new_page()
    try:
        page.goto(server + start)
        found = _search(page, "brandubh")
        assert found, "no result for brandubh"
        assert len(found) == len(set(found)), f"a page listed twice: {found}"
        wrong = [p for p in found if p.startswith("/en/") != (lang == "en")]
        assert not wrong, f"pages of the other language on {start}: {wrong}"
        expected = _pages_with(site_dir, "brandubh", lang)
        assert set(found) <= expected, f"results without the word: {set(found) - expected}"
        # the variant's own page is among them
        assert f"{start}variants/brandubh/" in found
    finally:
        page.close()


def test_search_suggestion_is_a_word_of_the_page_language(context, server, site_dir):
    """On /en/, completing "berserk" never offers a German word (the German pages say
    "Berserkerzüge"); whatever is offered occurs in an English page."""
    page = context.new_page()
    try:
        page.goto(server + "/en/")
        _search(page, "berserk")
        suggest = page.eval_on_selector(".md-search__suggest", "e => e.textContent").strip()
        assert "ü" not in suggest and "berserkerzüge" not in suggest.casefold()
        if suggest:
            assert _pages_with(site_dir, suggest, "en"), f"suggestion {suggest!r} is no word of an English page"
    finally:
        page.close()


def test_each_language_has_its_own_index(site_dir):
    import json
    de = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    en = json.loads((site_dir / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert de["config"]["lang"] == ["de"] and en["config"]["lang"] == ["en"]
    assert not any(d["location"].startswith("en/") for d in de["docs"])
    assert any(d["location"].startswith("variants/brandubh/") for d in en["docs"])
    # every English page is in the English index, once under its own address (the index's
    # locations are relative to /en/), and no German page is; the offline page is not searched
    # (its front matter: search: exclude: true, docs/offline.en.md), nor are the pages at the
    # mechanics pages' old addresses, which only lead to their English addresses
    from build_tools.mechanics import ENGLISH_SLUGS
    moved = {f"mechanics/{old}/" for old in ENGLISH_SLUGS}
    pages = {f.relative_to(site_dir / "en").as_posix()[: -len("index.html")]
             for f in (site_dir / "en").rglob("index.html") if "search" not in f.parts} - {"offline/"} - moved
    assert "exclude: true" in (ROOT / "docs" / "offline.en.md").read_text(encoding="utf-8")
    assert {d["location"] for d in en["docs"] if "#" not in d["location"]} == pages


def test_search_words_and_suggestions_hold_no_punctuation(context, server, site_dir):
    """The index splits words at punctuation (mkdocs.yml, search separator): no word of a page's
    text keeps a bracket, comma or quotation mark, and completing "shieldwa" on /en/ offers
    "shieldwall", never "shieldwall)" (the English pages write "(shieldwall)")."""
    import json
    index = json.loads((site_dir / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    words = {w for d in index["docs"] for w in separator.split(re.sub(r"<[^>]+>", " ", d["text"])) if w}
    assert "shieldwall" in {w.casefold() for w in words}
    stuck = sorted(w for w in words if re.search(r"[()\[\],;:!?\"„“”]", w))
    assert not stuck, stuck[:20]
    page = context.new_page()
    try:
        page.goto(server + "/en/")
        _search(page, "shieldwa")
        page.wait_for_function("document.querySelector('.md-search__suggest').textContent.trim().length > 0")
        assert page.eval_on_selector(".md-search__suggest", "e => e.textContent").strip().casefold() == "shieldwall"
    finally:
        page.close()
