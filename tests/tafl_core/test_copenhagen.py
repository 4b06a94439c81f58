"""Copenhagen Hnefatafl's special rules on the real ruleset (variants_src/
copenhagen-hnefatafl, rules after aagenielsen.dk/copenhagen_rules.php), each in a small position."""

from __future__ import annotations

from tafl_core import Game, load_ruleset, square_name

from .helpers import REPO, pieces_from_spec

PATH = REPO / "variants_src" / "copenhagen-hnefatafl"


def game(spec: str, to_move: str) -> Game:
    return Game(load_ruleset(PATH), pieces_from_spec(spec, 11), to_move)


def caps(played) -> list[str]:
    return sorted(square_name(c.square, 11) for c in played.captures)


def test_shieldwall_without_corner():
    """A row of three defenders on the edge, an attacker in front of each, bracketed by the move."""
    g = game("K f6; D d1 e1 f1; A c1 d2 e2 f2 g5", "attackers")
    assert caps(g.play("g5-g1")) == ["d1", "e1", "f1"]


def test_shieldwall_closed_by_a_corner():
    """The corner square may bracket one end of the wall."""
    g = game("K f6; D b1 c1; A b2 c2 d5", "attackers")
    assert caps(g.play("d5-d1")) == ["b1", "c1"]


def test_king_in_the_wall_is_never_taken():
    g = game("K d1; D c1 e1; A b1 c2 d2 e2 f5", "attackers")
    played = g.play("f5-f1")
    assert caps(played) == ["c1", "e1"] and played.result is None
    assert g.position().pieces["d1"] == "king"


def test_wall_with_a_gap_is_not_taken():
    """e2 empty: e1 has no attacker in front of it, so the wall is not taken (d1 alone is no row)."""
    g = game("K f6; D d1 e1 f1; A c1 d2 f2 g5", "attackers")
    assert caps(g.play("g5-g1")) == []


def test_exit_fort_that_holds_wins():
    g = game("K f1; D e1 e2 e3 g2 g1 f4; A b9 j9", "defenders")
    assert g.play("f4-f3").result.as_dict() == {"winner": "defenders", "reason": "exit_fort"}


def test_exit_fort_that_can_be_broken_is_no_win():
    """f3 could still be taken between e3 and g3: the fort can be broken, the game goes on."""
    g = game("K f1; D e1 e2 g2 g1 f4; A b9 j9", "defenders")
    assert g.play("f4-f3").result is None


def test_encirclement_complete_wins():
    g = game("K f6; D f7; A e6 g6 f5 e7 g7 f8 b2", "attackers")
    assert g.play("b2-b3").result.as_dict() == {"winner": "attackers", "reason": "encirclement"}


def test_encirclement_with_one_gap_is_no_win():
    g = game("K f6; D f7; A e6 g6 e7 g7 f8 b2", "attackers")       # f5 open
    assert g.play("b2-b3").result is None


def test_defenders_lose_on_perpetual_repetition():
    """Copenhagen: perpetual repetition is a loss for the defenders (the count of 3 is the site's
    assumption, marked on the page)."""
    g = game("K f6; D a5; A h8 b2", "attackers")
    cycle = ["h8-h7", "a5-a4", "h7-h8", "a4-a5"]
    plies = 0
    while g.result is None and plies < 40:
        g.play(cycle[plies % 4])
        plies += 1
    assert g.result.as_dict() == {"winner": "attackers", "reason": "repetition"} and plies == 8


def test_king_on_the_edge_is_not_captured():
    """Four sides are needed; on the edge the king has only three neighbours."""
    g = game("K a6; D h9; A a7 b6 b5", "attackers")
    played = g.play("b5-a5")
    assert caps(played) == [] and played.result is None


def test_king_taken_on_four_sides_and_against_the_throne():
    g = game("K c6; A b6 c7 c5 h6", "attackers")
    assert g.play("h6-d6").result.reason == "king_captured"
    g = game("K f7; D b9; A e7 g7 f8 k2", "attackers")           # f6 is the empty throne
    assert g.play("k2-k3").result is None                         # not the capturing move
    g = game("K f7; D b9; A e7 g7 h8", "attackers")
    assert g.play("h8-f8").result.reason == "king_captured"
