"""Benchmark of the playable board in headless Chromium. Prints numbers;
asserts nothing.

    .venv/bin/python tests/browser/bench_board.py [--site DIR] [--runs N] [--samples N]

- ready, cold: navigation start to `data-state=ready` (the board's `tafl-board-ready`
  performance mark) in a fresh browser context (empty HTTP cache); ready, warm: the same page
  navigated again in that context (the service worker's cache then serves the engine files).
  Beside it the bare Pyodide start in a module worker on the same server (no page, no
  package), the floor the board cannot go below; the ratios board/bare (target: ≤ 1.10 cold
  and warm). The start-up phases (performance marks of page and worker) as medians.
- first move: DOMContentLoaded to the first move shown (`tafl-first-move`) with every Pyodide
  request blocked (the move comes from board-data `first_moves`; target: ≤ 0.5 s), the
  clicks dispatched right after DOMContentLoaded.
- targets: click on a movable piece to its legal targets in the DOM (`[data-target]`) on the
  19×19 board (alea-evangelii), p50 and p95 over --samples clicks, measured inside the page
  (pointer events dispatched at the square, a MutationObserver stops the clock); once idle and
  once while one CPU-burning process per core runs (target: p95 ≤ 50 ms, also busy).
- playouts: the engine's random-playout speed inside the worker's Pyodide
  (`Session.playout_bench`, the same function as `python -m tafl_core bench`), plies/s, with the
  CPython figure for comparison.

The site: --site DIR, else built with `python -m build_tools site` into a temporary folder.
Targets: ready ≤ 4 s cold, ≤ 2 s warm; targets ≤ 50 ms p95.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler  # noqa: E402

BARE_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const w = new Worker("/__bench/bare-worker.js", {type: "module"});
w.onmessage = (e) => { performance.mark("bare-ready"); document.title = "ready"; };
</script>"""
BARE_WORKER = b"""const base = self.location.origin + "/assets/pyodide/";
const { loadPyodide } = await import(base + "pyodide.mjs");
await loadPyodide({ indexURL: base, lockFileURL: base + "pyodide-lock.json" });
self.postMessage("ready");
"""

#: The board, its SVG, a square's centre and a pointer event on it: the start of the two
#: measuring scripts below (clicks as a mouse makes them, through the board's own input).
POINTER_JS = """  const root = document.querySelector('#board');
  const board = root.tbBoard;
  const svg = root.querySelector('svg.tb-svg');
  const center = (sq) => {
    const r = root.querySelector(`[data-square="${sq}"]:not([data-piece])`).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const fire = (type, [x, y]) => svg.dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0,
    buttons: type === 'pointerdown' ? 1 : 0, clientX: x, clientY: y}));
"""

FIRST_MOVE_JS = """async () => {
""" + POINTER_JS + """  const from = board.st.movable[0];
  svg.scrollIntoView({block: 'center'});
  let tries = 0; // until the page is laid out (its styles loaded), a click may miss the board
  while (!board.ui.targets.length && tries++ < 300) {
    fire('pointerdown', center(from)); fire('pointerup', center(from));
    if (!board.ui.targets.length) await new Promise((r) => requestAnimationFrame(r));
  }
  const to = board.ui.targets[0];
  fire('pointerdown', center(to)); fire('pointerup', center(to));
  const nav = performance.getEntriesByType('navigation')[0];
  const m = performance.getEntriesByName('tafl-first-move')[0];
  return {move: `${from}-${to}`, ms: m ? m.startTime - nav.domContentLoadedEventStart : null,
          shown: root.querySelector(`[data-piece][data-square="${to}"]`) !== null, state: root.dataset.state, tries};
}"""

PHASES = ("tafl-boot", "tafl-worker-created", "tafl-board-mounted", "tafl-worker-init", "tafl-worker-imported",
          "tafl-worker-python", "tafl-worker-wheel", "tafl-worker-ready", "tafl-engine-ready", "tafl-board-ready")

TARGETS_JS = """async (samples) => {
""" + POINTER_JS + """  const times = [];
  const movable = board.st.movable.slice();
  for (let i = 0; i < samples; i++) {
    const sq = movable[i % movable.length];
    const at = center(sq);
    const shown = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if (root.querySelector('[data-target]')) { mo.disconnect(); resolve(performance.now()); }
      });
      mo.observe(svg, {attributes: true, subtree: true, attributeFilter: ['data-target']});
    });
    const t0 = performance.now();
    fire('pointerdown', at);
    fire('pointerup', at);
    const t1 = await shown;
    times.push(t1 - t0);
    svg.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
    await new Promise((r) => setTimeout(r, 5));
  }
  return {times, size: board.size, movable: movable.length};
}"""


