"""The game review through the board's bridge (tafl_core.bridge.call): ``review_start`` /
``review_step`` / ``review_stop`` in slices, and the review's marks as comments of the exported
OpenTafl record. The reference for a move that lets the other side win at once plays every
reply through the public ``Game.play``/``Game.undo``. No test is timed: the budget of a step
only decides how many calls a review takes."""

from __future__ import annotations

import json

from tafl_core import Game, load_ruleset
from tafl_core.bridge import Dispatcher
from tafl_core.records import read_record
from tafl_core.review import review_game

from .helpers import REPO
from .test_review import _game_with_blunders, _lets_win_reference

BRANDUBH = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
SHAPE = {"ply", "move", "side", "score", "before", "best", "line", "mark"}


def call(d, cmd, **args):
    return json.loads(d.call(cmd, json.dumps(args)))


def game_of(moves):
    d = Dispatcher()
    call(d, "session", rules_toml=BRANDUBH)
    out = call(d, "play_all", moves=moves)["result"]
    assert out["ok"], out
    return d


def review_in_steps(d, budget_ms, since=True):
    """Run review_step until done; the plies gathered and the number of calls."""
    plies, steps = [], 0
    while True:
        out = call(d, "review_step", budget_ms=budget_ms, since=len(plies) if since else 0)["result"]
        steps += 1
        plies = plies + out["plies"] if since else out["plies"]
        assert out["reviewed"] == len(plies)
        if out["done"]:
            return out, plies, steps
        assert steps < 100_000


def saving_plies(moves):
    """The plies (1-based) whose move let the other side win at once where another did not,
    with the moves that did not (the reference)."""
    game = Game(load_ruleset(REPO / "variants_src" / "brandubh"))
    out = {}
    for i, text in enumerate(moves, 1):
        mv = game.parse_move(text)
        if _lets_win_reference(game, mv):
            saving = [str(m) for m in game.legal_moves() if not _lets_win_reference(game, m)]
            if saving:
                out[i] = saving
        game.play(text)
    return out


def test_a_review_in_slices_marks_every_move_that_lets_the_other_side_win_at_once():
    moves = _game_with_blunders("brandubh", 0, 60)
    blunders = saving_plies(moves)
    assert blunders   # the generated game holds such moves: the check is not empty
    d = game_of(moves)
    assert call(d, "review_start", depth=1)["result"] == {"started": True, "total": len(moves)}
    out, plies, steps = review_in_steps(d, 1)
    assert out["total"] == out["reviewed"] == len(moves)
    assert steps > 1      # a 1 ms budget: the review came in several answers
    assert [p["move"] for p in plies] == moves and [p["ply"] for p in plies] == list(range(1, len(moves) + 1))
    for p in plies:
        assert set(p) == SHAPE
    for ply, saving in blunders.items():
        assert plies[ply - 1]["mark"] == "??" and plies[ply - 1]["best"] in saving


def test_a_review_with_a_whole_step_equals_the_command_lines_review():
    moves = _game_with_blunders("brandubh", 1, 30)
    d = game_of(moves)
    call(d, "review_start", depth=2, seconds=60)
    out, plies, steps = review_in_steps(d, 60_000, since=False)
    ref = review_game(load_ruleset(REPO / "variants_src" / "brandubh"), moves, depth=2, seconds=60)
    assert plies == [dict(r.as_dict(), before=r.before) for r in ref]


def test_the_review_covers_the_moves_taken_back_and_goes_on_while_the_board_moves():
    moves = _game_with_blunders("brandubh", 0, 20)
    d = game_of(moves)
    call(d, "goto", ply=5)                      # the later moves wait to be redone
    call(d, "review_start", depth=1)
    call(d, "review_step", budget_ms=1)
    call(d, "goto", ply=0)                      # a jump does not stop it
    out, plies, _ = review_in_steps(d, 5, since=False)
    assert [p["move"] for p in plies] == moves


def test_a_stopped_review_keeps_its_plies_and_without_one_step_is_refused():
    d = game_of(_game_with_blunders("brandubh", 0, 20))
    assert call(d, "review_step")["reason"]["code"] == "no_search"
    assert call(d, "review_stop")["result"] == {"stopped": False}
    call(d, "review_start", depth=1)
    while not call(d, "review_step", budget_ms=1)["result"]["reviewed"]:
        pass
    assert call(d, "review_stop")["result"] == {"stopped": True}
    out = call(d, "review_step")["result"]
    assert out["done"] and 0 < out["reviewed"] < out["total"]
    assert "error" in call(d, "review_start", seconds=0)     # bad_limit


