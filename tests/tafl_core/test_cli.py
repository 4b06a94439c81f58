"""The command line (notes/engine.md, "Command line"): JSON shape, illegal moves reported with exit 0, malformed
input exits 2 with one line on stderr naming file, line and fault."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .helpers import REPO


def run(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "tafl_core", *args], capture_output=True, text=True,
                          cwd=REPO, input=stdin, timeout=60)


def test_play_json_shape_with_king_capture(tmp_path):
    """Ealdfaeder §5.5: the king beside the central square is taken on three sides; the JSON is
    exactly the documented shape."""
    pos = tmp_path / "p.txt"
    pos.write_text("9 . . . . . . . . .\n8 . . . . . . . . .\n7 . . . . . . . . .\n6 . . . . . . . . .\n"
                   "5 . . . . . . . . .\n4 . . . A K A . . .\n3 . . . . . . . . .\n2 . . . . . . . . .\n"
                   "1 . . . . A . . . .\n  A B C D E F G H I\n")
    out = run("play", "--variant", "ealdfaeder-taefl", "--position", str(pos), "--to-move", "attackers", "--json", "e1-e3")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {
        "variant": "ealdfaeder-taefl",
        "moves": [{"move": "e1-e3", "legal": True, "notation": "e1-e3xe4", "captured": ["e4"],
                   "result": {"winner": "attackers", "reason": "king_captured"}}],
        "result": {"winner": "attackers", "reason": "king_captured"},
        "to_move": "defenders", "berserker": None}


def test_play_stops_at_first_illegal_move():
    """Ealdfaeder §5.3: no piece but the king may land on the centre square; play stops there, exit 0."""
    out = run("play", "--variant", "ealdfaeder-taefl", "--json", "e2-e3", "e4-e3", "e8-e7")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert [m["legal"] for m in data["moves"]] == [True, False]
    assert "occupied" in data["moves"][1]["error"] or "e3" in data["moves"][1]["error"]
    assert data["result"] is None and data["to_move"] == "defenders"


def test_position_from_stdin_as_opentafl_record():
    """An OpenTafl position record (first row = rank 1) on stdin: Brandubh's start from the
    OpenTafl spec, attackers to move."""
    out = run("moves", "--variant", "brandubh", "--position", "-", "--json", "--from", "d1",
              stdin="/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert sorted(data["moves"]) == ["d1-a1", "d1-b1", "d1-c1", "d1-e1", "d1-f1", "d1-g1"] or \
        sorted(data["moves"]) == ["d1-b1", "d1-c1", "d1-e1", "d1-f1"]


def test_text_output_has_a_board():
    out = run("play", "--variant", "ealdfaeder-taefl", "d1-d3")
    assert out.returncode == 0
    assert "defenders to move" in out.stdout and "  A B C D E F G H I" in out.stdout


BAD_DIAGRAMS = {
    "not square": ("9 . . .\n8 . . .\n", "p.txt:1:"),
    "unknown symbol": ("\n".join(["9 . . . . . . . . X"] + [f"{r} . . . . . . . . ." for r in range(8, 0, -1)]), "p.txt:1: unknown symbol 'X'"),
    "two kings": ("\n".join(["9 K . . . . . . . K"] + [f"{r} . . . . . . . . ." for r in range(8, 0, -1)]), "2 kings"),
}


@pytest.mark.parametrize("name", sorted(BAD_DIAGRAMS))
def test_malformed_position_exits_2_with_one_line(name, tmp_path):
    text, expected = BAD_DIAGRAMS[name]
    pos = tmp_path / "p.txt"
    pos.write_text(text)
    out = run("play", "--variant", "ealdfaeder-taefl", "--position", str(pos), "--json", "a1-a2")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0] and str(pos) in lines[0]
    assert out.stdout == ""


@pytest.mark.parametrize("args,needle", [
    (["play", "--variant", "no-such-variant", "e1-e2"], "unknown variant 'no-such-variant'"),
    (["play", "--variant", "ealdfaeder-taefl", "z9-z10"], "'z9-z10' is not a move"),
    (["play", "--variant", "ealdfaeder-taefl", "d\u00b2-d3"], "is not a move"),
    (["play", "--variant", "ealdfaeder-taefl", "d1-d3xHELLO"], "is not a move"),
    (["moves", "--variant", "ealdfaeder-taefl", "--from", "e\u00b2"], "is not a square"),
    (["moves", "--variant", "x" * 5000], "unknown variant"),
    (["bench", "--variant", "brandubh", "--seconds", "inf"], "--seconds"),
    (["bench", "--variant", "brandubh", "--seconds", "0"], "--seconds"),
    (["play", "--variant", "ealdfaeder-taefl", "e1e"], "is not a move"),
    (["play", "--variant", "ealdfaeder-taefl", "j1-j2"], "off the 9x9 board"),
    (["moves", "--variant", "ealdfaeder-taefl", "--from", "k11"], "off the 9x9 board"),
    (["play", "--variant", "ealdfaeder-taefl", "--to-move", "nobody"], "invalid choice"),
])
def test_malformed_arguments_exit_2(args, needle):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


def test_broken_rules_file_names_file_and_line(tmp_path):
    src = (REPO / "variants_src" / "ealdfaeder-taefl" / "rules.toml").read_text()
    broken = src.replace('[rules.king_armed]\nvalue = "yes"', '[rules.king_armed]\nvalue = "maybe"')
    (tmp_path / "rules.toml").write_text(broken)
    out = run("play", "--variant", str(tmp_path), "e1-e2")
    assert out.returncode == 2
    line = broken.splitlines().index('value = "maybe"') + 1     # the line of the bad value
    assert f"rules.toml:{line}: rule 'king_armed': 'maybe' is not one of yes, no, anvil, hammer" in out.stderr


def test_bench_json_fields():
    out = run("bench", "--variant", "brandubh", "--seconds", "0.3", "--seed", "3", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["plies_per_s"] > 0 and data["movegen_median_us"] > 0
    assert data["start_moves"] == 40   # Brandubh start: the attackers' 8 men have 40 moves (counted by hand below)


def test_brandubh_start_move_count_by_hand():
    """Brandubh start (attackers first): d7/d1 reach 3+3 squares sideways each (a, b, c / e, f, g
    of their rank) = 6 each; d6/d2 reach 2+2 (c, b? no: b6..) - counted from the diagram: d6 -> a6 b6
    c6 e6 f6 g6 (6), d7 -> a7 b7 c7 e7 f7 g7 (6); same for d2, d1: 24; a4 -> a5 a6 a7? a7 is a corner
    (king only) so a5 a6 / a3 a2 (4); b4 -> b5 b6 b7 / b3 b2 b1 (6); g4, f4 alike: 4 + 6 + 4 + 6 = 20.
    Minus the corner squares a7/g7/a1/g1 that d7/d1 cannot reach: 24 - 4 = 20; total 40."""
    from tafl_core import Game, load_ruleset
    assert len(Game(load_ruleset(REPO / "variants_src" / "brandubh")).legal_moves()) == 40


def test_text_only_variant_has_no_board():
    """York Hnefatafl's layout is confirmed by no source: the engine refuses it clearly."""
    out = run("moves", "--variant", "york-hnefatafl")
    assert out.returncode == 2
    assert "this variant has no board (board = false)" in out.stderr and "york-hnefatafl/rules.toml:" in out.stderr


