// Tafl-Kompendium board: the opponent ("Gegen den Computer spielen") and the hint ("Tipp"), a
// component attached to the host (host.js BoardHost) with attachOpponent(host). The moves come
// from tafl_core.search in the worker (bridge commands search_start, search_step, search_stop;
// notes/CONTRACTS.md, "Worker protocol"); no rule and no evaluation lives here.
//
// Three parts, the first two without DOM (unit-tested with a fake engine and a fake host in
// tests/js/opponent.test.mjs):
// - pure functions: the search arguments of a level, the position key a hint belongs to, how
//   many plies Undo/Redo step in play against the computer (a whole turn pair: the reader's
//   move and the computer's answer), the hint's words;
// - Thinker (thinker.js, re-exported): one search in slices (search_start, then search_step with a small budget, the page
//   yielding between slices, so the worker answers other messages meanwhile), cancellable by a
//   generation counter: an answer of a search cancelled (or superseded) is never used;
// - OpponentController: the mode (on/off), the reader's side, the level, the computer's turn
//   (searched when the board becomes idle with the computer to move, played through the host's
//   request queue, `exclusive`, only while nothing changed since: generation and position key),
//   the hint;
// - attachOpponent(host): the controls (a fieldset after the status lines), the thinking state
//   (status line, data-thinking on the root, aria-busy on the board's SVG) and the hint's arrow
//   (a layer of the SVG), and the host's hooks: "change" (the game is about to change: cancel),
//   "idle" (the queue is empty: the computer moves if it is to), "blocks" and "intent" (a click
//   or drag while the computer is to move is refused), "turnAction" (Undo/Redo by turn pairs),
//   "render" (draw).
//
// Markup for tests (notes/CONTRACTS.md, "Opponent and hint"): fieldset[data-role=opponent] with
// input[data-opponent-toggle], input[data-opponent-side] (the reader's side), select
// [data-opponent-level], button[data-action=hint], p[data-role=hint]; on the root
// data-opponent (the computer's side, while on), data-thinking ("move" | "hint", while a search
// runs or the computer's move is being played), data-hint (the hint's first move, while shown);
// in the SVG [data-hint-from], [data-hint-to] squares of the hint's moves.

import { decodeOpponent, encodeOpponent, keepKey, opponentKey, sessionStore } from "./keep.js";
import { el, svgEl } from "./elements.js";
import { DRAW_MIN_PLIES, DRAW_MIN_TAKEN, acceptsDraw, drawInReach, evaluation, evaluationText, gameProgress } from "./evaluation.js";
import { endParts, endToken, stateKey } from "./state.js";
import { SLICE_MS, Thinker } from "./thinker.js";
import { OPPONENT_STRINGS } from "./words.js";

export { SLICE_MS, Thinker, stateKey };

/** The levels of tafl_core.search LEVELS, weakest first. */
export const LEVELS = ["beginner", "easy", "medium", "strong"];
/** The time budget of a computer's move in seconds, as the level matches measure them
 *  (`python -m tafl_core match --seconds 1`, README "Search benchmarks"): each level spends its share of it (tafl_core.search level_limits: 0.25, 0.5,
 *  0.5 and 1 s), so a level never thinks longer than the one above. */
export const MOVE_SECONDS = 1;
/** The hint searches as the strongest level does. */
export const HINT_LEVEL = "strong";
/** Moves of the expected line the hint names. */
export const PV_SHOWN = 8;

const SIDES = ["attackers", "defenders"];

/** The other side ("attackers" <-> "defenders"). */
export function otherSide(side) { return side === "attackers" ? "defenders" : "attackers"; }

/** search_start's arguments for `level` (one of LEVELS) with noise seed `seed` (an int). */
export function searchArgs(level, seed) {
  return { level, seed, seconds: MOVE_SECONDS };
}

/** A random search seed (levels below strong add seeded noise, so games differ). */
export function randomSeed() { return 1 + Math.floor(Math.random() * 2147483646); }

