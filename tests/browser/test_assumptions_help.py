"""The board's assumptions box speaks of switches only where it has one: Copenhagen Hnefatafl's
one assumption has no alternative (its board-data, from variants_src/copenhagen-hnefatafl), so
its help says what the board plays and nothing of "each switch"; Brandubh's has switches and
says what they do."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SWITCH_WORDS = {"de": "Jeder Schalter", "en": "Each switch"}


@pytest.mark.parametrize("slug,lang", [("copenhagen-hnefatafl", "en"), ("copenhagen-hnefatafl", "de"),
                                       ("brandubh", "en")])
def test_the_assumptions_help_names_switches_only_where_there_are_some(open_board, slug, lang):
    bp = open_board(slug, lang)
    box = bp.page.locator('#board [data-role="assumptions"]')
    help_text = box.locator(".tb-help").text_content()
    switches = box.locator("input[data-alternative]").count()
    data = bp.page.eval_on_selector("#board", "e => e.tbBoard.data.assumptions.filter((a) => a.alternative != null).length")
    assert switches == data
    assert (SWITCH_WORDS[lang] in help_text) == (switches > 0), (help_text, switches)
    assert help_text.startswith("The source leaves these rules open" if lang == "en" else "Die Quelle lässt diese Regeln offen")
    assert bp.errors == []
