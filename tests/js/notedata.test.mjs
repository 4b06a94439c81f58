// Unit tests of the reader's comments (docs/assets/board/notedata.js): a comment belongs to the
// position after its ply on one line of the game and is shown (and exported) only while the game
// shown still has that line's moves up to it.

import { test } from "node:test";
import assert from "node:assert/strict";

import { exportNotes, setNote, shownNotes } from "../../docs/assets/board/notedata.js";

const HOME = { otn: null, to_move: null };

test("a comment is kept with the moves up to it", () => {
  let n = setNote(null, HOME, ["a", "b", "c"], 2, "a try", "!?");
  n = setNote(n, HOME, ["a", "b", "c"], 0, "the start");
  assert.deepEqual([...shownNotes(n, ["a", "b", "c"], HOME)], [[2, { text: "a try", mark: "!?" }], [0, { text: "the start", mark: "" }]]);
  // the same first two moves, another third: still shown; another second move: not
  assert.ok(shownNotes(n, ["a", "b", "x"], HOME).has(2));
  assert.ok(!shownNotes(n, ["a", "x", "c"], HOME).has(2));
  // another start: none
  assert.equal(shownNotes(n, ["a", "b", "c"], { otn: "/7/", to_move: "attackers" }).size, 0);
});

test("a comment is replaced, and removed when empty; the start takes no mark", () => {
  let n = setNote(null, HOME, ["a"], 1, "one", "!");
  n = setNote(n, HOME, ["a"], 1, "two", "?");
  assert.deepEqual([...shownNotes(n, ["a"], HOME)], [[1, { text: "two", mark: "?" }]]);
  n = setNote(n, HOME, ["a"], 1, "  ", "");
  assert.equal(shownNotes(n, ["a"], HOME).size, 0);
  n = setNote(n, HOME, ["a"], 0, "", "!!");
  assert.equal(shownNotes(n, ["a"], HOME).size, 0);
});

test("the export: the mark then the text, up to the position shown", () => {
  let n = setNote(null, HOME, ["a", "b"], 1, " good ", "!");
  n = setNote(n, HOME, ["a", "b"], 2, "", "??");
  assert.deepEqual(exportNotes(n, ["a", "b"], HOME), [{ ply: 1, text: "! good" }, { ply: 2, text: "??" }]);
  assert.deepEqual(exportNotes(n, ["a", "b"], HOME, 1), [{ ply: 1, text: "! good" }]);
});