/** Whether the computer (side `computer`, null when off) is to move in state `st`. */
export function computerToMove(st, computer) {
  return !!computer && !st.result && !st.stuck && st.to_move === computer;
}

/**
 * How many plies Undo takes back in play against the computer, the reader playing `human`:
 * back to the start of the reader's last turn (so the reader is to move again), taking the
 * computer's answer with it. `history`: the state's history entries ({side, continues}),
 * `cursor`: how many are played. 0 when the reader has no move in the game (then Undo takes
 * back one ply, as without the computer).
 */
export function pliesToUndo(history, cursor, human) {
  let j = cursor - 1;
  while (j >= 0 && history[j].side !== human) j--;
  if (j < 0) return 0;
  while (j > 0 && history[j - 1].continues && history[j - 1].side === human) j--;
  return cursor - j;
}

/**
 * How many plies Redo replays in play against the computer: up to the next position where the
 * reader (`human`) is to move at the start of a turn, or every move taken back. `future`: the
 * state's future_plies ({side, continues}).
 */
export function pliesToRedo(future, human) {
  for (let i = 0; i < future.length; i++) {
    if (future[i].continues) continue;
    if (i + 1 === future.length || future[i + 1].side === human) return i + 1;
  }
  return future.length;
}

/** The moves of the turn a search reply proposes (its `turn`, else its `move`; [] for none). */
export function turnOf(reply) {
  if (!reply) return [];
  if (Array.isArray(reply.turn) && reply.turn.length) return reply.turn.filter((m) => typeof m === "string");
  return typeof reply.move === "string" ? [reply.move] : [];
}

/** The squares of a move "d1-d3" as [from, to]; null for "end" or anything else. */
export function moveSquares(move) {
  const m = /^([a-z][0-9]{1,2})-([a-z][0-9]{1,2})$/.exec(String(move || ""));
  return m ? [m[1], m[2]] : null;
}

/** The hint's words for search reply `reply` (O: OPPONENT_STRINGS[lang]): "Tipp: d1-d3
 *  (erwartete Folge: d1-d3 e4-e2 …)"; at most PV_SHOWN moves of the line, then "…". */
export function hintText(O, reply) {
  const turn = turnOf(reply);
  if (!turn.length) return O.hintNone;
  const pv = Array.isArray(reply.pv) && reply.pv.length ? reply.pv : turn;
  const line = pv.slice(0, PV_SHOWN).join(" ") + (pv.length > PV_SHOWN ? " …" : "");
  return O.hintText(turn.join(" "), line);
}

/** Move notation in a text (d7-e7, c2=d2xe2, c3^c5): a square, then a mark and more. */
const MOVE_TOKEN = /([a-y][1-9][0-9]?(?:[-=^x][a-y]?[1-9]?[0-9]?)+)/;

/** `p`'s text set to `text`, every move in it a span that never breaks inside (a line breaks
 *  between moves, never at a move's hyphen: "d7-" / "e7"); the text itself is unchanged. */
export function setUnbrokenMoves(p, text) {
  const parts = String(text).split(MOVE_TOKEN);
  p.replaceChildren(...parts.map((part, i) => (i % 2 ? el("span", { class: "tb-move" }, part) : document.createTextNode(part))));
}

/** Whether a failed search request's reason {code, params} (engine.js: every failure has one)
 *  says the worker dropped the search because its game changed (bridge search_step:
 *  `no_search`), which is no fault to show. */
export function searchLost(reason) { return !!reason && reason.code === "no_search"; }

/**
 * The opponent and hint of one board. `host`: the board's host interface (host.js BoardHost),
 * of which it uses st, ready, busy, ui.mode, root, data, T, engine.call, exclusive(fn),
 * playNow(move), actionNow(a), changeMark(), syncAddress(mark), render(), say(text),
 * message(text), refusalText(e), lang, data. `O`: OPPONENT_STRINGS of the page's language
 * (default: of host.lang). `view`: the DOM part (attachOpponent) or null.
 */
