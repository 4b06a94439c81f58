"""The board's opponent and hint in a real browser (docs/assets/board/opponent.js,
notes/CONTRACTS.md "Opponent and hint").

What the opponent promises, checked here: "Play against the computer" with a side and a level; the
computer's move comes from the worker (sliced search) with a visible thinking state, as a legal
move of its side after which the reader is to move again; Undo during its thinking cancels it
(no computer move arrives afterwards, however long one waits); Undo after its answer takes back
the reader's move and the answer; a "Hint" shows a legal move for the side to move with the
line the engine expects, gone after the next move; German and English words. The start layouts
are the variants' rules.toml diagrams (Brandubh: attackers b4, d1, d2, ...; Copenhagen: d1 to h1,
...), attackers moving first (§5.1 of both pages).
"""

from __future__ import annotations

import pytest

from conftest import wait_idle
from test_berserk import BERSERK, TWO_CAPTURES_OTN, layout_from_rules

pytestmark = pytest.mark.browser

BRANDUBH = "brandubh"
COPENHAGEN = "copenhagen-hnefatafl"
# The opponent's words (words.js OPPONENT_STRINGS).
WORDS = {
    "de": {"enable": "Gegen den Computer spielen", "hint": "Tipp", "side": "Eigene Seite", "level": "Stärke",
           "levels": ["Anfänger", "Leicht", "Mittel", "Stark"], "title": "Gegen den Computer"},
    "en": {"enable": "Play against the computer", "hint": "Hint", "side": "Your side", "level": "Level",
           "levels": ["Beginner", "Easy", "Medium", "Strong"], "title": "Against the computer"},
}
# Longer than the strongest level's budget (1 s a move) plus the worker's slices.
STALE_WAIT_MS = 3000


def computer_done(bp):
    """Wait until the computer has played (or stopped): no thinking, no request under way."""
    bp.page.wait_for_selector("#board[data-state=ready]:not([data-thinking]):not([aria-busy])", timeout=60_000)


def opponent_on(bp, human: str, level: str = "beginner"):
    page = bp.page
    page.select_option("#board [data-opponent-level]", level)
    page.check(f'#board [data-opponent-side="{human}"]')
    page.check("#board [data-opponent-toggle]")
    assert bp.attr("data-opponent") == ("defenders" if human == "attackers" else "attackers")


def opponent_off(bp):
    page = bp.page
    if page.is_checked("#board [data-opponent-toggle]"):
        page.uncheck("#board [data-opponent-toggle]")
    computer_done(bp)
    assert bp.attr("data-opponent") is None
    bp.start()


def plies(bp) -> list[dict]:
    return bp.page.eval_on_selector_all(
        '#board [data-role="move-list"] li[data-ply]',
        "els => els.map(e => ({side: e.dataset.side, notation: e.dataset.notation, cont: e.hasAttribute('data-continuation')}))")


def status(bp) -> str:
    return bp.page.eval_on_selector('#board [data-role="status"]', "e => e.hidden ? '' : e.textContent")


def hint_shown(bp) -> dict:
    return bp.page.evaluate("""() => {
        const root = document.querySelector('#board');
        const p = root.querySelector('[data-role="hint"]');
        return {move: root.getAttribute('data-hint'), text: p.hidden ? '' : p.textContent,
                from: [...root.querySelectorAll('svg [data-hint-from]')].map(e => e.getAttribute('data-hint-from')),
                to: [...root.querySelectorAll('svg [data-hint-to]')].map(e => e.getAttribute('data-hint-to'))};
    }""")


@pytest.fixture
def fresh(open_board):
    """open_board(slug, lang) at the start position with the opponent off, and so left after."""
    used = []

    def get(slug, lang="de"):
        bp = open_board(slug, lang)
        opponent_off(bp)
        bp.page.evaluate("() => window.scrollTo(0, 0)")
        used.append(bp)
        return bp

    yield get
    for bp in used:
        opponent_off(bp)  # the other tests expect the start position and two human sides


@pytest.mark.parametrize("slug,lang,human_move", [(BRANDUBH, "de", ("b4", "b2")), (COPENHAGEN, "en", ("d1", "d3"))])
def test_computer_answers_a_move(fresh, slug, lang, human_move):
    """The reader plays the attackers (first to move); the computer (defenders) answers with one
    move of the defenders, and the attackers are to move again."""
    bp = fresh(slug, lang)
    start = bp.pieces()
    assert start == layout_from_rules(slug)
    opponent_on(bp, "attackers")
    assert bp.attr("data-thinking") is None  # the reader is to move
    bp.move(*human_move)
    computer_done(bp)
    got = plies(bp)
    assert [p["side"] for p in got] == ["attackers", "defenders"]
    assert got[0]["notation"].startswith("-".join(human_move))
    assert bp.attr("data-to-move") == "attackers"
    assert bp.message() == ""  # the engine refused nothing
    after = bp.pieces()
    moved_from = [sq for sq, k in start.items() if k in ("defender", "king") and after.get(sq) != k]
    assert len(moved_from) == 1, (start, after)  # one defender (or the king) moved
    live = bp.page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")
    assert live.startswith("Computer: ")
    assert bp.errors == []


