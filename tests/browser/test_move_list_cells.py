"""A move in the move list stays on one line, however narrow its cell (board.css: the move
list's ply buttons never wrap): a capture such as "d11-d10xe10" is not broken at its "-" or "x".

The game is three legal moves of Copenhagen Hnefatafl (variants_src/copenhagen-hnefatafl: the
attackers move first, §5.1): d1-d2, e7-e10, and d11-d10, which captures the defender on e10
between d10 and the attacker on f11 (tafl_core plays the link and names the capture).
"""

from __future__ import annotations

import pytest

from conftest import BoardPage

pytestmark = pytest.mark.browser

MOVES = "#moves=d1-d2,e7-e10,d11-d10"
# Every ply's text lines: the distinct tops of its text's line boxes.
LINES = """() => [...document.querySelectorAll('#board [data-role="move-list"] button.tb-ply[data-goto]')].map((b) => {
    const r = document.createRange(); r.selectNodeContents(b);
    const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
    return { text: b.textContent.trim(), lines: tops.size, width: b.getBoundingClientRect().width };
})"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844},
                                      {"width": 700, "height": 900}], ids=["desktop", "phone", "narrow"])
def test_a_capture_in_the_move_list_stays_on_one_line(browser, server, board_pages, viewport):
    ctx = browser.new_context(viewport=viewport, service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[("copenhagen-hnefatafl", "en")])
        bp.load(MOVES)
        plies = bp.page.evaluate(LINES)
        assert [p["text"] for p in plies][:2] == ["d1-d2", "e7-e10"], plies
        assert plies[2]["text"].startswith("d11-d10xe10"), plies
        assert all(p["lines"] == 1 for p in plies), plies
        assert bp.errors == []
    finally:
        ctx.close()
