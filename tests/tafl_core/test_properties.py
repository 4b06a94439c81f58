"""Property tests (hypothesis) over random legal playouts on every ruleset in variants_src:
piece counts never grow, no piece but the king stops on a king-only square, a finished game
accepts no move, undo restores the exact position and hash, and the fast move generator agrees
with the slow, obviously-correct one below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tafl_core import Game, IllegalMove, Move, load_ruleset, parse_square, square_name
from tafl_core.ruleset import corner_squares

from .helpers import REPO, playable_rules_files

RULESETS = {p.parent.name: load_ruleset(p) for p in playable_rules_files()}
SLUGS = sorted(RULESETS)


def _directions(rs) -> tuple[tuple[int, int], ...]:
    """The lines of movement as (rank, file) steps: four on a square board; on a hex board
    (geometry = "hex", a hexagon in axial coordinates) the six of its rows and diagonals."""
    if rs.value("geometry") == "hex":
        return ((0, 1), (0, -1), (1, 1), (-1, -1), (1, 0), (-1, 0))
    return ((1, 0), (-1, 0), (0, 1), (0, -1))


def _on_board(rs, r: int, c: int) -> bool:
    """Whether (rank r, file c) is a square of the board (inside the hexagon on a hex board,
    whose side is (n + 1) / 2)."""
    n = rs.size
    inside = 0 <= r < n and 0 <= c < n
    return inside and (rs.value("geometry") != "hex" or abs(r - c) <= (n - 1) // 2)


def reference_moves(game: Game) -> set[tuple[str, str]]:
    """Slow, obviously-correct move generator, written from the rule text alone: for every piece
    of the side to move, walk each of the four directions square by square; stop at the first
    piece; a square may be passed if empty and (not special, or the piece may pass that kind);
    it may be the destination if (not special) or the piece may stop on that kind and either
    may re-enter it or starts on a square of the same kind. A commander follows the attackers'
    lists, the knight the defenders'. On a hex board the walk follows six directions. Jumps (Berserk Hnefatafl rule 4b): a piece whose jump rule
    is not "none" may jump over the adjacent square if it holds an ordinary enemy piece
    (attacker or defender) and the square beyond is empty and one it may stop on; the king's
    "restricted" jump must start or end on a special square. A kind listed in one_step moves one
    square only. In a berserk turn only the
    berserker moves, only with a move that captures something (played on a copy), plus "end"
    unless continuing is compulsory."""
    rs = game.ruleset
    n = rs.size
    special = {}
    if rs.value("throne"):
        special[(n // 2) * n + n // 2] = "throne"
    for s in corner_squares(rs.value("corners"), n):
        special[s] = "corner"
    for name in rs.value("camps"):
        special[parse_square(name, n)] = "camp"
    pieces = game.position().pieces
    side_kinds = ("attacker", "commander") if game.to_move == "attackers" else ("defender", "king", "knight")
    enemy_ordinary = "defender" if game.to_move == "attackers" else "attacker"
    as_list = {"commander": "attacker", "knight": "defender"}
    jump_rule = {"king": rs.value("king_jump"), "commander": rs.value("commander_jump"),
                 "knight": rs.value("knight_jump")}
    out = set()
    if game.result is not None:
        return out

    def may_stop_on(kind, f0, s):
        sk = special.get(s)
        if sk is None:
            return True
        lk = as_list.get(kind, kind)
        return lk in rs.value(f"{sk}_stop") and (lk in rs.value(f"{sk}_reenter") or special.get(f0) == sk)

    for name, kind in pieces.items():
        if kind not in side_kinds:
            continue
        lk = as_list.get(kind, kind)
        f0 = parse_square(name, n)
        r0, c0 = divmod(f0, n)
        for dr, dc in _directions(rs):
            r, c = r0 + dr, c0 + dc
            while _on_board(rs, r, c):
                s = r * n + c
                target = square_name(s, n)
                if target in pieces:
                    break
                if may_stop_on(kind, f0, s):
                    out.add((name, target))
                if lk in rs.value("one_step"):
                    break                                  # one square at a time
                sk = special.get(s)
                if sk is not None and lk not in rs.value(f"{sk}_pass"):
                    break
                r, c = r + dr, c + dc
            rule = jump_rule.get(kind, "none")
            r1, c1, r2, c2 = r0 + dr, c0 + dc, r0 + 2 * dr, c0 + 2 * dc
            if rule != "none" and _on_board(rs, r2, c2):
                over, land = square_name(r1 * n + c1, n), square_name(r2 * n + c2, n)
                if pieces.get(over) == enemy_ordinary and land not in pieces and may_stop_on(kind, f0, r2 * n + c2):
                    if rule != "restricted" or f0 in special or (r2 * n + c2) in special:
                        out.add((name, land))
    if game.berserker >= 0:
        b = square_name(game.berserker, n)
        keep = set()
        for frm, to in out:
            if frm != b:
                continue
            probe = Game(rs, game.position(), game.to_move)
            if probe.play(f"{frm}-{to}").captures:
                keep.add((frm, to))
            elif (rs.value("berserk") == "capture_or_escape" and pieces[b] == "king"
                  and probe.result is not None and probe.result.reason == "king_escaped"):
                keep.add((frm, to))
        if not rs.value("berserk_compulsory"):
            keep.add(("end", "end"))
        out = keep
    if rs.value("repetition") == "forbidden_defenders" and game.to_move == "defenders":
        # hnefatafl.org: a defenders' move that puts the pieces as they stood at the start or
        # after an earlier move (compared before its captures) is not allowed
        replay = Game(rs, *_start_of(game))
        boards = [replay.position().pieces]
        for p in game.moves_played:
            replay.play(p.move)
            boards.append(replay.position().pieces)
        out = {(frm, to) for frm, to in out
               if {**{k: v for k, v in pieces.items() if k != frm}, to: pieces[frm]} not in boards}
    return out


def _start_of(game):
    """The position the game started from and the side that moved first (by undoing a copy)."""
    played = game.moves_played
    for _ in played:
        game.undo()
    start = (game.position(), game.to_move)
    for _ in played:
        game.redo()
    return start


def _pairs(moves) -> set[tuple[str, str]]:
    return {("end", "end") if m.is_end else tuple(str(m).split("-")) for m in moves}


def king_only_squares(rs) -> set[str]:
    sq = rs.special_squares()
    out = set()
    if rs.value("throne") and tuple(rs.value("throne_stop")) == ("king",):
        out |= set(sq["throne"])
    if sq["corners"] and tuple(rs.value("corner_stop")) == ("king",):
        out |= set(sq["corners"])
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slug=st.sampled_from(SLUGS), seed=st.integers(0, 2**32 - 1), plies=st.integers(1, 160))
def test_random_playout_invariants(slug, seed, plies):
    rs = RULESETS[slug]
    rng = random.Random(seed)
    game = Game(rs)
    king_only = king_only_squares(rs)
    counts = game.position().counts()
    snapshots = []
    for _ in range(plies):
        assert _pairs(game.legal_moves()) == reference_moves(game)
        if game.result is not None:
            break
        moves = game.legal_moves()
        if not moves:
            break
        snapshots.append((game.position(), game.hash, game.to_move, game.result))
        game.play(rng.choice(moves))
        now = game.position().counts()
        assert all(now.get(k, 0) <= counts[k] for k in counts) and set(now) <= set(counts), "piece counts never grow"
        counts = now
        pieces = game.position().pieces
        assert all(pieces[s] == "king" for s in king_only if s in pieces), "only the king on king-only squares"
    if game.result is not None:
        # a finished game accepts no move
        assert game.legal_moves() == []
        probe = Move(0, 1, rs.size)
        with pytest.raises(IllegalMove):
            game.play(probe)
    # undo restores the exact position, side, hash and result, all the way back
    for pos, h, side, result in reversed(snapshots):
        game.undo()
        assert (game.position(), game.hash, game.to_move, game.result) == (pos, h, side, result)


@settings(max_examples=15, deadline=None)
@given(slug=st.sampled_from(SLUGS), seed=st.integers(0, 2**32 - 1))
def test_hash_is_a_function_of_position_and_side(slug, seed):
    """The same position and side to move reached by another route has the same hash; the
    incremental hash equals a hash computed from scratch."""
    rs = RULESETS[slug]
    rng = random.Random(seed)
    game = Game(rs)
    for _ in range(30):
        moves = game.legal_moves()
        if not moves or game.result:
            break
        game.play(rng.choice(moves))
        if game.result is not None:   # a finished position (e.g. king escaped) is no start position
            break
        fresh = Game(rs, game.position(), game.to_move)
        assert fresh.hash == game.hash


@pytest.mark.parametrize("slug", SLUGS)
def test_start_position_moves_match_reference(slug):
    game = Game(RULESETS[slug])
    assert _pairs(game.legal_moves()) == reference_moves(game)


def test_undo_redo_roundtrip():
    """undo then redo replays the same move with the same captures (Ealdfaeder §5.4 capture)."""
    from .helpers import setup
    g = setup("K g7; A c4 e1; D d4")
    played = g.play("e1-e4")
    assert [square_name(c.square, 9) for c in played.captures] == ["d4"]
    h = g.hash
    g.undo()
    assert g.position().pieces["d4"] == "defender"
    again = g.redo()
    assert [square_name(c.square, 9) for c in again.captures] == ["d4"] and g.hash == h
    assert g.redo() is None
