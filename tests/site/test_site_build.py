"""The built site: every variant page in both languages with its ten sections, the
start diagram holding exactly the layout's pieces, working citations, the board mount point,
no broken internal link, a language switch to the same page, index, comparison, mechanics
and stub pages. A text-only variant (board = false) has the same ten sections, its board note
in section 3 and no board, diagram or Play button."""

from __future__ import annotations

import html
import json
import re
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from .conftest import (ROOT, VARIANTS, board_note, board_slugs, doc, is_hex, layout_pieces, page_path, stub_slugs,
                       text_only_slugs, variant_slugs)

LANGS = ("de", "en")
SLUGS = variant_slugs()
BOARD_SLUGS = board_slugs()
TEXT_ONLY_SLUGS = text_only_slugs()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_variant_page_has_ten_sections_and_lang(built_site, slug, lang):
    """Each variant page exists at /variants/<slug>/ and /en/variants/<slug>/, with
    <html lang> of its language and the ten numbered sections in order (ids sec-1 … sec-10)."""
    path = page_path(built_site, lang, f"variants/{slug}")
    assert path.is_file(), path
    d = doc(path)
    assert d.lang == lang
    text = path.read_text(encoding="utf-8")
    positions = [text.find(f'<h2 id="sec-{n}">{n}. ') for n in range(1, 11)]
    assert all(p >= 0 for p in positions), positions
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", BOARD_SLUGS)
def test_start_diagram_holds_exactly_the_layout(built_site, slug, lang):
    """The inline SVG has one data-piece element per piece of the rules.toml layout (read
    independently with tomllib), on the same squares with the same kinds."""
    d = doc(page_path(built_site, lang, f"variants/{slug}"))
    expected = layout_pieces(slug)
    got = {sq: kind for kind, sq in d.pieces}
    assert len(d.pieces) == len(expected)
    assert got == expected


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", [s for s in BOARD_SLUGS if is_hex(s)])
def test_a_hex_page_shows_its_diagram_and_mounts_no_board(built_site, slug, lang):
    """The board moves on square boards only: a hex variant's page has its start diagram (one
    hexagon per cell) and the note in the board's place, no #board and no "play" link to it."""
    text = page_path(built_site, lang, f"variants/{slug}").read_text(encoding="utf-8")
    assert 'class="tafl-hex-board"' in text and 'class="tafl-hex-note"' in text
    assert 'id="board"' not in text and 'href="#board"' not in text
    assert 'data-geometry="hex"' in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", [s for s in BOARD_SLUGS if not is_hex(s)])
