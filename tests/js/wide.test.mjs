// Unit tests of the board-first layout's arrival rule (docs/assets/board/wide.js arrivesToPlay).

import { test } from "node:test";
import assert from "node:assert/strict";

import { arrivesToPlay } from "../../docs/assets/board/wide.js";

test("a page opened at #board or with a game link arrives to play; a section anchor does not", () => {
  assert.equal(arrivesToPlay("#board"), true, "the Play button's target");
  assert.equal(arrivesToPlay("#moves=b4-b5"), true);
  assert.equal(arrivesToPlay("#pos=7/7/7/7/7/7/7&turn=a"), true);
  assert.equal(arrivesToPlay("#sec-5-3"), false);
  assert.equal(arrivesToPlay("#boardx"), false);
  assert.equal(arrivesToPlay(""), false);
});

test("a game fragment the board wrote itself (a reload, Back to its entry) is no arrival", () => {
  assert.equal(arrivesToPlay("#moves=b4-b5", { taflGame: "g1", taflRev: 3 }), false);
  assert.equal(arrivesToPlay("#moves=b4-b5", { other: 1 }), true, "an entry another script wrote");
  assert.equal(arrivesToPlay("#board", { taflGame: "g1" }), true);
});
