"""The first-move table of board-data (build_tools/first_moves.py) and its
lookup in the browser (docs/assets/board/firstmove.js): for every first move of every variant
with a board, the state firstmove.js shows before the engine is ready is the state
tafl_core.bridge gives after that move (pieces, side to move, berserk turn, result, the move's
history entry with its captures). The lookup runs in Node (as `make test-js`)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_tools import first_moves
from tafl_core.bridge import Session

ROOT = Path(__file__).resolve().parents[2]
FIELDS = ("pieces", "to_move", "berserk", "result", "stuck")

NODE_SCRIPT = """
import { stateAfter, usableTable } from "%s";
import { pageState } from "%s";
const input = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
const out = {};
for (const [slug, data] of Object.entries(input)) {
  const home = { otn: null, to_move: null };
  const start = pageState(data, home);
  const table = usableTable(data, home, start.to_move);
  out[slug] = {};
  for (const [from, tos] of Object.entries(table.targets)) {
    for (const to of tos.split(" ")) out[slug][`${from}-${to}`] = stateAfter(table, start, `${from}-${to}`);
  }
}
process.stdout.write(JSON.stringify(out));
"""


def board_variants() -> list[Path]:
    out = []
    for p in sorted((ROOT / "variants_src").iterdir()):
        f = p / "rules.toml"
        if f.is_file() and "board = false" not in f.read_text(encoding="utf-8"):
            out.append(f)
    return out


def test_brandubh_corners_only_for_the_king():
    # Brandubh rules.toml §5.2: corner_stop = ["king"]: the attacker on d1 moves along rank 1
    # to b1, c1, e1, f1 but not into the corners a1 and g1; d2 blocks the d file.
    t = first_moves.table((ROOT / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    assert t["to_move"] == "attackers" and t["next"] == "defenders"  # §5.1: the attackers begin
    assert sorted(t["targets"]["d1"].split()) == ["b1", "c1", "e1", "f1"]
    assert "d4" not in t["targets"]  # the king is hemmed in by its defenders


def test_refused_rules_give_no_table():
    assert first_moves.table("not = [toml") is None


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_lookup_gives_the_engines_state_for_every_first_move(tmp_path):
    from tafl_core import load_ruleset
    data, expected = {}, {}
    for f in board_variants():
        text = f.read_text(encoding="utf-8")
        rs = load_ruleset(f)
        slug = f.parent.name
        data[slug] = {"size": rs.size, "first_mover": rs.value("first_mover"), "pieces": dict(rs.layout.pieces),
                      "special": rs.special_squares(), "first_moves": first_moves.table(text)}
        s = Session(text)
        expected[slug] = {}
        for frm in s.start()["movable"]:
            s.start()
            for to in s.targets(frm):
                s.start()
                expected[slug][f"{frm}-{to}"] = s.play(f"{frm}-{to}")["state"]
    assert len(data) >= 15
    script = tmp_path / "lookup.mjs"
    board = ROOT / "docs" / "assets" / "board"
    script.write_text(NODE_SCRIPT % ((board / "firstmove.js").as_uri(), (board / "state.js").as_uri()), encoding="utf-8")
    proc = subprocess.run(["node", str(script)], input=json.dumps(data), capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    for slug, moves in expected.items():
        assert set(got[slug]) == set(moves), slug  # the same legal first moves
        for move, st in moves.items():
            mine = got[slug][move]
            for k in FIELDS:
                assert mine[k] == st[k], (slug, move, k)
            assert mine["history"] == st["history"], (slug, move)
            assert mine["cursor"] == 1 and mine["can_undo"] is True


def test_file_page_note_has_the_boards_words():
    """The note a file:// page shows (board.html.j2, from build_tools/labels.py, since no
    module loads there) says what the board says (words.js fileProtocol), in both languages,
    and names the fix: serve the folder over HTTP, e.g. `make serve`."""
    import re

    from build_tools.labels import UI
    words = (ROOT / "docs" / "assets" / "board" / "words.js").read_text(encoding="utf-8")
    found = re.findall(r'fileProtocol: "([^"]+)"', words)
    assert found == [UI["de"]["board_file_protocol"], UI["en"]["board_file_protocol"]]
    assert "den Ordner über HTTP ausliefern, z. B. mit `make serve`" in found[0]
    assert "serve the folder over HTTP, e.g. `make serve`" in found[1]
