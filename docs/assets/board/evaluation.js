// Tafl-Kompendium board: the engine's score in plain words (no DOM; tests/js/evaluation.test.mjs).
// One home of the thresholds that turn a search score (tafl_core.search: an int from the side
// to move's view, one attacker = 100, a forced win >= WIN_BOUND; notes/CONTRACTS.md "Engine
// moves") into "ausgeglichen" / "balanced", "Angreifer besser" / "attackers better",
// "Verteidiger gewinnen" / "defenders winning", and of when the computer accepts a draw
// (opponent.js): a score in the band, after enough of a game. Used by analysis mode
// (analysismode.js) and the opponent.

/** tafl_core.scores.WIN_BOUND: a score at or beyond it is a forced win (or loss, negative);
 *  held equal by tests/tafl_core/test_evaluation_scale.py. */
export const WIN_BOUND = 990000;
/** tafl_core.scores.WIN: a win found p plies down scores WIN - p (same test). */
export const WIN = 1000000;
/** Below this (in the attackers' or defenders' favour), the position is balanced: less than
 *  one attacker's worth (tafl_core.evaluate weighs an attacker 100). */
export const BALANCED_BELOW = 100;
/** From this on, the side ahead is winning (five attackers' worth) before any forced win. */
export const WINNING_FROM = 500;
/** The computer accepts a draw when its own score is at most this: balanced, or worse for it. */
export const DRAW_ACCEPT_AT_MOST = BALANCED_BELOW - 1;

/**
 * The evaluation of search score `score` (the side to move's view) with `toMove` to move:
 * {grade: "balanced" | "better" | "winning" | "forced", side: "attackers" | "defenders" | null
 * (the side ahead; null when balanced), attackers: the score from the attackers' view,
 * plies: the plies to the forced win (grade "forced" only)}. null for a missing score.
 */
export function evaluation(score, toMove) {
  if (!Number.isFinite(score) || (toMove !== "attackers" && toMove !== "defenders")) return null;
  const attackers = toMove === "attackers" ? score : -score;
  const side = attackers > 0 ? "attackers" : "defenders";
  const a = Math.abs(score);
  if (a >= WIN_BOUND) return { grade: "forced", side, attackers, plies: WIN - a };
  if (a < BALANCED_BELOW) return { grade: "balanced", side: null, attackers };
  return { grade: a >= WINNING_FROM ? "winning" : "better", side, attackers };
}

/** The words of evaluation `ev` (evaluation()) in words `T` (words.js STRINGS[lang]). */
export function evaluationText(T, ev) {
  if (!ev) return "";
  const W = T.evaluation;
  if (ev.grade === "balanced") return W.balanced;
  const side = T.side[ev.side] || ev.side;
  return ev.grade === "forced" ? W.forced(side, ev.plies) : W[ev.grade](side);
}

/** The computer accepts a draw only after this many plies of the game (twenty moves of each
 *  side) ... */
export const DRAW_MIN_PLIES = 40;
/** ... or once this many pieces (of both sides together) were taken: before either, the game is
 *  still in its opening, where a level score says nothing about how it will end. */
export const DRAW_MIN_TAKEN = 4;

/** How far the game `history` (the board state's plies played, each with its `captures`) has
 *  gone: {plies, taken}. */
export function gameProgress(history) {
  const plies = Array.isArray(history) ? history : [];
  const taken = plies.reduce((n, p) => n + (p && Array.isArray(p.captures) ? p.captures.length : 0), 0);
  return { plies: plies.length, taken };
}

/** Whether the game with progress `progress` ({plies, taken}: gameProgress) has gone far enough
 *  for a draw: DRAW_MIN_PLIES plies or DRAW_MIN_TAKEN pieces taken. */
export function drawInReach(progress) {
  return !!progress && (progress.plies >= DRAW_MIN_PLIES || progress.taken >= DRAW_MIN_TAKEN);
}

/** Whether the computer, whose search gave `score` with the side `toMove` to move, accepts a
 *  draw offered by the reader, the computer playing `computer`, in a game that has gone as far
 *  as `progress` ({plies, taken}: gameProgress): its own score in the band (at most
 *  DRAW_ACCEPT_AT_MOST: balanced, or worse for it) and the game out of its opening
 *  (drawInReach). */
export function acceptsDraw(score, toMove, computer, progress) {
  if (!Number.isFinite(score) || !drawInReach(progress)) return false;
  const own = toMove === computer ? score : -score;
  return own <= DRAW_ACCEPT_AT_MOST;
}

/** The marks of a game review (tafl_core.scores, held equal by
 *  tests/tafl_core/test_evaluation_scale.py): the fall of the mover's evaluation from which a
 *  move is an inaccuracy "?!", a mistake "?", a blunder "??" (the last only where it leaves the
 *  mover losing), and the value a forced win or loss counts as for the fall. */
export const INACCURACY_DROP = 100;
export const MISTAKE_DROP = 250;
export const BLUNDER_DROP = 500;
export const REVIEW_CAP = 2000;
