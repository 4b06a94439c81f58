// Tafl-Kompendium board: the game review ("Partie analysieren" / "Review game" in the toolbar,
// as a chess site's game analysis), a component attached to the host (host.js BoardHost) with
// attachReview(host). It claims the intent {type: "review"} (actions.js).
//
// The review runs in the worker (bridge review_start, then review_step until done;
// notes/CONTRACTS.md "Worker protocol"; tafl_core.review) in slices through the host's request
// queue without making the board busy, so the board, Cancel and a jump through the game answer
// between two slices; it reviews the game's whole line (played, then taken back) as it was when
// begun, on a game of the worker's own. What it found is `ui.review` (reviewdata.js newReview):
// the move list marks the moves from it (analysis.js), this panel shows a progress bar with
// Cancel while it runs, then a summary, the mark and better move of the position shown, and the
// evaluation as a graph over the game (SVG) whose every point is a jump to the position after
// its move (the intent {type: "goto", ply}, analysis.js): one stop of the Tab key (roving
// tabindex on the point of the position shown), ←/→/Home/End step through the game
// (the intent {type: "step"}), Enter or Space jumps to the point. The exported record carries
// the marks as comments (the worker's export_record).
//
// Markup: `div[data-role=review]` after the move list (hidden until a review begins) with
// `p[data-role=review-status]` (role status), `progress[data-role=review-progress]`,
// `button[data-role=review-cancel]`, `p[data-role=review-summary]`, `p[data-role=review-move]`,
// `p[data-role=review-other]`, `svg[data-role=review-graph]` > `g[data-goto-ply=K]` (role
// button, `aria-current="step"` on the position shown, `data-mark` where marked) and
// `button[data-role=review-close]`.

import { el, svgEl } from "./elements.js";
import { evaluation, evaluationText } from "./evaluation.js";
import { gamePlies } from "./moves.js";
import { STEP_KEYS } from "./movelist.js";
import { REVIEW_MARKS, graphPoints, markCounts, newReview, shownEntries } from "./reviewdata.js";
import { SLICE_MS } from "./thinker.js";

/** The graph's drawing box (viewBox units; the SVG scales to the panel's width). */
export const GRAPH_W = 600, GRAPH_H = 120;

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The game review of `host` (host.js BoardHost): its panel after the move list, the intent
 * {type: "review"} and the "render" hook. Not on a mechanics page's example boards (returns
 * null there). Returns its handle (for tests: `rv.gen`, the DOM parts).
 */
export function attachReview(host) {
  if (host.data.example) return null;
  const T = host.T;
  const rv = { gen: 0, drawnFor: null };
  const box = el("div", { class: "tb-review", "data-role": "review", role: "region", "aria-label": T.reviewTitle, hidden: "" });
  rv.statusEl = el("p", { class: "tb-review-status", "data-role": "review-status", role: "status" });
  rv.progress = el("progress", { "data-role": "review-progress", max: "1", value: "0", "aria-label": T.reviewProgressLabel });
  rv.cancel = el("button", { type: "button", "data-role": "review-cancel" }, T.reviewCancel);
  rv.summaryEl = el("p", { class: "tb-review-summary", "data-role": "review-summary", hidden: "" });
  rv.moveEl = el("p", { class: "tb-review-move", "data-role": "review-move", hidden: "" });
  rv.otherEl = el("p", { class: "tb-help", "data-role": "review-other", hidden: "" }, T.reviewOther);
  rv.graph = svgEl("svg", {
    class: "tb-review-graph", "data-role": "review-graph", viewBox: `-6 -6 ${GRAPH_W + 12} ${GRAPH_H + 12}`,
    role: "group", "aria-label": T.reviewGraph,
  });
  rv.close = el("button", { type: "button", "data-role": "review-close", hidden: "" }, T.reviewClose);
  const bar = el("div", { class: "tb-review-bar" });
  bar.append(rv.progress, rv.cancel, rv.close);
  box.append(rv.statusEl, bar, rv.summaryEl, rv.moveEl, rv.otherEl, rv.graph);
  host.dom.movesWrap.after(box);
  rv.box = box;

  rv.cancel.addEventListener("click", () => cancel(host, rv));
  rv.close.addEventListener("click", () => {
    host.ui.review = null;
    rv.drawnFor = null;
    host.render();
    host.focusBoard();
    // the marks leave the exported record too
    host.exclusive(() => host.engine.call("review_stop", { forget: true }), { busy: false }).catch(() => {});
  });
  rv.graph.addEventListener("click", (e) => {
    const g = e.target instanceof Element ? e.target.closest("[data-goto-ply]") : null;
    if (g) host.dispatch({ type: "goto", ply: Number(g.getAttribute("data-goto-ply")) });
  });
  rv.graph.addEventListener("keydown", (e) => {
    const g = e.target instanceof Element ? e.target.closest("[data-goto-ply]") : null;
    if (!g || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      host.dispatch({ type: "goto", ply: Number(g.getAttribute("data-goto-ply")) });
    } else if (Object.hasOwn(STEP_KEYS, e.key) && !e.shiftKey) {
      e.preventDefault();
      host.dispatch({ type: "step", key: e.key });
    }
  });
  host.on("preRender", () => {
    const a = document.activeElement;
    rv.hadFocus = !!a && rv.graph.contains(a);
  });
  host.on("intent", (i) => {
    if (i.type !== "review") return undefined;
    return start(host, rv);
  });
  host.on("render", () => draw(host, rv));
  return rv;
}

