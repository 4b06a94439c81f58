// Unit tests of the board's own state and its update functions (docs/assets/board/state.js).

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  cellOf, clearSelection, enterEditor, flip, homeOf, leaveEditor, moveFocus, newUi, overrides, pageState,
  placePiece, selectSquare, setFocus, setTargets, squareAtCell, switchableKeys,
} from "../../docs/assets/board/state.js";

test("screen cells: a1 at the bottom left, on a flipped board at the top right", () => {
  // notes/CONTRACTS.md: rank 1 is the bottom row of the diagram
  assert.deepEqual(cellOf(11, false, "a1"), [0, 10]);
  assert.deepEqual(cellOf(11, false, "k11"), [10, 0]);
  assert.deepEqual(cellOf(11, true, "a1"), [10, 0]);
  assert.equal(squareAtCell(11, false, 0, 10), "a1");
  assert.equal(squareAtCell(11, true, 0, 0), "k1");
  assert.equal(squareAtCell(11, false, 11, 0), null);
  assert.equal(squareAtCell(9, false, -1, 3), null);
  for (const flipped of [false, true]) {
    for (const sq of ["e5", "a9", "i1", "c7"]) assert.equal(squareAtCell(9, flipped, ...cellOf(9, flipped, sq)), sq);
  }
});

test("arrow keys move the focus on screen and stop at the edge", () => {
  const ui = newUi();
  setFocus(ui, "a1");
  assert.equal(moveFocus(ui, 9, "ArrowUp"), "a2");
  assert.equal(moveFocus(ui, 9, "ArrowLeft"), "a2"); // the edge
  assert.equal(moveFocus(ui, 9, "ArrowRight"), "b2");
  flip(ui);
  assert.equal(moveFocus(ui, 9, "ArrowUp"), "b1"); // up on screen is towards rank 1 when flipped
  assert.equal(moveFocus(ui, 9, "ArrowUp"), "b1");
});

test("targets of an older selection are dropped", () => {
  const ui = newUi();
  const first = selectSquare(ui, "e1");
  const second = selectSquare(ui, "d1");
  assert.equal(setTargets(ui, first, "e1", ["e2"]), false);
  assert.deepEqual([ui.selected, ui.targets, ui.targetsOf], ["d1", [], null]);
  assert.equal(setTargets(ui, second, "d1", ["d2", "d3"]), true);
  assert.deepEqual([ui.selected, ui.targets, ui.targetsOf], ["d1", ["d2", "d3"], "d1"]);
  clearSelection(ui);
  assert.equal(setTargets(ui, second, "d1", ["d2"]), false);
  assert.equal(ui.selected, null);
});

test("the editor places a piece, a second click with it removes it, and leaving drops the set-up", () => {
  const ui = newUi();
  const pieces = { e5: "king" };
  enterEditor(ui, pieces, "attackers");
  assert.equal(ui.mode, "edit");
  assert.equal(placePiece(ui, "a1", "attacker"), "attacker");
  assert.equal(placePiece(ui, "a1", "attacker"), null);
  assert.equal(placePiece(ui, "a1", "defender"), "defender");
  assert.equal(placePiece(ui, "e5", "remove"), null);
  assert.deepEqual(pieces, { e5: "king" }, "the game's position is not the editor's");
  leaveEditor(ui);
  assert.deepEqual([ui.mode, ui.editor], ["play", null]);
});

test("switched assumptions become the engine's overrides; a table alternative sets several rules", () => {
  const assumptions = [
    { key: "king_armed", value: "yes", alternative: "no" },
    { key: "throne", value: "x", alternative: { throne_hostile: "attackers", throne_passable: false } },
    { key: "no_moves", value: "none", alternative: null },
  ];
  assert.deepEqual(switchableKeys(assumptions), ["king_armed", "throne"]);
  assert.deepEqual(overrides(assumptions, new Set()), {});
  assert.deepEqual(overrides(assumptions, new Set(["king_armed", "throne"])),
    { king_armed: "no", throne_hostile: "attackers", throne_passable: false });
});

test("an example board starts from its well-formed start position only", () => {
  const otn = "/7/7/7/3K3/7/7/7/";
  assert.deepEqual(homeOf({ start: { otn, to_move: "defenders" } }), { otn, to_move: "defenders" });
  assert.deepEqual(homeOf({ start: { otn: "/111111/111111/111111/111111/111111/111111/111111/", to_move: "defenders" } }), { otn: null, to_move: null });
  assert.deepEqual(homeOf({ start: { otn, to_move: "white" } }), { otn: null, to_move: null });
  assert.deepEqual(homeOf({}), { otn: null, to_move: null });
  const st = pageState({ size: 7, first_mover: "attackers", pieces: { d4: "king" } }, homeOf({}));
  assert.deepEqual([st.to_move, st.pieces, st.cursor, st.result], ["attackers", { d4: "king" }, 0, null]);
});

test("the focus square is drawn only while the board has the focus and the keyboard was used", async () => {
  const { boardFocused, showsFocusSquare, usedInput } = await import("../../docs/assets/board/state.js");
  const ui = newUi();
  setFocus(ui, "e5");
  assert.equal(showsFocusSquare(ui), false);
  boardFocused(ui, true);
  assert.equal(showsFocusSquare(ui), false); // focused by a click
  usedInput(ui, true);
  assert.equal(showsFocusSquare(ui), true);
  usedInput(ui, false); // a pointer press
  assert.equal(showsFocusSquare(ui), false);
  usedInput(ui, true);
  boardFocused(ui, false);
  assert.equal(showsFocusSquare(ui), false);
});
