"""Accessibility (WCAG 2.2 AA): axe-core (from npm, pinned in package.json, injected into
the page) finds no moderate, serious or critical violation on a variant page with its board mounted
(also with the board-first layout and analysis mode switched on),
the home page, the variants index, the rules comparison and a mechanics page (with its example
board), in light and dark mode, in German and English; and the board's last-move and target
marks stand out from the squares under them by at least 3:1 (WCAG 2.2, 1.4.11 non-text
contrast), computed with WCAG's formula from the colours Chromium renders (getComputedStyle).

Run alone: `.venv/bin/python -m pytest tests/browser/test_a11y.py -q` (needs `make node` for
node_modules/axe-core).
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Copenhagen Hnefatafl (variants_src/copenhagen-hnefatafl: 11×11, attackers first, corners
# a1 a11 k1 k11, throne f6); the mechanics page on king capture (docs/mechanics/koenigsfang).
VARIANT = "copenhagen-hnefatafl"
PAGES = ["variants/copenhagen-hnefatafl/", "", "variants/", "comparison/", "mechanics/koenigsfang/"]
SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make node` (axe-core is a pinned devDependency)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module", params=SCHEMES)
def scheme_context(request, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=request.param)
    ctx.scheme = request.param
    yield ctx
    ctx.close()


def run_axe(page, source: str) -> list[dict]:
    page.add_script_tag(content=source)
    return page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").slice(0, 200)) }));
    }""")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_moderate_or_worse_violation(scheme_context, server, axe_source, path, lang):
    page = scheme_context.new_page()
    try:
        if lang == "en" and path == "mechanics/koenigsfang/":
            path = "mechanics/king-capture/"  # the English page's own address (build_tools/mechanics.py)
        page.goto(f"{server}/{'en/' if lang == 'en' else ''}{path}")
        scheme = page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
        assert scheme == ("slate" if scheme_context.scheme == "dark" else "default")
        if page.query_selector("#board"):
            wait_ready(page)
            wait_idle(page)
        bad = [v for v in run_axe(page, axe_source) if v["impact"] in SEVERE]
        assert not bad, "\n".join(f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in bad)
    finally:
        page.close()


#: The impacts the site must not have (axe-core's: minor, moderate, serious, critical).
SEVERE = ("moderate", "serious", "critical")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_board_first_layout_and_analysis_mode(scheme_context, server, axe_source, lang):
    page = scheme_context.new_page()
    try:
        page.goto(f"{server}/{'en/' if lang == 'en' else ''}variants/{VARIANT}/")
        wait_ready(page)
        wait_idle(page)
        page.click('#board [data-action="wide"]')
        page.click('#board [data-action="analysis"]')
        page.wait_for_selector('#board [data-role="evaluation"][data-grade]', timeout=60_000)
        bad = [v for v in run_axe(page, axe_source) if v["impact"] in SEVERE]
        assert not bad, "\n".join(f"{v['id']} ({v['impact']}): " + " | ".join(v["nodes"]) for v in bad)
        page.click('#board [data-action="wide"]')  # (kept in the context's localStorage otherwise)
    finally:
        page.close()


def _rgb(css: str) -> tuple[float, float, float]:
    m = re.fullmatch(r"rgba?\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?), (\d+(?:\.\d+)?)(?:, (\d+(?:\.\d+)?))?\)", css.strip())
    assert m, f"not an rgb colour: {css!r}"
    assert m.group(4) in (None, "1"), f"a translucent mark ({css}): its contrast depends on what is under it"
    return tuple(float(m.group(i)) for i in (1, 2, 3))


def luminance(css: str) -> float:
    """WCAG 2.2 relative luminance of an sRGB colour."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in _rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2.2 contrast ratio (L1 + 0.05) / (L2 + 0.05) of two CSS colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_wcag_formula():
    # WCAG's own end points: black on white is 21:1, a colour on itself 1:1; #767676 on white
    # is the well-known 4.54:1 (the lightest grey for body text on white)
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21.0)
    assert contrast("rgb(9, 9, 9)", "rgb(9, 9, 9)") == pytest.approx(1.0)
    assert contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_last_move_and_targets_stand_out_3_to_1(browser, server, board_pages, scheme):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(VARIANT, "de")])
        bp.move("d1", "d3")          # the last move: d1 and d3 marked
        targets = bp.select("f4")    # the defender f4: along rank 4 and to f3 (an attacker on f2)
        assert targets, "no targets shown"
        colours = bp.page.evaluate("""() => {
            const fill = (e) => getComputedStyle(e).fill;
            const q = (s) => document.querySelector('#board ' + s);
            const squares = {};
            for (const k of ['', '.tb-throne', '.tb-corners', '.tb-camps']) {
                const plain = k ? '' : ':not(.tb-throne):not(.tb-corners):not(.tb-camps)';
                const e = q('.tb-sq' + k + plain + ':not(.tb-last):not([data-target]):not(.tb-selected)');
                if (e) squares[k || 'plain'] = fill(e);
            }
            const last = [...document.querySelectorAll('#board .tb-last-mark')].map((m) => ({
                square: m.dataset.last, mark: getComputedStyle(m).stroke, opacity: getComputedStyle(m).opacity,
                under: fill(q(`.tb-sq[data-square="${m.dataset.last}"]`)) }));
            const dots = [...document.querySelectorAll('#board .tb-target-dot')].map((d) => ({
                mark: getComputedStyle(d).fill, opacity: getComputedStyle(d).opacity }));
            const target = q('.tb-sq[data-target]');
            return { squares, last, dots, targetFill: target && fill(target) };
        }""")
        assert sorted(m["square"] for m in colours["last"]) == ["d1", "d3"]
        assert {"plain", ".tb-throne", ".tb-corners"} <= set(colours["squares"])  # Copenhagen has both
        assert len(colours["dots"]) == len(targets)
        # every kind of square a mark may stand on (plain, throne, corners), and the square's
        # own highlighted fill under the mark
        for m in colours["last"]:
            assert m["opacity"] == "1"
            for kind, fill in [*colours["squares"].items(), ("under", m["under"])]:
                assert contrast(m["mark"], fill) >= 3, f"last move on {kind}: {m['mark']} on {fill}"
        for d in colours["dots"]:
            assert d["opacity"] == "1"
            for kind, fill in [("plain", colours["squares"]["plain"]), ("target", colours["targetFill"])]:
                assert contrast(d["mark"], fill) >= 3, f"target dot on {kind}: {d['mark']} on {fill}"
    finally:
        ctx.close()