class BenchHandler(QuietHandler):
    """The site, plus /__bench/bare.html and its worker (bare Pyodide start)."""

    def do_GET(self):
        extra = {"/__bench/bare.html": (BARE_HTML, "text/html"),
                 "/__bench/bare-worker.js": (BARE_WORKER, "text/javascript")}
        if self.path in extra:
            body, ctype = extra[self.path]
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def pct(values, p):
    """Percentile p (0..100) by nearest rank."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(p / 100 * len(s) + 0.5) - 1))
    return s[k]


def find_page(site: Path, slug: str, lang: str = "de") -> str:
    for f in site.rglob("index.html"):
        if "assets" in f.relative_to(site).parts:
            continue
        head = f.read_text(encoding="utf-8", errors="replace")
        tag = re.search(r'<div\b[^>]*\bid="board"[^>]*>', head)  # a variant's board, not an example board
        if tag and f'data-variant="{slug}"' in tag.group(0) and f'data-lang="{lang}"' in tag.group(0) \
                and "data-example" not in tag.group(0):
            return "/" + f.relative_to(site).as_posix()[: -len("index.html")]
    raise SystemExit(f"no page with the board of {slug} ({lang}) in {site}")


def build_site(tmp: Path) -> Path:
    out = tmp / "site"
    proc = subprocess.run([sys.executable, "-m", "build_tools", "site", "--site-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("site build failed:\n" + (proc.stderr or proc.stdout)[-3000:])
    return out


def ready_ms(page, mark: str, selector: str):
    page.wait_for_selector(selector, timeout=120_000)
    return page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="built site (default: build one into a temporary folder)")
    ap.add_argument("--runs", type=int, default=5, help="cold/warm navigations per figure")
    ap.add_argument("--samples", type=int, default=100, help="clicks for the targets latency")
    ap.add_argument("--seconds", type=float, default=5.0, help="playout benchmark duration (0: none)")
    ap.add_argument("--variant", default="ealdfaeder-taefl", help="page for the ready figures")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing (apt-get install chromium)")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site.resolve() if args.site else build_site(Path(tmp))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(site)))
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        page_url = base + find_page(site, args.variant)
        big_url = base + find_page(site, "alea-evangelii")
        ready_sel = "#board[data-state=ready]"
        print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start; "
              f"Chromium {CHROMIUM}; {args.runs} runs each")

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            rows = {"board cold": [], "board warm": [], "bare Pyodide cold": [], "bare Pyodide warm": []}
            phases = {name: [] for name in PHASES}
            for _ in range(args.runs):
                for label, url, mark, sel in (("board", page_url, "tafl-board-ready", ready_sel),
                                              ("bare Pyodide", base + "/__bench/bare.html", "bare-ready",
                                               "title:has-text('ready')")):
                    ctx = browser.new_context()
                    page = ctx.new_page()
                    if label == "bare Pyodide":
                        page.goto(url)
                        page.wait_for_function("document.title === 'ready'", timeout=120_000)
                        rows[label + " cold"].append(page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime"))
                        page.goto(url)
                        page.wait_for_function("document.title === 'ready'", timeout=120_000)
                        rows[label + " warm"].append(page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime"))
                    else:
                        page.goto(url)
                        rows[label + " cold"].append(ready_ms(page, mark, sel))
                        marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                                              ".map((m) => [m.name, m.startTime]))")
                        for name in PHASES:
                            if name in marks:
                                phases[name].append(marks[name])
                        page.goto(base + "/")  # leave, then come back with a warm cache
                        page.goto(url)
                        rows[label + " warm"].append(ready_ms(page, mark, sel))
                    ctx.close()
            print("\nnavigation start -> ready (ms)        median      min      max")
            for label, vals in rows.items():
                print(f"  {label:<34}{statistics.median(vals):>8.0f} {min(vals):>8.0f} {max(vals):>8.0f}")
            for kind in ("cold", "warm"):
                ratio = statistics.median(rows[f"board {kind}"]) / statistics.median(rows[f"bare Pyodide {kind}"])
                print(f"  ratio board/bare {kind} (medians): {ratio:.2f}   (target <= 1.10)")
            print("\nstart-up phases, cold (performance marks, ms after navigation start, median)")
            for name, vals in phases.items():
                if vals:
                    print(f"  {name:<34}{statistics.median(vals):>8.0f}")

            ctx = browser.new_context(service_workers="block")
            ctx.route("**/assets/pyodide/**", lambda r: r.abort())
            firsts = []
            for _ in range(args.runs):
                page = ctx.new_page()
                page.goto(page_url, wait_until="domcontentloaded")
                firsts.append(page.evaluate(FIRST_MOVE_JS))
                page.close()
            ctx.close()
            ms = [f["ms"] for f in firsts if f["ms"] is not None and f["shown"]]
            print(f"\nfirst move with every Pyodide request blocked ({firsts[0]['move']}, {len(ms)} of {len(firsts)} "
                  f"shown, clicks needed {[f['tries'] for f in firsts]}"
                  f"): DOMContentLoaded -> move shown, median {statistics.median(ms) if ms else float('nan'):.0f} ms, "
                  f"max {max(ms) if ms else float('nan'):.0f} ms   (target <= 500 ms)")

            ctx = browser.new_context(viewport={"width": 1280, "height": 1400})
            page = ctx.new_page()
            page.goto(big_url)
            page.wait_for_selector(ready_sel, timeout=120_000)
            page.locator("#board svg.tb-svg").scroll_into_view_if_needed()
            for busy in (False, True):
                burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                           for _ in range(os.cpu_count() or 1)] if busy else []
                try:
                    res = page.evaluate(TARGETS_JS, args.samples)
                finally:
                    for b in burners:
                        b.kill()
                        b.wait()
                t = res["times"]
                print(f"\nclick -> legal targets shown, {res['size']}x{res['size']} (alea-evangelii), "
                      f"{len(t)} clicks over {res['movable']} movable pieces (ms), "
                      + (f"{len(burners)} CPU-burning processes running" if busy else "idle"))
                print(f"  p50 {pct(t, 50):.1f}   p95 {pct(t, 95):.1f}   max {max(t):.1f}   (target p95 <= 50 ms)")

            print(f"\nrandom playouts in the worker's Pyodide ({args.seconds:.0f} s, seed 1)")
            from tafl_core import load_ruleset
            from tafl_core.bench import run_bench
            for slug, url in (("alea-evangelii", big_url), (args.variant, page_url)) if args.seconds > 0 else ():
                if page.url != url:
                    page.goto(url)
                    page.wait_for_selector(ready_sel, timeout=120_000)
                out = page.evaluate("(s) => document.querySelector('#board').tbBoard.engine.call("
                                    "'playout_bench', {seconds: s, seed: 1})", args.seconds)
                cpy = run_bench(load_ruleset(ROOT / "variants_src" / slug / "rules.toml"), args.seconds, 1)
                print(f"  {slug:<22} Pyodide {out['plies_per_s']:>9.0f} plies/s (Python {out['python']})   "
                      f"CPython {cpy['plies_per_s']:>9.0f} plies/s (Python {cpy['python']})")
            # the search's speed in the worker (what the opponent's levels spend their second on), 1 s from the start position, next to the
            # same call (tafl_core.bridge.Session.best) in CPython in this process
            # The first searches of a page run before V8 has tiered the hot wasm code up (Liftoff
            # to TurboFan, slower under load): the first call is printed apart from the best of
            # the next ones.
            print("\nsearch in the worker's Pyodide, 1 s from the start position (Session.best): "
                  "first call of the page | best of 3 more | CPython in this process")
            from tafl_core.bridge import Session
            for slug in ("copenhagen-hnefatafl", "alea-evangelii"):
                page.goto(base + find_page(site, slug))
                page.wait_for_selector(ready_sel, timeout=120_000)
                outs = [page.evaluate("() => document.querySelector('#board').tbBoard.engine.call("
                                      "'best', {seconds: 1})") for _ in range(4)]
                first, warm = outs[0], max(outs[1:], key=lambda o: o["nps"])
                rules = (ROOT / "variants_src" / slug / "rules.toml").read_text(encoding="utf-8")
                cpy = Session(rules).best(seconds=1)
                show = lambda o: f"depth {o['depth']}, {o['nodes']:>6} nodes, {o['nps']:>6} nodes/s"
                print(f"  {slug:<22} {show(first)} | {show(warm)} | {show(cpy)}   "
                      f"ratio warm Pyodide/CPython {warm['nps'] / max(cpy['nps'], 1):.2f}")
            ctx.close()
            browser.close()
        httpd.shutdown()
        print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