def test_board_mount_point(built_site, slug, lang):
    """The #board element carries the contract's attributes and board-data JSON whose pieces
    are the layout and whose section links exist on the page; '<' never appears raw in it."""
    path = page_path(built_site, lang, f"variants/{slug}")
    text = path.read_text(encoding="utf-8")
    d = doc(path)
    boards = [a for tag, a in d.elements if a.get("id") == "board"]
    assert len(boards) == 1
    b = boards[0]
    assert "tafl-board" in b["class"].split()
    assert b["data-variant"] == slug and b["data-lang"] == lang and b["data-state"] == "loading"
    rules = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    assert b["data-to-move"] == rules["rules"]["first_mover"]["value"]
    depth = 2 if lang == "de" else 3
    assert b["data-site-root"] == "../" * depth
    m = re.search(r'<script type="application/json" data-role="board-data">(.*?)</script>', text, re.S)
    assert m
    raw = m.group(1)
    assert "<" not in raw
    data = json.loads(raw)
    assert data["variant"] == slug and data["lang"] == lang
    assert data["pieces"] == layout_pieces(slug)
    assert data["rules_toml"] == (VARIANTS / slug / "rules.toml").read_text(encoding="utf-8")
    assert {k: data["pyodide"][k] for k in ("index", "cdn")} == {"index": "assets/pyodide/", "cdn": False}
    # the wheel loaded directly (no package manager at start-up), the build's hash for the service worker's cache
    assert re.fullmatch(r"tafl_core-[\w.]+-py3-none-any\.whl", data["pyodide"]["wheel"])
    assert re.fullmatch(r"[0-9a-f]{12}", data["pyodide"]["build"])
    assert data["first_moves"]["to_move"] == rules["rules"]["first_mover"]["value"]
    assert data["first_mover"] == rules["rules"]["first_mover"]["value"]
    assumed = [k for k, r in rules["rules"].items() if r.get("assumed")]
    assert [a["key"] for a in data["assumptions"]] == assumed
    assert all(a["note"] == rules["rules"][a["key"]]["note"][lang] for a in data["assumptions"])
    for number, anchor in data["sections"].items():
        assert anchor.lstrip("#") in d.ids, (number, anchor)
    assert data["sections"]["4"] == "#sec-4"
    # "Spielen"/"Play" jumps to the board.
    label = "Spielen" if lang == "de" else "Play"
    assert re.search(rf'<a [^>]*href="#board"[^>]*>{label}</a>', text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_citations_link_to_numbered_sources(built_site, slug, lang):
    """Every key listed in section 9 of the source has an anchor #src-<key> in an ordered list;
    every citation link (#src-…) on the page resolves to an anchor on the page, and each key
    cited as [key] in the source text is linked at least once."""
    path = page_path(built_site, lang, f"variants/{slug}")
    d = doc(path)
    text = path.read_text(encoding="utf-8")
    src = (VARIANTS / slug / f"{lang}.md").read_text(encoding="utf-8")
    sec9 = src.split("\n## 9.", 1)[1].split("\n## 10.", 1)[0]
    keys = re.findall(r"^\s*[-*+]\s+\[([^\]]+)\]", sec9, re.M)
    assert keys
    ol = text.split('<ol class="tafl-sources">', 1)[1].split("</ol>", 1)[0]
    for key in keys:
        anchor = "src-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")
        assert f'<li id="{anchor}">' in ol, key
    cite_links = [u for tag, attr, u, _ in d.links if tag == "a" and u.startswith("#src-")]
    assert cite_links
    for u in cite_links:
        assert u[1:] in d.ids, u
    body = src.split("\n## 9.", 1)[0]
    cited = {k.strip() for group in re.findall(r"(?<![\[\]!\\])\[([^\[\]\n]+)\](?![\(\[\]:])", body)
             for k in group.split(";")}
    for key in cited & set(keys):
        anchor = "src-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")
        assert f"#{anchor}" in cite_links, key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_original_text_is_a_quote_in_its_language(built_site, slug, lang):
    """Section 8's `/// original | xx` block is rendered as <blockquote lang="xx">."""
    src = (VARIANTS / slug / f"{lang}.md").read_text(encoding="utf-8")
    m = re.search(r"^///\s*original\s*\|\s*(\S+)\s*$", src, re.M)
    assert m
    text = page_path(built_site, lang, f"variants/{slug}").read_text(encoding="utf-8")
    assert f'<blockquote class="tafl-original" lang="{m.group(1)}">' in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_language_switch_points_to_same_page(built_site, slug, lang):
    """Material's language selector on a variant page links to the same variant in the other
    language."""
    path = page_path(built_site, lang, f"variants/{slug}")
    d = doc(path)
    other = "en" if lang == "de" else "de"
    hrefs = [a["href"] for tag, a in d.elements if tag == "a" and "md-select__link" in a.get("class", "")
             and a.get("hreflang") == other]
    assert len(hrefs) == 1
    target = (path.parent / hrefs[0]).resolve()
    if hrefs[0].endswith("/"):
        target = target / "index.html"
    assert target == page_path(built_site, other, f"variants/{slug}").resolve()


def _internal_target(site: Path, page: Path, url: str) -> tuple[Path, str] | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("mailto:", "data:", "javascript:")):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    if parts.path.startswith("/"):  # site-root-absolute (404.html): the site served at /
        target = (site / unquote(parts.path).lstrip("/")).resolve()
    else:
        target = (page.parent / unquote(parts.path)).resolve()
    if url.split("#")[0].endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, unquote(parts.fragment)


def test_no_broken_internal_link(built_site):
    """Every relative href/src in every built HTML file points to an existing file, and every
    #fragment to an id on the target page."""
    broken = []
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        for tag, attr, url, _ in doc(page).links:
            t = _internal_target(built_site, page, url)
            if t is None:
                continue
            target, fragment = t
            rel = page.relative_to(built_site)
            if not target.exists():
                broken.append(f"{rel}: {tag} {attr}={url} -> missing file")
                continue
            if not target.resolve().is_relative_to(built_site.resolve()):
                broken.append(f"{rel}: {url} leaves the site")
                continue
            if fragment and target.suffix == ".html" and fragment not in doc(target).ids:
                broken.append(f"{rel}: {url} -> no id '{fragment}'")
    assert not broken, "\n".join(broken[:50])


@pytest.mark.parametrize("lang", LANGS)
def test_index_lists_every_variant_and_stub(built_site, lang):
    """The variants index has one table row per variant (linked, in a row group per family:
    build_tools/families.py) and links every stub."""
    path = page_path(built_site, lang, "variants")
    text = path.read_text(encoding="utf-8")
    table = text.split('<div class="tafl-variant-table">', 1)[1].split("</table>", 1)[0]
    assert len(re.findall(r"<tr data-family=", table)) == len(SLUGS)
    for slug in SLUGS:
        assert f'href="{slug}/"' in table
    for slug in TEXT_ONLY_SLUGS:
        # Board, escape, king capture, king armed, first move: "—"; historicity as usual.
        row = re.search(rf'<tr data-family="[^"]+" data-board="no">\s*<td><a href="{slug}/">.*?</tr>', table, re.S).group(0)
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        assert cells[1:6] == ["—"] * 5, cells
        assert cells[6] and cells[6] != "—"
    for slug in stub_slugs():
        assert f'href="{slug}/"' in text
    assert re.search(r'<script src="(\.\./)+assets/variants-table\.js"', text)


@pytest.mark.parametrize("lang", LANGS)
def test_comparison_has_every_ruleset(built_site, lang):
    """The comparison page has a column per variant with a board and marks assumed values;
    the text-only variants are not columns but are named and linked below the table, with
    their board note."""
    text = page_path(built_site, lang, "comparison").read_text(encoding="utf-8")
    head = text.split("<thead>", 1)[1].split("</thead>", 1)[0]
    for slug in BOARD_SLUGS:
        assert f'href="../variants/{slug}/"' in head
    after = text.split("</table>", 1)[1]
    for slug in TEXT_ONLY_SLUGS:
        assert f'href="../variants/{slug}/"' not in head
        item = re.search(rf'<li><a href="\.\./variants/{slug}/">[^<]*</a>([^<]*)</li>', after)
        assert item, slug
        assert html.unescape(item.group(1)).strip() == "— " + board_note(slug, lang)
    any_assumed = any(r.get("assumed") for s in BOARD_SLUGS for r in tomllib.loads(
        (VARIANTS / s / "rules.toml").read_text(encoding="utf-8"))["rules"].values())
    assert ('class="tafl-assumed"' in text) == any_assumed


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", stub_slugs() or [pytest.param(None, marks=pytest.mark.skip(
    reason="variants_src/_not_yet_documented.toml lists no stub (every related variant has its page); "
           "stub pages are tested on the fixture sources (tests/site/test_pages_unit.py)"))])
def test_stub_page(built_site, slug, lang):
    """A not-yet-documented slug has a short page saying so, in both languages."""
    text = page_path(built_site, lang, f"variants/{slug}").read_text(encoding="utf-8")
    assert ("noch nicht dokumentiert" if lang == "de" else "not yet documented") in text


MECHANICS = ("umzingelung", "feindliche-felder", "koenigsfang", "schildwall", "randfestung")


# The English addresses of the mechanics pages: English words, as the pages' English titles.
MECHANICS_EN = {"umzingelung": "encirclement", "feindliche-felder": "hostile-squares", "koenigsfang": "king-capture",
                "schildwall": "shieldwall", "randfestung": "exit-fort"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", MECHANICS)
def test_mechanics_page_has_diagrams(built_site, name, lang):
    """Each mechanics page exists at /mechanics/<name>/ (in English at /en/mechanics/<English
    name>/) with at least one generated SVG diagram and its text alternative."""
    path = page_path(built_site, lang, f"mechanics/{name if lang == 'de' else MECHANICS_EN[name]}")
    d = doc(path)
    assert d.lang == lang
    text = path.read_text(encoding="utf-8")
    assert text.count('<figure class="tafl-diagram"') >= 1
    assert "tafl-position" not in text
    assert d.pieces


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", TEXT_ONLY_SLUGS)
def test_text_only_page_has_note_and_no_board(built_site, slug, lang):
    """A variant with board = false: no board element, no diagram, no board data, no
    assumptions, no Play button and no link to #board; its board note (rules.toml, in the
    page's language) stands in section 3, after the section's text and before section 4."""
    path = page_path(built_site, lang, f"variants/{slug}")
    text = path.read_text(encoding="utf-8")
    d = doc(path)
    classes = [c for _, a in d.elements for c in (a.get("class") or "").split()]
    assert "tafl-board" not in classes and "tafl-diagram" not in classes and "tafl-svg" not in classes
    assert "board" not in d.ids and "assumptions" not in d.ids
    assert not d.pieces
    assert 'data-role="board-data"' not in text
    assert not [u for tag, attr, u, _ in d.links if u.split("#", 1)[-1] == "board" and "#" in u]
    label = "Spielen" if lang == "de" else "Play"
    assert not re.search(rf"<a [^>]*>{label}</a>", text)
    notes = [a for tag, a in d.elements if "tafl-no-board" in (a.get("class") or "").split()]
    assert len(notes) == 1 and notes[0].get("data-variant") == slug
    sec3, sec4 = text.index('<h2 id="sec-3">'), text.index('<h2 id="sec-4">')
    box = text.index('class="admonition info tafl-no-board"')
    assert sec3 < box < sec4
    note = re.search(r'<p class="admonition-title">(.*?)</p>', text[box:sec4], re.S).group(1)
    assert html.unescape(note) == board_note(slug, lang)


@pytest.mark.parametrize("slug", TEXT_ONLY_SLUGS)
def test_nothing_links_to_the_board_of_a_text_only_variant(built_site, slug):
    """No page of the site links to #board on a page that has no board."""
    bad = []
    for page in sorted(built_site.rglob("*.html")):
        for tag, attr, url, _ in doc(page).links:
            t = _internal_target(built_site, page, url)
            if t and t[1] == "board" and t[0].parent.name == slug:
                bad.append(f"{page.relative_to(built_site)}: {url}")
    assert not bad


def test_without_site_url_no_sitemap_and_no_relative_alternates(built_site):
    """Found by the helpers: without `site_url` MkDocs wrote a sitemap whose every address read
    "None", and Material fetched `sitemap.xml` beside each relative language alternate (two 404s
    per page). Without TAFL_SITE_URL the site has neither; the language selector's own links
    stay (they keep the reader on the same page)."""
    import os
    if os.environ.get("TAFL_SITE_URL"):
        pytest.skip("TAFL_SITE_URL is set: the site has a sitemap and alternates")
    assert not (built_site / "sitemap.xml").exists() and not (built_site / "en" / "sitemap.xml").exists()
    text = page_path(built_site, "de", "variants/brandubh/").read_text(encoding="utf-8")
    assert '<link rel="alternate" href=' not in text
    assert '<a href="../../en/variants/brandubh/" hreflang="en"' in text


def test_with_site_url_the_sitemap_holds_real_addresses(tmp_path):
    from build_tools.site_cmd import run_mkdocs
    out = tmp_path / "site"
    proc = run_mkdocs(ROOT / "mkdocs.yml", out, env={"TAFL_SKIP_PYODIDE": "1", "TAFL_SITE_URL": "https://example.org/tafl/"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://example.org/tafl/variants/brandubh/</loc>" in sitemap and "None" not in sitemap
    text = page_path(out, "de", "variants/brandubh/").read_text(encoding="utf-8")
    assert '<link rel="alternate" href="./" hreflang="de">' in text


@pytest.mark.parametrize("name", MECHANICS)
def test_english_mechanics_pages_have_english_addresses_and_the_old_ones_lead_there(built_site, name):
    """/en/mechanics/<English name>/ is the English page (its title the address's words); the
    old address /en/mechanics/<German name>/ is a page that leads there; the language selector
    of both languages' pages links the other's page."""
    from build_tools.mechanics import ENGLISH_SLUGS
    assert ENGLISH_SLUGS == MECHANICS_EN
    english = page_path(built_site, "en", f"mechanics/{MECHANICS_EN[name]}")
    title = re.search(r"^# (.+)$", (ROOT / "docs" / "mechanics" / f"{name}.en.md").read_text(encoding="utf-8"), re.M)[1]
    assert MECHANICS_EN[name] == title.casefold().replace(" ", "-")
    assert doc(english).lang == "en"
    old = page_path(built_site, "en", f"mechanics/{name}").read_text(encoding="utf-8")
    assert f'<meta http-equiv="refresh" content="0; url=../{MECHANICS_EN[name]}/">' in old
    assert f'<a href="../{MECHANICS_EN[name]}/">' in old
    for lang, path, other in [("en", english, page_path(built_site, "de", f"mechanics/{name}")),
                              ("de", page_path(built_site, "de", f"mechanics/{name}"), english)]:
        hrefs = [a["href"] for tag, a in doc(path).elements if tag == "a" and "md-select__link" in a.get("class", "")
                 and a.get("hreflang") != lang]
        assert len(hrefs) == 1 and ((path.parent / hrefs[0]).resolve() / "index.html") == other.resolve(), hrefs
