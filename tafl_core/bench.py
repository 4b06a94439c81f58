"""The move generator's benchmark: random playouts and the time to list the legal moves
(``python -m tafl_core bench``, and the board's ``bench`` command through :mod:`tafl_core.bridge`,
so that the same figure is measured in CPython and in Pyodide).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from .game import Game
from .ruleset import Ruleset


def run_bench(ruleset: Ruleset, seconds: float, seed: int, max_plies: int = 400) -> dict:
    """Random playouts for ``seconds``: each ply lists all legal moves, picks one with a seeded
    RNG and plays it with captures and end checks (cap ``max_plies``); plus the median time to
    list all legal moves of the start position. Returns plies_per_s and movegen_median_us."""
    rng = random.Random(seed)
    plies = playouts = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = Game(ruleset)
        for _ in range(max_plies):
            codes = game.move_codes()
            if not codes:
                break
            plies += 1
            if game.play_code(rng.choice(codes)) is not None:
                break
        playouts += 1
    elapsed = time.perf_counter() - start
    game = Game(ruleset)
    samples = []
    for _ in range(2000):
        t0 = time.perf_counter()
        game.move_codes()
        samples.append((time.perf_counter() - t0) * 1e6)
    obj_samples = []
    for _ in range(500):
        t0 = time.perf_counter()
        game.legal_moves()
        obj_samples.append((time.perf_counter() - t0) * 1e6)
    return {"plies_per_s": round(plies / elapsed, 1), "movegen_median_us": round(statistics.median(samples), 1),
            "legal_moves_median_us": round(statistics.median(obj_samples), 1),
            "start_moves": len(game.move_codes()), "playouts": playouts, "plies": plies,
            "seconds": round(elapsed, 2), "seed": seed, "python": sys.version.split()[0]}


__all__ = ["run_bench"]
