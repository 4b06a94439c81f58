"""The engine's invariants over random games, per ruleset: every variant with a board in
variants_src, and each of its assumptions switched to the alternative the board offers; from
the start layout and from random set-up positions.

Only the public Game API is used (``Game(ruleset)``, ``legal_moves()``, ``why_illegal()``,
``play()``, ``undo()``, ``redo()``, ``position()``, ``to_move``, ``berserker``, ``result``), and
each check is written out slowly here from the position records:

* a move is made by a piece of the side to move, onto an empty square;
* after it, the position is the one before with that piece moved and exactly the captured
  pieces removed: no piece appears, changes kind or vanishes otherwise (so the piece counts
  follow), and every captured piece stood on its square before the move and was an enemy;
* a captured king ends the game for the attackers (notes/source-format.md, rules table: the attackers win by
  capturing the king); an escaped king stands on an escape square (``escape``: corners or edge);
* the side to move changes after each move, except while a berserk turn goes on (then the same
  piece must move again, and such a move captures; ``berserk``);
* a finished game offers no move; a game without a result offers a move unless the rules give
  no result for that (``no_moves = "none"``);
* undo gives back the exact position record, side to move, berserk piece and result, and redo
  the same move with the same captures and result; undoing everything gives the start;
* results are stable: the same moves played again in a fresh game do the same, move by move;
* ``why_illegal`` agrees with ``legal_moves`` (also for a random move that is not legal).

Budget: tests/fuzz/budget.py (``FUZZ_EXAMPLES`` examples per ruleset).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import assume, given, strategies as st

from tafl_core import Game, Move, Position, PositionError, Result, load_ruleset, square_name
from tafl_core.geometry import board_cells
from tafl_core.position import SIDE_OF_KIND

from .budget import fuzz_settings

REPO = Path(__file__).resolve().parents[2]

# Too long for `make test-fast` (under a minute in all); runs in `make test`.
pytestmark = pytest.mark.slow


def _rulesets() -> dict[str, object]:
    """id -> Ruleset: each variant with a board, and each of its assumptions' alternatives."""
    out = {}
    for path in sorted((REPO / "variants_src").glob("*/rules.toml")):
        if tomllib.loads(path.read_text(encoding="utf-8")).get("variant", {}).get("board", True) is False:
            continue
        base = load_ruleset(path)
        slug = path.parent.name
        out[slug] = base
        for rule in base.assumptions():
            overrides = rule.alternative_overrides()
            if overrides is not None:
                out[f"{slug}+{rule.key}"] = base.with_overrides(overrides)
    return out


RULESETS = _rulesets()


def snapshot(game: Game) -> tuple:
    """What undo must give back: position record, side to move, berserk piece, result."""
    return dict(game.position().pieces), game.to_move, game.berserker, game.result


def escape_squares(rs) -> set[str] | None:
    """The corner squares when the king escapes to corners (README ``escape``: the board's four
    corners when ``corners = "none"``), None when he escapes to the edge."""
    if rs.value("escape") != "corners":
        return None
    n = rs.size
    return set(rs.special_squares()["corners"]) or {square_name(s, n) for s in (0, n - 1, n * n - n, n * n - 1)}


def on_edge(name: str, size: int) -> bool:
    file, rank = "abcdefghijklmnopqrstuvwxy".index(name[0]), int(name[1:])
    return file in (0, size - 1) or rank in (1, size)


