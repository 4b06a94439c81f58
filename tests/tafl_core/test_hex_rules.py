"""HeXentafl on the hex grid: the cells, their names, neighbours and lines against AbstractPlay's
HexTriGraph (restated below from its coordinate rules), and the rules as the publisher states
them (nxsgame.com/hexentafl.html, the rules sheet of nestorgames): movement, the king's single
step on 4×4, the throne, custodial capture on two sides, capture on a corner by the two cells
beside it, the king on the throne taken on three non-adjacent sides, the escape to a corner."""

from __future__ import annotations

import pytest

from tafl_core import Game, IllegalMove, Position, load_ruleset
from tafl_core.geometry import board_cells, corner_cells, hex_board
from tafl_core.squares import parse_square, square_name

from .helpers import REPO

HEX4 = load_ruleset(REPO / "variants_src" / "hexentafl-4")
HEX5 = load_ruleset(REPO / "variants_src" / "hexentafl-5")
LETTERS = "abcdefghijklmnopqrstuvwxyz"


# -- AbstractPlay's HexTriGraph(k, 2k-1), restated: rows counted from the top (row 0), a row of
#    width k + (mid - |mid - row|), the cell (col, row) named by the letter of row height-1-row
#    (a = the bottom row) and col + 1. Its six moves: E/W change col; NE/NW/SE/SW change the row
#    and, on the side of the middle row away from the move, col. ----------------------------

def _width(k: int, row: int) -> int:
    mid = k - 1
    return k + (mid - abs(mid - row))


def _ap_name(k: int, col: int, row: int) -> str:
    return f"{LETTERS[2 * k - 2 - row]}{col + 1}"


def _ap_move(k: int, col: int, row: int, d: str):
    mid = k - 1
    if d == "E":
        col += 1
    elif d == "W":
        col -= 1
    elif d == "NE":
        col, row = (col, row - 1) if row <= mid else (col + 1, row - 1)
    elif d == "NW":
        col, row = (col - 1, row - 1) if row <= mid else (col, row - 1)
    elif d == "SE":
        col, row = (col, row + 1) if row >= mid else (col + 1, row + 1)
    elif d == "SW":
        col, row = (col, row + 1) if row < mid else (col - 1, row + 1)
    if not 0 <= row < 2 * k - 1 or not 0 <= col < _width(k, row):
        return None
    return col, row


def _ap_lines(k: int) -> dict[str, set[tuple[str, ...]]]:
    """Per cell name, its six lines (cells outward, AbstractPlay's ray), empty ones left out."""
    out = {}
    for row in range(2 * k - 1):
        for col in range(_width(k, row)):
            lines = set()
            for d in ("NE", "E", "SE", "SW", "W", "NW"):
                ray, here = [], _ap_move(k, col, row, d)
                while here:
                    ray.append(_ap_name(k, *here))
                    here = _ap_move(k, *here, d)
                if ray:
                    lines.add(tuple(ray))
            out[_ap_name(k, col, row)] = lines
    return out


@pytest.mark.parametrize("k", [4, 5])
def test_cells_and_lines_are_abstractplays(k):
    """The same cells under the same names, and from every cell the same lines of movement."""
    rs = HEX4 if k == 4 else HEX5
    t = Game(rs).tables
    n = hex_board(k)
    want = _ap_lines(k)
    assert sorted(square_name(s, n) for s in board_cells(n)) == sorted(want)
    assert len(want) == 3 * k * k - 3 * k + 1
    for s in board_cells(n):
        got = {tuple(square_name(q, n) for q in ray) for ray in t.rays[s] if ray}
        assert got == want[square_name(s, n)], square_name(s, n)
        assert {square_name(q, n) for q in t.adj[s]} == {ray[0] for ray in want[square_name(s, n)]}