export class OpponentController {
  constructor(host, { thinker = null, seed = randomSeed, O = null } = {}) {
    this.host = host;
    this.O = O || OPPONENT_STRINGS[host.lang === "en" ? "en" : "de"];
    this.thinker = thinker || new Thinker((cmd, args) => host.engine.call(cmd, args));
    this.seed = seed;
    this.on = false;
    this.human = "attackers";
    this.level = LEVELS[0];
    this.job = null; // {kind: "move" | "play" | "hint"} while a search runs or its move is played
    this.hint = null; // {key, pending: true} while searched, {key, reply} when shown
    this.view = null;
  }

  /** The end by resignation or agreed draw of the position shown ({kind: "resigned" | "draw",
   *  winner}), or null. The board holds it (host.declaredEnd), so that it is kept with the game,
   *  in its link and in the exported record; setting `ended` ({kind, winner} or null) declares
   *  it there (host.declare). */
  get ended() {
    const end = this.host.declaredEnd ? this.host.declaredEnd() : null;
    const parts = endParts(end);
    return parts ? { kind: parts.kind, winner: parts.winner } : null;
  }

  set ended(value) {
    const end = !value ? null : value.kind === "draw" ? endToken(null) : endToken(otherSide(value.winner));
    this.host.declare(end);
  }

  /** The key of the position shown under the rules the board plays (stateKey). */
  key() { return stateKey(this.host.st, this.host.alt); }

  /** The computer's side while on, else null. */
  get computer() { return this.on ? otherSide(this.human) : null; }

  /** "move" while the computer thinks or plays its move, "hint" while a hint is searched,
   *  "draw" while the computer weighs a draw offer. */
  get thinking() { return this.job ? (this.job.kind === "play" ? "move" : this.job.kind) : null; }

  /** The end by resignation or agreed draw of the position shown, or null (a resignation
   *  belongs to the position it was given in: Undo, Restart or another game leave it). */
  get over() { return this.ended; }

  /** Whether the board is to refuse the reader's moves now: the computer is to move at the end
   *  of the game. With moves taken back (Redo possible: the reader steps through the game, or
   *  Undo took back a move of the computer only) the computer waits, so that its answer never
   *  replaces the moves Redo would replay. */
  blocks() {
    const h = this.host;
    if (h.ui.mode === "play" && this.over) return true; // the game was resigned or drawn
    return h.ui.mode === "play" && computerToMove(h.st, this.computer) && !h.st.can_redo;
  }

  /** Whether the computer is to move in the position shown but waits, because moves were taken
   *  back or the reader stepped back in the move list (Redo possible; see blocks()). */
  waits() {
    const h = this.host;
    return h.ui.mode === "play" && computerToMove(h.st, this.computer) && !!h.st.can_redo;
  }

  /** Say why a click on the board moves nothing now (the computer is to move). */
  refuse() {
    const O = this.O;
    const text = this.over ? this.endedText(this.over) : this.thinking === "move" ? O.wait : O.computersTurn(this.sideName(this.computer));
    this.host.message(text);
    this.host.say(text);
  }

  sideName(side) { return (this.host.T.side && this.host.T.side[side]) || side; }

  /** Turn play against the computer on or off; on: the computer moves at once if it is to. */
  setOn(on) {
    const O = this.O;
    if (on === this.on) return;
    this.cancel();
    this.on = on;
    this.keep();
    this.hint = null;
    this.host.say(on ? O.on(this.sideName(this.human), O.levels[this.level] || this.level) : O.off);
    this.host.render();
    this.idle();
  }

  /** The reader's side (`side`: attackers | defenders). */
  setHuman(side) {
    if (!SIDES.includes(side) || side === this.human) return;
    this.cancel();
    this.human = side;
    this.keep();
    this.host.render();
    this.idle();
  }

