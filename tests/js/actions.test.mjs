// Unit tests of the toolbar's action registry (docs/assets/board/actions.js): every action has
// its words in both languages, a run and an enabled state on sample states, and the toolbar
// is the one the markup contract names (notes/CONTRACTS.md, "Variant page ↔ board").

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { ACTIONS, actionById, actionTitle, takesClick } from "../../docs/assets/board/actions.js";
import { STRINGS } from "../../docs/assets/board/words.js";

const st = (extra = {}) => ({ can_undo: false, can_redo: false, result: null, berserk: null, ...extra });
/** Sample states: before the engine, ready, busy, in the editor, in a berserk turn (which may
 *  end, or must go on), with moves to undo and to redo, under rules with berserk turns. */
const SAMPLES = {
  starting: { ready: false, busy: false, editing: false, st: st(), berserk: null, berserkRules: false },
  ready: { ready: true, busy: false, editing: false, st: st(), berserk: null, berserkRules: false },
  busy: { ready: true, busy: true, editing: false, st: st({ can_undo: true }), berserk: null, berserkRules: false },
  editing: { ready: true, busy: false, editing: true, st: st({ can_undo: true }), berserk: null, berserkRules: false },
  played: { ready: true, busy: false, editing: false, st: st({ can_undo: true, can_redo: true }), berserk: null, berserkRules: true },
  berserkEnds: { ready: true, busy: false, editing: false, st: st({ can_undo: true }), berserk: { square: "d4", can_end: true }, berserkRules: true },
  berserkGoesOn: { ready: true, busy: false, editing: false, st: st({ can_undo: true }), berserk: { square: "d4", can_end: false }, berserkRules: true },
};

test("the toolbar has the buttons the markup contract names, in its order", () => {
  const contract = readFileSync(new URL("../../notes/CONTRACTS.md", import.meta.url), "utf8");
  const m = /toolbar: `button\[data-action=([a-z|]+)\]`/.exec(contract);
  assert.ok(m, "notes/CONTRACTS.md names the toolbar's buttons");
  // (a new button may come anywhere; the ones the page's tests rely on stay, in their order)
  const ids = ACTIONS.map((a) => a.id);
  assert.deepEqual(ids.filter((id) => m[1].split("|").includes(id)), m[1].split("|"));
  assert.equal(new Set(ACTIONS.map((a) => a.id)).size, ACTIONS.length, "ids are unique");
});

test("every action has its label and title in German and English", () => {
  for (const lang of ["de", "en"]) {
    const T = STRINGS[lang];
    for (const a of ACTIONS) {
      assert.equal(typeof T.actions[a.words], "string", `${lang} label of ${a.id}`);
      assert.ok(T.actions[a.words].trim().length > 0, `${lang} label of ${a.id}`);
      for (const s of Object.values(SAMPLES)) {
        const key = a.title ? a.title(s) : a.words;
        assert.ok(typeof T.actionTitles[key] === "string" && T.actionTitles[key].length > 0, `${lang} title ${key} of ${a.id}`);
      }
    }
    // the labels differ, so no two buttons read the same
    assert.equal(new Set(ACTIONS.map((a) => T.actions[a.words])).size, ACTIONS.length, lang);
  }
});

test("every action runs something and answers enabled() on every sample state", () => {
  for (const a of ACTIONS) {
    assert.equal(typeof a.run, "function", a.id);
    assert.equal(typeof a.needsEngine, "boolean", a.id);
    for (const [name, s] of Object.entries(SAMPLES)) {
      assert.equal(typeof a.enabled(s), "boolean", `${a.id} on ${name}`);
    }
  }
});

test("enabled states: Undo and Redo only with moves to take back or replay, nothing in the editor but Flip and Edit", () => {
  const on = (name) => ACTIONS.filter((a) => a.enabled(SAMPLES[name])).map((a) => a.id);
  assert.deepEqual(on("starting"), ["flip", "wide"], "before the engine is ready only Flip and the layout");
  assert.deepEqual(on("ready"), ["reset", "flip", "edit", "share", "wide", "analysis"]);
  assert.deepEqual(on("played"), ["undo", "redo", "reset", "flip", "edit", "share", "wide", "analysis"]);
  assert.deepEqual(on("editing"), ["flip", "edit", "wide"]);
  assert.deepEqual(on("berserkEnds"), ["end", "undo", "reset", "flip", "edit", "share", "wide", "analysis"]);
  assert.ok(!actionById("end").enabled(SAMPLES.berserkGoesOn), "a berserk turn that must go on cannot be ended");
});

test("the board-first layout and analysis mode: on a variant page's board only, pressed while on", () => {
  for (const id of ["wide", "analysis"]) {
    const a = actionById(id);
    assert.equal(a.shown({ ...SAMPLES.ready, page: true }), "shown", id);
    assert.equal(a.shown({ ...SAMPLES.ready, page: false }), "hidden", `${id}: not on a mechanics page's example`);
  }
  assert.equal(actionById("wide").pressed({ ...SAMPLES.ready, wide: true }), true);
  assert.equal(actionById("wide").pressed(SAMPLES.ready), false);
  assert.equal(actionById("analysis").pressed({ ...SAMPLES.ready, analysing: true }), true);
  assert.equal(actionById("analysis").pressed(SAMPLES.ready), false);
  const sent = [];
  const h = { dispatch: (i) => sent.push(i.type) };
  actionById("wide").run(h);
  actionById("analysis").run(h);
  assert.deepEqual(sent, ["wide", "analysisMode"]);
});

test("End is shown in a berserk turn, keeps its place under rules with berserk turns, else hidden", () => {
  const end = actionById("end");
  assert.equal(end.shown(SAMPLES.berserkEnds), "shown");
  assert.equal(end.shown(SAMPLES.played), "reserved");
  assert.equal(end.shown(SAMPLES.ready), "hidden");
  assert.equal(actionTitle(end, STRINGS.en, SAMPLES.berserkGoesOn), STRINGS.en.actionTitles.endCompulsory);
});

test("a click waits for the engine where needed; while busy only the queueing actions take it", () => {
  const ids = (name) => ACTIONS.filter((a) => takesClick(a, SAMPLES[name])).map((a) => a.id);
  assert.deepEqual(ids("starting"), ["flip", "wide"]);
  assert.deepEqual(ids("busy"), ["undo", "reset", "flip", "wide"], "Undo and Restart queue, Edit, Copy link and Analysis wait");
});

test("the waiting titles come from the registry: every action that needs the engine says it waits", () => {
  const T = STRINGS.de;
  for (const a of ACTIONS) {
    const title = actionTitle(a, T, SAMPLES.starting, T.engineWaiting);
    if (a.needsEngine) assert.equal(title, `${T.actionTitles[a.words]} (${T.engineWaiting})`, a.id);
    else assert.equal(title, T.actionTitles[a.words], a.id);
  }
  assert.equal(actionById("flip").needsEngine, false);
});
