"""Fixtures for the browser tests: the built site served on 127.0.0.1, Debian's Chromium driven
by Playwright for Python, and one page per variant shared by the tests of a session (Pyodide
takes seconds to start).

Which site is served:
- default: the MkDocs site, built once per session with `python -m build_tools site` (as
  `make site`) into a temporary folder; while the site builder does not exist, the fixture
  site of tests/browser/fixture_site.py stands in (with a warning);
- TAFL_TEST_SITE=fixture: always the fixture site; TAFL_TEST_SITE=<dir>: that directory as it is.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_TIMEOUT_MS = 60_000

sys.path.insert(0, str(Path(__file__).resolve().parent))


def variant_slugs() -> list[str]:
    """Every variant with a board: a folder of variants_src with rules.toml, except text-only
    variants (`board = false` in [variant]: a page without a board) and hex boards
    (`geometry = "hex"`: the page shows the start diagram, the board plays square grids only)."""
    import tomllib
    out = []
    for p in sorted((ROOT / "variants_src").iterdir()):
        f = p / "rules.toml"
        if not f.is_file():
            continue
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError:
            data = {}
        meta = data.get("variant", {})
        hexagonal = data.get("rules", {}).get("geometry", {}).get("value") == "hex"
        if meta.get("board", True) is not False and not hexagonal:
            out.append(p.name)
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files; .mjs and .wasm with the MIME types module workers and wasm streaming need."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/zip"}

    def log_message(self, *args):
        pass


def _build_site(tmp_factory) -> Path:
    choice = os.environ.get("TAFL_TEST_SITE", "")
    if choice and choice != "fixture":
        return Path(choice).resolve()
    if choice != "fixture":
        out = tmp_factory.mktemp("built") / "site"
        proc = subprocess.run([sys.executable, "-m", "build_tools", "site", "--site-dir", str(out)],
                              cwd=ROOT, capture_output=True, text=True)
        if proc.returncode == 0 and out.is_dir():
            return out
        if proc.returncode != 2:  # 2: the site command does not exist yet
            pytest.fail("`python -m build_tools site` failed:\n" + (proc.stderr or proc.stdout)[-3000:])
        warnings.warn("the site builder is not available yet: testing the board on the fixture site")
    from fixture_site import build_fixture_site
    return build_fixture_site(tmp_factory.mktemp("fixture-site"))


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian package chromium): browser tests skipped")
    return _build_site(tmp_path_factory)


def _boards_in_site(site_dir: Path) -> list[tuple[dict, str]]:
    """(attributes of the #board element, URL path) of every page with a board."""
    out = []
    tag_re = re.compile(r"<div\b[^>]*\bid=\"board\"[^>]*>")
    for f in site_dir.rglob("*.html"):
        if "assets" in f.relative_to(site_dir).parts:
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        m = tag_re.search(text)
        if not m or "tafl-board" not in m.group(0):
            continue
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(0)))
        rel = f.relative_to(site_dir).as_posix()
        out.append((attrs, "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)))
    return out


@pytest.fixture(scope="session")
def board_pages(site_dir) -> dict[tuple[str, str], str]:
    """(slug, lang) -> URL path of the page carrying that variant's board, found in the site
    (example boards of the mechanics pages, `data-example`, are not variant pages)."""
    return {(a.get("data-variant", ""), a.get("data-lang", "")): url
            for a, url in _boards_in_site(site_dir) if "data-example" not in a}


@pytest.fixture(scope="session")
def example_pages(site_dir) -> dict[tuple[str, str], str]:
    """(example id of build_tools/mechanics.toml, lang) -> URL path of the mechanics page
    carrying that example board."""
    return {(a["data-example"], a.get("data-lang", "")): url
            for a, url in _boards_in_site(site_dir) if "data-example" in a}


@pytest.fixture(scope="session")
def server(site_dir):
    handler = functools.partial(QuietHandler, directory=str(site_dir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser(site_dir):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def context(browser):
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    yield ctx
    ctx.close()


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    """Wait until the board left the loading state; fails with the board's own message on error."""
    page.wait_for_selector("#board[data-state=ready], #board[data-state=error]", timeout=timeout)
    state = page.get_attribute("#board", "data-state")
    if state != "ready":
        msg = page.eval_on_selector("#board", "e => (e.querySelector('.tb-engine') || e).textContent")
        raise AssertionError(f"board in state {state!r}: {msg.strip()[:500]}")


def wait_idle(page):
    page.wait_for_selector("#board[data-state=ready]:not([aria-busy])")


class BoardPage:
    """One loaded variant page and helpers speaking the board's test contract."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def open(self, path: str, fragment: str = ""):
        self.page.goto(self.base_url + path + fragment)
        wait_ready(self.page)
        wait_idle(self.page)

    def load(self, fragment: str):
        """Open a game by changing the fragment of the loaded page (the hashchange path)."""
        self.page.evaluate("""async (frag) => {
            const root = document.querySelector('#board');
            location.hash = '';
            await new Promise(r => setTimeout(r, 0));
            location.hash = frag;
            await new Promise(r => setTimeout(r, 0));
            while (root.hasAttribute('aria-busy')) await new Promise(r => setTimeout(r, 10));
        }""", fragment)
        wait_idle(self.page)

    def start(self):
        """The variant's start position, no moves, no message."""
        self.load("#moves=")

    def pieces(self) -> dict[str, str]:
        return self.page.eval_on_selector_all(
            "#board [data-piece][data-square]",
            "els => Object.fromEntries(els.map(e => [e.dataset.square, e.dataset.piece]))")

    def square(self, sq: str):
        return self.page.locator(f'#board [data-square="{sq}"]:not([data-piece])')

    def click(self, sq: str):
        loc = self.square(sq)
        # centre it first: the theme's sticky header would otherwise cover squares near the top
        loc.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        loc.click()

    def targets(self) -> list[str]:
        return sorted(self.page.eval_on_selector_all("#board [data-target]", "els => els.map(e => e.dataset.square)"))

    def select(self, sq: str) -> list[str]:
        self.click(sq)
        self.page.wait_for_selector("#board [data-target]")
        return self.targets()

    def move(self, frm: str, to: str):
        self.select(frm)
        self.click(to)
        wait_idle(self.page)

    def attr(self, name: str):
        return self.page.get_attribute("#board", name)

    def moves(self) -> list[str]:
        """The moves played, as the move list shows them; for a long game whose list shows only a
        window of rows (`data-window`, movelist.js plyWindow), every move of the board's game."""
        if self.page.eval_on_selector('#board [data-role="move-list"]', "e => e.hasAttribute('data-window')"):
            return self.page.eval_on_selector(
                "#board", "b => b.tbBoard.st.history.slice(0, b.tbBoard.st.cursor).map(h => h.notation)")
        return self.page.eval_on_selector_all(
            '#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.textContent.trim())")

    def action(self, name: str):
        self.page.click(f'#board [data-action="{name}"]')
        wait_idle(self.page)

    def message(self) -> str:
        return self.page.eval_on_selector('#board [data-role="message"]', "e => e.hidden ? '' : e.textContent")


@pytest.fixture(scope="session")
def open_board(context, server, board_pages):
    """open_board(slug, lang="de") -> BoardPage, one page per (slug, lang) for the session."""
    cache: dict[tuple[str, str], BoardPage] = {}

    def get(slug: str, lang: str = "de") -> BoardPage:
        key = (slug, lang)
        if key not in cache:
            if key not in board_pages:
                pytest.fail(f"no page with the board of {slug} ({lang}) in the site; found {sorted(board_pages)}")
            bp = BoardPage(context.new_page(), server)
            bp.open(board_pages[key])
            bp.path = board_pages[key]
            cache[key] = bp
        # A page in a background tab has its timers throttled (about 1 s per setTimeout), which
        # made every step of a test on an earlier opened page slow: bring it to the front.
        cache[key].page.bring_to_front()
        return cache[key]

    def close(slug: str, lang: str = "de") -> None:
        bp = cache.pop((slug, lang), None)
        if bp:
            bp.page.close()

    get.close = close
    yield get
    for bp in cache.values():
        bp.page.close()


@pytest.fixture()
def board_page(browser, server, board_pages):
    """``board_page(slug, lang)``: a variant's board at 1280×900 in a browser context of its own
    (closed after the test), as a :class:`BoardPage`."""
    contexts = []

    def make(slug: str, lang: str) -> BoardPage:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        bp = BoardPage(ctx.new_page(), server)
        bp.open(board_pages[(slug, lang)])
        return bp

    yield make
    for ctx in contexts:
        ctx.close()
