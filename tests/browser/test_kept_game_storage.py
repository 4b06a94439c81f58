"""The kept game when the tab's storage misbehaves (docs/assets/board/keep.js, links.js): a full
sessionStorage loses nothing silently (the reader is told, and the address keeps the game, so a
reload opens it), and a stored revision, however large, never blocks the saves that follow.

Moves from the rules of Ealdfæder Tæfl (variants_src/ealdfaeder-taefl: 9×9, attackers first;
attackers d1 e1 f1 e2, defenders d4 e4 f4 around the king e5): d1-d3 over the empty d2, then the
defender d4 to c4, then the attacker f1 to f3; none takes anything.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

EALD = "ealdfaeder-taefl"
KEY = "tafl-kept:" + EALD
# words.js STRINGS.de.keptInAddress
KEPT_IN_ADDRESS = ("Der Speicher dieses Tabs ist voll: Die Partie steht stattdessen in der Adresse "
                   "(Neu laden und Lesezeichen behalten sie).")

FILL_STORAGE = """() => {
    let i = 0;
    for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {
        const chunk = 'x'.repeat(size);
        try { for (;;) sessionStorage.setItem('fill-' + size + '-' + i++, chunk); } catch (e) { /* full */ }
    }
    // the last bytes: keys of one character, empty values
    for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') {
        try { sessionStorage.setItem(c, ''); } catch (e) { break; }
    }
    try { sessionStorage.setItem('probe', 'x'); return false; } catch (e) { return true; }
}"""


@pytest.fixture
def tab(browser, server, board_pages):
    """A tab of its own (its own sessionStorage) on Ealdfæder Tæfl's German page."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bp = BoardPage(ctx.new_page(), server)
    bp.path = board_pages[(EALD, "de")]
    bp.open(bp.path)
    yield bp
    ctx.close()


def settle(bp: BoardPage):
    wait_ready(bp.page)
    wait_idle(bp.page)


def test_a_full_storage_tells_the_reader_and_the_address_keeps_the_game(tab):
    page = tab.page
    tab.move("d1", "d3")  # kept in the tab's storage
    assert page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k)).frag", KEY) == "moves=d1-d3"
    assert page.evaluate(FILL_STORAGE), "the tab's storage could not be filled"
    tab.move("d4", "c4")
    assert tab.message() == KEPT_IN_ADDRESS
    assert "moves=d1-d3,d4-c4" in page.evaluate("() => location.hash")
    # the older copy in the storage never wins over the address
    page.reload()
    settle(tab)
    assert tab.moves() == ["d1-d3", "d4-c4"]
    tab.move("f1", "f3")
    assert "moves=d1-d3,d4-c4,f1-f3" in page.evaluate("() => location.hash")
    page.reload()
    settle(tab)
    assert tab.moves() == ["d1-d3", "d4-c4", "f1-f3"]
    assert tab.errors == []


def test_a_huge_stored_revision_does_not_block_later_saves(tab):
    page = tab.page
    page.evaluate("""(k) => sessionStorage.setItem(k, JSON.stringify(
        {v: 1, frag: 'moves=d1-d3', game: 'abc', rev: Number.MAX_SAFE_INTEGER}))""", KEY)
    page.reload()
    settle(tab)
    assert tab.moves() == ["d1-d3"]  # the kept game opens
    tab.move("d4", "c4")
    kept = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k))", KEY)
    assert kept["frag"] == "moves=d1-d3,d4-c4"
    page.reload()
    settle(tab)
    assert tab.moves() == ["d1-d3", "d4-c4"]
    # the tab's counter at the largest revision: the saves go on all the same
    page.evaluate("() => sessionStorage.setItem('tafl-revision', String(Number.MAX_SAFE_INTEGER))")
    tab.action("undo")
    kept = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k))", KEY)
    assert kept["frag"] == "moves=d1-d3" and is_revision(kept["rev"])
    page.reload()
    settle(tab)
    assert tab.moves() == ["d1-d3"]
    assert tab.errors == []


def is_revision(n) -> bool:
    """A whole number from 0 to 2**53 - 1 (keep.js isRevision)."""
    return isinstance(n, int) and 0 <= n <= 2**53 - 1
