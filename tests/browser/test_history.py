"""History entries and the kept game never go back in time (docs/assets/board/keep.js,
"Revisions"; links.js).

Every entry the board writes names its game and the revision of the copy it holds, and so
does the game kept in sessionStorage: Back that skips entries (`history.go(-3)`, quick Back
presses) opens the older copy it reaches without writing it over the later entries, and
Forward opens them again; an English page left with one move and reached again by Back after
the German page went on with the game shows the newer game and never writes the older one
over the kept game.

Moves from the rules of the variants named. Ealdfæder Tæfl (variants_src/ealdfaeder-taefl:
9×9, attackers first; attackers d1 e1 f1 e2 and h5 among others, defenders d4 f4 d6 around
the king e5): d1-d3, d4-c4, e2-g2, d6-c6, h5-g5 go along empty lines and take nothing.
Copenhagen Hnefatafl (variants_src/copenhagen-hnefatafl, 11×11, attackers first): the
attacker d1-d3, then the defender h6-h9.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

EALD = "ealdfaeder-taefl"
COPENHAGEN = "copenhagen-hnefatafl"
GAME_ONE = ["d1-d3", "d4-c4", "e2-g2", "d6-c6", "h5-g5"]


def settle(page, ms: int = 150):
    """Let the hashchange handlers run, then wait until the board is idle."""
    page.wait_for_timeout(ms)
    wait_idle(page)


def set_hash(page, fragment: str):
    """A new history entry within the page (a link or a § link), then wait for the board."""
    page.evaluate("(f) => { location.hash = f; }", fragment)
    settle(page, 50)


@pytest.fixture
def tab(browser, server, board_pages):
    """A tab of its own (its own sessionStorage and history)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bp = BoardPage(ctx.new_page(), server)
    bp.paths = board_pages
    yield bp
    assert bp.errors == []
    ctx.close()


def build_game_one(bp: BoardPage):
    """Game one over five entries: its link, then a § link before each later move. Returns
    the moves each entry holds, oldest first."""
    page = bp.page
    set_hash(page, "#moves=" + GAME_ONE[0])
    bp.move("d4", "c4")
    held = [GAME_ONE[:2]]
    for anchor, (frm, to), n in (("#board", ("e2", "g2"), 3), ("#sec-5-4", ("d6", "c6"), 4), ("#sec-5-1", ("h5", "g5"), 5)):
        set_hash(page, anchor)
        bp.move(frm, to)
        held.append(GAME_ONE[:n])
    assert bp.moves() == GAME_ONE
    return held


def test_back_that_skips_entries_and_forward_keep_every_move(tab):
    page = tab.page
    tab.open(tab.paths[(EALD, "de")])
    build_game_one(tab)
    set_hash(page, "#moves=e2-g2")                      # a second game
    assert tab.moves() == ["e2-g2"]
    page.evaluate("() => history.go(-3)")              # the long-press Back menu
    settle(page, 300)
    # the entry reached holds game one as it stood there: three moves
    assert tab.moves() == GAME_ONE[:3]
    page.go_forward()
    settle(page)
    assert tab.moves() == GAME_ONE[:4]
    page.go_forward()
    settle(page)
    assert tab.moves() == GAME_ONE                      # every move still there
    page.go_forward()
    settle(page)
    assert tab.moves() == ["e2-g2"]
    # three quick Back presses: where the page sees each step, it passes game one's last entry
    # first and keeps that newest copy over the older entries (as one Back at a time); where the
    # browser delivers only the last step, the board opens that entry's three moves, as
    # history.go(-3) does. Either way no entry is written over: Forward twice reaches every move.
    for _ in range(3):
        page.go_back(wait_until="commit")
    settle(page, 400)
    assert tab.moves() in (GAME_ONE, GAME_ONE[:3])
    page.go_forward()
    settle(page)
    page.go_forward()
    settle(page)
    assert tab.moves() == GAME_ONE
    assert page.evaluate("() => history.state.taflFragment") == "moves=" + ",".join(GAME_ONE)


def test_back_to_the_english_page_after_the_german_page_went_on_keeps_both_moves(tab):
    page = tab.page
    key = "tafl-kept:" + COPENHAGEN
    tab.open(tab.paths[(COPENHAGEN, "en")])
    tab.move("d1", "d3")
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert tab.moves() == ["d1-d3"]
    page.hover(".md-select")
    with page.expect_navigation():
        page.click('.md-select__link[hreflang="de"]')
    page.wait_for_selector('#board[data-lang="de"]')
    wait_ready(page)
    wait_idle(page)
    assert tab.moves() == ["d1-d3"]
    tab.move("h6", "h9")
    assert tab.moves() == ["d1-d3", "h6-h9"]
    page.go_back()
    page.wait_for_selector('#board[data-lang="en"]')
    wait_ready(page)
    settle(page, 300)
    kept = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k)).frag", key)
    assert kept == "moves=d1-d3,h6-h9"                   # never overwritten with fewer moves
    assert tab.moves() == ["d1-d3", "h6-h9"]
