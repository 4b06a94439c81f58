"""The playable board in a real browser: Debian's Chromium via Playwright, against the
built site served on 127.0.0.1 (fixtures in conftest.py).

Positions are written from the Ealdfaeder Taefl rules (variants_src/ealdfaeder-taefl, 9×9,
attackers first, corner escape, only the king may stop on the throne e5 and the corners):

    9 . . . A A A . . .
    8 . . . . A . . . .
    7 . . . . . . . . .
    6 A . . D D D . . A
    5 A A . D K D . A A
    4 A . . D D D . . A
    3 . . . . . . . . .
    2 . . . . A . . . .
    1 . . . A A A . . .
      a b c d e f g h i
"""

from __future__ import annotations

import pytest

from conftest import ROOT, variant_slugs, wait_idle, wait_ready

pytestmark = pytest.mark.browser

EALD = "ealdfaeder-taefl"
EALD_START = {
    "d9": "attacker", "e9": "attacker", "f9": "attacker", "e8": "attacker",
    "a6": "attacker", "i6": "attacker", "a5": "attacker", "b5": "attacker", "h5": "attacker",
    "i5": "attacker", "a4": "attacker", "i4": "attacker", "e2": "attacker",
    "d1": "attacker", "e1": "attacker", "f1": "attacker",
    "d6": "defender", "e6": "defender", "f6": "defender", "d5": "defender", "f5": "defender",
    "d4": "defender", "e4": "defender", "f4": "defender", "e5": "king",
}


@pytest.fixture
def eald(open_board):
    bp = open_board(EALD, "de")
    if bp.page.get_attribute("#board", "data-mode") == "edit":
        bp.page.click('#board [data-editor="cancel"]')
    bp.start()
    assert bp.pieces() == EALD_START
    return bp


# ---------------------------------------------------------------- every page starts

@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("slug", variant_slugs())
def test_board_ready_on_every_variant_page(open_board, slug, lang):
    """The board leaves `loading` for `ready` (Pyodide + tafl_core loaded in the worker) on every
    variant page in both languages, shows the variant's start layout and plays a first move."""
    bp = open_board(slug, lang)
    assert bp.attr("data-state") == "ready"
    assert bp.attr("data-variant") == slug
    assert bp.attr("data-to-move") in ("attackers", "defenders")
    data = bp.page.eval_on_selector('#board script[data-role="board-data"]', "e => JSON.parse(e.textContent)")
    assert data["lang"] == lang
    assert bp.pieces() == data["pieces"]
    assert bp.attr("data-to-move") == data["first_mover"]
    # ... and plays from it: a legal first move (tafl_core in this process names one) is taken,
    # the piece stands on its target and the other side is to move (turns alternate).
    if slug != EALD:
        from tafl_core import Game, Ruleset
        first = str(Game(Ruleset.from_toml(data["rules_toml"])).legal_moves()[0])
        frm, to = first.split("-")
        bp.move(frm, to)
        after = bp.pieces()
        assert after.get(to) == data["pieces"][frm] and frm not in after
        assert bp.attr("data-to-move") == ("defenders" if data["first_mover"] == "attackers" else "attackers")
        assert bp.moves()[-1].endswith(first) or first in bp.moves()[-1]
    assert bp.errors == []
    if slug != EALD:  # the other tests share the Ealdfaeder pages; close the rest (memory)
        open_board.close(slug, lang)


# ---------------------------------------------------------------- moving

def test_legal_move_by_click(eald):
    """§5.1/5.2: attackers move first; a piece moves like a rook over empty squares.
    d1 can reach d2, d3 (d4 is occupied), c1, b1 but not the corner a1 (only the king)."""
    assert eald.attr("data-to-move") == "attackers"
    assert eald.select("d1") == ["b1", "c1", "d2", "d3"]
    eald.click("d3")
    wait_idle(eald.page)
    p = eald.pieces()
    assert p.get("d3") == "attacker" and "d1" not in p
    assert eald.attr("data-to-move") == "defenders"
    assert eald.moves() == ["d1-d3"]
    assert eald.targets() == []
    # the last move is marked on both squares
    assert eald.page.eval_on_selector_all("#board .tb-last", "els => els.map(e => e.dataset.square).sort()") == ["d1", "d3"]