def _record_comments(text):
    rec = read_record(load_ruleset(REPO / "variants_src" / "brandubh"), text)
    return dict(rec.comments)


def _marks_as_comments(plies):
    """The comments a record carries for the marked plies: the mark and, where the engine
    preferred another move, ``best`` and that move."""
    return {p["ply"]: f"{p['mark']} best {p['best']}" if p["best"] != p["move"] else p["mark"]
            for p in plies if p["mark"]}


def test_the_marks_travel_in_the_exported_record_as_comments():
    moves = _game_with_blunders("brandubh", 0, 60)
    blunders = saving_plies(moves)
    d = game_of(moves)
    assert _record_comments(call(d, "export_record")["result"]["text"]) == {}
    call(d, "review_start", depth=1)
    _, plies, _ = review_in_steps(d, 50)
    marked = {p["ply"]: p for p in plies if p["mark"]}
    assert set(blunders) <= set(marked)
    comments = _record_comments(call(d, "export_record")["result"]["text"])
    assert comments == _marks_as_comments(plies)
    # the plain moves carry no comment; the record read back and exported again says each once
    assert "?" not in call(d, "export_record", format="text")["result"]["text"]
    text = call(d, "export_record")["result"]["text"]
    assert call(d, "import_record", text=text)["result"]["ok"]
    assert _record_comments(call(d, "export_record")["result"]["text"]) == comments
    # after a jump back, only the marks up to the position shown remain
    first = min(marked)
    call(d, "goto", ply=first)
    assert _record_comments(call(d, "export_record")["result"]["text"]) == {first: comments[first]}
    # a review closed (forgotten) takes its marks with it
    d2 = game_of(moves)
    call(d2, "review_start", depth=1)
    _, plies2, _ = review_in_steps(d2, 50)
    assert _record_comments(call(d2, "export_record")["result"]["text"]) == _marks_as_comments(plies2) != {}
    assert call(d2, "review_stop", forget=True)["result"] == {"stopped": False}
    assert _record_comments(call(d2, "export_record")["result"]["text"]) == {}


def test_the_boards_marks_are_the_reviews():
    # docs/assets/board/reviewdata.js REVIEW_MARKS is a copy of tafl_core.review.MARKS (the
    # move list and the summary word each of them)
    import re

    from tafl_core.review import MARKS
    js = (REPO / "docs" / "assets" / "board" / "reviewdata.js").read_text(encoding="utf-8")
    m = re.search(r"REVIEW_MARKS = Object\.freeze\(\[([^\]]*)\]\)", js)
    assert m, "reviewdata.js defines REVIEW_MARKS"
    assert tuple(re.findall(r'"([^"]*)"', m.group(1))) == MARKS
    words = (REPO / "docs" / "assets" / "board" / "words.js").read_text(encoding="utf-8")
    for names in re.findall(r"reviewMarkNames: \{([^}]*)\}", words):
        assert tuple(re.findall(r'"([^"]*)":', names)) == MARKS


def test_the_readers_notes_are_written_in_the_record_with_the_marks():
    moves = _game_with_blunders("brandubh", 0, 60)
    d = game_of(moves)
    notes = [{"ply": 0, "text": "A game\nfrom the test"}, {"ply": 2, "text": "!? a try"}, {"ply": 3, "text": "  "}]
    text = call(d, "export_record", notes=notes)["result"]["text"]
    assert _record_comments(text) == {0: "A game from the test", 2: "!? a try"}
    call(d, "goto", ply=1)          # plies after the moves played are left out
    assert _record_comments(call(d, "export_record", notes=notes)["result"]["text"]) == {0: "A game from the test"}
    for bad in ("text", [{"ply": -1, "text": "x"}], [{"ply": 1}], [{"ply": 1, "text": "x" * 10_001}]):
        assert call(d, "export_record", notes=bad)["reason"]["code"] in ("bad_argument", "bad_ply", "bad_limit"), bad


def test_the_boards_comment_bound_is_the_records():
    # docs/assets/board/notedata.js NOTE_MAX is a copy of tafl_core.limits.MAX_COMMENT_CHARS
    import re

    from tafl_core.limits import MAX_COMMENT_CHARS
    js = (REPO / "docs" / "assets" / "board" / "notedata.js").read_text(encoding="utf-8")
    m = re.search(r"export const NOTE_MAX = (\d+);", js)
    assert m and int(m.group(1)) == MAX_COMMENT_CHARS
