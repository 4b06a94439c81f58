"""Print and citation in the browser: a printed variant page is a rule sheet, and "cite this
page" gives an absolute URL and the reader's own date.

Print: Chromium prints the German page of Ealdfaeder Taefl to PDF (``page.pdf``, print media)
after its board has started; ``pdftotext`` (poppler-utils) reads the PDF's text. Expected: the
title, the facts, the rules, the original text, the sources, read from
``variants_src/ealdfaeder-taefl/de.md`` itself; absent: the board's buttons (their German
labels, docs/assets/board/board.js), the navigation and the page's buttons (build_tools/labels.py);
the diagram is the print-only copy of the source's starting position (tests/browser/test_print.py).

Cite: the page opened as a reader arriving from the search does (``?h=…#cite``); the cited
URL is the page's address without query or fragment, the date the browser's day."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, wait_idle, wait_ready

pytestmark = pytest.mark.browser

SLUG = "ealdfaeder-taefl"
SOURCE = (ROOT / "variants_src" / SLUG / "de.md").read_text(encoding="utf-8")


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _source_parts() -> dict[str, str]:
    """What the rule sheet must hold, from the source: title, a facts row, the first rule,
    the first line of the original text, the first source's title."""
    title = re.search(r"^title: (.+)$", SOURCE, re.M).group(1).strip()
    facts = re.search(r"^\| (Spielfamilie) \| ([^|]+?) \|$", SOURCE, re.M)
    rule = re.search(r"^### 5\.1 .+\n\n(.+)$", SOURCE, re.M).group(1).strip()
    original = re.search(r"^/// original \| \w+\n(?:- )?(.+)$", SOURCE, re.M).group(1)
    source = re.search(r"^- \[[^\]]+\] ([^—]+?) —", SOURCE, re.M).group(1)
    return {"title": title, "facts key": facts.group(1), "facts value": facts.group(2),
            "rule": rule, "original": original[:60], "source": source[:50],
            "start heading": "3. Startaufstellung und Spielfiguren", "sources heading": "9. Quellen"}


@pytest.fixture
def printed(context, server, board_pages, tmp_path) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (Debian package poppler-utils) is missing: print test skipped")
    page = context.new_page()
    try:
        page.goto(server + board_pages[(SLUG, "de")])
        wait_ready(page)
        wait_idle(page)
        assert page.locator('#board [data-action="undo"]').count() == 1  # the controls exist on screen
        pdf = tmp_path / "sheet.pdf"
        page.pdf(path=str(pdf), format="A4", print_background=False)
        page.emulate_media(media="print")
        shown = page.evaluate("""() => {
            const seen = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
            return {svg: seen(document.querySelector('.tafl-print-diagram svg')),
                    panel: seen(document.querySelector('#board .tb-panel')),
                    buttons: [...document.querySelectorAll('button, .md-button')].filter(seen).length,
                    nav: seen(document.querySelector('.md-sidebar--primary'))};
        }""")
    finally:
        page.close()
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", "-layout", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    return {"text": out, "shown": shown}


def test_printed_page_is_a_rule_sheet(printed):
    text = _squash(printed["text"])
    for what, expected in _source_parts().items():
        assert _squash(expected) in text, f"{what} {expected!r} missing from the printed page"
    assert printed["shown"]["svg"], "the diagram does not print"


def test_printed_page_has_no_controls_or_navigation(printed):
    assert printed["shown"]["panel"] is False and printed["shown"]["buttons"] == 0 and printed["shown"]["nav"] is False
    text = _squash(printed["text"])
    board_buttons = ["Zurück", "Neu beginnen", "Brett drehen", "Stellung aufbauen", "Link kopieren"]
    for label in board_buttons:
        assert label not in text, f"board control {label!r} printed"
    for label in ["Alle Varianten", "Startseite", "Kopieren"]:
        assert label not in text, f"navigation or button {label!r} printed"


def _today_range() -> set[dt.date]:
    now = dt.datetime.now()
    return {(now - dt.timedelta(minutes=5)).date(), (now + dt.timedelta(minutes=5)).date()}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_cite_gives_absolute_url_and_reader_date(browser, server, board_pages, lang):
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = ctx.new_page()
    try:
        path = board_pages[(SLUG, lang)]
        page.goto(server + path + "?h=throne#cite")
        page.wait_for_selector(".tafl-cite[data-ready]")
        url = server + path
        urls = page.eval_on_selector_all('.tafl-cite [data-cite="url"]', "els => els.map(e => e.textContent)")
        assert urls == [url, url]
        iso = page.eval_on_selector('.tafl-cite [data-cite="isodate"]', "e => e.textContent")
        assert dt.date.fromisoformat(iso) in _today_range()
        day = dt.date.fromisoformat(iso)
        months = {"de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                         "Oktober", "November", "Dezember"],
                  "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]}[lang]
        long_day = (f"{day.day}. {months[day.month - 1]} {day.year}" if lang == "de"
                    else f"{months[day.month - 1]} {day.day}, {day.year}")
        plain = page.eval_on_selector(".tafl-cite-plain", "e => e.textContent")
        assert plain == (f"Tafl-Kompendium. (o. J.). Ealdfaeder Taefl. Abgerufen am {long_day}, von {url}" if lang == "de"
                         else f"Tafl-Kompendium. (n.d.). Ealdfaeder Taefl. Retrieved {long_day}, from {url}")
        bib = page.eval_on_selector(".tafl-cite-bibtex", "e => e.textContent")
        assert bib.startswith(f"@online{{tafl-kompendium-{SLUG}-{lang},")
        assert f"  url = {{{url}}}," in bib and f"  urldate = {{{iso}}}" in bib
        assert "?" not in url and "#" not in url
        # Nothing overlaps: each copy button beside its text, no theme copy button on it.
        assert page.locator(".tafl-cite .md-clipboard").count() == 0
        for which in ("plain", "bibtex"):
            pre = page.locator(f".tafl-cite-{which}").bounding_box()
            btn = page.locator(f'[data-cite-copy="{which}"]').bounding_box()
            assert btn["x"] >= pre["x"] + pre["width"] or btn["y"] >= pre["y"] + pre["height"], (which, pre, btn)
        # Copying takes the filled-in text.
        page.click('[data-cite-copy="bibtex"]')
        page.wait_for_function("() => document.querySelector('.tafl-cite').hasAttribute('data-copied-text')")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == page.eval_on_selector(".tafl-cite-bibtex", "e => e.textContent")
        assert f"url = {{{url}}}" in copied
    finally:
        ctx.close()
