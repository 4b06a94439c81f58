"""Replays the real games in shared/oracles/ (aagenielsen.dk records, see its README) through
tafl_core and compares every move's legality, every move's captured squares and the winner.

Run: ``python -m tests.oracles.replay [copenhagen|brandubh ...]`` from the repository root;
prints the counts. The files are third-party data and are read from ../shared, never copied.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tafl_core import Game, Move, load_ruleset, square_name

REPO = Path(__file__).resolve().parents[2]
ORACLES = REPO.parent / "shared" / "oracles"
FILES = {"copenhagen": ("copenhagen-games.csv", "copenhagen-hnefatafl"),
         "brandubh": ("brandubh-games.csv", "brandubh")}
STATUS_WINNER = {"Black": "attackers", "White": "defenders", "Draw": None, "Ongoing": "ongoing"}


@dataclass
class Report:
    """Counts of one replay: compared games, skips by reason, failures with their first fault."""

    name: str
    games: int = 0
    compared: int = 0
    unscored: int = 0
    skipped: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)

    def lines(self) -> list[str]:
        skips = ", ".join(f"{n} {why}" for why, n in sorted(self.skipped.items())) or "none"
        out = [f"{self.name}: {self.games} games, {self.compared} compared, "
               f"{sum(self.skipped.values())} skipped ({skips}), {len(self.failures)} failed; "
               f"of the compared, {self.unscored} end without a result on the board (the record's "
               f"winner won by resignation or time), so only their moves and captures are compared"]
        out += [f"  game {i}: {why}" for i, why in self.failures[:10]]
        return out


def replay_game(ruleset, moves: list[str], status: str) -> tuple[str, str | None]:
    """Replays one record. Returns ("ok"|"ok-unscored"|"skip"|"fail", reason). A record whose
    last position has no result under the rules although it names a winner ended by
    resignation or time: its moves and captures are compared, its winner cannot be (the
    hnefatafl-copenhagen engine's replay of the same file compares the winner only where its
    game is over, too)."""
    game = Game(ruleset)
    n = ruleset.size
    for ply, token in enumerate(moves, 1):
        if token == "timeout":
            return "skip", "timeout ends the game"
        if game.result is not None:
            if game.result.reason == "repetition":
                return "skip", "repetition the site did not enforce"
            return "fail", f"ply {ply} {token}: the engine ended the game before ({game.result.winner} by {game.result.reason})"
        body, *caps = token.split("x")
        move = Move.parse(body, n)
        why = game.why_illegal(move)
        if why:
            return "fail", f"ply {ply} {token}: illegal here ({why})"
        played = game.play(move)
        got = {square_name(c.square, n) for c in played.captures if c.piece != "king"}
        want = set(caps)
        if got != want:
            return "fail", f"ply {ply} {token}: engine captured {sorted(got)}, record {sorted(want)}"
    want_winner = STATUS_WINNER[status]
    result = game.result
    if result is not None and result.reason == "repetition" and want_winner == "ongoing":
        return "skip", "repetition the site did not enforce"
    if result is None and want_winner != "ongoing":
        return "ok-unscored", None
    got_winner = "ongoing" if result is None else result.winner
    if got_winner != want_winner:
        how = f" by {result.reason}" if result else ""
        return "fail", f"end: engine says {got_winner}{how}, record says {status}"
    return "ok", None


def replay_file(name: str) -> Report:
    """Replays every game of one oracle file (``copenhagen`` or ``brandubh``)."""
    filename, slug = FILES[name]
    ruleset = load_ruleset(REPO / "variants_src" / slug)
    report = Report(name)
    for i, line in enumerate((ORACLES / filename).read_text().splitlines(), 1):
        if not line.strip():
            continue
        moves_text, _att, _def, status = line.rsplit(",", 3)
        report.games += 1
        verdict, why = replay_game(ruleset, moves_text.split(), status.strip())
        if verdict == "ok":
            report.compared += 1
        elif verdict == "ok-unscored":
            report.compared += 1
            report.unscored += 1
        elif verdict == "skip":
            report.skipped[why] += 1
        else:
            report.compared += 1
            report.failures.append((i, why))
    return report


def main(argv: list[str]) -> int:
    names = argv or list(FILES)
    unknown = [n for n in names if n not in FILES]
    if unknown:
        print(f"replay: unknown set '{unknown[0]}' (known: {', '.join(FILES)})", file=sys.stderr)
        return 2
    if not ORACLES.is_dir():
        print(f"replay: {ORACLES} is missing: the game records are maintainers' data beside the "
              "project (../shared/oracles), not part of a clone", file=sys.stderr)
        return 2
    bad = 0
    for name in names:
        report = replay_file(name)
        print("\n".join(report.lines()))
        bad += len(report.failures)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
