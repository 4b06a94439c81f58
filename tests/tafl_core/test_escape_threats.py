"""The escape-threat extension of the search (tafl_core.threats): positions from tafl_core's
own games as the attackers against OpenTafl's AI (Brandub under OpenTafl's rules string,
``opentafl_match.RULES``, 1 s a move) where the attackers' move let the king force his escape
in three moves, and the attackers' search at 1 s did not see it.

The ground truth is a slow exhaustive proof (:func:`forced_escape`: every defenders' move,
every attackers' reply, through the engine's public game API), not the search. The search must
see the forced escape from the position after the losing move (a won score for the defenders),
and no longer choose the losing move in the position before it, at a depth the 1 s search
reaches (no test is timed: depth limits).
"""

from __future__ import annotations

import pytest

from tafl_core import Game, Position
from tafl_core.opentafl import ruleset_from_opentafl
from tafl_core.search import WIN_BOUND, Search

from .opentafl_match import RULES


def forced_escape(game, moves: int) -> bool:
    """True when the defenders (to move) win by force within ``moves`` of their moves, whatever
    the attackers reply: AND-OR search over every legal move, the king's moves tried first."""
    if moves <= 0:
        return False
    king = next(s for s, p in game.position().pieces.items() if p == "king")
    mine = sorted(game.legal_moves(), key=lambda m: not str(m).startswith(king + "-"))
    for mv in mine:
        p = game.play(mv)
        try:
            if p.result is not None:
                if p.result.winner == "defenders":
                    return True
                continue
            if moves > 1 and all_replies_lose(game, moves - 1):
                return True
        finally:
            game.undo()
    return False


def all_replies_lose(game, moves: int) -> bool:
    """With the attackers to move: every reply leaves the defenders a forced win within
    ``moves`` of their moves (a reply that ends the game in the attackers' favour or a draw
    does not)."""
    replies = game.legal_moves()
    if not replies:
        return True
    for mv in replies:
        p = game.play(mv)
        try:
            if p.result is not None:
                if p.result.winner != "defenders":
                    return False
                continue
            if not forced_escape(game, moves):
                return False
        finally:
            game.undo()
    return True


# (OTN of the position with the attackers to move, the attackers' move played in the game, the
# depth the search needs to see the forced escape after it): the second from a game
# where the defenders' winning first move is a quiet move away from the king, which late-move
# reductions of the defenders' moves hid at depth 4
POSITIONS = [
    ("/4t2/1t3t1/3T3/t1K3t/1T5/3t3/2T1tt1/", "g4-g3", 3),   # the game went on c4-g4 d6-g6 g4-g5 f7-f5 g5-g7
    ("/4t2/2T4/5t1/t1t4/3T3/1K1t3/2t2t1/", "c7-b7", 4),
]


@pytest.fixture(scope="module")
def brandub():
    return ruleset_from_opentafl(RULES["brandub"])


@pytest.mark.parametrize("otn,losing,depth", POSITIONS)
def test_forced_escape_after_the_losing_move_is_seen(brandub, otn, losing, depth):
    g = Game(brandub, Position.from_otn(otn), "attackers")
    g.play(losing)
    assert forced_escape(g, 3), "the king escapes by force within three moves"
    r = Search(g).run(depth=depth - 1)
    assert r["score"] >= WIN_BOUND, r


@pytest.mark.parametrize("otn,losing,depth", POSITIONS)
def test_the_losing_move_is_not_chosen(brandub, otn, losing, depth):
    g = Game(brandub, Position.from_otn(otn), "attackers")
    r = Search(g).run(depth=depth)
    assert r["move"] != losing, r
    g.play(r["move"])
    # the choice is no other forced loss of the same length
    assert not forced_escape(g, 2), r


def test_a_shallow_search_refuses_a_move_that_allows_a_forced_escape(brandub):
    # from a game against OpenTafl's AI on a loaded machine, where the search reached depth 2
    # and played d7-f7; the king then forced his escape with threats (d3-d7, capturing on e7
    # against the corner, and g7); the root's check refuses it whatever the depth
    g = Game(brandub, Position.from_otn("/4t2/3t3/3K2T/1tT4/t5t/6t/3t3/"), "attackers")
    g.play("d7-f7")
    assert forced_escape(g, 3), "the king escapes by force within three moves"
    g.undo()
    for depth in (1, 2):
        r = Search(g).run(depth=depth)
        assert r["move"] != "d7-f7", r
        g.play(r["move"])
        assert not forced_escape(g, 2), r
        g.undo()
