"""OpenTafl export for every board variant (tafl_core.opentafl_export): the site's rules where
OpenTafl's grammar says them, else OpenTafl's nearest rules, written only where the game's moves
replay identically under them, every differing rule named; berserk turns written as OpenTafl
writes them (no ``end``). That OpenTafl's own loader replays every such record to the same
positions is ``make check-opentafl`` (tests/tafl_core/opentafl_replay.py, needs a JDK)."""

from __future__ import annotations

import random
import tomllib

import pytest

from tafl_core import Game, Move, load_ruleset
from tafl_core.opentafl import ruleset_from_opentafl, to_opentafl
from tafl_core.opentafl_export import nearest_rules, opentafl_plan, rules_note
from tafl_core.records import export_record, read_record, start_of

from .helpers import REPO

def _square_board(data: dict) -> bool:
    return "layout" in data and data.get("rules", {}).get("geometry", {}).get("value", "square") == "square"


#: The variants with a square board (OpenTafl's boards are square; a hex board has no OpenTafl rules).
BOARD_VARIANTS = sorted(p.parent.name for p in (REPO / "variants_src").glob("*/rules.toml")
                        if _square_board(tomllib.loads(p.read_text(encoding="utf-8"))))
HEX_VARIANTS = sorted(p.parent.name for p in (REPO / "variants_src").glob("*/rules.toml")
                      if tomllib.loads(p.read_text(encoding="utf-8")).get("rules", {}).get("geometry", {}).get("value") == "hex")


def rules(slug):
    return load_ruleset(REPO / "variants_src" / slug)


def rules_tag(text: str) -> str | None:
    return next((line[7:-1] for line in text.splitlines() if line.startswith("[rules:")), None)


def plan(game):
    start, side = start_of(game)
    return opentafl_plan(game, start, side)


@pytest.mark.parametrize("slug", BOARD_VARIANTS)
def test_every_board_variant_has_opentafl_rules_and_names_every_rule_written_otherwise(slug):
    """Every board variant (at most 19x19) has OpenTafl rules; the site's rules with exactly the
    named differences switched are the rules written (to_opentafl says them as written), so no
    differing rule goes unnamed."""
    rs = rules(slug)
    near = nearest_rules(rs)
    assert near is not None
    switched = rs.with_overrides({d["key"]: d["opentafl"] for d in near.differ})
    assert to_opentafl(switched) == near.text
    assert all(d["site"] != d["opentafl"] for d in near.differ)


@pytest.mark.parametrize("slug", HEX_VARIANTS)
def test_a_hex_board_has_no_opentafl_rules(slug):
    """OpenTafl plays square boards only: neither the rules string nor the nearest rules exist."""
    rs = rules(slug)
    assert to_opentafl(rs) is None and nearest_rules(rs) is None


@pytest.mark.parametrize("slug", ["brandubh", "fetlar-hnefatafl", "linnaeus-tablut", "coppergate-hnefatafl"])
def test_rules_opentafl_can_say_are_written_unchanged(slug):
    rs = rules(slug)
    near = nearest_rules(rs)
    assert near.differ == () and near.text == to_opentafl(rs)


def test_copenhagen_is_written_under_opentafls_repetition_rule():
    """Copenhagen (aagenielsen.dk rule 9): a perpetual repetition loses for the defenders.
    OpenTafl's repetition rules are a draw or a loss for the side that repeats (``tfr:w``); the
    nearest is the latter, the one rule written otherwise."""
    rs = rules("copenhagen-hnefatafl")
    near = nearest_rules(rs)
    assert near.differ == ({"key": "repetition", "site": "loss_defenders", "opentafl": "loss_repeater"},)
    assert "tfr:w" in near.text.split()
    g = Game(rs)
    g.play("d1-d3")
    g.play("h6-h9")
    text = export_record(g)
    assert rules_tag(text) == near.text
    assert f"[start-comment:{rules_note(near, rs.name)}]" in text
    assert "repetition (here loss_defenders, written loss_repeater)" in text


