"""The search's null move (:meth:`Game.play_null`, :meth:`Game.undo_null`): the side to move
passes, and nothing but the side to move and the hash changes. Null-move pruning rests on this:
the position after a pass is the same position with the other side to move, so its hash must be
the one a fresh game of that position and side has (else the transposition table would mix the
two), and the pass must leave no trace in the history or the repetition count."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from tafl_core import Game, load_ruleset

from .helpers import playable_rules_files

RULESETS = {p.parent.name: load_ruleset(p) for p in playable_rules_files()}
SLUGS = sorted(RULESETS)
OTHER = {"attackers": "defenders", "defenders": "attackers"}


def state(game: Game) -> tuple:
    """Everything a move or a pass could change, as values."""
    return (game.position(), game.to_move, game.hash, game.result, game.berserk_turn, game.ply,
            dict(game.seen), [str(p.move) for p in game.moves_played], game.undone_count)


def playout(rs, rng: random.Random, plies: int) -> Game:
    """A game after up to ``plies`` random moves, stopped before its end and outside a berserk
    turn (where the search never passes)."""
    game = Game(rs)
    for _ in range(plies):
        codes = game.move_codes()
        if not codes:
            break
        m = rng.choice(codes)
        game.play_code(m)
        if game.result is not None or game.berserk_turn is not None:
            game.undo_code()
            break
    return game


@settings(max_examples=30, deadline=None)
@given(slug=st.sampled_from(SLUGS), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 40))
def test_a_pass_is_the_same_position_with_the_other_side_to_move(slug, seed, plies):
    rs = RULESETS[slug]
    game = playout(rs, random.Random(seed), plies)
    before = state(game)
    side = game.to_move
    game.play_null()
    assert game.to_move == OTHER[side]
    assert game.position() == before[0]
    assert game.hash == Game(rs, game.position(), game.to_move).hash
    assert (game.result, game.ply, game.seen, game.undone_count) == (before[3], before[5], before[6], before[8])
    game.undo_null()
    assert state(game) == before


@settings(max_examples=30, deadline=None)
@given(slug=st.sampled_from(SLUGS), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 40),
       replies=st.integers(1, 4))
def test_moves_after_a_pass_taken_back_and_the_pass_restore_the_game(slug, seed, plies, replies):
    """As the null-move search plays it: a pass, the other side's moves (and so on) played and
    taken back, then the pass taken back."""
    rs = RULESETS[slug]
    rng = random.Random(seed)
    game = playout(rs, rng, plies)
    before = state(game)
    game.play_null()
    after_pass = state(game)
    played = 0
    for _ in range(replies):
        codes = game.move_codes()
        if not codes:
            break
        game.play_code(rng.choice(codes))
        played += 1
        if game.result is not None:
            break
    for _ in range(played):
        game.undo_code()
    assert state(game) == after_pass
    game.undo_null()
    assert state(game) == before