def test_legal_move_by_drag(eald):
    """Drag e2 along rank 2 to g2 (f2, g2 empty): pointer down, move, up."""
    page = eald.page
    page.locator("#board svg.tb-svg").scroll_into_view_if_needed()
    a = eald.square("e2").bounding_box()
    b = eald.square("g2").bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"], a["y"] + a["height"] / 2, steps=3)
    page.wait_for_selector("#board [data-target]")
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=5)
    page.mouse.up()
    wait_idle(page)
    p = eald.pieces()
    assert p.get("g2") == "attacker" and "e2" not in p
    assert eald.moves() == ["e2-g2"]
    assert eald.attr("data-to-move") == "defenders"


def test_legal_move_by_keyboard(eald):
    """Arrow keys move the focus square, Enter selects and moves: d1 to d3; the live region
    announces the move."""
    page = eald.page
    page.focus("#board svg.tb-svg")
    for _ in range(9):
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")
    for _ in range(3):
        page.keyboard.press("ArrowRight")   # a1 -> d1
    page.keyboard.press("Enter")
    page.wait_for_selector("#board [data-target]")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")          # d3
    page.keyboard.press(" ")
    wait_idle(page)
    p = eald.pieces()
    assert p.get("d3") == "attacker" and "d1" not in p
    assert eald.moves() == ["d1-d3"]
    live = page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")
    assert "d1-d3" in live


def test_illegal_move_refused(eald):
    """§5.3: only the king may stop on a corner: d1 to a1 is refused, as is a diagonal step
    d1 to c2; the position and the side to move stay as they were."""
    assert "a1" not in eald.select("d1")
    eald.click("a1")
    wait_idle(eald.page)
    assert eald.pieces() == EALD_START
    assert eald.attr("data-to-move") == "attackers"
    assert eald.moves() == []
    assert "d1-a1" in eald.message()
    eald.select("d1")
    eald.click("c2")
    wait_idle(eald.page)
    assert eald.pieces() == EALD_START
    assert "d1-c2" in eald.message()
    # a defender cannot move while the attackers are to move
    eald.click("d4")
    assert eald.targets() == []
    assert eald.pieces() == EALD_START


def test_undo_redo(eald):
    eald.move("d1", "d3")
    eald.move("d4", "c4")     # defender d4 along rank 4 (c4, b4 empty; a4 attacker)
    assert eald.moves() == ["d1-d3", "d4-c4"]
    eald.action("undo")
    assert eald.moves() == ["d1-d3"]
    assert eald.pieces().get("d4") == "defender"
    assert eald.attr("data-to-move") == "defenders"
    eald.action("undo")
    assert eald.pieces() == EALD_START
    assert eald.page.is_disabled('#board [data-action="undo"]')
    eald.action("redo")
    assert eald.pieces().get("d3") == "attacker"
    eald.action("redo")
    assert eald.moves() == ["d1-d3", "d4-c4"]
    assert eald.page.is_disabled('#board [data-action="redo"]')
    eald.action("reset")
    assert eald.pieces() == EALD_START
    assert eald.moves() == []


def test_flip_keeps_squares(eald):
    """Flipping turns the board by 180°: a1 is drawn top right, and moves still work."""
    box_a1 = eald.square("a1").bounding_box()
    box_i9 = eald.square("i9").bounding_box()
    assert box_a1["y"] > box_i9["y"]
    eald.action("flip")
    try:
        box_a1 = eald.square("a1").bounding_box()
        box_i9 = eald.square("i9").bounding_box()
        assert box_a1["y"] < box_i9["y"] and box_a1["x"] > box_i9["x"]
        eald.move("d1", "d3")
        assert eald.pieces().get("d3") == "attacker"
    finally:
        eald.action("flip")


# ---------------------------------------------------------------- shared links, results

# §5.4 (rules case eald-custodial): a defender between two attackers is taken.
#   4 . . A D . . . . .      attackers: c4, e1; defender d4; king g7
#   1 . . . . A . . . .
CUSTODIAL_OTN = "/4t4/9/9/2tT5/9/9/6K2/9/9/"


