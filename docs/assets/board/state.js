// Tafl-Kompendium board: the board's own state and the functions that change it (no DOM, no
// engine; unit-tested with `node --test`, tests/js/state.test.mjs).
//
// The game itself is the engine's (`st`, from tafl_core.bridge through the worker); the board
// keeps beside it one object `ui` — what the reader has selected, where the keyboard focus is,
// whether the board is flipped, the editor's position — and changes it only through the
// functions below. render.js draws from `st` and `ui`.

import { END_VALUES, isOtn, squareName } from "./address.js";

/** A new `ui` for a board of `size`: play mode, nothing selected, not flipped. */
export function newUi() {
  return {
    mode: "play", // "play" | "edit"
    flipped: false,
    selected: null, // the square of the selected piece
    targets: [], // its legal targets, once the engine gave them
    targetsOf: null, // the square those targets belong to
    selToken: 0, // grows with every selection: an answer for an older one is dropped
    focus: null, // the keyboard focus square
    hasFocus: false, // the board (its SVG) has the page's focus
    keyboardUsed: false, // the last input was the keyboard: the focus square is drawn
    editor: null, // {pieces, to_move} while setting up a position
    message: null, // the message line's text (a refusal, a notice), or null
    wide: false, // the board-first layout is on (wide.js)
    analysing: false, // analysis mode is on: best line and evaluation shown (analysis.js)
    review: null, // the game review, running or done (reviewdata.js newReview; review.js)
    lines: null, // the game's main line and side lines (lines.js; sidelines.js)
    notes: null, // the reader's comments on moves (notedata.js; movenotes.js)
  };
}

/** Nothing selected (any answer still on its way for the old selection is dropped). */
export function clearSelection(ui) {
  ui.selected = null;
  ui.targets = [];
  ui.targetsOf = null;
  ui.selToken++;
  return ui;
}

/** Select the piece on `sq`; its targets come later (setTargets with the token returned). */
export function selectSquare(ui, sq) {
  clearSelection(ui);
  ui.selected = sq;
  return ui.selToken;
}

/** The engine's legal targets of the selection made with `token`; false (and nothing changed)
 *  when another selection was made since. */
export function setTargets(ui, token, sq, targets) {
  if (token !== ui.selToken) return false;
  ui.targets = [...targets];
  ui.targetsOf = sq;
  return true;
}

/** Turn the board by 180° (or back). */
export function flip(ui) {
  ui.flipped = !ui.flipped;
  return ui;
}

/** The board got (`on`) or lost the page's focus. */
export function boardFocused(ui, on) {
  ui.hasFocus = !!on;
  return ui;
}

/** The last input came from the keyboard (`keyboard` true) or a pointer. */
export function usedInput(ui, keyboard) {
  ui.keyboardUsed = !!keyboard;
  return ui;
}

/** Whether the focus square is drawn: the board has the focus, by keyboard, on a square. */
export function showsFocusSquare(ui) {
  return ui.hasFocus && ui.keyboardUsed && !!ui.focus;
}

/** The message line says `text` (null or "": nothing). */
export function setMessage(ui, text) {
  ui.message = text ? String(text) : null;
  return ui;
}

/** Put the keyboard focus on `sq`. */
export function setFocus(ui, sq) {
  ui.focus = sq;
  return ui;
}

const DIRS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Whether `key` (a KeyboardEvent key) moves the focus square. */
export function isArrow(key) { return Object.hasOwn(DIRS, key); }

/** Move the focus one square on screen (arrow `key`), stopping at the edge; on a flipped board
 *  "up" on screen is towards rank 1. Returns the new focus square. */
export function moveFocus(ui, size, key) {
  const [c, w] = cellOf(size, ui.flipped, ui.focus);
  const [dc, dw] = DIRS[key];
  const clamp = (v) => Math.min(size - 1, Math.max(0, v));
  ui.focus = squareAtCell(size, ui.flipped, clamp(c + dc), clamp(w + dw));
  return ui.focus;
}

/** Screen column/row of a square (0-based, row 0 at the top), honouring the flip. */
export function cellOf(size, flipped, sq) {
  const f = sq.charCodeAt(0) - 97, r = parseInt(sq.slice(1), 10) - 1;
  const n = size - 1;
  return flipped ? [n - f, r] : [f, n - r];
}

/** The square shown at screen column `col`, row `row`, or null off the board. */
export function squareAtCell(size, flipped, col, row) {
  if (col < 0 || row < 0 || col >= size || row >= size) return null;
  const n = size - 1;
  return flipped ? squareName(n - col, row) : squareName(col, n - row);
}

/** Open the editor on the position `pieces` ({square: kind}) with `to_move`. */
export function enterEditor(ui, pieces, to_move) {
  clearSelection(ui);
  ui.editor = { pieces: { ...pieces }, to_move };
  ui.mode = "edit";
  return ui;
}

/** Close the editor (its position is dropped). */
export function leaveEditor(ui) {
  ui.mode = "play";
  ui.editor = null;
  return ui;
}

