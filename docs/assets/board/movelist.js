// Tafl-Kompendium board: the move list for analysis — turns paired in numbered rows as an
// OpenTafl game record numbers them (`1. d1-d3 e4-e2`), the ply each entry jumps to, and the
// keys that step through the game (no DOM, no engine; unit-tested with `node --test`,
// tests/js/movelist.test.mjs). Turns are numbered by moves.js turnNumbers (a berserk turn of
// several plies is one turn); this module only pairs them.
//
// Plies and targets: the moves played and taken back (bridge `history` then `future`) are plies
// 1..total; the entry of ply k jumps to the position after it (bridge command `goto {ply: k}`),
// 0 is the start position. Every ply is a target, the steps of a berserk turn too, as Undo and
// Redo take back and replay one ply at a time.

import { turnNumbers } from "./moves.js";

/**
 * The rows of the move list: `plies` ({move, side, continues}, played then taken back, in game
 * order) grouped by turn and the turns in pairs, as an OpenTafl game record writes them (the
 * first and second turn on line 1, and so on; tafl_core/records.py export_record).
 * Returns [{number, turns: [[ply index, ...], ...]}], number 1-based, each turn one or (a
 * berserk turn) several 0-based ply indexes, one or two turns a row. `numbers`: their
 * turnNumbers, where known; `lo`, `hi`: only the plies from index `lo` to `hi` (excluded), for
 * a window of the list (plyWindow), the rows cut at its edges as they fall.
 */
export function moveRows(plies, numbers = turnNumbers(plies), lo = 0, hi = numbers.length) {
  const rows = [];
  for (let i = Math.max(0, lo); i < Math.min(hi, numbers.length); i++) {
    const turn = numbers[i];
    const number = Math.ceil(turn / 2);
    let row = rows[rows.length - 1];
    if (!row || row.number !== number) { row = { number, turns: [] }; rows.push(row); }
    const slot = (turn - 1) % 2;
    while (row.turns.length <= slot) row.turns.push([]);
    row.turns[slot].push(i);
  }
  return rows;
}

/** The row number (1-based, as shown: `2.`) of each ply of `plies`. */
export function rowNumbers(plies) {
  return turnNumbers(plies).map((turn) => Math.ceil(turn / 2));
}

/** The keys that step through the game and what each does: one ply back or forward, the start
 *  or the end. In the move list they work as they are; on the board with Shift held (the arrow
 *  keys alone move the board's focus square: input.js). */
export const STEP_KEYS = Object.freeze({ ArrowLeft: -1, ArrowRight: 1, Home: "start", End: "end" });

/**
 * The ply `key` leads to from ply `cursor` of `total` (start 0, end `total`), or null when the
 * key is none of STEP_KEYS or leads nowhere (back at the start, forward at the end).
 */
export function stepTarget(key, cursor, total) {
  if (!Object.hasOwn(STEP_KEYS, key)) return null;
  const step = STEP_KEYS[key];
  const to = step === "start" ? 0 : step === "end" ? total : Math.min(total, Math.max(0, cursor + step));
  return to === cursor ? null : to;
}

/**
 * Whether a keydown `e` ({key, shiftKey, altKey, ctrlKey, metaKey}) steps through the game:
 * `inList` (the focus is in the move list) the bare STEP_KEYS; on the board the same keys with
 * Shift and no other modifier (Alt+← is the browser's Back, Ctrl/Cmd+arrows the system's).
 */
export function isStepKey(e, inList) {
  if (!e || !Object.hasOwn(STEP_KEYS, e.key) || e.altKey || e.ctrlKey || e.metaKey) return false;
  return inList ? !e.shiftKey : !!e.shiftKey;
}

/** The ply the move list's keyboard stop sits on (roving tabindex): the current one (the
 *  position shown is after it), or 0 (the start entry) before the first move. */
export function focusPly(st) {
  return Number.isInteger(st && st.cursor) && st.cursor > 0 ? st.cursor : 0;
}

/** All plies of the game: played (`cursor`) and taken back (`future`). */
export function totalPlies(st) {
  return (Number.isInteger(st && st.cursor) ? st.cursor : 0) + (Array.isArray(st && st.future) ? st.future.length : 0);
}

/** Rows of the move list kept in the DOM on each side of the current one: a longer game shows
 *  a window of them around the position shown, so that drawing a game of 100,000 moves costs
 *  no more than one of a few hundred. */
export const MOVE_LIST_ROWS = 100;

/**
 * The plies the move list draws: `[lo, hi)` (0-based ply indexes, whole rows) within `rows`
 * rows of the current row (the row of ply `cursor`, the position shown; the first row at the
 * start). `numbers`: moves.js turnNumbers of all plies. The whole game when it has at most
 * 2 * rows + 1 rows. Linear in the game's length.
 */
export function plyWindow(numbers, cursor, rows = MOVE_LIST_ROWS) {
  const n = numbers.length;
  if (!n) return [0, 0];
  const rowOf = (i) => Math.ceil(numbers[i] / 2);
  if (rowOf(n - 1) <= 2 * rows + 1) return [0, n];
  const at = Math.min(n - 1, Math.max(0, cursor - 1));
  const first = rowOf(at) - rows, last = rowOf(at) + rows;
  let lo = 0, hi = n;
  while (lo < n && rowOf(lo) < first) lo++;
  while (hi > lo && rowOf(hi - 1) > last) hi--;
  return [lo, hi];
}