def test_capture_from_shared_link(context, server, board_pages):
    """A shared link opens that position in a fresh page; e1-e4 takes d4 between c4 and e4
    (§5.4), the capture is marked and explained in one line, naming the kind taken, with its
    rule section."""
    from conftest import BoardPage
    bp = BoardPage(context.new_page(), server)
    try:
        bp.open(board_pages[(EALD, "en")], f"#pos={CUSTODIAL_OTN}&turn=attackers")
        assert bp.pieces() == {"c4": "attacker", "d4": "defender", "e1": "attacker", "g7": "king"}
        assert bp.message() == ""
        bp.move("e1", "e4")
        assert bp.pieces() == {"c4": "attacker", "e4": "attacker", "g7": "king"}
        assert bp.moves() == ["e1-e4xd4"]
        marks = bp.page.eval_on_selector_all("#board [data-captured]", "els => els.map(e => e.dataset.captured)")
        assert marks == ["d4"]
        lines = bp.page.eval_on_selector_all('#board [data-role="captures"] li', "els => els.map(e => e.textContent)")
        assert len(lines) == 1
        assert lines[0] == "Defender on d4 taken between e4 and c4, §5.4"
        # the § of the custodial capture (rules.toml [rules.custodial], §5.4) links to the section
        href = bp.page.eval_on_selector('#board [data-role="captures"] li a', "a => a.getAttribute('href')")
        assert href == "#sec-5-4" and bp.page.locator(href).count() == 1
        assert bp.errors == [] and bp.dialogs == []
    finally:
        bp.page.close()


def test_share_link_round_trip(eald):
    """"Copy link" writes a fragment that reopens the same game."""
    eald.move("d1", "d3")
    eald.action("share")
    link = eald.page.input_value('#board [data-role="share-link"]')
    assert "#" in link and "moves=d1-d3" in link
    eald.start()
    assert eald.moves() == []
    eald.load("#" + link.split("#", 1)[1])
    assert eald.moves() == ["d1-d3"]
    assert eald.pieces().get("d3") == "attacker"


def test_game_to_result_with_banner(eald):
    """§4: the king wins on reaching a corner. King a5, attackers e1 and i5, defenders to move:
    a5-a9 ends the game; the banner names winner and reason and links the rule section;
    further moves are refused."""
    #    rank 1 "4t4", rank 5 "K7t"
    eald.load("#pos=/4t4/9/9/9/K7t/9/9/9/9/&turn=defenders")
    assert eald.pieces() == {"e1": "attacker", "a5": "king", "i5": "attacker"}
    assert eald.attr("data-to-move") == "defenders"
    eald.move("a5", "a9")
    assert eald.attr("data-result") == "defenders"
    assert eald.attr("data-reason") == "king_escaped"
    banner = eald.page.eval_on_selector('#board [data-role="result"]', "e => e.hidden ? '' : e.textContent")
    assert banner.startswith("Die Verteidiger gewinnen") and "entkommen" in banner
    assert eald.page.get_attribute('#board [data-role="result"] a', "href").startswith("#")
    live = eald.page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")
    assert "Die Verteidiger gewinnen" in live
    eald.click("e1")
    assert eald.targets() == []
    eald.action("undo")
    assert eald.attr("data-result") is None
    assert eald.page.eval_on_selector('#board [data-role="result"]', "e => e.hidden")


def test_king_captured_result(eald):
    """§5.5 (rules case eald-king-throne-3): king on e4 beside the throne, attackers on d4 and
    f4, e1-e3 closes the fourth side (the empty throne counts): the attackers win."""
    eald.load("#pos=/4t4/9/9/3tKt3/9/9/9/9/9/&turn=attackers")
    eald.move("e1", "e3")
    assert eald.attr("data-result") == "attackers"
    assert eald.attr("data-reason") == "king_captured"
    line = eald.page.eval_on_selector('#board [data-role="captures"] li', "e => e.textContent")
    assert line.startswith("König auf e4 gefangen, umzingelt von e3, ")
    assert "dem leeren Thron" in line and "d4" in line and "f4" in line
    assert line.endswith(", §5.5")
    assert eald.page.get_attribute('#board [data-role="captures"] li a', "href").startswith("#")


# ---------------------------------------------------------------- editor

