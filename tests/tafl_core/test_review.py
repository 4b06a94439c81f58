"""The game review (tafl_core.review, ``python -m tafl_core review``): a move that lets the other
side win at once where another move did not is marked ``??`` and the move given as best
prevents it; the marks follow the thresholds of tafl_core.scores; the engine's own moves are
never marked. The reference for "wins at once" plays every reply through the public
``Game.play``/``Game.undo`` (not the fast path the review uses)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tafl_core import Game, load_ruleset
from tafl_core.review import lets_win_at_once, mark_for, review_game
from tafl_core.scores import BLUNDER_DROP, INACCURACY_DROP, MISTAKE_DROP, REVIEW_CAP, WIN, WINNING_FROM
from tafl_core.search import best_move

ROOT = Path(__file__).resolve().parents[2]


def _rules(slug):
    return load_ruleset(ROOT / "variants_src" / slug / "rules.toml")


def _wins_at_once_reference(game: Game) -> bool:
    """Whether the side to move has a legal move that ends the game in its favour (every legal
    move played and taken back through the public API)."""
    me = game.to_move
    for mv in game.legal_moves():
        played = game.play(mv)
        game.undo()
        if played.result is not None and played.result.winner == me:
            return True
    return False


def _lets_win_reference(game: Game, mv) -> bool:
    mover = game.to_move
    played = game.play(mv)
    try:
        return played.result is None and game.to_move != mover and _wins_at_once_reference(game)
    finally:
        game.undo()


def _random_game(slug: str, seed: int, plies: int) -> list[str]:
    game = Game(_rules(slug))
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        game.play(rng.choice(moves))
    return [str(p.move) for p in game.moves_played]


def _game_with_blunders(slug: str, seed: int, plies: int) -> list[str]:
    """A random game in which, every few plies, the mover plays a move that lets the other side
    win at once where it has one (found with the engine's fast path; the test checks them with
    the reference), until the game ends or ``plies`` are played."""
    game = Game(_rules(slug))
    rng = random.Random(seed)
    for ply in range(plies):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        if ply % 3 == 2:
            losing = [m for m in moves if lets_win_at_once(game, m.frm << 10 | m.to)]
            if losing and len(losing) < len(moves):
                game.play(rng.choice(losing))
                continue
        game.play(rng.choice(moves))
    return [str(p.move) for p in game.moves_played]


@pytest.mark.parametrize("slug,seed,plies", [("brandubh", s, 60) for s in range(2)]
                         + [("linnaeus-tablut", 0, 80)] + [("sea-battle", 1, 80), ("tawlbwrdd-bell", 2, 120)])
def test_every_move_that_lets_the_other_side_win_at_once_is_a_blunder_and_best_prevents_it(slug, seed, plies):
    rs = _rules(slug)
    moves = _game_with_blunders(slug, seed, plies)
    review = review_game(rs, moves, depth=1, seconds=None)
    assert [r.move for r in review] == moves
    game = Game(rs)
    flagged = 0
    for text, r in zip(moves, review):
        mv = game.parse_move(text)
        saving = _lets_win_reference(game, mv) and [m for m in game.legal_moves() if not _lets_win_reference(game, m)]
        if saving:
            flagged += 1
            assert r.mark == "??", (r.ply, text)
            best = game.parse_move(r.best)
            assert best in saving, (r.ply, text, r.best)
        game.play(text)
    # the generated game holds such moves: the check is not empty
    assert flagged > 0


def test_the_engines_own_moves_are_never_marked():
    rs = _rules("brandubh")
    game = Game(rs)
    for _ in range(16):
        if game.result is not None:
            break
        game.play(best_move(game, depth=2)["move"])
    moves = [str(p.move) for p in game.moves_played]
    review = review_game(rs, moves, depth=2, seconds=None)
    assert [r.mark for r in review] == [""] * len(moves)
    assert all(r.best == r.move for r in review)


def test_marks_follow_the_thresholds():
    # the fall from the mover's view decides; one attacker = 100
    assert mark_for(0, -(INACCURACY_DROP - 1)) == ""
    assert mark_for(0, -INACCURACY_DROP) == "?!"
    assert mark_for(0, -(MISTAKE_DROP - 1)) == "?!"
    assert mark_for(0, -MISTAKE_DROP) == "?"
    # a big fall is a blunder only where it leaves the mover losing
    assert mark_for(WINNING_FROM + BLUNDER_DROP + 100, 100) == "?"
    assert mark_for(0, -WINNING_FROM) == "??"
    assert mark_for(-WINNING_FROM, -WINNING_FROM - BLUNDER_DROP) == "?"   # already lost
    # a forced win counts as the cap: a slower forced win is no mistake; giving it up is
    assert mark_for(WIN - 3, WIN - 9) == ""
    assert mark_for(WIN - 3, REVIEW_CAP - MISTAKE_DROP) == "?"
    assert mark_for(WIN - 3, -(WIN - 2)) == "??"
    assert mark_for(0, 0, loses_at_once=True) == "??"


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tafl_core", "review", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_command_line_prints_one_json_object_per_ply():
    moves = _random_game("brandubh", 7, 12)
    text = "\n".join(" ".join(moves[i:i + 2]) for i in range(0, len(moves), 2)) + "\n"
    proc = _cli("--variant", "brandubh", "--depth", "1", "--json", "-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [x["move"] for x in lines] == moves
    assert [x["ply"] for x in lines] == list(range(1, len(moves) + 1))
    for x in lines:
        assert set(x) == {"ply", "move", "side", "score", "best", "line", "mark"}
        assert x["side"] in ("attackers", "defenders") and x["mark"] in ("", "?!", "?", "??")
    assert lines[0]["side"] == "attackers"   # Brandubh: the attackers move first (rules.toml)


def test_command_line_refuses_a_bad_record_with_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "game.txt"
    bad.write_text("d1-d9\n", encoding="utf-8")
    proc = _cli("--variant", "brandubh", str(bad))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "line 1" in proc.stderr and str(bad) in proc.stderr
    missing = _cli("--variant", "brandubh", str(tmp_path / "none.txt"))
    assert missing.returncode == 2 and "cannot read the record" in missing.stderr
