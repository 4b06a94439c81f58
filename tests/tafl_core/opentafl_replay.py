"""Replay the site's game records in OpenTafl's own code (``make check-opentafl``; a check beside
the tests, since it needs a JDK and an OpenTafl checkout).

For every board variant, seeded random games are played by ``tafl_core`` (in a berserk turn the
piece moves on three times in four, so that games both with and without an early ``end`` occur)
and exported as OpenTafl game records (``records.export_record``: the site's rules, or OpenTafl's
nearest rules where the moves replay identically under them, ``opentafl_export``). Every record
that carries a ``rules`` tag is loaded by a small Java driver compiled against OpenTafl's sources
(``$OPENTAFL_DIR/src``, github.com/jslater89/OpenTafl) with ``GameSerializer.loadGameRecord``;
each move is replayed with ``GameState.makeMove`` and the position after every move, the number
of moves played and the result are printed; they must equal ``tafl_core``'s under the site's
rules. A record without a rules tag must be one whose moves play otherwise under OpenTafl's
nearest rules (``opentafl_plan`` says so); the figures per variant are printed. The rules strings
alone are also read and written back by OpenTafl.

OpenTafl is compiled by :func:`tests.tafl_core.opentafl_build.compile_opentafl` (with stand-ins
for its UI libraries where Debian's jars are missing; the replay never calls them).

Usage: ``OPENTAFL_DIR=/path/to/OpenTafl python -m tests.tafl_core.opentafl_replay [GAMES]``;
exit 0 when every record replays the same, 1 when one differs, 2 when the tools are missing.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tafl_core import Game, Move, load_ruleset
from tafl_core.opentafl_export import opentafl_plan
from tafl_core.records import export_record, start_of

from .helpers import REPO
from .opentafl_build import compile_opentafl

_DRIVER = r"""
import com.manywords.softworks.tafl.notation.*;
import com.manywords.softworks.tafl.rules.*;
import com.manywords.softworks.tafl.engine.*;
public class ReplayCheck {
    public static void main(String[] a) throws Exception {
        Coord.initialize();
        if (a[0].equals("rules")) {
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
            for (String line; (line = r.readLine()) != null; ) {
                try { System.out.println("OK " + RulesSerializer.getRulesRecord(RulesSerializer.loadRulesRecord(line), false)); }
                catch (Throwable t) { System.out.println("FAIL " + t); }
            }
            return;
        }
        for (String path : a) {
            try {
                String text = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(path)), "UTF-8");
                GameSerializer.GameContainer c = GameSerializer.loadGameRecord(text);
                int n = 0;
                StringBuilder seen = new StringBuilder();
                for (DetailedMoveRecord m : c.moves) {
                    int res = c.game.getCurrentState().makeMove(m);
                    if (res < GameState.LOWEST_NONERROR_RESULT) break;   // an illegal move
                    n++;
                    seen.append(" ").append(c.game.getCurrentState().getOTNPositionString());
                    if (res != GameState.GOOD_MOVE) break;                 // the game ended
                }
                System.out.println("GAME " + path + " " + n + " " + c.game.getCurrentState().checkVictory() + seen);
            } catch (Throwable t) {
                System.out.println("FAIL " + path + " " + t);
            }
        }
    }
}
"""
#: OpenTafl's GameState result codes.
_VICTORY = {0: None, 2: "attackers", 3: "defenders", 4: "draw"}


def board_variants() -> list[tuple[str, object]]:
    """Every variant with a board: (slug, ruleset)."""
    out = []
    for path in sorted((REPO / "variants_src").glob("*/rules.toml")):
        try:
            out.append((path.parent.name, load_ruleset(path)))
        except Exception:   # noqa: BLE001 - a page without a board
            continue
    return out


def random_game(rs, seed: int) -> Game:
    """A seeded random game of at most 300 plies; in a berserk turn the piece moves on three
    times in four (else the turn ends where it may)."""
    rng = random.Random(seed)
    g = Game(rs)
    for _ in range(300):
        codes = g.move_codes()
        if not codes or g.result:
            break
        if g.berserker >= 0:
            on = [c for c in codes if c >> 10 != c & 1023]
            if on and rng.random() < 0.75:
                codes = on
        m = rng.choice(codes)
        g.play(Move(m >> 10, m & 1023, g.size))
    return g


def random_games(games: int) -> list[tuple[str, str, Game]]:
    """(variant slug, game name, game) for ``games`` seeded games of every board variant."""
    return [(slug, f"{slug}-{seed}", random_game(rs, seed)) for slug, rs in board_variants() for seed in range(games)]


def build(opentafl: Path, work: Path) -> list[str]:
    """Compile the driver against a copy of OpenTafl's sources; the classpath to run it."""
    (work / "ReplayCheck.java").write_text(_DRIVER)
    return compile_opentafl(opentafl, work, work / "ReplayCheck.java")


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 12
    opentafl = Path(os.environ.get("OPENTAFL_DIR", ""))
    if not shutil.which("javac") or not (opentafl / "src").is_dir():
        print("check-opentafl: needs javac and an OpenTafl checkout at OPENTAFL_DIR "
              "(git clone https://github.com/jslater89/OpenTafl)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cp = os.pathsep.join(build(opentafl, work))
        played = random_games(games)
        bad: list[str] = []
        per_variant: dict[str, list[int]] = {}   # slug -> [games, written with rules, replayed the same]
        written = []
        for slug, name, g in played:
            counts = per_variant.setdefault(slug, [0, 0, 0])
            counts[0] += 1
            text = export_record(g)
            rules = next((line[7:-1] for line in text.splitlines() if line.startswith("[rules:")), None)
            if rules is None:
                start, side = start_of(g)
                plan = opentafl_plan(g, start, side)
                if plan.rules is not None or plan.why is None:
                    bad.append(f"{name}: no rules tag, yet the plan has rules")
                continue
            counts[1] += 1
            p = work / f"{name}.otg"
            p.write_text(text, encoding="utf-8")
            written.append((slug, name, g, rules, str(p)))
        strings = sorted({w[3] for w in written})
        r = subprocess.run(["java", "-cp", cp, "ReplayCheck", "rules"], input="\n".join(strings) + "\n",
                           capture_output=True, text=True, check=True)
        bad += [line for line in r.stdout.splitlines() if not line.startswith("OK ")]
        got = {}
        for chunk in range(0, len(written), 200):
            r = subprocess.run(["java", "-cp", cp, "ReplayCheck", *[w[4] for w in written[chunk:chunk + 200]]],
                               capture_output=True, text=True, check=True)
            for line in r.stdout.splitlines():
                parts = line.split()
                if parts[0] != "GAME":
                    bad.append(line[:300])
                    continue
                got[Path(parts[1]).stem] = (int(parts[2]), _VICTORY.get(int(parts[3]), "?"), parts[4:])
        for slug, name, g, _, _ in written:
            outcome = (g.result.winner or "draw") if g.result else None
            want = (len(g.moves_played), outcome, positions(g))
            if got.get(name) == want:
                per_variant[slug][2] += 1
            else:
                have = got.get(name)
                bad.append(f"{name}: OpenTafl {have[:2] if have else None}, tafl_core {want[:2]}"
                           + ("" if not have or have[2] == want[2] else " (positions differ)"))
    print(f"{'variant':32} games  OpenTafl record  replayed the same")
    for slug, (n, w, same) in per_variant.items():
        print(f"{slug:32} {n:5}  {w:15}  {same:17}")
    total = [sum(c[i] for c in per_variant.values()) for i in range(3)]
    print(f"{len(per_variant)} board variants, {len(strings)} rules strings read by OpenTafl; {total[0]} games, "
          f"{total[1]} exported with OpenTafl rules ({sum(len(w[2].moves_played) for w in written)} plies, "
          f"{sum(1 for w in written if w[2].result)} finished), {total[2]} replayed the same in OpenTafl; "
          f"{total[0] - total[1]} without an OpenTafl file (moves that play otherwise under OpenTafl's rules); "
          f"{len(bad)} differences")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


def positions(g: Game) -> list[str]:
    """The position after every ply that OpenTafl records (all but ``end``), as OTN."""
    start, side = start_of(g)
    replay = Game(g.ruleset, start, side)
    out = []
    for p in g.moves_played:
        replay.play(p.move)
        if not p.move.is_end:
            out.append(replay.position().to_otn())
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
