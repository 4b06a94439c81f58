"""Every search the board's worker starts (``best`` in one call, ``search_start`` in slices) has a
time bound, whatever limits its arguments give: a depth or a node count alone stops after
:data:`tafl_core.search.DEPTH_ONLY_SECONDS`, no limit after :data:`tafl_core.search.DEFAULT_SECONDS`,
a level after its own share; so a ``{"depth": 8}`` on a 19x19 board cannot keep the worker
busy for minutes."""

from __future__ import annotations

import json
import math

import pytest

import tafl_core.search as search
from tafl_core.bridge import Dispatcher

from .helpers import REPO

COPENHAGEN = (REPO / "variants_src" / "copenhagen-hnefatafl" / "rules.toml").read_text()
LONGEST = max(search.DEPTH_ONLY_SECONDS, search.DEFAULT_SECONDS)

LIMITS = [{"depth": 8}, {"depth": 64}, {"nodes": 100_000_000}, {}, {"level": "strong"}, {"level": "strong", "depth": 8},
          {"level": "beginner"}, {"depth": 8, "nodes": 5000}, {"seconds": 0.5}, {"seconds": 0.5, "depth": 8}]


@pytest.fixture
def started(monkeypatch):
    """The limits of every search started (depth, seconds, nodes); each one is then run to
    depth 1 only, so that the test does not spend the time it checks."""
    seen = []
    start = search.Search.start

    def spy(self, depth=None, seconds=None, nodes=None):
        seen.append((depth, seconds, nodes))
        start(self, 1, seconds, nodes)

    monkeypatch.setattr(search.Search, "start", spy)
    return seen


def call(d, cmd, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


@pytest.mark.parametrize("limits", LIMITS, ids=lambda a: json.dumps(a))
@pytest.mark.parametrize("cmd", ["best", "search_start"])
def test_every_search_the_worker_starts_has_a_time_bound(started, cmd, limits):
    d = Dispatcher()
    call(d, "session", rules_toml=COPENHAGEN)
    out = call(d, cmd, **limits)
    assert "result" in out, out
    if cmd == "search_start":
        for _ in range(1000):
            step = call(d, "search_step", budget_ms=50)["result"]
            if step["done"]:
                break
        assert step["done"] and step["move"]
    else:
        assert out["result"]["move"]
    assert len(started) == 1
    seconds = started[0][1]
    assert isinstance(seconds, float) and math.isfinite(seconds) and 0 < seconds <= LONGEST, started
    if "seconds" in limits:
        assert seconds <= limits["seconds"]