def test_play_names_the_moves_not_played_after_an_illegal_one():
    """Ealdfaeder: d9 holds an attacker (start layout), so d1-d9 is illegal; d1-d3 is not played."""
    out = run("play", "--variant", "ealdfaeder-taefl", "--json", "d1-d9", "d1-d3")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert [m["legal"] for m in data["moves"]] == [False] and data["not_played"] == ["d1-d3"]
    text = run("play", "--variant", "ealdfaeder-taefl", "d1-d9", "d1-d3").stdout
    assert "not played (after the illegal move): d1-d3" in text


def test_moves_after_moves_and_why_there_are_none():
    """Ealdfaeder start: e9 is an attacker hemmed in by d9, f9 and e8; e5 is the defenders' king."""
    out = run("moves", "--variant", "ealdfaeder-taefl", "--json", "--from", "e9")
    assert json.loads(out.stdout)["why_none"] == "the piece on e9 has no legal move"
    out = run("moves", "--variant", "ealdfaeder-taefl", "--json", "--from", "e5")
    assert "belongs to the other side" in json.loads(out.stdout)["why_none"]
    out = run("moves", "--variant", "ealdfaeder-taefl", "--json", "--from", "c7")
    assert json.loads(out.stdout)["why_none"] == "there is no piece on c7"
    out = run("moves", "--variant", "ealdfaeder-taefl", "--json", "d1-d3")      # the defenders' moves now
    data = json.loads(out.stdout)
    assert data["to_move"] == "defenders" and "e6-e7" in data["moves"]
    out = run("moves", "--variant", "ealdfaeder-taefl", "d1-d9")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "illegal" in out.stderr


def test_a_closed_pipe_is_no_traceback():
    import subprocess, sys
    from .helpers import REPO
    # `true` exits before the engine has started, so the first print meets a closed pipe
    p = subprocess.run(f"'{sys.executable}' -m tafl_core moves --variant alea-evangelii | true",
                       shell=True, capture_output=True, text=True, cwd=REPO)
    assert "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr
