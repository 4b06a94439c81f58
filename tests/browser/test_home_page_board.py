"""The home page shows above the fold that the site is playable: a live board of a short game
(Brandubh, 7×7) at its start layout, and the way to the variants, at 1280×900 in both languages.

The start layout and the first mover are Brandubh's own (variants_src/brandubh/rules.toml:
attackers first, §5.1); b4-b5 moves an attacker along the empty b-file.
"""

from __future__ import annotations

import tomllib

import pytest

from conftest import ROOT, BoardPage
from test_berserk import layout_from_rules

pytestmark = pytest.mark.browser

FOLD = 900
HOME = {"de": ("/", "Alle Varianten"), "en": ("/en/", "All variants")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_home_page_shows_a_live_brandubh_board_and_the_way_to_the_variants(browser, server, lang):
    path, all_variants = HOME[lang]
    rules = tomllib.loads((ROOT / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8"))
    ctx = browser.new_context(viewport={"width": 1280, "height": FOLD}, service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(path)
        page = bp.page
        assert page.evaluate("scrollY") == 0
        assert bp.attr("data-variant") == "brandubh"
        assert bp.pieces() == layout_from_rules("brandubh")
        assert bp.attr("data-to-move") == rules["rules"]["first_mover"]["value"]
        top = page.eval_on_selector("#board .tb-svg", "e => e.getBoundingClientRect().top")
        assert 0 < top < FOLD / 2 + 100, top  # the board begins in the first screen, most of it in view
        # the way to the variants, above the board
        link = page.locator(".md-content a", has_text=all_variants).first
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= top
        # live: a move is played by the engine
        page.evaluate("() => scrollTo(0, 0)")
        bp.move("b4", "b5")
        assert bp.moves() == ["b4-b5"]
        assert bp.errors == []
    finally:
        ctx.close()
