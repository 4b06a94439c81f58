// Tafl-Kompendium board worker (module worker): runs the rules engine tafl_core in Pyodide.
//
// The page (engine.js) posts {id, cmd, args}; the worker answers {id, ok: true, result} or
// {id, ok: false, error, reason}: the one failure envelope, `error` one line of English, `reason`
// {code, params}. The commands, their results and the rule for when a failure is a result
// instead (a refused move or record) are documented once, in notes/CONTRACTS.md "Worker
// protocol"; the dispatcher is tafl_core.bridge.call (Python, tested under CPython). This file
// adds one command of its own, `init` (load Pyodide and the tafl-core wheel; progress messages
// {progress: phase} without an id meanwhile), and the codes of its own failures: WORKER_CODES.
// Every value crosses the boundary as JSON text, so the page only ever sees plain data; a
// traceback goes to the console only. No game rule lives here.

// The dispatcher is Python (tafl_core.bridge.call, tested under CPython); this is its import.
const PY_SHIM = "from tafl_core.bridge import call as _call, version as _version";

/** The worker's own failure codes (beside tafl_core.reasons and tafl_core.bridge.Fault):
 *  the engine did not start, or a command came before it had. */
const WORKER_CODES = { startFailed: "engine_start_failed", notLoaded: "engine_not_loaded", fault: "engine_fault" };

/** An Error carrying the failure envelope's reason {code, params}. */
function failed(message, code, params = {}) {
  return Object.assign(new Error(message), { reason: { code, params } });
}

let pyCall = null;
let initPromise = null;

/** A phase of the start-up, as a performance mark of this worker (sent back with init's
 *  answer) and, for the page's status line, a message {progress: phase} without an id. */
function phase(name, progress = null) {
  performance.mark("tafl-worker-" + name);
  if (progress) self.postMessage({ progress });
}

async function fetchGzip(url) {
  const r = await fetch(url);
  if (!r.ok || !r.body) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/**
 * Start Pyodide and tafl_core. `indexURL`: Pyodide's folder (absolute, ends with "/");
 * `wheelURL`: the tafl_core wheel (absolute) and `lockInfo`: the `info` of Pyodide's lock file
 * (board-data `pyodide.lock_info`) — then the wheel is fetched at once, beside Pyodide, and
 * unpacked into site-packages (no lock file fetched, no package resolved at run time: the
 * build knows the one package); without them (an older page) `lockFileURL` and
 * loadPackage("tafl-core"). `snapshotURL`: a gzip'd Pyodide memory snapshot with tafl_core
 * imported (build_tools/make_snapshot.mjs), fetched beside the rest and loaded in place of
 * Python's own start-up; when it cannot be fetched or loaded, Python starts as usual. Returns {version, times: {phase: ms since init}, marks:
 * [{name, time}] (performance marks, absolute: timeOrigin + startTime, ms since the epoch)}.
 */
async function init({ indexURL, lockFileURL, wheelURL, lockInfo, snapshotURL }) {
  const t0 = performance.now();
  const times = {};
  const errors = [];
  phase("init", "download");
  const direct = typeof wheelURL === "string" && lockInfo && typeof lockInfo === "object";
  // all downloads at once: the wheel, Pyodide's loader and (the same module record Pyodide
  // imports later, so fetched once) its Emscripten module; Pyodide itself fetches the wasm and
  // the standard library as soon as loadPyodide starts
  const wheel = direct ? fetchBytes(wheelURL) : null;
  if (wheel) wheel.catch(() => {}); // awaited below; no unhandled rejection meanwhile
  // a memory snapshot of Pyodide with tafl_core imported (gzip), made at build time: Python's
  // own start-up is skipped (the wheel is unpacked all the same, for modules imported later)
  const snapshot = typeof snapshotURL === "string" ? fetchGzip(snapshotURL) : null;
  if (snapshot) snapshot.catch(() => {});
  const asm = import(new URL("pyodide.asm.mjs", indexURL).href);
  asm.catch(() => {});
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  times.import = Math.round(performance.now() - t0);
  phase("imported", "python");
  const options = { indexURL, stdout: () => {}, stderr: (s) => errors.push(s) };
  if (direct) options.lockFileContents = { info: lockInfo, packages: {} };
  else { options.lockFileURL = lockFileURL; options.packages = ["tafl-core"]; }
  let pyodide = null;
  const snap = snapshot ? await snapshot.catch((e) => { console.warn("tafl_core worker: no snapshot:", e); return null; }) : null;
  if (snap) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snap });
      times.snapshot = true;
    } catch (e) {
      console.warn("tafl_core worker: the snapshot did not load, starting Python as usual:", e);
    }
  }
  pyodide ??= await loadPyodide(options);
  times.pyodide = Math.round(performance.now() - t0);
  phase("python", "rules");
  if (direct) {
    const bytes = await wheel;
    phase("wheel");
    // (stdlib calls, no Python source here: the only Python text is PY_SHIM)
    const sysconfig = pyodide.pyimport("sysconfig");
    const site = sysconfig.get_path("purelib");
    sysconfig.destroy();
    pyodide.unpackArchive(bytes, "zip", { extractDir: site });
    const importlib = pyodide.pyimport("importlib");
    importlib.invalidate_caches();
    importlib.destroy();
  } else {
    // Pyodide reports a failed package load through a callback instead of throwing:
    // load explicitly and check that the module really imports.
    await pyodide.loadPackage("tafl-core", {
      messageCallback: () => {},
      errorCallback: (s) => errors.push(s),
    });
  }
  times.loaded = Math.round(performance.now() - t0);
  try {
    pyodide.runPython(PY_SHIM);
  } catch (e) {
    console.error("tafl_core could not be imported:", errors.join("\n"), e);
    throw failed("tafl_core could not be imported: " + lastLine(errors.join("\n") || String(e.message || e)), WORKER_CODES.startFailed);
  }
  pyCall = pyodide.globals.get("_call");
  const version = pyodide.globals.get("_version")();
  times.ready = Math.round(performance.now() - t0);
  phase("ready");
  const marks = performance.getEntriesByType("mark")
    .map((m) => ({ name: m.name, time: performance.timeOrigin + m.startTime }));
  return { version, times, marks };
}

