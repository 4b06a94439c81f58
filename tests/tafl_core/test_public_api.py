"""The public API of tafl_core.Game (python-chess-like): list legal moves, test one, play, take
back, replay, read the result - the only surface the bridge, the command line and the tests use."""

from __future__ import annotations

import pytest

from tafl_core import Game, IllegalMove, Move, NotationError, load_ruleset

from .helpers import REPO, setup

JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")
BERSERK_TURNS = dict(berserk="capture", berserk_compulsory=False, **JUMPS)


def test_legal_moves_is_legal_and_play_agree_under_ealdfaeder():
    """Ealdfaeder Taefl: pieces move like rooks; d1-d3 is legal at the start, d1-e2 (diagonal) is not."""
    g = Game(load_ruleset(REPO / "variants_src" / "ealdfaeder-taefl"))
    assert g.size == 9 and g.to_move == "attackers" and g.result is None
    moves = g.legal_moves()
    assert moves and all(g.is_legal(m) for m in moves)
    assert g.is_legal("d1-d3") and not g.is_legal("d1-e2") and not g.is_legal("nonsense") and not g.is_legal("end")
    assert Move.parse("d1-d3", 9) in g.legal_moves("d1")
    played = g.play("d1-d3")
    assert g.moves_played == [played] and g.to_move == "defenders" and g.piece_at("d3") == "attacker"
    assert g.undo() is played and g.moves_played == [] and g.undone_moves == [played]
    assert g.piece_at("d1") == "attacker" and g.piece_at("d3") is None
    again = g.redo()
    assert str(again.move) == "d1-d3" and g.undone_moves == [] and g.moves_played == [again]
    assert g.redo() is None


def test_a_new_move_after_undo_drops_the_moves_taken_back():
    g = Game(load_ruleset(REPO / "variants_src" / "ealdfaeder-taefl"))
    g.play("d1-d3")
    g.undo()
    g.play("d1-d2")
    assert g.undone_moves == [] and [str(p.move) for p in g.moves_played] == ["d1-d2"]


def test_parse_move_reads_end_only_in_a_berserk_turn():
    g = setup("K h8; A c1 c4 f2 h2; D c3 e2", **BERSERK_TURNS)
    with pytest.raises(IllegalMove) as exc:
        g.parse_move("end")
    assert exc.value.refusal.code == "no_berserk_turn"
    assert g.berserk_turn is None
    g.play("c1-c2")                               # takes c3; c2-d2 would take e2
    turn = g.berserk_turn
    assert (turn.square, turn.can_end, turn.escape) == ("c2", True, False)
    end = g.parse_move(" END ")
    assert end.is_end and str(end) == "end" and g.is_legal(end)
    with pytest.raises(NotationError):
        g.parse_move("c2-")


def test_piece_at_by_name_refuses_squares_off_the_board():
    g = setup("K e5; A a2")
    assert g.piece_at("e5") == "king" and g.piece_at("A2") == "attacker"
    with pytest.raises(NotationError):
        g.piece_at("j1")
