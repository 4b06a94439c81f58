"""tafl_core.bridge, the API the browser worker calls: untrusted input never raises anything but
ValueError (from the constructor and start) and never hangs; moves and targets answer with an
error value instead; hostile arguments to the worker's commands (``Dispatcher.call``: goto,
search_start/step, best, snapshot, play_all, new_game) are a clear refusal carrying a reason
code (notes/CONTRACTS.md, "Reasons"), never a traceback or a hang."""

from __future__ import annotations

import json
import math

import pytest

from tafl_core.bridge import MAX_MOVES, Dispatcher, Session, check_position

from .helpers import REPO

EALD = (REPO / "variants_src" / "ealdfaeder-taefl" / "rules.toml").read_text()


@pytest.mark.parametrize("bad", [None, 5, [], {}, "e\u00b2", "a" + "1" * 5000, "", "z9"])
def test_targets_of_bad_squares_are_empty(bad):
    assert Session(EALD).targets(bad) == []


@pytest.mark.parametrize("bad", [None, 5, "d\u00b2-d3", "d1-d3xHELLO", "<img src=x onerror=alert(1)>", "e1-e5" * 100])
def test_bad_moves_are_refused_with_a_reason(bad):
    s = Session(EALD)
    out = s.play(bad)
    assert out["ok"] is False and out["error"] and out["state"]["history"] == []


def test_play_all_stops_at_the_first_bad_move_and_bounds_its_input():
    s = Session(EALD)
    out = s.play_all(["d1-d3", "d\u00b2-d3", "d3-d2"])
    assert out["ok"] is False and out["error"].startswith("move 2:")
    assert [h["move"] for h in out["state"]["history"]] == ["d1-d3"]
    assert Session(EALD).play_all(["a1-a2"] * (MAX_MOVES + 1))["ok"] is False
    assert Session(EALD).play_all("d1-d3")["ok"] is False


@pytest.mark.parametrize("args", [(None,), (EALD, "x"), (EALD, {"corners": ["d1"]}), (EALD, {"throne_stop": []}),
                                  (EALD, {"no_such_rule": 1})])
def test_constructor_raises_value_error_only(args):
    with pytest.raises(ValueError):
        Session(*args)


@pytest.mark.parametrize("otn,turn", [([], None), ({}, None), (0, None), ("/999999999999/", None),
                                      ("/9/9/9/9/9/9/9/9/9/", None), ("/4K4/9/9/9/4K4/9/9/9/9/", None),
                                      ("/K8/9/9/9/4t4/9/9/9/9/", None), (None, "nobody"), (None, 5)])
def test_start_refuses_bad_positions_with_value_error(otn, turn):
    with pytest.raises(ValueError):
        Session(EALD).start(otn, turn)


def test_check_position_answers_with_a_reason_code():
    """check_position answers {code, params} (notes/CONTRACTS.md, worker protocol)."""
    assert check_position(None, None, None) == {"code": "rules_not_text", "params": {}}
    assert check_position(EALD, "/9/9/9/9/9/9/9/9/9/", None) == {"code": "no_king", "params": {}}
    assert check_position(EALD, "/K8/9/9/9/9/9/9/7t1/9/", None) == {"code": "king_on_escape", "params": {"square": "a1"}}
    assert check_position(EALD, "/3ttt3/4t4/9/t2TTT2t/tt1TKT1tt/t2TTT2t/9/4t4/3ttt3/", "attackers") is None


def test_blocked_side_in_a_set_up_position_is_decided_or_marked_stuck():
    """Brandubh (no legal move loses): defenders to move with the king boxed in lose at once.
    Ealdfaeder (the source gives no rule): the state says the side to move is stuck."""
    brandubh = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text()
    st = Session(brandubh).start("/1t5/tKt4/1t5/7/7/5t1/7/", "defenders")
    assert st["result"]["winner"] == "attackers" and st["result"]["reason"] == "no_legal_moves"
    st = Session(EALD).start("/1t7/tKt6/1t7/9/9/9/9/7t1/9/", "defenders")
    assert st["result"] is None and st["stuck"] is True


