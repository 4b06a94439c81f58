"""Problems a new user met on the board, each with the behaviour now expected (a session that
used the site from README.md as a new reader would; docs/assets/board/).

- Against the computer, a click on an earlier move of the move list shows that position; where
  the computer's side is to move there, the computer waits (opponent.js `blocks()`: its answer
  must not replace the moves Redo replays). The status line said only "Verteidiger am Zug", so
  the reader waited for a computer that never moved. It now says that the computer waits while an
  earlier position is shown and that a move there is played by hand.
"""

from __future__ import annotations

import pytest

from test_opponent import computer_done, opponent_off, opponent_on, plies, status

pytestmark = pytest.mark.browser

BRANDUBH = "brandubh"
# Brandubh's attackers move first (§5.1 of both pages): after one ply the defenders are to move.
WAITS = {
    "de": ("Verteidiger am Zug.", "Der Computer zieht nicht", "von Hand"),
    "en": ("Defenders to move.", "The computer does not move", "by hand"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_stepped_back_to_the_computers_turn_the_status_says_it_waits(open_board, lang):
    bp = open_board(BRANDUBH, lang)
    opponent_off(bp)
    try:
        opponent_on(bp, "attackers")
        bp.move("b4", "b2")
        computer_done(bp)
        assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
        # back to the position after the reader's move: the computer (defenders) is to move
        bp.page.click('#board [data-goto="1"]')
        bp.page.wait_for_selector('#board [data-goto="1"][aria-current="step"]')
        computer_done(bp)
        assert bp.attr("data-to-move") == "defenders"
        assert bp.attr("data-thinking") is None
        text = status(bp)
        for part in WAITS[lang]:
            assert part in text, text
        # and it is true: a defender can be moved by hand there
        assert bp.select("d5")
        bp.click("d5")  # deselect
        # at the end of the game the reader is to move again, with the ordinary status
        bp.page.click('#board [data-goto="2"]')
        computer_done(bp)
        assert bp.attr("data-to-move") == "attackers"
        assert WAITS[lang][1] not in status(bp)
        assert bp.errors == []
    finally:
        opponent_off(bp)


# While the engine starts, every control that waits for it says so in its own title (the
# action registry's waiting title), and the status line says that the engine starts and that
# the first move works, without a list of ten controls in one sentence.
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_control_that_waits_says_so_itself(browser, server, board_pages, lang):
    from test_startup import PYODIDE, Held, engine_status, mounted
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        page = ctx.new_page()
        page.goto(server + board_pages[(BRANDUBH, lang)])
        mounted(page)
        assert page.get_attribute("#board", "data-state") == "loading"
        text = engine_status(page)
        # every button that waits for the engine, by its own label on the page
        waiting = page.eval_on_selector_all(
            "#board .tb-panel button[data-action]:disabled",
            "els => els.filter(e => e.offsetParent).map(e => [e.textContent.trim(), e.title])")
        assert waiting, "no button waits for the engine"
        says = "wartet auf die Spiel-Engine" if lang == "de" else "waiting for the game engine"
        for label, title in waiting:
            assert says in title, (label, title)
            assert label not in text, (label, text)  # no list of the controls in the status
        assert page.is_disabled("#board [data-opponent-toggle]")
        assert text.endswith("Der erste Zug geht schon." if lang == "de" else "The first move works already.")
        held.release()
    finally:
        ctx.close()


def _luminance(rgb: str) -> float:
    """Relative luminance (WCAG 2.x) of a CSS colour 'rgb(r, g, b)' or 'rgba(r, g, b, a)'."""
    parts = [float(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    lin = [(c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# Dark mode (the theme's toggle): the legend drew the attacker's dark disc (#1f1f1f) straight on
# the slate background, where it looked like an empty ring. Now the swatches stand on the board's
# square colour, so the dark disc shows against it (WCAG 1.4.11: non-text contrast at least 3:1).
def test_dark_mode_legend_pieces_stand_on_the_square_colour(open_board):
    bp = open_board(BRANDUBH, "de")
    page = bp.page
    try:
        page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'slate')")
        got = page.evaluate("""() => [...document.querySelectorAll('#board .tafl-legend .tafl-swatch')].map(s => {
            const c = s.querySelector('circle');
            return c ? {bg: getComputedStyle(s).backgroundColor, fill: c.getAttribute('fill')} : null;
        }).filter(Boolean)""")
        attacker = [g for g in got if g["fill"].lower() == "#1f1f1f"]
        assert attacker, got
        for g in attacker:
            assert _contrast(g["bg"], "rgb(31, 31, 31)") >= 3, g
    finally:
        page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")


def test_dark_mode_disabled_buttons_are_outlines_not_grey_fills(open_board):
    """A new user's find: on the dark scheme, Undo/Redo at the start (disabled) were the light
    button at 45 % opacity, a grey fill that looked pressed. A disabled button there is now an
    outline (transparent, full opacity, dashed border); an enabled one keeps its light fill."""
    bp = open_board(BRANDUBH, "de")
    page = bp.page
    bp.start()
    try:
        page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'slate')")
        style = """(b) => { const c = getComputedStyle(b);
            return {disabled: b.disabled, bg: c.backgroundColor, opacity: c.opacity, border: c.borderTopStyle}; }"""
        undo = page.eval_on_selector('#board [data-action="undo"]', style)
        restart = page.eval_on_selector('#board [data-action="reset"]', style)
        assert undo["disabled"] and not restart["disabled"], (undo, restart)
        assert undo["bg"] == "rgba(0, 0, 0, 0)" and undo["opacity"] == "1" and undo["border"] == "dashed", undo
        assert restart["bg"] != "rgba(0, 0, 0, 0)" and restart["border"] == "solid", restart
    finally:
        page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")


def test_a_reload_goes_on_against_the_computer(browser, server, board_pages):
    """A new user's find: the game was kept over a reload (keep.js) but play against the computer
    was switched off without a word, so both sides were moved by hand again. The opponent's
    settings (on, the reader's side, the level) are now kept in the tab beside the game."""
    from conftest import BoardPage, wait_idle, wait_ready
    ctx = browser.new_context(service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(BRANDUBH, "de")])
        wait_ready(bp.page)
        opponent_on(bp, "attackers", level="easy")
        bp.move("b4", "b2")
        computer_done(bp)
        assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]
        bp.page.reload()
        wait_ready(bp.page)
        wait_idle(bp.page)
        computer_done(bp)
        assert bp.page.is_checked("#board [data-opponent-toggle]")
        assert bp.page.is_checked('#board [data-opponent-side="attackers"]')
        assert bp.page.input_value("#board [data-opponent-level]") == "easy"
        assert bp.attr("data-opponent") == "defenders"
        assert [p["side"] for p in plies(bp)] == ["attackers", "defenders"]  # the game kept too
        assert bp.errors == []
    finally:
        ctx.close()
