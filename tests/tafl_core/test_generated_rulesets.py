"""The differential and invariant tests over rulesets generated from the table of rule keys
(:mod:`tests.tafl_core.generated_rulesets`: every key drawn by its kind, boards of 7 to 13
squares, random legal layouts), so that they see every rule value, not only those some variant
happens to use:

* the bitboard fast paths against the reference move generator, has-move, encirclement and
  captures (as tests/tafl_core/test_bitboards.py does for the variants);
* the search's win candidates against brute force (every move that wins at once is among them);
* the game's invariants: every move checked slowly from the position records, undo restores the
  position, side, berserk piece, result and hash, the incremental hash equals a fresh one;
* the OpenTafl round trip: the export is refused naming a rule key, or OpenTafl's reading of it
  (:func:`~tafl_core.opentafl.ruleset_from_opentafl`) plays the same game, move for move.

``make test`` runs a few examples of each; ``make fuzz`` (``FUZZ_EXAMPLES``) many more.
"""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from tafl_core import Game, Move
from tafl_core.opentafl import opentafl_refusals, ruleset_from_opentafl, to_opentafl
from tafl_core.rulekeys import ALL_RULE_KEYS
from tafl_core.ordering import win_candidates

from ..fuzz.budget import fuzz_settings
from ..fuzz.test_engine_invariants import play_random_game
from .generated_rulesets import rulesets
from .test_bitboards import ReferenceGame, _check_captures, _check_position, _random_position
from .test_search import _wins_in_one_reference


@fuzz_settings(6)
@given(rs=rulesets(), seed=st.integers(0, 2**32 - 1))
def test_fast_paths_equal_the_reference(rs, seed):
    """The same random game on the fast and the reference paths: the same legal moves in the
    same order, captures, results and hashes at every ply; every fast path equal to the reference
    in each position and in random positions of the ruleset."""
    rng = random.Random(seed)
    for _ in range(2):
        g = _random_position(rs, rng)
        if g is not None:
            _check_position(g)
            _check_captures(g)
    fast, ref = Game(rs), ReferenceGame(rs)
    for ply in range(40):
        codes = fast.move_codes()
        assert codes == ref.move_codes()
        if ply % 4 == 0:
            _check_position(fast)
            _check_captures(fast)
        if not codes:
            break
        m = rng.choice(codes)
        assert fast.play_code(m) == ref.play_code(m)
        assert fast.hash == ref.hash and fast.result == ref.result
        if fast.result is not None:
            break


@fuzz_settings(6)
@given(rs=rulesets(), seed=st.integers(0, 2**32 - 1))
def test_win_candidates_hold_every_win_in_one(rs, seed):
    """Every move that wins at once (brute force: play each legal move) is among the search's
    win candidates, in playouts that crowd the king."""
    rng = random.Random(seed)
    g = Game(rs)
    for _ply in range(30):
        if g.result is not None:
            break
        codes = g.move_codes()
        if not codes:
            break
        ref = _wins_in_one_reference(g)
        assert ref <= set(win_candidates(g)), (g.position().to_otn(), g.to_move, ref)
        near = [m for m in codes if g.king >= 0 and (m & 1023) in g.tables.adj[g.king]]
        g.play_code(rng.choice(near) if near and g.side == 0 and rng.random() < 0.5 else rng.choice(codes))


@fuzz_settings(6)
@given(rs=rulesets(), data=st.data())
def test_game_invariants(rs, data):
    """Every move checked from the position records (tests/fuzz/test_engine_invariants.py), then
    a second game: after each move the hash equals that of a fresh game of the same position
    and side, and undo gives back the hash too."""
    play_random_game(rs, Game(rs), data)
    g = Game(rs)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    hashes = [g.hash]
    for _ in range(30):
        codes = g.move_codes()
        if not codes or g.result is not None:
            break
        g.play_code(rng.choice(codes))
        hashes.append(g.hash)
        if g.result is None and g.berserker < 0:
            assert Game(rs, g.position(), g.to_move).hash == g.hash
    while g.ply:
        hashes.pop()
        g.undo_code()
        assert g.hash == hashes[-1]


def _same_game(a, b, seed: int, plies: int = 60) -> None:
    """The rulesets ``a`` and ``b`` play the same random game: the same legal moves, captures and
    results at every ply."""
    rng = random.Random(seed)
    ga, gb = Game(a), Game(b)
    assert ga.position() == gb.position() and ga.to_move == gb.to_move
    for _ in range(plies):
        codes = ga.move_codes()
        assert sorted(codes) == sorted(gb.move_codes()), ga.position().to_otn()
        if not codes:
            break
        m = rng.choice(codes)
        pa, pb = ga.play(Move(m >> 10, m & 1023, a.size)), gb.play(Move(m >> 10, m & 1023, b.size))
        assert sorted(c.square for c in pa.captures) == sorted(c.square for c in pb.captures), ga.position().to_otn()
        assert (pa.result and (pa.result.winner, pa.result.reason)) == (pb.result and (pb.result.winner, pb.result.reason))
        if pa.result is not None:
            break


@fuzz_settings(10)
@given(rs=st.one_of(rulesets(), rulesets(sayable=True)), seed=st.integers(0, 2**32 - 1))
def test_opentafl_round_trip(rs, seed):
    """The export is refused, naming rule keys (or the board size), or OpenTafl's reading of the
    string it writes is a ruleset that plays the same game (and can be written again).
    Half the rulesets are drawn as OpenTafl can say them, so that both branches are reached."""
    text = to_opentafl(rs)
    refused = opentafl_refusals(rs)
    if text is None:
        assert refused and all(key in ALL_RULE_KEYS or key == "size" for key, _ in refused), refused
        return
    assert refused == []
    back = ruleset_from_opentafl(text)
    assert to_opentafl(back) is not None
    _same_game(rs, back, seed)
