"""The playable examples of the mechanics pages: each page carries a board
that plays a real variant's rules from the example position of build_tools/mechanics.toml;
playing the one move the text shows produces the capture or result the text describes.

The expected outcomes come from the rules texts of the variants, not from the engine:
Copenhagen Hnefatafl (variants_src/copenhagen-hnefatafl, aagenielsen.dk): §5.5 shieldwall
(a row on the edge bracketed at both ends is captured), §5.3 the empty throne is hostile to
defenders, §5.7 exit fort, §5.8 encirclement; Ealdfaeder Taefl §5.5: the king is captured
when every neighbour is an attacker (or the edge).
"""

from __future__ import annotations

import tomllib

import pytest

from build_tools.mechanics import ENGLISH_SLUGS
from conftest import ROOT, BoardPage, wait_idle

pytestmark = pytest.mark.browser

ENTRIES = tomllib.loads((ROOT / "build_tools" / "mechanics.toml").read_text(encoding="utf-8"))
KIND = {"A": "attacker", "D": "defender", "K": "king"}

# example id -> (mechanics page, what the shown move does)
EXPECTED = {
    "schildwall-spiel": ("schildwall", {"captured": ["d1", "e1", "f1"], "reason": "shieldwall"}),
    "feindlich-spiel": ("feindliche-felder", {"captured": ["f7"], "reason": "hostile_throne"}),
    "randfestung-spiel": ("randfestung", {"result": ("defenders", "exit_fort")}),
    "umzingelung-spiel": ("umzingelung", {"result": ("attackers", "encirclement")}),
    "koenigsfang-spiel": ("koenigsfang", {"captured": ["g6"], "result": ("attackers", "king_captured")}),
}


def diagram_pieces(text: str) -> dict[str, str]:
    """The pieces of a mechanics.toml diagram (top rank first, rank labels on the left)."""
    rows = [line.split() for line in text.strip().splitlines()]
    out = {}
    for row in rows:
        rank, cells = row[0], row[1:]
        for f, c in enumerate(cells):
            if c in KIND:
                out["abcdefghijklmnopqrstuvwxy"[f] + rank] = KIND[c]
    return out


def test_every_mechanics_page_has_an_example_board(example_pages):
    """One playable example per mechanics page, in both languages."""
    for pos_id, (page, _) in EXPECTED.items():
        for lang in ("de", "en"):
            url = example_pages.get((pos_id, lang))
            assert url is not None, (pos_id, lang, sorted(example_pages))
            assert url.rstrip("/").endswith(f"mechanics/{page if lang == 'de' else ENGLISH_SLUGS[page]}")
            assert url.startswith("/en/") == (lang == "en")


@pytest.mark.parametrize("pos_id", list(EXPECTED))
def test_example_move_shows_the_mechanic(context, server, example_pages, pos_id):
    page_name, expect = EXPECTED[pos_id]
    entry = ENTRIES[pos_id]
    bp = BoardPage(context.new_page(), server)
    try:
        bp.open(example_pages[(pos_id, "de")])
        assert bp.attr("data-variant") == entry["rules"]
        assert bp.attr("data-example") == pos_id
        start = diagram_pieces(entry["diagram"])
        assert bp.pieces() == start
        assert bp.attr("data-to-move") == entry["to_move"]
        # the squares the legend calls "marked" (mechanics.toml marks) are framed on the live board too
        framed = bp.page.eval_on_selector_all("#board svg.tb-svg [data-mark]", "els => els.map(e => e.dataset.mark)")
        assert sorted(framed) == sorted(entry["marks"])
        # the text names and links the variant whose rules the board plays; the link works
        href = bp.page.eval_on_selector("#board .tafl-example-intro a[href]", "e => e.href")
        assert href.endswith(f"/variants/{entry['rules']}/")
        assert bp.page.request.get(href).ok
        frm, to = entry["move"].split("-")
        bp.move(frm, to)
        after = bp.pieces()
        assert after.get(to) == start[frm] and frm not in after
        captured = expect.get("captured", [])
        marks = sorted(bp.page.eval_on_selector_all("#board [data-captured]", "els => els.map(e => e.dataset.captured)"))
        assert marks == captured
        for sq in captured:
            assert sq not in after
        if "reason" in expect:
            reasons = bp.page.eval_on_selector_all('#board [data-role="captures"] li', "els => els.map(e => e.dataset.reason)")
            assert reasons == [expect["reason"]] * len(captured)
            # the capture's rule link leads to the variant's page
            href = bp.page.get_attribute('#board [data-role="captures"] li a', "href")
            assert f"variants/{entry['rules']}/#sec-" in href
        if "result" in expect:
            assert (bp.attr("data-result"), bp.attr("data-reason")) == expect["result"]
        else:
            assert bp.attr("data-result") is None
        bp.action("reset")
        assert bp.pieces() == start and bp.attr("data-to-move") == entry["to_move"]
        assert bp.errors == []
    finally:
        bp.page.close()


