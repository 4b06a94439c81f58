"""``repetition = "forbidden_defenders"`` (hnefatafl.org, rules page section 8: "If the defender
would repeat a board position, the move is not allowed."; its ``legal_move`` compares the board
after the move, before any capture, with every board of the game): a defenders' move that puts
the pieces as they stood at the start or after any earlier turn is not legal; the attackers may
repeat, and a repetition decides nothing. The reference keeps every board of the game as a
plain dictionary of squares and replays each candidate move on a copy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tafl_core import Game, load_ruleset

ROOT = Path(__file__).resolve().parents[2]
SLUG = "copenhagen-hnefatafl-13"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(ROOT / "variants_src" / SLUG / "rules.toml")


def _board(game: Game) -> dict:
    return dict(game.position().pieces)


def _moved(board: dict, frm: str, to: str) -> dict:
    out = dict(board)
    out[to] = out.pop(frm)
    return out


def test_the_page_plays_the_forbidden_repetition(rules):
    assert rules.value("repetition") == "forbidden_defenders"


def test_a_defender_may_not_bring_back_the_start_position(rules):
    game = Game(rules)
    for mv in ("d13-d12", "g10-h10", "d12-d13"):
        game.play(mv)
    # h10-g10 would put every piece where it stood at the start
    assert not game.is_legal("h10-g10")
    why = game.why_illegal(game.parse_move("h10-g10"))
    assert why.code == "repetition_forbidden"
    assert "h10-g10" in why.text() and "defenders" in why.text()
    assert "h10-g10" not in [str(m) for m in game.legal_moves()]
    game.play("h10-h11")   # any other move stays legal


def test_the_attackers_may_repeat_and_nothing_is_decided(rules):
    game = Game(rules)
    for mv in ("d13-d12", "g10-h10", "d12-d13", "h10-h11", "d13-d12", "h11-h12", "d12-d13"):
        game.play(mv)
    # the attackers have brought back their own placement three times over: no result, no refusal
    assert game.result is None


def _reference_defender_moves(game: Game, history: list[dict]) -> set[str]:
    """The defenders' legal moves by the rule text: every move the same rules without the
    repetition rule allow, less those after which the board equals an earlier one."""
    free = load_ruleset(ROOT / "variants_src" / SLUG / "rules.toml").with_overrides({"repetition": "ignored"})
    here = Game(free, game.position(), game.to_move)
    now = _board(game)
    out = set()
    for mv in here.legal_moves():
        a, b = str(mv).split("-")
        if _moved(now, a, b) not in history:
            out.add(str(mv))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_defenders_moves_match_the_rule_text_in_random_games_with_shuffling(rules, seed):
    rng = random.Random(seed)
    game = Game(rules)
    history = [_board(game)]
    last = {}
    checked_refusals = 0
    for _ in range(70):
        if game.result is not None:
            break
        moves = [str(m) for m in game.legal_moves()]
        if game.to_move == "defenders":
            expected = _reference_defender_moves(game, history)
            assert set(moves) == expected
            free = load_ruleset(ROOT / "variants_src" / SLUG / "rules.toml").with_overrides({"repetition": "ignored"})
            checked_refusals += len({str(m) for m in Game(free, game.position(), game.to_move).legal_moves()} - expected)
        # shuffle back and forth often, so that repeats come up
        back = last.get(game.to_move)
        choice = back if back in moves and rng.random() < 0.7 else rng.choice(moves)
        a, b = choice.split("-")
        last[game.to_move] = f"{b}-{a}"
        game.play(choice)
        history.append(_board(game))
    assert checked_refusals > 0   # the games did run into forbidden repeats
