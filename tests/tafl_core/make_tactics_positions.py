"""Writes ``tests/tafl_core/tactics_positions.py``: positions from the real games in
``../shared/oracles`` (aagenielsen.dk records, see its README) one and two moves before a game
ended on the board. The records are third-party data and stay in ../shared; this script copies
only positions (OpenTafl notation) into the test data module, each with its game's line number.

Run from the repository root: ``python -m tests.tafl_core.make_tactics_positions [PER_KIND]``
(default 30 positions of each kind per variant, spread evenly over the games that qualify).

* ``ONE_BEFORE``: the position before the game's last move; the side to move (the record's
  winner) has a move that wins at once (the record's last move is one).
* ``TWO_BEFORE``: the position before the loser's last move; the record's move let the opponent
  win at once, and (checked here by brute force with the engine) at least one other move does
  not.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tafl_core import Game, Move, load_ruleset

REPO = Path(__file__).resolve().parents[2]
ORACLES = REPO.parent / "shared" / "oracles"
FILES = {"brandubh": "brandubh-games.csv", "copenhagen-hnefatafl": "copenhagen-games.csv"}
OUT = Path(__file__).with_name("tactics_positions.py")


def opponent_wins_at_once(game) -> bool:
    """True when the side to move has a move that ends the game in its favour (brute force)."""
    me = game.to_move
    for mv in game.legal_moves():
        p = game.play(mv)
        game.undo()
        if p.result is not None and p.result.winner == me:
            return True
    return False


def safe_moves(game) -> list[str]:
    """The side to move's moves after which the opponent cannot win at once (a move that wins
    at once counts as safe)."""
    me = game.to_move
    out = []
    for mv in game.legal_moves():
        p = game.play(mv)
        if p.result is not None:
            ok = p.result.winner == me
        else:
            ok = not opponent_wins_at_once(game)
        game.undo()
        if ok:
            out.append(str(mv))
    return out


def candidates(slug: str, filename: str):
    """Yields ``(line, kind, otn, side, detail)`` for each game of the file that ends on the board."""
    rs = load_ruleset(REPO / "variants_src" / slug)
    for i, line in enumerate((ORACLES / filename).read_text().splitlines(), 1):
        if not line.strip():
            continue
        moves_text, _a, _d, status = line.rsplit(",", 3)
        tokens = moves_text.split()
        if "timeout" in tokens or status.strip() not in ("Black", "White"):
            continue
        g = Game(rs)
        snaps = []
        ok = True
        for tok in tokens:
            if g.result is not None:
                ok = False
                break
            mv = Move.parse(tok.split("x")[0], rs.size)
            if not g.is_legal(mv):
                ok = False
                break
            snaps.append((g.position().to_otn(), g.to_move, str(mv)))
            g.play(mv)
        if not ok or g.result is None or g.result.reason == "repetition" or len(snaps) < 2:
            continue
        reason = str(g.result.reason)
        otn1, side1, mv1 = snaps[-1]
        yield i, "one", otn1, side1, (reason, mv1)
        otn2, side2, mv2 = snaps[-2]
        g2 = Game(rs, __import__("tafl_core").Position.from_otn(otn2), side2)
        safe = safe_moves(g2)
        if safe and mv2 not in safe:
            yield i, "two", otn2, side2, (reason, mv2, len(safe), len(g2.legal_moves()))


def main(argv):
    per_kind = int(argv[0]) if argv else 30
    one, two = [], []
    for slug, filename in FILES.items():
        found = {"one": [], "two": []}
        for i, kind, otn, side, detail in candidates(slug, filename):
            found[kind].append((slug, i, otn, side, detail))
        for kind, rows in found.items():
            step = max(1, len(rows) // per_kind)
            picked = rows[::step][:per_kind]
            # every way a game ended that the file holds, at least twice where it can
            for reason in dict.fromkeys(r[4][0] for r in rows):
                have = sum(1 for r in picked if r[4][0] == reason)
                extra = [r for r in rows if r[4][0] == reason and r not in picked][:max(0, 2 - have)]
                picked += extra
            picked.sort(key=lambda r: r[1])
            print(f"{slug}: {len(rows)} '{kind}' positions, {len(picked)} picked", file=sys.stderr)
            (one if kind == "one" else two).extend(picked)
    lines = ['"""Positions from real games (aagenielsen.dk records in ../shared/oracles, see its README),',
             "written by tests/tafl_core/make_tactics_positions.py; each row names its game by the line",
             "number in the oracle file. Positions in OpenTafl notation (attackers t, defenders T, king K).",
             '"""', "",
             "# (variant, OTN position, side to move, how the game ended, the record's last move)",
             "# one move before the end: the side to move has a move that wins at once",
             "ONE_BEFORE = ["]
    for slug, i, otn, side, (reason, mv) in one:
        lines.append(f"    ({slug!r}, {otn!r}, {side!r}, {reason!r}, {mv!r}),  # game {i}")
    lines += ["]", "",
              "# (variant, OTN position, side to move, how the game ended, the record's move that let",
              "# the opponent win at once); at least one move here does not (checked when written)",
              "TWO_BEFORE = ["]
    for slug, i, otn, side, (reason, mv, nsafe, nall) in two:
        lines.append(f"    ({slug!r}, {otn!r}, {side!r}, {reason!r}, {mv!r}),  # game {i}: {nsafe} of {nall} moves safe")
    lines += ["]", ""]
    OUT.write_text("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