def test_history_follows_undo_and_a_different_move():
    """The state's history (kept between calls) shows the moves actually played after an undo."""
    from tafl_core.bridge import Session
    from .helpers import REPO
    s = Session((REPO / "variants_src" / "ealdfaeder-taefl" / "rules.toml").read_text(encoding="utf-8"))
    assert [h["move"] for h in s.play("d1-d3")["state"]["history"]] == ["d1-d3"]
    s.undo()
    assert s.state()["history"] == []
    assert [h["move"] for h in s.play("d1-d2")["state"]["history"]] == ["d1-d2"]
    s.undo()
    assert [h["move"] for h in s.redo()["history"]] == ["d1-d2"]


def test_a_custodial_capture_names_its_section():
    """Ealdfæder Tæfl §5.4 "Capturing ordinary pieces": a piece enclosed on two opposite sides by
    two enemies is captured. e1-e4 takes d4 between e4 and c4; the capture carries the rule
    `custodial` and its section 5.4 (rules.toml [rules.custodial]), so the board can link it."""
    s = Session(EALD)
    s.start("/4t4/9/9/2tT5/9/9/6K2/9/9/", "attackers")
    cap = s.play("e1-e4")["state"]["history"][-1]["captures"]
    assert [(c["square"], c["reason"], c["rule"], c["ref"]) for c in cap] == [("d4", "custodial", "custodial", "5.4")]


def test_custodial_can_only_be_true():
    """`custodial` only names the section of the basic capture; the engine has no ruleset
    without it, so `false` is refused with the line of the value."""
    from tafl_core import Ruleset
    from tafl_core.errors import RulesFileError
    text = EALD.replace("[rules.custodial]\nvalue = true", "[rules.custodial]\nvalue = false")
    assert text != EALD
    with pytest.raises(RulesFileError, match="custodial.*must be true") as exc:
        Ruleset.from_toml(text)
    lines = text.splitlines()
    assert exc.value.line == lines.index("value = false", lines.index("[rules.custodial]")) + 1


def test_play_all_replays_a_game_of_more_than_a_thousand_moves():
    """The board replays its whole game when an assumption is switched (worker new_game): a game
    of 1,200 plies must replay (a bound of 1,000 would throw the game away).
    The moves are the king and an attacker walking back and forth on an empty Ealdfaeder board
    (no capture, no escape: squares away from the corners)."""
    s = Session(EALD, {"repetition": "ignored"})
    s.start("/9/4t4/9/9/9/9/4K4/9/9/", "attackers")
    moves = ["e2-f2", "e7-d7", "f2-e2", "d7-e7"] * 300
    out = s.play_all(moves)
    assert out["ok"], out["error"]
    assert len(out["state"]["history"]) == 1200


def test_a_bad_alternative_is_reported_at_its_own_line():
    """A bad value is reported at its own line, not at its rule's table line: the line of the
    value (here the alternative's) is where the author has to look."""
    from tafl_core import Ruleset
    from tafl_core.errors import RulesFileError
    text = EALD.replace('[rules.king_armed]\nvalue = "yes"\nassumed = true\nalternative = "no"',
                        '[rules.king_armed]\nvalue = "yes"\nassumed = true\nalternative = "sometimes"')
    assert text != EALD
    with pytest.raises(RulesFileError, match="alternative king_armed: 'sometimes' is not one of") as exc:
        Ruleset.from_toml(text)
    assert exc.value.line == text.splitlines().index('alternative = "sometimes"') + 1


# -- hostile arguments to the worker's commands: a refusal with its reason code, never a traceback ---

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

def test_import_record_answer_shape():
    """import_record answers (notes/CONTRACTS.md, worker protocol): a read record adds origin,
    comments, result and rules to play's keys; a refusal adds rules (null without a rules tag)."""
    s = Session((REPO / "variants_src" / "brandubh" / "rules.toml").read_text())
    out = s.import_record("[result:-1]\n[termination:Black resigns]\n\n1. d1-b1 d3-c3\n[first|]\n")
    assert set(out) == {"ok", "error", "reason", "state", "origin", "comments", "result", "rules"}
    assert out["comments"] == [{"ply": 1, "text": "first"}] and out["rules"] is None
    assert out["result"] == {"winner": "defenders", "draw": False, "termination": "Black resigns", "reason": None}
    out = s.import_record("[variant:Brandubh]\n")
    assert set(out) == {"ok", "error", "reason", "state", "rules"} and out["ok"] is False
    assert out["reason"] == {"code": "game_record_empty", "params": {}} and out["rules"] is None
