"""Example boards of hand-written pages get their rules from the build (build_tools.mechanics.example_rules):
the board-data of the variant they name, in the page's language; a variant without a board is a
warning, which fails the strict build."""

from __future__ import annotations

import json
import logging
import re

from build_tools import mechanics, pages, site_plugin

from .conftest import VARIANTS

OPEN = ('<div class="tafl-board" id="board" data-variant="{slug}" data-example="x" data-state="loading" '
        'data-lang="en" data-site-root="../../../" data-to-move="attackers">')


def _example_rules(md: str, lang: str, where: str) -> str:
    """``example_rules`` as the build calls it: the real sources, warnings to the plugin's log."""
    return mechanics.example_rules(md, lang, where, site=pages.load_site_sources(VARIANTS),
                                   pyodide=("assets/pyodide/", False, True), warn=site_plugin.log.warning)


def test_the_named_variants_rules_follow_the_opening_tag():
    md = OPEN.format(slug="ealdfaeder-taefl") + "\n\n```tafl-position\nkoenigsfang-spiel\n```\n\n</div>\n"
    out = _example_rules(md, "en", "mechanics/x.en.md")
    m = re.search(r'<script type="application/json" data-role="example-rules">(.*?)</script>', out)
    data = json.loads(m.group(1))
    assert data["variant"] == "ealdfaeder-taefl" and data["lang"] == "en" and data["size"] == 9
    assert data["rules_toml"] == (VARIANTS / "ealdfaeder-taefl" / "rules.toml").read_text(encoding="utf-8")
    assert out.index(OPEN.format(slug="ealdfaeder-taefl")) < m.start()


def test_a_variant_without_a_board_is_a_warning(caplog):
    for slug in ("no-such-variant", "york-hnefatafl"):      # unknown; text-only (board = false)
        md = OPEN.format(slug=slug) + "\n</div>\n"
        with caplog.at_level(logging.WARNING):
            out = _example_rules(md, "de", "mechanics/x.md")
        assert out == md
        assert f"mechanics/x.md: the example board plays the rules of '{slug}', which has no board" in caplog.text
