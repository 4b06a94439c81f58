// Tafl-Kompendium board: a second and an offline visit start from the cache (issue 14, item 2).
//
// Once the board is ready, keepForOffline() registers the site's service worker (`sw.js` at the
// site root, docs/sw.js: its scope must cover the pages, whose worker it then also serves) with
// this build's hash (`?build=`, board-data `pyodide.build`), and hands it the files this page
// used: the page, its styles and scripts, and the engine's files (Pyodide's four core files, the
// tafl_core wheel). The service worker copies them into a cache named after the build (from the
// HTTP cache where it can: nothing is downloaded twice on the first visit) and serves the engine
// files from it first, the rest from the network first (the cache when offline); an older
// build's caches are deleted when the new one activates.
// Registered only after the board is ready, so that the first start never waits for it.

const CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];

/** Register the service worker and send it the files to keep; `args` from engine.js
 *  engineArgs, `py` board-data `pyodide`. Does nothing without service workers, on a page not
 *  served over http(s), or without a build hash; never throws (offline use is a bonus). */
export async function keepForOffline(args, py) {
  try {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    if (typeof py.build !== "string" || !/^[0-9a-f]{6,64}$/.test(py.build)) return;
    const scope = args.siteRoot;
    const reg = await navigator.serviceWorker.register(new URL(`sw.js?build=${py.build}`, scope).href, { scope });
    const origin = location.origin;
    const files = new Set([location.href.split("#")[0]]);
    for (const e of performance.getEntriesByType("resource")) {
      if (e.name.startsWith(origin) && (e.initiatorType === "link" || e.initiatorType === "script" || e.initiatorType === "other")) files.add(e.name.split("#")[0]);
    }
    files.add(args.workerURL);
    for (const f of CORE) files.add(new URL(f, args.indexURL).href);
    if (args.wheelURL) files.add(args.wheelURL);
    if (args.init && args.init.snapshotURL) files.add(args.init.snapshotURL);
    const sw = reg.installing || reg.waiting || reg.active;
    const send = (w) => w.postMessage({ keep: [...files].filter((u) => u.startsWith(origin) || u.startsWith(args.indexURL)) });
    if (sw) send(sw);
    const ready = await navigator.serviceWorker.ready;
    if (ready.active && ready.active !== sw) send(ready.active);
  } catch (e) {
    console.warn("tafl board: no offline copy:", e);
  }
}
