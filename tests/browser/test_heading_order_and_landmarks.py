"""The page outline and landmarks of the variant pages (axe-core's moderate rules
``heading-order`` and ``landmark-unique``), with the board mounted: the board's headings sit
under a heading of the section that holds it, the headings of a quoted original text under
its section (build_tools/md_ext.py), and the navigation sections each have their own name
(build_tools/site_plugin.py named_section_navs). Alea Evangelii's original text opens with a
``####`` heading (variants_src/alea-evangelii/de.md, section 8)."""

from __future__ import annotations

import pytest

from conftest import ROOT, wait_ready

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("slug,lang", [("alea-evangelii", "de"), ("alea-evangelii", "en"), ("brandubh", "en")])
def test_heading_order_and_unique_landmarks(context, server, board_pages, slug, lang):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node` (axe-core is a pinned devDependency)")
    page = context.new_page()
    try:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(server + board_pages[(slug, lang)])
        wait_ready(page)
        assert page.locator("#board h4").count() >= 1  # the board's own headings are there
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        found = page.evaluate("""async () => {
            const r = await axe.run(document, {runOnly: {type: 'rule', values: ['heading-order', 'landmark-unique']}});
            return r.violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]);
        }""")
        assert found == []
    finally:
        page.close()
