// Tafl-Kompendium board worker (module worker): runs the rules engine tafl_core in Pyodide.
//
// Protocol: the page posts {id, cmd, args}; the worker answers {id, ok: true, result} or
// {id, ok: false, error}. Commands:
//   init {indexURL, wheelURL, lockInfo, snapshotURL}
//                                           load Pyodide and the tafl-core wheel directly (absolute
//                                           URLs; see init below) -> {version, times, marks};
//                                           meanwhile messages {progress: "download" | "python" | "rules"}
//                                           without an id say which phase has begun. Runs once
//                                           per worker: a second init answers the first's result.
//   session {rules_toml, overrides}         new tafl_core.bridge.Session -> state
//   start {otn, to_move}                    Session.start -> state (error: the engine's message)
//   new_game {rules_toml, overrides, otn, to_move, moves}
//                                           a new Session, started and the moves played, that
//                                           replaces the current one only when all of it
//                                           succeeds -> {ok, error, state} (ok false: an illegal
//                                           move; the state shows the game stopped before it, and
//                                           the current game stays as it was)
//   state | undo | redo                     -> state
//   rules_info                              -> {key: {value, ref, assumed}} of the current
//                                           session's rules (the § of a jump rule, whether a
//                                           berserk king may also escape: words, not rules)
//   targets {square}                        -> list of squares
//   play {move} | play_all {moves}          -> {ok, error, state}
//   snapshot {max_moves}                    -> {otn, to_move, moves}: a start position and the
//                                           last moves (at most max_moves, from a turn's start;
//                                           0: the last turn only), for share links of any length
//   check_position {rules_toml, otn, to_move} -> {code, params} (tafl_core.reasons) or null
//   playout_bench {seconds, seed}           the engine's own random-playout benchmark
// States carry `future_plies` (tafl_core.bridge): the moves Redo would replay, in detail.
// Every value crosses the boundary as JSON text, so the page only ever sees plain data.
// Refusals: {ok, error, reason, state} replies carry `reason` {code, params} (tafl_core.reasons)
// beside the English `error`; a refused session/start/new_game answers {ok: false, error, reason}.
// Errors: whatever Python raises, the page gets one line (the exception's last line); the full
// traceback goes to the console only.
// No game rule lives here: every answer comes from tafl_core.

// The dispatcher is Python (tafl_core.bridge.call, tested under CPython); this is its import.
const PY_SHIM = "from tafl_core.bridge import call as _call, version as _version";

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
    throw new Error("tafl_core could not be imported: " + lastLine(errors.join("\n") || String(e.message || e)));
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

function call(cmd, args) {
  if (!pyCall) throw new Error("engine not loaded");
  let out;
  try {
    out = JSON.parse(pyCall(cmd, JSON.stringify(args || {})));
  } catch (e) {
    // Raised outside the shim's own handler (a PythonError from the interpreter itself):
    // details to the console, one line to the page.
    console.error("tafl_core worker:", cmd, e);
    throw new Error(lastLine(e && e.message ? e.message : e));
  }
  if ("error" in out) {
    if (out.detail) console.error("tafl_core worker:", cmd, out.detail);
    const err = new Error(lastLine(out.error));
    if (out.reason) err.reason = out.reason;
    throw err;
  }
  return out.result;
}

self.onmessage = async (ev) => {
  const { id, cmd, args } = ev.data || {};
  try {
    let result;
    if (cmd === "init") {
      initPromise ??= init(args);
      result = await initPromise;
    } else {
      if (initPromise) await initPromise;
      result = call(cmd, args);
    }
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    // One line for the page, never a traceback (the details went to the console).
    const text = String((e && e.message) || e);
    if (text.includes("\n")) console.error("tafl_core worker:", cmd, text);
    const reply = { id, ok: false, error: cmd === "init" ? text.split("\n")[0].slice(0, 500) : lastLine(text) };
    if (e && e.reason) reply.reason = e.reason;
    self.postMessage(reply);
  }
};
