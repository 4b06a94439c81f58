// Unit tests of the board's controller (docs/assets/board/controller.js) with a fake engine and
// a view without DOM: intents become engine requests in one queue, the action registry's
// actions run through dispatch, components claim intents through hooks.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

import { ACTIONS } from "../../docs/assets/board/actions.js";
import { Controller, HOOKS } from "../../docs/assets/board/controller.js";

// the page around the board: an address without a game link, history entries
beforeEach(() => {
  globalThis.location = { href: "https://example.org/variants/brandubh/", hash: "", protocol: "https:" };
  globalThis.history = { state: null, replaceState() {} };
});

const T0 = { pieces: { d4: "king", d1: "attacker", d2: "defender" }, to_move: "attackers" };

/** An engine state after `moves` of a tiny game (the fields the controller reads). */
function state({ cursor = 0, history = [], movable = ["d1"], berserk = null, result = null } = {}) {
  return {
    size: 7, to_move: cursor % 2 ? "defenders" : "attackers", pieces: { ...T0.pieces }, special: {},
    history, cursor, can_undo: cursor > 0, can_redo: false, result, movable, berserk, otn: "/7/7/7/3K3/7/3D3/3A3/",
  };
}

/** A fake engine: each command answers from `answers` (a function of the arguments, or a
 *  value); every call is logged; `gate` holds answers back until released. */
function fakeEngine(answers) {
  const calls = [];
  let gate = null;
  const call = async (cmd, args = {}) => {
    calls.push([cmd, args]);
    if (gate) await gate.promise;
    const a = answers[cmd];
    if (a === undefined) throw Object.assign(new Error(`unknown command ${cmd}`), { reason: { code: "unknown_command", params: { command: cmd } } });
    return typeof a === "function" ? a(args) : a;
  };
  const hold = () => { let release; gate = { promise: new Promise((r) => { release = r; }) }; return () => { gate = null; release(); }; };
  return { call, calls, hold, cmds: () => calls.map(([c]) => c) };
}

/** A view without DOM: records what is drawn. */
function fakeView() {
  const drawn = [];
  const el = () => ({ textContent: "", hidden: false, classList: { add() {}, toggle() {} }, focus() {} });
  return {
    drawn,
    buildDom: () => ({ liveEl: el(), messageEl: el(), engineEl: el(), svg: el(), buttons: {} }),
    bindInput: () => {},
    draw: () => drawn.push("draw"),
    drawControls: () => drawn.push("controls"),
    drawFocus: () => drawn.push("focus"),
    drawMessage: () => drawn.push("message"),
  };
}

const DATA = {
  variant: "tiny", lang: "en", size: 7, title: "Tiny", rules_toml: "", pieces: T0.pieces, special: {},
  first_mover: "attackers", assumptions: [],
  reasons: { templates: { occupied: "{square} is taken" }, forms: {} },
};

const root = () => ({ setAttribute() {}, removeAttribute() {}, toggleAttribute() {}, isConnected: true });

/** A ready controller on a fake engine (as after startEngine). */
function readyBoard(answers) {
  const engine = fakeEngine(answers);
  const view = fakeView();
  const c = new Controller(root(), DATA, view);
  c.engine = engine;
  c.ready = true;
  c.st = state();
  return { c, engine, view };
}

const idle = async (c) => { for (let i = 0; i < 20; i++) await c.chain; await new Promise((r) => setTimeout(r, 0)); };

test("the hooks a component may use are the ones host.js declares", async () => {
  const { readFile } = await import("node:fs/promises");
  const host = await readFile(new URL("../../docs/assets/board/host.js", import.meta.url), "utf8");
  for (const h of HOOKS) assert.ok(host.includes(`"${h}"`), `host.js declares the hook ${h}`);
});

