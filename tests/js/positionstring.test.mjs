// Unit tests of the position string (docs/assets/board/positionstring.js): OpenTafl's position
// record, a space, the side to move (the words of OpenTafl's engine protocol `side` command);
// read back with the side optional. Whether the record fits the rules is the engine's word.

import { test } from "node:test";
import assert from "node:assert/strict";

import { POSITION_STRING_MAX, positionString, readPositionString } from "../../docs/assets/board/positionstring.js";

// OpenTafl's notation spec, "Brandub starting position"
const BRANDUB = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

test("a position string is the record and the side to move, and reads back", () => {
  assert.equal(positionString(BRANDUB, "attackers"), `${BRANDUB} attackers`);
  assert.deepEqual(readPositionString(positionString(BRANDUB, "defenders")), { otn: BRANDUB, to_move: "defenders" });
  // spaces around, a capital side word, no side (the rules' first mover)
  assert.deepEqual(readPositionString(`\n  ${BRANDUB}\tAttackers  `), { otn: BRANDUB, to_move: "attackers" });
  assert.deepEqual(readPositionString(BRANDUB), { otn: BRANDUB, to_move: null });
});

test("what is no record followed by at most a side is refused as to its shape", () => {
  for (const bad of ["", "   ", "hello", `${BRANDUB} nobody`, `${BRANDUB} attackers extra`, "3t3/3t3/",
    "/".repeat(POSITION_STRING_MAX + 1), null, 42]) {
    assert.deepEqual(readPositionString(bad), { error: "shape" }, String(bad).slice(0, 40));
  }
});