def test_undo_during_thinking_cancels(fresh):
    """Copenhagen, level strong (1 s a move): Undo while the computer thinks takes back the
    reader's move, and no computer move arrives afterwards; a click on a piece during the
    thinking is refused with words."""
    bp = fresh(COPENHAGEN, "de")
    start = bp.pieces()
    opponent_on(bp, "attackers", level="strong")
    bp.move("d1", "d3")
    assert bp.attr("data-thinking") == "move"
    assert bp.page.get_attribute("#board svg.tb-svg", "aria-busy") == "true"
    assert status(bp) == "Der Computer (Verteidiger) denkt nach …"
    bp.click("e1")
    assert bp.message() == "Der Computer denkt nach: Bitte seinen Zug abwarten."
    bp.action("undo")
    assert bp.attr("data-thinking") is None
    assert bp.pieces() == start and plies(bp) == []
    bp.page.wait_for_timeout(STALE_WAIT_MS)  # a stale answer would have arrived by now
    computer_done(bp)
    assert bp.pieces() == start and plies(bp) == []
    assert bp.attr("data-to-move") == "attackers"
    assert bp.page.get_attribute("#board svg.tb-svg", "aria-busy") is None
    assert bp.errors == []


def test_undo_takes_back_the_move_and_the_answer(fresh):
    """After the computer answered, Undo takes back both plies (the reader is to move again,
    at the start), Redo replays both, and Restart while it thinks leaves the start."""
    bp = fresh(BRANDUBH, "en")
    start = bp.pieces()
    opponent_on(bp, "attackers")
    bp.move("b4", "b2")
    computer_done(bp)
    assert len(plies(bp)) == 2
    answered = bp.pieces()
    bp.action("undo")
    computer_done(bp)
    assert plies(bp) == [] and bp.pieces() == start
    assert bp.attr("data-to-move") == "attackers"
    bp.action("redo")
    computer_done(bp)
    assert len(plies(bp)) == 2 and bp.pieces() == answered
    assert bp.attr("data-to-move") == "attackers"


def test_computer_opens_as_attackers_and_restart(fresh):
    """The reader takes the defenders: the computer (attackers, first to move) opens at once;
    Restart brings the start back and the computer opens again."""
    bp = fresh(BRANDUBH, "de")
    opponent_on(bp, "defenders")
    computer_done(bp)
    assert [p["side"] for p in plies(bp)] == ["attackers"]
    assert bp.attr("data-to-move") == "defenders"
    bp.action("reset")
    computer_done(bp)
    assert [p["side"] for p in plies(bp)] == ["attackers"]
    assert bp.attr("data-to-move") == "defenders"


def test_computer_berserk_turn_is_one_decision(fresh):
    """Berserk Hnefatafl, a position where the attackers' c1-c2 takes c3 and the berserker may
    go on (test_berserk.py TWO_CAPTURES): the computer (attackers) plays its whole turn, after
    which the defenders (the reader) are to move, outside any berserk turn."""
    bp = fresh(BERSERK, "en")
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=")
    opponent_on(bp, "defenders", level="easy")
    computer_done(bp)
    got = plies(bp)
    assert got and all(p["side"] == "attackers" for p in got)
    assert bp.attr("data-to-move") == "defenders"
    assert bp.attr("data-berserker") is None
    assert bp.message() == ""
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hint_is_a_legal_move_and_goes_with_the_next_move(fresh, lang):
    bp = fresh(BRANDUBH, lang)
    bp.page.click('#board [data-action="hint"]')
    bp.page.wait_for_selector("#board[data-hint]", timeout=60_000)
    computer_done(bp)
    h = hint_shown(bp)
    frm, to = h["move"].split("-")
    assert h["from"] == [frm] and h["to"] == [to]
    word, line = ("Tipp", "erwartete Folge") if lang == "de" else ("Hint", "expected line")
    assert h["text"].startswith(f"{word}: {h['move']} ({line}: {h['move']}")
    live = bp.page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")
    assert live == h["text"]
    # every move of the hint is one unbreakable piece of the line ("d7-" / "e7" never apart)
    moves = bp.page.eval_on_selector_all('#board [data-role="hint"] .tb-move',
                                         "els => els.map(e => [e.textContent, getComputedStyle(e).whiteSpace])")
    words = [w.strip("()…:") for w in h["text"].split() if "-" in w]
    assert [m for m, _ in moves] == words and len(words) >= 2
    assert {ws for _, ws in moves} == {"nowrap"}
    assert bp.pieces()[frm] == "attacker"  # the side to move's piece
    assert to in bp.select(frm)  # a legal target of it, as the engine gives them
    bp.click(to)
    wait_idle(bp.page)
    assert hint_shown(bp) == {"move": None, "text": "", "from": [], "to": []}
    assert len(plies(bp)) == 1


