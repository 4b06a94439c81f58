// Unit tests of the board's opponent and hint (docs/assets/board/opponent.js), with a fake
// engine (the worker's search_start / search_step / search_stop) and a fake board.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  LEVELS, MOVE_SECONDS, OpponentController, Thinker, hintText, moveSquares, pliesToRedo, pliesToUndo,
  searchArgs, searchLost, stateKey, turnOf,
} from "../../docs/assets/board/opponent.js";
import { declareEnd, declaredEnd } from "../../docs/assets/board/state.js";
import { OPPONENT_STRINGS, STRINGS } from "../../docs/assets/board/words.js";
import { DRAW_MIN_PLIES, DRAW_MIN_TAKEN } from "../../docs/assets/board/evaluation.js";

/** A fake engine: every call is logged; search_step answers when the test releases it
 *  (`release(reply)`), or at once from `steps` when given. */
function fakeEngine({ steps = null } = {}) {
  const calls = [];
  const waiting = [];
  const call = (cmd, args = {}) => {
    calls.push([cmd, args]);
    if (cmd === "search_start") return Promise.resolve({ started: true });
    if (cmd === "search_stop") return Promise.resolve({ stopped: true });
    if (cmd === "search_step") {
      if (steps) return Promise.resolve(steps.shift());
      return new Promise((resolve) => waiting.push(resolve));
    }
    return Promise.resolve(null);
  };
  const release = async (reply) => {
    for (let i = 0; i < 100 && !waiting.length; i++) await new Promise((r) => setTimeout(r, 0));
    assert.ok(waiting.length, "a search_step is waiting for its answer");
    waiting.shift()(reply);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { call, calls, release, steps: () => calls.filter(([c]) => c === "search_step").length };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const reply = (move, extra = {}) => ({ move, score: 0, depth: 1, nodes: 1, nps: 1, pv: [move], turn: [move], done: true, ...extra });

test("the levels are tafl_core.search's, weakest first; every level gets its share of 1 s a move", () => {
  assert.deepEqual(LEVELS, ["beginner", "easy", "medium", "strong"]);
  assert.equal(MOVE_SECONDS, 1, "the budget the issue's match measures the levels at");
  assert.deepEqual(searchArgs("strong", 7), { level: "strong", seed: 7, seconds: 1 });
  assert.deepEqual(searchArgs("medium", 3), { level: "medium", seed: 3, seconds: 1 },
    "not the level's own cap of 2 s, which would let medium think longer than strong");
});

test("the slice loop runs search_start, then search_step until done, yielding between slices", async () => {
  const eng = fakeEngine({ steps: [{ move: "a1-a2", done: false }, { move: "a1-a3", done: false }, reply("d1-d3")] });
  let yields = 0;
  const th = new Thinker(eng.call, { sliceMs: 30, yieldNow: () => { yields++; return Promise.resolve(); } });
  const out = await th.search({ level: "beginner", seed: 1 });
  assert.equal(out.reply.move, "d1-d3");
  assert.deepEqual(eng.calls.map(([c]) => c), ["search_start", "search_step", "search_step", "search_step"]);
  assert.deepEqual(eng.calls[1][1], { budget_ms: 30 });
  assert.equal(yields, 2, "the page runs between two slices");
});

test("a cancelled search's answer is stale: never used, and no slice follows it", async () => {
  const eng = fakeEngine();
  const th = new Thinker(eng.call, { yieldNow: tick });
  const p = th.search({ level: "strong", seed: 1 });
  await eng.release({ move: "a1-a2", done: false }); // one slice done, the next one under way
  for (let i = 0; i < 100 && eng.steps() < 2; i++) await tick();
  assert.equal(eng.steps(), 2);
  assert.equal(th.cancel(), true);
  await eng.release(reply("d1-d3")); // the answer to the slice in flight arrives late
  const out = await p;
  assert.equal(out.cancelled, true);
  assert.equal(out.reply, undefined);
  await tick();
  assert.equal(eng.steps(), 2, "the loop stopped: no search_step after the cancel");
  assert.ok(eng.calls.some(([c]) => c === "search_stop"), "the worker is told to stop");
  assert.equal(th.running, false);
});

test("a newer search supersedes an older one", async () => {
  const eng = fakeEngine();
  const th = new Thinker(eng.call, { yieldNow: tick });
  const first = th.search({ level: "easy", seed: 1 });
  await tick();
  const second = th.search({ level: "easy", seed: 2 });
  await eng.release(reply("a1-a2")); // the first search's step
  await eng.release(reply("b1-b2")); // the second's
  assert.equal((await first).cancelled, true);
  assert.equal((await second).reply.move, "b1-b2");
});

test("a failed request ends the search with the worker's message", async () => {
  const th = new Thinker(() => Promise.reject(new Error("no search under way")), { yieldNow: tick });
  assert.deepEqual(await th.search({}), { gen: 1, error: "no search under way", reason: null });
});

// Plies: {side, continues}; "continues": the same side moves again (a berserk turn).
const A = (continues = false) => ({ side: "attackers", continues });
const D = (continues = false) => ({ side: "defenders", continues });

test("Undo against the computer takes back the reader's move and the computer's answer", () => {
  // the reader plays attackers: after A D (the computer answered) Undo takes back both
  assert.equal(pliesToUndo([A(), D(), A(), D()], 4, "attackers"), 2);
  // the computer is still thinking on the reader's move: only that one
  assert.equal(pliesToUndo([A(), D(), A()], 3, "attackers"), 1);
  // the computer's berserk turn (three plies) goes with the reader's move before it
  assert.equal(pliesToUndo([A(), D(true), D(true), D()], 4, "attackers"), 4);
  // the reader's own berserk turn is taken back whole
  assert.equal(pliesToUndo([D(), A(true), A(), D()], 4, "attackers"), 3);
  // only the computer has moved (it opened the game): no turn of the reader's to take back
  assert.equal(pliesToUndo([A()], 1, "defenders"), 0);
  assert.equal(pliesToUndo([], 0, "attackers"), 0);
  // the cursor counts, not the plies taken back before
  assert.equal(pliesToUndo([A(), D(), A(), D()], 2, "attackers"), 2);
});

test("Redo against the computer replays up to the reader's next turn", () => {
  assert.equal(pliesToRedo([A(), D(), A(), D()], "attackers"), 2);
  assert.equal(pliesToRedo([D(true), D(), A()], "attackers"), 2);
  assert.equal(pliesToRedo([A()], "attackers"), 1);
  assert.equal(pliesToRedo([], "attackers"), 0);
});

test("the hint's words name the move and the expected line", () => {
  const O = OPPONENT_STRINGS.de;
  // the example: "Tipp: d1-d3 (erwartete Folge: d1-d3 e4-e2 …)"
  assert.equal(hintText(O, { move: "d1-d3", pv: ["d1-d3", "e4-e2"], turn: ["d1-d3"] }),
    "Tipp: d1-d3 (erwartete Folge: d1-d3 e4-e2)");
  const long = ["a1-a2", "b1-b2", "c1-c2", "d1-d2", "e1-e2", "f1-f2", "g1-g2", "h1-h2", "i1-i2"];
  assert.equal(hintText(OPPONENT_STRINGS.en, { move: "a1-a2", pv: long, turn: ["a1-a2"] }),
    "Hint: a1-a2 (expected line: a1-a2 b1-b2 c1-c2 d1-d2 e1-e2 f1-f2 g1-g2 h1-h2 …)");
  assert.equal(hintText(O, { move: null, pv: [], turn: [] }), O.hintNone);
  assert.deepEqual(turnOf({ move: "c3-c5", turn: ["c3-c5", "c5-e5", "end"] }), ["c3-c5", "c5-e5", "end"]);
  assert.deepEqual(moveSquares("d1-d13"), ["d1", "d13"]);
  assert.equal(moveSquares("end"), null);
});

test("the opponent's words exist in both languages", () => {
  const shape = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v && typeof v === "object" ? shape(v) : typeof v]));
  assert.deepEqual(shape(OPPONENT_STRINGS.en), shape(OPPONENT_STRINGS.de));
  for (const lang of ["de", "en"]) assert.deepEqual(Object.keys(OPPONENT_STRINGS[lang].levels), LEVELS);
  assert.equal(OPPONENT_STRINGS.de.enable, "Gegen den Computer spielen");
  assert.equal(OPPONENT_STRINGS.en.enable, "Play against the computer");
});

