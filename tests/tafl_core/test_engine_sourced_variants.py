"""Rule cases for the variant pages whose rules come from another engine's definition: Historical
Hnefatafl 11x11 with the Bell diamond, Tyr 15x15 and Total Hnefatafl (AbstractPlay's gameslib),
Brandub in Ludii's "Nielsen (Suggested)" ruleset (Ludii's Brandub.lud and its rules text) and
Magpie as hnefatafl-rs defines it (its preset MAGPIE). Each position is written from the rule the
page cites; the expected outcome is what that rule text or engine code says, not what the board
happens to do."""

from __future__ import annotations

from tafl_core import Game, load_ruleset, parse_diagram, square_name

from .helpers import REPO


def _game(slug: str, diagram: str | None = None, to_move: str | None = None) -> Game:
    rs = load_ruleset(REPO / "variants_src" / slug)
    return Game(rs, parse_diagram(diagram) if diagram else None, to_move)


def _captured(game: Game, played) -> list[str]:
    return sorted(square_name(c.square, game.ruleset.size) for c in played.captures)


def _targets(game: Game, square: str) -> set[str]:
    return {str(m).split("-")[1] for m in game.legal_moves(square)}


# --- Historical Hnefatafl 11x11, Bell diamond (AbstractPlay linnaean-11x11-belldiamond-w) ---

def test_bell_diamond_defenders_move_first():
    """The "-w" of the variant id: "the starting player is the defenders" (AbstractPlay's notes)."""
    assert _game("historical-hnefatafl-11-bell").to_move == "defenders"


