"""The board is large where the reader arrives to play, measured in Chromium at 1280×900:

- the default layout (the page's columns) draws the board at least 560 CSS px wide, beside its
  status, with the page's table of contents in the navigation instead of the right sidebar
  (board.css);
- opening a game link, following the page's "Spielen" / "Play" button (a link to #board) or
  starting play against the computer opens the board-first layout (wide.js), for that page
  only: it is not kept for the next page, which the reader's own "Large board" choice is.

Variants from variants_src: Alea Evangelii (19×19), Brandubh (7×7; the attackers move first,
§5.1; b4-b5 moves an attacker along an empty file).
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
MIN_BOARD_PX = 560
HEADER_PX = 48  # the theme's sticky header (2.4rem at 20 px a rem)

MEASURE = """() => {
    const box = (e) => { if (!e) return null; const b = e.getBoundingClientRect();
        return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width }; };
    const shown = (e) => !!e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden'
        && e.getBoundingClientRect().height > 0;
    return { svg: box(document.querySelector('#board .tb-svg')),
             status: box(document.querySelector('#board [data-role="status"]')),
             wide: document.querySelector('#board').hasAttribute('data-wide'),
             kept: localStorage.getItem('tafl-board-wide'),
             nav: shown(document.querySelector('.md-sidebar--primary')),
             toc: shown(document.querySelector('.md-sidebar--secondary')),
             tocInNav: shown(document.querySelector('.md-nav--primary .md-nav--secondary')),
             tocLinks: [...document.querySelectorAll('.md-nav--primary .md-nav--secondary a[href^="#sec-"]')]
                 .filter(shown).length };
}"""


@pytest.fixture()
def desktop(browser, server, board_pages):
    """desktop(slug, lang, fragment) -> BoardPage in a fresh 1280×900 context (empty storage)."""
    contexts = []

    def make(slug: str, lang: str = "de", fragment: str = "") -> BoardPage:
        ctx = browser.new_context(viewport=DESKTOP, service_workers="block")
        contexts.append(ctx)
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(slug, lang)], fragment)
        bp.path = board_pages[(slug, lang)]
        return bp

    yield make
    for ctx in contexts:
        ctx.close()


def test_the_default_board_at_1280x900_is_at_least_560px_beside_its_status(desktop):
    bp = desktop("alea-evangelii", "en")
    page = bp.page
    page.evaluate(f"""() => {{ const y = document.querySelector('#board').getBoundingClientRect().top + scrollY;
        scrollTo(0, y - {HEADER_PX} - 8); }}""")
    g = page.evaluate(MEASURE)
    assert not g["wide"], g
    assert g["svg"]["width"] >= MIN_BOARD_PX, g
    assert g["status"]["left"] >= g["svg"]["right"] and g["svg"]["bottom"] <= DESKTOP["height"], g
    # the page's sections are still listed: in the navigation, under the page's own entry
    assert g["nav"] and not g["toc"] and g["tocInNav"] and g["tocLinks"] >= 10, g
    assert bp.errors == []


def test_a_game_link_opens_the_board_first_layout_for_that_page_only(desktop):
    bp = desktop("brandubh", "en", "#moves=b4-b5")
    page = bp.page
    assert bp.moves() == ["b4-b5"]
    g = page.evaluate(MEASURE)
    assert g["wide"] and g["kept"] is None, g
    assert not g["nav"] and not g["toc"], g
    assert g["svg"]["width"] >= MIN_BOARD_PX, g
    # the next page without a link opens in the page's columns: the arrival was not kept
    page.goto(bp.base_url + bp.path)
    wait_ready(page)
    wait_idle(page)
    assert not page.evaluate(MEASURE)["wide"]
    assert bp.errors == []


def test_the_play_button_opens_the_board_first_layout(desktop):
    bp = desktop("brandubh", "de")
    page = bp.page
    assert not page.evaluate(MEASURE)["wide"]
    page.locator('.md-content a.md-button--primary[href="#board"]', has_text="Spielen").click()
    page.wait_for_function("document.querySelector('#board').hasAttribute('data-wide')")
    page.wait_for_timeout(200)
    g = page.evaluate(MEASURE)
    assert g["kept"] is None, g
    assert g["svg"]["width"] >= MIN_BOARD_PX and g["svg"]["top"] >= HEADER_PX - 1, g
    assert g["svg"]["bottom"] <= DESKTOP["height"], g
    assert bp.errors == []


def test_starting_the_computer_opens_the_board_first_layout(desktop):
    bp = desktop("brandubh", "en")
    page = bp.page
    page.check('#board [data-opponent-side="attackers"]')
    page.check("#board [data-opponent-toggle]")
    page.wait_for_function("document.querySelector('#board').hasAttribute('data-wide')")
    g = page.evaluate(MEASURE)
    assert g["kept"] is None and g["svg"]["width"] >= MIN_BOARD_PX, g
    assert page.get_attribute("#board", "data-opponent") == "defenders"
    # the reader's own choice still switches it off (and keeps that)
    page.locator('#board [data-action="wide"]').click()
    assert not page.evaluate(MEASURE)["wide"]
    page.uncheck("#board [data-opponent-toggle]")
    assert bp.errors == []