/** A fake board: a game of plies, a request queue, and the calls the controller makes. */
function fakeBoard(eng) {
  const board = {
    ready: true, busy: false, ui: { mode: "play" }, root: null, lang: "en", T: STRINGS.en, alt: new Set(),
    said: [], messages: [], played: [], renders: 0,
    st: { otn: "start", to_move: "attackers", cursor: 0, history: [], future_plies: [], result: null, berserk: null },
    chain: Promise.resolve(),
    engine: { call: eng.call },
    exclusive(fn) {
      board.busy = true;
      const p = board.chain.then(fn);
      board.chain = p.then(() => {}, () => {});
      return p.finally(() => { board.busy = false; });
    },
    async playNow(move) {
      board.played.push(move);
      const side = board.st.to_move;
      board.st = { ...board.st, otn: board.st.otn + " " + move, cursor: board.st.cursor + 1,
        history: [...board.st.history.slice(0, board.st.cursor), { side, move, continues: false }],
        to_move: side === "attackers" ? "defenders" : "attackers" };
      board.say(`${side}: ${move}`);
    },
    // an end the players declared, held as controller.js holds it
    ended: null,
    declaredEnd() { return declaredEnd(board.ended, board.st, board.alt); },
    declare(end) { board.ended = end ? declareEnd(end, board.st, board.alt) : null; return Promise.resolve(); },
    render() { board.renders++; },
    say(t) { board.said.push(t); },
    message(t) { board.messages.push(t); },
    // as controller.js refusalText: a refusal is worded from its reason (board-data templates), else the message
    // (the page of this fake has words for unknown_level only; a code without words: the line)
    refusalText(e) { return e && e.reason && e.reason.code === "unknown_level" ? `worded ${e.reason.code}` : String((e && e.message) || e); },
  };
  return board;
}