def test_example_board_in_english_and_share_link(context, server, example_pages):
    """The English page's board speaks English; its share link reopens the example position."""
    entry = ENTRIES["schildwall-spiel"]
    bp = BoardPage(context.new_page(), server)
    try:
        bp.open(example_pages[("schildwall-spiel", "en")])
        status = bp.page.eval_on_selector('#board [data-role="status"]', "e => e.textContent")
        assert status == "Attackers to move"
        bp.move("i1", "g1")
        line = bp.page.eval_on_selector('#board [data-role="captures"] li', "e => e.textContent")
        assert line.startswith("Defender on d1 taken in a shieldwall")
        bp.action("share")
        link = bp.page.input_value('#board [data-role="share-link"]')
        assert "pos=" in link and "turn=attackers" in link and "moves=i1-g1" in link
        bp.load("#moves=")
        assert bp.pieces() == diagram_pieces(entry["diagram"])
        wait_idle(bp.page)
    finally:
        bp.page.close()


EXAMPLES_ON_PAGES = sorted({pid for pid, e in ENTRIES.items() if "to_move" in e and "rules" in e})


def test_example_entries_are_positions_of_their_variant():
    """Every playable example is a possible position of its variant (tafl_core refuses an
    impossible one: no king, a piece on a square it may not stand on, a king already on an
    escape square), the game is not decided before the move, and the move is legal."""
    from tafl_core import Game, Move, load_ruleset, parse_diagram

    assert EXAMPLES_ON_PAGES == sorted(EXPECTED)
    for pid in EXAMPLES_ON_PAGES:
        e = ENTRIES[pid]
        rs = load_ruleset(ROOT / "variants_src" / e["rules"])
        game = Game(rs, parse_diagram(e["diagram"]), e["to_move"])
        assert game.result is None, pid
        assert game.why_illegal(Move.parse(e["move"], rs.size)) is None, pid
        assert sorted(rs.special_squares()["throne"]) == sorted(e.get("throne", [])), pid
        assert sorted(rs.special_squares()["corners"]) == sorted(e.get("corners", [])), pid


@pytest.mark.parametrize("lang,banner", [
    ("de", "Die Verteidiger gewinnen: der König hat eine Randfestung gebaut"),
    # the site's English word (mechanics page "Exit fort", labels "Exit fort wins"), not "edge fort"
    ("en", "The defenders win: the king has built an exit fort"),
])
def test_exit_fort_banner_uses_the_sites_word(context, server, example_pages, lang, banner):
    entry = ENTRIES["randfestung-spiel"]
    bp = BoardPage(context.new_page(), server)
    try:
        bp.open(example_pages[("randfestung-spiel", lang)])
        bp.move(*entry["move"].split("-"))
        assert bp.attr("data-reason") == "exit_fort"
        text = bp.page.eval_on_selector('#board [data-role="result"]', "e => e.hidden ? '' : e.textContent")
        assert text.startswith(banner + " (§"), text
        assert "edge fort" not in text
    finally:
        bp.page.close()
