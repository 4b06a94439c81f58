"""The Copenhagen rules (aagenielsen.dk/copenhagen_rules.php) as the page
variants_src/copenhagen-hnefatafl-bell plays them on R. C. Bell's start: the start itself and the
rules whose squares the start puts in play (first move, throne, corners, king capture), each from
the rules text. test_borrowed_rulesets.py ties every rule value to the Copenhagen page, whose
special rules test_copenhagen.py holds in small positions."""

from __future__ import annotations

from tafl_core import Game, load_ruleset, square_name

from .helpers import REPO, pieces_from_spec

PATH = REPO / "variants_src" / "copenhagen-hnefatafl-bell"


def game(spec: str | None = None, to_move: str | None = None) -> Game:
    rs = load_ruleset(PATH)
    return Game(rs, pieces_from_spec(spec, 11) if spec else None, to_move)


def caps(played) -> list[str]:
    return sorted(square_name(c.square, 11) for c in played.captures)


def test_attackers_move_first_from_the_bell_start():
    """"The attackers move first" (5.1), from the start with the king on the throne."""
    g = game()
    assert g.to_move == "attackers"
    assert g.position().pieces["f6"] == "king"


def test_bell_start_counts():
    """12 defenders and the king against 24 attackers (section 1), the king on the throne."""
    pieces = list(game().position().pieces.values())
    assert (pieces.count("attacker"), pieces.count("defender"), pieces.count("king")) == (24, 12, 1)


def test_defender_may_cross_the_empty_throne_but_not_stop_on_it():
    """Only the king may stand on the throne; every piece may pass over it while empty (5.2)."""
    g = game("K b2; D f8; A a9", "defenders")
    targets = {str(m).split("-")[1] for m in g.legal_moves("f8")}
    assert "f5" in targets and "f6" not in targets


def test_attacker_taken_against_a_corner():
    """The corners are hostile to all pieces (5.3): a defender closing on b1 takes it against a1."""
    g = game("K f6; D c5; A b1 j10", "defenders")
    assert caps(g.play("c5-c1")) == ["b1"]


def test_king_beside_the_throne_taken_by_three_and_the_empty_throne():
    """Beside the throne three attackers and the empty throne take the king (5.6)."""
    g = game("K f5; A e5 g5 c4", "attackers")
    assert g.play("c4-f4").result.as_dict() == {"winner": "attackers", "reason": "king_captured"}


def test_king_escapes_to_a_corner():
    """The defenders win when the king reaches a corner square (4)."""
    g = game("K a5; A j10 j9", "defenders")
    assert g.play("a5-a1").result.as_dict() == {"winner": "defenders", "reason": "king_escaped"}