test("the computer answers when it is to move, and a cancel before its answer plays nothing", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 5 });
  ctrl.setOn(true); // the reader plays attackers (to move): nothing to search
  assert.equal(eng.calls.length, 0);
  await board.playNow("d1-d3");
  ctrl.idle();
  assert.equal(ctrl.thinking, "move");
  assert.ok(ctrl.blocks(), "the reader's clicks are refused while the computer is to move");
  assert.deepEqual(eng.calls[0], ["search_start", { level: "beginner", seed: 5, seconds: 1 }]);
  await eng.release(reply("e4-e2"));
  await tick(); await tick();
  assert.deepEqual(board.played, ["d1-d3", "e4-e2"]);
  assert.equal(board.said.at(-1), "Computer: defenders: e4-e2");
  assert.equal(ctrl.thinking, null);
  assert.equal(ctrl.blocks(), false, "the reader is to move again");
  // with moves taken back (the reader steps through the game) the computer waits
  const saved = board.st;
  board.st = { ...saved, to_move: "defenders", can_redo: true };
  assert.equal(ctrl.blocks(), false);
  ctrl.idle();
  assert.equal(ctrl.thinking, null);
  board.st = saved;

  // the reader moves, the computer thinks, Undo comes first: the late answer is not played
  await board.playNow("a4-a2");
  ctrl.idle();
  await eng.release({ move: "x", done: false });
  for (let i = 0; i < 100 && eng.steps() < 3; i++) await tick();
  ctrl.cancel();
  await eng.release(reply("e2-e1"));
  await tick(); await tick();
  assert.deepEqual(board.played, ["d1-d3", "e4-e2", "a4-a2"]);
  assert.equal(ctrl.thinking, null);
});

test("the answer is not played when the position changed meanwhile (generation and key)", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 1 });
  ctrl.setOn(true);
  await board.playNow("d1-d3");
  ctrl.idle();
  await tick();
  // the game changes under the search without a cancel (another part of the board)
  board.st = { ...board.st, otn: "elsewhere" };
  await eng.release(reply("e4-e2"));
  await tick(); await tick();
  assert.deepEqual(board.played, ["d1-d3"]);
});