def check_move(rs, before: tuple, move: Move, played, after: tuple) -> None:
    """The slow check of one move against the position records before and after it."""
    n = rs.size
    pieces, side, berserker, result = before
    now, side_after, berserker_after, result_after = after
    assert result is None, "a move was played in a finished game"
    assert played.side == side and played.result == result_after
    if move.is_end:
        assert berserker >= 0 and not played.captures, "'end' only ends a berserk turn and captures nothing"
        assert now == pieces
    else:
        src, dst = square_name(move.frm, n), square_name(move.to, n)
        kind = pieces.get(src)
        assert kind is not None and SIDE_OF_KIND[kind] == side, f"{move}: no piece of the {side} on {src}"
        assert dst not in pieces, f"{move}: {dst} was occupied"
        if berserker >= 0:
            assert move.frm == berserker, "in a berserk turn only the piece that captured moves"
            assert played.captures or (rs.value("berserk") == "capture_or_escape" and kind == "king"), \
                "a berserk move captures (or, capture_or_escape, is the king's)"
        captured = [square_name(c.square, n) for c in played.captures]
        assert len(set(captured)) == len(captured), f"{move}: a piece captured twice: {captured}"
        expected = dict(pieces)
        del expected[src]
        for cap, name in zip(played.captures, captured):
            assert pieces.get(name) == cap.piece, f"{move}: captured {cap.piece} on {name}, but there was {pieces.get(name)}"
            assert SIDE_OF_KIND[cap.piece] != side, f"{move}: captured a piece of its own side on {name}"
            del expected[name]
        expected[dst] = kind
        assert now == expected, f"{move}: the position changed in more than the move and its captures"
        if "king" in {c.piece for c in played.captures}:
            assert result_after == Result("attackers", "king_captured", result_after.rule)
        if result_after is not None and result_after.reason == "king_escaped":
            corners = escape_squares(rs)
            assert kind == "king" and result_after.winner == "defenders"
            assert dst in corners if corners is not None else on_edge(dst, n), f"king escaped to {dst}"
    if played.continues:
        assert side_after == side and berserker_after == move.to, "a berserk turn goes on with the same piece"
    else:
        assert side_after != side and berserker_after == -1


def play_random_game(rs, game: Game, data) -> None:
    """Play a random game from ``game``'s position, checking every move (module docstring)."""
    n = rs.size
    start = snapshot(game)
    start_position, start_side = game.position(), game.to_move
    record = []
    for _ in range(data.draw(st.integers(1, 200), label="plies")):
        before = snapshot(game)
        legal = game.legal_moves()
        if game.result is not None:
            assert legal == [], "a finished game offers no move"
            break
        if not legal:
            assert rs.value("no_moves") == "none", "a blocked side loses or draws under no_moves = loss | draw"
            break
        probe = Move(data.draw(st.integers(0, n * n - 1), label="probe from"),
                     data.draw(st.integers(0, n * n - 1), label="probe to"), n)
        assert (game.why_illegal(probe) is None) == (probe in legal), f"why_illegal disagrees on {probe}"
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        assert game.why_illegal(move) is None
        played = game.play(move)
        after = snapshot(game)
        check_move(rs, before, move, played, after)
        assert game.undo() == played and snapshot(game) == before, "undo restores the exact position"
        assert game.redo() == played and snapshot(game) == after, "redo replays the same move"
        record.append((move, played))
    fresh = Game(rs, start_position, start_side)
    for move, played in record:
        assert fresh.play(move) == played, f"{move} did something else in a fresh game"
    assert snapshot(fresh) == snapshot(game)
    while game.undo() is not None:
        pass
    assert snapshot(game) == start


@pytest.mark.parametrize("case", sorted(RULESETS))
@fuzz_settings(5)
@given(data=st.data())
def test_random_game(case, data):
    """From the variant's start layout."""
    rs = RULESETS[case]
    play_random_game(rs, Game(rs), data)


@pytest.mark.parametrize("case", sorted(RULESETS))
@fuzz_settings(3)
@given(data=st.data())
def test_random_game_from_a_set_up_position(case, data):
    """From a position set up as the board's editor allows: the start layout with some pieces
    moved to other squares or taken off (the king stays on the board). Set-ups the engine
    refuses (a piece where it may not stand, the king on an escape square) are skipped."""
    rs = RULESETS[case]
    n = rs.size
    pieces = dict(rs.layout.pieces)
    for _ in range(data.draw(st.integers(1, 12), label="edits")):
        src = data.draw(st.sampled_from(sorted(pieces)), label="piece")
        dst = square_name(data.draw(st.sampled_from(board_cells(n)), label="to"), n)   # a hex board's cells only
        kind = pieces.pop(src)
        if kind != "king" and data.draw(st.booleans(), label="take off"):
            continue
        if dst in pieces:
            pieces[src] = kind      # the square is taken: the piece stays where it was
        else:
            pieces[dst] = kind
    side = data.draw(st.sampled_from(["attackers", "defenders"]), label="to move")
    try:
        game = Game(rs, Position(n, pieces), side)
    except PositionError:
        assume(False)
    play_random_game(rs, game, data)
