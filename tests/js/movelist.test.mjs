// Unit tests of the analysis move list (docs/assets/board/movelist.js): turns paired in rows as
// an OpenTafl game record numbers its lines ("1. d1-d3 h6-h9", opentafl-notation-spec "Game
// Records"; tafl_core/records.py), berserk turns kept together, and the stepping keys.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  focusPly, isStepKey, moveRows, plyWindow, rowNumbers, stepTarget, totalPlies,
} from "../../docs/assets/board/movelist.js";

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

test("a long game's move list draws whole rows around the position shown, a short one every row", () => {
  // one ply a turn: turn t is ply t - 1 (0-based), row ceil(t / 2)
  const numbers = (n) => Array.from({ length: n }, (_, i) => i + 1);
  assert.deepEqual(plyWindow(numbers(10), 3, 2), [0, 10]); // 5 rows <= 2 * 2 + 1: all
  assert.deepEqual(plyWindow([], 0, 2), [0, 0]);
  // 10,000 plies (5,000 rows), position after ply 5,001 (row 2,501): rows 2,499-2,503
  assert.deepEqual(plyWindow(numbers(10_000), 5_001, 2), [4_996, 5_006]);
  // at the start: the first row and two after it; at the end: the last three rows
  assert.deepEqual(plyWindow(numbers(10_000), 0, 2), [0, 6]);
  assert.deepEqual(plyWindow(numbers(10_000), 10_000, 2), [9_994, 10_000]);
  // a berserk turn of three plies (turn 2) stays whole in its row
  const berserk = [1, 2, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  assert.deepEqual(plyWindow(berserk, 1, 1), [0, 6]); // rows 1-2: turns 1-4
});

test("the rows of a window of the list are the whole list's rows in it", () => {
  // a berserk turn (three plies) inside a shuttle, so rows hold two, three or four plies
  const plies = [];
  for (let i = 0; i < 40; i++) {
    if (i === 12) { plies.push(ply("c1-c2", "attackers", true), ply("c2-d2", "attackers", true), ply("end", "attackers")); continue; }
    plies.push(ply(i % 2 ? "d3-e3" : "a4-a3", i % 2 ? "defenders" : "attackers"));
  }
  const all = moveRows(plies);
  for (const [lo, hi] of [[0, plies.length], [4, 10], [10, 20], [22, plies.length]]) {
    // the rows wholly inside [lo, hi), as the paired list keeps them
    const inside = (row) => row.turns.every((t) => t.every((i) => i >= lo && i < hi));
    assert.deepEqual(moveRows(plies, undefined, lo, hi).filter(inside), all.filter(inside), `${lo}-${hi}`);
  }
});
