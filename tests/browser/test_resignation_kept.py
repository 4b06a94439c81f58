"""A resignation is part of the game (docs/assets/board/controller.js declare, address.js `end`
part, tafl_core.bridge export_record `end`): it is in the exported record's result and
termination, in the kept game (a reload shows the game over), and in a shared link; one Undo
takes back the resignation alone, and the game goes on from where it stood.

Brandubh (variants_src/brandubh: 7×7, attackers first, §5.1): the reader plays the attackers
against the computer, moves the attacker b4 to b2 (b3, b2 empty in the start layout), the
computer answers, and the reader resigns: the defenders win.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

BRANDUBH = "brandubh"
KEY = "tafl-kept:" + BRANDUBH
RESIGNED = "Game over: Attackers resign, Defenders win."


@pytest.fixture
def browser_tab(browser, server, board_pages):
    """tab() -> a BoardPage on Brandubh's English page in a context of its own."""
    contexts = []

    def tab(fragment: str = "") -> BoardPage:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(BRANDUBH, "en")], fragment)
        return bp

    yield tab
    for ctx in contexts:
        ctx.close()


def settle(bp: BoardPage):
    wait_ready(bp.page)
    bp.page.wait_for_selector("#board[data-state=ready]:not([data-thinking]):not([aria-busy])", timeout=60_000)
    wait_idle(bp.page)


def sides(bp: BoardPage) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.dataset.side)")


def status(bp: BoardPage) -> str:
    return bp.page.eval_on_selector('#board [data-role="status"]', "e => e.hidden ? '' : e.textContent")


def export_tags(bp: BoardPage) -> dict[str, str]:
    page = bp.page
    if page.is_hidden('#board textarea[data-role="export-text"]'):
        page.click('#board button[data-record="export"]')
    page.check('#board input[data-record-format="opentafl"]')
    page.wait_for_function("""() => document.querySelector('#board textarea[data-role="export-text"]').value.startsWith('[')""")
    wait_idle(page)
    text = page.input_value('#board textarea[data-role="export-text"]')
    return dict(line[1:-1].split(":", 1) for line in text.splitlines() if line.startswith("[") and ":" in line)


def test_a_resignation_is_exported_kept_and_linked_and_one_undo_takes_it_back(browser_tab):
    bp = browser_tab()
    page = bp.page
    page.select_option("#board [data-opponent-level]", "beginner")
    page.check('#board [data-opponent-side="attackers"]')
    page.check("#board [data-opponent-toggle]")
    bp.move("b4", "b2")
    settle(bp)
    assert sides(bp) == ["attackers", "defenders"]
    moves = bp.moves()
    page.click('#board [data-opponent-action="resign"]')
    wait_idle(page)
    assert bp.attr("data-ended") == "resigned" and status(bp) == RESIGNED

    # the exported record: the defenders win, by the attackers' resignation (OpenTafl's words)
    t = export_tags(bp)
    assert t["result"] == "-1" and t["termination"] == "Attacker resigns", t
    # the kept game and the shared link hold it
    kept = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k))", KEY)
    assert kept["frag"].endswith("&end=resign-attackers"), kept
    bp.action("share")
    link = page.input_value('#board [data-role="share-link"]')
    assert link.endswith("&end=resign-attackers"), link

    # a reload shows the game over, and it stays over: no move, no computer's move
    page.reload()
    settle(bp)
    assert bp.moves() == moves
    assert bp.attr("data-ended") == "resigned" and status(bp) == RESIGNED
    bp.click("d1")  # an attacker of the start layout: refused, saying that the game is over
    assert bp.message() == RESIGNED
    assert page.locator("#board [data-target]").count() == 0

    # the link opened in another tab: the same game, over by the same resignation
    other = browser_tab("#" + link.split("#", 1)[1])
    settle(other)
    assert other.moves() == moves
    assert other.attr("data-ended") == "resigned" and status(other) == RESIGNED
    other.click("d1")
    assert other.message() == RESIGNED
    assert export_tags(other)["termination"] == "Attacker resigns"

    # one Undo takes back the resignation, not the moves
    bp.action("undo")
    settle(bp)
    assert bp.attr("data-ended") is None
    assert bp.moves() == moves
    assert bp.attr("data-to-move") == "attackers"
    kept = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k))", KEY)
    assert "end=" not in kept["frag"]
    assert export_tags(bp)["result"] == "?"
    # the next Undo takes back the reader's move and the computer's answer, as before
    bp.action("undo")
    settle(bp)
    assert bp.moves() == []
    assert bp.errors == [] and other.errors == []


def test_a_resignation_at_the_start_is_kept_and_taken_back_by_undo(browser_tab):
    bp = browser_tab()
    page = bp.page
    page.check('#board [data-opponent-side="attackers"]')
    page.check("#board [data-opponent-toggle]")
    page.click('#board [data-opponent-action="resign"]')
    wait_idle(page)
    assert bp.attr("data-ended") == "resigned"
    assert page.is_enabled('#board [data-action="undo"]')
    page.reload()
    settle(bp)
    assert bp.attr("data-ended") == "resigned" and bp.moves() == []
    bp.action("undo")
    settle(bp)
    assert bp.attr("data-ended") is None and bp.moves() == []
    assert bp.errors == []
