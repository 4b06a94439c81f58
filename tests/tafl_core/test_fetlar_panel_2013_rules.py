"""Rule cases for the Fetlar Hnefatafl Panel's 2013 leaflet (variants_src/fetlar-hnefatafl-2013),
each written from the leaflet's text as the page quotes it (doczz.net copy): "Honours Even: …
1. When it is turn of either side to make a move and they are unable to move a piece." and
"4.If the same position of all pieces arises three times, with the same side to move.", and
"If the king and one of his warriors is encircled by his opponents, victory cannot be given until
the warrior is separated from the King or taken." OpenTafl's Fetlar, which the page names as
different, would give the attackers the game by encirclement instead."""

from __future__ import annotations

from tafl_core import Game, load_ruleset, parse_diagram

from .helpers import REPO

SLUG = "fetlar-hnefatafl-2013"

#: The king on the throne with four warriors, each warrior shut in by attackers; F9 can close the
#: last gap.
SHUT_IN = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . A . . . . .
8 . . . . . . . . . . .
7 . . . . A D A . . . .
6 . . . A D K D A . . .
5 . . . . A D A . . . .
4 . . . . . A . . . . .
3 . . . . . . . . . . .
2 . . . . . . . . . . .
1 . . . . . . . . . . .
  A B C D E F G H I J K
"""


def _game(diagram: str | None = None, to_move: str | None = None) -> Game:
    return Game(load_ruleset(REPO / "variants_src" / SLUG), parse_diagram(diagram) if diagram else None, to_move)


def test_side_unable_to_move_is_a_draw_not_an_encirclement_win():
    """f9-f8 leaves the defenders, now to move, without a move; the king and his warriors are
    encircled, but the leaflet gives no victory for that: the game is drawn (case 1)."""
    game = _game(SHUT_IN, "attackers")
    played = game.play("f9-f8")
    assert not played.captures
    assert game.result is not None
    assert game.result.winner is None
    assert game.result.reason == "no_legal_moves"


def test_third_occurrence_with_the_same_side_to_move_is_a_draw():
    """Case 4: from the start, both sides shuffle one piece; the start position with the
    attackers to move arises the third time after the defenders' fourth move."""
    game = _game()
    assert game.to_move == "attackers"
    for round_ in range(2):
        for move in ("d1-d2", "f4-c4", "d2-d1"):
            game.play(move)
            assert game.result is None
        game.play("c4-f4")
        if round_ == 0:
            assert game.result is None
    assert game.result is not None
    assert game.result.winner is None
    assert game.result.reason == "repetition"
