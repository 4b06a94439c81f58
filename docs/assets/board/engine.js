// Tafl-Kompendium board: the client of the engine worker (worker.js). Requests {id, cmd, args}
// and answers {id, ok, result | error}, as worker.js describes; one worker per page.

/** Request/response channel to worker.js. */
export class Engine {
  constructor(url) {
    this.seq = 0;
    this.pending = new Map();
    this.worker = new Worker(url, { type: "module" });
    this.worker.onmessage = (ev) => {
      const { id, ok, result, error, reason } = ev.data || {};
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (ok) { p.resolve(result); return; }
      // a refusal of the input (a position, rules) carries its reason {code, params}
      const err = new Error(error);
      if (reason && typeof reason === "object") err.reason = reason;
      p.reject(err);
    };
    const fail = (ev) => {
      const err = new Error((ev && ev.message) || "worker failed to start");
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.dead = err;
    };
    this.worker.onerror = fail;
    this.worker.onmessageerror = fail;
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
/** One worker per page: Pyodide is started once, whatever navigation the theme does. */
export function sharedEngine(url) {
  if (!engineSingleton || engineSingleton.dead) engineSingleton = new Engine(url);
  return engineSingleton;
}
