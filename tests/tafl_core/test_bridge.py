"""tafl_core.bridge, the API the browser worker calls: untrusted input never raises anything but
ValueError (from the constructor and start) and never hangs; moves and targets answer with an
error value instead."""

from __future__ import annotations

import pytest

from tafl_core.bridge import MAX_MOVES, Session, check_position

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
