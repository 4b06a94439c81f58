"""The search through the board's bridge (tafl_core.bridge.call): ``best`` in one call, and
``search_start`` / ``search_step`` / ``search_stop`` in slices. No test is timed: the slices
end by depth, the step budget only decides how many calls that takes."""

from __future__ import annotations

import json

from tafl_core import Game, load_ruleset
from tafl_core.bridge import Dispatcher
from tafl_core.search import WIN_BOUND, best_move

from .helpers import REPO

BRANDUBH = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
SHAPE = {"move", "score", "depth", "nodes", "nps", "pv", "turn"}


def call(d, cmd, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def session():
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    return d


def test_best_in_one_call():
    d = session()
    out = call(d, "best", depth=2)["result"]
    assert set(out) == SHAPE and out["depth"] == 2
    ref = best_move(Game(load_ruleset(REPO / "variants_src" / "brandubh")), depth=2)
    assert out["score"] == ref["score"]
    # the game is unchanged: no move played, nothing to redo
    st = call(d, "state")["result"]
    assert st["history"] == [] and st["future"] == []
    assert set(call(d, "best", level="beginner", seed=2, nodes=2000)["result"]) == SHAPE
    assert "error" in call(d, "best", level="grandmaster")
    assert "error" in call(d, "best", depth=0)


def test_best_finds_the_escape_through_the_bridge():
    d = session()
    call(d, "start", otn="/7/3T3/7/K6/4t2/2t2t1/7/", to_move="defenders")
    out = call(d, "best", depth=2)["result"]
    assert out["move"] in ("a4-a1", "a4-a7") and out["score"] >= WIN_BOUND


def test_search_in_slices():
    d = session()
    assert call(d, "search_start", depth=3)["result"] == {"started": True}
    steps = 0
    while True:
        out = call(d, "search_step", budget_ms=5)["result"]
        steps += 1
        assert SHAPE <= set(out)
        if out["done"]:
            break
        assert steps < 10_000
    assert out["depth"] == 3
    assert out["score"] == best_move(Game(load_ruleset(REPO / "variants_src" / "brandubh")), depth=3)["score"]
    assert call(d, "search_step")["error"] == "no search under way"
    assert call(d, "state")["result"]["history"] == []


def test_a_move_drops_the_search():
    d = session()
    call(d, "search_start", depth=4)
    call(d, "play", move="d1-b1")
    assert call(d, "search_step", budget_ms=5)["error"] == "no search under way"
    call(d, "search_start", depth=4)
    assert call(d, "search_stop")["result"] == {"stopped": True}
    assert call(d, "search_stop")["result"] == {"stopped": False}
