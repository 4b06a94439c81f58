"""Benchmarks of the engine's budgets (printed figures, not tests):

``python -m tests.tafl_core.bench_budgets records`` (``make bench-records``): a legal game of
10,000 / 20,000 / 40,000 / 100,000 plies in the bridge session: the first ``state()``, ``goto(0)``,
``goto(end)``, one ``undo``, and the game record written and read back (100,000 plies is the
record reader's bound).

``python -m tests.tafl_core.bench_budgets alea`` (``make bench-budgets``): the hint and every
level in the Alea Evangelii position where every move loses at once, run as the board's worker
runs them (``search_start`` with 1 s, ``search_step`` slices of 40 ms): wall time against the
level's budget (the target: at most 1.5 times).
"""

from __future__ import annotations

import sys
import time

from tafl_core.bridge import Session
from tafl_core.records import export_record, import_record
from tafl_core.search import LEVELS, level_limits

from .test_search_budget import ALEA_ALL_LOSE
from .test_session_history import long_session
from .helpers import REPO

PLIES = (10_000, 20_000, 40_000, 100_000)
#: The board's hint and moves: 1 s (docs/assets/board/opponent.js MOVE_SECONDS), slices of 40 ms.
BOARD_SECONDS, SLICE_MS = 1.0, 40


def _timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def bench_records() -> None:
    print("plies    first state()  goto(0)  goto(end)  undo    export   import")
    for n in PLIES:
        s = long_session(n)
        a = _timed(s.state)
        b = _timed(lambda: s.goto(0))
        c = _timed(lambda: s.goto(n))
        d = _timed(s.undo)
        s.redo()
        text = []
        e = _timed(lambda: text.append(export_record(s.game)))
        f = _timed(lambda: import_record(s.ruleset, text[0]))
        print(f"{n:>7,}  {a:>12.2f} s {b:>6.2f} s {c:>7.2f} s {d:>5.3f} s {e:>6.2f} s {f:>6.2f} s")


def bench_alea() -> None:
    text = (REPO / "variants_src" / "alea-evangelii" / "rules.toml").read_text(encoding="utf-8")
    print("who        budget   wall     ratio  depth  move")
    for who in ("hint", *LEVELS):
        level = "strong" if who == "hint" else who
        budget = level_limits(level, None, BOARD_SECONDS)[1]
        s = Session(text)
        s.start(ALEA_ALL_LOSE, "attackers")
        t = time.perf_counter()
        s.search_start(seconds=BOARD_SECONDS, level=level, seed=7)
        while True:
            out = s.search_step(SLICE_MS)
            if out["done"]:
                break
        wall = time.perf_counter() - t
        print(f"{who:<10} {budget:>5.2f} s {wall:>6.3f} s {wall / budget:>6.2f}  {out['depth']:>5}  {out['move']}")


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "records"
    {"records": bench_records, "alea": bench_alea}[what]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
