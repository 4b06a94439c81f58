"""The search (tafl_core.search): wins in one, threatened losses answered, the Zobrist key, the
transposition table, berserk turns as one decision, the evaluation's terms, the command line
and positions one move before the end of real games. No test is timed: depth and node limits.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

from tafl_core import Game, Move, Position, load_ruleset
from tafl_core.cli import main
from tafl_core.evaluate import Evaluator
from tafl_core.ordering import ordered, win_candidates
from tafl_core.search import LEVELS, WIN, WIN_BOUND, Search, best_move
from tafl_core.tables import KNG
from tafl_core.zobrist import search_key

from .helpers import REPO, capture_squares_reference, playable_rules_files


def rules(slug):
    return load_ruleset(REPO / "variants_src" / slug)


def game_of(slug, pieces, to_move):
    rs = rules(slug)
    return Game(rs, Position(rs.size, pieces), to_move)


def wins_in_one(game):
    """Moves of the side to move that end the game in its favour (brute force, the engine's rules)."""
    me = game.to_move
    out = []
    for mv in game.legal_moves():
        p = game.play(mv)
        if p.result is not None and p.result.winner == me:
            out.append(str(mv))
        game.undo()
    return out


def assert_wins(game, reply):
    me = game.to_move
    assert reply["score"] >= WIN_BOUND
    played = game.play(reply["move"])
    assert played.result is not None and played.result.winner == me, reply


# -- wins in one ---------------------------------------------------------------------------------
def test_king_escape_in_one_found():
    # Brandubh: escape = corners; the king on a4 reaches a1 over a3, a2.
    g = game_of("brandubh", {"a4": "king", "d2": "defender", "e5": "attacker", "f6": "attacker", "c6": "attacker"},
                "defenders")
    assert "a4-a1" in wins_in_one(g)
    for depth in (1, 2, 3):
        assert_wins(g, best_move(g, depth=depth))
        g.undo()


def test_king_capture_in_one_found():
    # Brandubh: away from the throne the king is taken custodially (king_capture = throne_graded):
    # c7-c5 closes a5-b5-c5.
    g = game_of("brandubh", {"b5": "king", "a5": "attacker", "c7": "attacker", "g2": "attacker", "f2": "defender"},
                "attackers")
    assert wins_in_one(g) == ["c7-c5"]
    for depth in (1, 2, 3):
        r = best_move(g, depth=depth)
        assert r["move"] == "c7-c5"
        assert_wins(g, r)
        g.undo()


def test_capture_of_the_last_piece_found():
    # Brandubh: no_moves = loss; b1-b3 takes the last attacker (c3 between b3 and d3).
    g = game_of("brandubh", {"c3": "attacker", "d3": "defender", "b1": "defender", "e6": "king"}, "defenders")
    assert "b1-b3" in wins_in_one(g)
    r = best_move(g, depth=2)
    assert_wins(g, r)


def test_threatened_loss_in_one_is_answered():
    # The king on a4 threatens a4-a1 (a5 is his own defender); the attackers can block on a2/a3.
    g = game_of("brandubh", {"a4": "king", "a5": "defender", "c2": "attacker", "f3": "attacker", "e6": "attacker",
                             "g5": "attacker"}, "attackers")
    answers = []
    for mv in g.legal_moves():
        g.play(mv)
        if not wins_in_one(g):
            answers.append(str(mv))
        g.undo()
    assert answers, "the position must have an answer"
    for depth in (1, 2, 3):
        r = best_move(g, depth=depth)
        assert r["move"] in answers, (depth, r)


def test_repetition_loss_avoided():
    # Brandubh: repetition = loss_repeater, repetition_count = 3. After a4-a3 d3-c3 a3-a4 c3-d3
    # and the same three moves again, c3-d3 would bring the start position back a third time.
    g = Game(rules("brandubh"))
    for mv in ("a4-a3", "d3-c3", "a3-a4", "c3-d3", "a4-a3", "d3-c3", "a3-a4"):
        g.play(mv)
    p = g.play("c3-d3")
    assert p.result is not None and p.result.winner == "attackers" and p.result.reason == "repetition"
    g.undo()
    for depth in (1, 2, 3):
        r = best_move(g, depth=depth)
        assert r["move"] != "c3-d3" and r["score"] > -WIN_BOUND, (depth, r)


def test_the_search_is_one_class_not_a_stack_of_mixins():
    """The search's state lives in :class:`Search` alone; the move order, the escape threats and
    the root's checks are helpers it calls with what they read (tests/test_import_graph.py
    holds that no module reads another's private members)."""
    assert Search.__bases__ == (object,)


def test_search_leaves_the_game_as_it_was():
    g = Game(rules("brandubh"))
    g.play("d1-b1")
    g.play("d3-c3")
    g.undo()
    before = (g.position(), g.to_move, g.hash, [str(p.move) for p in g.moves_played],
              [str(p.move) for p in g.undone_moves])
    best_move(g, depth=3)
    r = Search(g).run(nodes=300)   # cut inside an iteration: the limit is checked every 256 nodes
    assert r["move"] is not None and 300 <= r["nodes"] < 300 + 256
    assert (g.position(), g.to_move, g.hash, [str(p.move) for p in g.moves_played],
            [str(p.move) for p in g.undone_moves]) == before


def test_search_cut_anywhere_leaves_the_game_as_it_was():
    """A search stopped by its node limit at any point - inside a reduced search, a null-move
    search, an extension - leaves position, side to move and key as they were (the key checked
    from scratch too)."""
    from tafl_core.zobrist import scratch_key
    g = Game(rules("brandubh"))
    for mv in "d7-b7 d3-b3 d2-b2 c4-c7 d1-d3".split():   # from a game against OpenTafl's AI
        g.play(mv)
    before = (g.position(), g.to_move, g.hash)
    assert g.hash == scratch_key(g)
    for limit in range(32, 12000, 480):   # the limit is read every 32 nodes
        Search(g).run(nodes=limit)
        assert (g.position(), g.to_move, g.hash) == before, limit
        assert scratch_key(g) == g.hash, limit


def _wins_in_one_reference(g) -> set[int]:
    """Every move of the side to move that ends the game at once in its favour by taking the
    king, the king's escape or the other side left without a move: each move played through
    the engine (slow and obviously right). Encirclement, exit forts and repetition are left to
    the full-width plies, as the leaf's candidates say."""
    from tafl_core.reasons import ResultReason
    me = g.to_move
    out = set()
    for m in g.move_codes():
        r = g.play_code(m)
        g.undo_code()
        if r is not None and r.winner == me and r.reason in (
                ResultReason.KING_CAPTURED, ResultReason.KING_ESCAPED, ResultReason.NO_LEGAL_MOVES):
            out.add(m)
    return out


@pytest.mark.parametrize("path", playable_rules_files(), ids=lambda p: p.parent.name)
def test_leaf_win_candidates_hold_every_win_in_one(path):
    """The tactical leaf plays only the moves :func:`tafl_core.ordering.win_candidates` names (the
    king onto an escape square, an attacker next to the king when a capture of him is
    possible, every move when the other side is down to its last pieces and could be left
    without a move): in playouts that crowd the king (half the attackers' moves end next to
    him) and thin out the defenders, every move that wins at once is among them."""
    rs = load_ruleset(path.parent)
    rng = random.Random(path.parent.name)
    checked = wins = 0
    for _game in range(2):
        g = Game(rs)
        for _ply in range(60):
            if g.result is not None:
                break
            codes = g.move_codes()
            if not codes:
                break
            ref = _wins_in_one_reference(g)
            assert ref <= set(win_candidates(g)), (g.position().to_otn(), g.to_move, ref)
            checked += 1
            wins += bool(ref)
            near = [m for m in codes if g.king >= 0 and (m & 1023) in g.tables.adj[g.king]]
            g.play_code(rng.choice(near) if near and g.side == 0 and rng.random() < 0.5 else rng.choice(codes))
    assert checked >= 20


def test_leaf_win_candidates_hold_a_win_by_no_moves():
    """Coppergate §5.7 (no move loses): the king boxed in by four attackers, the last defender
    able only to enter a corner reserved to the king - any attackers' move leaves the
    defenders without a move, and the leaf's candidates hold every one of them."""
    from .helpers import setup
    g = setup("K c5; D a2; A a3 b2 c4 c6 b5 d5 h9", "attackers", corners="single", no_moves="loss", escape="corners")
    ref = _wins_in_one_reference(g)
    assert {str(Move(m >> 10, m & 1023, 9)) for m in ref} >= {"h9-b9", "h9-g9"}
    assert ref <= set(win_candidates(g))


# -- Zobrist key and transposition table ---------------------------------------------------------
def slow_key(game):
    """From scratch: every square's piece key, the side key when the defenders are to move, the
    berserk key of the berserker's square (the keys as tafl_core.tables and .zobrist draw them)."""
    from tafl_core.zobrist import berserk_keys
    t = game._t
    n = game.size
    h = 0
    for s in range(n * n):
        kind = game.piece_at(s)
        if kind:
            from tafl_core.tables import KIND_CODE
            h ^= t.zobrist[KIND_CODE[kind]][s]
    if game.to_move == "defenders":
        h ^= t.z_side
    turn = game.berserk_turn
    if turn:
        from tafl_core.squares import parse_square
        h ^= berserk_keys(t)[parse_square(turn.square, n)]
    return h


@pytest.mark.parametrize("slug", ["brandubh", "berserk-hnefatafl", "copenhagen-hnefatafl"])
def test_incremental_key_equals_scratch_key(slug):
    rng = random.Random(5)
    rs = rules(slug)
    berserk_seen = 0
    for _ in range(6):
        g = Game(rs)
        for _ in range(120):
            codes = g.move_codes()
            if not codes:
                break
            g.play_code(rng.choice(codes))
            assert search_key(g) == slow_key(g)
            berserk_seen += g.berserk_turn is not None
        while g.moves_played:
            g.undo_code()
            assert search_key(g) == slow_key(g)
    if slug == "berserk-hnefatafl":
        assert berserk_seen, "random games should pass through berserk turns"


def _random_positions(slug, count, plies, seed):
    rs = rules(slug)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = Game(rs)
        for _ in range(plies):
            codes = g.move_codes()
            if not codes or g.result:
                break
            g.play_code(rng.choice(codes))
        if g.result is None and g.berserk_turn is None:
            out.append((g.position(), g.to_move))
    return rs, out


@pytest.mark.slow   # every position searched twice, with and without the table: in `make test`
@pytest.mark.parametrize("depth", [2, 3])
def test_transposition_table_changes_no_score(depth):
    rs, positions = _random_positions("brandubh", 6, 12, 3)
    for pos, side in positions:
        a = Search(Game(rs, pos, side), use_tt=True).run(depth=depth)
        b = Search(Game(rs, pos, side), use_tt=False).run(depth=depth)
        assert a["score"] == b["score"], (pos.to_otn(), side)


def _slow_order(g, codes, hash_move, killers, history):
    """The move order as :func:`tafl_core.ordering.ordered`'s docstring gives it, one move at a time: the hash move
    first; then by the sum of 2**38 for the king onto an escape square, 2**36 onto a square
    where a custodial capture could close (an enemy piece other than the king beside it, and
    beyond that piece one of the mover's own or a square hostile to it), 2**35 next to the king,
    2**34 / 2**33 the first / second killer and the history count; ties by the higher code."""
    t = g.tables
    k = g.king
    hits = capture_squares_reference(g, g.side)
    k0, k1 = killers

    def score(m):
        if m == hash_move:
            return (2 ** 70, m)
        to = m & 1023
        s = history.get(m, 0)
        s += 2 ** 38 if k >= 0 and m >> 10 == k and t.escape[to] else 0
        s += 2 ** 36 if to in hits else 0
        s += 2 ** 35 if k >= 0 and to in t.adj[k] else 0
        s += 2 ** 34 if m == k0 else 2 ** 33 if m == k1 else 0
        return (s, m)

    return sorted(codes, key=score, reverse=True)


@pytest.mark.parametrize("slug", ["brandubh", "copenhagen-hnefatafl", "berserk-hnefatafl", "alea-evangelii"])
def test_move_order_matches_a_slow_reference(slug):
    rs, positions = _random_positions(slug, 8, 30, 5)
    rng = random.Random(3)
    for pos, side in positions:
        g = Game(rs, pos, side)
        codes = g.move_codes()
        # a history, killers and a hash move as a search would have left them
        history = defaultdict(int)
        for m in rng.sample(codes, min(8, len(codes))):
            history[m] = rng.randint(1, 50)
        killers = rng.sample(codes, 2) if len(codes) >= 2 else [0, 0]
        hash_move = rng.choice(codes)
        for hm, kill in ((hash_move, killers), (0, killers), (0, [0, 0])):
            assert ordered(g, codes, hm, kill, history) == _slow_order(g, codes, hm, kill, history), (
                pos.to_otn(), side, hm, kill)


# -- berserk turns ------------------------------------------------------------------------------
def _berserk_positions(count):
    rs = rules("berserk-hnefatafl")
    rng = random.Random(11)
    out = []
    for _ in range(400):
        g = Game(rs)
        for _ in range(200):
            codes = g.move_codes()
            if not codes:
                break
            g.play_code(rng.choice(codes))
            if g.berserk_turn is not None:
                out.append(g)
                break
        if len(out) >= count:
            break
    return out


def test_berserk_turn_is_one_decision():
    games = _berserk_positions(4)
    assert games
    for g in games:
        side = g.to_move
        r = best_move(g, depth=2)
        assert r["move"] is not None
        # the turn reply: the berserker's moves until the turn ends, each legal in turn
        turn = r["turn"]
        assert turn and r["pv"][:len(turn)] == turn
        made = 0
        for mv in turn:
            assert g.is_legal(mv), (mv, turn)
            g.play(mv)
            made += 1
        assert g.result is not None or g.to_move != side, "the turn's moves end the turn"
        for _ in range(made):
            g.undo()


def test_berserk_state_is_in_the_key():
    g = _berserk_positions(1)[0]
    k = search_key(g)
    assert k != g.hash
    assert k == slow_key(g)


# -- evaluation ----------------------------------------------------------------------------------
def ev_pair(slug, a, b, to_move="attackers"):
    ga, gb = game_of(slug, a, to_move), game_of(slug, b, to_move)
    ev = Evaluator(ga)
    return ev.terms(ga), ev.terms(gb), ev.defenders_score(ga), ev.defenders_score(gb)


BASE = {"f6": "king", "e5": "defender", "g5": "defender", "c3": "attacker", "i9": "attacker"}


@pytest.mark.parametrize("term,better,worse", [
    # material: one attacker fewer is better for the defenders
    ("material", dict(BASE), {**BASE, "h2": "attacker"}),
    # king_paths: on f11 (rank 11 empty) the king reaches the corners a11 and k11; on f10 none
    ("king_paths", {**BASE, "f6": None, "f11": "king"}, {**BASE, "f6": None, "f10": "king"}),
    # king_distance: nearer the corner
    ("king_distance", {**BASE, "f6": None, "c3": None, "c4": "king", "h8": "attacker"},
     {**BASE, "f6": None, "f7": "king"}),
    # king_pressure: an attacker beside the king
    ("king_pressure", dict(BASE), {**BASE, "f7": "attacker"}),
    # king_mobility: the same defender on f7, in the king's way north, instead of on e5
    ("king_mobility", dict(BASE), {**BASE, "e5": None, "f7": "defender"}),
    # blockade: an attacker on b1, next to the corner a1, instead of on c3
    ("blockade", dict(BASE), {**BASE, "c3": None, "b1": "attacker"}),
    # lanes: the attacker of c3 on a3 closes the a-file from a3 to a10 to the corner a1 (a2 and
    # the lanes of the other corners stay open)
    ("lanes", dict(BASE), {**BASE, "c3": None, "a3": "attacker"}),
    # king_threats: from f6 the king reaches a6, f11, f1 and k6, each on a free line to a
    # corner; an attacker on b6 takes a6 from him
    ("king_threats", dict(BASE), {**BASE, "c3": None, "b6": "attacker"}),
    # corner_guard: the attacker of c3 on b2, one of a1's guard squares a3 b2 c1 (two steps
    # from the corner), instead
    ("corner_guard", dict(BASE), {**BASE, "c3": None, "b2": "attacker"}),
    # corner_closed: attackers on a3, b2 and c1 close a1 (the king reaches neither a2 nor b1);
    # with the third on d5 instead it stays open
    ("corner_closed", {**BASE, "c3": None, "a3": "attacker", "b2": "attacker", "d5": "attacker"},
     {**BASE, "c3": None, "a3": "attacker", "b2": "attacker", "c1": "attacker"}),
])
def test_each_term_points_the_right_way(term, better, worse):
    better = {k: v for k, v in better.items() if v}
    worse = {k: v for k, v in worse.items() if v}
    tb, tw, sb, sw = ev_pair("copenhagen-hnefatafl", better, worse)
    assert tb[term] > tw[term], (tb, tw)
    assert sb > sw


def test_lane_and_threat_counts_in_a_small_position():
    # Copenhagen, BASE: the edges' squares between the corners, 4 x 9 = 36, are all empty and
    # each lies on a free line to a corner; the king on f6 reaches four of them (a6 f11 f1 k6)
    g = game_of("copenhagen-hnefatafl", BASE, "attackers")
    t = Evaluator(g).terms(g)
    assert (t["lanes"], t["king_threats"], t["king_paths"]) == (36, 4, 0)
    # a3 blocked: a2 keeps its line to a1, a4..a10 keep theirs to a11, a3 is occupied
    g = game_of("copenhagen-hnefatafl", {**{k: v for k, v in BASE.items() if k != "c3"}, "a3": "attacker"},
                "attackers")
    assert Evaluator(g).terms(g)["lanes"] == 35


def _slow_lines(game, k):
    """Reference for the lane terms: per square the king may stop on (empty, or his own), the
    lines from it that run over empty squares he may pass to an escape square he may stop on."""
    t = game._t
    board, esc, pas, stop = game.board, t.escape, t.passable[KNG], t.stop[KNG]
    out = {}
    for q in range(t.n * t.n):
        if esc[q] or not stop[q] or (board[q] and q != k):
            continue
        count = 0
        for ray in t.rays[q]:
            for x in ray:
                if esc[x]:
                    count += 1 if stop[x] else 0
                    break
                if (board[x] and x != k) or not pas[x]:
                    break
        if count:
            out[q] = count
    return out


@pytest.mark.parametrize("slug", [p.parent.name for p in playable_rules_files()])
def test_lanes_match_a_slow_reference(slug):
    rs = rules(slug)
    ev = Evaluator(Game(rs))
    if ev.lane_rays is None:
        pytest.skip(f"{slug}: more escape squares than the lane terms count")
    rng = random.Random(slug)
    g = Game(rs)
    for _ in range(60):   # the positions of a random game, and of a fresh one when it ends
        if g.result is not None or not g.move_codes():
            g = Game(rs)
        k = g.king
        if k >= 0:
            fast = ev._lanes(g.board, k)
            assert {q: c for q, c in enumerate(fast) if c} == _slow_lines(g, k), g.position().to_diagram()
        g.play_code(rng.choice(g.move_codes()))


def test_corner_guard_counts():
    # Copenhagen: a1's guard squares are a3 b2 c1, k1's i1 j2 k3 (two steps from the corner);
    # a1 closed by three attackers, k1 held on one of its three
    pieces = {"f6": "king", "a3": "attacker", "b2": "attacker", "c1": "attacker", "j2": "attacker",
              "e5": "attacker"}
    g = game_of("copenhagen-hnefatafl", pieces, "attackers")
    t = Evaluator(g).terms(g)
    assert (t["corner_guard"], t["corner_closed"]) == (-4, -1)
    # Linnaeus' Tablut: edge escape (every edge square an escape square): no guard squares
    rs = rules("linnaeus-tablut")
    g = Game(rs)
    assert Evaluator(g).guards == ()


def test_king_fork_term_points_the_right_way():
    # Brandubh, defenders to move: b6-b7 gives the king a7 and (over c7..f7) g7 - a fork - unless
    # an attacker stands on e7; the same attacker on e5 leaves the fork. a6 gives a7 only (a4).
    common = {"b6": "king", "a4": "attacker", "c6": "defender", "b5": "defender"}
    tb, tw, sb, sw = ev_pair("brandubh", {**common, "e5": "attacker"}, {**common, "e7": "attacker"}, "defenders")
    assert (tb["king_fork"], tw["king_fork"]) == (1, 0)
    assert sb > sw


def test_evaluation_reads_the_escape_rule():
    # Linnaeus Tablut: escape = edge. The king on e7 reaches the edge squares e9, a7, i7 and,
    # over the empty throne e5 (throne_pass lists the king), e1; under corner escape none counts.
    rs = rules("linnaeus-tablut")
    assert rs.value("escape") == "edge"
    g = Game(rs, Position(9, {"e7": "king", "a1": "attacker", "i1": "attacker", "c3": "defender"}), "attackers")
    t = Evaluator(g).terms(g)
    assert rs.value("throne_pass") and "king" in rs.value("throne_pass")
    assert t["king_paths"] == 4          # e9, a7, i7, e1
    assert t["king_distance"] == -2      # two steps to e9
    g2 = Game(rs, Position(9, {"e5": "king", "a1": "attacker", "i1": "attacker", "c3": "defender"}), "attackers")
    assert Evaluator(g2).terms(g2)["king_distance"] == -4


def test_no_move_when_the_game_is_over(capsys):
    g = game_of("brandubh", {"a4": "king", "d2": "defender", "e5": "attacker", "f6": "attacker"}, "defenders")
    g.play("a4-a1")
    r = best_move(g, depth=2)
    assert r["move"] is None and r["pv"] == [] and r["turn"] == []


# -- levels ------------------------------------------------------------------------------------------
def test_levels_from_beginner_to_strong_and_seeded_noise():
    assert list(LEVELS) == ["beginner", "easy", "medium", "strong"]
    assert LEVELS["beginner"].noise > 0 and LEVELS["strong"].noise == 0
    assert LEVELS["beginner"].depth < LEVELS["strong"].depth
    g = Game(rules("copenhagen-hnefatafl"))
    noise = LEVELS["beginner"].noise

    def beginner(seed):   # the level's depth and noise, no time limit (no test is timed)
        return Search(g, noise=noise, seed=seed).run(depth=LEVELS["beginner"].depth)["move"]

    moves = [beginner(s) for s in range(12)]
    assert len(set(moves)) > 2, "seeded noise makes beginner games differ"
    assert moves == [beginner(s) for s in range(12)], "the same seed gives the same move"
    # without noise the same depth gives one move whatever the seed
    assert len({Search(g, seed=s).run(depth=1)["move"] for s in range(4)}) == 1


def _escape_paths(game):
    """With the attackers to move: the squares the king crosses on each of his moves that would
    escape at once were the defenders to move (each such move played through the engine on a
    copy of the position with the defenders to move), his own square left out, the escape
    square included; an empty set when there is no such move."""
    if game.to_move != "attackers" or game.result is not None:
        return set()
    n = game.size
    copy = Game(game.ruleset, game.position(), "defenders")
    out = set()
    for mv in copy.legal_moves():
        if mv.frm != game.king:
            continue
        p = copy.play(mv)
        copy.undo()
        if p.result is not None and p.result.winner == "defenders":
            (fr, ff), (tr, tf) = divmod(mv.frm, n), divmod(mv.to, n)
            dr, df = (tr > fr) - (tr < fr), (tf > ff) - (tf < ff)
            out.update((fr + dr * i) * n + ff + df * i for i in range(1, max(abs(tr - fr), abs(tf - ff)) + 1))
    return out


def _slow_negamax(game, ev, depth, ply):
    """Full-width negamax without pruning, tables or reductions: a finished game scores
    WIN - ply for the side to move's win (0 a draw); at depth 0 a move of the side to move that
    wins at once (every move tried) scores WIN - ply - 1, else the evaluation. The escape-threat
    extension: with the attackers to move and a king's move that would escape at once, the node
    is searched a ply deeper, and at depth 0 with only the attackers' moves onto a square the
    king would cross (his escape square included) or next to him (none: a loss two plies on)."""
    r = game.result
    if r is not None:
        if r.winner is None:
            return 0
        return WIN - ply if r.winner == game.to_move else -(WIN - ply)
    codes = game.move_codes()
    if not codes:
        return 0
    paths = _escape_paths(game)
    if paths and depth == 0:
        n = game.size
        kr, kf = divmod(game.king, n)
        near = {r * n + f for r, f in ((kr - 1, kf), (kr + 1, kf), (kr, kf - 1), (kr, kf + 1))
                if 0 <= r < n and 0 <= f < n}
        codes = [m for m in codes if (m & 1023) in paths | near]
        if not codes:
            return -(WIN - ply - 2)
        depth = 1
    elif paths:
        depth += 1
    elif depth == 0:
        return WIN - ply - 1 if wins_in_one(game) else ev.score(game)
    best = -WIN * 2
    for m in codes:
        game.play_code(m)
        s = -_slow_negamax(game, ev, depth - 1, ply + 1)
        game.undo_code()
        best = max(best, s)
    return best


@pytest.mark.slow   # a full-width negamax reference: in `make test`, not `make test-fast`
@pytest.mark.parametrize("noise", [10, 60])
def test_noisy_root_picks_the_best_noisy_score_of_a_slow_reference(noise):
    # the noise of a level shifts each root move's score by its seeded draw; the root searches
    # the moves with null windows shifted by that draw, and must still reply with a move of the
    # highest exact score plus noise (wins and losses get no noise)
    rs, positions = _random_positions("brandubh", 5, 10, 11)
    for pos, side in positions:
        g = Game(rs, pos, side)
        for seed in (0, 1):
            if wins_in_one(g):   # a win in one is played without a search
                continue
            s = Search(g, noise=noise, seed=seed)
            s.start(depth=2)
            s.guarded = True   # the search's own choice: no random move, no guard after it
            while not s.step(None):
                pass
            noisy = {}
            for m in g.move_codes():
                g.play_code(m)
                exact = -_slow_negamax(g, s.evaluator, 1, 1)
                g.undo_code()
                noisy[m] = exact if abs(exact) >= WIN_BOUND else exact + s.noise_of(m)
            top = max(noisy.values())
            assert s.depth == 2 and s.score == top, (pos.to_otn(), side, seed)
            assert noisy[s.best] == top, (pos.to_otn(), side, seed)


def test_noisy_root_prunes_as_much_as_a_plain_one():
    # before the noise was drawn ahead of each move's null window, a noisy root searched every
    # move with a full window: at depth 2 from the Copenhagen start 7,020 nodes against 409, so
    # "easy" (depth 2, noise 10) reached only depth 1 in its half second
    g = Game(rules("copenhagen-hnefatafl"))
    for depth in (2, 3):
        plain = Search(g).run(depth=depth)["nodes"]
        for seed in range(3):
            noisy = Search(g, noise=LEVELS["easy"].noise, seed=seed).run(depth=depth)["nodes"]
            assert noisy <= 2 * plain, (depth, seed, noisy, plain)


def test_each_level_searches_less_than_the_one_above():
    # the levels: from "beginner" (shallow, seeded randomness) to "strong" (the full time
    # budget), the same code path; each level below gets less depth, less time, more noise
    from tafl_core.search import level_limits
    names = list(LEVELS)
    limits = [level_limits(n, seconds=1.0) for n in names]
    assert limits[-1] == (LEVELS["strong"].depth, 1.0, None, 0)   # strong: the whole budget
    for (d0, s0, _n0, z0), (d1, s1, _n1, z1) in zip(limits, limits[1:]):
        assert d0 < d1 and s0 <= s1 and z0 >= z1
    # a depth or node limit of the caller narrows the level's; an unknown level is refused
    d, _s, n, _z = level_limits("medium", depth=2, seconds=1.0, nodes=99)
    assert (d, n) == (2, 99)
    assert level_limits(None, 4, 2.0, None) == (4, 2.0, None, 0)
    with pytest.raises(ValueError):
        level_limits("grandmaster")


# -- command line --------------------------------------------------------------------------------
def test_cli_best_json_shape(capsys):
    assert main(["best", "--variant", "brandubh", "--depth", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"move", "score", "depth", "nodes", "nps", "pv"}
    assert out["depth"] == 2 and out["pv"][0] == out["move"]
    assert isinstance(out["score"], int) and out["nodes"] > 0
    g = Game(rules("brandubh"))
    for mv in out["pv"]:
        g.play(mv)   # the principal variation is a line of legal moves


def test_cli_best_finds_escape_from_position_file(tmp_path, capsys):
    g = game_of("brandubh", {"a4": "king", "d2": "defender", "e5": "attacker", "f6": "attacker"}, "defenders")
    f = tmp_path / "p.txt"
    f.write_text(g.position().to_otn())
    assert main(["best", "--variant", "brandubh", "--position", str(f), "--to-move", "defenders", "--depth", "2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["move"] in ("a4-a1", "a4-a7") and out["score"] >= WIN_BOUND


def test_cli_match_output(capsys):
    assert main(["match", "--variant", "brandubh", "--games", "2", "--seed", "1", "medium", "random"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("game 1: medium as attackers") and out[1].startswith("game 2: medium as defenders")
    assert out[-1].startswith("medium vs random: ") and "Elo difference" in out[-1]
    assert main(["match", "--variant", "brandubh", "--games", "2", "--json", "greedy", "random"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["wins"] + res["draws"] + res["losses"] == 2
    assert sum(v["wins"] + v["draws"] + v["losses"] for v in res["by_side"].values()) == 2


def test_cli_match_progress_and_ply_cap(capsys):
    # --max-plies 4: no game of random players is over after 4 plies in Brandubh's start (the
    # king needs more moves to reach a corner, the attackers more to surround him): all draws
    assert main(["match", "--variant", "brandubh", "--games", "2", "--max-plies", "4", "--progress",
                 "random", "random"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert "no result in 4 plies" in out[0] and "so far 0-1-0" in out[0]
    assert "so far 0-2-0" in out[1]
    assert out[-1].startswith("random vs random: 0 wins, 2 draws, 0 losses")


def test_elo_difference():
    from tafl_core.cli_search import elo_difference
    assert elo_difference(5, 0, 5)[0] == 0
    # 75 % is +190.8 Elo (-400 log10(1/0.75 - 1))
    assert elo_difference(3, 0, 1)[0] == pytest.approx(190.8, abs=0.1)
    assert elo_difference(1, 0, 3)[0] == pytest.approx(-190.8, abs=0.1)


def test_cli_refuses_bad_limits(capsys):
    assert main(["best", "--variant", "brandubh", "--depth", "0"]) == 2
    assert main(["match", "--variant", "brandubh", "--games", "2", "nobody", "random"]) == 2


# -- positions one move before a win in real games (aagenielsen.dk records, shared/oracles) -------
# (variant, OpenTafl position, side to move, how the game ended); copied from the records by
# replaying each game to its last move, never read here.
ORACLE_POSITIONS = [
('copenhagen-hnefatafl', '/4tt5/2t3tt3/1t6t2/5t3t1/4t5t/3t1K3t1/2t1T1T1t2/1t2TTT1t2/2t3tt3/3t1t5/4tt5/', 'attackers', 'encirclement'),
('copenhagen-hnefatafl', '/1tt1T2t3/6t4/1t9/t1T2t4t/t5T3t/t6t2t/2t2TT3t/1t3T4t/T2T3T3/K4tt4/1t2tt1t3/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/4tt5/11/1t4t4/4tTTt2t/2tt2T1t2/3tK2T1tt/4tt4t/1t1T2t2t1/7t3/5t5/2t2t5/', 'attackers', 'king_captured'),
('copenhagen-hnefatafl', '/4tttt3/8tT1/3t2T3t/t4T2t2/t3TT3t1/tt1TT5t/t3T6/5t4t/11/4t5t/6ttTK1/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/3ttttt3/5t5/11/t4T4t/t3TTT1t2/tt1TT4Tt/t3TTT4/t4T1T3/11/5t2t2/3tttttK2/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/4tttt3/3t7/3t7/1t3T4t/t4TT3t/tT5T2t/Tt9/K2T7/1T1t3t3/Ttt1T1t4/3t7/', 'defenders', 'exit_fort'),
('copenhagen-hnefatafl', '/2t4t3/1t7t1/t3T1t4/T10/TT4T3t/K1t4T2t/1T3T5/T10/t5T3t/1t6t2/2t5t2/', 'defenders', 'exit_fort'),
('copenhagen-hnefatafl', '/4tt5/3tKttT3/2tT7/3t1t5/2t5t1t/t2T5tt/t5T4/t4T4t/7t3/5t5/3ttttt3/', 'attackers', 'king_captured'),
('copenhagen-hnefatafl', '/5t5/9t1/3t1T4t/2t1t4T1/1t4T4/t1t1t5t/11/11/t10/1t2TT3t1/2tT1K1Tt2/', 'defenders', 'exit_fort'),
('copenhagen-hnefatafl', '/3t1t5/4t4t1/6T1t2/t4t4t/2t7T/tt1TT4T1/t9T/8T1t/1tKt3t1t1/2tT4t2/3t7/', 'attackers', 'king_captured'),
('copenhagen-hnefatafl', '/4ttt4/1t9/3t3t3/t4T4t/t3TTT3t/t5TT1tt/t1T3T3t/4T5t/2t1tt5/10K/1t1t1ttt3/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/3ttt5/4T1t4/1t1T2Ttt2/5T3t1/t1t2T2T1t/t9t/t3T4Tt/5t4t/t6T1t1/K10/1t1tt1tt3/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/3tttt1T2/5t5/7t3/2t2T4t/t3TT5/t7t1t/t5T4/4t5t/4t6/K10/3t2t1t2/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/2t1ttt2t1/9t1/t9K/2T2T4t/tT4T3t/t2TT1TT2t/t3TTT3t/t4T4t/11/1t9/2t1tttt3/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/2t3t4/1t7t1/10t/t9T/t3TTT3t/t5TT1tt/2T2TT3t/5T2t2/tKt8/1t4t4/2Tttt5/', 'attackers', 'king_captured'),
('copenhagen-hnefatafl', '/5T2tt1/1t4T3t/2ttT1T3t/Tt1tT3T2/2t8/6tt3/t5T3t/t4T4t/7T3/8t2/4tttt1K1/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/1K2tt5/5t5/7t3/2t2T4t/t3T4t1/t6t2t/t7T2/t10/4t2T2t/t8t1/1t2t1tt3/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/4tt5/5tt1t2/3t5t1/6t1T1t/t3T3T1t/tt1TT1T3t/t3TT5/t4T5/3t6t/10K/4tttt1t1/', 'defenders', 'king_escaped'),
('copenhagen-hnefatafl', '/3tT1K1t2/2t2TT4/1t5Tt2/tT1t7/1TT7t/t9t/t3T5t/t9t/9t1/1t6t2/4tttt3/', 'defenders', 'exit_fort'),
('copenhagen-hnefatafl', '/11/1tt8/tKt8/T1tt2T4/2Tt7/T1Ttt2T1tt/tTT7t/1t1t7/11/2t2t5/5ttt3/', 'attackers', 'king_captured'),
('brandubh', '/2K1T2/2T4/5T1/1t2t2/2T4/5t1/2t4/', 'defenders', 'king_escaped'),
('brandubh', '/7/4t2/1t3TK/t1T4/5tT/2t1T2/5t1/', 'defenders', 'king_escaped'),
('brandubh', '/7/2t4/1t3t1/tT3Tt/2KtT2/1t5/3t3/', 'attackers', 'king_captured'),
('brandubh', '/4t2/3t3/3T3/5t1/2T1t2/t1T1T2/2K2t1/', 'defenders', 'king_escaped'),
('brandubh', '/3t3/2T1t2/1t1T3/t3T1t/3T1t1/2t4/1K1t3/', 'attackers', 'king_captured'),
('brandubh', '/3t3/1t5/3t3/2t1t2/2t2t1/3K3/3t3/', 'attackers', 'king_captured'),
('brandubh', '/7/4t2/3t2K/tt2Ttt/7/3t3/3t3/', 'attackers', 'king_captured'),
('brandubh', '/1tK4/3t1t1/T6/4T1t/T6/3t1t1/3t3/', 'defenders', 'king_escaped'),
('brandubh', '/7/2t1t2/6T/1t5/6T/1t5/3tK2/', 'defenders', 'king_escaped'),
('brandubh', '/3t3/2TK1T1/2t2t1/t1t1t2/3t3/7/7/', 'attackers', 'king_captured'),
('brandubh', '/3t1t1/7/4t2/t5t/1T5/7/3K3/', 'defenders', 'king_escaped'),
('brandubh', '/3t3/1t1T1t1/7/tK3tt/3T3/1t5/2T1T2/', 'attackers', 'king_captured'),
('brandubh', '/7/2Tt3/1T2t2/tt5/1t1T2t/1T2t2/2tK3/', 'attackers', 'king_captured'),
('brandubh', '/1T5/2Tt3/4t2/t3t1t/2t4/4Kt1/3tT2/', 'attackers', 'king_captured'),
('brandubh', '/7/1ttt3/7/t4t1/1T3t1/1t5/1KTt3/', 'defenders', 'king_escaped'),
('brandubh', '/2t4/2t1t2/5t1/t3T1t/1T5/1t5/1KTt3/', 'defenders', 'king_escaped'),
]


@pytest.mark.parametrize("slug,otn,side,how", ORACLE_POSITIONS)
def test_real_game_finishing_move_found(slug, otn, side, how):
    rs = rules(slug)
    g = Game(rs, Position.from_otn(otn), side)
    r = best_move(g, depth=2)
    assert_wins(g, r)