def test_position_editor(eald):
    """Place and remove pieces; no king and a second king are refused with a reason by "Play
    from here", and the reason goes once a king is placed; an attacker put on the corner a1
    is refused at once; then play from the position with the chosen side to move."""
    page = eald.page
    eald.action("edit")
    assert eald.attr("data-mode") == "edit"
    page.click('#board [data-editor="clear"]')
    assert eald.pieces() == {}
    page.check('#board [data-tool="attacker"]')
    eald.click("c3")
    eald.click("h7")
    page.check('#board [data-tool="defender"]')
    eald.click("d3")
    assert eald.pieces() == {"c3": "attacker", "h7": "attacker", "d3": "defender"}
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert eald.attr("data-mode") == "edit"
    assert eald.message() == "Diese Stellung ist nicht möglich: die Stellung hat keinen König"
    page.check('#board [data-tool="king"]')
    eald.click("g2")
    page.wait_for_function("!document.querySelector('#board [data-role=\"message\"]').textContent")
    assert eald.message() == ""  # the king is there now
    eald.click("b8")
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert eald.attr("data-mode") == "edit"
    assert "2 Könige (b8, g2)" in eald.message()
    page.check('#board [data-tool="remove"]')
    eald.click("b8")
    page.wait_for_function("!document.querySelector('#board [data-role=\"message\"]').textContent")
    page.check('#board [data-tool="attacker"]')
    eald.click("a1")  # §5.3: only the king may stand on a corner
    page.wait_for_function("document.querySelector('#board [data-role=\"message\"]').textContent.includes('a1')")
    assert "ein Angreifer darf nicht auf a1 stehen (Eckfeld)" in eald.message()
    assert "a1" not in eald.pieces()  # refused at once, not only by "Play from here"
    page.check('#board [data-editor-turn="defenders"]')
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert eald.attr("data-mode") == "play"
    assert eald.message() == ""
    assert eald.pieces() == {"c3": "attacker", "h7": "attacker", "d3": "defender", "g2": "king"}
    assert eald.attr("data-to-move") == "defenders"
    eald.move("d3", "d7")
    assert eald.pieces().get("d7") == "defender"
    eald.action("share")
    link = page.input_value('#board [data-role="share-link"]')
    assert "pos=" in link and "turn=defenders" in link and "moves=d3-d7" in link


# ---------------------------------------------------------------- assumptions

def test_assumption_switch(open_board):
    """Every assumed rule with an alternative has a switch; switching plays on under the
    alternative (the game's moves are legal under it too) and says that the board plays a
    variant of the documented rules; switching back keeps the game as well."""
    bp = open_board(EALD, "en")
    page = bp.page
    data = page.eval_on_selector('#board script[data-role="board-data"]', "e => JSON.parse(e.textContent)")
    keys = [a["key"] for a in data["assumptions"] if a.get("alternative") is not None]
    assert "king_armed" in keys
    assert page.eval_on_selector_all("#board [data-alternative]", "els => els.map(e => e.dataset.alternative)") == keys
    assert page.eval_on_selector('#board [data-role="variant-notice"]', "e => e.hidden")
    page.check('#board [data-alternative="king_armed"]')
    wait_idle(page)
    notice = page.eval_on_selector('#board [data-role="variant-notice"]', "e => e.hidden ? '' : e.textContent")
    assert "variant of the documented rules" in notice
    assert bp.page.get_attribute("#board", "data-rules-changed") is not None
    bp.move("d1", "d3")
    bp.action("share")
    assert "alt=king_armed" in page.input_value('#board [data-role="share-link"]')
    page.uncheck('#board [data-alternative="king_armed"]')
    wait_idle(page)
    assert page.eval_on_selector('#board [data-role="variant-notice"]', "e => e.hidden")
    assert bp.moves() == ["d1-d3"]
    assert bp.message() == "Rules changed: the game goes on under the new rules; its move is legal under them too."
    bp.load("#moves=")


def test_switch_replays_the_game_and_the_address_follows(open_board):
    """A switch must not throw the game away (said only to screen readers) and left
    the old `#moves=` in the address, so a reload brought the old game back under the other
    rules. Now: the moves of a shared game (d1-d3, d4-c4: legal with the king armed or not) are
    replayed under the alternative, a visible message says so, the address holds the game with
    `alt=king_armed`, and a reload opens exactly that."""
    bp = open_board(EALD, "en")
    page = bp.page
    bp.load("#moves=d1-d3,d4-c4")
    before = bp.pieces()
    page.check('#board [data-alternative="king_armed"]')
    wait_idle(page)
    assert bp.moves() == ["d1-d3", "d4-c4"] and bp.pieces() == before
    assert bp.message() == "Rules changed: the game goes on under the new rules; all 2 moves are legal under them too."
    assert "moves=d1-d3,d4-c4" in page.url and "alt=king_armed" in page.url
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert page.is_checked('#board [data-alternative="king_armed"]')
    assert bp.moves() == ["d1-d3", "d4-c4"] and bp.pieces() == before
    assert bp.message() == ""
    bp.load("#moves=")
    assert not page.is_checked('#board [data-alternative="king_armed"]')