def test_corners_and_centre_are_abstractplays():
    """hexentafl.ts: corners a1 a4 d1 d7 g1 g4 and centre d4 (4×4); a1 a5 e1 e9 i1 i5 and e5 (5×5)."""
    assert HEX4.special_squares() == {"throne": ["d4"], "corners": ["a1", "a4", "d1", "d7", "g1", "g4"], "camps": []}
    assert HEX5.special_squares() == {"throne": ["e5"], "corners": ["a1", "a5", "e1", "e9", "i1", "i5"], "camps": []}
    assert [square_name(c, hex_board(4)) for c in corner_cells(hex_board(4))] == ["a1", "a4", "d1", "d7", "g1", "g4"]


def test_names_round_trip_and_cells_off_the_hexagon_are_refused():
    n = hex_board(4)
    assert all(parse_square(square_name(s, n), n) == s for s in board_cells(n))
    for name in ("a5", "d8", "g5", "h1"):
        with pytest.raises(Exception):
            parse_square(name, n)


def game(rs, pieces: dict[str, str], to_move: str) -> Game:
    return Game(rs, Position(rs.size, pieces), to_move)


# -- the publisher's rules ---------------------------------------------------------------------

def test_the_defenders_move_first_and_the_king_steps_one_cell_on_4x4():
    """'The defenders usually move first'; 'The King can move into any vacant adjacent space,
    moving one space at a time'. From the start the king's neighbours d3, c4, e4 are free."""
    g = Game(HEX4)
    assert g.to_move == "defenders"
    king_moves = sorted(str(m) for m in g.legal_moves() if m.frm == parse_square("d4", HEX4.size))
    assert king_moves == ["d4-c4", "d4-d3", "d4-e4"]
    with pytest.raises(IllegalMove):
        g.play("d4-d2")


def test_the_king_slides_on_5x5():
    """5×5: 'the King moves just like the other pieces' (Ludii's rules text; AbstractPlay
    limits only the 4×4 king to one cell)."""
    g = game(HEX5, {"e5": "king", "a1": "attacker"}, "defenders")
    assert "e5-e8" in {str(m) for m in g.legal_moves()}


def test_pieces_move_along_the_six_lines_and_only_the_king_stops_on_the_throne():
    """'All pieces except the King move in a straight line, as many spaces as they like to an
    unoccupied space'; 'Only the King may occupy the throne'."""
    g = game(HEX4, {"c4": "defender", "b1": "king", "g4": "attacker"}, "defenders")
    moves = {str(m) for m in g.legal_moves() if str(m).startswith("c4-")}
    # c4's lines: west c3 c2 c1, east c5 c6, north-east d5 e5 f5, north-west over the throne d4
    # to e3 f2 g1, south-west b3 a2, south-east b4 a4
    assert moves == {"c4-c3", "c4-c2", "c4-c1", "c4-c5", "c4-c6", "c4-d5", "c4-e5", "c4-f5",
                     "c4-e3", "c4-f2", "c4-g1", "c4-b3", "c4-a2", "c4-b4", "c4-a4"}


def test_custodial_capture_on_two_sides_along_a_line():
    """'Pieces are captured by surrounding them on two sides' - on opposite cells of a line."""
    g = game(HEX4, {"c2": "attacker", "c3": "defender", "c6": "attacker", "f2": "king"}, "attackers")
    played = g.play("c6-c4")
    assert [square_name(c.square, HEX4.size) for c in played.captures] == ["c3"]
    # two enemies on neighbouring (not opposite) cells do not capture
    g = game(HEX4, {"b2": "attacker", "c3": "defender", "c6": "attacker", "f2": "king"}, "attackers")
    assert g.play("c6-c4").captures == ()


def test_moving_between_two_enemies_is_safe():
    """'You cannot capture your own piece by moving between two enemy pieces.'"""
    g = game(HEX4, {"c2": "attacker", "c4": "attacker", "a3": "defender", "f2": "king"}, "defenders")
    assert g.play("a3-c3").captures == ()


