"""The board's orientation (Flip) is kept in the tab: a reload and the other language's page
of the variant show the board as the reader turned it; flipping back is kept too.

Unflipped, rank 1 is at the bottom (as the page's diagram draws it, files a→ left to right);
flipped, the board is turned round: a1 at the top right."""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

SLUG = "brandubh"


def a1_on_top(bp) -> bool:
    """Whether the square a1 is drawn above a7 and right of g1 (the board turned round)."""
    return bp.page.evaluate("""() => {
        const r = (sq) => document.querySelector(`#board svg.tb-svg [data-square="${sq}"]`).getBoundingClientRect();
        return r('a1').top < r('a7').top && r('a1').left > r('g1').left;
    }""")


def reload(bp):
    bp.page.reload()
    wait_ready(bp.page)
    wait_idle(bp.page)


def test_flip_is_kept_over_a_reload_and_the_language_switch(browser, server, board_pages):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(SLUG, "de")])
        assert not a1_on_top(bp)
        bp.action("flip")
        assert a1_on_top(bp)
        reload(bp)
        assert a1_on_top(bp)
        bp.open(board_pages[(SLUG, "en")])  # the other language's page, same tab
        assert a1_on_top(bp)
        bp.action("flip")
        assert not a1_on_top(bp)
        reload(bp)
        assert not a1_on_top(bp)
        assert bp.errors == []
    finally:
        ctx.close()


def test_another_tab_starts_unflipped(browser, server, board_pages):
    """sessionStorage is the tab's: a new tab (context) opens the board as the page draws it."""
    ctx = browser.new_context(service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(SLUG, "de")])
        assert not a1_on_top(bp)
    finally:
        ctx.close()
