"""Budgets of the search, the hint and the benchmarks: the root's last checks under a deadline
they check (an injected clock, never wall time), a search given only a depth still bounded in
time, a proved loss that needs no safety scan, and every number a caller gives checked (command
line: exit 2 with one line; bridge: a refusal naming the limit)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tafl_core import Game, Position, load_ruleset
from tafl_core.bridge import Dispatcher
from tafl_core.search import (DEFAULT_SECONDS, DEPTH_ONLY_SECONDS, GUARD_SHARE, MAX_DEPTH, WIN_BOUND, Search,
                              level_limits)

from .helpers import REPO

# An Alea Evangelii position in which every move of the attackers lets the king escape at once
# (the king on a10, free lines to the corners): a hostile-input report's position, where the
# root's safety check used to play every reply to every move with no time check.
ALEA_ALL_LOSE = ("/4T2T1TTT1T1T1T1/2TT4T3T3T2/2T2T12t/4t1t7t4/4t11t2/4t4t8t/3t11T3/2T15T/5T8T3T/K1t15t/"
                 "3t14t/3t12t2/4t5t7t/2t14T1/5T5T1t2T2/2T3T5Tt4t/2t4t1t5t3/4t5t3t2t1/3t4t4t2t2/")


class StepClock:
    """A clock that advances ``step`` seconds at every reading (and counts the readings)."""

    def __init__(self, step: float):
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


@pytest.fixture(scope="module")
def alea_game():
    rs = load_ruleset(REPO / "variants_src" / "alea-evangelii")
    return Game(rs, Position.from_otn(ALEA_ALL_LOSE), "attackers")


def every_move_loses_at_once(game) -> bool:
    """Slow reference: every move of the side to move has a reply that wins at once."""
    for m in game.move_codes():
        game.play_code(m)
        try:
            if game.result is not None:
                return False
            them = game.to_move
            if not any(_wins(game, r, them) for r in game.move_codes()):
                return False
        finally:
            game.undo_code()
    return True


def _wins(game, m, side):
    game.play_code(m)
    try:
        return game.result is not None and game.result.winner == side
    finally:
        game.undo_code()


def test_position_is_lost_for_every_move(alea_game):
    assert len(alea_game.move_codes()) == 550
    assert every_move_loses_at_once(alea_game)


def test_a_proved_loss_plays_no_reply_in_the_safety_check(alea_game):
    """Depth 1 proves every move lost (the king escapes): the safety check, which could only
    replace a move by one that loses as well, plays no reply."""
    s = Search(alea_game, clock=StepClock(0.0))
    rep = s.run(seconds=1.0)
    assert rep["score"] <= -WIN_BOUND and rep["depth"] == 1
    assert s.checks.safe == {}


def test_safety_check_stops_at_its_deadline(alea_game):
    """A search cut before its first iteration ends (a node limit) has proved nothing, so the
    safety check scans the moves for one that does not lose at once; with a clock that runs
    it stops at the guard's deadline (the search's time times 1 + GUARD_SHARE), reading the
    clock before every reply it plays; with a clock that stands still it checks every move."""
    clock = StepClock(0.01)
    s = Search(alea_game, clock=clock)
    s.run(seconds=0.5, nodes=300)
    checked = len(s.checks.safe)
    assert 0 < checked < 550
    # nothing was played after the deadline but the one reading that found it passed
    assert clock.now <= 0.5 * (1 + GUARD_SHARE) + 0.5 + 3 * clock.step
    still = Search(alea_game, clock=StepClock(0.0))
    rep = still.run(seconds=0.5, nodes=300)
    assert len(still.checks.safe) == 550 and not any(still.checks.safe.values())
    assert rep["move"] is not None


def test_safety_check_cut_by_a_slice_goes_on_in_the_next(alea_game):
    """In slices (the board's worker), a check cut by a slice's end resumes where it stopped
    (results kept per move) until the whole budget's share is spent."""
    clock = StepClock(0.001)
    s = Search(alea_game, clock=clock)
    s.start(seconds=100.0, nodes=300)
    slices = 0
    while not s.step(0.05):
        slices += 1
        assert slices < 10_000
    assert slices > 1 and len(s.checks.safe) == 550


def test_depth_only_search_is_bounded_in_time():
    """A search given a depth (below the most) and no time stops after DEPTH_ONLY_SECONDS;
    with no limit at all it spends DEFAULT_SECONDS; a level without seconds its own cap."""
    assert level_limits(None, 8, None, None)[1] == DEPTH_ONLY_SECONDS
    assert level_limits(None, None, None, 5000)[1] == DEPTH_ONLY_SECONDS
    assert level_limits(None, None, None, None)[1] == DEFAULT_SECONDS
    assert level_limits(None, MAX_DEPTH, None, None)[1] == DEFAULT_SECONDS
    assert level_limits("strong", 8, None, None)[1] == DEPTH_ONLY_SECONDS
    rs = load_ruleset(REPO / "variants_src" / "copenhagen-hnefatafl")
    clock = StepClock(0.5)
    s = Search(Game(rs), clock=clock)
    rep = s.run(depth=8, seconds=level_limits(None, 8)[1])
    assert rep["depth"] < 8 and rep["move"] is not None
    assert clock.now <= DEPTH_ONLY_SECONDS * (1 + GUARD_SHARE) + 4 * clock.step   # a few readings past it


def run_cli(*args):
    p = subprocess.run([sys.executable, "-m", "tafl_core", *args], cwd=REPO, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("args", [
    ["bench-search", "--seconds", "nan"], ["bench-search", "--seconds", "inf"], ["bench-search", "--seconds", "1e9"],
    ["bench-search", "--seconds", "-1"], ["best", "--variant", "brandubh", "--depth", "0"],
    ["best", "--variant", "brandubh", "--depth", "65"], ["best", "--variant", "brandubh", "--seed", "-1"],
    ["best", "--variant", "brandubh", "--seconds", "nan"], ["match", "--variant", "brandubh", "--games", "0", "random", "random"],
    ["bench", "--variant", "brandubh", "--seconds", "1e9"], ["engine", "--seconds", "inf"], ["engine", "--depth", "100"],
])
def test_command_line_numbers_are_bounded(args):
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "must be" in err and "Traceback" not in err


@pytest.fixture
def dispatcher():
    d = Dispatcher()
    text = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
    assert "result" in json.loads(d.call("session", json.dumps({"rules_toml": text})))
    return d


@pytest.mark.parametrize("args,name", [
    ('{"seconds": null}', "seconds"), ('{"seconds": NaN}', "seconds"), ('{"seconds": Infinity}', "seconds"),
    ('{"seconds": 1e9}', "seconds"), ('{"seconds": -1}', "seconds"), ('{"seconds": 0.01, "seed": [1]}', "seed"),
    ('{"seconds": 0.01, "seed": 2.5}', "seed"), ('{"seconds": "0.01"}', None),
])
def test_playout_bench_arguments_are_checked(dispatcher, args, name):
    out = json.loads(dispatcher.call("playout_bench", args))
    if name is None:   # a text of ASCII digits is a number, as for every limit
        assert "result" in out
        return
    assert out["reason"]["code"] == "bad_limit" and out["reason"]["params"]["name"] == name
    assert not out.get("detail")


def test_deeply_nested_arguments_are_refused_without_a_traceback(dispatcher):
    out = json.loads(dispatcher.call("state", "[" * 100_000 + "]" * 100_000))
    assert "error" in out and not out.get("detail") and "nested" in out["error"]
