// Tafl-Kompendium board: the board before its engine is ready, a component attached to the
// host (host.js BoardHost) with attachEarly(host).
//
// Until the worker's engine is ready the board takes one first move from the start position out
// of board-data `first_moves` (firstmove.js: a lookup, no rule): selection, targets, the move and
// what it did are shown at once, and the component plays it on the engine when the engine is
// ready (the host's "ready" hook). Any other click meanwhile is answered ("the engine is still
// starting"); a link or a kept game (a non-start position: host.openWith) waits for the engine.
// The engine status line names the start-up phase (the "progress" hook). The toolbar's waiting
// titles are the action registry's (actions.js needsEngine, draw.js drawControls).

import { isGameFragment } from "./address.js";
import { movableSquares, startTargets, stateAfter, usableTable } from "./firstmove.js";
import { stillWhy } from "./moves.js";
import { selectSquare, setFocus, setTargets } from "./state.js";
import { sentence } from "./words.js";

/** Whether the board opens at its start position (no game link, no game kept in the history
 *  entry or in sessionStorage). */
const opensAtHome = (host) => !isGameFragment(host.openWith());

/** Whether a move can be taken now without the engine. */
const canMove = (host, early) => !host.ready && !!early.table && !early.move;

/** Said to a click the board cannot take before the engine is ready. */
function waitAnswer(host) {
  const T = host.T;
  const text = host.failed ? `${T.engineDown} ${T.engineFix}` : opensAtHome(host) ? T.engineStarting : T.engineStartingLink;
  host.message(text);
  host.say(text);
}

/** Select the piece on `sq`: the targets from the first-move table. */
function select(host, early, sq, announce = true) {
  const token = selectSquare(host.ui, sq);
  const targets = startTargets(early.table, sq);
  setTargets(host.ui, token, sq, targets);
  host.render();
  if (announce) host.say(host.T.selected(sq, targets.length));
}

/** The first move from the table: shown at once, played on the engine when it is ready. A
 *  move not in the table is no legal first move. */
function play(host, early, move) {
  const T = host.T;
  host.clearSelection();
  const st = canMove(host, early) ? stateAfter(early.table, host.st, move) : null;
  if (!canMove(host, early)) waitAnswer(host);
  else if (!st) { host.message(T.illegal(move)); host.say(T.illegal(move)); }
  else {
    early.move = move;
    host.st = st;
    host.message(null);
    setFocus(host.ui, move.split("-")[1]);
    host.say(host.moveParts(st.history[0], st, move).map(sentence).join(" "));
    performance.mark("tafl-first-move");
  }
  host.render();
  return Promise.resolve();
}

/** A click before the engine is ready: the first move from the table, else an answer. */
function activate(host, early, sq) {
  const T = host.T;
  if (!sq || host.ui.mode !== "play") return;
  if (!canMove(host, early)) { waitAnswer(host); return; }
  const ui = host.ui;
  if (ui.selected && ui.targets.includes(sq)) { play(host, early, `${ui.selected}-${sq}`); return; }
  if (ui.selected === sq) { host.clearSelection(); host.render(); return; }
  if ((host.st.movable || []).includes(sq)) { host.message(null); select(host, early, sq); return; }
  if (ui.selected) { play(host, early, `${ui.selected}-${sq}`); return; }
  const why = stillWhy(T, host.st, sq);
  if (why) { host.message(why); host.say(why); }
}

/** The intents before the engine is ready: a click, a move, a drag's start (claimed); the
 *  others pass on. */
function intent(host, early, i) {
  if (host.ready) return undefined;
  if (i.type === "select") { activate(host, early, i.square); return true; }
  if (i.type === "move") return play(host, early, i.move || `${i.from}-${i.to}`);
  if (i.type === "grab") {
    const ok = host.ui.mode === "play" && canMove(host, early) && !host.st.result && (host.st.movable || []).includes(i.square);
    if (ok && host.ui.selected !== i.square) select(host, early, i.square);
    return ok;
  }
  return undefined;
}

/** The engine status line while the engine starts: the phase (worker progress), or, for a
 *  link, that its game comes when the engine is ready. */
function showProgress(host, early, phase) {
  if (host.ready || host.failed) return;
  const T = host.T;
  const order = ["download", "python", "rules"];
  const n = Math.max(0, order.indexOf(phase));
  const words = T.startPhase[order[n]];
  host.dom.engineEl.textContent = early.table ? T.startProgress(words, n + 1)
    : opensAtHome(host) ? T.startWait(words, n + 1) : `${T.startLink} (${words}, ${n + 1}/3)`;
  host.root.setAttribute("data-engine-phase", order[n]);
}

/** The engine is ready (inside the host's queue): the first move taken before is played on
 *  it (quietly: it was announced when taken), unless a link opened meanwhile replaced the
 *  game (`game`). The engine's state replaces the table's. */
async function replay(host, early, { game }) {
  const T = host.T;
  const move = early.move;
  early.move = null;
  if (!move || game) return;
  const mark = host.changeMark();
  const r = await host.engine.call("play", { move });
  host.st = r.state;
  if (!r.ok) { // the table and the engine disagree: say so, the engine's game stands
    const why = host.reasonText(r.reason);
    host.message(why ? T.illegalWhy(move, why) : T.illegal(move));
    return;
  }
  await host.syncAddress(mark);
}

/** The early start of `host`; returns its state {table, move}. The table is taken only when
 *  the board opens at its start position. */
export function attachEarly(host) {
  const early = { table: opensAtHome(host) ? usableTable(host.data, host.home, host.st.to_move) : null, move: null };
  if (early.table) host.st.movable = movableSquares(early.table);
  host.on("intent", (i) => intent(host, early, i));
  host.on("progress", (phase) => showProgress(host, early, phase));
  host.on("ready", (info) => replay(host, early, info));
  return early;
}
