"""Replay the site's game records in OpenTafl's own code (``make check-opentafl``; a check beside
the tests, since it needs a JDK and an OpenTafl checkout).

For every variant whose rules OpenTafl can express (``opentafl.to_opentafl``; Berserk left out:
its records carry this engine's ``end`` move), seeded random games are played by ``tafl_core``
and exported as OpenTafl game records; a small Java driver compiled against OpenTafl's sources
(``$OPENTAFL_DIR/src``, github.com/jslater89/OpenTafl) loads each record with OpenTafl's
``GameSerializer``/``RulesSerializer``, replays every move with ``GameState.makeMove`` and prints
how far it got, the result and the final position; they must equal ``tafl_core``'s. The rules
strings alone are also read and written back by OpenTafl.

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
from tafl_core.opentafl import to_opentafl
from tafl_core.records import export_record

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
                GameSerializer.GameContainer c = GameSerializer.loadGameRecordFile(new java.io.File(path));
                int n = 0;
                for (DetailedMoveRecord m : c.moves) {
                    int res = c.game.getCurrentState().makeMove(m);
                    n++;
                    if (res != GameState.GOOD_MOVE) break;
                }
                System.out.println("GAME " + path + " " + n + " " + c.game.getCurrentState().checkVictory() + " "
                    + c.game.getCurrentState().getOTNPositionString());
            } catch (Throwable t) {
                System.out.println("FAIL " + path + " " + t);
            }
        }
    }
}
"""
#: OpenTafl's GameState result codes.
_VICTORY = {0: None, 2: "attackers", 3: "defenders", 4: "draw"}


def random_games(games: int) -> list[tuple[str, Game]]:
    out = []
    for path in sorted((REPO / "variants_src").glob("*/rules.toml")):
        try:
            rs = load_ruleset(path)
        except Exception:   # noqa: BLE001 - a page without a board
            continue
        if not to_opentafl(rs) or "berserk" in path.parent.name:
            continue
        for seed in range(games):
            rng = random.Random(seed)
            g = Game(rs)
            for _ in range(300):
                codes = g.move_codes()
                if not codes or g.result:
                    break
                m = rng.choice(codes)
                g.play(Move(m >> 10, m & 1023, g.size))
            out.append((f"{path.parent.name}-{seed}", g))
    return out


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
        rules = sorted({to_opentafl(g.ruleset) for _, g in played})
        r = subprocess.run(["java", "-cp", cp, "ReplayCheck", "rules"], input="\n".join(rules) + "\n",
                           capture_output=True, text=True, check=True)
        bad = [line for line in r.stdout.splitlines() if not line.startswith("OK ")]
        paths = []
        for name, g in played:
            p = work / f"{name}.otg"
            p.write_text(export_record(g), encoding="utf-8")
            paths.append(str(p))
        r = subprocess.run(["java", "-cp", cp, "ReplayCheck", *paths], capture_output=True, text=True, check=True)
        got = {}
        for line in r.stdout.splitlines():
            parts = line.split()
            if parts[0] != "GAME":
                bad.append(line)
                continue
            got[Path(parts[1]).stem] = (int(parts[2]), _VICTORY.get(int(parts[3]), "?"), parts[4])
        for name, g in played:
            outcome = (g.result.winner or "draw") if g.result else None
            want = (len(g.moves_played), outcome, g.position().to_otn())
            if got.get(name) != want:
                bad.append(f"{name}: OpenTafl {got.get(name)}, tafl_core {want}")
    print(f"{len(rules)} rules strings read by OpenTafl; {len(played)} game records replayed "
          f"({sum(len(g.moves_played) for _, g in played)} plies, "
          f"{sum(1 for _, g in played if g.result)} finished games): {len(bad)} differences")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
