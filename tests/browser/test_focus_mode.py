"""The board-first layout ("Großes Brett" / "Large board", docs/assets/board/wide.js), measured
in Chromium as a reader's screen shows it:

- at 1280×900, switched on, a 19×19 board (Alea Evangelii, variants_src) has squares of at
  least 30 CSS px (the SVG's rendered board width over 19 files), with the site's navigation
  and table of contents hidden and the status line and the move list in the window beside it;
  the choice is kept over a reload (localStorage) and switched off again the same way;
- on a phone (390×844, touch) the 19×19 board opens whole: every file of it is within the
  window at first, and the zoom control is shown (large enough to tap, 44 px).
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

HEADER_PX = 48  # the theme's sticky header (2.4rem at 20 px a rem)

MEASURE = """() => {
    const r = (s) => { const e = document.querySelector(s); if (!e) return null;
        const b = e.getBoundingClientRect();
        if (!b.width && !b.height) return null;
        return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height }; };
    const svg = document.querySelector('#board .tb-svg');
    const vb = svg.viewBox.baseVal, cell = Number(svg.dataset.cell), size = Number(svg.dataset.size);
    const w = svg.getBoundingClientRect().width;
    const files = [...document.querySelectorAll('#board .tb-sq')].map((e) => e.getBoundingClientRect());
    const shown = (s) => { const e = document.querySelector(s); return !!e && getComputedStyle(e).display !== 'none'
        && e.getBoundingClientRect().width > 0; };
    return { svg: r('#board .tb-svg'), status: r('#board [data-role="status"]'),
             moves: r('#board [data-role="move-list"]'), zoom: r('#board [data-role="zoom"]'),
             square: w * cell / vb.width, size,
             filesLeft: Math.min(...files.map((b) => b.left)), filesRight: Math.max(...files.map((b) => b.right)),
             nav: shown('.md-sidebar--primary'), toc: shown('.md-sidebar--secondary'),
             vw: innerWidth, vh: innerHeight };
}"""


@pytest.fixture()
def new_context(browser):
    contexts = []

    def make(**ctx_args):
        ctx = browser.new_context(**ctx_args)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


def in_window(box: dict, g: dict) -> bool:
    return box is not None and box["top"] >= HEADER_PX and box["top"] < g["vh"] and box["left"] >= 0 \
        and box["right"] <= g["vw"]


def test_wide_layout_19x19_squares_of_30px_with_status_and_move_list_in_view(new_context, server, board_pages):
    ctx = new_context(viewport={"width": 1280, "height": 900})
    bp = BoardPage(ctx.new_page(), server)
    bp.open(board_pages[("alea-evangelii", "en")])
    page = bp.page
    before = page.evaluate(MEASURE)
    assert before["size"] == 19
    # the page's columns: the navigation, the table of contents in it (board.css: not in a right
    # sidebar, which would leave the board too narrow)
    assert before["nav"] and not before["toc"], before
    wide = page.locator('#board [data-action="wide"]')
    assert wide.get_attribute("aria-pressed") == "false"
    wide.click()
    page.wait_for_timeout(300)
    g = page.evaluate(MEASURE)
    assert wide.get_attribute("aria-pressed") == "true"
    assert not g["nav"] and not g["toc"], g
    assert g["square"] >= 30, g
    assert g["svg"]["width"] / 19 >= 30, g  # the brief's measure: the SVG's width over 19 files
    # the whole board and, beside it, the status line and the move list's top are in the window
    assert g["svg"]["top"] >= HEADER_PX - 1 and g["svg"]["bottom"] <= g["vh"], g
    assert in_window(g["status"], g), g
    assert in_window(g["moves"], g), g
    assert g["status"]["left"] >= g["svg"]["right"] and g["moves"]["left"] >= g["svg"]["right"], g
    # kept over a reload (and for the next page)
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert page.locator('#board [data-action="wide"]').get_attribute("aria-pressed") == "true"
    assert page.evaluate(MEASURE)["square"] >= 30
    page.locator('#board [data-action="wide"]').click()
    page.wait_for_timeout(300)
    off = page.evaluate(MEASURE)
    assert off["nav"] and off["square"] < g["square"], off
    assert bp.errors == []


def test_phone_19x19_opens_whole_with_a_zoom_control(new_context, server, board_pages):
    ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    bp = BoardPage(ctx.new_page(), server)
    bp.open(board_pages[("alea-evangelii", "de")])
    page = bp.page
    page.locator("#board").scroll_into_view_if_needed()
    g = page.evaluate(MEASURE)
    # every file of the 19×19 board within the phone's width at first
    assert g["filesLeft"] >= 0 and g["filesRight"] <= g["vw"], g
    assert page.locator('#board [data-role="zoom"]').get_attribute("aria-pressed") == "false"
    assert g["zoom"] is not None and g["zoom"]["height"] >= 44 and g["zoom"]["right"] <= g["vw"], g
    assert bp.errors == []
