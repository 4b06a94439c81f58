"""Zobrist keys of the search: the game's own incremental hash (:attr:`Game.hash`: pieces and
side to move, :mod:`tafl_core.tables`) plus a key for the berserk turn under way, so that two
positions that differ only in whether (and which) piece must move again in a berserk turn get
different keys in the transposition table.

:func:`search_key` is what the search indexes; :func:`scratch_key` computes the same key from
the board alone (slow; for checks and tests).
"""

from __future__ import annotations

import random

from .tables import Tables

#: Seed of the berserk-square keys (independent of the tables' piece keys).
BERSERK_SEED = 0xBE55
_BERSERK_KEYS: dict[int, list[int]] = {}


def berserk_keys(t: Tables) -> list[int]:
    """One 64-bit key per square of ``t``'s board: XORed into the key while the piece on that
    square is in the middle of a berserk turn (cached per board size)."""
    n2 = t.n * t.n
    keys = _BERSERK_KEYS.get(n2)
    if keys is None:
        rng = random.Random(BERSERK_SEED + n2)
        keys = _BERSERK_KEYS[n2] = [rng.getrandbits(64) for _ in range(n2)]
    return keys


def search_key(game) -> int:
    """The transposition-table key of ``game``'s position: the incremental
    :attr:`~tafl_core.game.Game.hash` (pieces, side to move) XOR the berserk key of the
    berserker's square when a berserk turn is under way. O(1)."""
    b = game.berserker
    return game.hash ^ berserk_keys(game.tables)[b] if b >= 0 else game.hash


def scratch_key(game) -> int:
    """:func:`search_key` computed from scratch (every square of the board, side to move,
    berserk turn). O(board size); the reference the incremental key is checked against."""
    t = game.tables
    h = t.z_side if game.side else 0
    for s, code in enumerate(game.board):
        if code:
            h ^= t.zobrist[code][s]
    if game.berserker >= 0:
        h ^= berserk_keys(t)[game.berserker]
    return h


__all__ = ["search_key", "scratch_key", "berserk_keys", "BERSERK_SEED"]
