// Tafl-Kompendium board: the game review's data for the page (no DOM, no engine; unit-tested
// with `node --test`, tests/js/reviewdata.test.mjs). The review itself runs in the worker
// (bridge review_start / review_step, tafl_core.review); its plies {ply, move, side, score,
// before, best, line, mark} (scores from the attackers' view, the search's scale: one attacker
// = 100, a forced win beyond WIN_BOUND) are kept in `ui.review` (state.js) and drawn by the
// review panel (review.js) and the move list (analysis.js).

import { WIN_BOUND, WINNING_FROM } from "./evaluation.js";

/** The marks a review gives, worst first (tafl_core.review.MARKS), and the key of each one's
 *  name in words.js `reviewMarkNames`. */
export const REVIEW_MARKS = Object.freeze(["??", "?", "?!"]);

/** The graph's vertical scale: scores beyond twice "winning" (tafl_core.scores.WINNING_FROM)
 *  and forced wins are drawn at its edge. */
export const GRAPH_CAP = 2 * WINNING_FROM;

/** A new review of the game line `moves` (move texts, played then taken back) started at
 *  `origin` {otn, to_move}: nothing reviewed yet. */
export function newReview(origin, moves) {
  return {
    origin: { otn: origin.otn ?? null, to_move: origin.to_move ?? null }, moves: [...moves], entries: [],
    total: moves.length, running: true, stopped: false, error: null,
  };
}

/**
 * The reviewed plies that belong to the game shown: those of review `review` (ui.review) on the
 * plies the game `plies` (moves.js gamePlies: played, then taken back) still has as reviewed
 * (same start `origin`, same moves up to them). Returns the entries in order (entry k has ply
 * k + 1), possibly fewer than reviewed; [] without a review.
 */
export function shownEntries(review, plies, origin) {
  if (!review || !origin || review.origin.otn !== (origin.otn ?? null) || review.origin.to_move !== (origin.to_move ?? null)) return [];
  const out = [];
  for (const e of review.entries) {
    const p = plies[e.ply - 1];
    if (!p || p.move !== e.move || e.ply !== out.length + 1) break;
    out.push(e);
  }
  return out;
}

/** How many moves of each side got each mark: {attackers: {"??": n, "?": n, "?!": n},
 *  defenders: {...}}. */
export function markCounts(entries) {
  const zero = () => Object.fromEntries(REVIEW_MARKS.map((m) => [m, 0]));
  const out = { attackers: zero(), defenders: zero() };
  for (const e of entries) if (e.mark && out[e.side] && Object.hasOwn(out[e.side], e.mark)) out[e.side][e.mark]++;
  return out;
}

/** Score `score` (the attackers' view) on the graph's scale: -GRAPH_CAP to GRAPH_CAP, a forced
 *  win or loss at the edge. */
export function graphValue(score) {
  if (!Number.isFinite(score)) return 0;
  if (Math.abs(score) >= WIN_BOUND) return Math.sign(score) * GRAPH_CAP;
  return Math.max(-GRAPH_CAP, Math.min(GRAPH_CAP, score));
}

/**
 * The points of the evaluation graph of `entries` (shownEntries) in a box `width` × `height`:
 * [{ply, x, y, score}], ply 0 the start (the first entry's `before`: the best the first mover
 * could reach) then every ply after its move; x from 0 to width evenly, y from 0 (attackers
 * winning, top) to height (defenders winning), the middle a balanced game. [] without entries.
 */
export function graphPoints(entries, width, height) {
  if (!entries.length) return [];
  const scores = [entries[0].before, ...entries.map((e) => e.score)];
  const step = scores.length > 1 ? width / (scores.length - 1) : 0;
  const mid = height / 2;
  return scores.map((score, ply) => ({
    ply, score, x: round(ply * step), y: round(mid - (graphValue(score) / GRAPH_CAP) * mid),
  }));
}

const round = (v) => Math.round(v * 10) / 10;
