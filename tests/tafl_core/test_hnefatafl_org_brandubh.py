"""Brandubh as hnefatafl.org plays it (variants_src/brandubh-hnefatafl-org): the rules page's four
exceptions to its Copenhagen rules (website/src/rules.md, section "Brandubh 7x7": "1. The
defenders go first. 2. Off the throne the king is captured in a sandwhich. 3. Only the king can
pass through the throne. 4. There are no exit forts.") and its repetition rule ("If the defender
would repeat a board position, the move is not allowed."), each played on the page's board."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafl_core import Game, load_ruleset

from .helpers import pieces_from_spec

RULES = Path(__file__).resolve().parents[2] / "variants_src" / "brandubh-hnefatafl-org" / "rules.toml"


@pytest.fixture(scope="module")
def rs():
    return load_ruleset(RULES)


def game(rs, spec: str, to_move: str, **overrides) -> Game:
    rules = rs.with_overrides(overrides) if overrides else rs
    return Game(rules, pieces_from_spec(spec, 7), to_move)


def test_the_defenders_go_first(rs):
    assert Game(rs).to_move == "defenders"


def test_off_the_throne_two_attackers_capture_the_king(rs):
    g = game(rs, "K c3; A b3 d1; D g6", "attackers")
    assert g.play("d1-d3").result.winner == "attackers"


def test_beside_the_throne_two_attackers_capture_the_king(rs):
    # d5 is next to the throne d4; the throne does not stand in for a third attacker
    g = game(rs, "K d5; A c5 e7; D a6", "attackers")
    assert g.play("e7-e5").result.winner == "attackers"


def test_on_the_throne_only_four_attackers_capture_the_king(rs):
    g = game(rs, "K d4; A c4 e4 d5 b3; D g6", "attackers")
    assert g.play("b3-d3").result.winner == "attackers"
    g = game(rs, "K d4; A c4 e4 b3; D g6", "attackers")
    assert g.play("b3-d3").result is None   # three attackers, the fourth side empty: no capture


def test_neither_a_corner_nor_the_empty_throne_counts_against_the_king(rs):
    # the king on b1 beside the corner a1, an attacker arriving on c1: only attackers count
    g = game(rs, "K b1; A c3; D g6", "attackers")
    assert g.play("c3-c1").result is None
    # the king on d5 beside the empty throne, an attacker arriving on d6
    g = game(rs, "K d5; A f6; D a6", "attackers")
    assert g.play("f6-d6").result is None


def test_only_the_king_may_pass_through_the_throne(rs):
    g = game(rs, "K g6; A b4; D a6", "attackers")
    assert not g.is_legal("b4-f4")
    assert g.why_illegal(g.parse_move("b4-f4")).code == "may_not_pass"
    # the switch plays as the server's program moves: every piece over the empty throne
    g = game(rs, "K g6; A b4; D a6", "attackers", throne_pass=("attacker", "defender", "king"))
    assert g.is_legal("b4-f4")
    g = game(rs, "K d6; A a2; D a6", "defenders")
    assert g.is_legal("d6-d2")


def test_there_are_no_exit_forts(rs):
    # the king on d1 in a fort of c1, d2, e2 and f1 with e1 free to move to
    spec = "K d1; D c1 d2 e2 f3; A a3 g5"
    assert game(rs, spec, "defenders", exit_fort=True).play("f3-f1").result.reason == "exit_fort"
    assert game(rs, spec, "defenders").play("f3-f1").result is None


def test_the_defenders_may_not_bring_back_an_earlier_position(rs):
    g = game(rs, "K d4; A a3 g5; D c3", "defenders")
    g.play("c3-c2")
    g.play("a3-a2")
    g.play("c2-c3")   # new: the attacker stands on a2
    g.play("a2-a3")   # the attackers may bring back the start
    assert not g.is_legal("c3-c2")   # would bring back the position after the first move
    assert g.why_illegal(g.parse_move("c3-c2")).code == "repetition_forbidden"