test("Undo while on steps back the reader's move and the computer's answer through the queue", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  let undos = 0;
  board.engine.call = (cmd, args) => {
    if (cmd !== "undo") return eng.call(cmd, args);
    undos++;
    const c = board.st.cursor - 1;
    return Promise.resolve({ ...board.st, cursor: c, to_move: board.st.history[c].side });
  };
  board.changeMark = () => ({});
  board.syncAddress = async () => {};
  board.actionNow = async () => { throw new Error("not the single-ply path"); };
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }) });
  ctrl.setOn(true);
  board.st = { ...board.st, cursor: 2, to_move: "attackers", history: [A(), D()] };
  assert.equal(ctrl.action("flip"), null, "other actions are the board's");
  await ctrl.action("undo");
  assert.equal(undos, 2);
  assert.equal(board.st.to_move, "attackers");
  assert.equal(board.said.at(-1), OPPONENT_STRINGS.en.undoneTurn);
  ctrl.setOn(false);
  assert.equal(ctrl.action("undo"), null, "off: the board's own Undo");
});

test("a hint belongs to its position: it is dropped after a move", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 2 });
  const p = ctrl.requestHint();
  assert.equal(ctrl.thinking, "hint");
  assert.deepEqual(eng.calls[0], ["search_start", { level: "strong", seed: 2, seconds: 1 }]);
  await eng.release(reply("d1-d3", { pv: ["d1-d3", "e4-e2"] }));
  await p;
  assert.equal(ctrl.currentHint().reply.move, "d1-d3");
  assert.equal(board.said.at(-1), "Hint: d1-d3 (expected line: d1-d3 e4-e2)");
  assert.equal(stateKey(board.st), ctrl.currentHint().key);
  await board.playNow("d1-d3");
  assert.equal(ctrl.currentHint(), null);
});

test("a hint belongs to the rules it was searched under: an assumption switched drops it", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 2 });
  const p = ctrl.requestHint();
  await eng.release(reply("d1-d3"));
  await p;
  assert.equal(ctrl.currentHint().reply.move, "d1-d3");
  board.alt = new Set(["king_armed"]); // the same position, other rules (assumptions.js new_game)
  assert.equal(ctrl.currentHint(), null);
  // the key names the rules in one order, whatever the order they were switched in
  assert.equal(stateKey(board.st, ["b", "a"]), stateKey(board.st, new Set(["a", "b"])));
  assert.notEqual(stateKey(board.st, ["a"]), stateKey(board.st, []));
});

test("a search the worker dropped (its game changed) is no fault to show; another error is", async () => {
  // the codes of tafl_core.bridge search_step and of worker.js (notes/CONTRACTS.md "Worker protocol")
  assert.equal(searchLost({ code: "no_search", params: {} }), true);
  assert.equal(searchLost({ code: "unknown_level", params: { level: "x" } }), false);
  assert.equal(searchLost(null), false);
  for (const [error, code, shown] of [["no search under way", "no_search", false], ["engine not loaded", "engine_not_loaded", true]]) {
    const board = fakeBoard({ call: () => Promise.resolve(null) });
    const fail = () => Object.assign(new Error(error), { reason: { code, params: {} } });
    const failing = (cmd) => (cmd === "search_step" ? Promise.reject(fail()) : Promise.resolve({}));
    const ctrl = new OpponentController(board, { thinker: new Thinker(failing, { yieldNow: tick }) });
    ctrl.setOn(true);
    await board.playNow("d1-d3"); // the computer (defenders) to move
    const p = ctrl.computerMove();
    board.ui.mode = "edit"; // the retry after a lost search finds the editor open: no new search
    await p;
    assert.equal(ctrl.thinking, null);
    assert.equal(board.messages.includes(OPPONENT_STRINGS.en.failed(error)), shown, error);
    assert.deepEqual(board.played, ["d1-d3"]);
  }
});

test("a refused search is worded from its reason in the page's language, not the worker's English", async () => {
  const board = fakeBoard({ call: () => Promise.resolve(null) });
  const refused = (cmd) => {
    if (cmd !== "search_start") return Promise.resolve({});
    const e = new Error("unknown level 'x' (one of beginner, easy, medium, strong)");
    e.reason = { code: "unknown_level", params: { level: "x" } };
    return Promise.reject(e);
  };
  const ctrl = new OpponentController(board, { thinker: new Thinker(refused, { yieldNow: tick }) });
  ctrl.setOn(true);
  await board.playNow("d1-d3");
  await ctrl.computerMove();
  assert.ok(board.messages.includes(OPPONENT_STRINGS.en.failed("worded unknown_level")), board.messages.join(" | "));
});

