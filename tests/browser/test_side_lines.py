"""Side lines in the move list (docs/assets/board/sidelines.js, lines.js) in a real browser: in
analysis mode a move played at a past position starts a side line and the rest of the game
stays, shown indented beside the line played and collapsible; each of its moves is a jump (by
mouse and keyboard); a side line can be made the main line, and deleted; axe finds no violation
with side lines shown. Both languages.

The game: a random legal Brandubh game of 5 plies (seed 3; tests/tafl_core/test_review.py
_random_game), and at the position after its first ply another legal move than the game's.
"""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT, wait_idle
from test_a11y import AXE, SEVERE, run_axe

sys.path.insert(0, str(ROOT))
from tests.tafl_core.test_review import _random_game, _rules  # noqa: E402
from tafl_core import Game  # noqa: E402

pytestmark = pytest.mark.browser


def engine_line(page) -> list[str]:
    return page.evaluate("""() => { const st = document.querySelector('#board').tbBoard.st;
        return st.history.slice(0, st.cursor).map((h) => h.move).concat(st.future); }""")


def cursor(page) -> int:
    return page.evaluate("() => document.querySelector('#board').tbBoard.st.cursor")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_side_line_started_jumped_promoted_deleted(board_page, lang):
    moves = _random_game("brandubh", 3, 5)
    game = Game(_rules("brandubh"))
    game.play(moves[0])
    other = next(str(m) for m in game.legal_moves() if str(m) != moves[1])
    frm, to = other.split("-")
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=" + ",".join(moves))
    page.click('#board [data-action="analysis"]')
    page.click('#board [data-role="move-list"] button[data-goto="1"]')
    page.wait_for_selector('#board button[data-goto="1"][aria-current="step"]')
    wait_idle(page)
    bp.move(frm, to)
    page.wait_for_function("() => document.querySelector('#board').tbBoard.st.cursor === 2")

    # the side line is played; the game's own moves stay beside it, indented, after the row of ply 2
    assert engine_line(page) == [moves[0], other]
    block = page.locator('#board [data-role="move-list"] li.tb-side-lines[data-side-at="1"]')
    assert block.count() == 1
    main = block.locator('details[data-side-line="main"]')
    assert main.get_attribute("open") is not None
    assert main.locator("summary").text_content() == ("Hauptvariante: " if lang == "de" else "Main line: ") + moves[1]
    buttons = main.locator("button[data-side-ply]")
    assert [buttons.nth(k).get_attribute("data-side-ply") for k in range(buttons.count())] == ["2", "3", "4", "5"]
    # collapsible
    main.locator("summary").click()
    assert main.get_attribute("open") is None
    main.locator("summary").click()

    # a jump into the main line's moves (mouse): the engine plays the game again, the side line beside it
    main.locator('button[data-side-ply="4"]').click()
    page.wait_for_function("() => document.querySelector('#board').tbBoard.st.cursor === 4")
    wait_idle(page)
    assert engine_line(page) == moves
    side = page.locator('#board li.tb-side-lines details[data-side-line="0"]')
    assert side.locator("button[data-side-ply]").count() == 1
    # and back into the side line by keyboard
    side.locator('button[data-side-ply="2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#board').tbBoard.st.cursor === 2")
    wait_idle(page)
    assert engine_line(page) == [moves[0], other]
    page.wait_for_function("() => document.activeElement && document.activeElement.getAttribute('data-goto') === '2'")

    # promote the side line (from the main line): the board shows the same, the lines swap names
    page.locator('#board li.tb-side-lines details[data-side-line="main"] button[data-side-ply="3"]').click()
    page.wait_for_function("() => document.querySelector('#board').tbBoard.st.cursor === 3")
    wait_idle(page)
    page.locator('#board li.tb-side-lines button[data-side-action="promote"]').click()
    assert engine_line(page) == moves
    assert page.locator('#board li.tb-side-lines details[data-side-line="main"] summary').text_content().endswith(other)

    # back on the (new) main line, delete the side line (the game as first loaded)
    page.locator('#board li.tb-side-lines details[data-side-line="main"] button[data-side-ply="2"]').click()
    page.wait_for_function("() => document.querySelector('#board').tbBoard.st.cursor === 2")
    wait_idle(page)
    assert engine_line(page) == [moves[0], other]
    delete = page.locator('#board li.tb-side-lines details[data-side-line="0"] button[data-side-action="delete"]')
    delete.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#board li.tb-side-lines')")
    assert engine_line(page) == [moves[0], other]
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_finds_no_violation_with_side_lines(board_page, lang):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node`")
    moves = _random_game("brandubh", 3, 5)
    game = Game(_rules("brandubh"))
    game.play(moves[0])
    other = next(str(m) for m in game.legal_moves() if str(m) != moves[1])
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=" + ",".join(moves))
    page.click('#board [data-action="analysis"]')
    page.click('#board [data-role="move-list"] button[data-goto="1"]')
    page.wait_for_selector('#board button[data-goto="1"][aria-current="step"]')
    wait_idle(page)
    bp.move(*other.split("-"))
    page.wait_for_selector('#board li.tb-side-lines')
    wait_idle(page)
    bad = [v for v in run_axe(page, AXE.read_text(encoding="utf-8")) if v["impact"] in SEVERE]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in bad)
