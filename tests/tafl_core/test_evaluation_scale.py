"""The board's evaluation words (docs/assets/board/evaluation.js) read the search's score on
tafl_core's own scale: its WIN and WIN_BOUND are tafl_core.scores', and one attacker is 100 as
tafl_core.evaluate weighs it."""

from __future__ import annotations

import re
from pathlib import Path

from tafl_core import evaluate, scores

JS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "board" / "evaluation.js"


def js_constant(name: str) -> int:
    m = re.search(rf"^export const {name} = (\d+);", JS.read_text(encoding="utf-8"), re.M)
    assert m, name
    return int(m.group(1))


def test_win_and_win_bound_are_the_search_scores():
    assert js_constant("WIN") == scores.WIN
    assert js_constant("WIN_BOUND") == scores.WIN_BOUND


def test_balanced_band_is_one_attacker():
    weights = re.search(r'"attacker":\s*(\d+)', Path(evaluate.__file__).read_text(encoding="utf-8"))
    assert weights and js_constant("BALANCED_BELOW") == int(weights.group(1))


def test_winning_band_and_review_marks_are_the_engine_values():
    for name in ("WINNING_FROM", "INACCURACY_DROP", "MISTAKE_DROP", "BLUNDER_DROP", "REVIEW_CAP"):
        assert js_constant(name) == getattr(scores, name), name
