"""Games are kept and the board's description follows them.

The board's game survives a reload, Back after another page and the site's language switch to
the same page in the other language (docs/assets/board/keep.js: the tab's sessionStorage); a
share link opened afterwards wins over the kept game; Restart forgets it; a hostile stored
value is ignored. The tests of this file share one tab (sessionStorage is per tab) and run in
order, each going on from the game the one before left.

Moves from the rules of Ealdfæder Tæfl (variants_src/ealdfaeder-taefl: 9×9, attackers
first; attackers d1 e1 f1 e2, defenders d4 e4 f4 around the king e5): the attacker d1 goes
to d3 over the empty d2, then the defender d4 to c4 beside it; neither takes anything.
"""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

EALD = "ealdfaeder-taefl"
GAME = ["d1-d3", "d4-c4"]
KEY = "tafl-kept:" + EALD


@pytest.fixture(scope="module")
def tab(browser, server, board_pages):
    """One tab of its own (its own sessionStorage), on Ealdfæder Tæfl's German page."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bp = BoardPage(ctx.new_page(), server)
    bp.paths = {lang: board_pages[(EALD, lang)] for lang in ("de", "en")}
    bp.open(bp.paths["de"])
    yield bp
    ctx.close()


def settle(bp: BoardPage):
    wait_ready(bp.page)
    wait_idle(bp.page)


def kept(bp: BoardPage):
    return bp.page.evaluate("(k) => sessionStorage.getItem(k)", KEY)


def description(bp: BoardPage) -> str:
    """The accessible description Chromium computes for the board (its accessibility tree)."""
    cdp = bp.page.context.new_cdp_session(bp.page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    for n in nodes:
        if n.get("role", {}).get("value") == "application":
            return n.get("description", {}).get("value", "")
    raise AssertionError("no board (role application) in the accessibility tree")


def test_the_description_names_the_start_then_the_position_after_a_move(tab):
    start = description(tab)
    assert "Startaufstellung" in start, start
    assert "Angreifer am Zug" in start
    tab.move("d1", "d3")
    after = description(tab)
    # the move and the side to move now, and the attacker's new square instead of its old one
    assert "Stellung nach 1 Zug, zuletzt d1-d3" in after, after
    assert "Verteidiger am Zug" in after
    attackers = after.split("Angreifer (16):")[1]
    assert " d3," in attackers and " d1," not in attackers, attackers
    assert "Startaufstellung" not in after


def test_a_reload_keeps_the_game(tab):
    tab.move("d4", "c4")
    assert tab.moves() == GAME
    assert kept(tab) is not None
    tab.page.reload()
    settle(tab)
    assert tab.moves() == GAME
    assert tab.pieces().get("c4") == "defender" and "d1" not in tab.pieces()
    assert tab.attr("data-to-move") == "attackers"
    assert tab.message() == ""  # a kept game opens without a word of links
    assert "Partie fortgesetzt" in tab.page.text_content('#board [data-role="live"]')
    assert "Stellung nach 2 Zügen, zuletzt d4-c4" in description(tab)


def test_back_from_another_page_keeps_the_game(tab):
    page = tab.page
    # the navigation's link to another variant (inside its family's section, folded on a
    # narrow screen), followed as a new history entry
    href = page.get_attribute('.md-sidebar--primary a.md-nav__link[href$="brandubh/"]', "href")
    page.goto(urljoin(page.url, href))
    page.wait_for_selector('#board[data-variant="brandubh"]')
    page.go_back()
    page.wait_for_selector(f'#board[data-variant="{EALD}"]')
    settle(tab)
    assert tab.moves() == GAME


def test_the_language_switch_keeps_the_game(tab):
    page = tab.page
    page.hover(".md-select")
    with page.expect_navigation():
        page.click('.md-select__link[hreflang="en"]')
    page.wait_for_selector('#board[data-lang="en"]')
    settle(tab)
    assert page.evaluate("() => location.pathname").endswith(tab.paths["en"])
    assert tab.moves() == GAME
    assert "Position after 2 moves, last d4-c4" in description(tab)


def test_a_share_link_opened_afterwards_wins(tab):
    page = tab.page
    page.goto(tab.base_url + tab.paths["de"] + "#moves=f1-f3")
    settle(tab)
    assert tab.moves() == ["f1-f3"]
    # and is the kept game from now on
    page.goto(tab.base_url + tab.paths["de"])
    settle(tab)
    assert tab.moves() == ["f1-f3"]


def test_restart_forgets_the_kept_game(tab):
    tab.action("reset")
    assert tab.moves() == []
    assert kept(tab) is None
    tab.page.goto(tab.base_url + tab.paths["en"])
    settle(tab)
    assert tab.moves() == []
    assert "Starting position" in description(tab)


@pytest.mark.parametrize("value", [
    "{not json", '{"v": 2, "frag": "moves=d1-d3"}', '{"v": 1, "frag": "moves=<img src=x onerror=alert(1)>"}',
    '{"v": 1, "frag": "moves=d1-d3,d3-d9,d9-a9"}',  # well-formed, but d3-d9 is no legal move here
    "x" * 100_000,
])
def test_a_hostile_kept_value_is_ignored(tab, value):
    page = tab.page
    page.evaluate("([k, v]) => sessionStorage.setItem(k, v)", [KEY, value])
    errors = len(tab.errors)
    page.reload()
    settle(tab)
    assert tab.moves() == []
    assert tab.message() == ""
    assert kept(tab) is None  # dropped
    assert len(tab.errors) == errors and not tab.dialogs
