"""Hostile and odd use of the board's new features in a real browser: the first move before the
engine is ready (firstmove.js), a kept game (keep.js) that is another variant's, a game record
file with Windows line ends (analysis.js), and the computer opponent (opponent.js) while it
thinks (Restart, Hint, switching side or level, rapid toggling) and when it ends the game.

Positions and moves are Brandubh's (variants_src/brandubh/rules.toml: 7×7, attackers first
(§5.1), only the king may stop on a corner (§5.2), the king escapes to a corner (§4)) and
Ealdfæder Tæfl's (variants_src/ealdfaeder-taefl: 9×9).
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready
from test_opponent import STALE_WAIT_MS, computer_done, fresh, opponent_on, plies  # noqa: F401 (fixture)
from test_startup import PYODIDE, Held, mounted

pytestmark = pytest.mark.browser

BRANDUBH = "brandubh"


def engine_state(bp):
    return bp.page.evaluate("document.querySelector('#board').tbBoard.st")


# ---------------------------------------------------------------- the early first move

def test_odd_clicks_before_the_engine_is_ready(browser, server, board_pages):
    """While Pyodide is held back: an empty square, the other side's piece, a corner the
    attacker may not enter, a piece clicked twice and a double click on a target move nothing
    wrong; exactly one first move is shown, and the engine, once ready, has played that one."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(BRANDUBH, "en")])
        mounted(bp.page)
        start = bp.pieces()
        bp.click("a2")                    # empty
        bp.click("c4")                    # a defender: the attackers move first (§5.1)
        assert bp.pieces() == start and bp.moves() == []
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        bp.click("d1")                    # the same piece again: deselected
        assert bp.targets() == []
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        bp.click("a1")                    # a corner (§5.2): no target of the attacker
        assert bp.moves() == []
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        loc = bp.square("c1")
        loc.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        loc.dblclick()                    # two clicks on the target: one move
        assert bp.moves() == ["d1-c1"]
        undo = bp.page.locator('#board [data-action="undo"]')
        undo.click(force=True)            # Undo before the engine is ready
        held.release()
        wait_ready(bp.page)
        wait_idle(bp.page)
        st = engine_state(bp)
        shown = bp.moves()
        assert not st.get("provisional")
        assert [h["move"] for h in st["history"][:st["cursor"]]] == shown   # the list is the engine's game
        assert shown in (["d1-c1"], [])
        assert bp.errors == [] and bp.dialogs == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- kept games

EALD = "ealdfaeder-taefl"
COPENHAGEN_LAYOUT = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"


@pytest.mark.parametrize("frag", [
    f"pos={COPENHAGEN_LAYOUT}&turn=attackers",   # another variant's 11×11 position on a 9×9 board
    "alt=no_such_rule&moves=d1-d3",               # a switch no rule of the page has
    "pos=/9/9/9/9/9/9/9/9/9/&turn=attackers",     # no king
])
def test_a_kept_game_of_another_variant_is_ignored(browser, server, board_pages, frag):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(EALD, "en")])
        start = bp.pieces()
        bp.page.evaluate("([k, v]) => sessionStorage.setItem(k, v)",
                         ["tafl-kept:" + EALD, '{"v": 1, "frag": "%s"}' % frag])
        bp.page.reload()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.pieces() == start and bp.moves() == []
        assert bp.message() == ""
        assert bp.page.evaluate("(k) => sessionStorage.getItem(k)", "tafl-kept:" + EALD) is None
        assert bp.errors == [] and bp.dialogs == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- a record file with CR LF

def test_a_windows_record_file_names_and_selects_its_bad_line(open_board):
    """A file saved with CR LF line ends whose third line is no move: the refusal names line 3
    and the field selects it (the textarea holds LF line ends only)."""
    bp = open_board(BRANDUBH, "en")
    bp.start()
    text = "1. d1-c1 c4-c2\r\n2. c1-b1 c2-c3\r\nzz-top\r\n"
    bp.page.click('#board button[data-record="import"]')
    bp.page.set_input_files('#board input[data-role="import-file"]',
                            files=[{"name": "game.otg", "mimeType": "text/plain", "buffer": text.encode()}])
    bp.page.wait_for_function("() => { const m = document.querySelector('#board [data-role=\"import-message\"]');"
                              " return !m.hidden && m.textContent.includes('line 3'); }")
    wait_idle(bp.page)
    assert "line 3: 'zz-top' is not a move" in bp.page.eval_on_selector(
        '#board [data-role="import-message"]', "e => e.textContent")
    sel = bp.page.eval_on_selector('#board textarea[data-role="import-text"]',
                                   "e => e.value.slice(e.selectionStart, e.selectionEnd)")
    assert sel == "zz-top"
    assert bp.moves() == []
    bp.page.click('#board button[data-record="import"]')   # close the panel again
    assert bp.errors == []


# ---------------------------------------------------------------- the opponent while it thinks

def think_on_b4_b2(fresh):
    bp = fresh(BRANDUBH, "en")
    opponent_on(bp, "attackers", level="strong")
    bp.move("b4", "b2")
    assert bp.attr("data-thinking") == "move"
    return bp


