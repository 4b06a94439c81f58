// Tafl-Kompendium board worker (module worker): runs the rules engine tafl_core in Pyodide.
//
// Protocol: the page posts {id, cmd, args}; the worker answers {id, ok: true, result} or
// {id, ok: false, error}. Commands:
//   init {indexURL, lockFileURL}            load Pyodide and the tafl-core package (absolute URLs)
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

async function init({ indexURL, lockFileURL }) {
  const t0 = performance.now();
  const times = {};
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  times.import = Math.round(performance.now() - t0);
  const errors = [];
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL,
    packages: ["tafl-core"],
    stdout: () => {},
    stderr: (s) => errors.push(s),
  });
  times.pyodide = Math.round(performance.now() - t0);
  // Pyodide reports a failed package load through a callback instead of throwing:
  // load explicitly and check that the module really imports.
  await pyodide.loadPackage("tafl-core", {
    messageCallback: () => {},
    errorCallback: (s) => errors.push(s),
  });
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
  return { version, times };
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
