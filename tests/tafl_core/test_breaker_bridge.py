"""Hostile arguments to the bridge's commands (tafl_core.bridge.Dispatcher.call): each is a
clear refusal carrying a reason code (notes/CONTRACTS.md, "Reasons"), never a traceback or a
hang. Found by probing the commands the board's worker forwards (goto, search_start/step,
best, snapshot, play_all, new_game)."""

from __future__ import annotations

import json
import math

import pytest

from tafl_core.bridge import Dispatcher

from .helpers import REPO

RULES = (REPO / "variants_src" / "copenhagen-hnefatafl" / "rules.toml").read_text(encoding="utf-8")


def call(d, cmd, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


@pytest.fixture
def d():
    disp = Dispatcher()
    call(disp, "session", rules_toml=RULES)
    call(disp, "play", move="d1-d3")
    call(disp, "play", move="h6-h9")
    return disp


def refused(out, code):
    assert "result" not in out, out
    assert out.get("detail") is None, out          # an expected refusal: no traceback
    assert out["reason"]["code"] == code, out
    return out["reason"]["params"]


@pytest.mark.parametrize("ply", [-1, 3, 10 ** 30, 1.5, "1", None, True, [], {}])
def test_goto_bad_ply_is_refused_with_the_end(d, ply):
    # two plies played: 0, 1 and 2 are the targets, anything else is refused and says the end
    assert refused(call(d, "goto", ply=ply), "bad_ply") == {"max": 2}
    assert call(d, "state")["result"]["cursor"] == 2    # the game is where it was


@pytest.mark.parametrize("cmd", ["search_start", "best"])
@pytest.mark.parametrize("args,name", [
    ({"seconds": 1e9}, "seconds"), ({"seconds": -1}, "seconds"), ({"seconds": 0}, "seconds"),
    ({"seconds": math.nan}, "seconds"), ({"seconds": math.inf}, "seconds"), ({"seconds": "nan"}, "seconds"),
    ({"depth": 10 ** 9}, "depth"), ({"depth": -3}, "depth"), ({"depth": 2.7}, "depth"), ({"depth": "x"}, "depth"),
    ({"depth": "３"}, "depth"),              # a full-width digit is no ASCII number
    ({"depth": True}, "depth"), ({"nodes": 0}, "nodes"), ({"nodes": [5]}, "nodes"),
    ({"seed": "x"}, "seed"), ({"seed": math.inf}, "seed"), ({"seed": -1}, "seed"),
])
def test_search_limits_out_of_range_are_refused(d, cmd, args, name):
    params = refused(call(d, cmd, **args), "bad_limit")
    assert params["name"] == name
    assert call(d, "search_step")["reason"]["code"] == "no_search"   # nothing was started


@pytest.mark.parametrize("cmd", ["search_start", "best"])
@pytest.mark.parametrize("level", ["godlike", 5, ["easy"], {"a": 1}])
def test_unknown_level_is_refused(d, cmd, level):
    params = refused(call(d, cmd, level=level), "unknown_level")
    assert params["levels"] == "beginner, easy, medium, strong"


def test_search_step_without_search_start(d):
    out = call(d, "search_step")
    refused(out, "no_search")
    assert out["error"] == "no search under way"     # the words opponent.js searchLost() knows


def test_search_step_nan_budget_is_refused_not_an_endless_slice(d):
    # A NaN budget made the slice's deadline NaN: no comparison with it is true, so a search
    # without a time limit (depth 64) would never have returned.
    assert call(d, "search_start", depth=64)["result"] == {"started": True}
    for budget in (math.nan, math.inf, "x", [1]):
        assert refused(call(d, "search_step", budget_ms=budget), "bad_limit")["name"] == "budget_ms"
    call(d, "search_stop")


def test_search_step_clamps_a_finite_budget(d):
    assert call(d, "search_start", depth=1)["result"] == {"started": True}
    out = call(d, "search_step", budget_ms=-5)["result"]     # moved up to 1 ms, still searches
    assert "move" in out


@pytest.mark.parametrize("moves", ["d1-d3", None, 5, {"a": 1}])
def test_move_list_arguments_must_be_lists(d, moves):
    refused(call(d, "play_all", moves=moves), "not_a_move_list")
    assert call(d, "state")["result"]["cursor"] == 2


@pytest.mark.parametrize("moves", ["d1-d3", 5])
def test_new_game_moves_must_be_a_list(d, moves):
    refused(call(d, "new_game", rules_toml=RULES, moves=moves), "not_a_move_list")
    assert call(d, "state")["result"]["cursor"] == 2     # the old session stays


@pytest.mark.parametrize("n", [-1, "x", 1.5, 10 ** 12])
def test_snapshot_bad_max_moves(d, n):
    assert refused(call(d, "snapshot", max_moves=n), "bad_limit")["name"] == "max_moves"


def test_every_new_reason_has_words_in_both_languages():
    from build_tools.labels import REASON_TEMPLATES
    for code in ("bad_ply", "bad_limit", "unknown_level", "no_search", "not_a_move_list", "missing_argument",
                 "game_record_result_moves"):
        assert code in REASON_TEMPLATES["de"] and code in REASON_TEMPLATES["en"]


@pytest.mark.parametrize("cmd,name", [("targets", "square"), ("play", "move"), ("check_position", "rules_toml"),
                                      ("session", "rules_toml"), ("new_game", "rules_toml")])
def test_a_missing_argument_is_named(d, cmd, name):
    # was a KeyError with a traceback
    assert refused(call(d, cmd), "missing_argument") == {"name": name}
    assert call(d, "state")["result"]["cursor"] == 2


def test_check_position_without_a_position_is_no_refusal(d):
    # otn and to_move may be left out like null: the layout, the rules' first mover
    assert call(d, "check_position", rules_toml=RULES) == {"result": None}


@pytest.mark.parametrize("overrides", [{"king_armed": [1] * 10_000}, {"x" * 100_000: 1}])
def test_a_huge_override_gives_a_bounded_reason(d, overrides):
    # the reason's detail quoted the value whole (30 KB / 100 KB for the page); now 500 + "…"
    out = call(d, "session", rules_toml=RULES, overrides=overrides)
    detail = out["reason"]["params"]["detail"]
    assert out["reason"]["code"] == "rules_invalid" and len(detail) == 501 and detail.endswith("…")
    assert call(d, "state")["result"]["cursor"] == 2    # the session kept
