// Unit tests of the first-move lookup (docs/assets/board/firstmove.js). The
// tables here have the shape build_tools/first_moves.py writes; that the lookup gives exactly the
// engine's state for every first move of every variant is tests/build_tools/test_first_moves.py.

import { test } from "node:test";
import assert from "node:assert/strict";

import { isFirstMove, movableSquares, startTargets, stateAfter, usableTable } from "../../docs/assets/board/firstmove.js";
import { pageState } from "../../docs/assets/board/state.js";

// Brandubh (7×7): the attacker on d1 moves along rank 1, but not into the corners a1 and g1
// (only the king may enter a corner), and not up the d file (d2 is taken).
const data = {
  size: 7, first_mover: "attackers",
  pieces: { d1: "attacker", d2: "attacker", c4: "defender", d4: "king", e5: "attacker", e4: "defender" },
  special: { throne: ["d4"], corners: ["a1", "g1", "a7", "g7"], camps: [] },
  first_moves: {
    v: 1, to_move: "attackers", next: "defenders",
    targets: { d1: "c1 b1 e1 f1", e5: "e6 e7 f5 g5 d5 c5 b5 a5" },
    effects: {
      // effects in the bridge's shapes (no start move of the site's variants captures; these
      // stand for one that does and one that starts a berserk turn)
      "e5-d5": { ply: { notation: "e5-d5xe4", captures: [{ square: "e4", piece: "defender", reason: "custodial", with: [{ square: "e3", kind: "attacker" }], rule: "capture", ref: "5", assumed: false }] } },
      "e5-e7": { state: { to_move: "attackers", berserk: { square: "e7", can_end: true, escape: false } }, ply: { berserk: true } },
    },
  },
};
const home = { otn: null, to_move: null };

test("the table is used only for a board that starts from the variant's layout", () => {
  assert.ok(usableTable(data, home, "attackers"));
  assert.equal(usableTable(data, { otn: "7/7/7/7/7/7/7", to_move: "attackers" }, "attackers"), null); // an example board
  assert.equal(usableTable(data, home, "defenders"), null); // another side to move
  assert.equal(usableTable({ ...data, first_moves: { ...data.first_moves, v: 2 } }, home, "attackers"), null);
  assert.equal(usableTable({ ...data, first_moves: undefined }, home, "attackers"), null);
  assert.equal(usableTable({ ...data, first_moves: { ...data.first_moves, targets: { "<b>": "c1" } } }, home, "attackers"), null);
});

test("movable pieces and their targets are the table's", () => {
  const t = usableTable(data, home, "attackers");
  assert.deepEqual(movableSquares(t), ["d1", "e5"]);
  assert.deepEqual(startTargets(t, "d1"), ["c1", "b1", "e1", "f1"]); // no corner a1/g1
  assert.deepEqual(startTargets(t, "d2"), []); // not movable
  assert.deepEqual(startTargets(t, "toString"), []); // no prototype keys
  assert.ok(isFirstMove(t, "d1-c1"));
  assert.ok(!isFirstMove(t, "d1-a1"));
  assert.ok(!isFirstMove(t, "d1-d3"));
  assert.ok(!isFirstMove(t, "e5"));
});

test("a plain move: the piece moves, the other side is to move, one history entry", () => {
  const t = usableTable(data, home, "attackers");
  const start = pageState(data, home);
  const st = stateAfter(t, start, "d1-b1");
  assert.equal(st.pieces.b1, "attacker");
  assert.equal(st.pieces.d1, undefined);
  assert.equal(Object.keys(st.pieces).length, Object.keys(data.pieces).length);
  assert.equal(st.to_move, "defenders");
  assert.equal(st.cursor, 1);
  assert.equal(st.can_undo, true);
  assert.deepEqual(st.history, [{ move: "d1-b1", notation: "d1-b1", side: "attackers", captures: [], result: null,
    jump: false, berserk: false, continues: false, jumped: null, piece: "attacker" }]);
  assert.deepEqual(st.movable, []); // the next move waits for the engine
  assert.equal(start.pieces.d1, "attacker"); // the start state is not changed
  assert.equal(stateAfter(t, start, "d1-a1"), null);
});

test("a capture from the table: the captured square is emptied, notation and reason as given", () => {
  const t = usableTable(data, home, "attackers");
  const st = stateAfter(t, pageState(data, home), "e5-d5");
  assert.equal(st.pieces.e4, undefined);
  assert.equal(st.pieces.d5, "attacker");
  assert.equal(st.history[0].notation, "e5-d5xe4");
  assert.equal(st.history[0].captures[0].reason, "custodial");
});

test("a move that starts a berserk turn keeps the side to move, as the table says", () => {
  const t = usableTable(data, home, "attackers");
  const st = stateAfter(t, pageState(data, home), "e5-e7");
  assert.equal(st.to_move, "attackers");
  assert.deepEqual(st.berserk, { square: "e7", can_end: true, escape: false });
  assert.equal(st.history[0].berserk, true);
});
