"""Tactics from real play: positions from real games (aagenielsen.dk records,
../shared/oracles, copied into tactics_positions.py with their game numbers) one move before the
game ended on the board, and two moves before, where the player in the record made a move that let
the opponent win at once.

* one move before: the search finds a winning move (checked by playing it: the game ends with the
  mover as winner);
* two moves before: the search never picks a move after which the opponent wins at once (checked
  by playing every reply through the engine), since such a safe move exists (checked too).

Depth limits, never time: depth 2 and 3 (what 1 s reaches on these boards; notes/benchmarks.md, "Search
benchmarks"), depth 1 and a cut search (the root's own checks), and every level's noise.
"""

from __future__ import annotations

import pytest

from tafl_core import Game, Position, load_ruleset
from tafl_core.search import LEVELS, WIN_BOUND, Search, best_move

from .helpers import REPO
from .tactics_positions import ONE_BEFORE, TWO_BEFORE

_RULES = {}


def game_at(slug, otn, side):
    if slug not in _RULES:
        _RULES[slug] = load_ruleset(REPO / "variants_src" / slug)
    return Game(_RULES[slug], Position.from_otn(otn), side)


def wins_at_once(game, move) -> bool:
    """Playing ``move`` ends the game with the side to move as winner (the engine's rules)."""
    me = game.to_move
    played = game.play(move)
    game.undo()
    return played.result is not None and played.result.winner == me


def lets_opponent_win(game, move) -> bool:
    """After ``move`` the other side has a reply that wins at once: every reply played (slow and
    obviously right; the search's own check is a different code path)."""
    me = game.to_move
    played = game.play(move)
    try:
        if played.result is not None:
            return played.result.winner not in (None, me)
        them = game.to_move
        for reply in game.legal_moves():
            p = game.play(reply)
            game.undo()
            if p.result is not None and p.result.winner == them:
                return True
        return False
    finally:
        game.undo()


def first_safe_move(game):
    for mv in game.legal_moves():
        if not lets_opponent_win(game, mv):
            return mv
    return None


def _ids(rows):
    return [f"{slug.split('-')[0]}-{i}-{how}" for i, (slug, _o, _s, how, _m) in enumerate(rows)]


def test_the_data_covers_both_variants_and_every_ending():
    for rows in (ONE_BEFORE, TWO_BEFORE):
        for slug in ("brandubh", "copenhagen-hnefatafl"):
            assert sum(1 for r in rows if r[0] == slug) >= 25, slug
    endings = {r[3] for r in ONE_BEFORE if r[0] == "copenhagen-hnefatafl"}
    assert {"king_escaped", "king_captured", "encirclement", "exit_fort"} <= endings


@pytest.mark.parametrize("slug,otn,side,how,record_move", ONE_BEFORE, ids=_ids(ONE_BEFORE))
def test_winning_move_found_one_move_before_the_end(slug, otn, side, how, record_move):
    g = game_at(slug, otn, side)
    assert wins_at_once(g, record_move), "the record's last move wins here"
    for depth in (1, 2, 3) if slug == "brandubh" else (1, 2):
        r = best_move(g, depth=depth)
        assert r["score"] >= WIN_BOUND and wins_at_once(g, r["move"]), (depth, r)
    # every level (its noise and depth cap) and a search cut before depth 1 is finished
    for name, lv in LEVELS.items():
        r = Search(g, noise=lv.noise, seed=7).run(depth=min(lv.depth, 2))
        assert wins_at_once(g, r["move"]), (name, r)
    assert wins_at_once(g, Search(g).run(nodes=1)["move"])


@pytest.mark.parametrize("slug,otn,side,how,record_move", TWO_BEFORE, ids=_ids(TWO_BEFORE))
def test_no_move_that_lets_the_opponent_win_two_moves_before_the_end(slug, otn, side, how, record_move):
    g = game_at(slug, otn, side)
    assert lets_opponent_win(g, record_move), "the record's move let the opponent win at once"
    assert first_safe_move(g) is not None, "a move exists that does not"
    for depth in (1, 2, 3) if slug == "brandubh" else (1, 2):
        r = best_move(g, depth=depth)
        assert not lets_opponent_win(g, r["move"]), (depth, r)
    for name, lv in LEVELS.items():
        for seed in (1, 2):
            r = Search(g, noise=lv.noise, seed=seed).run(depth=min(lv.depth, 2))
            assert not lets_opponent_win(g, r["move"]), (name, seed, r)
    assert not lets_opponent_win(g, Search(g).run(nodes=1)["move"])


@pytest.mark.slow   # the searches without the pruning: in `make test`, not `make test-fast`
@pytest.mark.parametrize("switch,slug,depth", [("LMR_DEPTH", "brandubh", 4), ("NULL_DEPTH", "brandubh", 5),
                                               ("NULL_DEPTH", "copenhagen-hnefatafl", 4)])
def test_pruning_keeps_every_forced_result(monkeypatch, switch, slug, depth):
    """Late-move reductions (``search.LMR_DEPTH``, ``LMR_AFTER``) and null-move pruning
    (``search.NULL_DEPTH``, ``NULL_R``) only save effort: in the positions two moves before the
    end of real games, the search with the pruning finds the same forced results (a win or a
    loss, at the same distance) as the search without it (its depth switch beyond any depth),
    and it searches fewer nodes in all."""
    import tafl_core.search as search
    rows = [r for r in TWO_BEFORE if r[0] == slug]
    on, off = getattr(search, switch), search.MAX_DEPTH + 1
    nodes = {}
    forced = {}
    for value in (on, off):
        monkeypatch.setattr(search, switch, value)
        nodes[value] = 0
        for _slug, otn, side, _how, _m in rows:
            r = Search(game_at(slug, otn, side)).run(depth=depth)
            nodes[value] += r["nodes"]
            forced[value, otn] = r["score"] if abs(r["score"]) >= WIN_BOUND else None
    assert [forced[on, r[1]] for r in rows] == [forced[off, r[1]] for r in rows]
    assert any(forced[off, r[1]] is not None for r in rows), "some of these positions have a forced result"
    assert nodes[on] < nodes[off], nodes
