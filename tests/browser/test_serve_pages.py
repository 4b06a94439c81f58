"""`mkdocs serve` in the browser: page after page opens at once, and no offline copy stands
between the development server and the reader.

MkDocs' live reload keeps one long poll open per page (`/livereload/…`); a service worker that
passes them through holds Chromium's six connections per host until the next page stalls. Under
`mkdocs serve` the pages register no service worker, and one left at the same address by an
earlier visit to a built site retires on the first visit (docs/sw.js without a manifest). The
test first visits the built site at the address (so its offline copy is there), then starts
`python -m mkdocs serve` at the same address and opens 12 pages in a row: each must load within
10 s; the worker of the built site's copy is gone within 15 s of the first, and every later page
comes from the development server (its live-reload script in the page); none of them asks for a
sitemap.xml that is not there (the theme's language selector fetches one beside each language
alternate in the page head, which the pages under `mkdocs serve` leave out).
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from conftest import ROOT, QuietHandler, wait_ready

pytestmark = pytest.mark.browser

PAGE_TIMEOUT_MS = 10_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_serving(url: str, proc: subprocess.Popen, seconds: float = 240) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            pytest.fail(f"mkdocs serve ended with {proc.returncode}: {proc.stdout.read()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if b"livereload" in r.read():
                    return
        except OSError:
            pass
        time.sleep(0.5)
    pytest.fail(f"mkdocs serve did not answer at {url} within {seconds} s")


class Revalidated(QuietHandler):
    """The built site with `Cache-Control: no-cache`: the browser's own HTTP cache keeps none
    of its pages fresh past the switch to the development server (what is tested is the
    service worker, not the browser's heuristic caching of a server that sends no expiry)."""

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def test_twelve_pages_in_a_row_under_mkdocs_serve(browser, site_dir, board_pages):
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    ctx = browser.new_context(viewport={"width": 1200, "height": 1000})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Revalidated, directory=str(site_dir)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    proc = None
    try:
        page = ctx.new_page()
        page.goto(base + board_pages[("brandubh", "de")])
        wait_ready(page)
        page.wait_for_function("!!document.documentElement.dataset.offlineCopy", timeout=180_000)
        httpd.shutdown()
        httpd.server_close()
        httpd = None

        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        _wait_serving(base + "/", proc)
        missing = []  # no page of the development server asks for a file that is not there
        page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
        paths = sorted(board_pages.values())
        pages = ([board_pages[("brandubh", "de")], board_pages[("brandubh", "en")], "/", "/en/", "/glossary/",
                  "/en/comparison/"] + paths)[:12]
        for i, path in enumerate(pages):
            t0 = time.monotonic()
            page.goto(base + path, timeout=PAGE_TIMEOUT_MS, wait_until="load")
            took = time.monotonic() - t0
            assert took < PAGE_TIMEOUT_MS / 1000, f"page {i + 1} ({path}) took {took:.1f} s"
            if i == 0:
                # the copy of the built site served the first page; its worker retires meanwhile
                # and the page is loaded again, from the development server
                page.wait_for_function("() => document.documentElement.innerHTML.includes('livereload(')",
                                       timeout=15_000)
                page.wait_for_load_state("load")
            else:
                html = page.content()
                assert "livereload" in html, f"page {i + 1} ({path}) did not come from mkdocs serve"
                assert "offline-copy.js" not in html
        assert not [u for u in missing if "sitemap" in u], missing  # the theme's sitemap.xml requests
        assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
        assert page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('tafl-')).length") == 0
    finally:
        ctx.close()
        if httpd:
            httpd.shutdown()
            httpd.server_close()
        if proc:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
