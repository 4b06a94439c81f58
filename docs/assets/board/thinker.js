// Tafl-Kompendium board: one engine search at a time in slices (search_start, then search_step
// with a small budget, the page yielding between slices so the worker answers other messages),
// cancellable by a generation counter. No DOM; used by the opponent and hint (opponent.js) and
// unit-tested in tests/js/opponent.test.mjs with a fake engine.

/** budget_ms of each search_step: the page stays responsive between two slices. */
export const SLICE_MS = 40;

/** A pause that lets the page (and the worker's other messages) run between two slices. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * One search at a time in the worker, in slices. `call(cmd, args)`: the engine's request
 * function (engine.js Engine.call: a promise of the result, rejecting with the worker's error).
 * `sliceMs`: budget_ms of each search_step; `yieldNow()`: a promise resolved when the page
 * may go on (a macrotask by default).
 */
export class Thinker {
  constructor(call, { sliceMs = SLICE_MS, yieldNow = pause } = {}) {
    this.call = call;
    this.sliceMs = sliceMs;
    this.yieldNow = yieldNow;
    this.gen = 0; // grows with every search and every cancel: an older search's answer is stale
    this.running = false;
  }

  /** Whether the search of generation `gen` is still the current one. */
  current(gen) { return gen === this.gen; }

  /**
   * Search with search_start's `args` until search_step says done. Resolves to
   * {gen, reply} (the last step's reply: {move, score, depth, nodes, nps, pv, turn, done}),
   * {gen, cancelled: true} when cancel() or a newer search came first (no further request is
   * made for it), or {gen, error, reason} (the worker's message and, for a refusal, its reason
   * {code, params}, worded by the board in the page's language) when a request failed.
   */
  async search(args) {
    const gen = ++this.gen;
    this.running = true;
    try {
      await this.call("search_start", args);
      for (;;) {
        if (!this.current(gen)) return { gen, cancelled: true };
        const r = await this.call("search_step", { budget_ms: this.sliceMs });
        if (!this.current(gen)) return { gen, cancelled: true };
        if (!r || r.done) return { gen, reply: r };
        await this.yieldNow();
      }
    } catch (e) {
      if (!this.current(gen)) return { gen, cancelled: true };
      // the message and its reason {code, params} (searchLost reads it)
      return { gen, error: String((e && e.message) || e), reason: (e && e.reason) || null };
    } finally {
      if (this.current(gen)) this.running = false;
    }
  }

  /** Drop the search under way (if any): its answer will be stale, and the worker is told to
   *  stop (search_stop; a failure of that request is of no matter). True if one was running. */
  cancel() {
    const was = this.running;
    this.gen++;
    this.running = false;
    if (was) Promise.resolve().then(() => this.call("search_stop")).catch(() => {});
    return was;
  }
}
