"""Refusals as data (tafl_core.reasons): each refusal a rule text or the notation gives comes out
as its Reason code with the parameters that name the squares and pieces concerned, through the
game, the position readers and the bridge; and every Reason code is given by the engine
somewhere (no code is dead)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tafl_core import IllegalMove, NotationError, PositionError, parse_diagram
from tafl_core.bridge import Dispatcher, Session, check_position
from tafl_core.reasons import PARAMS, Reason, Refusal, refusal

from .helpers import REPO, setup

EALD = (REPO / "variants_src" / "ealdfaeder-taefl" / "rules.toml").read_text(encoding="utf-8")
COPENHAGEN = (REPO / "variants_src" / "copenhagen-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
BERSERK = (REPO / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
JUMPS = dict(commander_jump="jump", commander_king_capture="custodial", knight_jump="capture", king_jump="restricted")
BERSERK_TURNS = dict(berserk="capture", berserk_compulsory=False, **JUMPS)
CHAIN = "K h8; A c1 c4 f2 h2; D c3 e2"   # c1-c2 takes c3 (with c4); then c2-d2 takes e2 (with f2)


def refused(game, move: str) -> dict:
    """The refusal of ``move`` in ``game`` as a dict (the game is unchanged)."""
    with pytest.raises((IllegalMove, NotationError)) as exc:
        game.play(move)
    return exc.value.refusal.as_dict()


def bridge_refusal(rules: str, otn, to_move=None) -> dict | None:
    return check_position(rules, otn, to_move)


def r(code: str, **params) -> dict:
    return {"code": code, "params": {k.rstrip("_"): v for k, v in params.items()}}


# -- moves under Copenhagen Hnefatafl (copenhagen-hnefatafl/en.md: pieces move along rows and
#    columns over vacant squares; only the king may stop on the throne and the corners) --------

def copenhagen():
    return Session(COPENHAGEN).game


@pytest.mark.parametrize("move, want", [
    ("c3-c4", r("no_piece", square="c3")),
    ("f5-f4", r("not_your_piece", square="f5", owner="defenders", to_move="attackers")),
    ("d1-e2", r("not_along_line", from_="d1", to="e2")),
    ("d1-d1", r("move_nowhere")),
    ("d1-e1", r("occupied", square="e1")),
    ("f1-f3", r("blocked", from_="f1", to="f3", square="f2")),
    ("a4-a1", r("may_not_stop", piece="attacker", special="corner", square="a1")),
    ("e1-e9", r("blocked", from_="e1", to="e9", square="e5")),
    ("z1-a1", r("not_a_move", text="z1-a1")),
    ("a1-a12", r("square_off_board", square="a12", size=11)),
    ("hello", r("not_a_move", text="hello")),
    ("end", r("no_berserk_turn")),
])
def test_move_refusals_under_copenhagen(move, want):
    assert refused(copenhagen(), move) == want


def test_a_cell_off_the_hexagon():
    """HeXentafl 4×4 (AbstractPlay's cell names): row a, the bottom row, has four cells."""
    g = Session((REPO / "variants_src" / "hexentafl-4" / "rules.toml").read_text(encoding="utf-8")).game
    with pytest.raises(NotationError) as exc:
        g.legal_moves("a5")
    assert exc.value.refusal.as_dict() == r("cell_off_hex_board", square="a5", side=4)


def test_a_square_that_is_no_square():
    with pytest.raises(NotationError) as exc:
        copenhagen().legal_moves("e0")
    assert exc.value.refusal.as_dict() == r("not_a_square", text="e0")


def test_english_text_of_a_refusal_is_the_engines_message():
    g = copenhagen()
    with pytest.raises(IllegalMove) as exc:
        g.play("f1-f3")
    assert exc.value.message == "the way from f1 to f3 is blocked at f2" == str(exc.value.refusal)


def test_attacker_may_not_pass_a_throne_it_may_not_pass():
    g = setup("K c7; A e3 h8", throne_pass=["king"])
    assert refused(g, "e3-e7") == r("may_not_pass", piece="attacker", special="throne", square="e5")


def test_move_after_the_end_of_the_game():
    g = setup("K b1; A h8", "defenders")
    assert g.play("b1-a1").result.reason == "king_escaped"
    assert refused(g, "h8-h7") == r("game_over")


def test_one_square_at_a_time():
    """Ard Rí after dragonheelslair.com: "one square horizontally or vertically"."""
    g = setup("K g7; A c4; D e2", one_step=["attacker", "defender", "king"])
    assert refused(g, "c4-c1") == r("one_step", piece="attacker")


# -- jumps and berserk turns (Berserk Hnefatafl, aagenielsen.dk rules 4b and 5) ---------------

@pytest.mark.parametrize("spec, want", [
    ("K h8; C c3; A c4", r("jump_over_own", over="attacker")),
    ("C c3; K c4", r("jump_over_special", over="king")),
    ("K h8; C c3; N c4", r("jump_over_special", over="knight")),
])
def test_a_jump_goes_over_an_ordinary_enemy_piece_only(spec, want):
    assert refused(setup(spec, **JUMPS), "c3-c5") == want


def test_the_king_jumps_only_from_or_to_throne_or_corner():
    assert refused(setup("K c3; A c4 h8", "defenders", **JUMPS), "c3-c5") == r("king_jump_restricted")


def test_the_king_may_not_land_where_he_may_not_stop():
    g = setup("K e5; A e6 h8", "defenders", camps=["e7"], camp_stop=["attacker"], camp_pass=[], camp_reenter=[],
              camp_hostile=[], camp_hostile_empty=[], **JUMPS)
    assert refused(g, "e5-e7") == r("king_may_not_land", square="e7")


def test_jump_landing_on_the_throne():
    g = setup("K h8; C e3; D e4", **JUMPS)
    assert refused(g, "e3-e5") == r("may_not_stop", piece="commander", special="throne", square="e5")


def test_berserk_turn_refusals():
    g = setup(CHAIN, **BERSERK_TURNS)
    g.play("c1-c2")
    assert refused(g, "h2-h3") == r("berserk_other_piece", square="c2")
    assert refused(g, "c2-b2") == r("berserk_must_capture", from_="c2", to="b2")
    g = setup(CHAIN, **{**BERSERK_TURNS, "berserk_compulsory": True})
    g.play("c1-c2")
    assert refused(g, "end") == r("berserk_must_go_on", square="c2")


def test_forbidden_repetition_refusal():
    # hnefatafl.org: "If the defender would repeat a board position, the move is not allowed."
    g = setup("K e5; A a2; D c3", "defenders", repetition="forbidden_defenders", repetition_count=2)
    g.play("c3-c4")
    g.play("a2-a3")
    g.play("c4-c3")      # a new board: the attacker stands on a3 now
    g.play("a3-a2")
    assert refused(g, "c3-c4") == r("repetition_forbidden", from_="c3", to="c4", to_move="defenders")


# -- positions (OpenTafl position records, first row = rank 1) --------------------------------

@pytest.mark.parametrize("otn, to_move, want", [
    ("/9/9/9/9/9/9/9/9/9/", None, r("no_king")),
    ("/4K4/9/9/9/4K4/9/9/9/9/", None, r("kings", count=2, squares="e1, e5")),
    ("/K8/9/9/9/9/9/9/7t1/9/", None, r("king_on_escape", square="a1")),
    ("/4K4/9/9/9/4T4/9/9/9/9/", None, r("may_not_stand", piece="defender", square="e5", special="throne")),
    ("/4K4/9/9/9/2c6/9/9/9/9/", None, r("no_rules_for_kind", piece="commander", square="c5")),
    ("/8/9/9/9/4K4/9/9/9/9/", None, r("row_length", row=1, count=8, size=9)),
    ("/09/9/9/9/4K4/9/9/9/9/", None, r("leading_zero", row=1, run="09")),
    ("/0/9/9/9/4K4/9/9/9/9/", None, r("empty_run", row=1)),
    ("/x8/9/9/9/4K4/9/9/9/9/", None, r("unknown_character", char="x")),
    ("/n8/9/9/9/4K4/9/9/9/9/", None, r("attacking_knight")),
    ("/C8/9/9/9/4K4/9/9/9/9/", None, r("defending_commander")),
    ("9/9/9/9/4K4/9/9/9/9", None, r("record_format")),
    ("/9/9/9/", None, r("row_count", rows=3, min=7, max=25)),
    ("/7/7/7/3K3/7/7/7/", None, r("size_mismatch", size=7, board=9)),
    ("/" + "1" * 700 + "/", None, r("record_too_long", length=702)),
    (None, "nobody", r("bad_side", side="nobody")),
    ([], None, r("not_a_record")),
    ("/3ttt3/4t4/9/t2TTT2t/tt1TKT1tt/t2TTT2t/9/4t4/3ttt3/", "attackers", None),
])
def test_position_refusals(otn, to_move, want):
    """Ealdfaeder Taefl (9x9, throne and corners the king's; a commander is no piece of it)."""
    assert bridge_refusal(EALD, otn, to_move) == want


def test_start_raises_a_value_error_that_carries_the_refusal():
    with pytest.raises(ValueError) as exc:
        Session(EALD).start("/9/9/9/9/9/9/9/9/9/")
    assert exc.value.refusal.as_dict() == r("no_king") and str(exc.value) == "the position has no king"


def test_rules_text_refusals():
    assert bridge_refusal(None, None) == r("rules_not_text")
    out = bridge_refusal("[variant]\nname = 1\n", None)
    assert out["code"] == "rules_invalid" and "[variant] needs a name" in out["params"]["detail"]
    with pytest.raises(ValueError) as exc:
        Session(EALD, ["throne"])
    assert exc.value.refusal.code == Reason.OVERRIDES_NOT_A_TABLE


def test_diagram_errors_carry_their_words():
    with pytest.raises(PositionError) as exc:
        parse_diagram("\n\n")
    assert exc.value.refusal.as_dict() == r("diagram", detail="line 1: diagram is empty")


# -- the bridge: replies keep `error` and add `reason` (notes/CONTRACTS.md) -------------------

def test_play_reply_carries_the_reason():
    out = Session(COPENHAGEN).play("f1-f3")
    assert out["ok"] is False and out["error"] == "f1-f3: the way from f1 to f3 is blocked at f2"
    assert out["reason"] == r("blocked", from_="f1", to="f3", square="f2")
    ok = Session(COPENHAGEN).play("d1-d3")
    assert ok["ok"] is True and ok["reason"] is None


def test_play_all_reason_names_the_ply_and_the_move():
    s = Session(COPENHAGEN)
    out = s.play_all(["d1-d3", "h6-h4", "c3-c4"])
    assert out["error"].startswith("move 3: c3-c4: ")
    assert out["reason"] == r("no_piece", square="c3", ply=3, move="c3-c4")
    assert [h["move"] for h in out["state"]["history"]] == ["d1-d3", "h6-h4"]


def test_play_all_refuses_too_many_moves_and_malformed_ones():
    from tafl_core.bridge import MAX_MOVES
    out = Session(EALD).play_all(["d1-d3"] * (MAX_MOVES + 1))
    assert out["reason"] == r("too_many_moves", max=MAX_MOVES)
    out = Session(EALD).play_all([5])
    assert out["reason"] == r("malformed_move", ply=1, move="")


# -- the worker's dispatcher (tafl_core.bridge.call), under CPython ----------------------------

def call(d: Dispatcher, cmd: str, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def test_dispatcher_plays_a_game_and_reports_refusals():
    d = Dispatcher()
    assert call(d, "state") == {"error": "no session", "reason": {"code": "no_session", "params": {}}}
    st = call(d, "session", rules_toml=COPENHAGEN)["result"]
    assert st["size"] == 11 and st["to_move"] == "attackers"
    assert "d3" in call(d, "targets", square="d1")["result"]
    out = call(d, "play", move="f1-f3")["result"]
    assert out["ok"] is False and out["reason"]["code"] == "blocked"
    out = call(d, "play", move="d1-d3")["result"]
    assert out["ok"] is True and out["state"]["history"][0]["move"] == "d1-d3"
    assert call(d, "undo")["result"]["history"] == []
    assert call(d, "redo")["result"]["cursor"] == 1
    assert call(d, "snapshot", max_moves=0)["result"]["moves"] == []
    assert call(d, "rules_info")["result"]["throne"]["value"] is True
    assert call(d, "no_such_command") == {"error": "unknown command no_such_command",
                                          "reason": {"code": "unknown_command", "params": {"command": "no_such_command"}}}


def test_dispatcher_refusals_of_a_start_carry_the_reason():
    d = Dispatcher()
    call(d, "session", rules_toml=EALD)
    out = call(d, "start", otn="/9/9/9/9/9/9/9/9/9/")
    assert out == {"error": "the position has no king", "reason": r("no_king")}
    out = call(d, "session", rules_toml="not toml [")
    assert out["reason"]["code"] == "rules_invalid" and "\n" not in out["error"]


def test_dispatcher_check_position_answers_a_code():
    d = Dispatcher()
    assert call(d, "check_position", rules_toml=EALD, otn="/9/9/9/9/9/9/9/9/9/", to_move=None) == {"result": r("no_king")}


def test_new_game_replaces_the_session_only_when_every_move_is_legal():
    d = Dispatcher()
    call(d, "session", rules_toml=COPENHAGEN)
    call(d, "play", move="d1-d3")
    out = call(d, "new_game", rules_toml=COPENHAGEN, moves=["d1-d2", "c3-c4"])["result"]
    assert out["ok"] is False and out["reason"] == r("no_piece", square="c3", ply=2, move="c3-c4")
    assert [h["move"] for h in call(d, "state")["result"]["history"]] == ["d1-d3"]
    out = call(d, "new_game", rules_toml=COPENHAGEN, moves=["d1-d2"])["result"]
    assert out["ok"] is True and out["reason"] is None
    assert [h["move"] for h in call(d, "state")["result"]["history"]] == ["d1-d2"]


def test_version_names_the_package_and_python():
    import sys

    import tafl_core
    from tafl_core.bridge import version
    assert version() == f"{tafl_core.__version__} / Python {sys.version.split()[0]}"


def test_worker_holds_no_python_but_the_dispatchers_import():
    """docs/assets/board/worker.js loads Pyodide and forwards messages; the Python is tafl_core.bridge."""
    js = (REPO / "docs" / "assets" / "board" / "worker.js").read_text(encoding="utf-8")
    assert js.count("runPython(") == 1 and "runPython(PY_SHIM)" in js
    assert 'const PY_SHIM = "from tafl_core.bridge import call as _call, version as _version";' in js


def test_dispatcher_faults_are_one_line(monkeypatch):
    d = Dispatcher()
    out = call(d, "session")   # no rules_toml: a refusal naming it (it was a KeyError)
    assert out == {"error": "the command needs the argument rules_toml", "reason": r("missing_argument", name="rules_toml")}

    def broken(self, cmd, a):   # a fault inside the engine: one line, the traceback as detail
        raise KeyError("first line\nsecond line")
    monkeypatch.setattr(Dispatcher, "_run", broken)
    out = call(d, "state")
    assert set(out) == {"error", "reason"} and "\n" not in out["error"]
    assert out["reason"]["code"] == "engine_fault" and "KeyError" in out["reason"]["params"]["detail"]
    out = json.loads(d.call("state", "not json"))
    assert "\n" not in out["error"] and out["reason"]["code"] == "bad_request"


# -- the codes themselves ----------------------------------------------------------------------

def test_every_code_has_an_english_text_with_its_params():
    for code in Reason:
        params = {name: "x" for name in PARAMS[code]}
        text = Refusal(code, params).text()
        assert text and "{" not in text, code


def test_refusal_as_dict_is_json():
    why = refusal(Reason.BLOCKED, from_="e1", to="e5", square="e3")
    assert json.loads(json.dumps(why.as_dict())) == r("blocked", from_="e1", to="e5", square="e3")
    assert why.with_params(ply=2).params["ply"] == 2 and "ply" not in why.params


@pytest.mark.parametrize("text,code", [
    ("x" * 2_000_001, "game_record_too_long"), ("\n", "game_record_empty"), ("[x:" + "y" * 30_000 + "]", "game_record_line_too_long"),
    ("[date 2026]", "game_record_tag"), ("[date:1]\n\n2. d1-d2", "game_record_turn"), ("1. d1-z9", "game_record_move"),
    ("1. d4-d5", "game_record_illegal"), ("1. d1-b1xc1", "game_record_captures"), ("[rules:dim:9]", "game_record_board"),
    ("[position:/7/7/7/7/7/7/7/]", "game_record_position"), ("[result:3]", "game_record_result"),
    ("[variant:Copenhagen Hnefatafl]\n\n1. d1-b1", "game_record_variant"),
    ("1. d1-b1 d3-c3\n[a comment never closed", "game_record_comment"),
    ("[rules:dim:7 name:Brandubh atkf:n ks:c cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d3-c3",
     "game_record_rules")])
def test_game_record_refusals(text, code):
    """tafl_core.records: each fault of a game record is refused with its code (via the bridge)."""
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    out = call(d, "import_record", text=text)["result"]
    assert out["ok"] is False and out["reason"]["code"] == code
    assert set(out["reason"]["params"]) == PARAMS[Reason(code)]


def test_game_record_with_too_many_moves(monkeypatch):
    """A record of more moves than the bound (tafl_core.limits.MAX_RECORD_MOVES, here lowered to
    3) is refused with its own code, naming the bound in moves (not in characters)."""
    import tafl_core.records as records
    monkeypatch.setattr(records, "MAX_RECORD_MOVES", 3)
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    out = call(d, "import_record", text="1. d1-b1 d3-c3\n2. b1-b2 c3-c2\n")["result"]
    assert out["ok"] is False and out["reason"] == r("game_record_too_many_moves", max=3)


def test_game_record_with_too_many_comments(monkeypatch):
    """A record of more comments than the bound (tafl_core.limits.MAX_RECORD_COMMENTS, here
    lowered to 1) is refused with its own code, naming the bound."""
    import tafl_core.records as records
    monkeypatch.setattr(records, "MAX_RECORD_COMMENTS", 1)
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    out = call(d, "import_record", text="1. d1-b1 d3-c3\n[one|two]\n")["result"]
    assert out["ok"] is False and out["reason"] == r("game_record_too_many_comments", max=1)


@pytest.mark.parametrize("cmd,args,code", [
    ("goto", {"ply": -1}, "bad_ply"), ("search_start", {"depth": 2.5}, "bad_limit"),
    ("best", {"level": "godlike"}, "unknown_level"), ("search_step", {}, "no_search"),
    ("play_all", {"moves": "d1-b1"}, "not_a_move_list"), ("targets", {}, "missing_argument"),
    ("import_record", {"text": "[result:1]\n[position:/7/7/7/K6/7/7/7/]\n[start-side:defenders]\n\n1. a4-a1"},
     "game_record_result_moves")])
def test_bridge_argument_refusals(cmd, args, code):
    """tafl_core.bridge: an argument out of range is refused with its code (tests/tafl_core/
    test_bridge.py has the cases); a result tag the moves contradict, too."""
    d = Dispatcher()
    call(d, "session", rules_toml=(REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    out = call(d, cmd, **args)
    why = out["result"]["reason"] if "result" in out else out["reason"]
    assert why["code"] == code and set(why["params"]) == PARAMS[Reason(code)]


def _reason_attributes(tree: ast.AST) -> set[str]:
    """The names ``X`` of every ``Reason.X`` read in ``tree``."""
    return {n.attr for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "Reason"}


def test_every_code_is_given_by_an_engine_module():
    """No code is dead: each Reason is named by a module of tafl_core other than its own
    definition (the module that refuses with it)."""
    package = REPO / "tafl_core"
    named = set()
    for path in package.glob("*.py"):
        if path.name != "reasons.py":
            named |= _reason_attributes(ast.parse(path.read_text(encoding="utf-8")))
    assert {r.name for r in Reason} - named == set()


def test_every_code_has_an_example_in_this_module():
    """Each Reason has a case above that asserts it (its code as a string, or ``Reason.X``)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    texts = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    named = _reason_attributes(tree)
    assert [r.value for r in Reason if r.value not in texts and r.name not in named] == []
