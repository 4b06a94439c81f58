// Unit tests of the game review's page data (docs/assets/board/reviewdata.js): which reviewed
// plies belong to the game shown, the marks counted per side, and the evaluation graph's
// geometry (the attackers' advantage up, the defenders' down, forced wins at the edge).

import { test } from "node:test";
import assert from "node:assert/strict";

import { WIN, WINNING_FROM } from "../../docs/assets/board/evaluation.js";
import { GRAPH_CAP, graphPoints, graphValue, markCounts, newReview, shownEntries } from "../../docs/assets/board/reviewdata.js";

const entry = (ply, move, side, score, mark = "", before = 0) => ({ ply, move, side, score, before, best: null, line: [], mark });
const plies = (...moves) => moves.map((move) => ({ move }));

test("the reviewed plies shown are those the game shown still has, from the same start", () => {
  const home = { otn: null, to_move: null };
  const r = newReview(home, ["b4-b2", "d5-e5", "b2-b1"]);
  r.entries.push(entry(1, "b4-b2", "attackers", 10), entry(2, "d5-e5", "defenders", -20, "?"), entry(3, "b2-b1", "attackers", 0));
  assert.deepEqual(shownEntries(r, plies("b4-b2", "d5-e5", "b2-b1"), home).map((e) => e.ply), [1, 2, 3]);
  // another move at ply 2: only ply 1 is still the game reviewed
  assert.deepEqual(shownEntries(r, plies("b4-b2", "d4-c4", "b2-b1"), home).map((e) => e.ply), [1]);
  // fewer plies shown (a shorter game): only those
  assert.deepEqual(shownEntries(r, plies("b4-b2"), home).map((e) => e.ply), [1]);
  // another start: none
  assert.deepEqual(shownEntries(r, plies("b4-b2", "d5-e5", "b2-b1"), { otn: "/7/7/7/3K3/7/7/7/", to_move: "defenders" }), []);
  assert.deepEqual(shownEntries(null, plies("b4-b2"), home), []);
});

test("marks are counted per side", () => {
  const c = markCounts([entry(1, "a", "attackers", 0, "??"), entry(2, "b", "defenders", 0, "?!"),
    entry(3, "c", "attackers", 0, "??"), entry(4, "d", "defenders", 0, "")]);
  assert.deepEqual(c, { attackers: { "??": 2, "?": 0, "?!": 0 }, defenders: { "??": 0, "?": 0, "?!": 1 } });
});

test("the graph: the start and every ply a point, evenly spaced, the attackers' advantage up", () => {
  const pts = graphPoints([entry(1, "a", "attackers", GRAPH_CAP / 2, "", 0), entry(2, "b", "defenders", -(WIN - 3))], 200, 100);
  assert.deepEqual(pts.map((p) => p.ply), [0, 1, 2]);
  assert.deepEqual(pts.map((p) => p.x), [0, 100, 200]);
  // balanced in the middle, half the cap a quarter up from it, a forced defenders' win at the bottom
  assert.deepEqual(pts.map((p) => p.y), [50, 25, 100]);
  assert.equal(graphValue(WIN - 1), GRAPH_CAP);
  assert.equal(graphValue(3 * WINNING_FROM), GRAPH_CAP);
  assert.equal(graphValue(-120), -120);
  assert.deepEqual(graphPoints([], 200, 100), []);
});
