"""The bitboard fast paths (:mod:`tafl_core.bitboards`, and the game's make/unmake that keeps the
bitboards) against the reference implementations they replace: the move generator
(:class:`~tafl_core.movegen.MoveGenerator`), "has a legal move", the encirclement flood fill
(:class:`~tafl_core.outcomes.Outcomes`) and the captures (:class:`~tafl_core.captures.Captures`),
on random positions and random games of every ruleset with a board and of each of its
assumptions' alternatives; and the search, whose replies at a fixed depth must be the same on a
game that runs the reference methods."""

from __future__ import annotations

import random

import pytest

from tafl_core import Game, Position, PositionError, load_ruleset
from tafl_core.bitboards import board_bits
from tafl_core.captures import Captures
from tafl_core.geometry import board_cells
from tafl_core.movegen import MoveGenerator
from tafl_core.outcomes import Outcomes
from tafl_core.search import Search
from tafl_core.squares import square_name
from tafl_core.tables import ATT, CMD, DEF, EMPTY, KNG, KNT, NORMAL, SIDE_OF

from .helpers import capture_squares_reference, playable_rules_files


class ReferenceGame(Game):
    """A game that runs the reference generator, has-move and encirclement of the engine
    (the methods the bitboard fast paths override)."""

    plain_codes = MoveGenerator.plain_codes
    has_move = MoveGenerator.has_move
    _encircled = Outcomes._encircled


def _cases():
    """(id, ruleset) for every ruleset with a board and each alternative of its assumptions."""
    out = []
    for path in playable_rules_files():
        rs = load_ruleset(path)
        slug = path.parent.name
        out.append((slug, rs))
        for key, rule in sorted(rs.rules.items()):
            overrides = rule.alternative_overrides()
            if overrides:
                out.append((f"{slug}[{key}]", rs.with_overrides(overrides)))
    return out


CASES = _cases()


def _random_position(rs, rng: random.Random):
    """A random game of ``rs``: the layout with pieces scattered at random density (pieces only
    where they may stand), or None when the engine refuses it (king on an escape square)."""
    n = rs.size
    t = Game(rs).tables
    codes = [c for c in (ATT, DEF, CMD, KNT) if c in t.allowed_codes]
    density = rng.choice((0.1, 0.3, 0.5, 0.7))
    pieces = {}
    squares = board_cells(n)
    rng.shuffle(squares)
    king = next(s for s in squares if t.stop_within[KNG][s] and not t.escape[s])
    pieces[square_name(king, n)] = "king"
    names = {ATT: "attacker", DEF: "defender", CMD: "commander", KNT: "knight"}
    for s in squares:
        if s == king or rng.random() > density:
            continue
        code = rng.choice(codes)
        if t.kind[s] != NORMAL and not t.stop_within[code][s]:
            continue
        pieces[square_name(s, n)] = names[code]
    try:
        return Game(rs, Position(n, pieces), rng.choice(("attackers", "defenders")))
    except PositionError:
        return None


