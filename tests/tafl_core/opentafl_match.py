"""A match of ``python -m tafl_core engine`` against OpenTafl's AI, both as external engines
speaking the OpenTafl Engine Protocol to a host written here (``make bench-opentafl``; a
benchmark beside the tests: it needs a JDK and an OpenTafl checkout).

The host keeps the game with ``tafl_core`` under OpenTafl's own rules string (Brandub or
Copenhagen, shared/reference/README.md), as OpenTafl's ExternalEngineHost would: ``rules``, the
opening as a ``position``, then for the side to move ``opponent-move`` (the other side's last
move and the board), ``clock`` and ``play``, the engine's ``move`` checked and confirmed with the
board. Both engines get the same clock, no main time and overtime periods of ``2 * SECONDS``:
tafl_core spends half a period a move, OpenTafl's AI a period less 0.75 s (its
``AiWorkspace.planTimeUsage``) - equal within OpenTafl's own overhead. Pairs of games from the
same seeded random opening (2 plies), colours swapped, fresh engine processes for every game; a
game not over after ``MAX_PLIES`` is a draw, a missing or illegal move loses. Prints one line a game, then W-D-L for tafl_core, the Elo difference with its error and
the result per side.

Usage: ``OPENTAFL_DIR=/path/to/OpenTafl python -m tests.tafl_core.opentafl_match
[--variant brandub|copenhagen] [--games N] [--seconds S] [--side both|attackers|defenders]
[--first-seed K] [--moves]``; exit 2 when the tools are missing. ``--side`` other than ``both``
plays every game from its own opening with tafl_core on that side (to study one side's games),
``--moves`` prints each game's moves.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from tafl_core import Game, Move
from tafl_core.cli_search import elo_difference
from tafl_core.opentafl import ruleset_from_opentafl

from .helpers import REPO
from .opentafl_build import compile_opentafl

# OpenTafl's built-in rules strings (verbatim from OpenTafl, shared/reference/README.md).
RULES = {
    "brandub": "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "copenhagen": ("dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y "
                   "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
}
MAX_PLIES = 200
OPENING_PLIES = 2
#: A move not answered in this long ends the game as a loss of the silent engine.
MOVE_TIMEOUT = 120


class Engine:
    """An external engine process and its lines."""

    def __init__(self, name: str, cmd: list[str], cwd: Path | str):
        self.name = name
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, encoding="ascii", errors="replace")
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []   # the last lines, for the report of a failure
        threading.Thread(target=self._read, daemon=True).start()
        self.expect("hello")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError:   # the engine has exited: its next move will be missing
            pass

    def expect(self, prefix: str) -> str | None:
        while True:
            try:
                line = self.lines.get(timeout=MOVE_TIMEOUT)
            except queue.Empty:
                return None
            if line is None:
                return None
            self.seen = (self.seen + [line])[-4:]
            if line.startswith(prefix):
                return line
            if line.startswith("error -1"):
                return None

    def close(self):
        try:
            self.send("goodbye")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def build_opentafl(opentafl: Path, work: Path) -> list[str]:
    """OpenTafl compiled from its sources (:func:`compile_opentafl`); the command line of its
    engine mode."""
    classpath = compile_opentafl(opentafl, work, work / "src/com/manywords/softworks/tafl/OpenTafl.java")
    return ["java", "-cp", os.pathsep.join(classpath), "com.manywords.softworks.tafl.OpenTafl", "--engine"]


def play_game(rules: str, attackers: Engine, defenders: Engine, seed: int,
              seconds: float, moves: list[str] | None = None) -> tuple[str | None, int, str]:
    """One game: the winning side ("attackers", "defenders") or None for a draw, its plies and
    how it ended (the result's reason, ``no_move``/``illegal_move`` of the loser, ``max_plies``).
    The moves played (the opening's included) are appended to ``moves`` when it is given."""
    g = Game(ruleset_from_opentafl(rules))
    rng = random.Random(seed)
    for _ in range(OPENING_PLIES):
        m = rng.choice(sorted(g.move_codes()))
        g.play(Move(m >> 10, m & 1023, g.size))
    engines = {"attackers": attackers, "defenders": defenders}
    for e in engines.values():
        e.send("rules " + rules)
        e.send("position " + g.position().to_otn())
    last = {"attackers": None, "defenders": None}
    period = max(1, round(2 * seconds))
    while g.result is None and len(g.moves_played) < MAX_PLIES:
        side = g.to_move
        e = engines[side]
        other = "defenders" if side == "attackers" else "attackers"
        if last[other]:
            e.send(f"opponent-move {last[other]} {g.position().to_otn()}")
        e.send(f"clock 0 0 {period} 99 99")
        e.send("play " + side)
        line = e.expect("move ")
        move = line.split(" ", 1)[1].strip() if line else ""
        if not line or not g.is_legal(move):   # no move, or an illegal one: a loss
            if moves is not None:
                moves.extend(str(p.move) for p in g.moves_played)
            return other, len(g.moves_played), (f"illegal_move {move}" if line else "no_move: " + " / ".join(e.seen))
        g.play(move)
        last[side] = move
        e.send("move " + g.position().to_otn())
    if moves is not None:
        moves.extend(str(p.move) for p in g.moves_played)
    winner = g.result.winner if g.result else None
    code = {None: 1, "attackers": 2, "defenders": 3}[winner]
    for e in engines.values():
        e.send(f"finish {code}")
    return winner, len(g.moves_played), g.result.reason if g.result else "max_plies"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.tafl_core.opentafl_match")
    ap.add_argument("--variant", choices=sorted(RULES), default="brandub")
    ap.add_argument("--games", type=int, default=10, help="games (pairs with colours swapped)")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--side", choices=("both", "attackers", "defenders"), default="both",
                    help="tafl_core's side: both (colours swapped each pair) or one side in every game")
    ap.add_argument("--first-seed", type=int, default=0, help="the first opening's seed")
    ap.add_argument("--moves", action="store_true", help="print each game's moves")
    args = ap.parse_args(argv)
    opentafl = Path(os.environ.get("OPENTAFL_DIR", ""))
    if not shutil.which("javac") or not (opentafl / "src").is_dir():
        print("bench-opentafl: needs a JDK (javac, java) and an OpenTafl checkout at OPENTAFL_DIR "
              "(git clone https://github.com/jslater89/OpenTafl)", file=sys.stderr)
        return 2
    rules = RULES[args.variant]
    w = d = l = 0
    per_side = {"attackers": [0, 0, 0], "defenders": [0, 0, 0]}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = build_opentafl(opentafl, Path(tmp))
        for i in range(args.games):
            # fresh processes a game: one engine's fault cannot carry into the next game
            ours = Engine("tafl_core", [sys.executable, "-m", "tafl_core", "engine", "--level", args.level], REPO)
            theirs = Engine("OpenTafl", cmd, tmp)
            try:
                if args.side == "both":
                    ours_side, seed = ("attackers" if i % 2 == 0 else "defenders"), args.first_seed + i // 2
                else:
                    ours_side, seed = args.side, args.first_seed + i
                att, dfn = (ours, theirs) if ours_side == "attackers" else (theirs, ours)
                moves: list[str] = []
                winner, plies, how = play_game(rules, att, dfn, seed, args.seconds, moves)
            finally:
                ours.close()
                theirs.close()
            k = 1 if winner is None else (0 if winner == ours_side else 2)
            w, d, l = w + (k == 0), d + (k == 1), l + (k == 2)
            per_side[ours_side][k] += 1
            print(f"game {i + 1}: tafl_core as {ours_side}: {['win', 'draw', 'loss'][k]} in {plies} plies "
                  f"({how}, opening seed {seed})", flush=True)
            if args.moves:
                print("  moves: " + " ".join(moves), flush=True)
    elo, err = elo_difference(w, d, l)
    a, df = per_side["attackers"], per_side["defenders"]
    print(f"tafl_core vs OpenTafl ({args.variant}, {args.seconds} s a move): {w}-{d}-{l}; "
          f"Elo difference {elo:+.0f} \u00b1 {err:.0f} (95 %); as attackers {a[0]}-{a[1]}-{a[2]}, "
          f"as defenders {df[0]}-{df[1]}-{df[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