def test_undone_moves_stay_greyed_in_the_move_list(eald):
    """Undone moves do not vanish from the list: they stay after the played ones,
    greyed (and italic, not by colour alone), numbered on, so the reader sees what Redo replays;
    a key under the list says what grey means; Redo turns them into played moves again."""
    eald.move("d1", "d3")
    eald.move("d4", "c4")
    eald.action("undo")
    eald.action("undo")
    items = lambda: eald.page.eval_on_selector_all(
        '#board [data-role="move-list"] li[data-ply], #board [data-role="move-list"] li[data-future]',
        """els => els.map(e => [e.dataset.notation, e.value, e.hasAttribute('data-future'),
                                getComputedStyle(e).fontStyle === 'italic'])""")
    assert eald.moves() == []                 # nothing played ...
    assert items() == [["d1-d3", 1, True, True], ["d4-c4", 2, True, True]]   # ... two to redo
    key = eald.page.eval_on_selector('#board [data-role="move-marks"]', "e => e.hidden ? '' : e.textContent")
    assert "grau: zurückgenommen, „Vor“ spielt ihn wieder" in key
    assert "„Vor“" in eald.page.get_attribute('#board [data-role="move-list"] li[data-future="1"]', "title")
    eald.action("redo")
    assert eald.moves() == ["d1-d3"]
    assert items() == [["d1-d3", 1, False, False], ["d4-c4", 2, True, True]]
    eald.action("redo")
    assert items() == [["d1-d3", 1, False, False], ["d4-c4", 2, False, False]]
    assert eald.page.eval_on_selector('#board [data-role="move-marks"]', "e => e.hidden")
    # a new move replaces what Redo would have replayed
    eald.action("undo")
    eald.move("e6", "e7")
    assert items() == [["d1-d3", 1, False, False], ["e6-e7", 2, False, False]]


# ---------------------------------------------------------------- hostile fragments

def _no_injection(bp):
    assert bp.dialogs == []
    assert bp.page.eval_on_selector_all("#board img, [onerror]", "els => els.length") == 0


def test_hostile_fragment_on_load(context, server, board_pages):
    """A fragment with markup gives a readable message and the start position, and inserts nothing."""
    from conftest import BoardPage
    bp = BoardPage(context.new_page(), server)
    try:
        bp.open(board_pages[(EALD, "de")], "#pos=<img src=x onerror=alert(1)>")
        assert bp.pieces() == EALD_START
        assert "Startaufstellung" in bp.message()
        _no_injection(bp)
        assert bp.errors == []
    finally:
        bp.page.close()


@pytest.mark.parametrize("fragment", [
    "#pos=" + "/9" * 50_000,                       # 100 KB
    "#pos=<svg/onload=alert(1)>&turn=attackers",
    "#pos=/9/9/9/9/9/9/9/9/9/",                    # no king: the engine refuses it
    "#pos=/4t4/9/9/9/K7t/9/9/9/",                  # 8 ranks on a 9×9 board
    "#turn=nobody",
    "#moves=e1-e9",                                # e1 is blocked by e2
    "#moves=d1-d3,d1-d3",                          # the second is not legal
    "#moves=" + ",".join(["d1-d3", "d3-d1"] * 300),  # 600 moves
    "#moves=javascript:alert(1)",
    "#pos=%3Cb%3E&x=1",
    "#alt=not_a_rule",
])
def test_broken_fragment(eald, fragment):
    """Each broken or hostile fragment gives a message and the start position."""
    eald.move("d1", "d3")
    eald.load(fragment)
    assert eald.pieces() == EALD_START
    assert eald.moves() == []
    msg = eald.message()
    assert msg.startswith("Der Link enthält keine gültige Partie") and "Startaufstellung" in msg
    assert len(msg) < 300
    _no_injection(eald)


def test_plain_anchor_is_not_a_game(eald):
    """Section anchors (#board, #4-spielziel) are ordinary links, not games."""
    eald.move("d1", "d3")
    eald.load("#board")
    assert eald.moves() == ["d1-d3"]
    assert eald.message() == ""


