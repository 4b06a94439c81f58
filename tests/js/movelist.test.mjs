// Unit tests of the analysis move list (docs/assets/board/movelist.js): turns paired in rows as
// an OpenTafl game record numbers its lines ("1. d1-d3 h6-h9", opentafl-notation-spec "Game
// Records"; tafl_core/records.py), berserk turns kept together, and the stepping keys.

import { test } from "node:test";
import assert from "node:assert/strict";

import { focusPly, isStepKey, moveRows, rowNumbers, stepTarget, totalPlies } from "../../docs/assets/board/movelist.js";

const ply = (move, side, continues = false) => ({ move, side, continues });

test("two turns a row, numbered as the lines of an OpenTafl record", () => {
  // the first moves of the record OpenTafl ships (realgamelog.otg): 1. d1-d3 h6-h9  2. k4-i4 f8-c8  3. d11-d9
  const plies = [ply("d1-d3", "attackers"), ply("h6-h9", "defenders"), ply("k4-i4", "attackers"),
    ply("f8-c8", "defenders"), ply("d11-d9", "attackers")];
  assert.deepEqual(moveRows(plies), [
    { number: 1, turns: [[0], [1]] },
    { number: 2, turns: [[2], [3]] },
    { number: 3, turns: [[4]] },
  ]);
  assert.deepEqual(rowNumbers(plies), [1, 1, 2, 2, 3]);
  assert.deepEqual(moveRows([]), []);
});

test("a berserk turn is one turn of its row, however many plies (c1-c2xc3 c2=d2xe2, end)", () => {
  const plies = [ply("c1-c2", "attackers", true), ply("c2-d2", "attackers", true), ply("end", "attackers"),
    ply("h8-h5", "defenders"), ply("d2-d3", "attackers")];
  assert.deepEqual(moveRows(plies), [{ number: 1, turns: [[0, 1, 2], [3]] }, { number: 2, turns: [[4]] }]);
  assert.deepEqual(rowNumbers(plies), [1, 1, 1, 1, 2]);
});

test("a game from a set-up position with the defenders first pairs from its first turn", () => {
  const plies = [ply("e2-e1", "defenders"), ply("a3-a2", "attackers"), ply("e1-f1", "defenders")];
  assert.deepEqual(moveRows(plies).map((r) => r.turns), [[[0], [1]], [[2]]]);
});

test("←/→ step one ply, Home/End go to the start and the end, never past them", () => {
  assert.equal(stepTarget("ArrowLeft", 3, 5), 2);
  assert.equal(stepTarget("ArrowRight", 3, 5), 4);
  assert.equal(stepTarget("Home", 3, 5), 0);
  assert.equal(stepTarget("End", 3, 5), 5);
  assert.equal(stepTarget("ArrowLeft", 0, 5), null);
  assert.equal(stepTarget("ArrowRight", 5, 5), null);
  assert.equal(stepTarget("End", 5, 5), null);
  assert.equal(stepTarget("ArrowUp", 3, 5), null);
  assert.equal(stepTarget("Enter", 3, 5), null);
});

test("in the move list the bare keys step; on the board only with Shift (arrows move its focus square)", () => {
  const k = (key, mods = {}) => ({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });
  assert.equal(isStepKey(k("ArrowLeft"), true), true);
  assert.equal(isStepKey(k("Home"), true), true);
  assert.equal(isStepKey(k("ArrowLeft"), false), false);
  assert.equal(isStepKey(k("ArrowLeft", { shiftKey: true }), false), true);
  assert.equal(isStepKey(k("End", { shiftKey: true }), false), true);
  assert.equal(isStepKey(k("ArrowLeft", { altKey: true }), true), false); // Alt+← is the browser's Back
  assert.equal(isStepKey(k("ArrowLeft", { altKey: true, shiftKey: true }), false), false);
  assert.equal(isStepKey(k("ArrowRight", { ctrlKey: true }), true), false);
  assert.equal(isStepKey(k("ArrowUp", { shiftKey: true }), false), false);
  assert.equal(isStepKey(null, true), false);
});

test("the keyboard stop of the list and the count of plies", () => {
  assert.equal(focusPly({ cursor: 0 }), 0);
  assert.equal(focusPly({ cursor: 4 }), 4);
  assert.equal(focusPly({}), 0);
  assert.equal(totalPlies({ cursor: 2, future: ["a1-a2", "b1-b2"] }), 4);
  assert.equal(totalPlies({ cursor: 2 }), 2);
});
