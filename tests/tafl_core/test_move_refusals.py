"""A move from a square to the same square, outside a berserk turn, is no move: the refusal says
so for a square with a piece (``move_nowhere``) and names the empty square otherwise
(``no_piece``) - the refusal codes of tafl_core.reasons that the board shows in words."""

from __future__ import annotations

from tafl_core import Move

from .helpers import setup


def test_a_move_onto_its_own_square_is_refused_by_what_stands_there():
    g = setup("K h8; A c3; D f6")
    assert g.why_illegal(Move(2 * 9 + 2, 2 * 9 + 2, 9)).as_dict() == {"code": "move_nowhere", "params": {}}
    assert g.why_illegal(Move(3 * 9 + 3, 3 * 9 + 3, 9)).as_dict() == {"code": "no_piece", "params": {"square": "d4"}}