@pytest.mark.parametrize("lang", ["de", "en"])
def test_controls_words(fresh, lang):
    bp = fresh(COPENHAGEN, lang)
    w = WORDS[lang]
    box = bp.page.locator('#board [data-role="opponent"]')
    assert box.locator("legend").text_content() == w["title"]
    assert w["enable"] in box.text_content() and f"{w['side']}:" in box.text_content()
    assert f"{w['level']}:" in box.text_content()
    assert box.locator("select option").all_text_contents() == w["levels"]
    assert box.locator('[data-action="hint"]').text_content() == w["hint"]
    sides = {"de": ["Angreifer", "Verteidiger"], "en": ["Attackers", "Defenders"]}[lang]
    labels = box.locator("[data-opponent-side]").evaluate_all("els => els.map(e => e.parentElement.textContent.trim())")
    assert labels == sides


@pytest.mark.parametrize("how", ["link", "off", "switch"])
def test_other_changes_cancel_the_thinking(fresh, how):
    """Brandubh, level strong (1 s): while the computer thinks on the reader's b4-b2, opening a
    link, switching play against the computer off, or switching an assumption cancels the
    search; no answer of it is played afterwards. After a switched assumption the computer
    is still to move under the new rules: it thinks anew and answers once."""
    bp = fresh(BRANDUBH, "de")
    opponent_on(bp, "attackers", level="strong")
    bp.move("b4", "b2")
    assert bp.attr("data-thinking") == "move"
    if how == "link":
        bp.load("#moves=b4-b2,d5-e5")  # the reader (attackers) to move after it
    elif how == "off":
        bp.page.uncheck("#board [data-opponent-toggle]")
        assert bp.attr("data-opponent") is None
    else:
        first = bp.page.locator("#board input[data-alternative]").first
        first.check()
        wait_idle(bp.page)
        assert bp.attr("data-rules-changed") == ""
    if how != "switch":
        assert bp.attr("data-thinking") is None
    bp.page.wait_for_timeout(STALE_WAIT_MS)  # a stale answer would have arrived by now
    computer_done(bp)
    expected = {"link": ["b4-b2", "d5-e5"], "off": ["b4-b2"]}.get(how)
    got = [p["notation"] for p in plies(bp)]
    if expected:
        assert got == expected
    else:  # the switched rules replayed b4-b2, then the computer answered once
        assert got[0] == "b4-b2" and [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
        bp.page.locator("#board input[data-alternative]").first.uncheck()
        wait_idle(bp.page)
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["de"])
def test_the_computer_declines_a_draw_in_a_level_opening(fresh, lang):
    """Copenhagen, level strong, after the first move of each side: the position is level, but
    a draw needs moves played or pieces taken, so the offer is declined and the game goes on."""
    bp = fresh(COPENHAGEN, lang)
    page = bp.page
    opponent_on(bp, "attackers", "strong")
    bp.move("d1", "d3")
    computer_done(bp)
    assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
    page.locator('#board [data-opponent-action="draw"]').click()
    computer_done(bp)
    assert bp.attr("data-ended") is None
    assert bp.message().startswith("Der Computer lehnt das Remis ab: Die Partie hat eben erst begonnen"), bp.message()
    assert page.locator('#board [data-role="game-end"]').is_hidden()
    assert bp.attr("data-to-move") == "attackers"  # the reader plays on
    assert bp.errors == []


@pytest.mark.parametrize("lang", ["en"])
def test_resign_and_draw_offer(fresh, lang):
    bp = fresh(BRANDUBH, lang)
    page = bp.page
    resign = page.locator('#board [data-opponent-action="resign"]')
    offer = page.locator('#board [data-opponent-action="draw"]')
    assert resign.is_hidden() and offer.is_hidden()  # only while playing against the computer
    opponent_on(bp, "attackers")  # the attackers move first (§5.1): the reader is to move
    computer_done(bp)
    resign.click()
    assert bp.attr("data-ended") == "resigned"
    words = "Game over: Attackers resign, Defenders win."
    assert status(bp) == words
    end = page.locator('#board [data-role="game-end"]')
    assert end.is_visible() and end.text_content() == words
    assert plies(bp) == [], "no move went to the engine"
    bp.click("b4")  # an attacker of the start layout: refused, the game is over
    assert page.locator("#board [data-target]").count() == 0
    assert resign.is_disabled() and offer.is_disabled()
    page.locator('#board [data-action="reset"]').click()
    wait_idle(page)
    assert bp.attr("data-ended") is None and end.is_hidden()
    # a draw offer at the start: declined, the game has not begun (evaluation.js drawInReach)
    offer.click()
    computer_done(bp)
    message = page.locator('#board [data-role="message"]')
    assert bp.attr("data-ended") is None and end.is_hidden()
    assert message.is_visible()
    assert message.text_content().startswith("The computer declines the draw: the game has only just begun"), \
        message.text_content()
    assert plies(bp) == []
    assert bp.errors == []
