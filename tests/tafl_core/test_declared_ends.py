"""A resignation or an agreed draw on the board (no rule decides them) in the exported game
record: tafl_core.bridge export_record ``end`` writes the ``result`` tag (opentafl-notation-spec:
"1" attackers win, "0" draw, "-1" defenders win) and OpenTafl's termination words for it
("Attacker resigns", "Defender resigns", "Draw": OpenTafl's PlayTaflOnline translator); the
board's link codec names the same three ends (docs/assets/board/address.js END_VALUES)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tafl_core.bridge import DECLARED_ENDS, Dispatcher, Session

REPO = Path(__file__).resolve().parents[2]
BRANDUBH = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")


def tags(text: str) -> dict[str, str]:
    return dict(re.findall(r"^\[([a-z-]+):(.*)\]$", text, re.M))


def test_the_boards_ends_are_the_engines():
    js = (REPO / "docs" / "assets" / "board" / "address.js").read_text(encoding="utf-8")
    m = re.search(r"export const END_VALUES = Object\.freeze\((\[.*?\])\);", js, re.S)
    assert m, "END_VALUES not found in address.js"
    assert json.loads(m.group(1)) == list(DECLARED_ENDS)


@pytest.mark.parametrize("end, result, termination", [
    ("resign-attackers", "-1", "Attacker resigns"),
    ("resign-defenders", "1", "Defender resigns"),
    ("draw", "0", "Draw"),
])
def test_a_declared_end_is_the_records_result_and_termination(end, result, termination):
    s = Session(BRANDUBH)
    s.play("b4-b2")  # an attacker of Brandubh's start layout (variants_src/brandubh), along the file
    t = tags(s.export_record("opentafl", end)["text"])
    assert t["result"] == result and t["termination"] == termination
    # without the end: the game is open
    t = tags(s.export_record("opentafl")["text"])
    assert t["result"] == "?" and "termination" not in t


def test_the_export_command_takes_the_end_and_refuses_another():
    d = Dispatcher()
    d.call("session", json.dumps({"rules_toml": BRANDUBH}))
    out = json.loads(d.call("export_record", json.dumps({"format": "opentafl", "end": "resign-defenders"})))
    assert tags(out["result"]["text"])["result"] == "1"
    bad = json.loads(d.call("export_record", json.dumps({"format": "opentafl", "end": "resign-kings"})))
    assert "error" in bad and bad["reason"]["code"] == "bad_argument"
    with pytest.raises(ValueError):
        Session(BRANDUBH).export_record("opentafl", "resigned")
