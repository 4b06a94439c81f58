// Tafl-Kompendium board: the client of the engine worker (worker.js). Requests {id, cmd, args}
// and answers {id, ok: true, result} or {id, ok: false, error, reason} (notes/CONTRACTS.md,
// "Worker protocol"); one worker per page. Engine.call resolves a command's result and rejects
// every failure with one shape: an Error whose `message` is the one-line `error` and whose
// `reason` is {code, params}. The engine keeps a copy of the game's moves (`held`) and asks
// for states by changes (`have`: notes/CONTRACTS.md "State answers by changes"); applyLine
// completes each state answer, so its callers see whole states (`history`, `future`,
// `future_plies`) while a step through a long game carries no move.
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

/** The code of a state answer whose moves do not fit the copy this page holds (never in a
 *  working worker: its answers come in order); the copy is dropped, and the next request
 *  asks for the whole line. */
export const LINE_OUT_OF_STEP = "line_out_of_step";

/**
 * The state answer `st` by changes (notes/CONTRACTS.md "State answers by changes": `line_seq`,
 * `line_base`, `line_from`, `line`, `line_length`, the first entries of a long `line` in
 * `parts`) applied to the held copy `held` {seq, line} of the game's moves: the new copy, and
 * `st` completed in place with `history` (the plies before `cursor`), `future` (the later
 * plies' moves) and `future_plies` (their entries) as a whole state has them, the change's
 * fields removed. Throws an Error with reason LINE_OUT_OF_STEP when the change does not apply
 * to `held`. Linear in the game's length (array copies only; each entry was cloned once, when
 * it came).
 */
export function applyLine(held, st, parts = []) {
  const from = st.line_from, cursor = st.cursor;
  const fits = Number.isSafeInteger(from) && from >= 0 && from <= held.line.length
    && (from === 0 || st.line_base === held.seq) && Array.isArray(st.line);
  if (!fits) throw failure("the game's moves are out of step with the engine", { code: LINE_OUT_OF_STEP, params: {} });
  const line = from === held.line.length && !parts.length && !st.line.length
    ? held.line : held.line.slice(0, from).concat(...parts, st.line);
  if (line.length !== st.line_length || !Number.isSafeInteger(cursor) || cursor < 0 || cursor > line.length) {
    throw failure("the game's moves are out of step with the engine", { code: LINE_OUT_OF_STEP, params: {} });
  }
  st.history = line.slice(0, cursor);
  st.future_plies = line.slice(cursor);
  st.future = st.future_plies.map((p) => p.move);
  const seq = st.line_seq;
  for (const k of ["line_seq", "line_base", "line_from", "line", "line_length"]) delete st[k];
  return { seq, line };
}

/** The state by changes inside a result (the result itself, or its `state`), or null. */
function changedState(result) {
  if (result && typeof result === "object" && "line_from" in result) return result;
  const st = result && typeof result === "object" ? result.state : null;
  return st && typeof st === "object" && "line_from" in st ? st : null;
}

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
    // the game's moves as the worker last sent them (states come by changes: applyLine)
    this.held = { seq: 0, line: [] };
    this.parts = new Map(); // id -> the parts of a long line that came before its answer
    this.worker = boot ? boot.worker : new Worker(url, { type: "module" });
    const receive = (data) => {
      const { id, ok, result, error, reason, progress, part } = data || {};
      if (id === undefined && typeof progress === "string") {
        this.phase = progress;
        if (this.onprogress) this.onprogress(progress);
        return;
      }
      if (Array.isArray(part)) {
        if (!this.parts.has(id)) this.parts.set(id, []);
        this.parts.get(id).push(part);
        return;
      }
      const parts = this.parts.get(id) || [];
      this.parts.delete(id);
      let outOfStep = null;
      const st = ok ? changedState(result) : null;
      if (st) {
        try { this.held = applyLine(this.held, st, parts); } catch (e) { outOfStep = e; this.held = { seq: 0, line: [] }; }
      }
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (outOfStep) { p.reject(outOfStep); return; }
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
      this.worker.postMessage({ id, cmd, args, have: this.held.seq });
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