def test_a_piece_on_a_corner_is_taken_by_the_two_cells_beside_it():
    """'Pieces can be captured on a corner by surrounding them in the manner shown': the corner
    a1's neighbours along the edge are a2 and b1 (AbstractPlay's spread cells); its third
    neighbour b2 does not take part."""
    g = game(HEX4, {"a1": "attacker", "b1": "defender", "a4": "defender", "d4": "king"}, "defenders")
    played = g.play("a4-a2")
    assert [(square_name(c.square, HEX4.size), c.rule) for c in played.captures] == [("a1", "corner_capture")]
    g = game(HEX4, {"a1": "attacker", "b1": "defender", "a2": "defender", "b4": "defender", "d4": "king"}, "defenders")
    assert g.play("b4-b2").captures == ()


def test_the_king_on_the_throne_falls_to_three_non_adjacent_attackers():
    """'When the King is on the throne ... He must be surrounded on three sides as shown': d4's
    neighbours e4, d3, c4 are every second one around it."""
    g = game(HEX4, {"d4": "king", "e4": "attacker", "d3": "attacker", "c6": "attacker", "a1": "defender"},
             "attackers")
    played = g.play("c6-c4")
    assert played.result is not None and played.result.winner == "attackers"
    # two of them are not enough, nor three adjacent ones
    g = game(HEX4, {"d4": "king", "e4": "attacker", "c6": "attacker", "a1": "defender"}, "attackers")
    assert g.play("c6-c4").result is None
    g = game(HEX4, {"d4": "king", "e4": "attacker", "e3": "attacker", "d1": "attacker", "a2": "defender"},
             "attackers")
    assert g.play("d1-d3").result is None


def test_the_king_off_the_throne_is_taken_on_two_sides():
    """Off the throne the king falls like any piece, 'surrounded on two sides'."""
    g = game(HEX4, {"c3": "king", "c2": "attacker", "c6": "attacker", "g1": "defender"}, "attackers")
    played = g.play("c6-c4")
    assert played.result is not None and played.result.winner == "attackers"


def test_the_king_escapes_on_any_of_the_six_corners():
    """'The defenders must escort the King to any of the six corners of the board in order to win.'"""
    g = game(HEX4, {"e5": "king", "b1": "attacker"}, "defenders")
    played = g.play("e5-f5")
    assert played.result is None
    g = game(HEX4, {"f4": "king", "b1": "attacker"}, "defenders")
    played = g.play("f4-g4")
    assert played.result is not None and played.result.winner == "defenders"


# -- the same rule values on a square board (Brandubh's 7×7, d4 the throne) ------------------------

BRANDUBH = load_ruleset(REPO / "variants_src" / "brandubh")


def test_throne_alternate_on_a_square_board_takes_the_king_between_two_opposite_attackers():
    """Every second neighbour of a square's four, counted from the mover, is the opposite one:
    on the throne the king falls to two attackers on a line, not to two at a right angle."""
    rs = BRANDUBH.with_overrides({"king_capture": "throne_alternate", "throne_hostile_empty": ()})
    g = game(rs, {"d4": "king", "d3": "attacker", "d7": "attacker", "b1": "defender"}, "attackers")
    played = g.play("d7-d5")
    assert played.result is not None and played.result.winner == "attackers"
    g = game(rs, {"d4": "king", "c4": "attacker", "d7": "attacker", "a2": "defender"}, "attackers")
    assert g.play("d7-d5").result is None


def test_corner_capture_on_a_square_board_takes_a_piece_between_the_corners_two_neighbours():
    rs = BRANDUBH.with_overrides({"corner_capture": "edge_neighbours", "corner_hostile": (),
                                  "corner_stop": ("attacker", "defender", "king"),
                                  "corner_reenter": ("attacker", "defender", "king")})
    g = game(rs, {"a1": "attacker", "b1": "defender", "a5": "defender", "d4": "king"}, "defenders")
    assert [square_name(c.square, rs.size) for c in g.play("a5-a2").captures] == ["a1"]