/** Begin a review of the game shown (its whole line); a review under way is replaced. */
async function start(host, rv) {
  const T = host.T;
  if (!host.ready || host.ui.mode !== "play") return false;
  if (host.ui.review && host.ui.review.running) await cancel(host, rv, false);
  const gen = ++rv.gen;
  const { plies } = gamePlies(host.st);
  if (!plies.length) return false;
  const review = newReview(host.origin, plies.map((p) => p.move));
  host.ui.review = review;
  rv.drawnFor = null;
  host.render();
  host.say(T.reviewStarted(review.total));
  const current = () => gen === rv.gen && host.ui.review === review;
  try {
    const ok = await host.exclusive(async () => {
      if (!current()) return false;
      await host.engine.call("review_start", {});
      return true;
    }, { busy: false });
    while (ok && current()) {
      await pause();
      const r = await host.exclusive(() => (current()
        ? host.engine.call("review_step", { budget_ms: SLICE_MS, since: review.entries.length }) : null), { busy: false });
      if (!r || !current()) break;
      if (r.plies.length) {
        review.entries.push(...r.plies);
        host.render();
      }
      if (r.done) break;
    }
  } catch (e) {
    if (current()) review.error = host.refusalText(e);
  }
  if (!current()) return false;
  review.running = false;
  host.render();
  host.say(review.error ? T.reviewFailed(review.error) : T.reviewDone(review.total));
  return true;
}

/** Cancel the review under way: the plies reviewed stay (marks, graph, the record's comments). */
async function cancel(host, rv, announce = true) {
  const review = host.ui.review;
  if (!review || !review.running) return;
  rv.gen++;
  review.running = false;
  review.stopped = true;
  host.render();
  if (announce) host.say(host.T.reviewStopped(review.entries.length, review.total));
  try {
    await host.exclusive(() => host.engine.call("review_stop", {}), { busy: false });
  } catch { /* the worker failed: nothing to stop */ }
}

/** The evaluation in words of a reviewed score (the attackers' view). */
function scoreWords(T, score) {
  return evaluationText(T, evaluation(score, "attackers"));
}