/** The last non-empty line of a message (a Python traceback ends with "Type: message"). */
function lastLine(text) {
  const lines = String(text || "").split("\n").map((s) => s.trim()).filter(Boolean);
  return (lines.length ? lines[lines.length - 1] : "error").slice(0, 300);
}

/** Run `cmd` on tafl_core.bridge.call: its result, or an Error with the envelope's reason.
 *  `have`: the number of the copy of the game's moves the page holds (its states then carry
 *  the moves by changes), undefined for whole states. */
function call(cmd, args, have) {
  if (!pyCall) throw failed("engine not loaded", WORKER_CODES.notLoaded);
  let out;
  try {
    const json = JSON.stringify(args || {});
    out = JSON.parse(Number.isSafeInteger(have) && have >= 0 ? pyCall(cmd, json, have) : pyCall(cmd, json));
  } catch (e) {
    // Raised outside the dispatcher's own handler (a PythonError from the interpreter itself):
    // details to the console, one line to the page.
    console.error("tafl_core worker:", cmd, e);
    throw failed(lastLine(e && e.message ? e.message : e), WORKER_CODES.fault);
  }
  if ("error" in out) {
    const reason = out.reason || { code: WORKER_CODES.fault, params: {} };
    if (reason.params && typeof reason.params.detail === "string" && reason.code === WORKER_CODES.fault) {
      console.error("tafl_core worker:", cmd, reason.params.detail); // the traceback: console only
      reason.params = {};
    }
    throw Object.assign(new Error(lastLine(out.error)), { reason });
  }
  return out.result;
}

/** Plies of the game's moves (a state's `line`) per message: a longer line goes to the page
 *  in parts {id, part: [entries]} before the answer, each a task of its own on the page's main
 *  thread, so that reading a game of 100,000 moves never blocks it at once. */
const LINE_PART = 2000;

/** Post the first entries of a long `line` in the answer `result` (a state, or {state}) as
 *  parts, leaving the last part in the answer (notes/CONTRACTS.md "State answers by changes"). */
function postLineParts(id, result) {
  const st = result && Array.isArray(result.line) ? result : result && result.state;
  if (!st || !Array.isArray(st.line) || st.line.length <= LINE_PART) return;
  const line = st.line;
  let i = 0;
  for (; line.length - i > LINE_PART; i += LINE_PART) self.postMessage({ id, part: line.slice(i, i + LINE_PART) });
  st.line = line.slice(i);
}

self.onmessage = async (ev) => {
  const { id, cmd, args, have } = ev.data || {};
  try {
    let result;
    if (cmd === "init") {
      initPromise ??= init(args);
      result = await initPromise;
    } else {
      if (initPromise) await initPromise;
      result = call(cmd, args, have);
      postLineParts(id, result);
    }
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    // One line for the page, never a traceback (the details went to the console).
    const text = String((e && e.message) || e);
    if (text.includes("\n")) console.error("tafl_core worker:", cmd, text);
    const code = cmd === "init" ? WORKER_CODES.startFailed : WORKER_CODES.fault;
    const reason = e && e.reason && typeof e.reason === "object" ? e.reason : { code, params: {} };
    self.postMessage({ id, ok: false, error: cmd === "init" ? text.split("\n")[0].slice(0, 500) : lastLine(text), reason });
  }
};