  /** The level of the computer's next search (a key of LEVELS). */
  setLevel(level) { if (LEVELS.includes(level)) { this.level = level; this.keep(); } }

  /** Keep the settings in the tab (keep.js), for a reload and the other language's page. */
  keep() {
    const key = opponentKey(keepKey(this.host.data));
    if (!key) return;
    const store = sessionStore();
    try { if (store) store.setItem(key, encodeOpponent(this)); } catch { /* storage off or full */ }
  }

  /** Take the settings kept in the tab, if any (before the engine is ready: the computer
   *  moves, if it is to, when the board is first idle). */
  restore() {
    const key = opponentKey(keepKey(this.host.data));
    const store = sessionStore();
    let text = null;
    try { text = key && store ? store.getItem(key) : null; } catch { return; }
    const kept = decodeOpponent(text, LEVELS);
    if (kept) Object.assign(this, kept);
  }

  /** Drop the search under way and the hint being searched; the board is about to change the
   *  game (or the mode). Returns whether a search was under way. */
  cancel() {
    const was = this.thinker.cancel();
    const had = !!this.job;
    this.job = null;
    if (this.hint && this.hint.pending) this.hint = null;
    if (had) this.host.render();
    return was || had;
  }

  /** The board's request queue is empty: if the computer is to move, it starts thinking. */
  idle() {
    const h = this.host;
    if (this.job && this.job.kind === "move" && !this.blocks()) this.cancel(); // a result ended it
    if (this.job || !h.ready || h.busy || (h.root && !h.root.isConnected)) return;
    if (!this.over && this.blocks()) this.computerMove();
  }

  /** The words of an end by resignation or agreed draw (`ended`). */
  endedText(ended) {
    return ended.kind === "draw" ? this.O.drawAgreed
      : this.O.resigned(this.sideName(otherSide(ended.winner)), this.sideName(ended.winner));
  }

  /** Whether the reader may resign or offer a draw now: playing against the computer, the game
   *  on, nothing searched, and (a draw offer) the reader to move. */
  mayEnd(offer = false) {
    const h = this.host;
    return this.on && h.ready && h.ui.mode === "play" && !h.st.result && !h.st.stuck && !this.over
      && (!offer || (!this.job && !h.busy && !this.blocks()));
  }

  /** The reader resigns: the game ends as a win of the computer's side (shown in the status
   *  and after the move list; no move goes to the engine). Undo or Restart take it back. */
  resign() {
    const h = this.host;
    if (!this.mayEnd()) return false;
    this.cancel();
    this.ended = { kind: "resigned", winner: this.computer };
    h.message(null);
    h.say(this.endedText(this.ended));
    h.render();
    return true;
  }

  /** The reader offers a draw: in the game's opening (evaluation.js drawInReach) the computer
   *  declines at once, saying so; later it searches the position (as the hint does) and
   *  accepts when its own score is balanced or worse for it (evaluation.js acceptsDraw), else
   *  declines, saying how it sees the position. */
  async offerDraw() {
    const h = this.host;
    const O = this.O;
    if (!this.mayEnd(true)) return;
    const progress = gameProgress(h.st.history);
    if (!drawInReach(progress)) {
      const text = O.drawTooEarly(DRAW_MIN_PLIES / 2, DRAW_MIN_TAKEN);
      h.message(text);
      h.say(text);
      h.render();
      return;
    }
    const job = { kind: "draw" };
    const key = this.key();
    this.job = job;
    h.message(null);
    h.render();
    h.say(O.drawThinking);
    const out = await this.thinker.search(searchArgs(HINT_LEVEL, this.seed()));
    if (this.job !== job || out.cancelled) return;
    this.job = null;
    if (out.error || !out.reply || this.key() !== key) {
      if (out.error && !searchLost(out.reason)) h.message(O.failed(h.refusalText({ reason: out.reason, message: out.error })));
      h.render();
      return;
    }
    const toMove = h.st.to_move;
    if (acceptsDraw(out.reply.score, toMove, this.computer, progress)) {
      this.ended = { kind: "draw", winner: null, key };
      h.say(this.endedText(this.ended));
    } else {
      const text = O.drawDeclined(evaluationText(h.T, evaluation(out.reply.score, toMove)));
      h.message(text);
      h.say(text);
    }
    h.render();
  }

