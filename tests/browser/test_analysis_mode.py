"""Analysis mode on the board (docs/assets/board/analysismode.js) in a real browser: switched on
from the toolbar, the engine's best line and a plain evaluation stay on screen; on the focused
board the bare ←/→/Home/End step through the game (the move list's cursor moves) and the line
and evaluation follow the position shown; switched off, the bare arrows step no more.

The game: Brandubh b4-b2, d5-e5 (the attackers move first, §5.1; b4 an attacker and d5 a
defender of the start layout in variants_src/brandubh/rules.toml).
"""

from __future__ import annotations

import re

import pytest

from conftest import wait_idle

pytestmark = pytest.mark.browser

EVAL = {"de": re.compile(r"^Bewertung: (ausgeglichen|(Angreifer|Verteidiger) (besser|gewinnen))"),
        "en": re.compile(r"^Evaluation: (balanced|(Attackers|Defenders) (better|winning|win by force))")}

SETTLED = """() => { const e = document.querySelector('#board [data-role="evaluation"]');
    const line = document.querySelector('#board [data-role="best-line"]');
    const st = document.querySelector('#board').tbBoard.st;
    return e && e.hasAttribute('data-grade') && line && !line.hidden && line.textContent.length > 0
        ? { text: e.textContent, line: line.textContent, cursor: st.cursor, toMove: st.to_move, movable: st.movable } : null; }"""


def analysed(page):
    page.wait_for_function(SETTLED, timeout=60_000)
    return page.evaluate(SETTLED)


def first_move_from(line: str) -> str:
    m = re.search(r"([a-z]\d{1,2})-[a-z]\d{1,2}", line)
    assert m, line
    return m.group(1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_analysis_mode_line_evaluation_and_bare_arrow_keys(board_page, lang):
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=b4-b2,d5-e5")
    button = page.locator('#board [data-action="analysis"]')
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    a = analysed(page)
    assert EVAL[lang].match(a["text"]), a
    assert a["cursor"] == 2 and a["toMove"] == "attackers"
    assert first_move_from(a["line"]) in a["movable"], a  # the line begins with a move of the side to move

    page.locator("#board .tb-svg").focus()
    page.keyboard.press("Home")
    page.wait_for_selector('#board button[data-goto="0"][aria-current="step"]')
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#board button[data-goto="1"][aria-current="step"]')
    wait_idle(page)
    b = analysed(page)
    assert b["cursor"] == 1 and b["toMove"] == "defenders", b
    assert EVAL[lang].match(b["text"]), b
    assert first_move_from(b["line"]) in b["movable"], b  # now a defenders' line

    button.click()  # off: the bare arrow moves the focus square, not the game
    assert page.locator('#board [data-role="analysis-mode"]').is_hidden()
    page.locator("#board .tb-svg").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert page.eval_on_selector("#board", "e => e.tbBoard.st.cursor") == 1
    assert bp.errors == []


LOG_CALLS = """() => { const b = document.querySelector('#board').tbBoard;
    if (b.engine.tbLog) return; b.engine.tbLog = [];
    const call = b.engine.call.bind(b.engine);
    b.engine.call = (cmd, args) => { b.engine.tbLog.push(cmd); return call(cmd, args); }; }"""


def test_an_assumption_switched_starts_a_new_analysis(board_page):
    """The same position under other rules is another question: after the king's capture is
    switched (Brandubh's assumption king_capture, alternative custodial), the evaluation and
    line shown come from a search begun after the switch, not from the old rules' search."""
    bp = board_page("brandubh", "en")
    page = bp.page
    bp.move("b4", "b2")
    page.evaluate(LOG_CALLS)
    bp.action("analysis")
    analysed(page)
    page.check('#board [data-alternative="king_capture"]')
    wait_idle(page)
    page.wait_for_function("""() => { const log = document.querySelector('#board').tbBoard.engine.tbLog;
        return log.lastIndexOf('search_start') > log.lastIndexOf('new_game'); }""", timeout=20_000)
    log = page.evaluate("() => document.querySelector('#board').tbBoard.engine.tbLog")
    assert "new_game" in log
    got = analysed(page)
    assert EVAL["en"].match(got["text"]), got
    assert got["cursor"] == 1
    assert bp.errors == []
