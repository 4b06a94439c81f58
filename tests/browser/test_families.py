"""The navigation and the variants index group the variants by family, in both languages, as
Chromium shows them; the index's family and "with a board" filters work.

Expected values: each variant's family from the one declaration (build_tools/families.py
FAMILY_OF, its names in FAMILIES); the board size from the variant's rules.toml diagram (its
ranks, read here with tomllib); text-only variants (``board = false``) show "ohne Brett" /
"no board" and are the rows the board filter hides.
"""

from __future__ import annotations

import re
import tomllib

import pytest

from build_tools.families import FAMILIES, FAMILY_OF
from conftest import ROOT

pytestmark = pytest.mark.browser

LANGS = ("de", "en")
NAMES = {f.key: f.name for f in FAMILIES}


def _variants() -> dict[str, int | None]:
    """slug -> board size (None for a text-only variant; (side, "hex") for a hex board),
    straight from rules.toml."""
    out = {}
    for p in sorted((ROOT / "variants_src").iterdir()):
        f = p / "rules.toml"
        if not f.is_file():
            continue
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        if data.get("variant", {}).get("board") is False:
            out[p.name] = None
        elif data.get("rules", {}).get("geometry", {}).get("value") == "hex":
            # a hexagon of side k: 2k-1 rows, each led by its row letter
            rows = sum(1 for line in data["layout"]["diagram"].splitlines() if line.strip())
            out[p.name] = (rows + 1) // 2, "hex"
        else:
            out[p.name] = sum(1 for line in data["layout"]["diagram"].splitlines() if re.match(r"\s*\d+\s", line))
    return out


VARIANTS = _variants()

NAV = r"""() => {
    const out = [];
    for (const a of document.querySelectorAll('.md-sidebar--primary a.md-nav__link[href]')) {
        const m = a.href.match(/\/variants\/([^/]+)\/$/);
        if (!m) continue;
        const li = a.closest('li.md-nav__item--nested');
        const label = li && li.querySelector(':scope > label .md-ellipsis, :scope > .md-nav__container .md-ellipsis, :scope > label');
        const small = a.querySelector('small');
        out.push({slug: m[1], family: label ? label.textContent.trim() : null,
                  size: small ? small.textContent.trim() : null});
    }
    return out;
}"""

INDEX = """() => [...document.querySelectorAll('.tafl-variant-table tbody')].map((b) => ({
    family: b.getAttribute('data-family'),
    heading: (b.querySelector('tr.tafl-family-row th') || {textContent: ''}).textContent.trim(),
    hidden: b.hidden,
    rows: [...b.querySelectorAll('tr[data-family]')].map((r) => ({
        slug: r.querySelector('a').getAttribute('href').replace(/\\/$/, ''),
        hidden: r.hidden, board: r.getAttribute('data-board')})),
}))"""


def _open(context, server, path):
    page = context.new_page()
    page.goto(server + path)
    page.wait_for_selector(".tafl-table-filters")
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_navigation_groups_variants_by_family_with_board_size(context, server, lang):
    page = _open(context, server, "/en/variants/" if lang == "en" else "/variants/")
    try:
        entries = page.evaluate(NAV)
    finally:
        page.close()
    seen = {}
    for e in entries:
        seen.setdefault(e["slug"], e)
    assert set(seen) == set(VARIANTS)
    for slug, e in seen.items():
        assert e["family"] == NAMES[FAMILY_OF[slug]][lang], (slug, e)
        size = VARIANTS[slug]
        if isinstance(size, tuple):   # a hex board: its side, and the shape in words
            want = f"{size[0]}×{size[0]} ({'Sechseck' if lang == 'de' else 'hex'})"
        else:
            want = f"{size}×{size}" if size else ("ohne Brett" if lang == "de" else "no board")
        assert e["size"] == want, (slug, e)
    # the families follow in the declared order
    order = [f.name[lang] for f in FAMILIES]
    shown = list(dict.fromkeys(e["family"] for e in entries))
    assert shown == [n for n in order if n in shown]


@pytest.mark.parametrize("lang", LANGS)
def test_index_groups_by_family_and_filters(context, server, lang):
    page = _open(context, server, "/en/variants/" if lang == "en" else "/variants/")
    try:
        groups = page.evaluate(INDEX)
        assert [g["family"] for g in groups] == [f.key for f in FAMILIES if f.key in set(FAMILY_OF[s] for s in VARIANTS)]
        for g in groups:
            assert g["heading"] == NAMES[g["family"]][lang]
            assert {r["slug"] for r in g["rows"]} == {s for s in VARIANTS if FAMILY_OF[s] == g["family"]}
            assert not g["hidden"] and not any(r["hidden"] for r in g["rows"])
        # "with a board": every text-only variant's row hidden, the rest shown
        page.check('input[data-filter="board"]')
        groups = page.evaluate(INDEX)
        for g in groups:
            for r in g["rows"]:
                assert r["hidden"] == (VARIANTS[r["slug"]] is None), r
        with_board = sum(1 for s in VARIANTS if VARIANTS[s] is not None)
        count = page.text_content(".tafl-table-count")
        assert re.search(rf"\b{with_board}\b", count) and re.search(rf"\b{len(VARIANTS)}\b", count), count
        page.uncheck('input[data-filter="board"]')
        # one family: the other groups are hidden as a whole
        page.select_option('select[data-filter="family"]', "tablut")
        groups = page.evaluate(INDEX)
        for g in groups:
            assert g["hidden"] == (g["family"] != "tablut")
        # sorting keeps the groups: rows stay in their family's tbody
        page.select_option('select[data-filter="family"]', "")
        page.click(".tafl-variant-table thead th:nth-child(2) button")
        for g in page.evaluate(INDEX):
            assert {r["slug"] for r in g["rows"]} == {s for s in VARIANTS if FAMILY_OF[s] == g["family"]}
    finally:
        page.close()
