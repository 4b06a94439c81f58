// Tafl-Kompendium board: the client of the engine worker (worker.js). Requests {id, cmd, args}
// and answers {id, ok: true, result} or {id, ok: false, error, reason} (notes/CONTRACTS.md,
// "Worker protocol"); one worker per page. Engine.call resolves a command's result and rejects
// every failure with one shape: an Error whose `message` is the one-line `error` and whose
// `reason` is {code, params}.
//
// Start-up: the page's inline boot script (build_tools/templates/board.html.j2)
// creates the worker in the page's first tick, before the board's modules have loaded, and
// posts `init` at once; it keeps the worker and the messages that arrive before the board in
// `window.taflBoot` {worker, early: [messages], url}. sharedEngine() adopts that worker (the
// early messages replayed) instead of starting a second one. Messages without an id are the
// worker's progress reports {progress: phase}: the latest is `engine.phase`, and
// `engine.onprogress(phase)` is called for each.

/**
 * Where the engine's files are, for the board `root` (its `data-site-root`) and its board-data
 * `data` (`pyodide` {index, wheel, lock_info}; notes/CONTRACTS.md): {workerURL, siteRoot,
 * indexURL, wheelURL, init} with `init` the worker's init arguments. The boot script of the
 * page (board.html.j2) works them out the same way.
 */
export function engineArgs(root, data) {
  const siteRoot = new URL(root.getAttribute("data-site-root") || "./", location.href);
  const py = (data && data.pyodide) || {};
  // the build's own files carry its hash, so that a service worker of an older build never
  // answers them from its cache (docs/sw.js)
  const build = typeof py.build === "string" && /^[0-9a-f]{6,64}$/.test(py.build) ? `?build=${py.build}` : "";
  const indexURL = new URL(py.index || "assets/pyodide/", siteRoot).href.replace(/[^/]$/, "$&/");
  const wheelURL = typeof py.wheel === "string" && /^[\w.+-]+\.whl$/.test(py.wheel)
    ? new URL("assets/pyodide/" + py.wheel + build, siteRoot).href : null;
  const init = {
    indexURL, lockFileURL: new URL("assets/pyodide/pyodide-lock.json", siteRoot).href,
    wheelURL, lockInfo: py.lock_info && typeof py.lock_info === "object" ? py.lock_info : null,
    snapshotURL: typeof py.snapshot === "string" && /^[\w.+-]+\.gz$/.test(py.snapshot)
      ? new URL("assets/pyodide/" + py.snapshot + build, siteRoot).href : null,
  };
  return { workerURL: new URL("./worker.js", import.meta.url).href, siteRoot: siteRoot.href, indexURL, wheelURL, init };
}

/** The code of a worker that could not start or died (its pending requests fail with it). */
export const WORKER_FAILED = "worker_failed";

/** How long (ms) one phase of the engine's start-up (download, starting Python, loading the
 *  rules: the worker's progress messages) may take before the board gives up and offers to
 *  try again: a download that never answers must not leave the reader waiting for ever. Far
 *  above a real start (a few seconds on a slow line for the 12 MB of Pyodide in its first
 *  phase; each later phase under a second). */
export const START_PHASE_MS = 30_000;

/** The one shape of a failed request: an Error with `message` `error` and `reason` {code, params}. */
export function failure(error, reason) {
  return Object.assign(new Error(String(error)), { reason });
}

/** Request/response channel to worker.js. `boot`: a worker already started (window.taflBoot). */
export class Engine {
  constructor(url, boot = null) {
    this.seq = 0;
    this.pending = new Map();
    this.phase = null;
    this.onprogress = null;
    this.worker = boot ? boot.worker : new Worker(url, { type: "module" });
    const receive = (data) => {
      const { id, ok, result, error, reason, progress } = data || {};
      if (id === undefined && typeof progress === "string") {
        this.phase = progress;
        if (this.onprogress) this.onprogress(progress);
        return;
      }
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (ok) { p.resolve(result); return; }
      p.reject(failure(error, reason && typeof reason === "object" ? reason : { code: "engine_fault", params: {} }));
    };
    this.worker.onmessage = (ev) => receive(ev.data);
    const fail = (ev) => {
      const err = failure((ev && ev.message) || "worker failed to start", { code: WORKER_FAILED, params: {} });
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.dead = err;
    };
    this.worker.onerror = fail;
    this.worker.onmessageerror = fail;
    if (boot) {
      for (const ev of boot.early || []) {
        if (ev && ev.type === "error") fail(ev); else receive(ev && ev.data);
      }
      boot.early = null;
      if (boot.error) fail(boot.error);
    }
  }
  /** Stop the worker (a start that failed or hangs): every pending request fails, and
   *  sharedEngine() starts a new worker next time. */
  close() {
    const err = failure("worker stopped", { code: WORKER_FAILED, params: {} });
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.dead = err;
    this.worker.terminate();
  }
  call(cmd, args = {}) {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, cmd, args });
    });
  }
}

let engineSingleton = null;
/** One worker per page: Pyodide is started once, whatever navigation the theme does. The
 *  worker the boot script started (window.taflBoot, same worker URL) is taken over. */
export function sharedEngine(url) {
  if (!engineSingleton || engineSingleton.dead) {
    const boot = typeof window !== "undefined" ? window.taflBoot : null;
    const usable = boot && boot.worker && !boot.taken && String(boot.url) === String(url);
    if (usable) boot.taken = true;
    engineSingleton = new Engine(url, usable ? boot : null);
  }
  return engineSingleton;
}
