"""The play layout, measured in Chromium as a reader's screen shows it:

- at 1280×900 the status, move list and assumptions stand beside the board, and the whole
  board with its status is in view at once (not under a 690 px board, out of view);
- on a phone (390×844, touch), once zoomed, every square of a 19×19 board (Alea Evangelii) is
  at least 24×24 CSS px (WCAG 2.2, 2.5.8 target size), scrolled sideways, and still takes a
  tap; scrolled to its right edge, its rank numbers are still in view; the zoom button fits
  the board again; an 11×11 board fits the phone without zooming;
- Material's "back to top" button never covers the board.

Board sizes from variants_src (alea-evangelii 19×19, copenhagen-hnefatafl 11×11).
"""

from __future__ import annotations

import pytest

from conftest import BoardPage

pytestmark = pytest.mark.browser

HEADER_PX = 48  # the theme's sticky header (2.4rem at 20 px a rem)


def geometry(page) -> dict:
    return page.evaluate("""() => {
        const r = (s) => { const e = document.querySelector(s); if (!e || e.hidden) return null;
            const b = e.getBoundingClientRect(); if (!b.width && !b.height) return null; return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width }; };
        const sq = [...document.querySelectorAll('#board .tb-sq')].map((e) => e.getBoundingClientRect());
        return { svg: r('#board .tb-svg'), status: r('#board [data-role="status"]'),
                 moves: r('#board [data-role="move-list"]'), assumptions: r('#board [data-role="assumptions"]'),
                 zoom: r('#board [data-role="zoom"]'), viewportWidth: innerWidth, viewportHeight: innerHeight,
                 squareMin: Math.min(...sq.map((b) => Math.min(b.width, b.height))), squares: sq.length };
    }""")


#: The zoomed board's viewport, its scroll and its rank numbers (text, left and right edge) and
#: whether their strip is shown, after two frames.
RANKS_IN_VIEW = """async () => {
        const vp = document.querySelector('#board .tb-viewport');
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const v = vp.getBoundingClientRect();
        const labels = [...document.querySelectorAll('#board [data-role="ranks"] text')].map((t) => {
            const b = t.getBoundingClientRect(); return { text: t.textContent, left: b.left, right: b.right }; });
        const strip = document.querySelector('#board .tb-rank-strip');
        return { scrolled: vp.scrollLeft, left: v.left, right: v.right, labels,
                 strip: strip.getAttribute('visibility') };
    }"""


def scroll_board_to_top(page):
    """Scroll so the board starts just below the sticky header."""
    page.evaluate(f"""() => {{ const y = document.querySelector('#board').getBoundingClientRect().top + scrollY;
        scrollTo(0, y - {HEADER_PX} - 8); }}""")
    page.wait_for_timeout(100)


@pytest.fixture()
def new_tab(browser, server, board_pages):
    contexts = []

    def make(slug: str, lang: str = "de", **ctx_args) -> BoardPage:
        ctx = browser.new_context(**ctx_args)
        contexts.append(ctx)
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(slug, lang)])
        return bp

    yield make
    for ctx in contexts:
        ctx.close()


def test_wide_screen_panel_beside_the_board_all_in_view(new_tab):
    bp = new_tab("copenhagen-hnefatafl", viewport={"width": 1280, "height": 900})
    scroll_board_to_top(bp.page)
    g = geometry(bp.page)
    svg, status = g["svg"], g["status"]
    assert svg["top"] >= HEADER_PX and svg["bottom"] <= g["viewportHeight"], g
    assert status is not None and status["bottom"] <= g["viewportHeight"] and status["top"] >= HEADER_PX, g
    for part in ("status", "moves", "assumptions"):  # beside, not under: in the column right of it
        assert g[part]["left"] >= svg["right"], (part, g)
    # the status begins beside the board, right under the toolbar (the column goes on below it:
    # the opponent box, the move list, the records and the assumptions)
    assert status["top"] < svg["bottom"], g
    assert g["squares"] == 121
    assert g["zoom"] is None  # 11×11 squares are large enough beside the panel


