"""Review benchmark (``make bench-review``): a 100-ply Copenhagen game reviewed with the review's
default search time per position (:data:`tafl_core.review.REVIEW_SECONDS`), in CPython here and
in Pyodide by tests/browser/bench_review_pyodide.mjs (the same game, from :func:`bench_game`).
Prints the wall time, the plies and the marks; the targets are at most 20 s in CPython and 45 s in
Pyodide on the project's two-core machine.

Usage: ``python -m tests.tafl_core.bench_review [PLIES]``.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from tafl_core import Game, load_ruleset
from tafl_core.review import REVIEW_SECONDS, review_game

PLIES = 100
SEED = 2026


def bench_game(ruleset, plies: int = PLIES, seed: int = SEED) -> list[str]:
    """A game of ``plies`` plies: seeded random moves, none of which ends the game (so a review
    sees ``plies`` positions to search)."""
    game = Game(ruleset)
    rng = random.Random(seed)
    for _ in range(plies):
        codes = game.move_codes()
        rng.shuffle(codes)
        for code in codes:
            result = game.play_code(code)
            if result is None:
                break
            game.undo_code()
        else:
            break
    return [f"{p.move}" for p in game.moves_played]


def run(rules_path, plies: int = PLIES) -> str:
    """Review the bench game under the rules at ``rules_path``; one line of figures."""
    rs = load_ruleset(rules_path)
    moves = bench_game(rs, plies)
    t0 = time.perf_counter()
    review = review_game(rs, moves, seconds=REVIEW_SECONDS)
    elapsed = time.perf_counter() - t0
    marks = {m: sum(1 for r in review if r.mark == m) for m in ("??", "?", "?!")}
    return (f"review of a {len(moves)}-ply Copenhagen game at {REVIEW_SECONDS} s a position: {elapsed:.1f} s "
            f"(marks ?? {marks['??']}, ? {marks['?']}, ?! {marks['?!']})")


def main(argv: list[str]) -> int:
    plies = int(argv[0]) if argv else PLIES
    root = Path(__file__).resolve().parents[2]
    line = run(root / "variants_src" / "copenhagen-hnefatafl" / "rules.toml", plies)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{line}; Python {sys.version.split()[0]}, load {load:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