test("resigning ends the game as a win of the computer's side, without a move to the engine", async () => {
  const eng = fakeEngine();
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 5 });
  assert.equal(ctrl.resign(), false, "not while playing both sides by hand");
  ctrl.setOn(true); // the reader plays attackers, to move
  assert.equal(ctrl.resign(), true);
  assert.deepEqual(eng.calls, [], "no request: a resignation is no move");
  assert.deepEqual(board.played, []);
  assert.equal(ctrl.over.kind, "resigned");
  assert.equal(ctrl.over.winner, "defenders");
  assert.equal(board.declaredEnd(), "resign-attackers", "the board holds the resignation (kept, linked, exported)");
  assert.equal(board.said.at(-1), "Game over: Attackers resign, Defenders win.");
  assert.ok(ctrl.blocks(), "no move after the resignation");
  ctrl.idle();
  assert.equal(ctrl.thinking, null, "the computer does not move either");
  assert.equal(ctrl.resign(), false, "a resigned game is not resigned again");
  // another position (Undo, Restart, another game): the resignation is not its result
  await board.playNow("d1-d3");
  assert.equal(ctrl.over, null);
  ctrl.setOn(false);
  assert.equal(ctrl.ended, null);
});

/** The fake board's game after DRAW_MIN_PLIES plies without a capture, the attackers to move. */
function pastTheOpening(board) {
  const history = Array.from({ length: DRAW_MIN_PLIES }, (_, i) => ({
    side: i % 2 ? "defenders" : "attackers", move: "a1-a2", continues: false, captures: [] }));
  board.st = { ...board.st, history, cursor: history.length, to_move: "attackers" };
}

test("the computer declines a draw in a level opening, at once and saying why", async () => {
  // move 1: a strong search would find the position balanced, yet the game has not begun
  const eng = fakeEngine({ steps: [reply("d1-d3", { score: 0 })] });
  const board = fakeBoard(eng);
  const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 5 });
  ctrl.setOn(true);
  await board.playNow("d1-d3");
  await board.playNow("e4-e2");
  await ctrl.offerDraw();
  assert.deepEqual(eng.calls.filter(([c]) => c.startsWith("search")), [], "nothing to search in the opening");
  assert.equal(ctrl.over, null);
  const words = `The computer declines the draw: the game has only just begun (a draw needs ${DRAW_MIN_PLIES / 2} moves by each side or ${DRAW_MIN_TAKEN} pieces taken).`;
  assert.equal(board.messages.at(-1), words);
  assert.equal(board.said.at(-1), words);
  assert.equal(ctrl.blocks(), false, "the game goes on");
});

test("a draw offer: accepted when the computer's score is balanced or worse for it, declined with its evaluation when ahead", async () => {
  // the reader plays the attackers, to move: the score is the attackers' view (one attacker = 100),
  // the computer's (the defenders') is its negative
  const cases = [
    [0, null], [-99, null], [300, null], // balanced, balanced for the computer, the computer behind
    [-250, "The computer declines the draw (its evaluation: Defenders better)."],
    [-600, "The computer declines the draw (its evaluation: Defenders winning)."],
  ];
  for (const [score, declined] of cases) {
    const eng = fakeEngine({ steps: [reply("d1-d3", { score })] });
    const board = fakeBoard(eng);
    pastTheOpening(board);
    const ctrl = new OpponentController(board, { thinker: new Thinker(eng.call, { yieldNow: tick }), seed: () => 5 });
    await ctrl.offerDraw();
    assert.deepEqual(eng.calls, [], "no offer while playing both sides by hand");
    ctrl.setOn(true);
    await ctrl.offerDraw();
    assert.deepEqual(eng.calls.map(([c]) => c), ["search_start", "search_step"], `score ${score}`);
    assert.equal(eng.calls[0][1].level, "strong");
    assert.deepEqual(board.played, [], "a draw offer plays no move");
    assert.equal(ctrl.thinking, null);
    if (declined) {
      assert.equal(ctrl.over, null, `score ${score}`);
      assert.equal(board.messages.at(-1), declined);
      assert.equal(ctrl.blocks(), false, "the game goes on");
    } else {
      assert.equal(ctrl.over && ctrl.over.kind, "draw", `score ${score}`);
      assert.equal(board.said.at(-1), "Game over: draw agreed.");
      assert.ok(ctrl.blocks(), "no move after an agreed draw");
    }
  }
});
