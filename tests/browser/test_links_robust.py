"""Share links after the breaker pass (README "Share links"; notes/CONTRACTS.md "Board
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
