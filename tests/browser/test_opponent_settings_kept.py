"""Play against the computer goes on as it was after a reload and the language switch
(docs/assets/board/opponent.js restore, keep.js opponentKey): the reader's side, the level and
"on" are the ones the reader chose, so the computer never moves the reader's pieces; a reload
while the computer searches ends with the computer's answer, not with a move for the reader.

Brandubh (variants_src/brandubh: 7×7, attackers first): the reader takes the defenders, so the
computer (the attackers) opens; the reader's move is one the board offers (a defender's legal
target), as the computer's opening is its own choice.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

BRANDUBH = "brandubh"
KEY = "tafl-opponent:" + BRANDUBH


@pytest.fixture
def tab(browser, server, board_pages):
    """A tab of its own (its own sessionStorage), on Brandubh's German page."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bp = BoardPage(ctx.new_page(), server)
    bp.paths = {lang: board_pages[(BRANDUBH, lang)] for lang in ("de", "en")}
    bp.open(bp.paths["de"])
    yield bp
    ctx.close()


def computer_done(bp: BoardPage):
    bp.page.wait_for_selector("#board[data-state=ready]:not([data-thinking]):not([aria-busy])", timeout=60_000)
    wait_idle(bp.page)


def settings(bp: BoardPage) -> dict:
    """What the controls and the root say of play against the computer."""
    return bp.page.evaluate("""() => {
        const root = document.querySelector('#board');
        const side = root.querySelector('[data-opponent-side]:checked');
        return {on: root.querySelector('[data-opponent-toggle]').checked,
                human: side ? side.value : null,
                level: root.querySelector('[data-opponent-level]').value,
                computer: root.getAttribute('data-opponent')};
    }""")


def sides(bp: BoardPage) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.dataset.side)")


def defender_move(bp: BoardPage) -> tuple[str, str]:
    """A move of the defenders the board offers now (the first movable defender's first target)."""
    for sq, kind in sorted(bp.pieces().items()):
        if kind != "defender":
            continue
        bp.click(sq)
        try:
            bp.page.wait_for_selector("#board [data-target]", timeout=2000)
        except Exception:  # noqa: BLE001 - a piece without a move: the next one
            continue
        targets = bp.targets()
        if targets:
            return sq, targets[0]
    raise AssertionError("no defender can move")


def start_against_the_computer(bp: BoardPage, level: str):
    page = bp.page
    page.select_option("#board [data-opponent-level]", level)
    page.check('#board [data-opponent-side="defenders"]')
    page.check("#board [data-opponent-toggle]")
    computer_done(bp)  # the computer (attackers) opens


def test_a_reload_and_the_language_switch_keep_the_readers_side_and_level(tab):
    start_against_the_computer(tab, "easy")
    assert sides(tab) == ["attackers"]
    frm, to = defender_move(tab)
    tab.click(to)
    computer_done(tab)
    assert sides(tab) == ["attackers", "defenders", "attackers"]
    want = {"on": True, "human": "defenders", "level": "easy", "computer": "attackers"}
    assert settings(tab) == want

    tab.page.reload()
    wait_ready(tab.page)
    computer_done(tab)
    assert settings(tab) == want
    # the reader (defenders) is to move; the computer moved none of the reader's pieces
    assert sides(tab) == ["attackers", "defenders", "attackers"]
    assert tab.attr("data-to-move") == "defenders"

    page = tab.page
    page.hover(".md-select")
    with page.expect_navigation():
        page.click('.md-select__link[hreflang="en"]')
    page.wait_for_selector('#board[data-lang="en"]')
    wait_ready(page)
    computer_done(tab)
    assert settings(tab) == want
    assert sides(tab) == ["attackers", "defenders", "attackers"]
    assert tab.attr("data-to-move") == "defenders"
    assert tab.errors == []


def test_a_reload_during_the_computers_search_ends_with_its_answer(tab):
    start_against_the_computer(tab, "strong")  # 1 s a move: time to reload meanwhile
    frm, to = defender_move(tab)
    tab.click(to)
    tab.page.wait_for_selector("#board[data-thinking]")
    tab.page.reload()
    wait_ready(tab.page)
    computer_done(tab)
    assert settings(tab) == {"on": True, "human": "defenders", "level": "strong", "computer": "attackers"}
    # the reader's move was kept, and the computer answered it: the reader is to move again
    assert sides(tab) == ["attackers", "defenders", "attackers"]
    assert tab.attr("data-to-move") == "defenders"
    assert tab.errors == []