/** The editor's tool `tool` (a piece kind or "remove") used on `sq`: the kind placed there, and
 *  a second click with the same kind, or "remove", empties it. Returns the kind now on `sq` or
 *  null. */
export function placePiece(ui, sq, tool) {
  const p = ui.editor.pieces;
  if (tool === "remove" || p[sq] === tool) delete p[sq];
  else p[sq] = tool;
  return p[sq] || null;
}

/** The editor's position replaced by `pieces` (a copy; {} clears the board). */
export function setEditorPieces(ui, pieces) {
  ui.editor.pieces = { ...pieces };
  return ui;
}

/** The side to move in the editor's position. */
export function setEditorTurn(ui, side) {
  ui.editor.to_move = side;
  return ui;
}

/** Where a game starts when no link says otherwise: board-data `start` {otn, to_move} (an
 *  example board on a mechanics page) when well formed, else {otn: null, to_move: null} (the
 *  variant's layout). */
export function homeOf(data) {
  const start = data.start;
  return start && isOtn(start.otn) && (start.to_move === "attackers" || start.to_move === "defenders")
    ? { otn: start.otn, to_move: start.to_move } : { otn: null, to_move: null };
}

/** The engine-shaped state the board shows before the engine answers: the page's own start
 *  position (board-data `pieces`, `special`), no history. */
export function pageState(data, home) {
  return {
    size: data.size, to_move: home.to_move || data.first_mover, pieces: { ...data.pieces },
    special: data.special || { throne: [], corners: [], camps: [] },
    history: [], cursor: 0, can_undo: false, can_redo: false, result: null, movable: [], berserk: null,
  };
}

/** The keys of the assumptions a reader may switch (those with an alternative). */
export function switchableKeys(assumptions) {
  const list = Array.isArray(assumptions) ? assumptions : [];
  return list.filter((a) => a && a.key && a.alternative !== null && a.alternative !== undefined).map((a) => String(a.key));
}

/** Rule key -> value for the switched assumptions `switched` (a Set of keys): an alternative
 *  that is a table sets several rules. The engine's `overrides` (tafl_core.bridge.Session). */
export function overrides(assumptions, switched) {
  const out = {};
  for (const a of assumptions || []) {
    if (!switched.has(String(a.key))) continue;
    const alt = a.alternative;
    if (alt && typeof alt === "object" && !Array.isArray(alt)) Object.assign(out, alt);
    else out[a.key] = alt;
  }
  return out;
}

/** Who moves first under the rules the board plays (a switched assumption may change it;
 *  the engine's rules_info), else the page's documented first mover. */
export function firstMover(ruleInfo, data) {
  const info = ruleInfo && ruleInfo.first_mover;
  return info && (info.value === "attackers" || info.value === "defenders") ? info.value : data.first_mover;
}

/** The square the keyboard focus starts on: the first piece that may move, else the
 *  square on the top left of an unflipped board (file a, the top rank). */
export function defaultFocus(st, size) {
  return st.movable && st.movable.length ? st.movable[0] : squareName(0, size - 1);
}

/** A random id for a game (history.state.taflGame): ten base-36 letters and the time. */
export function newGameId() {
  return Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
}

/** The key of what a search, a hint, an evaluation or a declared end belongs to: the position
 *  (the engine's state `st`: its position record, the side to move, the plies played, the
 *  berserk turn under way) and the rules it is read under (`alt`, the switched assumptions: a
 *  switch can change what the same position means). */
export function stateKey(st, alt = []) {
  const rules = [...(alt || [])].map(String).sort().join(",");
  return [st.otn, st.to_move, st.cursor, st.berserk ? st.berserk.square : "", rules].join("|");
}

/** An end the players declared (a resignation, an agreed draw: one of address.js END_VALUES)
 *  for the position of state `st` under the rules `alt`: `{end, key}`, or null for another
 *  value. */
export function declareEnd(end, st, alt) {
  return END_VALUES.includes(end) ? { end, key: stateKey(st, alt) } : null;
}

/** The declared end `ended` ({end, key} or null) if it belongs to the position shown (`st`
 *  under the rules `alt`): its END_VALUES token, else null (a move, Undo or another game left
 *  the position it was declared in). */
export function declaredEnd(ended, st, alt) {
  return ended && ended.key === stateKey(st, alt) ? ended.end : null;
}

/** A declared end's words' parts: {kind: "resigned" | "draw", winner: the side that did not
 *  resign (null for a draw), loser}; null for no end. */
export function endParts(end) {
  if (end === "draw") return { kind: "draw", winner: null, loser: null };
  const m = /^resign-(attackers|defenders)$/.exec(String(end || ""));
  if (!m) return null;
  return { kind: "resigned", loser: m[1], winner: m[1] === "attackers" ? "defenders" : "attackers" };
}

/** The END_VALUES token of a resignation by `loser` (a side), or of an agreed draw (null). */
export function endToken(loser) {
  return loser === "attackers" || loser === "defenders" ? `resign-${loser}` : "draw";
}
