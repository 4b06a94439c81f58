// Hostile input to the board's new modules without a browser: kept values (keep.js), first
// moves looked up in the build's table (firstmove.js) and the size check of a record
// (records.js). Each is ignored or refused, never thrown; the engine-side cases are in
// tests/tafl_core/test_records.py and test_bridge.py.

import { test } from "node:test";
import assert from "node:assert/strict";

import { decodeKept, keepKey, loadKept } from "../../docs/assets/board/keep.js";
import { isFirstMove, startTargets, stateAfter, usableTable } from "../../docs/assets/board/firstmove.js";
import { checkRecordText } from "../../docs/assets/board/records.js";

test("kept values: unknown switches, NUL, look-alike digits, odd JSON are ignored", () => {
  const keys = ["edge_escape"];
  for (const text of [
    '{"v":1,"frag":"alt=no_such_rule&moves=d1-d3"}', '{"v":1,"frag":"alt=__proto__"}',
    '{"v":1,"frag":"moves=d1-d3\\u0000"}', '{"v":1,"frag":"moves=d\uff11-d3"}',
    '{"v":"1","frag":"moves=d1-d3"}', '{"v":1,"frag":{"toString":1}}', "[1]", "null", "1", '"moves=d1-d3"',
  ]) assert.equal(decodeKept(text, keys), null, text);
  // a switch the page has is read
  assert.equal(decodeKept('{"v":1,"frag":"alt=edge_escape&moves=d1-d3"}', keys), "alt=edge_escape&moves=d1-d3");
});

test("kept values: names that are no plain slug give no key; a storage that throws keeps nothing", () => {
  assert.equal(keepKey({ variant: "__proto__" }), null);
  assert.equal(keepKey({ variant: "brandubh", example: "../x" }), null);
  assert.equal(keepKey({ variant: "brandubh", example: 0 }), null);
  const denies = { getItem() { throw new Error("denied"); } };
  assert.equal(loadKept(denies, "tafl-kept:brandubh"), null);
  const odd = { getItem() { return 5; }, removeItem() { throw new Error("x"); } };
  assert.equal(loadKept(odd, "tafl-kept:brandubh"), null);
});

// Brandubh (7×7, variants_src/brandubh): the attacker on d1 may go to c1, b1, e1, f1 first, not
// into the corner a1 (§5.2).
const table = usableTable({ first_moves: { v: 1, to_move: "attackers", next: "defenders",
  targets: { d1: "c1 b1 e1 f1" }, effects: {} } }, { otn: null }, "attackers");

test("first moves: only the table's exact texts are moves", () => {
  assert.equal(isFirstMove(table, "d1-c1"), true);
  for (const m of ["d1-d1", "d1-c1 ", " d1-c1", "d1-c1\n", "D1-C1", "d1-a1", "__proto__-c1", "toString-c1",
    "d1-constructor", "d1-c1xd2", "d1\u2013c1", "d1-c\uff11", null, 5, ["d1-c1"]]) {
    assert.equal(isFirstMove(table, m), false, String(m));
  }
  for (const sq of ["__proto__", "hasOwnProperty", "constructor", "D1", null, {}]) {
    assert.deepEqual(startTargets(table, sq), [], String(sq));
  }
  assert.equal(stateAfter(table, { pieces: { d1: "attacker" } }, "d1-a1"), null);
});

test("a record of a byte order mark or blanks only is empty before the engine", () => {
  for (const text of ["\ufeff", "\ufeff \r\n\t", "\r\r\r"]) {
    assert.deepEqual(checkRecordText(text), { code: "game_record_empty", params: {} });
  }
});
