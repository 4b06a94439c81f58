"""Share links that cannot be read (notes/board.md "Share links"; notes/CONTRACTS.md "Board
additions"): a refused link falls back to the start position *and* the page's own rules, and
"Copy link" never hands out a link the board would refuse to open (at most 500 moves in a link)."""

from __future__ import annotations

import random

import pytest

from conftest import wait_idle

pytestmark = pytest.mark.browser

BERSERK = "berserk-hnefatafl"


def test_refused_link_keeps_the_page_rules(open_board):
    """`alt=` switches an assumption, but the link's move is illegal (the attackers move first,
    §5.1, and f6 holds the king): message, start position, no switched rule."""
    bp = open_board(BERSERK, "de")
    bp.load("#alt=berserk_compulsory&moves=f6-f7")
    assert bp.message().startswith("Der Link enthält keine gültige Partie")
    assert bp.attr("data-rules-changed") is None
    assert bp.page.is_checked('#board [data-alternative="berserk_compulsory"]') is False
    assert bp.moves() == []
    bp.start()


def _long_game(n: int, seed: int = 1) -> list[str]:
    """``n`` legal moves of Berserk Hnefatafl from its start that do not end the game, found by
    the engine with a seeded random choice (captures kept rare so the game lasts)."""
    from tafl_core import Game, Move, load_ruleset
    from conftest import ROOT
    rs = load_ruleset(ROOT / "variants_src" / BERSERK)
    rng = random.Random(seed)
    g = Game(rs)
    moves: list[str] = []
    while len(moves) < n:
        codes = g.move_codes()
        rng.shuffle(codes)
        for m in codes:
            played = g.play(Move(m >> 10, m & 1023, rs.size))
            if played.result is None and (not played.captures or rng.random() < 0.2):
                moves.append(str(played.move))
                break
            g.undo()
        else:
            raise AssertionError("no continuation found")
    return moves


def final_game(moves: list[str]):
    """The tafl_core Game after `moves` from the start of Berserk Hnefatafl."""
    from tafl_core import Game, load_ruleset
    from conftest import ROOT
    g = Game(load_ruleset(ROOT / "variants_src" / BERSERK))
    for mv in moves:
        g.play(mv)
    return g


def test_long_game_is_shared_as_a_position_that_opens(open_board):
    moves = _long_game(501)
    g = final_game(moves)
    expected = g.position().pieces
    bp = open_board(BERSERK, "en")
    bp.load("#moves=" + ",".join(moves[:500]))
    assert bp.message() == "" and len(bp.moves()) == 500
    frm, to = moves[500].split("-") if moves[500] != "end" else (None, None)
    if frm:
        bp.move(frm, to)
    else:
        bp.action("end")
    bp.action("share")
    link = bp.page.input_value('#board [data-role="share-link"]')
    assert "too long for a link" in bp.message()
    fragment = "#" + link.split("#", 1)[1]
    assert fragment.count(",") < 500 and "pos=" in fragment
    bp.load(fragment)
    wait_idle(bp.page)
    assert bp.message() == ""
    assert bp.pieces() == expected
    assert bp.attr("data-to-move") == g.to_move
    bp.start()


# A 63-character link once froze the page for 33 s (backtracking in a pattern over the
# position record). Links of that kind, up to the 4 KB bound, are refused at once.
FREEZING_LINK = "#pos=/111111/111111/111111/111111/111111/111111/111111/111111/x"
ADVERSARIAL = [
    FREEZING_LINK,
    "#pos=" + ("/" + "1" * 30) * 130 + "/x",  # digit runs up to the bound
    "#pos=" + "/" * 4000,  # repeated separators
    "#pos=/" + "tTKcN" * 800 + "/x",  # a long alternation of piece letters
]


def test_adversarial_links_open_the_start_at_once(context, server, board_pages, open_board):
    """The link that froze the page (FREEZING_LINK) on a fresh page, and a family like it through the address of a
    loaded page: each opens the start position with the "link not readable" message, and the
    page answers throughout (a timer in the page fails only on a stall of seconds)."""
    path = board_pages[("copenhagen-hnefatafl", "de")]
    start = open_board("copenhagen-hnefatafl", "de")
    start.start()
    start_pieces = start.pieces()
    page = context.new_page()
    try:
        page.goto(server + path + FREEZING_LINK)
        from conftest import wait_ready
        wait_ready(page)
        wait_idle(page)
        msg = page.eval_on_selector('#board [data-role="message"]', "e => e.hidden ? '' : e.textContent")
        assert msg == ("Der Link enthält keine gültige Partie (Stellung unlesbar). "
                       "Es gilt die Startaufstellung.")
    finally:
        page.close()
    for link in ADVERSARIAL:
        start.start()
        # how long the page took from setting the address until a task after the board's
        # hashchange handler (and the reading of the link it starts at once) could run
        stalled = start.page.evaluate("""async (frag) => {
            const t0 = performance.now();
            await new Promise((r) => {
                window.addEventListener('hashchange', () => setTimeout(r, 0), { once: true });
                location.hash = frag;
            });
            return performance.now() - t0;
        }""", link)
        assert stalled < 3000, f"the page stalled {stalled:.0f} ms on {link[:40]}…"
        wait_idle(start.page)
        assert start.message().startswith("Der Link enthält keine gültige Partie (Stellung unlesbar)")
        assert start.pieces() == start_pieces
        assert start.moves() == []
    start.start()
