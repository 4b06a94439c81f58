"""One test for each kind of fault listed at the end of shared/reference/README.md ("Known places
where engines went wrong"), on the project's real rulesets where one has the rule."""

from __future__ import annotations

from tafl_core import Game, Move, Position, load_ruleset, parse_diagram, square_name

from .helpers import REPO, captured, pieces_from_spec, setup

COPENHAGEN = REPO / "variants_src" / "copenhagen-hnefatafl"
ALEA = REPO / "variants_src" / "alea-evangelii"


def game_of(path, spec: str, to_move: str, size: int) -> Game:
    return Game(load_ruleset(path), pieces_from_spec(spec, size), to_move)


# capture against the throne or a camp ignored, or applied when the square is occupied
def test_capture_against_empty_throne_applies():
    """Alea §5.3: the empty central space takes part in captures for either side."""
    g = game_of(ALEA, "K a18; A j11; D m11", "defenders", 19)
    assert captured(g.play("m11-k11")) == []          # i11 is an ordinary empty square: no capture
    g = game_of(ALEA, "K a18; A j11; D m12", "defenders", 19)
    assert captured(g.play("m12-j12")) == ["j11"]     # j11 between j12 and the empty throne j10


def test_capture_against_occupied_throne_not_applied():
    """Alea §5.3: 'once the king has left it' - while the king sits on it the throne is not hostile
    (a defender beside it is not taken against the king's square)."""
    g = game_of(ALEA, "K j10; D j11; A m12", "attackers", 19)
    assert captured(g.play("m12-j12")) == []


def test_capture_against_camp():
    """A hostile camp closes a capture; an occupied camp that is hostile only when empty does not."""
    g = setup("K e5; D b6; A h9 d6", "attackers", camps=["a6"], camp_stop=["attacker"], camp_pass=["attacker"],
              camp_reenter=[], camp_hostile=[], camp_hostile_empty=["defender"])
    assert captured(g.play("d6-c6")) == ["b6"]
    g = setup("K e5; D b6 a6; A h9 d6", "attackers", camps=["a6"], camp_stop=["attacker", "defender"],
              camp_pass=["attacker"], camp_reenter=["attacker", "defender"], camp_hostile=[], camp_hostile_empty=["defender"])
    assert captured(g.play("d6-c6")) == []


# king beside the empty throne not taken by three attackers
def test_king_beside_empty_throne_taken_by_three():
    """Copenhagen: the king beside the throne is taken by three attackers and the throne."""
    g = game_of(COPENHAGEN, "K f5; A e5 g5 k4", "attackers", 11)
    played = g.play("k4-f4")
    assert captured(played) == ["f5"] and played.result.reason == "king_captured"


# a move that takes the king and a man at once removing only one of them
def test_king_and_man_taken_by_one_move():
    """Alea §5.2/§5.4: one move may capture several pieces; the king elsewhere is captured like
    other pieces - both go."""
    g = game_of(ALEA, "K c5; D e6; A b5 e7 d1", "attackers", 19)
    g = game_of(ALEA, "K c5; D e5; A b5 f5 d1", "attackers", 19)
    played = g.play("d1-d5")
    assert captured(played) == ["c5", "e5"]
    assert played.result.as_dict() == {"winner": "attackers", "reason": "king_captured"}


# pieces sliding through a throne occupied by the king; a throne made impassable when empty
def test_no_sliding_through_occupied_throne():
    g = game_of(COPENHAGEN, "K f6; A f1", "attackers", 11)
    assert g.why_illegal(Move.parse("f1-f8", 11)) is not None
    g = game_of(COPENHAGEN, "K a2; A f1", "attackers", 11)
    assert g.why_illegal(Move.parse("f1-f8", 11)) is None      # empty throne: all may pass


# shieldwall removing the king; shieldwall captures not updating the position hash
def test_shieldwall_spares_king_and_updates_hash():
    g = game_of(COPENHAGEN, "K d1; D c1 e1; A b1 c2 d2 e2 g4", "attackers", 11)
    g = game_of(COPENHAGEN, "K d1; D c1 e1; A b1 c2 d2 e2 f4", "attackers", 11)
    played = g.play("f4-f1")
    assert captured(played) == ["c1", "e1"]
    assert g.position().pieces["d1"] == "king" and played.result is None
    assert g.hash == Game(g.ruleset, g.position(), g.to_move).hash


# exit fort accepted when it merely surrounds the king; a fort check that changed the board
def test_exit_fort_must_be_unbreakable_and_check_is_pure():
    """Copenhagen exit fort: surrounding the king is not enough - every wall piece must be safe."""
    g = game_of(COPENHAGEN, "K f1; D e1 e2 g2 g1 h5; A b9 j9", "defenders", 11)
    before = g.position()
    played = g.play("h5-h4")
    assert played.result is None                       # f2 open: the region reaches outward
    g = game_of(COPENHAGEN, "K f1; D e1 e2 g2 g1 f4; A b9 j9", "defenders", 11)
    played = g.play("f4-f3")
    assert played.result is None                       # f3 could be taken between e3 and g3
    g = game_of(COPENHAGEN, "K f1; D e1 e2 e3 g2 g1 f4; A b9 j9", "defenders", 11)
    before = g.position().pieces.copy()
    played = g.play("f4-f3")
    assert played.result.as_dict() == {"winner": "defenders", "reason": "exit_fort"}
    after = dict(before)
    after["f3"] = after.pop("f4")
    assert g.position().pieces == after                # the fort check changed nothing


# "no legal moves" decided by a shortcut (adjacent empty square) instead of real move generation
def test_no_legal_moves_uses_real_move_generation():
    """A defender with an adjacent empty square that is a corner it may not enter has no move:
    the shortcut 'an empty neighbour exists' would be wrong (Coppergate §5.7: no move loses)."""
    from .helpers import ruleset
    g = setup("K c5; D a2; A a3 b2 c4 c6 b5 d5 h9", "attackers", corners="single", no_moves="loss", escape="corners")
    # defenders: king c5 boxed by c4 c6 b5 d5; a2 can only go to a1 (corner, king only)
    played = g.play("h9-h8")
    assert played.result.as_dict() == {"winner": "attackers", "reason": "no_legal_moves"}


# repetition counted over mirrored boards, or without the side to move
def test_repetition_not_counted_over_mirrored_boards():
    g1 = setup("K b2; A h8; D a5", "attackers")
    g2 = setup("K h2; A b8; D i5", "attackers")        # the mirror image
    assert g1.hash != g2.hash


def test_repetition_needs_same_side_to_move():
    g1 = setup("K b2; A h8; D a5", "attackers")
    g2 = setup("K b2; A h8; D a5", "defenders")
    assert g1.hash != g2.hash


# wrong side to move first; edge treated as hostile where the rules say not
def test_first_movers_of_the_seed_rulesets():
    """Alea Evangelii: 'The king's forces take the first move'; Ealdfaeder §5.1, Tawlbwrdd and
    Coppergate: the attackers; seed 001 core rules: attackers."""
    want = {"alea-evangelii": "defenders", "alea-evangelii-core": "attackers", "ealdfaeder-taefl": "attackers",
            "tawlbwrdd-lewis-alternative": "attackers", "coppergate-hnefatafl": "attackers"}
    for slug, side in want.items():
        assert Game(load_ruleset(REPO / "variants_src" / slug)).to_move == side, slug


def test_edge_not_hostile():
    """Copenhagen: the edge is not hostile - a defender on the edge is not taken by one attacker."""
    g = game_of(COPENHAGEN, "K f6; D a5; A b9 b1", "attackers", 11)
    assert captured(g.play("b1-b5")) == []
