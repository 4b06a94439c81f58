"""The position string under the board (docs/assets/board/positionstring.js) in a real browser:
the field shows the position as OpenTafl writes it (the position record tafl_core writes for the
same game, then the side to move), Copy puts it on the clipboard, and a string pasted (or
typed) and set up by button or Enter starts a new game there; a string that is no position
record, or a position the page's rules do not allow (two kings, another board's size), is
refused with the reason in the page's language and the game stays. Both languages.

Positions: Brandubh (7×7, variants_src/brandubh/rules.toml) after b4-b2 (an attacker of the
start layout); "/7/3T3/7/K6/4t2/2t2t1/7/" a Brandubh position with the king on a4
(tests/tafl_core/test_search_bridge.py); Copenhagen's start record is 11×11.
"""

from __future__ import annotations

import pytest

from conftest import ROOT, BoardPage, wait_idle
from tafl_core import Game, load_ruleset

pytestmark = pytest.mark.browser

REFUSED = {"de": "Diese Stellung lässt sich nicht aufstellen: ", "en": "This position cannot be set up: "}
DONE = {"de": "Stellung aufgestellt: Verteidiger am Zug.", "en": "Position set up: Defenders to move."}
KING_A4 = "/7/3T3/7/K6/4t2/2t2t1/7/"
COPENHAGEN_START = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"


@pytest.fixture()
def board_page(browser, server, board_pages):
    contexts = []

    def make(slug: str, lang: str) -> BoardPage:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        contexts.append(ctx)
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(slug, lang)])
        return bp

    yield make
    for ctx in contexts:
        ctx.close()


def field(page):
    return page.locator('#board [data-role="position-string-text"]')


def message(page) -> str:
    return page.locator('#board [data-role="position-string-message"]').text_content()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_position_string_shown_copied_and_set_up(board_page, lang):
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=b4-b2")
    game = Game(load_ruleset(ROOT / "variants_src" / "brandubh"))
    game.play("b4-b2")
    expected = f"{game.position().to_otn()} defenders"
    assert field(page).input_value() == expected
    page.click('#board [data-role="position-string-copy"]')
    page.wait_for_function("() => !document.querySelector('#board [data-role=\"position-string-message\"]').hidden")
    assert page.evaluate("() => navigator.clipboard.readText()") == expected

    # a string pasted and set up with the button: a new game there
    field(page).fill(f"  {KING_A4}   Defenders ")
    page.click('#board [data-role="position-string-set"]')
    page.wait_for_function(f"() => document.querySelector('#board').tbBoard.st.otn === '{KING_A4}'")
    wait_idle(page)
    assert message(page) == DONE[lang]
    st = page.evaluate("() => { const s = document.querySelector('#board').tbBoard.st; return {to_move: s.to_move, cursor: s.cursor}; }")
    assert st == {"to_move": "defenders", "cursor": 0}
    assert bp.pieces()["a4"] == "king"
    assert field(page).input_value() == f"{KING_A4} defenders"
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_position_string_refused_with_the_reason_and_the_game_stays(board_page, lang):
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=b4-b2")
    before = page.evaluate("() => document.querySelector('#board').tbBoard.st.otn")
    for text in ("/7/3T3/7/K5K/4t2/2t2t1/7/ attackers", COPENHAGEN_START, "hello", f"{KING_A4} nobody"):
        field(page).fill(text)
        field(page).press("Enter")                      # by keyboard
        page.wait_for_function("() => !document.querySelector('#board [data-role=\"position-string-message\"]').hidden")
        wait_idle(page)
        said = message(page)
        assert said.startswith(REFUSED[lang]), (text, said)
        why = said[len(REFUSED[lang]):]
        assert why and "_" not in why, (text, said)     # worded, not a code
        assert page.evaluate("() => document.querySelector('#board').tbBoard.st.otn") == before
        page.evaluate("() => { const m = document.querySelector('#board [data-role=\"position-string-message\"]'); m.hidden = true; }")
    # Escape gives the field back the position shown
    field(page).fill("/x/")
    field(page).press("Escape")
    assert field(page).input_value() == f"{before} defenders"
    assert bp.errors == []
