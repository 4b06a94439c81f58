// Unit tests of side lines (docs/assets/board/lines.js): a move played at a past position while
// analysing starts a side line and the rest of the game stays; promoting and deleting keep
// every line whole (a side line is the main line's first moves and its own).

import { test } from "node:test";
import assert from "node:assert/strict";

import { alternatives, follow, lineOf, newLines, promote, removeSide } from "../../docs/assets/board/lines.js";

const HOME = { otn: null, to_move: null };
const MAIN = ["a", "b", "c", "d"];

test("the tree follows the engine's line as it goes on", () => {
  let t = newLines(HOME, []);
  t = follow(t, HOME, ["a"], true);
  t = follow(t, HOME, ["a", "b"], true);
  assert.deepEqual(t.main, ["a", "b"]);
  assert.deepEqual(t.sides, []);
  // another start, or fewer moves without a new one (a restart): a new tree
  assert.deepEqual(follow(t, { otn: "/7/", to_move: "defenders" }, ["x"], true).main, ["x"]);
  assert.deepEqual(follow(t, HOME, [], true).main, []);
});

test("another move at a past position while analysing starts a side line; otherwise drops the rest", () => {
  let t = newLines(HOME, MAIN);
  t = follow(t, HOME, ["a", "x"], true);        // after "a", "x" played instead of "b"
  assert.deepEqual(t.main, MAIN);
  assert.deepEqual(t.sides, [{ at: 1, moves: ["x"] }]);
  assert.equal(t.path, 0);
  t = follow(t, HOME, ["a", "x", "y"], true);   // the side line goes on
  assert.deepEqual(lineOf(t), ["a", "x", "y"]);
  t = follow(t, HOME, ["a", "x", "z"], true);   // another move inside the side line: another side line at its branch
  assert.deepEqual(t.sides, [{ at: 1, moves: ["x", "y"] }, { at: 1, moves: ["x", "z"] }]);
  const plain = follow(newLines(HOME, MAIN), HOME, ["a", "x"], false);
  assert.deepEqual(plain.main, ["a", "x"]);
  assert.deepEqual(plain.sides, []);
});

test("promote: the side line becomes the main line, every line stays whole, the path follows", () => {
  const t = newLines(HOME, MAIN);
  t.sides = [{ at: 1, moves: ["x", "y"] }, { at: 3, moves: ["q"] }, { at: 0, moves: ["z"] }];
  t.path = 1; // the engine plays a b c q
  const before = [0, 1, 2].map((k) => lineOf(t, k).join(" "));
  const shown = lineOf(t).join(" ");
  promote(t, 0);
  assert.deepEqual(t.main, ["a", "x", "y"]);
  assert.equal(lineOf(t).join(" "), shown);
  const after = new Set([lineOf(t, null), ...t.sides.map((_, k) => lineOf(t, k))].map((l) => l.join(" ")));
  assert.deepEqual(after, new Set(["a x y", "a b c d", "a b c q", "z"]));
  assert.ok(before.every((l) => after.has(l)));
  assert.deepEqual(t.sides[1], { at: 1, moves: ["b", "c", "q"] });
});

test("delete: the line goes; the path leaves it for the main line", () => {
  const t = newLines(HOME, MAIN);
  t.sides = [{ at: 1, moves: ["x"] }, { at: 2, moves: ["y"] }];
  t.path = 1;
  assert.equal(removeSide(t, 0), false);
  assert.equal(t.path, 0);
  assert.deepEqual(lineOf(t), ["a", "b", "y"]);
  assert.equal(removeSide(t, 0), true);
  assert.equal(t.path, null);
  assert.deepEqual(t.sides, []);
});

test("beside a side line: the lines branching before it, the main line's moves and its siblings", () => {
  const t = newLines(HOME, MAIN);
  t.sides = [{ at: 0, moves: ["z"] }, { at: 2, moves: ["y"] }, { at: 2, moves: ["w"] }, { at: 3, moves: ["q"] }];
  assert.deepEqual(alternatives(t).map((a) => [a.at, a.line]), [[0, 0], [2, 1], [2, 2], [3, 3]]);
  t.path = 1;
  assert.deepEqual(alternatives(t).map((a) => [a.at, a.line, a.moves.join(" ")]),
    [[0, 0, "z"], [2, "main", "c d"], [2, 2, "w"]]);
});
