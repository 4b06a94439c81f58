"""The game review on the board (docs/assets/board/review.js) in a real browser: "Partie
analysieren" / "Review game" in the toolbar runs the review in the engine worker with a progress
bar and a Cancel; every move that lets the other side win at once where another move did not is
marked ``??`` in the move list (the reference plays every reply through tafl_core's public
``Game.play``/``Game.undo``); the evaluation graph's points jump to their positions by mouse and
keyboard; the exported OpenTafl record carries the marks as comments; the board answers while a
review runs; axe finds no violation with the review open. Both languages.

The games: random Brandubh games in which every third ply the mover lets the other side win at
once where it can (tests/tafl_core/test_review.py, seeds 0 and 1).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT, BoardPage, wait_idle
from test_a11y import AXE, SEVERE, run_axe

sys.path.insert(0, str(ROOT))
from tests.tafl_core.test_review import _game_with_blunders, _lets_win_reference  # noqa: E402
from tafl_core import Game, load_ruleset  # noqa: E402

pytestmark = pytest.mark.browser

DONE = {"de": re.compile(r"^Partieanalyse fertig: (\d+) Züge geprüft\.$"),
        "en": re.compile(r"^Game review done: (\d+) moves checked\.$")}
STOPPED = {"de": re.compile(r"^Partieanalyse abgebrochen: (\d+) von (\d+) Zügen geprüft\.$"),
           "en": re.compile(r"^Game review cancelled: (\d+) of (\d+) moves checked\.$")}


def blunder_plies(moves: list[str]) -> set[int]:
    """The plies (1-based) whose move let the other side win at once where another did not."""
    game = Game(load_ruleset(ROOT / "variants_src" / "brandubh"))
    out = set()
    for i, text in enumerate(moves, 1):
        mv = game.parse_move(text)
        if _lets_win_reference(game, mv) and any(not _lets_win_reference(game, m) for m in game.legal_moves()):
            out.add(i)
        game.play(text)
    return out


def status(page) -> str:
    return page.locator('#board [data-role="review-status"]').text_content()


def wait_done(page, lang):
    page.wait_for_function("""() => { const p = document.querySelector('#board [data-role="review-progress"]');
        const c = document.querySelector('#board [data-role="review-cancel"]');
        return p && c && p.hidden && c.hidden; }""", timeout=180_000)
    assert DONE[lang].match(status(page)), status(page)


def cursor(page) -> int:
    return page.evaluate("() => document.querySelector('#board').tbBoard.st.cursor")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_review_marks_blunders_graph_jumps_and_export(board_page, lang):
    moves = _game_with_blunders("brandubh", 0, 24)
    blunders = blunder_plies(moves)
    assert blunders, "the generated game holds such moves: the check is not empty"
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=" + ",".join(moves))
    button = page.locator('#board [data-action="review"]')
    assert button.is_enabled()
    button.click()
    panel = page.locator('#board [data-role="review"]')
    assert panel.is_visible()
    assert button.is_disabled()      # one review at a time
    wait_done(page, lang)
    assert int(DONE[lang].match(status(page)).group(1)) == len(moves)
    assert button.is_enabled()

    # the move list: every reference blunder marked ??, its label says so
    for ply in blunders:
        b = page.locator(f'#board [data-role="move-list"] button[data-goto="{ply}"]')
        assert b.get_attribute("data-review-mark") == "??", ply
        assert b.locator(".tb-review-mark").text_content() == "??"
        assert ("Patzer" if lang == "de" else "blunder") in b.get_attribute("aria-label")
    summary = page.locator('#board [data-role="review-summary"]').text_content()
    assert ("??" in summary) and (("Angreifer" if lang == "de" else "Attackers") in summary)

    # the graph: the start and every ply a point; a click jumps there
    points = page.locator('#board [data-role="review-graph"] [data-goto-ply]')
    assert points.count() == len(moves) + 1
    first = min(blunders)
    page.locator(f'#board [data-role="review-graph"] [data-goto-ply="{first}"] .tb-review-hit').click()
    page.wait_for_selector(f'#board button[data-goto="{first}"][aria-current="step"]')
    assert cursor(page) == first
    assert page.locator(f'#board [data-goto-ply="{first}"]').get_attribute("aria-current") == "step"
    shown = page.locator('#board [data-role="review-move"]')
    assert shown.is_visible() and shown.text_content().startswith(f"{moves[first - 1]} ??")

    # the keyboard: one stop (the point shown), ←/→/Home/End step, Enter jumps
    stop = page.locator('#board [data-role="review-graph"] [tabindex="0"]')
    assert stop.count() == 1 and stop.get_attribute("data-goto-ply") == str(first)
    stop.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f'#board button[data-goto="{first + 1}"][aria-current="step"]')
    page.wait_for_function(f"() => document.activeElement && document.activeElement.getAttribute('data-goto-ply') === '{first + 1}'")
    page.keyboard.press("Home")
    page.wait_for_selector('#board button[data-goto="0"][aria-current="step"]')
    page.wait_for_function("() => document.activeElement && document.activeElement.getAttribute('data-goto-ply') === '0'")
    page.keyboard.press("End")
    page.wait_for_selector(f'#board button[data-goto="{len(moves)}"][aria-current="step"]')
    page.locator(f'#board [data-goto-ply="{first}"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#board button[data-goto="{first}"][aria-current="step"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'#board button[data-goto="{len(moves)}"][aria-current="step"]')
    wait_idle(page)

    # the exported record: the marks as OpenTafl comments, on the moves' lines
    page.click('#board [data-record="export"]')
    page.wait_for_function("() => document.querySelector('#board [data-role=\"export-text\"]').value.includes('[')")
    text = page.locator('#board [data-role="export-text"]').input_value()
    comment_lines = [line for line in text.splitlines() if re.match(r"^\[(?![a-z-]+:)", line)]
    assert any("??" in line for line in comment_lines), text
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_review_cancel_keeps_what_was_reviewed_and_the_board_answers_meanwhile(board_page, lang):
    moves = _game_with_blunders("brandubh", 1, 40)
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=" + ",".join(moves))
    page.click('#board [data-action="review"]')
    page.wait_for_function("() => document.querySelector('#board [data-role=\"review-progress\"]').value >= 2", timeout=120_000)
    # the board answers between two slices: a jump in the move list is shown at once
    page.click('#board [data-role="move-list"] button[data-goto="1"]')
    page.wait_for_selector('#board button[data-goto="1"][aria-current="step"]', timeout=5_000)
    assert not page.locator('#board [data-role="review-progress"]').is_hidden()
    cancel = page.locator('#board [data-role="review-cancel"]')
    cancel.focus()
    page.keyboard.press("Enter")                # by keyboard
    page.wait_for_function("() => document.querySelector('#board [data-role=\"review-progress\"]').hidden")
    m = STOPPED[lang].match(status(page))
    assert m and 0 < int(m.group(1)) < int(m.group(2)) == len(moves), status(page)
    # what was reviewed stays: its points in the graph; another review can begin
    assert page.locator('#board [data-role="review-graph"] [data-goto-ply]').count() >= 2
    assert page.locator('#board [data-action="review"]').is_enabled()
    page.click('#board [data-role="review-close"]')
    assert page.locator('#board [data-role="review"]').is_hidden()
    assert bp.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_finds_no_violation_with_the_review_open(browser, server, board_pages, lang, scheme):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node`")
    moves = _game_with_blunders("brandubh", 0, 12)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        _axe_with_review(BoardPage(ctx.new_page(), server), board_pages[("brandubh", lang)], moves, lang)
    finally:
        ctx.close()


def _axe_with_review(bp, path, moves, lang):
    bp.open(path)
    page = bp.page
    bp.load("#moves=" + ",".join(moves))
    page.click('#board [data-action="review"]')
    wait_done(page, lang)
    marked = page.locator('#board button[data-review-mark]')
    assert marked.count() > 0
    marked.first.click()           # the position shown: a marked move, its mark on the current entry
    wait_idle(page)
    bad = [v for v in run_axe(page, AXE.read_text(encoding="utf-8")) if v["impact"] in SEVERE]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in bad)
