"""How a game ends, with the rule each end cites (``Result.rule``: the rules.toml key behind it,
by which the board links the result to the rule's section; :class:`tafl_core.moves.Result`).
Positions on the neutral 9x9 test ruleset of helpers.py with the rules each test switches."""

from __future__ import annotations

import pytest

from .helpers import setup


def ended(result) -> tuple:
    return (result.as_dict(), result.rule) if result else None


def play_all(g, moves):
    last = None
    for m in moves:
        last = g.play(m)
        if last.result:
            break
    return last.result


def test_king_captured_and_king_escaped_cite_their_rules():
    g = setup("K c6; A b6 d1", king_capture="custodial", throne=False)
    assert ended(g.play("d1-d6").result) == ({"winner": "attackers", "reason": "king_captured"}, "king_capture")
    g = setup("K c5; A h8", "defenders", escape="edge", corners="none")
    assert ended(g.play("c5-a5").result) == ({"winner": "defenders", "reason": "king_escaped"}, "escape")


def test_encirclement_cites_its_rule_also_with_an_empty_pocket_inside():
    """Encirclement (Copenhagen 5.8): the king and a defender shut in a ring that also holds an
    empty square; the attackers win. With a gap in the ring nobody wins yet."""
    ring = "K d4; D d5; A c4 c5 d6 e5 e4 d2 c3 e3"           # d3 inside is empty
    g = setup(ring + "; A h8", encirclement=True, throne=False)
    assert ended(g.play("h8-h7").result) == ({"winner": "attackers", "reason": "encirclement"}, "encirclement")
    g = setup(ring.replace(" e3", "") + "; A h8", encirclement=True, throne=False)   # e3 open: d3-e3-... to the edge
    assert g.play("h8-h7").result is None


def test_an_ordinary_defender_cannot_jump_out_of_the_ring():
    """Berserk rule 4b: only the king, the knight and the commanders jump; an ordinary defender
    singly ringed stays shut in even where jumps exist."""
    jumps = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture",
                 king_jump="restricted", encirclement=True)
    g = setup("K g7; A f7 h7 g8 g6; D d4; A c4 d5 e4 d3 i3", **jumps)
    assert ended(g.play("i3-i2").result) == ({"winner": "attackers", "reason": "encirclement"}, "encirclement")


CYCLE_FROM_DEFENDERS = ["a5-a4", "h8-h7", "a4-a5", "h7-h8"]


@pytest.mark.parametrize("value,winner", [("loss_repeater", "defenders"), ("loss_defenders", "attackers"),
                                          ("draw", None)])
def test_repetition_completed_by_the_attackers(value, winner):
    """The defenders to move in the start position; the attackers' move recreates it, so the
    attackers repeat: under loss_repeater (Brandubh 5.7: 'makes the side that repeated it lose')
    they lose; under loss_defenders (Copenhagen 5.9) the defenders lose all the same; draw."""
    g = setup("K b2; A h8; D a5", "defenders", repetition=value, repetition_count=3)
    result = play_all(g, CYCLE_FROM_DEFENDERS * 3)
    assert ended(result) == ({"winner": winner, "reason": "repetition"}, "repetition")


@pytest.mark.parametrize("value,winner", [("loss", "attackers"), ("draw", None)])
def test_no_legal_moves_cites_its_rule(value, winner):
    g = setup("K c3; A b3 d3 c4 c2 h9", no_moves=value, corners="none", escape="edge")
    assert ended(g.play("h9-h8").result) == ({"winner": winner, "reason": "no_legal_moves"}, "no_moves")