def test_bell_diamond_king_beside_throne_taken_by_three_and_the_throne():
    """"strong on the throne and on the four squares adjacent to the throne": beside the empty
    throne, three attackers and the throne take him."""
    game = _game("historical-hnefatafl-11-bell", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . . . . . . .
8 . . . . . . . . A . .
7 . . . . A K A . . . .
6 . . . . . . . . . . .
5 . . . . . . . . . . .
4 . . . . . . . . . . .
3 . . . . . . . . . . .
2 . . . . . . . . . . .
1 . . . . . . . . . . .
  A B C D E F G H I J K
""", "attackers")
    played = game.play("i8-f8")
    assert _captured(game, played) == ["f7"]
    assert game.result.winner == "attackers"



def test_bell_diamond_encirclement_wins_for_the_attackers():
    """createRuleset's default encirclementWin = true: enclosing the king and all defenders wins.
    AbstractPlay only looks for it after the defenders' reply; the page names that the board
    decides it when the attackers' move closes the ring (sections 5.6 and 10)."""
    game = _game("historical-hnefatafl-11-bell", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . . . . . . .
8 . . . A A A A A . . .
7 . . . A . . . A . . .
6 . . A . . K . A . . .
5 . . . A . . . A . . .
4 . . . A A A A A . . .
3 . . . . . . . . . . .
2 . . . . . . . . . . .
1 . . . . . . . . . . .
  A B C D E F G H I J K
""", "attackers")
    game.play("c6-d6")
    assert game.result.winner == "attackers"
    assert game.result.reason == "encirclement"

# --- Tyr 15x15 (AbstractPlay tyr-15x15-tyr) ---

TYR_OPEN = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
9 . . . . . . . . . . . . . . .
8 . . . . . . . . . . . . . . .
7 . . . . . . . . A . . . . . .
6 . . . . . . . . . . . . . . .
5 . . . . . . A K . . . . . . .
4 . . . . . . . . . . . . . . .
3 . . . . . . . . . . . . . . .
2 . . . . . . . . . . . . . . .
1 . . . . . . . . . . . . . . .
  A B C D E F G H I J K L M N O
"""


def test_tyr15_weak_king_taken_between_two_attackers():
    """"weak armed king": two attackers on opposite sides take the king anywhere."""
    game = _game("tyr-15", TYR_OPEN, "attackers")
    played = game.play("i7-i5")
    assert _captured(game, played) == ["h5"]
    assert game.result.winner == "attackers"


def test_tyr15_centre_is_an_ordinary_square():
    """Throne type "no-throne": any piece may stop on the centre h8."""
    game = _game("tyr-15", TYR_OPEN.replace("7 . . . . . . . . A", "7 . . . . . . . A ."), "attackers")
    assert "h8" in _targets(game, "h7")


# --- Total Hnefatafl (AbstractPlay total-11x11-tdiamond) ---

TOTAL_WALL = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . . . . . . .
8 . . . . . . . . . . .
7 . . . . . . . . . . .
6 . . . . . K . . . . .
5 . . . . . . . . . . .
4 . . . . . . . . . . .
3 . . . . A . . . . A .
2 . A A A . . . . . . .
1 . D D D . . . . . . .
  A B C D E F G H I J K
"""


def test_total_corner_does_not_close_a_shieldwall():
    """Corner anvilTo "men-only-piercing": in AbstractPlay's shieldwall code a corner ends a wall
    only when corners are an anvil to all or to the king, so b1-d1 against a1 is not taken."""
    game = _game("total-hnefatafl", TOTAL_WALL, "attackers")
    assert _captured(game, game.play("e3-e1")) == []


def test_total_shieldwall_closed_by_attackers():
    """hasShieldWalls: a row on the edge, bracketed by attackers, each with an attacker in front."""
    game = _game("total-hnefatafl", TOTAL_WALL.replace("2 . A A A", "2 . . A A").replace("1 . D D D", "1 . A D D"),
                 "attackers")
    assert _captured(game, game.play("e3-e1")) == ["c1", "d1"]


def test_total_king_escapes_to_a_corner_in_a_berserk_move():
    """berserkEscape: after a capture the king may go on to a corner without capturing again."""
    game = _game("total-hnefatafl", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . . . . . . .
8 . . . . . . . . . . .
7 . . . . . . . . . . .
6 . . . . . . . . . . .
5 K . . . . . . . . . .
4 . . . . . . . . . . .
3 . A D . . . . . . . .
2 . . . . . . . . . . .
1 . . . . . . . . . A .
  A B C D E F G H I J K
""", "defenders")
    assert _captured(game, game.play("a5-a3")) == ["b3"]
    assert game.result is None
    game.play("a3-a1")
    assert game.result.winner == "defenders"
    assert game.result.reason == "king_escaped"


def test_total_third_occurrence_is_a_draw():
    """repetition "draw": the third occurrence of a position with the same side to move, the
    start counted, ends the game without a winner."""
    game = _game("total-hnefatafl", """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
9 . . . . . . . . . . .
8 . . . . . . . . . . .
7 . . . . . . . . . . .
6 . . . . . K . . . . .
5 . . . . . . . . . . .
4 . . . . . . . . . . .
3 . . . . . . . . . . .
2 . . . . . . . . . . .
1 . . . A . . . . . . .
  A B C D E F G H I J K
""", "attackers")
    for _ in range(2):
        for move in ("d1-d2", "f6-f7", "d2-d1"):
            game.play(move)
            assert game.result is None
        game.play("f7-f6")
    assert game.result is not None
    assert game.result.winner is None
    assert game.result.reason == "repetition"


# --- Brandub, Ludii's "Nielsen (Suggested)" ---

def test_brandub_nielsen_king_crosses_but_may_not_land_on_the_centre():
    """"No piece may land on the central square": the king, having left it, passes over the
    empty centre (Ludii's Slide) but may not stop there."""
    game = _game("brandub-nielsen", """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . K . .
3 . . . . . . .
2 . . A . . . .
1 . . . . . A .
  A B C D E F G
""", "defenders")
    targets = _targets(game, "e4")
    assert "d4" not in targets
    assert {"c4", "b4", "a4"} <= targets


def test_brandub_nielsen_piece_taken_against_the_empty_centre():
    """"Pieces may also be captured between the central square and an opponent"."""
    game = _game("brandub-nielsen", """
7 . . . . . . .
6 . . . . . . A
5 . . . D . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . K . . . . .
  A B C D E F G
""", "attackers")
    assert _captured(game, game.play("g6-d6")) == ["d5"]


def test_brandub_nielsen_king_beside_centre_taken_on_three_sides():
    """"When adjacent to the central square, the king is captured by surrounding it on the three
    other orthogonally adjacent sides"."""
    game = _game("brandub-nielsen", """
7 . . . . . . .
6 . . . . . . .
5 . . . . A . .
4 . . . . K . A
3 . . . . A . .
2 . . . . . . .
1 . . . . . . .
  A B C D E F G
""", "attackers")
    played = game.play("g4-f4")
    assert _captured(game, played) == ["e4"]
    assert game.result.winner == "attackers"


# --- Magpie, hnefatafl-rs preset MAGPIE ---

MAGPIE_EDGE = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . D .
4 . . . . . . .
3 . . . . A . .
2 . . . A . . .
1 . . A K . . .
  A B C D E F G
"""


def test_magpie_rs_king_never_taken_on_the_edge():
    """KingStrength::Strong with an edge hostile to no piece: attackers on the king's three
    sides on the edge do not take him."""
    game = _game("magpie-hnefatafl-rs", MAGPIE_EDGE, "attackers")
    assert _captured(game, game.play("e3-e1")) == []
    assert game.result is None


def test_magpie_rs_only_the_king_crosses_the_throne():
    """passable_tiles.throne = KING: an attacker cannot slide over the empty centre."""
    game = _game("magpie-hnefatafl-rs", """
7 . . . . . . .
6 . . . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . K .
  A B C D E F G
""", "attackers")
    assert _targets(game, "d6") & {"d5", "d3", "d2", "d1"} == {"d5"}


def test_magpie_rs_king_moves_one_square():
    """speed: KING Some(1)."""
    game = _game("magpie-hnefatafl-rs", MAGPIE_EDGE.replace("1 . . A K", "1 . . A .").replace("5 . . . . . D", "5 . . K . . D"),
                 "defenders")
    assert _targets(game, "c5") == {"b5", "d5", "c6", "c4"}


def test_magpie_rs_inner_attackers_stand_on_the_kings_diagonals():
    """boards::MAGPIE "3t3/1t3t1/3T3/t1TKT1t/3T3/1t3t1/3t3" (top rank first): besides the four
    attackers in the middle of the edges, the attackers stand on the king's diagonals, two squares
    from him (b6, f6, b2, f2), as section 3 of the page says."""
    layout = load_ruleset(REPO / "variants_src" / "magpie-hnefatafl-rs").layout.pieces
    king = next(sq for sq, kind in layout.items() if kind == "king")
    inner = {sq for sq, kind in layout.items() if kind == "attacker"} - {"d7", "a4", "g4", "d1"}
    assert king == "d4"
    assert inner == {"b6", "f6", "b2", "f2"}
    for sq in inner:
        assert abs(ord(sq[0]) - ord(king[0])) == abs(int(sq[1:]) - int(king[1:])) == 2
