"""The handed rules conformance cases (shared/cases/rules-cases.json), copied here so that
they run without ../shared: each case is a position written from a seed rule text, the moves
to play and what must happen. Every case runs through the command line, exactly as
shared/cases/run_cases.py runs it, and through the Python API."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tafl_core import Game, load_ruleset, parse_diagram, square_name

from .helpers import REPO, SHARED

CASES = [{'id': 'eald-custodial',
  'variant': 'ealdfaeder-taefl',
  'rule': '5.4 capture between two enemies',
  'to_move': 'attackers',
  'moves': ['e1-e4'],
  'expect': {'captured': [['d4']], 'result': None},
  'position': ['9 . . . . . . . . .',
               '8 . . . . . . . . .',
               '7 . . . . . . K . .',
               '6 . . . . . . . . .',
               '5 . . . . . . . . .',
               '4 . . A D . . . . .',
               '3 . . . . . . . . .',
               '2 . . . . . . . . .',
               '1 . . . . A . . . .',
               '  A B C D E F G H I']},
 {'id': 'eald-king-open-2-not',
  'variant': 'ealdfaeder-taefl',
  'rule': '5.5 two attackers do not take the king in the open',
  'to_move': 'attackers',
  'moves': ['h6-d6'],
  'expect': {'captured': [[]], 'result': None},
  'position': ['9 . . . . . . . . .',
               '8 . . . . . . . . .',
               '7 . . . . . . . . .',
               '6 . A K . . . . A .',
               '5 . . . . . . . . .',
               '4 . . . . . . . . .',
               '3 . . . . . . . . .',
               '2 . . . . . . . . .',
               '1 . . . . . . . . .',
               '  A B C D E F G H I']},
 {'id': 'eald-king-throne-3',
  'variant': 'ealdfaeder-taefl',
  'rule': '5.5 king beside the central square taken on three sides',
  'to_move': 'attackers',
  'moves': ['e1-e3'],
  'expect': {'captured': [['e4']], 'result': {'winner': 'attackers', 'reason': 'king_captured'}},
  'position': ['9 . . . . . . . . .',
               '8 . . . . . . . . .',
               '7 . . . . . . . . .',
               '6 . . . . . . . . .',
               '5 . . . . . . . . .',
               '4 . . . A K A . . .',
               '3 . . . . . . . . .',
               '2 . . . . . . . . .',
               '1 . . . . A . . . .',
               '  A B C D E F G H I']},
 {'id': 'eald-corner-no-stop',
  'variant': 'ealdfaeder-taefl',
  'rule': '5.3 only the king may stop on a corner',
  'to_move': 'attackers',
  'moves': ['a5-a9'],
  'expect': {'legal': [False]},
  'position': ['9 . . . . . . . . .',
               '8 . . . . . . . . .',
               '7 . . . . . . K . .',
               '6 . . . . . . . . .',
               '5 A . . . . . . . .',
               '4 . . . . . . . . .',
               '3 . . . . . . . . .',
               '2 . . . . . . . . .',
               '1 . . . . . . . . .',
               '  A B C D E F G H I']},
 {'id': 'eald-first-move-attacker',
  'variant': 'ealdfaeder-taefl',
  'rule': '5.1 attackers move first',
  'to_move': None,
  'moves': ['a6-b6'],
  'expect': {'legal': [True], 'captured': [[]], 'result': None}},
 {'id': 'tawl-king-side-edge-wins',
  'variant': 'tawlbwrdd-lewis-alternative',
  'rule': '4 king reaching any edge square wins',
  'to_move': 'defenders',
  'moves': ['d4-a4'],
  'expect': {'captured': [[]], 'result': {'winner': 'defenders', 'reason': 'king_escaped'}},
  'position': ['11 . . . . . . . . . . .',
               '10 . . . . . . . . . . .',
               '9 . . . . . . . . . . .',
               '8 . . . . . . . . . . .',
               '7 . . . . . . . . . . .',
               '6 . . . . . . . . . . .',
               '5 . . . . . . . . . . .',
               '4 . . . K . . . . . . .',
               '3 . . . . . . . . . . .',
               '2 . . . . . . . A . . .',
               '1 . . . . . . . . . . .',
               '  A B C D E F G H I J K']},
 {'id': 'tawl-defender-capture',
  'variant': 'tawlbwrdd-lewis-alternative',
  'rule': '5.2 capture between two enemies',
  'to_move': 'defenders',
  'moves': ['a9-c9'],
  'expect': {'captured': [['c8']], 'result': None},
  'position': ['11 . . . . . . . . . . .',
               '10 . . . . . . . . . . .',
               '9 D . . . . . . . . . .',
               '8 . . A . . . . . . . .',
               '7 . . D . . . . . . . .',
               '6 . . . . . . . . . . .',
               '5 . . . . . . . . . . .',
               '4 . . . . . . . . . . .',
               '3 . . . . . . . K . . .',
               '2 . . . . . . . . . . .',
               '1 . . . . . . . . . . .',
               '  A B C D E F G H I J K']},
 {'id': 'alea-first-move-defender',
  'variant': 'alea-evangelii',
  'rule': "the king's forces take the first move",
  'to_move': None,
  'moves': ['i15-i14'],
  'expect': {'legal': [True], 'captured': [[]], 'result': None}},
 {'id': 'alea-king-throne-3-not',
  'variant': 'alea-evangelii',
  'rule': '5.4 on the throne the king needs four attackers',
  'to_move': 'attackers',
  'moves': ['k13-k10'],
  'expect': {'captured': [[]], 'result': None},
  'position': ['19 . . . . . . . . . . . . . . . . . . .',
               '18 . . . . . . . . . . . . . . . . . . .',
               '17 . . . . . . . . . . . . . . . . . . .',
               '16 . . . . . . . . . . . . . . . . . . .',
               '15 . . . . . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . A . . . . . . . .',
               '12 . . . . . . . . . . . . . . . . . . .',
               '11 . . . . . . . . . A . . . . . . . . .',
               '10 . . . . . . . . A K . . . . . . . . .',
               '9 . . . . . . . . . D . . . . . . . . .',
               '8 . . . . . . . . . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . . . . . .',
               '3 . . . . . . . . . . . . . . . . . . .',
               '2 . . . . . . . . . . . . . . . . . . .',
               '1 . . . . . . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O P Q R S']},
 {'id': 'alea-king-beside-throne-2-not',
  'variant': 'alea-evangelii',
  'rule': '5.4 beside the throne two attackers do not suffice',
  'to_move': 'attackers',
  'moves': ['j14-j12'],
  'expect': {'captured': [[]], 'result': None},
  'position': ['19 . . . . . . . . . . . . . . . . . . .',
               '18 . . . . . . . . . . . . . . . . . . .',
               '17 . . . . . . . . . . . . . . . . . . .',
               '16 . . . . . . . . . . . . . . . . . . .',
               '15 . . . . . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . A . . . . . . . . .',
               '13 . . . . . . . . . . . . . . . . . . .',
               '12 . . . . . . . . . . . . . . . . . . .',
               '11 . . . . . . . . A K . . . . . . . . .',
               '10 . . . . . . . . . . . . . . . . . . .',
               '9 . . . . . . . . . . . . . . . . . . .',
               '8 . . . . . . . . . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . . . . . .',
               '3 . . . . . . . . . . . . . . . . . . .',
               '2 . . . . . . . . . . . . . . . . . . .',
               '1 . . . . . . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O P Q R S']},
 {'id': 'alea-corner-hostile-attacker',
  'variant': 'alea-evangelii',
  'rule': '5.3 corners take part in captures for either side',
  'to_move': 'defenders',
  'moves': ['e1-c1'],
  'expect': {'captured': [['b1']], 'result': None},
  'position': ['19 . . . . . . . . . . . . . . . . . . .',
               '18 . . . . . . . . . . . . . . . . . . .',
               '17 . . K . . . . . . . . . . . . . . . .',
               '16 . . . . . . . . . . . . . . . . . . .',
               '15 . . . . . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . . . . . . . . . .',
               '12 . . . . . . . . . . . . . . . . . . .',
               '11 . . . . . . . . . . . . . . . . . . .',
               '10 . . . . . . . . . . . . . . . . . . .',
               '9 . . . . . . . . . . . . . . . . . . .',
               '8 . . . . . . . A . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . . . . . .',
               '3 . . . . . . . . . . . . . . . . . . .',
               '2 . . . . . . . . . . . . . . . . . . .',
               '1 . A . . D . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O P Q R S']},
 {'id': 'core-first-move-attacker',
  'variant': 'alea-evangelii-core',
  'rule': 'first move: attackers',
  'to_move': None,
  'moves': ['c1-c2'],
  'expect': {'legal': [True], 'captured': [[]], 'result': None}},
 {'id': 'core-corner-hostile',
  'variant': 'alea-evangelii-core',
  'rule': 'an empty corner takes the place of a capturing piece',
  'to_move': 'attackers',
  'moves': ['a6-a3'],
  'expect': {'captured': [['a2']], 'result': None},
  'position': ['19 . . . . . . . . . . . . . . . . . . .',
               '18 . . . . . . . . . . . . . . . . . . .',
               '17 . . . . . . . . . . . . . . . . . . .',
               '16 . . . . . . . . . . . . . . . . . . .',
               '15 . . . . . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . . . . . . . . . .',
               '12 . . . . . . . . . . . . . . . . . . .',
               '11 . . . . . . . . . . . . . . . . . . .',
               '10 . . . . . . . . . K . . . . . . . . .',
               '9 . . . . . . . . . . . . . . . . . . .',
               '8 . . . . . . . . . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . . . . . .',
               '6 A . . . . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . . . . . .',
               '3 . . . . . . . . . . . . . . . . . . .',
               '2 D . . . . . . . . . . . . . . . . . .',
               '1 . . . . . . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O P Q R S']},
 {'id': 'copper-king-edge-wins',
  'variant': 'coppergate-hnefatafl',
  'rule': '4 king reaching the edge wins',
  'to_move': 'defenders',
  'moves': ['c3-c1'],
  'expect': {'captured': [[]], 'result': {'winner': 'defenders', 'reason': 'king_escaped'}},
  'position': ['15 . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . . . . . .',
               '12 . . . . . . . . . . . . . . .',
               '11 . . . . . . . . . . A . . . .',
               '10 . . . . . . . . . . . . . . .',
               '9 . . . . . . . . . . . . . . .',
               '8 . . . . . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . .',
               '3 . . K . . . . . . . . . . . .',
               '2 . . . . . . . . . . . . . . .',
               '1 . . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O']},
 {'id': 'copper-throne-no-stop',
  'variant': 'coppergate-hnefatafl',
  'rule': '5.3 only the king may enter the throne',
  'to_move': 'attackers',
  'moves': ['h12-h8'],
  'expect': {'legal': [False]},
  'position': ['15 . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . . . . . .',
               '12 . . . . . . . A . . . . . . .',
               '11 . . . . . . . . . . . . . . .',
               '10 . . . . . . . . . . . . . . .',
               '9 . . . . . . . . . . . . . . .',
               '8 . . . . . . . . . . . . . . .',
               '7 . . . . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . .',
               '4 . . . K . . . . . . . . . . .',
               '3 . . . . . . . . . . . . . . .',
               '2 . . . . . . . . . . . . . . .',
               '1 . . . . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O']},
 {'id': 'copper-no-moves-loses',
  'variant': 'coppergate-hnefatafl',
  'rule': '5.7 a player without a legal move loses',
  'to_move': 'attackers',
  'moves': ['c7-c4'],
  'expect': {'captured': [[]],
             'result': {'winner': 'attackers', 'reason': ['no_legal_moves', 'encirclement']}},
  'position': ['15 . . . . . . . . . . . . . . .',
               '14 . . . . . . . . . . . . . . .',
               '13 . . . . . . . . . . . . . . .',
               '12 . . . . . . . . . . . . . . .',
               '11 . . . . . . . . . . . . . . .',
               '10 . . . . . . . . . . . . . . .',
               '9 . . . . . . . . . . . . . . .',
               '8 . . . . . . . . . . . . . . .',
               '7 . . A . . . . . . . . . . . .',
               '6 . . . . . . . . . . . . . . .',
               '5 . . . . . . . . . . . . . . .',
               '4 . . . . . . . . . . . . . . .',
               '3 . A D A . . . . . . . . . . .',
               '2 A K D A . . . . . . . . . . .',
               '1 . A A . . . . . . . . . . . .',
               '  A B C D E F G H I J K L M N O']}]


def _reason_ok(expected, got):
    if expected is None or got is None:
        return expected is None and got is None
    if expected["winner"] != got["winner"]:
        return False
    want = expected["reason"]
    return got["reason"] in (want if isinstance(want, list) else [want])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_via_command_line(case, tmp_path):
    """Rule text -> expected captures/result, through `python -m tafl_core play --json`."""
    args = [sys.executable, "-m", "tafl_core", "play", "--variant", case["variant"], "--json"]
    if "position" in case:
        pos = tmp_path / "position.txt"
        pos.write_text("\n".join(case["position"]) + "\n")
        args += ["--position", str(pos)]
    if case.get("to_move"):
        args += ["--to-move", case["to_move"]]
    out = subprocess.run(args + case["moves"], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    exp = case["expect"]
    legal = exp.get("legal", [True] * len(case["moves"]))
    for i, want_legal in enumerate(legal):
        move = data["moves"][i]
        assert move["legal"] is want_legal, move
        if not want_legal:
            assert move["error"]
            return
        if "captured" in exp:
            assert sorted(move["captured"]) == sorted(exp["captured"][i])
        if "results" in exp:
            assert _reason_ok(exp["results"][i], move["result"])
    if "result" in exp:
        assert _reason_ok(exp["result"], data["result"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_via_api(case):
    """The same cases through Game.play (the code the board runs in Pyodide)."""
    rs = load_ruleset(REPO / "variants_src" / case["variant"])
    pos = parse_diagram("\n".join(case["position"])) if "position" in case else None
    game = Game(rs, pos, case.get("to_move"))
    exp = case["expect"]
    legal = exp.get("legal", [True] * len(case["moves"]))
    for i, text in enumerate(case["moves"]):
        from tafl_core import Move
        move = Move.parse(text, rs.size)
        why = game.why_illegal(move)
        assert (why is None) is legal[i], why
        if why:
            return
        played = game.play(move)
        if "captured" in exp:
            assert sorted(square_name(c.square, rs.size) for c in played.captures) == sorted(exp["captured"][i])
    if "result" in exp:
        got = game.result.as_dict() if game.result else None
        assert _reason_ok(exp["result"], got)


def test_shared_cases_runner():
    """shared/cases/run_cases.py passes on this checkout (the maintainers' rule cases beside the project)."""
    runner = SHARED / "cases" / "run_cases.py"
    if not runner.exists():
        pytest.skip("../shared/cases is not beside this checkout (it is only on developer and CI machines)")
    out = subprocess.run([sys.executable, str(runner), str(SHARED / "cases" / "rules-cases.json")],
                         capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith(f"{len(CASES)}/{len(CASES)} cases pass")
