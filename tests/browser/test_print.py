"""The printed rule sheet (docs/assets/site.css ``@media print``; the print-only diagram of
build_tools/templates/board.html.j2; the paper wording of build_tools/labels.py).

- A game on the board never prints: the sheet shows the starting position from the source
  (variants_src/<slug>/rules.toml, read here with tafl_core), even when a game link has moved
  pieces on the board.
- Worded for paper: the assumptions box says nothing of switching on the board.
- Every variant page, both languages, prints on at most 5 A4 pages (the 19×19 pages at most 6),
  and the page before the diagram is not left mostly empty (its text reaches below the middle).

Chromium prints with ``page.pdf`` (A4, print media); poppler's ``pdfinfo`` and ``pdftotext``
read the PDF.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, wait_idle, wait_ready

pytestmark = pytest.mark.browser

MAX_PAGES = 5
MAX_PAGES_19 = 6


@pytest.fixture(scope="module")
def poppler():
    if not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        pytest.skip("pdftotext/pdfinfo (Debian package poppler-utils) are missing: print tests skipped")


def _size(slug: str) -> int | None:
    import tomllib
    f = ROOT / "variants_src" / slug / "rules.toml"
    data = tomllib.loads(f.read_text(encoding="utf-8"))
    if data.get("variant", {}).get("board", True) is False:
        return None
    if data.get("rules", {}).get("geometry", {}).get("value") == "hex":
        return None   # a hex diagram labels its rows, not files in a line (tests/site checks its cells)
    from tafl_core import load_ruleset
    return load_ruleset(f).size


def _pdf_pages(pdf: Path) -> list[dict]:
    """Per PDF page: its height and the words with their boxes (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for m in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', m.group(3))]
        pages.append({"height": float(m.group(2)), "words": words})
    return pages


def _figure_page(pages: list[dict], size: int) -> int | None:
    """Index of the page holding the diagram: the first with its file letters a, b, c, …
    side by side on one line (the drawing's own labels)."""
    letters = [chr(ord("a") + i) for i in range(size)]
    for i, p in enumerate(pages):
        rows: dict[int, list[tuple[float, str]]] = {}
        for x0, y0, _x1, _y1, w in p["words"]:
            rows.setdefault(round(y0), []).append((x0, w))
        for row in rows.values():
            if [w for _, w in sorted(row)][:size] == letters:
                return i
    return None


def test_every_variant_page_prints_within_its_page_budget(browser, server, site_dir, tmp_path, poppler):
    ctx = browser.new_context(service_workers="block")
    # the board's engine is not needed on paper (the board does not print)
    ctx.route("**/assets/pyodide/**", lambda r: r.abort())
    slugs = sorted(p.name for p in (ROOT / "variants_src").iterdir() if (p / "rules.toml").is_file())
    over, empty = [], []
    try:
        page = ctx.new_page()
        for lang in ("de", "en"):
            for slug in slugs:
                path = ("/en" if lang == "en" else "") + f"/variants/{slug}/"
                assert (site_dir / path.strip("/") / "index.html").is_file(), path
                page.goto(server + path)
                pdf = tmp_path / f"{lang}-{slug}.pdf"
                page.pdf(path=str(pdf), format="A4")
                info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
                n = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
                size = _size(slug)
                budget = MAX_PAGES_19 if size == 19 else MAX_PAGES
                if n > budget:
                    over.append(f"{path}: {n} pages (at most {budget})")
                if size:
                    pages = _pdf_pages(pdf)
                    at = _figure_page(pages, size)
                    assert at is not None, f"{path}: the diagram is not on the printed sheet"
                    if at > 0:
                        before = pages[at - 1]
                        bottom = max((w[3] for w in before["words"]), default=0.0)
                        if bottom < before["height"] / 2:
                            empty.append(f"{path}: page {at} ends at {bottom / before['height']:.0%} before the diagram")
    finally:
        ctx.close()
    assert not over, over
    assert not empty, empty


def test_the_sheet_shows_the_start_from_the_source_not_the_game(browser, server, board_pages, tmp_path, poppler):
    """Brandubh with a game from a link (the attacker d1 to c1, §5.1: attackers first): the board
    shows the game, the printed sheet the source's starting position and paper wording."""
    from tafl_core import load_ruleset
    start = load_ruleset(ROOT / "variants_src" / "brandubh" / "rules.toml").layout.pieces
    assert "d1" in start and "c1" not in start
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(server + board_pages[("brandubh", "de")] + "#moves=d1-c1")
        wait_ready(page)
        wait_idle(page)
        live = page.eval_on_selector_all("#board [data-piece][data-square]", "els => els.map(e => e.dataset.square)")
        assert "c1" in live and "d1" not in live  # the game is on the board
        pdf = tmp_path / "sheet.pdf"
        page.pdf(path=str(pdf), format="A4")
        page.emulate_media(media="print")
        shown = page.evaluate("""() => {
            const seen = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
            const figs = [...document.querySelectorAll('figure.tafl-diagram')].filter(seen);
            return {board: seen(document.querySelector('#board')), figures: figs.length,
                    squares: figs.length ? [...figs[0].querySelectorAll('[data-print-piece][data-print-square]')].map((e) => e.dataset.printSquare) : []};
        }""")
    finally:
        ctx.close()
    assert shown["board"] is False and shown["figures"] == 1
    assert sorted(shown["squares"]) == sorted(start)
    text = re.sub(r"\s+", " ", subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                                              text=True, check=True).stdout)
    from build_tools.labels import UI
    assert UI["de"]["assumptions_intro_print"] in text
    for screen_only in (UI["de"]["assumptions_intro"], "umschalten", UI["de"]["assumptions_title"]):
        assert screen_only not in text, f"{screen_only!r} printed"


@pytest.mark.parametrize("lang,heading", [("de", "Spielen"), ("en", "Play")])
def test_the_play_heading_is_not_printed_above_the_static_diagram(browser, server, board_pages, lang, heading):
    """On paper the sheet shows the source's start position (div.tafl-print-diagram), not the
    board; the board's heading ("Spielen" / "Play") goes with the board."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(server + board_pages[("brandubh", lang)])
        wait_ready(page)
        shown = """(h) => [...document.querySelectorAll('.md-content h3')].filter((e) => e.textContent.trim().startsWith(h))
            .map((e) => getComputedStyle(e).display)"""
        assert page.evaluate(shown, heading) not in ([], ["none"])  # on screen it stands above the board
        page.emulate_media(media="print")
        assert page.evaluate(shown, heading) == ["none"]
        assert page.eval_on_selector(".tafl-print-diagram", "e => getComputedStyle(e).display") == "block"
    finally:
        ctx.close()