# ---------------------------------------------------------------- engine failure, touch

def test_error_state_when_the_package_fails_to_load(browser, server, board_pages):
    """Pyodide does not throw when a package fails to load: the board checks, and shows the
    error state with a message instead of hanging in `loading`."""
    ctx = browser.new_context()
    try:
        ctx.route("**/tafl_core-*.whl*", lambda route: route.fulfill(status=404, body="gone"))
        page = ctx.new_page()
        page.goto(server + board_pages[(EALD, "en")])
        page.wait_for_selector("#board[data-state=error]", timeout=60_000)
        text = page.eval_on_selector('#board [data-role="engine-status"]', "e => e.textContent")
        assert text.startswith("The game engine could not be loaded")
        # the static position is still shown
        assert page.eval_on_selector_all("#board [data-piece]", "els => els.length") == len(EALD_START)
    finally:
        ctx.close()


def test_touch_tap_tap_move(browser, server, board_pages):
    """On a touch screen: tap a piece, tap a target; the board does not let the page scroll
    while a finger is on it (touch-action: none)."""
    from conftest import BoardPage
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 400, "height": 800})
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(EALD, "de")])
        assert bp.page.eval_on_selector("#board svg.tb-svg", "e => getComputedStyle(e).touchAction") == "none"
        bp.square("d1").tap()
        bp.page.wait_for_selector("#board [data-target]")
        bp.square("d3").tap()
        wait_idle(bp.page)
        assert bp.pieces().get("d3") == "attacker"
        assert bp.moves() == ["d1-d3"]
    finally:
        ctx.close()


def test_pyodide_from_the_cdn(browser, tmp_path_factory):
    """With the CDN option the Pyodide core comes from the CDN URL in board-data (answered here
    from node_modules/pyodide, as the CDN would, with CORS) and the tafl-core wheel from the site."""
    import functools
    import http.server
    import threading

    from conftest import QuietHandler
    from fixture_site import CDN_INDEX, build_fixture_site

    site = build_fixture_site(tmp_path_factory.mktemp("cdn-site"), cdn=True)
    assert not (site / "assets" / "pyodide" / "pyodide.asm.wasm").exists()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    npm = ROOT / "node_modules" / "pyodide"
    served = []

    def cdn(route):
        name = route.request.url[len(CDN_INDEX):].split("?")[0]
        f = npm / name
        if "/" in name or not f.is_file():
            route.fulfill(status=404, body="not on this CDN")
            return
        served.append(name)
        ctype = {"mjs": "text/javascript", "wasm": "application/wasm", "json": "application/json"}.get(
            name.rsplit(".", 1)[-1], "application/octet-stream")
        route.fulfill(status=200, body=f.read_bytes(), headers={
            "Content-Type": ctype, "Access-Control-Allow-Origin": "*"})

    ctx = browser.new_context()
    try:
        ctx.route(CDN_INDEX + "**", cdn)
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_port}/de/{EALD}/")
        wait_ready(page)
        assert "pyodide.asm.wasm" in served and "pyodide.mjs" in served
    finally:
        ctx.close()
        httpd.shutdown()
        httpd.server_close()


# ---------------------------------------------------------------- robustness

def test_python_error_is_one_line(eald):
    """Whatever the worker is handed, the page gets one line, never a traceback: a snapshot
    asked with a list for its bound (once a TypeError, now a refusal with its reason, so
    that the board can word every bad argument), and a rules text nested too deep for
    the parser, which tafl_core.limits refuses before tomllib would raise RecursionError
    (hostile input ends in one line, never a traceback). A Python exception that is no refusal is one line too: the dispatcher's own test,
    tests/tafl_core/test_reasons.py test_dispatcher_faults_are_one_line."""
    got = eald.page.evaluate("""async () => {
        const b = document.querySelector('#board').tbBoard;
        try { await b.engine.call('snapshot', {max_moves: [1]}); return 'no error'; }
        catch (e) { return {message: e.message, reason: e.reason || null}; }
    }""")
    msg = got["message"]
    assert "\n" not in msg and "Traceback" not in msg and 'File "' not in msg
    assert msg == "max_moves must be a number from 0 to 1000000000"
    assert got["reason"] == {"code": "bad_limit", "params": {"name": "max_moves", "min": 0, "max": 1000000000}}
    msg = eald.page.evaluate("""async () => {
        const b = document.querySelector('#board').tbBoard;
        try { await b.engine.call('session', {rules_toml: 'x = ' + '['.repeat(5000)}); return 'no error'; }
        catch (e) { return e.message; }
    }""")
    assert msg == "rules.toml:1: arrays or inline tables nested more than 8 deep"
    # a malformed request (no square) is one line too, and the board still plays
    msg = eald.page.evaluate("""async () => {
        const b = document.querySelector('#board').tbBoard;
        try { await b.engine.call('targets', {}); return 'no error'; } catch (e) { return e.message; }
    }""")
    assert "\n" not in msg and "Traceback" not in msg
    eald.move("d1", "d3")
    assert eald.pieces().get("d3") == "attacker"