  /** Search the computer's turn and play it (one decision: a berserk turn's several moves). */
  async computerMove() {
    const h = this.host;
    const job = { kind: "move" };
    this.job = job;
    this.hint = null;
    const key = this.key();
    h.render();
    const out = await this.thinker.search(searchArgs(this.level, this.seed()));
    if (this.job !== job || out.cancelled) return;
    if (out.error) {
      this.job = null;
      // the game changed under the search (another part of the board played or stepped): no
      // fault; the computer searches again when the board is idle with it to move
      if (searchLost(out.reason)) { h.render(); this.idle(); return; }
      h.message(this.O.failed(h.refusalText({ reason: out.reason, message: out.error })));
      h.render();
      return;
    }
    const moves = turnOf(out.reply);
    job.kind = "play";
    try {
      if (moves.length) {
        await h.exclusive(() => this.playTurn(moves, out.gen, key));
      }
    } finally {
      if (this.job === job) this.job = null;
    }
    h.render();
    this.idle(); // a berserk turn that goes on: the computer searches its next step
  }

  /** Play the computer's `moves` (run inside exclusive), only while the search of generation
   *  `gen` is current and the position is still the one searched (`key`). */
  async playTurn(moves, gen, key) {
    const h = this.host;
    const fresh = () => this.thinker.current(gen) && this.on && this.key() === key
      && (!h.root || h.root.isConnected);
    if (!fresh()) return;
    const said = [];
    const say = h.say;
    h.say = (text) => said.push(text); // the board's words of each move, said once below
    try {
      for (const move of moves) {
        const before = h.st.cursor;
        await h.playNow(move);
        if (h.st.cursor !== before + 1 || !this.thinker.current(gen)) break;
      }
    } finally {
      h.say = say;
    }
    if (said.length) h.say(this.O.computerMoved(said.join(" ")));
  }

  /**
   * A toolbar action (`a`) the opponent takes part in: Undo, Redo and Restart first cancel the
   * thinking; while on, Undo takes back the reader's last turn and the computer's answer
   * (pliesToUndo), Redo replays up to the reader's next turn (pliesToRedo). Returns the
   * promise of the action when the opponent runs it, else null (the board runs it as usual).
   */
  action(a) {
    if (!["undo", "redo", "reset"].includes(a)) return null;
    this.cancel();
    this.hint = null;
    if (!this.on || a === "reset") return null;
    return this.host.exclusive(() => this.stepTurns(a));
  }

  /** Undo or Redo by turns (run inside exclusive). */
  async stepTurns(a) {
    const h = this.host;
    const st = h.st;
    if (h.ui.mode !== "play") return;
    const k = a === "undo" ? pliesToUndo(st.history, st.cursor, this.human)
      : pliesToRedo(st.future_plies || [], this.human);
    if (k <= 1) { await h.actionNow(a); return; }
    const mark = h.changeMark();
    try {
      for (let i = 0; i < k; i++) h.st = await h.engine.call(a);
      if (a === "undo") h.say(this.O.undoneTurn);
      else {
        const last = h.st.history[h.st.cursor - 1];
        h.say(h.T.redone(last ? last.notation || last.move : ""));
      }
      await h.syncAddress(mark);
    } catch (e) {
      h.message(h.refusalText(e));
    } finally {
      h.render();
    }
  }

