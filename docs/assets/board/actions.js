// Tafl-Kompendium board: the toolbar's actions, one registry (no DOM; tests/js/actions.test.mjs).
//
// Every toolbar button is one entry of ACTIONS, in toolbar order. From the entries derive: the
// buttons (dom.js buildToolbar: `button[data-action=<id>]`, its label T.actions[words], its
// title T.actionTitles[title(s)]), their enabled state (draw.js drawControls: enabled(s)), the
// dispatch of a click (controller.js dispatch {type: "action", id}: run(host)) and, before the
// engine is ready, the waiting titles (every entry with needsEngine says that it waits).
//
// An entry: {id, words, needsEngine, queues?, enabled(s), run(host), title?(s), shown?(s),
// pressed?(s)}.
// - `words`: the key of its label in words.js `actions` and of its title in `actionTitles`
//   (both languages, tests/js/actions.test.mjs);
// - `needsEngine`: the button takes no click before the engine is ready, and says so;
// - `queues`: a click while the board is busy waits its turn (Undo, Redo, Restart); without
//   it the button is aria-disabled while busy;
// - `enabled(s)`, `title(s)`, `shown(s)` ("shown" | "reserved" | "hidden"), `pressed(s)`: of the
//   snapshot `s` = actionState(host) {ready, busy, editing, st, berserk, berserkRules, page,
//   wide, analysing, reviewing} (page: a variant page's board, not a mechanics page's example;
//   reviewing: a game review is under way);
// - `run(host)`: what a click does, through the host interface (host.js) only.
//
// A new button is one entry here and its words (words.js `actions` and `actionTitles`, German
// and English). (The Hint button, `data-action=hint`, is the opponent's own, in its fieldset:
// opponent.js.)

import { flip } from "./state.js";

/** @typedef {{ready: boolean, busy: boolean, editing: boolean, st: object,
 *    berserk: object | null, berserkRules: boolean, page?: boolean, wide?: boolean,
 *    analysing?: boolean, ended?: boolean, reviewing?: boolean}} ActionState */

/** The toolbar's actions, in toolbar order. */
export const ACTIONS = [
  {
    // a berserk turn's end: shown during such a turn; wherever the rules have berserk turns it
    // keeps its place (reserved: hidden from view and pointer), so that the buttons after it do
    // not slide under the pointer when a turn ends (a double click on End must not undo)
    id: "end", words: "end", needsEngine: true,
    enabled: (s) => s.ready && !s.editing && !!s.berserk && !!s.berserk.can_end,
    title: (s) => (s.berserk && !s.berserk.can_end ? "endCompulsory" : "end"),
    shown: (s) => (s.berserk ? "shown" : s.berserkRules ? "reserved" : "hidden"),
    run: (h) => {
      if (h.ui.mode !== "play" || !h.st.berserk || !h.st.berserk.can_end) return null;
      h.focusBoard(); // the button leaves the reader's reach (the turn is over)
      return h.dispatch({ type: "move", move: "end" });
    },
  },
  {
    id: "undo", words: "undo", needsEngine: true, queues: true,
    // (after a resignation or an agreed draw: takes back that end, also at the start)
    enabled: (s) => s.ready && !s.editing && (!!s.st.can_undo || !!s.ended),
    run: (h) => h.gameAction("undo"),
  },
  {
    id: "redo", words: "redo", needsEngine: true, queues: true,
    enabled: (s) => s.ready && !s.editing && !!s.st.can_redo,
    run: (h) => h.gameAction("redo"),
  },
  {
    id: "reset", words: "reset", needsEngine: true, queues: true,
    enabled: (s) => s.ready && !s.editing,
    run: (h) => h.gameAction("reset"),
  },
  {
    id: "flip", words: "flip", needsEngine: false,
    enabled: () => true,
    run: (h) => {
      flip(h.ui);
      h.render(); // redraws the squares and coordinates for the new orientation
      h.say(h.T.flipped);
    },
  },
  {
    id: "edit", words: "edit", needsEngine: true,
    enabled: (s) => s.ready,
    pressed: (s) => s.editing,
    run: (h) => h.dispatch({ type: "mode", mode: h.ui.mode === "edit" ? "play" : "edit" }), // editor.js
  },
  {
    id: "share", words: "share", needsEngine: true,
    enabled: (s) => s.ready && !s.editing,
    run: (h) => h.share(),
  },
  {
    // the board-first layout (wide.js): the board across the content's width, the site's
    // navigation and table of contents out of the way; a variant page's board only
    id: "wide", words: "wide", needsEngine: false,
    enabled: () => true,
    shown: (s) => (s.page ? "shown" : "hidden"),
    pressed: (s) => !!s.wide,
    run: (h) => h.dispatch({ type: "wide" }), // wide.js
  },
  {
    // analysis mode (analysis.js): the engine's best line and evaluation kept on screen
    id: "analysis", words: "analysis", needsEngine: true,
    enabled: (s) => s.ready && !s.editing,
    shown: (s) => (s.page ? "shown" : "hidden"),
    pressed: (s) => !!s.analysing,
    run: (h) => h.dispatch({ type: "analysisMode" }), // analysis.js
  },
  {
    // the game review (review.js): every move checked by the engine in the worker, marked
    // ??, ?, ?! in the move list, the evaluation as a graph; a variant page's board only
    id: "review", words: "review", needsEngine: true,
    enabled: (s) => s.ready && !s.editing && !s.reviewing && playedOrTakenBack(s.st) > 0,
    shown: (s) => (s.page ? "shown" : "hidden"),
    run: (h) => h.dispatch({ type: "review" }), // review.js
  },
];

/** The plies of the game in engine state `st`: played (`cursor`) and taken back (`future`). */
function playedOrTakenBack(st) {
  return (Number.isInteger(st && st.cursor) ? st.cursor : 0) + (Array.isArray(st && st.future) ? st.future.length : 0);
}

/** The entry of action `id`, or undefined. */
export function actionById(id) {
  return ACTIONS.find((a) => a.id === id);
}

/** Whether a click on action `a` is taken now (`s`: actionState): not before the engine is
 *  ready when it needs the engine, not while busy unless it queues, and only when enabled. */
export function takesClick(a, s) {
  if (a.needsEngine && !s.ready) return false;
  if (s.busy && a.needsEngine && !a.queues) return false;
  return a.enabled(s);
}

/** The title of action `a` in words `T` for snapshot `s`, with `wait` (the words saying that
 *  the engine is starting or down, "" once ready) appended to those that need the engine. */
export function actionTitle(a, T, s, wait = "") {
  const base = T.actionTitles[a.title ? a.title(s) : a.words];
  return a.needsEngine && wait ? `${base} (${wait})` : base;
}
