"""The board's start-up: a first move before the engine is ready, clicks
during the start answered or played, the honest status while it starts or after it failed, a
file:// page (the offline copy, second and offline visits included: tests/browser/test_offline.py).

The position and moves come from Brandubh's rules (variants_src/brandubh/rules.toml): the
attackers move first (§5.1) and only the king may stop on a corner (§5.2), so the attacker on d1
may go to b1, c1, e1 or f1 and no further. No start move of any variant on the site captures
(build_tools/first_moves.py reports them all plain), so the first move tested is a plain one; a
capture from the table is covered by tests/js/firstmove.test.mjs and the table's parity with the
engine for every first move of every variant by tests/build_tools/test_first_moves.py.
"""

from __future__ import annotations

import pytest

from conftest import BoardPage, wait_idle, wait_ready

pytestmark = pytest.mark.browser

SLUG = "brandubh"
PYODIDE = "**/assets/pyodide/**"


def mounted(page):
    """The live board is built (before the engine is ready)."""
    page.wait_for_selector("#board.tb-live svg.tb-svg", timeout=30_000)


def engine_status(page) -> str:
    return page.eval_on_selector('#board [data-role="engine-status"]', "e => e.hidden ? '' : e.textContent")


class Held:
    """A route handler that holds Pyodide's requests until release() (then lets every request
    through): the engine is still starting for as long as the test wants."""

    def __init__(self):
        self.held = []
        self.open = False

    def __call__(self, route):
        if self.open:
            route.continue_()
        else:
            self.held.append(route)

    def release(self):
        self.open = True
        for r in self.held:
            r.continue_()
        self.held.clear()


def test_first_move_with_every_pyodide_request_blocked(browser, server, board_pages):
    """Every request for Pyodide and the wheel fails (route.abort): the engine cannot start,
    the board says why and how to fix it, and still takes the first move from the table:
    d1 selected shows the targets the rules give, d1-b1 is played and listed; a later click
    is answered, not dropped."""
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, lambda r: r.abort())
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "de")])
        mounted(bp.page)
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        assert bp.targets() == ["b1", "c1", "e1", "f1"]  # §5.2: no corner for an attacker
        bp.click("b1")
        assert bp.pieces().get("b1") == "attacker" and "d1" not in bp.pieces()
        assert bp.moves() == ["d1-b1"]
        assert bp.page.get_attribute('#board [data-square="b1"]:not([data-piece])', "class").find("tb-last") >= 0
        bp.page.wait_for_selector("#board[data-state=error]", timeout=60_000)
        status = engine_status(bp.page)
        assert status.startswith("Die Spiel-Engine konnte nicht geladen werden")
        assert "neu laden" in status and "Erneut versuchen" in status  # what to do
        assert "make serve" not in status  # words for readers, not for developers
        bp.click("c4")  # a defender: the next move would need the engine
        assert bp.message().startswith("Ohne Spiel-Engine geht kein weiterer Zug")
        assert bp.moves() == ["d1-b1"]
        undo = bp.page.locator('#board [data-action="undo"]')
        assert undo.is_disabled() and "Spiel-Engine" in undo.get_attribute("title")
    finally:
        ctx.close()


def test_click_during_start_up_is_answered_and_the_first_move_replayed(browser, server, board_pages):
    """While Pyodide's files are held back the status names the start-up phase; the first move
    is shown at once, a second click is answered ("the engine is still starting"); when the
    engine is ready it has played the first move, and the next side moves on the engine."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "en")])
        mounted(bp.page)
        assert bp.attr("data-state") == "loading"
        assert engine_status(bp.page).startswith("The game engine is starting: downloading Python")
        bp.click("d1")
        bp.page.wait_for_selector("#board [data-target]")
        bp.click("c1")
        assert bp.moves() == ["d1-c1"]
        bp.click("c4")
        assert bp.message() == "The engine is still starting … The next move works as soon as it is ready."
        held.release()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.moves() == ["d1-c1"]
        assert bp.message() == ""
        state = bp.page.evaluate("document.querySelector('#board').tbBoard.st")
        assert state["cursor"] == 1 and state["history"][0]["move"] == "d1-c1"
        assert not state.get("provisional")  # the engine's own state now
        assert state["to_move"] == "defenders"
        bp.move("c4", "c2")  # a defender's move, now played by the engine
        assert bp.moves() == ["d1-c1", "c4-c2"]
        assert bp.errors == []
    finally:
        ctx.close()


def test_a_link_waits_for_the_engine(browser, server, board_pages):
    """A shared link is a position the table does not cover: clicks are answered until the
    engine has opened the link's game."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "de")] + "#moves=d1-c1")
        mounted(bp.page)
        assert "Partie aus dem Link" in engine_status(bp.page)
        bp.click("d2")
        assert bp.message().startswith("Die Engine startet noch")
        assert bp.moves() == []
        held.release()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.moves() == ["d1-c1"]
    finally:
        ctx.close()


@pytest.mark.parametrize("lang, words", [("de", "den Ordner über HTTP ausliefern, z. B. mit `make serve`"),
                                         ("en", "serve the folder over HTTP, e.g. `make serve`")])
def test_file_page_says_to_serve_it_over_http(browser, site_dir, board_pages, lang, words):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        path = board_pages[(SLUG, lang)].lstrip("/") + "index.html"
        page.goto((site_dir / path).as_uri())
        page.wait_for_selector('#board [data-role="file-protocol"]:not([hidden])', timeout=30_000)
        text = page.eval_on_selector('#board [data-role="file-protocol"]', "e => e.textContent")
        assert words in text and "file://" in text
        assert page.get_attribute("#board", "data-state") == "error"
    finally:
        ctx.close()