  /** Search the best move for the side to move and show it (the hint); cancelled like the
   *  computer's search, dropped when the position changes before it arrives. */
  async requestHint() {
    const h = this.host;
    const O = this.O;
    if (!h.ready || h.busy || h.ui.mode !== "play" || this.job) return;
    if (h.st.result) { h.message(h.T.gameOver); return; }
    if (this.over) { h.message(this.endedText(this.over)); return; }
    if (this.blocks()) { h.message(O.hintWait); h.say(O.hintWait); return; }
    const job = { kind: "hint" };
    const key = this.key();
    this.job = job;
    this.hint = { key, pending: true };
    h.message(null);
    h.render();
    h.say(O.hintSearching);
    const out = await this.thinker.search(searchArgs(HINT_LEVEL, this.seed()));
    if (this.job !== job || out.cancelled) return;
    this.job = null;
    if (out.error || this.key() !== key) {
      this.hint = null;
      if (out.error && !searchLost(out.reason)) h.message(this.O.failed(h.refusalText({ reason: out.reason, message: out.error })));
      h.render();
      return;
    }
    this.hint = { key, reply: out.reply };
    h.render();
    h.say(hintText(O, out.reply));
  }

  /** The hint for the position shown, or null (a hint of another position is dropped). */
  currentHint() {
    if (this.hint && this.hint.key !== this.key()) this.hint = null;
    return this.hint;
  }

  /** Draw (the DOM part, when attached). */
  render() { if (this.view) this.view.render(this); }
}

// ---------------------------------------------------------------- the DOM part

/**
 * The opponent of `host` (host.js BoardHost, its DOM built): its controls and drawing, a
 * fieldset after the status lines, a layer of the SVG for the hint's arrow, and its hooks.
 * Returns the OpponentController, or null on an example board of a mechanics page (no opponent
 * there).
 */
export function attachOpponent(host) {
  if (host.data.example) return null;
  const O = OPPONENT_STRINGS[host.lang === "en" ? "en" : "de"];
  const ctrl = new OpponentController(host, { O });
  // the reader's side by default: the side that moves first here; the settings kept in the tab
  // (a reload, the other language's page) win over it
  ctrl.human = host.home.to_move || host.firstMover() || "attackers";
  ctrl.restore();
  ctrl.view = new OpponentView(host, ctrl);
  host.on("change", () => { ctrl.cancel(); });
  host.on("idle", () => ctrl.idle());
  host.on("blocks", () => ctrl.blocks());
  host.on("turnAction", (a) => ctrl.action(a));
  host.on("render", () => ctrl.render());
  host.on("intent", (i) => {
    // the computer is to move: a click on the board or a drag is refused, saying why
    if (i.type === "select" && host.ready && !host.busy && i.square && host.ui.mode === "play" && ctrl.blocks()) {
      ctrl.refuse();
      return true;
    }
    if (i.type === "grab" && ctrl.blocks()) { ctrl.refuse(); return false; }
    return undefined;
  });
  return ctrl;
}

