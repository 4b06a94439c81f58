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
//   check_position {rules_toml, otn, to_move} -> reason string or null
//   playout_bench {seconds, seed}           the engine's own random-playout benchmark
// States carry `future_plies` (tafl_core.bridge): the moves Redo would replay, in detail.
// Every value crosses the boundary as JSON text, so the page only ever sees plain data.
// Errors: whatever Python raises, the page gets one line (the exception's last line); the full
// traceback goes to the console only.
// No game rule lives here: every answer comes from tafl_core.

const PY_SHIM = `
import json as _json
import traceback as _traceback
from tafl_core.bridge import Session as _Session, check_position as _check_position

_session = None

def _one_line(e):
    # The message for the page: one line, never a traceback. Expected refusals (ValueError from
    # the bridge) keep their own words; anything else is named like a traceback's last line.
    if isinstance(e, ValueError):
        text = str(e)
    else:
        text = _traceback.format_exception_only(type(e), e)[-1]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return (lines[-1] if lines else type(e).__name__)[:300]

def _call(cmd, args_json):
    global _session
    try:
        a = _json.loads(args_json)
        if cmd == "session":
            _session = _Session(a["rules_toml"], a.get("overrides") or None)
            out = _session.state()
        elif cmd == "new_game":
            s = _Session(a["rules_toml"], a.get("overrides") or None)
            st = s.start(a.get("otn"), a.get("to_move"))
            out = {"ok": True, "error": None, "state": st}
            if a.get("moves"):
                out = s.play_all(list(a["moves"]))
            if out["ok"]:
                _session = s
        elif cmd == "check_position":
            out = _check_position(a["rules_toml"], a["otn"], a["to_move"])
        elif _session is None:
            return _json.dumps({"error": "no session"})
        elif cmd == "start":
            out = _session.start(a.get("otn"), a.get("to_move"))
        elif cmd == "state":
            out = _session.state()
        elif cmd == "rules_info":
            out = _session.rules_info()
        elif cmd == "targets":
            out = _session.targets(a["square"])
        elif cmd == "play":
            out = _session.play(a["move"])
        elif cmd == "play_all":
            out = _session.play_all(list(a["moves"]))
        elif cmd == "snapshot":
            out = _session.snapshot(int(a.get("max_moves") or 0))
        elif cmd == "undo":
            out = _session.undo()
        elif cmd == "redo":
            out = _session.redo()
        elif cmd == "playout_bench":
            out = _session.playout_bench(float(a.get("seconds", 2.0)), int(a.get("seed", 1)))
        else:
            return _json.dumps({"error": "unknown command " + cmd})
    except Exception as e:
        # An expected refusal (ValueError from the bridge: a bad link, an impossible position)
        # is no fault of the page: no traceback on the console for it.
        detail = None if isinstance(e, ValueError) else "".join(_traceback.format_exception(type(e), e, e.__traceback__))
        return _json.dumps({"error": _one_line(e), "detail": detail})
    return _json.dumps({"result": out})
`;

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
  const version = pyodide.runPython("import tafl_core, sys; getattr(tafl_core, '__version__', '') + ' / Python ' + sys.version.split()[0]");
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
    throw new Error(lastLine(out.error));
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
    self.postMessage({ id, ok: false, error: cmd === "init" ? text.split("\n")[0].slice(0, 500) : lastLine(text) });
  }
};