/** The panel, from `ui.review` and the game shown. */
function draw(host, rv) {
  const T = host.T;
  const review = host.ui.review;
  const on = !!review && host.ui.mode === "play";
  rv.box.hidden = !on;
  if (!on) return;
  const st = host.st;
  const { plies, numbers } = gamePlies(st);
  const entries = shownEntries(review, plies, host.origin);
  const reviewed = review.entries.length;
  rv.progress.max = Math.max(1, review.total);
  rv.progress.value = reviewed;
  rv.progress.hidden = !review.running;
  rv.cancel.hidden = !review.running;
  rv.close.hidden = review.running;
  rv.statusEl.textContent = review.error ? T.reviewFailed(review.error)
    : review.running ? T.reviewRunning(reviewed, review.total)
    : review.stopped ? T.reviewStopped(reviewed, review.total) : T.reviewDone(review.total);
  const counts = markCounts(entries);
  const line = (side) => {
    const parts = REVIEW_MARKS.filter((m) => counts[side][m]).map((m) => T.reviewCount(counts[side][m], m, T.reviewMarkNames[m]));
    return T.reviewCounts(T.side[side] || side, parts.length ? parts.join(", ") : T.reviewNone);
  };
  rv.summaryEl.textContent = entries.length ? `${line("attackers")}. ${line("defenders")}.` : "";
  rv.summaryEl.hidden = !entries.length;
  rv.otherEl.hidden = entries.length >= Math.min(reviewed, plies.length);
  const e = st.cursor > 0 ? entries[st.cursor - 1] : null;
  rv.moveEl.hidden = !(e && e.mark);
  rv.moveEl.textContent = e && e.mark
    ? T.reviewMove(`${e.move} ${e.mark}`, T.reviewMarkNames[e.mark], e.best && e.best !== e.move ? e.best : null) : "";
  drawGraph(host, rv, entries, numbers);
}

/** The graph: redrawn when the entries shown change; the current point follows the game. */
function drawGraph(host, rv, entries, numbers) {
  const T = host.T;
  const key = entries.length ? `${entries.length}|${entries[entries.length - 1].move}|${host.ui.review.origin.otn}` : "";
  if (key !== rv.drawnFor) {
    rv.drawnFor = key;
    rv.graph.replaceChildren();
    rv.graph.style.display = entries.length ? "" : "none"; // (an SVG element has no `hidden`)
    const pts = graphPoints(entries, GRAPH_W, GRAPH_H);
    if (pts.length) {
      rv.graph.append(svgEl("line", { class: "tb-review-axis", x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2 }));
      const area = `0,${GRAPH_H / 2} ` + pts.map((p) => `${p.x},${p.y}`).join(" ") + ` ${pts[pts.length - 1].x},${GRAPH_H / 2}`;
      rv.graph.append(svgEl("polygon", { class: "tb-review-area", points: area, "aria-hidden": "true" }));
      rv.graph.append(svgEl("polyline", { class: "tb-review-curve", points: pts.map((p) => `${p.x},${p.y}`).join(" "), "aria-hidden": "true" }));
      for (const p of pts) {
        const entry = p.ply ? entries[p.ply - 1] : null;
        const ev = scoreWords(T, p.score);
        const label = entry
          ? T.reviewPoint(Math.ceil(numbers[p.ply - 1] / 2), T.side[entry.side] || entry.side, entry.move, entry.mark, ev)
          : T.reviewPointStart(ev);
        const g = svgEl("g", { class: "tb-review-point", role: "button", tabindex: "-1", "data-goto-ply": p.ply, "aria-label": label });
        if (entry && entry.mark) g.setAttribute("data-mark", entry.mark);
        const title = svgEl("title");
        title.textContent = label;
        g.append(title, svgEl("circle", { class: "tb-review-hit", cx: p.x, cy: p.y, r: 8 }),
          svgEl("circle", { class: "tb-review-dot", cx: p.x, cy: p.y, r: entry && entry.mark ? 4.5 : 2.5 }));
        rv.graph.append(g);
      }
    }
  }
  // the roving stop: the point of the position shown (else the last one reviewed)
  const points = rv.graph.querySelectorAll("[data-goto-ply]");
  if (!points.length) return;
  const cursor = host.st.cursor;
  const stop = points[Math.min(cursor, points.length - 1)];
  for (const g of points) {
    const here = Number(g.getAttribute("data-goto-ply")) === cursor;
    g.setAttribute("tabindex", g === stop ? "0" : "-1");
    if (here) g.setAttribute("aria-current", "step"); else g.removeAttribute("aria-current");
  }
  if (rv.hadFocus && document.activeElement !== stop) stop.focus({ preventScroll: true });
}
