"""The rules comparison table keeps its header row (the variants' names) in view while the
reader scrolls down its rows, and its rule-name column while scrolling sideways: the table's
scroll box (Material's div.md-typeset__scrollwrap) scrolls both ways, at most a window high, and
the header cells stick to its top (docs/assets/site.css)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path,corner", [("/comparison/", "Regel"), ("/en/comparison/", "Rule")])
def test_header_row_stays_in_view_while_scrolling_down(context, server, path, corner):
    page = context.new_page()
    try:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(server + path)
        page.wait_for_selector(".tafl-comparison table td")
        info = page.evaluate("""() => {
            const table = document.querySelector('.tafl-comparison table');
            let box = table.parentElement;
            while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
            if (!box || box === document.scrollingElement) return null;
            const rows = table.tBodies[0].rows;
            window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY - 60);
            box.scrollTop = box.scrollHeight;   // as far down as it goes
            box.scrollLeft = box.scrollWidth;   // and to the right
            const b = box.getBoundingClientRect();
            const cornerRight = table.tHead.rows[0].cells[0].getBoundingClientRect().right;
            const heads = [...table.tHead.rows[0].cells].map((th, i) => {
                const r = th.getBoundingClientRect();
                // the middle of the part not under the sticky corner cell
                const x = i === 0 ? r.left + 5 : (Math.max(r.left, cornerRight) + Math.min(r.right, b.right)) / 2;
                const y = r.top + r.height / 2;
                const hit = x < b.right && document.elementFromPoint(x, y);
                return {text: th.textContent.trim(), top: r.top, left: r.left, right: r.right,
                        shown: !!hit && (hit === th || th.contains(hit))};
            });
            const last = rows[rows.length - 1].getBoundingClientRect();
            return {cornerRight, scrolledDown: box.scrollTop, boxTop: b.top, boxBottom: b.bottom, boxLeft: b.left,
                    boxRight: b.right, windowHeight: innerHeight, heads, lastRowTop: last.top, rows: rows.length};
        }""")
        assert info is not None, "the table has no scroll box of its own"
        assert info["rows"] >= 20 and info["scrolledDown"] > 200  # the body did scroll under the header
        assert info["boxBottom"] <= info["windowHeight"] + 1  # the box fits the window: no page scroll hides it
        assert info["lastRowTop"] > info["boxTop"] + 20  # the last row is below the header
        corner_cell = info["heads"][0]
        assert corner_cell["text"] == corner and corner_cell["shown"], corner_cell
        assert abs(corner_cell["top"] - info["boxTop"]) <= 2 and abs(corner_cell["left"] - info["boxLeft"]) <= 2
        visible = [h for h in info["heads"][1:] if h["right"] > info["cornerRight"] + 20 and h["left"] < info["boxRight"] - 20]
        assert visible, info["heads"]
        for h in visible:
            assert abs(h["top"] - info["boxTop"]) <= 2 and h["shown"], h
    finally:
        page.close()