def test_the_snapshot_is_used_and_a_missing_one_falls_back(browser, server, board_pages):
    """The build's memory snapshot (board-data pyodide.snapshot) starts Python in the worker;
    when it cannot be fetched, the worker starts Python as usual and the board plays all the
    same (the attacker's move d1-c1 of Brandubh, then the engine's targets for the defender)."""
    for missing in (False, True):
        ctx = browser.new_context(service_workers="block")
        try:
            if missing:
                ctx.route("**/tafl-snapshot.bin.gz*", lambda r: r.fulfill(status=404, body="gone"))
            bp = BoardPage(ctx.new_page(), server)
            bp.open(board_pages[(SLUG, "de")])
            times = bp.page.evaluate("document.querySelector('#board').tbBoard.engineInfo.times")
            assert times.get("snapshot") is (None if missing else True)
            bp.move("d1", "c1")
            # the defender on c4 runs along the c file, down to c2 (c1 is taken now) and up to c7
            # (no corner); b4 (an attacker) and d4 (the king) block the rank
            assert bp.select("c4") == ["c2", "c3", "c5", "c6", "c7"]
        finally:
            ctx.close()


def test_a_kept_game_waits_for_the_engine_and_takes_no_first_move(browser, server, board_pages):
    """A game kept in the tab (keep.js) is, like a link, a position the start table does not
    cover: after a reload with Pyodide held back, a click is answered and no table move is
    played over the kept game; when the engine is ready the kept game is there (merge find:
    the table was offered whenever the address held no link)."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "en")])
        wait_ready(bp.page)
        bp.move("d1", "c1")
        wait_idle(bp.page)
        assert bp.moves() == ["d1-c1"]
        ctx.route(PYODIDE, held)
        bp.page.reload()
        mounted(bp.page)
        assert bp.attr("data-state") == "loading"
        bp.click("e1")  # an attacker that could move at the start: no table move now
        assert bp.message().startswith("The engine is still starting")
        assert bp.moves() == []
        held.release()
        wait_ready(bp.page)
        wait_idle(bp.page)
        assert bp.moves() == ["d1-c1"]
        assert bp.errors == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- a failed or hanging start

WASM = "**/assets/pyodide/pyodide.asm.wasm*"
WHEEL = "**/assets/pyodide/tafl_core-*.whl*"
RAW_WORDS = ("make serve", "Failed to fetch", "TypeError", "net::", "HTTP", "wasm", "Error:")


def retry_and_play(bp):
    """Retry (the routes now let everything through): the engine starts in a new worker, the
    board is ready and takes a move on the engine (Brandubh: the attacker d1 to c1, §5.2)."""
    bp.page.click('#board [data-role="engine-retry"]')
    wait_ready(bp.page)
    wait_idle(bp.page)
    assert not bp.page.locator('#board [data-role="engine-retry"]').count()
    bp.move("d1", "c1")
    assert bp.moves() == ["d1-c1"]


def test_a_failed_download_says_so_in_readers_words_and_retry_starts_the_engine(browser, server, board_pages):
    """The download of the rules engine's wheel fails (route.abort; the browser says "Failed to
    fetch"): the status is a sentence for a reader, with what to do and a Retry button; the
    browser's own error is only in a folded details element. Retry, with the network back,
    starts the engine."""
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(WHEEL, lambda r: r.abort())
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "en")])
        bp.page.wait_for_selector("#board[data-state=error]", timeout=60_000)
        status = engine_status(bp.page)
        assert status.startswith("The game engine could not be loaded; perhaps the network is slow or down")
        assert "reload the page" in status and "Retry" in status
        for raw in RAW_WORDS:
            assert raw not in status, raw
        details = bp.page.locator('#board details[data-role="engine-details"]')
        assert details.count() == 1 and details.get_attribute("open") is None
        assert details.locator("summary").inner_text() == "Technical details"
        assert "Failed to fetch" in details.text_content()  # the browser's words, folded away
        ctx.unroute(WHEEL)
        retry_and_play(bp)
        assert not bp.page.locator('#board details[data-role="engine-details"]').count()
    finally:
        ctx.close()


def test_a_download_that_never_answers_times_out_with_retry(browser, server, board_pages):
    """Pyodide's WebAssembly download never answers: after the start-up's bound for one
    phase (30 s, engine.js START_PHASE_MS) the board stops waiting and says so in the reader's
    language, with Retry; Retry with the network back starts the engine."""
    held = []
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(WASM, lambda r: held.append(r))  # never answered
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "de")])
        mounted(bp.page)
        bp.page.wait_for_selector("#board[data-state=error]", timeout=75_000)
        assert held, "the WebAssembly request was held"
        status = engine_status(bp.page)
        assert status.startswith("Die Spiel-Engine konnte nicht geladen werden: Seit 30 Sekunden kam nichts mehr an")
        assert "Erneut versuchen" in status
        for raw in RAW_WORDS:
            assert raw not in status, raw
        ctx.unroute(WASM)
        retry_and_play(bp)
    finally:
        ctx.close()


def test_the_start_up_status_does_not_list_the_waiting_controls(browser, server, board_pages):
    """While the engine starts, the status line names the phase and that the first move works
    already, and no list of the controls that wait (their own titles say so)."""
    held = Held()
    ctx = browser.new_context(service_workers="block")
    try:
        ctx.route(PYODIDE, held)
        bp = BoardPage(ctx.new_page(), server)
        bp.page.goto(server + board_pages[(SLUG, "en")])
        mounted(bp.page)
        status = engine_status(bp.page)
        assert status == ("The game engine is starting: downloading Python (Pyodide, about 12 MB) (step 1 of 3) "
                          "… The first move works already.")
        held.release()
        wait_ready(bp.page)
    finally:
        ctx.close()
