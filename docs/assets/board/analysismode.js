// Tafl-Kompendium board: analysis mode ("Analyse" / "Analysis" in the toolbar, as lichess's
// analysis board), a component attached to the host (host.js BoardHost) with
// attachAnalysisMode(host). While on, the engine's best line and a plain evaluation
// (evaluation.js: "Angreifer besser" / "attackers better", ...) stay on screen, searched anew
// for every position shown (a move, a step through the move list, Undo, a link), and the bare
// ←/→/Home/End keys on the board step through the game (input.js reads ui.analysing; outside
// analysis mode the arrows move the board's focus square).
//
// The search uses the worker's sliced search (search_start, then search_step until done;
// notes/CONTRACTS.md "Worker protocol") through the host's request queue (exclusive, without
// making the board busy), so a step or a move never runs in the middle of a slice; every change
// of the game drops it (a generation counter, and the worker itself drops a search when the
// game changes: no_search). It yields to the opponent's own searches (the root's
// data-thinking, opponent.js): there is one search in the worker at a time.
//
// Markup: `div[data-role=analysis-mode]` after the status lines (hidden while off) with
// `p[data-role=evaluation]` (`data-grade` balanced | better | winning | forced, `data-side`) and
// `p[data-role=best-line]`; the root carries `data-analysis` while on.

import { el } from "./elements.js";
import { evaluation, evaluationText } from "./evaluation.js";
import { stateKey } from "./state.js";
import { SLICE_MS } from "./thinker.js";

/** The search's budget for one position, in seconds (the worker's bound is 600). */
export const ANALYSIS_SECONDS = 5;
/** Moves of the best line shown. */
export const LINE_SHOWN = 10;

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Analysis mode of `host` (host.js BoardHost): its panel part, its intent {type:
 * "analysisMode"} (the toolbar's toggle, actions.js) and its hooks ("change": drop the search;
 * "render": draw and, for a new position, search it; "idle": search when the queue is empty).
 * Not on a mechanics page's example boards (returns null there).
 */
export function attachAnalysisMode(host) {
  if (host.data.example) return null;
  const T = host.T;
  const box = el("div", { class: "tb-analysis-mode", "data-role": "analysis-mode", hidden: "" });
  const evalEl = el("p", { class: "tb-eval", "data-role": "evaluation" });
  const lineEl = el("p", { class: "tb-best-line", "data-role": "best-line" });
  box.append(evalEl, lineEl);
  host.dom.messageEl.after(box);
  const am = { gen: 0, key: null, reply: null, searching: false, paused: false };

  // what a search belongs to: the position shown under the rules the board plays (a switched
  // assumption makes the same position another question)
  const positionKey = () => stateKey(host.st, host.alt);
  const thinkingElsewhere = () => host.root.hasAttribute("data-thinking");

  function cancel() {
    am.gen++;
    const was = am.searching;
    am.searching = false;
    // (not while the opponent searches: search_stop would stop its search)
    if (was && !thinkingElsewhere()) host.engine.call("search_stop").catch(() => {});
  }

  async function search() {
    const gen = ++am.gen;
    const key = positionKey();
    am.key = key;
    am.reply = null;
    am.searching = true;
    const fresh = () => gen === am.gen && host.ui.analysing && positionKey() === key && !thinkingElsewhere();
    try {
      const started = await host.exclusive(async () => {
        if (!fresh()) return false;
        await host.engine.call("search_start", { level: "strong", seconds: ANALYSIS_SECONDS });
        return true;
      }, { busy: false });
      while (started) {
        await pause();
        const r = await host.exclusive(() => (fresh() ? host.engine.call("search_step", { budget_ms: SLICE_MS }) : null), { busy: false });
        if (!r || !fresh()) break;
        am.reply = r;
        draw();
        if (r.done) break;
      }
    } catch { /* the game changed under the search (no_search) or the worker failed: nothing to show */ }
    if (gen === am.gen) { am.searching = false; draw(); }
  }

  function draw() {
    const on = !!host.ui.analysing && host.ui.mode === "play";
    box.hidden = !on;
    host.root.toggleAttribute("data-analysis", on);
    if (!on) return;
    const st = host.st;
    am.paused = thinkingElsewhere();
    const r = am.key === positionKey() ? am.reply : null;
    const ev = st.result ? null : evaluation(r && r.score, st.to_move);
    evalEl.textContent = `${T.analysisEval}: ` + (st.result ? T.analysisOver
      : ev ? evaluationText(T, ev) + (r && r.depth ? ` (${T.analysisDepth(r.depth)})` : "")
      : am.paused ? T.analysisPaused : T.analysisSearching);
    if (ev) { evalEl.setAttribute("data-grade", ev.grade); evalEl.setAttribute("data-side", ev.side || ""); }
    else { evalEl.removeAttribute("data-grade"); evalEl.removeAttribute("data-side"); }
    const pv = r && Array.isArray(r.pv) ? r.pv : [];
    lineEl.hidden = !pv.length || !!st.result;
    lineEl.textContent = pv.length ? `${T.analysisLine}: ${pv.slice(0, LINE_SHOWN).join(" ")}${pv.length > LINE_SHOWN ? " …" : ""}` : "";
  }

  /** Search the position shown, if analysis is on and it was not searched yet. */
  function follow() {
    if (!host.ui.analysing || host.ui.mode !== "play" || !host.ready || host.busy || thinkingElsewhere()) return;
    if (host.st.result) return;
    if (am.key === positionKey() && (am.searching || am.reply)) return;
    search();
  }

  host.on("intent", (i) => {
    if (i.type !== "analysisMode") return undefined;
    host.ui.analysing = !host.ui.analysing;
    if (!host.ui.analysing) { cancel(); am.key = null; am.reply = null; }
    host.render();
    host.say(host.ui.analysing ? T.analysisOn : T.analysisOff);
    follow();
    return true;
  });
  host.on("change", () => { if (am.searching) cancel(); });
  host.on("render", () => {
    if (am.key !== null && am.key !== positionKey() && am.searching) cancel();
    draw();
  });
  host.on("idle", () => follow());
  return am;
}