test("a click on a movable piece asks the engine for its targets; a click on a target plays the move", async () => {
  const played = state({ cursor: 1, history: [{ move: "d1-c1", notation: "d1-c1", side: "attackers", captures: [] }] });
  const { c, engine } = readyBoard({
    targets: ({ square }) => (square === "d1" ? ["c1", "b1"] : []),
    play: ({ move }) => ({ ok: true, error: null, reason: null, state: move === "d1-c1" ? played : state() }),
  });
  c.dispatch({ type: "select", square: "d1" });
  await idle(c);
  assert.deepEqual(engine.calls[0], ["targets", { square: "d1" }]);
  assert.equal(c.ui.selected, "d1");
  assert.deepEqual(c.ui.targets, ["c1", "b1"]);
  c.dispatch({ type: "select", square: "c1" });
  await idle(c);
  assert.deepEqual(engine.calls[1], ["play", { move: "d1-c1" }]);
  assert.equal(c.st, played);
  assert.equal(c.ui.selected, null, "the selection goes with the move");
  assert.equal(c.ui.focus, "c1", "the focus follows the piece");
  assert.equal(c.dom.liveEl.textContent, "Attackers: d1-c1.");
});

test("a refused move keeps the game and says why, in the page's words for the reason", async () => {
  const { c } = readyBoard({
    play: () => ({ ok: false, error: "d1-d2: d2 is occupied", reason: { code: "occupied", params: { square: "d2" } }, state: state() }),
  });
  await c.dispatch({ type: "move", from: "d1", to: "d2" });
  assert.equal(c.ui.message, "The move d1-d2 is not legal: d2 is taken."); // words.js illegalWhy
  assert.equal(c.st.cursor, 0);
});

test("a failed request (a rejection {message, reason}) is said by its words, the board goes on", async () => {
  const { c } = readyBoard({
    play: () => { throw Object.assign(new Error("no session"), { reason: { code: "no_session", params: {} } }); },
  });
  await c.dispatch({ type: "move", move: "d1-c1" });
  assert.equal(c.ui.message, "no session", "a code without words on the page: the one line");
  assert.equal(c.busy, false);
});

test("requests run one sequence at a time, in order; the board is busy meanwhile", async () => {
  const played = state({ cursor: 1, history: [{ move: "d1-c1", notation: "d1-c1", side: "attackers", captures: [] }] });
  const { c, engine } = readyBoard({
    play: () => ({ ok: true, error: null, reason: null, state: played }),
    undo: () => state(),
  });
  const release = engine.hold();
  const order = [];
  const first = c.exclusive(async () => { order.push("first start"); await engine.call("play", { move: "d1-c1" }); order.push("first end"); });
  const second = c.exclusive(async () => { order.push("second"); });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(c.busy, true);
  assert.deepEqual(order, ["first start"], "the second waits for the first");
  release();
  await Promise.all([first, second]);
  assert.deepEqual(order, ["first start", "first end", "second"]);
  assert.equal(c.busy, false);
});

test("toolbar actions go through the registry: Undo asks the engine only when there is a move to take back", async () => {
  const played = state({ cursor: 1, history: [{ move: "d1-c1", notation: "d1-c1", side: "attackers", captures: [] }] });
  const { c, engine } = readyBoard({ undo: () => state(), redo: () => played });
  await c.dispatch({ type: "action", id: "undo" });
  assert.deepEqual(engine.cmds(), [], "nothing to undo at the start: the action is not enabled");
  c.st = played;
  await c.dispatch({ type: "action", id: "undo" });
  assert.deepEqual(engine.cmds(), ["undo"]);
  assert.equal(c.st.cursor, 0);
  assert.equal(c.dom.liveEl.textContent, "Move taken back.");
  assert.equal(c.dispatch({ type: "action", id: "no-such-button" }), undefined);
});

