"""The reader's comments on moves (docs/assets/board/movenotes.js, notedata.js) in a real
browser: a comment and a mark written for the position shown (a move, or the start) appear in
the move list (the mark after the move, the comment under its row), follow the game's line
(another move before them: gone), and travel in the exported OpenTafl record as comments,
which tafl_core reads back; by keyboard, in both languages, with axe finding no violation.

The game: Brandubh b4-b2, d5-e5 (tests/browser/test_analysis_mode.py).
"""

from __future__ import annotations

import pytest

from conftest import ROOT, wait_idle
from tafl_core import load_ruleset
from tafl_core.records import read_record
from test_a11y import AXE, SEVERE, run_axe

pytestmark = pytest.mark.browser

LABEL = {"de": "Kommentar zu 1. Verteidiger: d5-e5", "en": "Comment on 1. Defenders: d5-e5"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_comments_and_marks_shown_and_exported(board_page, lang):
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=b4-b2,d5-e5")
    editor = page.locator('#board [data-role="move-note"]')
    assert editor.is_visible()
    assert editor.locator("label").first.text_content() == LABEL[lang]
    # by keyboard: the text, then the mark (saved on change)
    text = page.locator('#board [data-role="note-text"]')
    text.focus()
    page.keyboard.type("A quiet reply")
    page.keyboard.press("Tab")                                   # leaves the field: saved
    page.locator('#board [data-role="note-mark"]').select_option("!?")
    page.wait_for_selector('#board button[data-goto="2"] .tb-note-mark[data-mark="!?"]')
    assert page.locator('#board [data-note-ply="2"]').text_content() == "A quiet reply"
    # the start takes a comment (no mark)
    page.click('#board button[data-goto="0"]')
    page.wait_for_selector('#board button[data-goto="0"][aria-current="step"]')
    wait_idle(page)
    assert page.locator('#board [data-role="note-mark"]').is_disabled()
    text.fill("Test game")
    page.click('#board [data-role="note-save"]')
    page.wait_for_selector('#board [data-note-ply="0"]')

    # the exported record (the whole game: back at the end first) carries both
    page.click('#board button[data-goto="2"]')
    page.wait_for_selector('#board button[data-goto="2"][aria-current="step"]')
    wait_idle(page)
    assert text.input_value() == "A quiet reply"                  # the field shows the move's comment
    page.click('#board [data-record="export"]')
    page.wait_for_function("() => document.querySelector('#board [data-role=\"export-text\"]').value.includes('quiet')")
    exported = page.locator('#board [data-role="export-text"]').input_value()
    rec = read_record(load_ruleset(ROOT / "variants_src" / "brandubh"), exported)
    assert dict(rec.comments) == {0: "Test game", 2: "!? A quiet reply"}

    # another move at ply 1: the comment on ply 2 belongs to the other line, not shown
    page.click('#board button[data-goto="1"]')
    page.wait_for_selector('#board button[data-goto="1"][aria-current="step"]')
    wait_idle(page)
    bp.move("c4", "b4")
    assert page.locator('#board [data-note-ply="2"]').count() == 0
    assert page.locator('#board [data-note-ply="0"]').count() == 1
    # delete the start's comment
    page.click('#board button[data-goto="0"]')
    page.wait_for_selector('#board button[data-goto="0"][aria-current="step"]')
    wait_idle(page)
    page.click('#board [data-role="note-delete"]')
    assert page.locator('#board [data-note-ply="0"]').count() == 0
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_finds_no_violation_with_comments(board_page, lang):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node`")
    bp = board_page("brandubh", lang)
    page = bp.page
    bp.load("#moves=b4-b2,d5-e5")
    page.locator('#board [data-role="note-text"]').fill("A comment")
    page.locator('#board [data-role="note-mark"]').select_option("?!")
    page.wait_for_selector('#board [data-note-ply="2"]')
    wait_idle(page)
    bad = [v for v in run_axe(page, AXE.read_text(encoding="utf-8")) if v["impact"] in SEVERE]
    assert not bad, "\n".join(f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in bad)
