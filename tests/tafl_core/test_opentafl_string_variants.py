"""The variant pages whose rules are one of OpenTafl's rules strings (Tablut 15x15, Sea Battle
13x13 after Parlett, OpenTafl's Alea Evangelii): the string each page quotes in section 8 is read
with OpenTafl's own defaults (``tafl_core.opentafl.reading``, which carries over
RulesSerializer.java), and the page's rules.toml must say what the string says. The repetition
case is written from OpenTafl's GameState.checkVictoryInternal and its ThreefoldVictoryTest: with
``tfr:w`` the third occurrence of a position, checked after the turn has passed, is a win for the
side now to move, so the player whose move produced it loses."""

from __future__ import annotations

import re

import pytest

from tafl_core import Game, Position, load_ruleset
from tafl_core.opentafl import reading

from .helpers import REPO

PAGES = ("tablut-15", "sea-battle-parlett-13", "alea-evangelii-opentafl")


def _quoted_string(slug: str) -> str:
    """The OpenTafl rules string in the page's original-text block (identical in both languages)."""
    strings = set()
    for lang in ("de", "en"):
        text = (REPO / "variants_src" / slug / f"{lang}.md").read_text(encoding="utf-8")
        strings.update(re.findall(r"^(dim:\d+ name:\S+ .*start:\S+)$", text, re.M))
    assert len(strings) == 1, f"{slug}: expected one quoted rules string, found {len(strings)}"
    return strings.pop()


@pytest.mark.parametrize("slug", PAGES)
def test_page_rules_say_what_the_quoted_string_says(slug):
    """First move, escape, armed king, encirclement, repetition, centre and corners as OpenTafl
    reads the quoted string (atkf, esc, ka, surf, tfr, cen and their defaults) and its start
    record square by square."""
    r = reading(_quoted_string(slug))
    rs = load_ruleset(REPO / "variants_src" / slug)
    assert rs.value("first_mover") == ("attackers" if r["atkf"] else "defenders")
    assert rs.value("escape") == ("corners" if r["esc"] == "c" else "edge")
    assert rs.value("king_armed") == {"y": "yes", "n": "no"}[r["ka"]]
    assert rs.value("encirclement") is r["surf"]
    # tfr:w - the side to move after the third occurrence wins; tfr:d (the default) - a draw.
    assert rs.value("repetition") == {"w": "loss_repeater", "d": "draw"}[r["tfr"]]
    assert rs.value("repetition_count") == 3
    assert rs.value("throne") is bool(r["cen"])
    if r["cen"]:
        # cens: who may stop on the centre coming from elsewhere - rules.toml's throne_reenter
        # (the king's start square is his whatever the list says).
        kinds = {"t": "attacker", "T": "defender", "K": "king"}
        assert set(rs.value("throne_reenter")) == {kinds[c] for c in r["cen_stop"]}
    start = Position.from_otn(r["start"])
    assert start.size == rs.size and start.pieces == rs.layout.pieces


def test_alea_opentafl_third_occurrence_loses_for_the_player_who_made_it():
    """tfr:w on OpenTafl's Alea Evangelii: attackers and defenders shuffle one piece each; the
    start position (attackers to move) occurs for the third time after the defenders' move, so
    the defenders, who made that move, lose."""
    game = Game(load_ruleset(REPO / "variants_src" / "alea-evangelii-opentafl"))
    assert game.to_move == "attackers"
    for round_ in range(2):
        for move in ("c1-d1", "i5-i6", "d1-c1"):
            game.play(move)
            assert game.result is None
        game.play("i6-i5")
        if round_ == 0:
            assert game.result is None
    assert game.result is not None
    assert game.result.winner == "attackers"
    assert game.result.reason == "repetition"
