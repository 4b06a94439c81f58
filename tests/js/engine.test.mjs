// Unit tests of the page's side of the worker protocol (docs/assets/board/engine.js): state
// answers by changes (notes/CONTRACTS.md "State answers by changes") applied to the copy of
// the game's moves the page holds, parts of a long line, and the copy's number sent as `have`.

import { test } from "node:test";
import assert from "node:assert/strict";

import { Engine, LINE_OUT_OF_STEP, applyLine } from "../../docs/assets/board/engine.js";

const entry = (move) => ({ move, notation: move, side: "attackers", captures: [] });
const MOVES = ["a4-a3", "d3-e3", "a3-a4", "e3-d3", "a4-a3"];

test("a change replaces the copy from its first ply; history, future and future_plies follow the cursor", () => {
  let held = { seq: 0, line: [] };
  const first = { cursor: 5, line_seq: 1, line_base: 0, line_from: 0, line: MOVES.map(entry), line_length: 5 };
  held = applyLine(held, first);
  assert.deepEqual(first.history.map((p) => p.move), MOVES);
  assert.deepEqual([first.future, first.future_plies], [[], []]);
  assert.ok(!("line" in first) && !("line_from" in first), "the change's fields are gone");
  // goto 2: nothing changed but the cursor
  const step = { cursor: 2, line_seq: 1, line_base: 1, line_from: 5, line: [], line_length: 5 };
  const same = applyLine(held, step);
  assert.equal(same.line, held.line, "the copy is kept as it is");
  assert.deepEqual(step.history.map((p) => p.move), MOVES.slice(0, 2));
  assert.deepEqual(step.future, MOVES.slice(2));
  assert.deepEqual(step.future_plies.map((p) => p.move), MOVES.slice(2));
  // a move after it: the line from ply 2 on
  const play = { cursor: 3, line_seq: 2, line_base: 1, line_from: 2, line: [entry("b4-b3")], line_length: 3 };
  held = applyLine(same, play);
  assert.deepEqual(held.line.map((p) => p.move), ["a4-a3", "d3-e3", "b4-b3"]);
  assert.deepEqual(play.future, []);
  assert.equal(held.seq, 2);
});

test("a change that does not fit the copy is refused, never applied", () => {
  const held = { seq: 3, line: MOVES.map(entry) };
  const bad = [
    { cursor: 1, line_seq: 5, line_base: 4, line_from: 2, line: [], line_length: 2 }, // another base
    { cursor: 1, line_seq: 4, line_base: 3, line_from: 6, line: [], line_length: 6 }, // beyond the copy
    { cursor: 1, line_seq: 4, line_base: 3, line_from: 2, line: [], line_length: 9 }, // wrong length
    { cursor: 7, line_seq: 4, line_base: 3, line_from: 5, line: [], line_length: 5 }, // cursor off the line
  ];
  for (const st of bad) {
    assert.throws(() => applyLine(held, st), (e) => e.reason.code === LINE_OUT_OF_STEP, JSON.stringify(st));
  }
});

test("the engine sends the copy's number as have, and puts a long line's parts together", async () => {
  const posted = [];
  const worker = { postMessage: (m) => posted.push(m), terminate() {} };
  const engine = new Engine("worker.js", { worker, early: [] });
  const send = (data) => worker.onmessage({ data });
  const a = engine.call("import_record", { text: "..." });
  assert.equal(posted[0].have, 0);
  const line = Array.from({ length: 7 }, (_, i) => entry(MOVES[i % 5]));
  send({ id: 1, part: line.slice(0, 3) });
  send({ id: 1, part: line.slice(3, 6) });
  send({ id: 1, ok: true, result: { ok: true, state: { cursor: 7, line_seq: 4, line_base: 0, line_from: 0, line: line.slice(6), line_length: 7 } } });
  const r = await a;
  assert.deepEqual(r.state.history, line);
  const b = engine.call("undo");
  assert.equal(posted[1].have, 4);
  send({ id: 2, ok: true, result: { cursor: 6, line_seq: 4, line_base: 4, line_from: 7, line: [], line_length: 7 } });
  assert.deepEqual((await b).future_plies, line.slice(6));
  // an answer out of step: refused, and the copy dropped (the next request asks for the whole line)
  const c = engine.call("redo");
  send({ id: 3, ok: true, result: { cursor: 7, line_seq: 9, line_base: 8, line_from: 7, line: [], line_length: 7 } });
  await assert.rejects(c, (e) => e.reason.code === LINE_OUT_OF_STEP);
  engine.call("state");
  assert.equal(posted[3].have, 0);
});
