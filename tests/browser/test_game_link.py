"""A game the page opens with: a shared game link (or a game kept in the tab) brings the board
into view and says next to it what was loaded, in the page's language.

The game is seven legal moves of Brandubh (variants_src/brandubh/rules.toml: the attackers move
first, §5.1; every move along a line over empty squares), played by the engine in
tafl_core.bridge when the link opens; none captures.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

SLUG = "brandubh"
MOVES = ["b4-b5", "c4-c5", "f4-f3", "e4-e5", "b5-b6", "c5-b5", "d6-e6"]
LINK = "#moves=" + ",".join(MOVES)
NOTES = {"de": "Partie aus einem Link: 7 Züge", "en": "Game from a link: 7 moves"}
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def in_view(page, selector: str) -> bool:
    """Whether the element's top edge lies in the window and it is not hidden."""
    return page.eval_on_selector(selector, """e => {
        const r = e.getBoundingClientRect();
        return !e.hidden && r.height > 0 && r.top >= 0 && r.top < innerHeight;
    }""")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_a_game_link_brings_the_board_into_view_and_says_what_was_loaded(browser, server, board_pages, size, lang):
    """The board sits thousands of pixels down the page; opening the link leaves its board in
    the window, with the note naming the seven moves loaded."""
    ctx = browser.new_context(viewport=VIEWPORTS[size], service_workers="block",
                              is_mobile=size == "phone", has_touch=size == "phone")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(SLUG, lang)], LINK)
        assert bp.moves() == MOVES
        bp.page.wait_for_function("scrollY > 0")
        assert bp.page.evaluate("scrollY") > 0
        assert in_view(bp.page, "#board svg.tb-svg")
        assert in_view(bp.page, '#board [data-role="arrived"]')
        assert bp.page.inner_text('#board [data-role="arrived"]') == NOTES[lang]
        assert bp.errors == []
    finally:
        ctx.close()


def test_a_kept_game_is_named_as_resumed_and_the_note_goes_with_the_next_move(browser, server, board_pages):
    """A reload of a game played on the page (kept in sessionStorage, not in the address)
    says "Game resumed" with its number of moves; the next move takes the note away."""
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"], service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(SLUG, "en")])
        assert not bp.page.locator('#board [data-role="arrived"]').count()  # no game: no note
        bp.move("b4", "b5")
        bp.move("c4", "c5")
        bp.page.reload()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.moves() == ["b4-b5", "c4-c5"]
        assert bp.page.inner_text('#board [data-role="arrived"]') == "Game resumed: 2 moves"
        assert in_view(bp.page, "#board svg.tb-svg")
        bp.move("f4", "f3")
        assert bp.page.locator('#board [data-role="arrived"]').is_hidden()
    finally:
        ctx.close()