class OpponentView {
  constructor(host, ctrl) {
    this.host = host;
    const O = ctrl.O, T = host.T, dom = host.dom;
    const box = el("fieldset", { class: "tb-opponent", "data-role": "opponent" });
    box.append(el("legend", {}, O.title));
    const row = el("div", { class: "tb-opponent-row" });
    const toggleLab = el("label", {});
    this.toggle = el("input", { type: "checkbox", "data-opponent-toggle": "" });
    this.toggle.addEventListener("change", () => {
      ctrl.setOn(this.toggle.checked);
      // the reader starts to play: the board-first layout (wide.js)
      if (this.toggle.checked) host.dispatch({ type: "wide", arrive: true });
    });
    toggleLab.append(this.toggle, document.createTextNode(" " + O.enable));
    row.append(toggleLab);

    const side = el("span", { class: "tb-opponent-side", role: "radiogroup", "aria-label": O.ownSide });
    side.append(el("span", {}, O.ownSide + ": "));
    const name = `tb-opp-side-${host.data.variant}`;
    this.sideInputs = [];
    for (const s of SIDES) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name, value: s, "data-opponent-side": s });
      r.addEventListener("change", () => { if (r.checked) ctrl.setHuman(s); });
      lab.append(r, document.createTextNode(" " + (T.side[s] || s)));
      side.append(lab);
      this.sideInputs.push(r);
    }

    const levelLab = el("label", {}, O.level + ": ");
    this.levelSel = el("select", { "data-opponent-level": "" });
    for (const lv of LEVELS) this.levelSel.append(el("option", { value: lv }, O.levels[lv] || lv));
    this.levelSel.addEventListener("change", () => ctrl.setLevel(this.levelSel.value));
    levelLab.append(this.levelSel);
    const row2 = el("div", { class: "tb-opponent-row" });
    row2.append(side, levelLab);

    const row3 = el("div", { class: "tb-opponent-row" });
    this.hintBtn = el("button", { type: "button", "data-action": "hint", title: O.hintTitle }, O.hint);
    this.hintBtn.addEventListener("click", () => ctrl.requestHint());
    this.hintEl = el("p", { class: "tb-hint", "data-role": "hint", hidden: "" });
    row3.append(this.hintBtn, this.hintEl);
    // resign and offer a draw: only while playing against the computer
    this.endRow = el("div", { class: "tb-opponent-row", hidden: "" });
    this.resignBtn = el("button", { type: "button", "data-opponent-action": "resign", title: O.resignTitle }, O.resign);
    this.resignBtn.addEventListener("click", () => ctrl.resign());
    this.drawBtn = el("button", { type: "button", "data-opponent-action": "draw", title: O.drawTitle }, O.offerDraw);
    this.drawBtn.addEventListener("click", () => ctrl.offerDraw());
    this.endRow.append(this.resignBtn, this.drawBtn);
    box.append(row, row2, row3, this.endRow);
    this.box = box;
    // the game's end by resignation or agreement, after the move list (as a result follows a record)
    this.endEl = el("p", { class: "tb-game-end", "data-role": "game-end", hidden: "" });
    dom.moveListEl.after(this.endEl);

    // after the status lines (who moves, the engine's start, result, notices): beside the board
    // on a wide screen, the status stays in view next to it, right under the toolbar
    dom.messageEl.after(box);

    // the hint's arrow: above the pieces, below the focus square, drawn through
    this.layer = svgEl("g", { class: "tb-hint-layer", "aria-hidden": "true", "pointer-events": "none" });
    dom.svg.insertBefore(this.layer, dom.gFocus);
  }

  render(ctrl) {
    const h = this.host;
    const O = ctrl.O;
    const st = h.st;
    const editing = h.ui.mode === "edit";
    const off = !h.ready || editing;
    this.toggle.checked = ctrl.on;
    this.toggle.disabled = off;
    for (const r of this.sideInputs) { r.checked = r.value === ctrl.human; r.disabled = off; }
    this.levelSel.value = ctrl.level;
    this.levelSel.disabled = off;
    const thinking = ctrl.thinking;
    this.hintBtn.disabled = off || !!st.result || ctrl.blocks();
    // before the engine is ready the button says that it waits, as the toolbar's do (actions.js)
    const wait = h.ready ? "" : (h.failed ? h.T.engineDown : h.T.engineWaiting);
    this.hintBtn.title = wait ? `${O.hintTitle} (${wait})` : O.hintTitle;
    if ((h.busy || thinking) && !this.hintBtn.disabled) this.hintBtn.setAttribute("aria-disabled", "true");
    else this.hintBtn.removeAttribute("aria-disabled");

    const root = h.root;
    if (ctrl.computer) root.setAttribute("data-opponent", ctrl.computer);
    else root.removeAttribute("data-opponent");
    if (thinking) { root.setAttribute("data-thinking", thinking); h.dom.svg.setAttribute("aria-busy", "true"); }
    else { root.removeAttribute("data-thinking"); h.dom.svg.removeAttribute("aria-busy"); }

    // resign and draw offer; the end they made
    this.endRow.hidden = !ctrl.on;
    this.resignBtn.disabled = !ctrl.mayEnd();
    this.drawBtn.disabled = !ctrl.mayEnd(true) && ctrl.thinking !== "draw";
    if (ctrl.thinking === "draw") this.drawBtn.setAttribute("aria-disabled", "true");
    else this.drawBtn.removeAttribute("aria-disabled");
    const over = editing ? null : ctrl.over;
    this.endEl.hidden = !over;
    this.endEl.textContent = over ? ctrl.endedText(over) : "";
    if (over) root.setAttribute("data-ended", over.kind); else root.removeAttribute("data-ended");

    // the status line: the computer's turn
    if (over) {
      h.dom.statusEl.textContent = ctrl.endedText(over);
      h.dom.statusEl.hidden = false;
    } else if (thinking === "draw") {
      h.dom.statusEl.textContent = O.drawThinking;
      h.dom.statusEl.hidden = false;
    } else if (!editing && ctrl.blocks()) {
      const side = ctrl.sideName(ctrl.computer);
      h.dom.statusEl.textContent = thinking === "move" ? O.thinking(side) : O.computersTurn(side);
      h.dom.statusEl.hidden = false;
    } else if (!editing && ctrl.waits()) {
      // stepped back (Redo possible) to the computer's turn: say why it does not move
      h.dom.statusEl.textContent = O.computerWaits(ctrl.sideName(ctrl.computer));
      h.dom.statusEl.hidden = false;
    }
    h.dom.statusEl.classList.toggle("tb-thinking", !editing && thinking === "move");

    // the hint: its words and its arrow, for the position it was searched in only
    const hint = editing ? null : ctrl.currentHint();
    this.layer.replaceChildren();
    this.hintEl.hidden = !hint;
    setUnbrokenMoves(this.hintEl, !hint ? "" : hint.pending ? O.hintSearching : hintText(O, hint.reply));
    const moves = hint && hint.reply ? turnOf(hint.reply) : [];
    if (moves.length) root.setAttribute("data-hint", moves[0]);
    else root.removeAttribute("data-hint");
    for (const m of moves) {
      const sq = moveSquares(m);
      if (sq) this.drawArrow(sq[0], sq[1]);
    }
  }

  /** An arrow from square `from` to `to`, both squares outlined. */
  drawArrow(from, to) {
    const h = this.host;
    const { cell, ox, oy } = h.dom;
    const centre = (sq) => {
      const [c, w] = h.cellOf(sq);
      return [ox + (c + 0.5) * cell, oy + (w + 0.5) * cell];
    };
    for (const [sq, role] of [[from, "from"], [to, "to"]]) {
      const [c, w] = h.cellOf(sq);
      this.layer.append(svgEl("rect", {
        x: ox + c * cell + 3, y: oy + w * cell + 3, width: cell - 6, height: cell - 6,
        class: `tb-hint-sq tb-hint-${role}`, [`data-hint-${role}`]: sq,
      }));
    }
    const [x1, y1] = centre(from), [x2, y2] = centre(to);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = cell * 0.38, half = cell * 0.2;
    const bx = x2 - ux * cell * 0.12, by = y2 - uy * cell * 0.12; // the arrow's tip
    const sx = bx - ux * head, sy = by - uy * head; // where the head begins
    this.layer.append(svgEl("line", { x1, y1, x2: sx, y2: sy, class: "tb-hint-line", "stroke-width": cell * 0.12 }));
    this.layer.append(svgEl("path", {
      d: `M${bx} ${by}L${sx - uy * half} ${sy + ux * half}L${sx + uy * half} ${sy - ux * half}Z`,
      class: "tb-hint-head",
    }));
  }
}