test("before the engine is ready only the actions that need no engine run", async () => {
  const { c, engine } = readyBoard({ undo: () => state() });
  c.ready = false;
  c.st = state({ cursor: 1, history: [{ move: "d1-c1", notation: "d1-c1", side: "attackers", captures: [] }] });
  await c.dispatch({ type: "action", id: "undo" });
  assert.deepEqual(engine.cmds(), []);
  c.dispatch({ type: "action", id: "flip" });
  assert.equal(c.ui.flipped, true, "Flip needs no engine");
});

test("a component claims an intent through the 'intent' hook; the board's own handling is skipped", async () => {
  const { c, engine } = readyBoard({ targets: () => ["c1"] });
  const seen = [];
  c.on("intent", (i) => { seen.push(i.type); return i.type === "select" ? "claimed" : undefined; });
  assert.equal(c.dispatch({ type: "select", square: "d1" }), "claimed");
  await idle(c);
  assert.deepEqual(engine.cmds(), [], "no targets asked: the component took the click");
  c.dispatch({ type: "cancel" });
  assert.deepEqual(seen, ["select", "cancel"]);
  assert.throws(() => c.on("no-such-hook", () => {}), /no hook/);
});

test("a component that blocks the reader's moves ('blocks') keeps a berserker from being selected; 'idle' follows every queue", async () => {
  const { c, engine } = readyBoard({ targets: () => ["d5"] });
  let idles = 0;
  c.on("idle", () => { idles++; });
  let blocks = true;
  c.on("blocks", () => blocks);
  c.st = state({ berserk: { square: "d4", can_end: true }, movable: ["d4"] });
  await c.exclusive(async () => {});
  assert.equal(idles, 1);
  assert.equal(c.ui.selected, null, "the computer's berserk turn: nothing selected for the reader");
  blocks = false;
  await c.exclusive(async () => {});
  await idle(c);
  assert.equal(c.ui.selected, "d4", "the reader's berserk turn: its piece is selected at once");
  assert.deepEqual(engine.calls.at(-1), ["targets", { square: "d4" }]);
});

test("Undo, Redo and Restart are offered to the 'turnAction' hooks first (the opponent steps turn pairs)", async () => {
  const { c, engine } = readyBoard({ undo: () => state() });
  c.st = state({ cursor: 2, history: [{ move: "d1-c1", side: "attackers" }, { move: "d2-e2", side: "defenders" }] });
  const taken = [];
  c.on("turnAction", (a) => { taken.push(a); return Promise.resolve(); });
  await c.dispatch({ type: "action", id: "undo" });
  assert.deepEqual(taken, ["undo"]);
  assert.deepEqual(engine.cmds(), [], "the component ran it");
});

test("input intents set the focus square and the input device before anyone takes them", async () => {
  const { c, engine } = readyBoard({ targets: () => ["c1"] });
  c.dispatch({ type: "keyboard" });
  assert.equal(c.ui.keyboardUsed, true);
  c.dispatch({ type: "point", square: "d2" });
  assert.equal(c.ui.focus, "d2");
  assert.equal(c.ui.keyboardUsed, false);
  c.ui.focus = null;
  c.dispatch({ type: "select", atFocus: true }); // Enter with no focus square yet
  await idle(c);
  assert.equal(c.ui.focus, "d1", "the focus starts on the first piece that may move (state.js defaultFocus)");
  assert.deepEqual(engine.calls[0], ["targets", { square: "d1" }]);
});

test("a new registry entry is dispatched with no other change (notes/board.md: adding a toolbar button)", async () => {
  const { c } = readyBoard({});
  const ran = [];
  const entry = { id: "info", words: "info", needsEngine: true, enabled: (s) => s.ready && !s.editing, run: (h) => ran.push(h) };
  ACTIONS.push(entry);
  try {
    c.dispatch({ type: "action", id: "info" });
    assert.deepEqual(ran, [c]);
    c.ready = false;
    c.dispatch({ type: "action", id: "info" });
    assert.equal(ran.length, 1, "it needs the engine: no click before it is ready");
  } finally {
    ACTIONS.splice(ACTIONS.indexOf(entry), 1);
  }
});
