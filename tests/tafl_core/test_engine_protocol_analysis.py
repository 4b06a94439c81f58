"""The engine protocol's ``analyze <count> <seconds>``: "taking up to the given amount of time"
(OpenTafl's opentafl-engine-protocol.txt). The engine spends 0.9 of the seconds given; the whole
answer, the other root moves' scores included, stays within 1.5 times that budget however many
moves are asked for and whatever a search costs to set up."""

from __future__ import annotations

import time

import pytest

import tafl_core.engine_protocol as ep
from tafl_core import Game
from tafl_core.engine_protocol import EngineSession
from tafl_core.opentafl import ruleset_from_opentafl

from .test_engine_protocol import BRANDUB
from .test_engine_protocol_games import ALEA_25

#: The engine's budget for ``analyze N 1``: 0.9 of the second given.
BUDGET = 0.9
MOST = 1.5 * BUDGET


class Clock:
    """A clock that advances ``step`` seconds at every reading; :meth:`spend` moves it on by
    work that reads no clock."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


def check_analysis(line: str, game: Game, count: int) -> list[str]:
    """The moves of an ``analysis`` line (OpenTafl's handleAnalysisCommand: the count, then
    move-list and evaluation pairs), checked legal and distinct."""
    parts = line.split()
    assert parts[0] == "analysis" and int(parts[1]) == count and len(parts) == 2 + 2 * count
    firsts = [lst.split("|")[0] for lst in parts[2::2]]
    assert all(game.is_legal(m) for m in firsts) and len(set(firsts)) == count
    for score in parts[3::2]:
        int(score)
    return firsts


def test_every_root_move_scored_within_the_budget_when_searches_cost_to_set_up(monkeypatch):
    """Each search costs 20 ms to build (what a big board's evaluator and move lists cost,
    reading no clock): asked for every root move of Brandub's start, the answer comes within
    1.5 times the budget on the session's clock, each move scored."""
    clock = Clock(0.0005)

    class CostlySearch(ep.Search):
        def __init__(self, game, **kw):
            clock.spend(0.02)
            super().__init__(game, **kw)

    monkeypatch.setattr(ep, "Search", CostlySearch)
    sent: list[str] = []
    s = EngineSession(sent.append, clock=clock)
    s.handle("rules " + BRANDUB)
    game = Game(ruleset_from_opentafl(BRANDUB))
    count = len(game.legal_moves())
    begun = clock.now
    s.handle(f"analyze {count} 1")
    assert clock.now - begun <= MOST
    check_analysis(sent[-1], game, count)


@pytest.mark.slow
def test_analyze_on_25x25_keeps_to_its_budget_in_processor_time():
    """Wall time on a real board: every root move of a 25x25 start (over 400) asked for. The
    engine's deadlines read the wall clock; the processor time it spent is measured, which a
    loaded machine does not stretch."""
    sent: list[str] = []
    s = EngineSession(sent.append)
    s.handle("rules " + ALEA_25)
    game = Game(ruleset_from_opentafl(ALEA_25))
    count = len(game.legal_moves())
    begun = time.process_time()
    s.handle(f"analyze {count} 1")
    spent = time.process_time() - begun
    assert spent <= MOST, spent
    check_analysis(sent[-1], game, count)
