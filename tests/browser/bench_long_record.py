"""Benchmark (prints figures, not a test): a long legal game record on the board.

A record of N moves (10,000 / 20,000 / 40,000 / 100,000 by default) is imported on the English
page of Brandub (Nielsen) (variants_src/brandub-nielsen, 7×7, repetition without consequence:
`[rules.repetition] value = "ignored"`), a shuttle that takes nothing and never ends the game:
the attacker a4-a3, the defender d3-e3, back a3-a4 and e3-d3, over and over (checked legal by
tafl_core's import_record before the browser is started). Imported once pasted into the import
field (a paste event: a record this long is held by the board, not shown in the field) and once
from a file (the import panel's file field); then one step back and one forward in the move list
(←, →), Undo, Redo, and goto the start and the end (Home, End). For each it prints the wall time
and the longest main-thread block (PerformanceObserver `longtask`), and at the end the longest
block of the board's own work per length; the aim is none over 200 ms.

    .venv/bin/python tests/browser/bench_long_record.py [--moves 10000 100000] [--site DIR]
    make bench-long-record
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_board import build_site, find_page  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler  # noqa: E402

SLUG = "brandub-nielsen"
CYCLE = ["a4-a3", "d3-e3", "a3-a4", "e3-d3"]
IDLE = "#board[data-state=ready]:not([aria-busy])"
OBSERVE = """() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries())
    window.__lt.push(e.duration); }).observe({type: 'longtask', buffered: false}); }"""


def record(n: int) -> str:
    """The shuttle of `n` moves as a plain record, a turn pair a line."""
    moves = [CYCLE[i % 4] for i in range(n)]
    return "\n".join(" ".join(moves[i:i + 2]) for i in range(0, n, 2)) + "\n"


def checked(n: int) -> str:
    """The record, read by the engine first (every move legal, none ending the game)."""
    from tafl_core.bridge import Session
    text = record(n)
    rules = (Path(__file__).resolve().parents[2] / "variants_src" / SLUG / "rules.toml").read_text(encoding="utf-8")
    r = Session(rules).import_record(text)
    if not r["ok"] or len(r["state"]["history"]) != n or r["state"]["result"] is not None:
        raise SystemExit(f"the shuttle of {n} moves is not a legal unfinished game here: {r.get('error')}")
    return text


def measure(page, label: str, act) -> float:
    """Run `act` and wait until the board is idle; print wall time and the longest block (ms),
    and return the block."""
    page.evaluate("() => { window.__lt = window.__lt || []; window.__lt.length = 0; }")
    t = time.perf_counter()
    act()
    page.wait_for_timeout(50)
    page.wait_for_selector(IDLE, timeout=1_800_000)
    wall = time.perf_counter() - t
    page.wait_for_timeout(200)  # the last long task reported
    blocks = page.evaluate("() => window.__lt.slice()")
    longest = max(blocks, default=0.0)
    print(f"  {label:15s} {wall * 1000:9.0f} ms wall, longest main-thread block {longest:7.0f} ms "
          f"({len(blocks)} long tasks){'  OVER 200 ms' if longest > 200 else ''}", flush=True)
    return longest


#: a paste of the text `t` into the import field, as the browser dispatches it
PASTE = """(t) => { const dt = new DataTransfer(); dt.setData('text/plain', t);
    document.querySelector('#board [data-role="import-text"]').dispatchEvent(
        new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }"""


def opened(browser, url: str):
    """A fresh page of the board, idle, the long-task observer on."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(IDLE, timeout=300_000)
    page.evaluate(OBSERVE)
    page.click('#board [data-record="import"]')
    return ctx, page


def run(browser, url: str, n: int, text: str) -> float:
    """Import a record of `n` moves (from a file, and pasted), step, Undo, Redo, goto; print
    each, and return the longest block of the board's own work."""
    print(f"{n} moves:", flush=True)
    longest = []
    # pasted (a paste event as the clipboard gives it): a record this long is held by the board,
    # not put into the field
    ctx, page = opened(browser, url)
    longest.append(measure(page, "paste", lambda: page.evaluate(PASTE, text)))
    longest.append(measure(page, "import (pasted)", lambda: page.click('#board [data-record="import-run"]')))
    ctx.close()
    # from a file (the import panel's file field): read by the board, never put in the field
    ctx, page = opened(browser, url)
    longest.append(measure(page, "import (file)", lambda: page.set_input_files(
        '#board [data-role="import-file"]', files=[{"name": "long.txt", "mimeType": "text/plain",
                                                    "buffer": text.encode("utf-8")}])))
    shown = page.eval_on_selector_all("#board [data-role='move-list'] button[data-goto]", "els => els.length")
    print(f"  (move-list buttons in the DOM: {shown})")

    def key(ply: int, name: str):
        def act():
            page.focus(f'#board [data-role="move-list"] button[data-goto="{ply}"]')
            page.keyboard.press(name)
        return act
    longest.append(measure(page, "step ←", key(n, "ArrowLeft")))
    longest.append(measure(page, "step →", key(n - 1, "ArrowRight")))
    longest.append(measure(page, "undo", lambda: page.click('#board [data-action="undo"]')))
    longest.append(measure(page, "redo", lambda: page.click('#board [data-action="redo"]')))
    longest.append(measure(page, "goto 0", key(n, "Home")))
    page.focus('#board [data-role="move-list"] button[data-goto]')
    longest.append(measure(page, "goto end", lambda: page.keyboard.press("End")))
    ctx.close()
    return max(longest)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="built site (default: build one into a temporary folder)")
    ap.add_argument("--moves", type=int, nargs="+", default=[10_000, 20_000, 40_000, 100_000],
                    help="record lengths (even numbers)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    records = {n: checked(n) for n in args.moves}
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site.resolve() if args.site else build_site(Path(tmp))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_port}" + find_page(site, SLUG, "en")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            summary = {}
            for n, text in records.items():
                summary[n] = run(browser, url, n, text)
            print("longest main-thread block of the board's work (import, steps, Undo/Redo, goto):")
            for n, ms in summary.items():
                print(f"  {n:7d} moves: {ms:5.0f} ms{'  OVER 200 ms' if ms > 200 else ''}")
            browser.close()
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