def test_phone_19x19_zoomed_every_square_at_least_24px(new_tab):
    bp = new_tab("alea-evangelii", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                 device_scale_factor=2)
    page = bp.page
    # the board opens whole (tests/browser/test_focus_mode.py); the reader zooms
    zoom = page.locator('#board [data-role="zoom"]')
    assert zoom.get_attribute("aria-pressed") == "false"
    zoom.tap()
    g = geometry(page)
    assert g["squares"] == 19 * 19
    assert g["squareMin"] >= 24, g
    assert zoom.get_attribute("aria-pressed") == "true"
    assert g["svg"]["width"] > g["viewportWidth"]  # wider than the phone: scrolled sideways
    # a tap on a piece of the side to move still selects it and shows its targets
    movable = page.eval_on_selector("#board", "e => e.tbBoard.st.movable")
    assert movable
    sq = page.locator(f'#board .tb-sq[data-square="{movable[0]}"]')
    sq.scroll_into_view_if_needed()
    sq.tap()
    page.wait_for_selector("#board [data-target]")
    # scrolled to the right edge, the rank numbers (19 of them) are still in view at the left
    # edge of the scrolled board, over a strip of the page's background
    page.evaluate("() => { const vp = document.querySelector('#board .tb-viewport'); vp.scrollLeft = vp.scrollWidth; }")
    ranks = page.evaluate(RANKS_IN_VIEW)
    assert ranks["scrolled"] > 0, ranks
    assert sorted(int(lab["text"]) for lab in ranks["labels"]) == list(range(1, 20)), ranks
    assert all(ranks["left"] <= lab["left"] and lab["right"] <= ranks["right"] for lab in ranks["labels"]), ranks
    assert ranks["strip"] == "visible"
    # flipped while scrolled (the helper's find): the numbers keep their strip, still in view
    page.locator('#board [data-action="flip"]').tap()
    flipped = page.evaluate(RANKS_IN_VIEW)
    assert flipped["strip"] == "visible", flipped
    assert all(flipped["left"] <= lab["left"] and lab["right"] <= flipped["right"] for lab in flipped["labels"]), flipped
    page.locator('#board [data-action="flip"]').tap()
    # the zoom button fits the whole board again (then its squares are under 24 px), and back
    check = "e => getComputedStyle(e, '::before').content"
    assert "✓" in zoom.evaluate(check)  # pressed shows it (the name stays "Enlarge board")
    zoom.tap()
    g2 = geometry(page)
    assert zoom.get_attribute("aria-pressed") == "false"
    assert "✓" not in zoom.evaluate(check)
    assert g2["svg"]["right"] <= g2["viewportWidth"] and g2["squareMin"] < 24, g2
    zoom.tap()
    assert geometry(page)["squareMin"] >= 24


def test_phone_11x11_fits_without_zoom(new_tab):
    bp = new_tab("copenhagen-hnefatafl", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    g = geometry(bp.page)
    assert g["zoom"] is None, g
    assert g["svg"]["right"] <= g["viewportWidth"] and g["squareMin"] >= 24, g


def test_back_to_top_never_covers_the_board(new_tab):
    bp = new_tab("copenhagen-hnefatafl", viewport={"width": 1280, "height": 900})
    page = bp.page

    def top_button():
        return page.evaluate("""() => { const t = document.querySelector('.md-top');
            const b = t.getBoundingClientRect();
            const shown = !t.hidden && getComputedStyle(t).display !== 'none' && b.width > 0;
            return { shown, left: b.left, top: b.top, right: b.right, bottom: b.bottom }; }""")

    # far below the board, scrolling up: the theme shows its button (the test sees it)
    page.mouse.wheel(0, 8000)
    page.wait_for_timeout(400)
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(600)
    assert top_button()["shown"]
    # scrolling up over the board, at several places: the button is never over the board
    y = page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top + scrollY")
    for offset in (600, 300, 100):
        page.evaluate(f"() => scrollTo(0, {y} + {offset})")
        page.mouse.wheel(0, -150)
        page.wait_for_timeout(500)
        t, svg = top_button(), geometry(page)["svg"]
        overlaps = t["shown"] and t["left"] < svg["right"] and t["right"] > svg["left"] \
            and t["top"] < svg["bottom"] and t["bottom"] > svg["top"]
        assert not overlaps, (offset, t, svg)
