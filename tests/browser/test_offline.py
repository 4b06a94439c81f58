"""The offline copy in the browser (docs/sw.js, docs/assets/offline-copy.js,
build_tools/offline_copy.py): one online visit copies the whole site, one build, and then every
page of both languages and its board open without a network; a page the copy lacks shows the
offline page of its language; a new build replaces the copy whole and never hangs a reload.

"Offline" here is the server stopped (connection refused, for the pages and the service worker
alike) and the browser context set offline. What the copy must hold is read from the built site
itself (every ``index.html`` of both languages; Pyodide's core files, the wheel, the snapshot),
and "one build" is checked byte for byte: each cached body's sha256 against the file served.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import http.server
import re
import shutil
import threading
from pathlib import Path

import pytest

from conftest import QuietHandler, wait_idle, wait_ready

pytestmark = pytest.mark.browser

COPY_TIMEOUT_MS = 180_000
ENGINE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "tafl-snapshot.bin.gz"]


class Site:
    """A copy of the built site served on 127.0.0.1 by a server that can be stopped (offline)."""

    def __init__(self, src: Path, dest: Path):
        shutil.copytree(src, dest)
        self.dir = dest
        self.httpd = None
        self.port = 0

    def start(self):
        hits = self.hits = collections.Counter()

        class Counting(QuietHandler):
            def do_GET(self):
                hits.update([self.path.split("?")[0]])
                super().do_GET()

        handler = functools.partial(Counting, directory=str(self.dir))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_port
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture
def site(site_dir, tmp_path):
    s = Site(site_dir, tmp_path / "site")
    yield s
    s.stop()


def _pages(site_dir: Path) -> list[str]:
    """Addresses (relative to the root) of every page of both languages in the built site."""
    out = []
    for f in sorted(site_dir.rglob("index.html")):
        rel = f.relative_to(site_dir).as_posix()
        if rel.startswith("assets/"):
            continue
        out.append(rel[: -len("index.html")])
    return out


def _cached(page) -> dict[str, str]:
    """{URL: sha256 of the body} of every entry of every `tafl-` cache, and the cache names."""
    return page.evaluate("""async () => {
        const out = {names: (await caches.keys()).filter((n) => n.startsWith('tafl-')), files: {}};
        for (const name of out.names) {
            const c = await caches.open(name);
            for (const req of await c.keys()) {
                const body = await (await c.match(req)).arrayBuffer();
                const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
                out.files[req.url] = Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
            }
        }
        return out;
    }""")


def _served_hash(site_dir: Path, address: str) -> str:
    rel = address + "index.html" if address == "" or address.endswith("/") else address
    return hashlib.sha256((site_dir / rel).read_bytes()).hexdigest()


def _wait_copy(page, build: str | None = None) -> str:
    """Wait until a complete copy controls the page (data-offline-copy set); its build."""
    if build:
        page.wait_for_function(f"document.documentElement.dataset.offlineCopy === {build!r}", timeout=COPY_TIMEOUT_MS)
    else:
        page.wait_for_function("!!document.documentElement.dataset.offlineCopy", timeout=COPY_TIMEOUT_MS)
    return page.evaluate("document.documentElement.dataset.offlineCopy")


def test_one_visit_copies_every_page_and_the_engine_and_all_open_offline(browser, site, board_pages):
    base = site.start()
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
        page.goto(base + board_pages[("brandubh", "de")])
        wait_ready(page)
        _wait_copy(page)
        copy = _cached(page)
        assert len(copy["names"]) == 1, copy["names"]
        urls = set(copy["files"])
        missing = [a for a in _pages(site.dir) if f"{base}/{a}" not in urls]
        assert not missing, f"pages not in the offline copy: {missing}"
        for name in ENGINE:
            assert f"{base}/assets/pyodide/{name}" in urls, f"{name} not in the offline copy"
        assert any(u.endswith(".whl") for u in urls)
        # one build: every cached body is the file the server has
        for url, digest in copy["files"].items():
            assert digest == _served_hash(site.dir, url[len(base) + 1:]), f"{url} differs from the build"

        # a second visit downloads no engine file: the copy serves them
        site.hits.clear()
        page.goto(base + board_pages[("brandubh", "en")])
        wait_ready(page)
        assert not [p for p in site.hits if "/assets/pyodide/" in p], dict(site.hits)

        site.stop()
        ctx.set_offline(True)
        # pages never visited, both languages; a board starts from the copy
        page.goto(base + board_pages[("alea-evangelii", "en")])
        wait_ready(page)
        wait_idle(page)
        assert page.evaluate("document.documentElement.lang") == "en"
        for address, lang in [("/glossary/", "de"), ("/en/comparison/", "en"), ("/en/", "en"), ("/mechanics/", "de")]:
            page.goto(base + address)
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.locator("article h1").count() == 1
        # a page's address without its trailing slash: redirected to the page, as the server does
        page.goto(base + "/en/glossary")
        assert page.url == base + "/en/glossary/" and page.evaluate("document.documentElement.lang") == "en"
        # the search of each language works offline (its index is in the copy)
        page.goto(base + "/en/")
        page.click("input.md-search__input")
        page.keyboard.type("brandubh")
        page.wait_for_selector(".md-search-result__list > li", timeout=20_000)
        # a page the copy lacks: the offline page of its language
        page.goto(base + "/en/variants/no-such-variant/")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("article h1").inner_text().rstrip("¶") == "This page is not available offline"
        page.goto(base + "/variants/keine-solche/")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator("article h1").inner_text().rstrip("¶") == "Diese Seite ist offline nicht da"
        page.wait_for_timeout(1000)
        assert errors == [], errors
    finally:
        ctx.close()


def _new_build(site_dir: Path) -> str:
    """Make the served copy a new build: a page and a board script change, and the service
    worker gets the manifest of the changed files (as `python -m build_tools site` writes it)."""
    from build_tools.offline_copy import MANIFEST_LINE, write_service_worker

    glossary = site_dir / "glossary" / "index.html"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "</h1>", "</h1><p id=\"new-build-mark\">Neue Fassung</p>", 1), encoding="utf-8")
    words = site_dir / "assets" / "board" / "words.js"
    words.write_text(words.read_text(encoding="utf-8") + "\n// new build\n", encoding="utf-8")
    sw = site_dir / "sw.js"
    sw.write_text(re.sub(r"^const MANIFEST = .*;$", MANIFEST_LINE, sw.read_text(encoding="utf-8"), count=1,
                         flags=re.M), encoding="utf-8")
    return write_service_worker(site_dir, ["de", "en"], "de")


def test_a_new_build_replaces_the_copy_whole_without_hanging_a_reload(browser, site, board_pages):
    base = site.start()
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = ctx.new_page()
        page.goto(base + board_pages[("brandubh", "de")])
        wait_ready(page)
        old = _wait_copy(page)
        page.goto(base + "/glossary/")
        new = _new_build(site.dir)
        assert new != old
        # reloads while the new build's copy is being made: each finishes at once
        for _ in range(3):
            page.reload(timeout=15_000)
        # the new copy takes over and says so; the old one is gone
        page.wait_for_function("""async (build) => {
            const names = (await caches.keys()).filter((n) => n.startsWith('tafl-'));
            return names.length === 1 && names[0] === 'tafl-' + build
                && document.documentElement.dataset.offlineCopy === build;
        }""", arg=new, timeout=COPY_TIMEOUT_MS)
        page.wait_for_selector(".tafl-new-build button", timeout=10_000)
        copy = _cached(page)
        for url, digest in copy["files"].items():
            assert digest == _served_hash(site.dir, url[len(base) + 1:]), f"{url} is not the new build's"
        site.stop()
        ctx.set_offline(True)
        page.goto(base + "/glossary/")
        assert page.locator("#new-build-mark").count() == 1
        words = page.evaluate("fetch('../assets/board/words.js').then((r) => r.text())")
        assert words.endswith("// new build\n")
    finally:
        ctx.close()


def _add_page_and_new_build(site_dir: Path, board_page: str) -> tuple[str, str]:
    """A new build that adds a page: a copy of the board page `board_page` (relative to the root)
    at a new address, and a changed board script that marks itself when it runs; the service
    worker gets the new manifest (as `python -m build_tools site` writes it). Returns (the new
    page's address, the new build)."""
    from build_tools.offline_copy import MANIFEST_LINE, write_service_worker

    new_page = "variants/new-variant-of-this-build/"
    (site_dir / new_page).mkdir(parents=True)
    (site_dir / new_page / "index.html").write_text(
        (site_dir / board_page / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    words = site_dir / "assets" / "board" / "words.js"
    words.write_text(words.read_text(encoding="utf-8") + "\nglobalThis.taflNewBuild = true;\n", encoding="utf-8")
    sw = site_dir / "sw.js"
    sw.write_text(re.sub(r"^const MANIFEST = .*;$", MANIFEST_LINE, sw.read_text(encoding="utf-8"), count=1,
                         flags=re.M), encoding="utf-8")
    return new_page, write_service_worker(site_dir, ["de", "en"], "de")


def test_a_page_added_by_a_new_build_runs_that_builds_board_scripts(browser, site, board_pages):
    """The copy of the old build still controls the tab when a page that only the new build has
    is opened: the page comes from the network, and so must its board scripts (the old copy's
    would run the new page with the previous build's board: one build or nothing)."""
    base = site.start()
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = ctx.new_page()
        brandubh = board_pages[("brandubh", "de")]
        page.goto(base + brandubh)
        wait_ready(page)
        old = _wait_copy(page)
        new_page, new = _add_page_and_new_build(site.dir, brandubh.strip("/"))
        assert new != old
        page.goto(base + "/" + new_page)
        wait_ready(page)
        assert page.evaluate("() => globalThis.taflNewBuild === true"), "the new page ran the old build's board"
        # the old build's pages still run the old copy's scripts, whole
        page.goto(base + brandubh)
        wait_ready(page)
        if page.evaluate("() => document.documentElement.dataset.offlineCopy") == old:
            assert page.evaluate("() => globalThis.taflNewBuild === undefined")
    finally:
        ctx.close()
