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