def test_a_game_that_plays_otherwise_under_opentafls_rules_gets_no_rules_tag():
    """Tawlbwrdd (Bell) ignores repetition; OpenTafl's nearest rule draws at the third occurrence
    of a position. Two pieces going back and forth repeat the start position a third time at
    ply 8: OpenTafl would end the game there, so no OpenTafl file is made and the plan says why."""
    rs = rules("tawlbwrdd-bell")
    g = Game(rs)
    for mv in ["e1-d1", "f4-e4", "d1-e1", "e4-f4"] * 2 + ["e1-d1"]:
        g.play(mv)
    assert g.result is None
    out = plan(g).as_dict()
    assert out["rules"] is False and out["why"] == {"code": "moves", "ply": 8, "move": "e4-f4"}
    assert [d["key"] for d in out["differ"]] == ["repetition", "no_moves"]
    text = export_record(g)
    assert rules_tag(text) is None
    # one ply before the third occurrence, the moves play the same under OpenTafl's rules
    for _ in range(2):
        g.undo()
    assert plan(g).rules is not None and rules_tag(export_record(g)) == plan(g).rules.text


def test_a_board_over_19_squares_has_no_opentafl_file():
    """OpenTafl's move grammar names files a-s (MoveSerializer.getMoveRegex): 19 at most."""
    n = 21
    rows = ["21"] * n
    rows[0] = "1t19"
    rows[10] = "10K10"
    rs = ruleset_from_opentafl(f"dim:{n} name:Big start:/{'/'.join(rows)}/")
    assert rs.size == 21
    out = plan(Game(rs)).as_dict()
    assert out == {"rules": False, "differ": [], "why": {"code": "board_size", "size": 21, "max": 19}}


@pytest.mark.parametrize("slug", ["berserk-hnefatafl", "total-hnefatafl", "tyr"])
def test_berserk_turns_are_written_as_opentafl_writes_them(slug):
    """OpenTafl ends a berserk turn by itself when the piece cannot capture again and has no
    move ``end`` (its loader refuses the token): a record with a rules tag never holds ``end``,
    and a game whose player ended a berserk turn while a capture was open (which OpenTafl would
    not allow) gets no rules tag (nor does a Total or Tyr game whose king escaped in a berserk
    turn, OpenTafl's berserk turns only capture). Seeded random games, the piece moving on half the time."""
    rs = rules(slug)
    seen = {"with rules": 0, "without": 0, "continued": 0}
    for seed in range(12):
        rng = random.Random(seed)
        g = Game(rs)
        for _ in range(160):
            codes = g.move_codes()
            if not codes or g.result:
                break
            if g.berserker >= 0 and rng.random() < 0.5:
                codes = [c for c in codes if c >> 10 != c & 1023] or codes
            m = rng.choice(codes)
            g.play(Move(m >> 10, m & 1023, g.size))
        text = export_record(g)
        moves = " ".join(line for line in text.splitlines() if line[:1].isdigit()).split()
        ended = any(p.move.is_end for p in g.moves_played)
        if rules_tag(text) is None:
            seen["without"] += 1
            assert plan(g).as_dict()["why"]["code"] == "moves"
        else:
            seen["with rules"] += 1
            assert "end" not in moves and not ended
            seen["continued"] += sum(1 for tok in moves if "=" in tok)
        back = read_record(rs, text).game   # the site reads its record back either way
        assert [str(p.move) for p in back.moves_played] == [str(p.move) for p in g.moves_played]
    assert seen["with rules"] and seen["without"] and seen["continued"]


def test_the_board_words_every_reason_why_no_opentafl_file_can_be_made():
    """docs/assets/board/words.js ``opentaflWhy`` has a text for each code of
    :data:`~tafl_core.opentafl_export.WHY_CODES`, in both languages (records.js
    exportOpenTaflNote)."""
    import re

    from tafl_core.opentafl_export import WHY_CODES
    text = (REPO / "docs" / "assets" / "board" / "words.js").read_text(encoding="utf-8")
    blocks = re.findall(r"\n    opentaflWhy: \{(.*?)\n    \},", text, re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        assert set(re.findall(r"\n      ([a-z_]+):", block)) == set(WHY_CODES)