# Tawlbwrdd, R. C. Bell layout (11×11, edge escape, no throne by assumption; the alternative
# is a throne f6 for the king alone). King c3, defenders f6 and d4, attackers a1 and k11.
BELL = "tawlbwrdd-bell"
BELL_OTN = "/t10/11/2K8/3T7/11/5T5/11/11/11/11/10t/"


def test_refused_assumption_switch_rolls_back(open_board):
    """A position possible under the documented rules (a defender on f6) but not under the
    alternative (f6 becomes a throne only the king may stand on): ticking the throne switch is
    refused with the engine's reason in German; the switch goes back, the board keeps the game
    and its rules, and the next move is still played under them."""
    bp = open_board(BELL, "de")
    page = bp.page
    try:
        bp.load(f"#pos={BELL_OTN}&turn=attackers")
        before = bp.pieces()
        assert before == {"a1": "attacker", "c3": "king", "d4": "defender", "f6": "defender", "k11": "attacker"}
        page.click('#board [data-alternative="throne"]')   # (page.check would insist on the tick)
        page.wait_for_selector('#board [data-role="message"]:not([hidden])')
        wait_idle(page)
        assert not page.is_checked('#board [data-alternative="throne"]')
        msg = bp.message()
        assert msg.startswith("Die Alternative lässt sich in dieser Stellung nicht spielen")
        assert "ein Verteidiger darf nicht auf f6 stehen (Thron)" in msg
        assert page.eval_on_selector('#board [data-role="variant-notice"]', "e => e.hidden")
        assert bp.pieces() == before
        # the worker still holds that game: f6 is an ordinary square, a1 moves along rank 1
        bp.move("a1", "a2")
        assert bp.moves() == ["a1-a2"]
        assert bp.pieces().get("a2") == "attacker"
        bp.action("share")
        assert "alt=" not in page.input_value('#board [data-role="share-link"]')
    finally:
        open_board.close(BELL, "de")


def test_fast_hash_changes_do_not_interleave(eald):
    """Two fragments 5 ms apart (400 and 401 moves): the board ends on the second game, with
    exactly 401 moves; then twenty changes in a row end on the last one without a message."""
    moves = ["e2-c2", "e4-e3", "c2-e2", "e3-e4"] * 101
    a = "moves=" + ",".join(moves[:400])
    b = "moves=" + ",".join(moves[:401])
    page = eald.page
    page.evaluate("""([a, b]) => new Promise(r => {
        location.hash = a; setTimeout(() => { location.hash = b; setTimeout(r, 50); }, 5); })""", [a, b])
    page.wait_for_function("() => !document.querySelector('#board').hasAttribute('aria-busy')", timeout=60_000)
    wait_idle(page)
    assert len(eald.moves()) == 401
    assert eald.attr("data-to-move") == "defenders"
    assert eald.message() == ""
    frags = ["moves=" + ",".join(moves[:n]) for n in range(1, 21)]
    frags[7] = "moves=e1-e9"        # a broken one in the middle: superseded, no message stays
    page.evaluate("""(frags) => new Promise(r => {
        let i = 0; const next = () => { location.hash = frags[i++]; if (i < frags.length) setTimeout(next, 2); else setTimeout(r, 50); };
        next(); })""", frags)
    page.wait_for_function("() => !document.querySelector('#board').hasAttribute('aria-busy')", timeout=60_000)
    assert len(eald.moves()) == 20
    assert eald.message() == ""


