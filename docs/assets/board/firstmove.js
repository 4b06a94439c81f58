// Tafl-Kompendium board: the first move before the engine is ready.
//
// The build writes into board-data `first_moves` the start position's legal moves and what each
// does, as tafl_core.bridge reports them (build_tools/first_moves.py; shape in
// notes/CONTRACTS.md). This module only looks them up: which pieces may move, their targets,
// and the engine-shaped state after one of those moves. No rule lives here: a move that is not
// in the table is not a legal first move, and everything a move does beyond moving its piece
// (captures, a result, a berserk turn, the side to move next) is the table's data.
// No DOM, no engine: unit-tested with `node --test` (tests/js/firstmove.test.mjs).

const SIDES = ["attackers", "defenders"];
const SQUARE = /^[a-z][1-9][0-9]?$/;

/**
 * The first-move table of board-data `data` for a board that starts at `home` (state.js homeOf),
 * or null when there is none to use: no `first_moves`, another version or shape, a board that
 * does not start from the variant's layout (an example board, home.otn set), or a table whose
 * side to move is not the start state's (`toMove`, the side the page shows as moving).
 * The table is returned as given (read-only use).
 */
export function usableTable(data, home, toMove) {
  const t = data && data.first_moves;
  if (!t || typeof t !== "object" || t.v !== 1) return null;
  if (home && home.otn) return null;
  if (!SIDES.includes(t.to_move) || !SIDES.includes(t.next) || t.to_move !== toMove) return null;
  if (!t.targets || typeof t.targets !== "object" || Array.isArray(t.targets)) return null;
  if (t.effects !== undefined && (typeof t.effects !== "object" || t.effects === null)) return null;
  for (const [from, tos] of Object.entries(t.targets)) {
    if (!SQUARE.test(from) || typeof tos !== "string") return null;
  }
  return t;
}

/** The squares whose piece may move first (the table's order). */
export function movableSquares(table) {
  return table ? Object.keys(table.targets) : [];
}

/** The legal targets of the piece on `sq` in the start position ([] when it may not move). */
export function startTargets(table, sq) {
  if (!table || typeof sq !== "string" || !Object.hasOwn(table.targets, sq)) return [];
  const tos = table.targets[sq];
  return tos ? tos.split(" ").filter((s) => SQUARE.test(s)) : [];
}

/** Whether `move` ("a-b") is a legal first move by the table. */
export function isFirstMove(table, move) {
  if (typeof move !== "string") return false;
  const m = /^([a-z][1-9][0-9]?)-([a-z][1-9][0-9]?)$/.exec(move);
  return !!m && startTargets(table, m[1]).includes(m[2]);
}

/**
 * The state after the first move `move` from `start` (the engine-shaped start state the page
 * shows, state.js pageState), or null when `move` is not in the table. Shaped as
 * tafl_core.bridge's state (notes/CONTRACTS.md) with one history entry; `movable` is empty (the
 * next move waits for the engine) and `provisional` is true (not the engine's own state).
 */
export function stateAfter(table, start, move) {
  if (!isFirstMove(table, move)) return null;
  const [from, to] = move.split("-");
  const effect = (table.effects && Object.hasOwn(table.effects, move) && table.effects[move]) || {};
  const ply = {
    move, notation: move, side: table.to_move, captures: [], result: null, jump: false,
    berserk: false, continues: false, jumped: null, piece: start.pieces[from], ...(effect.ply || {}),
  };
  const after = { to_move: table.next, berserk: null, result: null, stuck: false, ...(effect.state || {}) };
  let pieces = after.pieces;
  if (!pieces) {
    pieces = { ...start.pieces };
    pieces[to] = pieces[from];
    delete pieces[from];
    for (const c of ply.captures || []) if (c && typeof c.square === "string") delete pieces[c.square];
  }
  return {
    ...start, pieces: { ...pieces }, to_move: after.to_move, berserk: after.berserk, result: after.result,
    stuck: after.stuck, history: [ply], cursor: 1, can_undo: true, can_redo: false, future: [], future_plies: [],
    movable: [], provisional: true,
  };
}