def _encircled_position(rs, rng: random.Random):
    """A position whose defenders stand in a diamond of attackers (closed, or with a gap),
    for the encirclement's True answers."""
    n = rs.size
    t = Game(rs).tables
    c = n // 2
    radius = rng.randint(2, max(2, c - 1))
    pieces = {}
    for s in board_cells(n):
        d = abs(s // n - c) + abs(s % n - c)
        if d == radius and t.kind[s] == NORMAL:
            pieces[square_name(s, n)] = "attacker"
        elif d < radius - 1 and rng.random() < 0.5 and t.kind[s] == NORMAL:
            pieces[square_name(s, n)] = "defender"
    if rng.random() < 0.5:   # a gap in the ring
        pieces.pop(square_name((c + radius) * n + c, n), None)
    king = next((s for s in board_cells(n) if abs(s // n - c) + abs(s % n - c) < radius
                 and t.stop_within[KNG][s] and not t.escape[s]), None)
    if king is None:
        return None
    pieces[square_name(king, n)] = "king"
    try:
        return Game(rs, Position(n, pieces), "attackers")
    except PositionError:
        return None


def _check_position(g: Game) -> None:
    """Every fast path of ``g`` equals the reference in its position."""
    n = g.size
    assert (g.bits, g.rows, g.cols) == board_bits(g.board, n)
    for side in (0, 1):
        assert g.plain_codes(side) == MoveGenerator.plain_codes(g, side)
        assert g.has_move(side) == MoveGenerator.has_move(g, side)
    for side in (None, 0, 1):   # the side asked for, or the side to move when none is given
        assert g.move_codes(side) == MoveGenerator.move_codes(g, side)
    for s in range(0, n * n, 7):   # single squares: own, enemy and empty ones
        for side in (0, 1):
            assert g.plain_codes(side, s) == MoveGenerator.plain_codes(g, side, s)
    if g.king >= 0:
        assert g._encircled() == Outcomes._encircled(g)


def _check_captures(g: Game) -> None:
    """A move captures only when an enemy stands next to the square it moves to, or it jumps
    (the condition under which the game looks for captures at all): every legal move's captures
    by the reference, on the board with the move made."""
    board = g.board
    for m in g.move_codes():
        f, to = m >> 10, m & 1023
        if f == to:
            continue
        code = board[f]
        jumped = g._jumped(f, to)
        king = g.king
        board[f], board[to] = EMPTY, code
        if code == KNG:
            g.king = to
        try:
            caps = Captures._captures(g, to, code, SIDE_OF[code], jumped)
        finally:
            board[f], board[to] = code, EMPTY
            g.king = king
        if caps:
            enemy_next = any(board[a] and SIDE_OF[board[a]] != SIDE_OF[code] for a in g.tables.adj[to])
            assert enemy_next or jumped >= 0, (square_name(f, g.size), square_name(to, g.size))


@pytest.mark.parametrize("name,rs", CASES, ids=[c[0] for c in CASES])
def test_fast_paths_equal_the_reference_on_random_positions(name, rs):
    rng = random.Random(name)
    checked = 0
    for i in range(12):
        g = _random_position(rs, rng) if i % 3 else _encircled_position(rs, rng)
        if g is None:
            continue
        _check_position(g)
        _check_captures(g)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("name,rs", CASES, ids=[c[0] for c in CASES])
def test_random_games_play_alike_on_the_fast_and_the_reference_paths(name, rs):
    """The same random games on a game with the fast paths and one with the reference
    methods: the same legal moves in the same order, captures, results and hashes at every
    ply, the bitboards equal to the board's after every move and every take-back."""
    rng = random.Random(name)
    for _ in range(3):
        fast, ref = Game(rs), ReferenceGame(rs)
        for _ply in range(120):
            codes = fast.move_codes()
            assert codes == ref.move_codes()
            if not codes:
                break
            m = rng.choice(codes)
            a = fast.play(fast.legal_moves()[codes.index(m)])
            b = ref.play(ref.legal_moves()[codes.index(m)])
            assert a == b
            assert fast.hash == ref.hash
            assert (fast.bits, fast.rows, fast.cols) == board_bits(fast.board, fast.size)
            if a.result is not None:
                break
        while fast.ply:
            fast.undo_code()
            assert (fast.bits, fast.rows, fast.cols) == board_bits(fast.board, fast.size)
        assert fast.board == Game(rs).board


@pytest.mark.parametrize("slug", ["copenhagen-hnefatafl", "brandubh", "linnaeus-tablut", "berserk-hnefatafl"])
def test_search_replies_equal_on_the_reference_paths(slug):
    """At a fixed depth the search picks the same move with the same score, principal variation
    and node count whether the game runs the fast paths or the reference methods."""
    rs = load_ruleset(next(p for p in playable_rules_files() if p.parent.name == slug))
    rng = random.Random(slug)
    games = 0
    while games < 3:
        fast, ref = Game(rs), ReferenceGame(rs)
        for _ in range(rng.randint(0, 12)):
            codes = fast.move_codes()
            if not codes:
                break
            m = rng.choice(codes)
            fast.play_code(m)
            ref.play_code(m)
        if fast.result is not None:
            continue
        games += 1
        depth = 2 if rs.size > 9 else 3
        a = Search(fast).run(depth=depth)
        b = Search(ref).run(depth=depth)
        for key in ("move", "score", "depth", "nodes", "pv", "turn"):
            assert a[key] == b[key], key


@pytest.mark.parametrize("slug", ["copenhagen-hnefatafl", "brandubh", "linnaeus-tablut", "tablut-15", "alea-evangelii"])
def test_lane_cache_gives_the_lanes_of_the_board(slug):
    """The evaluation's lanes kept per occupancy of the lane squares equal the lanes counted on
    the board, over random games whose positions repeat those occupancies often (every move is
    also taken back and played again)."""
    from tafl_core.evaluate import Evaluator
    rs = load_ruleset(next(p for p in playable_rules_files() if p.parent.name == slug))
    ev = Evaluator(Game(rs))
    if ev.lane_rays is None:
        pytest.skip(f"{slug}: more escape squares than the lane terms count")
    rng = random.Random(slug)
    g = Game(rs)
    for _ in range(400):
        if g.result is not None or not g.move_codes():
            g = Game(rs)
        k = g.king
        lines = ev._lanes(g.board, k)
        assert ev._lanes_of(g, k) == (lines, sum(1 for c in lines if c))
        m = rng.choice(g.move_codes())
        g.play_code(m)
        if rng.random() < 0.5:
            g.undo_code()
            g.play_code(rng.choice(g.move_codes()))
    assert len(ev.lane_cache) > 1


def test_capture_squares_equal_a_square_by_square_reference():
    """The ordering's capture squares (bitboard shifts) against a look at each enemy piece: an
    empty neighbour of an enemy other than the king, whose opposite neighbour holds a piece of
    the side to move or is hostile to the enemy (always, or while empty)."""
    from tafl_core.bitboards import capture_squares
    for name, rs in CASES[::3]:
        rng = random.Random(name)
        for _ in range(6):
            g = _random_position(rs, rng)
            if g is None:
                continue
            for side in (0, 1):
                want = sum(1 << s for s in capture_squares_reference(g, side))
                assert capture_squares(g, side) == want, name