def test_hash_change_while_a_move_is_in_flight(eald):
    """A fragment arriving while a move is being played wins: the board ends on its game."""
    page = eald.page
    eald.select("d1")
    page.evaluate("""() => { const b = document.querySelector('#board').tbBoard;
        b.play('d1-d3'); location.hash = 'moves=e2-g2'; }""")
    page.wait_for_timeout(50)
    wait_idle(page)
    assert eald.moves() == ["e2-g2"]
    assert eald.pieces().get("g2") == "attacker" and eald.pieces().get("d1") == "attacker"


# King e5 on the throne, attackers on all four sides, defenders to move: the king cannot
# move and there is no other defender. Ealdfaeder's no_moves is "none" (assumed; the source
# does not say): the game has no result; the alternative "loss" decides it at once.
STUCK_OTN = "/9/9/9/4t4/3tKt3/4t4/9/9/9/"


def test_stuck_side_is_shown(eald):
    eald.load(f"#pos={STUCK_OTN}&turn=defenders")
    assert eald.attr("data-result") is None
    assert eald.attr("data-stuck") is not None
    status = eald.page.eval_on_selector('#board [data-role="status"]', "e => e.textContent")
    assert status == "Die Verteidiger können nicht ziehen; die Quelle regelt diesen Fall nicht (siehe Annahmen)."
    assert eald.page.get_attribute('#board [data-role="status"] a', "href") == "#assumptions"
    # under the alternative the blocked side loses at once (§ no_moves alternative "loss")
    eald.load(f"#pos={STUCK_OTN}&turn=defenders&alt=no_moves")
    assert eald.attr("data-stuck") is None
    assert eald.attr("data-result") == "attackers"
    assert eald.attr("data-reason") == "no_legal_moves"
    eald.load("#moves=")
    assert eald.attr("data-stuck") is None


def test_editor_blocked_side_and_king_on_escape_square(eald):
    """In the editor: a king on the corner a1 is refused (he would already have escaped, §4),
    in German; a set-up position in which the side to move cannot move is played and said so."""
    page = eald.page
    eald.action("edit")
    page.click('#board [data-editor="clear"]')
    page.check('#board [data-tool="king"]')
    eald.click("a1")
    page.check('#board [data-tool="attacker"]')
    eald.click("c3")
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert eald.attr("data-mode") == "edit"
    assert eald.message() == "Diese Stellung ist nicht möglich: der König steht schon auf einem Fluchtfeld (a1)"
    page.check('#board [data-tool="remove"]')
    eald.click("a1")
    eald.click("c3")
    page.check('#board [data-tool="king"]')
    eald.click("e5")
    page.check('#board [data-tool="attacker"]')
    for sq in ("d5", "f5", "e4", "e6"):
        eald.click(sq)
    page.check('#board [data-editor-turn="defenders"]')
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert eald.attr("data-mode") == "play"
    assert eald.attr("data-stuck") is not None
    assert "Die Verteidiger können nicht ziehen" in eald.page.eval_on_selector('#board [data-role="status"]', "e => e.textContent")


def test_assumption_labels_from_the_site(open_board):
    """The switches use the site's words (board-data label / value_label / alternative_label
    from build_tools/labels.py); an empty list of kinds reads "nobody", never a raw rule key, and
    a sub-rule name that holds a colon ("Throne: hostile to") takes its value without a second
    colon."""
    bp = open_board(BELL, "en")
    try:
        data = bp.page.eval_on_selector('#board script[data-role="board-data"]', "e => JSON.parse(e.textContent)")
        throne = next(a for a in data["assumptions"] if a["key"] == "throne")
        assert throne["label"] == "Throne" and throne["value_label"] == "no"
        assert "Throne: hostile to nobody" in throne["alternative_label"]
        text = bp.page.eval_on_selector('#board [data-assumption="throne"]', "e => e.textContent")
        assert text.startswith("Throne: no (assumed)")
        assert "Throne: hostile to nobody" in text
        assert "throne_hostile" not in text and "—  " not in text and "to: " not in text
    finally:
        open_board.close(BELL, "en")


def test_restart_drops_the_shared_moves_from_the_address(eald):
    """After "Neu beginnen" on a shared link, a reload does not bring the moves back."""
    eald.load("#moves=d1-d3")
    assert len(eald.moves()) == 1, eald.moves()
    assert "moves=d1-d3" in eald.page.url, eald.page.url
    eald.action("reset")
    assert eald.moves() == [], eald.moves()
    assert "d1-d3" not in eald.page.url, eald.page.url
    assert eald.pieces() == EALD_START
