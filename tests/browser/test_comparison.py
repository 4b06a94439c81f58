"""The rules comparison page in a real browser: with a column per variant the table is wider
than the page, and the rule-name column must stay in view while the table scrolls sideways
(a sticky column alone does nothing: Material's table is its own scroll box)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["/comparison/", "/en/comparison/"])
def test_rule_names_stay_visible_while_scrolling_sideways(context, server, path):
    page = context.new_page()
    try:
        page.set_viewport_size({"width": 900, "height": 800})
        page.goto(server + path)
        page.wait_for_selector(".tafl-comparison table td")
        info = page.evaluate("""() => {
            const cells = [...document.querySelectorAll('.tafl-comparison table tr')]
                .map(tr => tr.firstElementChild);
            const body = cells.find(c => c.tagName === 'TD');
            // the element that scrolls the table sideways (Material: div.md-typeset__scrollwrap)
            let box = body.parentElement;
            while (box && !(box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX)))
                box = box.parentElement;
            if (!box) return null;
            const left0 = body.getBoundingClientRect().left;
            box.scrollLeft = box.scrollWidth;   // as far right as it goes
            const boxLeft = box.getBoundingClientRect().left;
            const out = [];
            for (const c of cells) {
                // bring the row into the middle of the window and of the table's scroll box
                // (vertically only: the box scrolls down too, under its sticky header row)
                box.scrollTop = 0;
                window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY - 60);
                box.scrollTop = c.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 2;
                const r = c.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + Math.min(10, r.width / 2), r.top + r.height / 2);
                out.push({text: c.textContent.trim(), left: r.left, shown: !!hit && (hit === c || c.contains(hit))});
            }
            return {scrolled: box.scrollLeft, left0, boxLeft, cells: out, columns: body.parentElement.children.length};
        }""")
        assert info is not None, "the table does not scroll sideways at 900 px (nothing to test)"
        assert info["columns"] >= 13
        assert info["scrolled"] > 300
        first_rule = info["cells"][1]["text"]
        assert first_rule in ("Brett", "Board")
        for c in info["cells"]:
            # each rule name (and the heading "Regel"/"Rule") at the left edge of the scrolling
            # box, not under the variants' columns
            assert abs(c["left"] - info["boxLeft"]) <= 2, c
            assert c["shown"], c
    finally:
        page.close()


# Found by the same user: "Wiederholung zählt ab: dritten Auftreten" is no German, and an empty
# list of camp squares read "niemand" (nobody), as if it listed piece kinds. Ealdfaeder Taefl
# (variants_src/ealdfaeder-taefl/rules.toml): camps = [] (no camp squares), repetition_count = 3
# (assumed: the third occurrence of a position counts), corners given as "single".
EXPECTED_ROWS = {
    "/comparison/": {"Lagerfelder": "keine", "Wiederholung zählt": "ab dem dritten Auftreten*"},
    "/en/comparison/": {"Camp squares": "none", "Repetition counts": "from the third occurrence*"},
}


@pytest.mark.parametrize("path", sorted(EXPECTED_ROWS))
def test_rule_values_read_as_words(context, server, path):
    page = context.new_page()
    try:
        page.goto(server + path)
        rows = page.evaluate("""() => {
            const table = document.querySelector('.tafl-comparison table');
            const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
            const col = heads.indexOf('Ealdfaeder Taefl');
            return Object.fromEntries([...table.querySelectorAll('tbody tr')].map(tr =>
                [tr.children[0].textContent.trim(), tr.children[col].textContent.trim()]));
        }""")
        for rule, value in EXPECTED_ROWS[path].items():
            assert rows.get(rule) == value, (rule, rows.get(rule))
        # the old wording is gone everywhere on the page
        text = page.inner_text(".tafl-comparison")
        assert "zählt ab" not in text and "counts from" not in text
        camps = next(v for k, v in rows.items() if k in ("Lagerfelder", "Camp squares"))
        assert camps not in ("niemand", "nobody")
    finally:
        page.close()