def test_restart_during_thinking(fresh):
    bp = think_on_b4_b2(fresh)
    bp.action("reset")
    assert bp.attr("data-thinking") is None
    bp.page.wait_for_timeout(STALE_WAIT_MS)   # a stale answer would have arrived by now
    computer_done(bp)
    assert plies(bp) == []                    # the reader (attackers) to move at the start
    assert engine_state(bp)["to_move"] == "attackers"
    assert bp.errors == []


def test_hint_during_thinking_changes_nothing(fresh):
    bp = think_on_b4_b2(fresh)
    bp.page.click('#board [data-action="hint"]', force=True)
    assert bp.attr("data-hint") is None
    computer_done(bp)
    got = plies(bp)
    assert [p["side"] for p in got] == ["attackers", "defenders"]   # one answer, no more
    assert bp.attr("data-hint") is None and bp.errors == []


def test_switching_side_during_thinking_stops_it(fresh):
    bp = think_on_b4_b2(fresh)
    bp.page.check('#board [data-opponent-side="defenders"]')   # now the reader is to move
    assert bp.attr("data-opponent") == "attackers"
    assert bp.attr("data-thinking") is None
    bp.page.wait_for_timeout(STALE_WAIT_MS)
    computer_done(bp)
    assert [p["notation"] for p in plies(bp)] == ["b4-b2"]
    assert bp.errors == []


def test_switching_level_during_thinking_gives_one_answer(fresh):
    bp = think_on_b4_b2(fresh)
    bp.page.select_option("#board [data-opponent-level]", "beginner")
    computer_done(bp)
    bp.page.wait_for_timeout(STALE_WAIT_MS)
    computer_done(bp)
    assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
    assert bp.errors == []


def test_rapid_toggling_ends_in_one_answer(fresh):
    bp = think_on_b4_b2(fresh)
    box = bp.page.locator("#board [data-opponent-toggle]")
    for _ in range(9):        # off, on, off, ... ending off after an odd number
        box.click()
    assert not box.is_checked()
    assert bp.attr("data-thinking") is None
    box.click()               # on: the computer (defenders) is to move and answers once
    computer_done(bp)
    bp.page.wait_for_timeout(STALE_WAIT_MS)
    computer_done(bp)
    assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
    assert bp.errors == []


def test_the_computer_ends_the_game(fresh):
    """The king on a2 beside the corner a1, defenders (the computer) to move: the computer
    escapes (§4), the game is over, nothing thinks any more and the hint is off."""
    bp = fresh(BRANDUBH, "en")
    opponent_on(bp, "attackers", level="beginner")
    bp.load("#pos=/7/K6/7/7/7/4t2/7/&turn=defenders")
    computer_done(bp)
    st = engine_state(bp)
    assert st["result"] and st["result"]["winner"] == "defenders"
    assert bp.attr("data-thinking") is None
    assert bp.page.locator('#board [data-action="hint"]').is_disabled()
    bp.page.wait_for_timeout(500)
    assert engine_state(bp)["cursor"] == 1 and bp.errors == []


def test_a_link_opened_after_an_early_move_wins(browser, server, board_pages):
    """An early first move, then a share link opened (hashchange) while the engine still
    starts: once ready, the board shows the link's game, not the early move on top of it."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(BRANDUBH, "en")])
        mounted(bp.page)
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        bp.click("c1")
        assert bp.moves() == ["d1-c1"]
        bp.page.evaluate("() => { location.hash = '#moves=d1-e1'; }")
        held.release()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.moves() == ["d1-e1"]
        st = engine_state(bp)
        assert [h["move"] for h in st["history"][:st["cursor"]]] == ["d1-e1"]
        assert bp.errors == [] and bp.dialogs == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,words", [
    ("en", "line 3: the result tag says 1, but the moves end the game otherwise"),
    ("de", "Zeile 3: das Ergebnis 1 passt nicht dazu, wie die Züge die Partie beenden"),
])
def test_a_result_tag_the_moves_contradict_is_refused(open_board, lang, words):
    """The king on a2 steps into the corner a1 (§4: the defenders win, result -1), but the
    record's result tag says 1 (the attackers won): refused at the tag's line, game kept."""
    bp = open_board(BRANDUBH, lang)
    bp.start()
    before = bp.pieces()
    text = "[position:/7/K6/7/7/7/4t2/7/]\n[start-side:defenders]\n[result:1]\n\n1. a2-a1\n"
    bp.page.click('#board button[data-record="import"]')
    bp.page.fill('#board textarea[data-role="import-text"]', text)
    bp.page.click('#board button[data-record="import-run"]')
    wait_idle(bp.page)
    msg = bp.page.eval_on_selector('#board [data-role="import-message"]', "e => e.hidden ? '' : e.textContent")
    assert words in msg
    assert bp.pieces() == before and bp.moves() == []
    bp.page.click('#board button[data-record="import"]')   # close the panel again
    assert bp.errors == []
