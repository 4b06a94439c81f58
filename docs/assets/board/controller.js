// Tafl-Kompendium board: the controller. It owns the state (the engine's `st`, the board's
// `ui`, the game's origin and switched rules), the engine and its request queue (exclusive),
// and takes intents (dispatch). It is the host (host.js BoardHost) the components are
// attached to (editor.js, assumptions.js, analysis.js, early.js, opponent.js), through hooks
// (`on`): a component may claim an intent, draw its part after render(), drop its work when
// the game is about to change, and so on; no component knows another. Drawing is draw.js,
// the DOM dom.js, input input.js, the toolbar's actions actions.js, the address and share
// links links.js.
//
// The board knows no game rule: legal targets, captures, results, whether a position is
// possible, all come from tafl_core.bridge through the worker (engine.js, worker.js).

import { actionById, takesClick } from "./actions.js";
import { isGameFragment } from "./address.js";
import { buildDom } from "./dom.js";
import { actionState, draw, drawControls, drawFocus, drawMessage } from "./draw.js";
import { START_PHASE_MS, engineArgs, sharedEngine } from "./engine.js";
import { bindInput } from "./input.js";
import {
  addressChanged, applyFragment, keptOpened, openTarget, openWith, share, syncAddress,
} from "./links.js";
import { berserkOver, jumpText, captureText, resultText, stillWhy } from "./moves.js";
import { keepForOffline } from "./offline.js";
import { wordReason } from "./reasons.js";
import {
  cellOf, clearSelection, declareEnd, declaredEnd, defaultFocus, firstMover, homeOf, isArrow, moveFocus,
  newGameId, newUi, overrides, pageState, selectSquare, setFocus, setMessage, setTargets, squareAtCell,
  switchableKeys, boardFocused, usedInput,
} from "./state.js";
import { STRINGS, sentence, withSiteNames } from "./words.js";

/** The names of the hooks a component may register with `on` (host.js BoardHost.on). */
export const HOOKS = [
  "intent", "blocks", "preRender", "render", "change", "idle", "turnAction", "progress", "ready", "rules",
];

/** How the controller builds, binds and draws its DOM: dom.js, input.js, draw.js (a test
 *  without a DOM passes its own, tests/js/controller.test.mjs). */
export const DOM_VIEW = { buildDom, bindInput, draw, drawControls, drawFocus, drawMessage };

/** What a start-up phase that took too long rejects with (phaseWatch). */
const TIMED_OUT = Symbol("engine start timed out");

/** A watchdog over the engine's start-up: `expired` rejects with TIMED_OUT once `ms` pass
 *  without arm() (called at every new phase); stop() ends it. */
function phaseWatch(ms) {
  let timer = null, fail = null;
  const expired = new Promise((_, reject) => { fail = reject; });
  expired.catch(() => {});
  const arm = () => { clearTimeout(timer); timer = setTimeout(() => fail(TIMED_OUT), ms); };
  arm();
  return { expired, arm, stop: () => clearTimeout(timer) };
}

/** The board: state, engine queue, intents, and the host of the components (host.js). */
export class Controller {
  /** `root`: the `.tafl-board#board` element; `data`: its board-data (notes/CONTRACTS.md);
   *  `view`: DOM_VIEW's functions. Builds the DOM and binds the input; start() starts. */
  constructor(root, data, view = DOM_VIEW) {
    this.view = view;
    this.root = root;
    this.data = data;
    this.lang = data.lang === "en" ? "en" : "de";
    this.T = withSiteNames(STRINGS[this.lang], data.names);
    this.size = data.size;
    this.hooks = Object.fromEntries(HOOKS.map((k) => [k, []]));
    this.ready = false;
    this.busy = false;
    this.failed = null;
    this.engine = null;
    this.ruleInfo = null;
    // the reader's side of the board (selection, focus, flip, editor): state.js changes it
    this.ui = newUi();
    // Where a game starts when no link says otherwise: the variant's layout, or (an example
    // board on a mechanics page) board-data `start` {otn, to_move}.
    this.home = homeOf(data);
    this.origin = { ...this.home };
    this.alt = new Set();
    // an end the players declared (a resignation, an agreed draw: {end, key}, state.js
    // declareEnd), which no rule decides; it holds for the position it was declared in
    this.ended = null;
    this.assumptionKeys = switchableKeys(data.assumptions);
    // Every request sequence to the worker runs in turn (a promise chain), so two sequences
    // never interleave; a newer URL fragment supersedes an older one still waiting or running.
    this.chain = Promise.resolve();
    this.pendingOps = 0;
    this.fragGen = 0;
    // The game the board plays, as history entries know it (history.state.taflGame): links.js.
    this.gameId = newGameId();
    this.rev = 0; // its revision (links.js, keep.js "Revisions"): 0 until the first change
    this.forkOnChange = false; // opened from a copy that may not be the newest: fork on change
    this.following = false; // the address held a game link: keep the game in history.state
    this.hashWhileEditing = false;
    this.keptInAddress = false; // the tab's storage refused the game: the address keeps it (links.js)
    this.selPromise = null;
    // Until the engine answers, the page's own data (the start position).
    this.st = pageState(data, this.home);
    this.dom = view.buildDom(this);
    view.bindInput(this, this.dom);
  }

  // ------------------------------------------------------------ hooks (host.js)
  /** Register `fn` for hook `name` (one of HOOKS). */
  on(name, fn) {
    if (!this.hooks[name]) throw new Error(`no hook ${name}`);
    this.hooks[name].push(fn);
  }

  /** Run every `fn` of hook `name` in the order registered; their results. */
  emit(name, ...args) { return this.hooks[name].map((fn) => fn(...args)); }

  /** The first result of hook `name` that is not undefined (a claim), or undefined. */
  first(name, ...args) {
    for (const fn of this.hooks[name]) {
      const r = fn(...args);
      if (r !== undefined) return r;
    }
    return undefined;
  }

  /** Whether a component refuses the reader's moves now (the computer is to move). */
  blocked() { return this.hooks.blocks.some((fn) => fn()); }

  /** The game or the mode is about to change: components drop their work for the old one. */
  willChange() { this.emit("change"); }

  /** Mount: draw, then start the engine (after the components are attached). */
  start() {
    this.render();
    performance.mark("tafl-board-mounted");
    this.startEngine();
  }

  // ------------------------------------------------------------ engine life cycle
  async startEngine() {
    const T = this.T;
    if (location.protocol === "file:") { this.startFailed(T.fileProtocol); return; }
    let args, watch = null;
    try {
      args = engineArgs(this.root, this.data);
      performance.mark("tafl-engine-start");
      this.engine = sharedEngine(args.workerURL);
      watch = phaseWatch(START_PHASE_MS);
      this.engine.onprogress = (phase) => { watch.arm(); this.emit("progress", phase); };
      this.emit("progress", this.engine.phase || "download");
      // Pipelined: the worker runs them in order as soon as Pyodide is up.
      const [info, , st, rules] = await Promise.race([watch.expired, Promise.all([
        this.engine.call("init", args.init),
        this.engine.call("session", { rules_toml: this.data.rules_toml, overrides: this.overrides() }),
        this.engine.call("start", { otn: this.home.otn, to_move: this.home.to_move }),
        this.engine.call("rules_info"),
      ])]);
      watch.stop();
      this.engineInfo = info;
      for (const m of (info && info.marks) || []) { // the worker's phases on the page's timeline
        try { performance.mark(String(m.name), { startTime: Math.max(0, m.time - performance.timeOrigin) }); } catch { /* old browser */ }
      }
      performance.mark("tafl-engine-ready");
      this.st = st;
      this.ruleInfo = rules;
    } catch (e) {
      if (watch) watch.stop();
      // the browser's own words go to the console and the details; the reader gets a sentence
      console.error("tafl board: the engine did not start:", e);
      // a worker whose start failed or hangs is stopped: Retry starts a new one
      if (this.engine && this.engine.close) this.engine.close();
      const text = e === TIMED_OUT ? T.engineTimeout(Math.round(START_PHASE_MS / 1000)) : T.engineError;
      this.startFailed(`${text} ${T.engineFix}`, e === TIMED_OUT ? null : String((e && e.message) || e));
      return;
    }
    await this.engineReady(args);
  }

  /** Retry after a failed start: a new worker, the start-up from its first phase. */
  retryEngine() {
    if (!this.failed || this.ready) return;
    this.failed = null;
    this.root.setAttribute("data-state", "loading");
    const e = this.dom.engineEl;
    e.classList.remove("tb-error");
    e.replaceChildren(this.T.loading);
    if (this.dom.engineDetails) { this.dom.engineDetails.remove(); this.dom.engineDetails = null; }
    this.message(null);
    this.render();
    this.startEngine();
  }

  /** The engine answered: open the address's (or the kept) game, let the components finish
   *  what they began before (the "ready" hooks, inside the queue), and say the board is ready. */
  async engineReady(args) {
    const T = this.T;
    this.ready = true;
    this.dom.engineEl.hidden = true;
    this.dom.engineEl.textContent = "";
    this.root.removeAttribute("data-engine-phase");
    if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
    const gen = ++this.fragGen;
    const target = openTarget(this);
    const hash = target.hash;
    const kept = target.kept;
    await this.exclusive(async () => {
      await applyFragment(this, hash, true, gen, target.game, target.rev);
      // a link opened meanwhile wins over what a component took before the engine was ready
      for (const fn of this.hooks.ready) await fn({ game: isGameFragment(hash), kept });
    });
    if (this.ui.message === T.engineStarting || this.ui.message === T.engineStartingLink) this.message(null);
    if (kept) keptOpened(this);
    this.root.setAttribute("data-state", "ready");
    performance.mark("tafl-board-ready");
    this.render();
    keepForOffline(args, this.data.pyodide || {});
  }

  /** The engine could not start: the status says why (`text`, the reader's words) with a
   *  Retry button (not for a file:// page, which no retry mends), the browser's own error
   *  (`detail`) only in a details element; the board keeps what it shows (the start
   *  position, or a first move taken before). */
  startFailed(text, detail = null) {
    const T = this.T;
    this.failed = text;
    this.root.setAttribute("data-state", "error");
    this.root.removeAttribute("data-engine-phase");
    const e = this.dom.engineEl;
    e.hidden = false;
    e.textContent = text;
    e.classList.add("tb-error");
    if (location.protocol !== "file:") {
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "tb-retry";
      retry.setAttribute("data-role", "engine-retry");
      retry.textContent = T.engineRetry;
      retry.addEventListener("click", () => this.retryEngine());
      e.append(" ", retry);
    }
    if (detail) {
      const d = document.createElement("details");
      d.className = "tb-engine-details";
      d.setAttribute("data-role", "engine-details");
      const summary = document.createElement("summary");
      summary.textContent = T.engineDetails;
      const code = document.createElement("code");
      code.textContent = detail.slice(0, 500);
      d.append(summary, code);
      e.after(d);
      this.dom.engineDetails = d;
    }
    this.render();
  }

  /**
   * Run `fn` (an async function making worker requests) after every sequence queued before it;
   * the board is busy (no input, aria-busy) while any is queued. `busy: false` for read-only
   * requests (legal targets) that must not block clicks. Returns fn's promise.
   */
  exclusive(fn, { busy = true } = {}) {
    if (busy) { this.pendingOps++; this.setBusy(true); }
    const p = this.chain.then(fn);
    this.chain = p.then(() => {}, () => {});
    if (!busy) return p;
    return p.finally(() => {
      this.pendingOps--;
      if (this.pendingOps === 0) {
        this.setBusy(false);
        this.render();
        this.settle();
      }
    });
  }

  /** The queue is empty: a berserk turn's piece is selected, the components hear "idle" (the
   *  computer to move starts thinking). */
  settle() {
    this.selectBerserker();
    this.emit("idle");
  }

  /** While the engine works on a request the board takes no input; aria-busy says so. */
  setBusy(on) {
    this.busy = on;
    if (on) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
    this.view.drawControls(this, this.dom);
  }

  /** In a berserk turn the one piece that may move is selected at once (its targets shown). */
  selectBerserker() {
    const st = this.st;
    const b = st.berserk;
    if (this.ui.mode !== "play" || !this.ready || st.result || !b || typeof b.square !== "string") return;
    if (this.blocked()) return; // the computer's berserk turn
    if (this.ui.selected === b.square || !(st.movable || []).includes(b.square)) return;
    setFocus(this.ui, b.square);
    this.select(b.square, { announce: false });
  }

  // ------------------------------------------------------------ intents
  /**
   * Take an intent: {type: "select", square} (a click, a tap; `atFocus: true` instead of a
   * square: Enter on the focus square), {type: "grab", square} (a drag begins: true when the
   * piece may be dragged), {type: "move", from, to} or {type: "move", move}, {type: "action",
   * id} (a toolbar button, actions.js), {type: "cancel"} (Escape), {type: "focus", key} (an
   * arrow key), {type: "point", square} (a pointer down), {type: "keyboard"} (a key used),
   * {type: "boardFocus", on, keyboard}, and the components' own ({type: "mode", mode},
   * {type: "step", key}). A component's "intent" hook may claim it first (its result is
   * returned); else the board's own handling.
   */
  dispatch(intent) {
    // what an intent says of the reader's input before anyone takes it: the focus square (a
    // pointer down, a drag's end, Enter on the focus square) and whether the keyboard is used
    if (intent.type === "point") { setFocus(this.ui, intent.square); usedInput(this.ui, false); return undefined; }
    if (intent.type === "keyboard") { usedInput(this.ui, true); return undefined; }
    if (intent.type === "move" && intent.to) setFocus(this.ui, intent.to);
    if (intent.type === "select" && intent.atFocus) {
      if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
      intent = { type: "select", square: this.ui.focus };
    }
    const claimed = this.first("intent", intent);
    if (claimed !== undefined) return claimed;
    switch (intent.type) {
      case "select": return this.activate(intent.square);
      case "grab": return this.grab(intent.square);
      case "move": {
        if (!this.ready) return Promise.resolve();
        if (this.declaredEnd()) { this.message(this.T.gameOver); return Promise.resolve(); }
        this.clearSelection();
        const move = intent.move || `${intent.from}-${intent.to}`;
        return this.exclusive(() => this.playNow(move));
      }
      case "action": {
        const a = actionById(intent.id);
        return a && takesClick(a, actionState(this)) ? a.run(this) : undefined;
      }
      case "cancel":
        this.clearSelection();
        this.render();
        this.selectBerserker(); // in a berserk turn the one piece that may move stays selected
        return undefined;
      case "focus": return this.moveFocusSquare(intent.key);
      case "boardFocus":
        boardFocused(this.ui, intent.on);
        if (intent.keyboard !== undefined) usedInput(this.ui, intent.keyboard);
        this.view.drawFocus(this, this.dom);
        return undefined;
      default: return undefined;
    }
  }

  /** Play `move` ("d1-d3", "end"): the intent {type: "move", move}. */
  play(move) { return this.dispatch({ type: "move", move }); }

  /** A click, a tap or Enter/Space on a square. */
  activate(sq) {
    if (!sq || !this.ready || this.busy) return;
    const st = this.st;
    const T = this.T;
    if (st.result || this.declaredEnd()) { this.message(T.gameOver); return; }
    if (st.berserk && typeof st.berserk.square === "string") { this.activateBerserk(sq, st.berserk); return; }
    const sel = this.ui.selected;
    if (sel && this.ui.targets.includes(sq)) { this.play(`${sel}-${sq}`); return; }
    if (sel === sq) { this.clearSelection(); this.render(); return; }
    if ((st.movable || []).includes(sq)) { this.message(null); this.select(sq); return; }
    // a move that is not among the legal targets goes to the engine all the same, which
    // refuses it (the game unchanged) and says why
    if (sel) { this.play(`${sel}-${sq}`); return; }
    const why = stillWhy(T, st, sq);
    if (why) { this.message(why); this.say(why); }
  }

  /** A click during a berserk turn (`b`: the state's `berserk`): only the berserker moves on.
   *  A click on it keeps it selected (never unselects it: the turn would look stuck); one of its
   *  targets plays the move; another piece, or an empty square that is no target, says why not. */
  async activateBerserk(sq, b) {
    const T = this.T;
    const ui = this.ui;
    const say = (text) => { this.message(text); this.say(text); };
    if (sq === b.square) {
      if (ui.selected !== b.square) { this.message(null); this.select(b.square); }
      else if (ui.targetsOf === b.square) this.say(T.selected(sq, ui.targets.length));
      return;
    }
    if (this.st.pieces[sq]) { say(T.berserkOnly(b.square, !!b.can_end)); return; }
    // an empty square: the berserker's legal targets (fetched first if not shown yet)
    let targets = ui.selected === b.square && ui.targetsOf === b.square ? ui.targets : null;
    if (!targets) {
      targets = await (ui.selected === b.square && this.selPromise ? this.selPromise : this.select(b.square, { announce: false }));
    }
    if (!Array.isArray(targets) || this.st.berserk !== b || this.busy) return; // the game moved on meanwhile
    if (targets.includes(sq)) { this.play(`${b.square}-${sq}`); return; }
    say(T.berserkMarked(b.square, !!b.can_end, b.escape === true));
  }

  /** A drag begins on `sq`: true (and the piece selected) when it may move now. */
  grab(sq) {
    const st = this.st;
    if (this.ui.mode !== "play" || !this.ready || this.busy || st.result || this.declaredEnd()
        || !(st.movable || []).includes(sq)) return false;
    if (this.ui.selected !== sq) this.select(sq);
    return true;
  }

  /** An arrow key moves the focus square; the square and its piece are said. */
  moveFocusSquare(key) {
    if (!isArrow(key)) return;
    const T = this.T;
    if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
    const next = moveFocus(this.ui, this.size, key);
    this.view.drawFocus(this, this.dom);
    const pieces = this.ui.mode === "edit" ? this.ui.editor.pieces : this.st.pieces;
    const k = pieces[next];
    this.say(T.focusSquare(next, k ? T.piece[k] : T.emptySquare) + (this.ui.targets.includes(next) ? " ✓" : ""));
  }

  clearSelection() {
    clearSelection(this.ui);
    this.selPromise = null;
  }

  /** Select the piece on `sq` and fetch its legal targets; `announce` false: the live region keeps
   *  what it says (the board selected the piece itself, after announcing the move). A promise of
   *  the targets ([] when the request failed, null when another selection came first). */
  select(sq, { announce = true } = {}) {
    const token = selectSquare(this.ui, sq);
    this.render();
    this.selPromise = this.exclusive(() => this.engine.call("targets", { square: sq }), { busy: false }).then((t) => {
      if (!setTargets(this.ui, token, sq, t)) return null;
      this.render();
      if (announce) this.say(this.T.selected(sq, t.length));
      return t;
    }, () => []);
    return this.selPromise;
  }

  // ------------------------------------------------------------ playing
  /** What a played ply `h` (leading to state `st`) did, as sentences without their full stops:
   *  the move (or the end of a berserk turn), a jump that took nothing, the captures, then the
   *  result or the berserk turn going on. `move`: the move as asked, where `h` has no notation. */
  moveParts(h, st, move) {
    const T = this.T;
    const side = T.side[h.side] || h.side;
    const parts = [h.move === "end" ? T.ended(side) : T.moved(side, h.notation || move)];
    const jump = jumpText(T, h);
    if (jump) parts.push(jump);
    for (const c of h.captures || []) parts.push(captureText(T, c, h, null, this.st.pieces));
    if (st.result) parts.push(resultText(T, st.result));
    else if (st.berserk) parts.push(T.berserk(T.side[st.to_move] || st.to_move, st.berserk.square, !!st.berserk.can_end, st.berserk.escape === true));
    return parts;
  }

  /** Play `move` on the engine (run inside exclusive): the game goes on, or the refusal is said. */
  async playNow(move) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      const r = await this.engine.call("play", { move });
      this.st = r.state;
      if (!r.ok) {
        const why = this.reasonText(r.reason);
        const text = why ? T.illegalWhy(move, why) : T.illegal(move);
        this.message(text);
        this.say(text);
      } else {
        this.message(null);
        if (move.includes("-")) setFocus(this.ui, move.split("-")[1]);
        const st = r.state;
        const h = st.history[st.cursor - 1];
        const parts = this.moveParts(h, st, move);
        if (!st.result && !st.berserk) { // a berserk turn over: that, and who moves now
          const over = berserkOver(T, st, this.ruleInfo);
          if (over) parts.push(over);
          if (h.move === "end" || h.berserk) parts.push(T.toMove(T.side[st.to_move] || st.to_move));
        }
        this.say(parts.map(sentence).join(" "));
        await this.syncAddress(mark);
      }
    } catch (e) {
      this.message(this.refusalText(e));
    } finally {
      this.render();
    }
  }

  /** Undo, Redo or Restart (`a`) from the toolbar: the selection and message go; a component
   *  may take the action over (the opponent steps whole turn pairs), else actionNow. */
  async gameAction(a) {
    this.clearSelection();
    this.message(null);
    // one Undo after a resignation or an agreed draw takes back that end only, no move
    if (a === "undo" && this.declaredEnd()) { await this.declare(null); this.say(this.T.endTakenBack); return; }
    if (a === "reset") this.ended = null;
    const taken = this.hooks.turnAction.map((fn) => fn(a)).find((p) => p);
    await (taken || this.exclusive(() => this.actionNow(a)));
  }

  /** Undo, Redo or Restart on the engine (run inside exclusive). */
  async actionNow(a) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      if (this.ui.mode !== "play" || (a === "undo" && !this.st.can_undo) || (a === "redo" && !this.st.can_redo)) return;
      if (a === "undo") { this.st = await this.engine.call("undo"); this.say(T.undone); }
      if (a === "redo") {
        this.st = await this.engine.call("redo");
        const h = this.st.history[this.st.cursor - 1];
        this.say(T.redone(h ? h.notation : ""));
      }
      if (a === "reset") {
        await this.startGame(this.origin);
        this.say(T.restarted);
      }
      // A shared link's moves must not come back on reload after Undo or a restart.
      await this.syncAddress(mark);
    } catch (e) {
      this.message(this.refusalText(e));
    } finally {
      this.render();
    }
  }

  /** Start a game from origin {otn, to_move}, replaying `moves`; the engine's answer
   *  {ok, reason, state} (ok false: a move refused, the game stopped before it). Run inside
   *  exclusive(). */
  async startGame(origin, moves = []) {
    const st = await this.engine.call("start", { otn: origin.otn, to_move: origin.to_move });
    this.origin = { otn: origin.otn, to_move: origin.to_move };
    this.st = st;
    this.ended = null;
    if (moves.length) {
      const r = await this.engine.call("play_all", { moves });
      this.st = r.state;
      if (!r.ok) return r;
    }
    return { ok: true, error: null, reason: null, state: this.st };
  }

  /** The rules of the worker's current game, as the engine read them (rules_info): the § of a
   *  jump rule, the berserk reading. Kept as it was if the request fails (words only). */
  async refreshRuleInfo() {
    try { this.ruleInfo = await this.engine.call("rules_info"); } catch { /* keep the old words */ }
  }

  /** The end the players declared for the position shown (address.js END_VALUES: a
   *  resignation, an agreed draw), or null. */
  declaredEnd() { return declaredEnd(this.ended, this.st, this.alt); }

  /** The players end the game where it stands (`end`: one of address.js END_VALUES), or take
   *  that end back (null): a change of the game, kept in the tab and the address as a move is
   *  (links.js syncAddress: the link's `end` part), exported as the record's result. */
  declare(end) {
    this.ended = end ? declareEnd(end, this.st, this.alt) : null;
    const mark = this.changeMark();
    this.render();
    return this.exclusive(() => this.syncAddress(mark));
  }

  /** Where a change of the game begins (links.js syncAddress writes only if it is still so). */
  changeMark() { return { gen: this.fragGen, href: location.href }; }

  /** The address follows the game after a change begun at `mark` (links.js syncAddress). */
  syncAddress(mark) { return syncAddress(this, mark); }

  /** The address changed (links.js addressChanged); in the editor it waits for Cancel. */
  addressChanged() { addressChanged(this); }

  /** The fragment the board opens at start (links.js openWith): "#…" or the address's own. */
  openWith() { return openWith(this); }

  /** Copy link (links.js share). */
  share() { return share(this); }

  // ------------------------------------------------------------ what the board shows
  render() {
    this.emit("preRender");
    this.view.draw(this, this.dom);
    this.emit("render");
  }

  /** Show `text` in the message line (null: none); kept in `ui.message` and drawn at once. */
  message(text) {
    setMessage(this.ui, text);
    this.view.drawMessage(this, this.dom, true);
  }

  /** A polite announcement for screen readers. */
  say(text) {
    this.dom.liveEl.textContent = "";
    this.dom.liveEl.textContent = text;
  }

  /** The keyboard focus to the board's SVG (a control it was on goes away). */
  focusBoard() { this.dom.svg.focus({ preventScroll: true }); }

  /** Screen column/row of a square (0-based, row 0 at the top), honouring the flip. */
  cellOf(sq) { return cellOf(this.size, this.ui.flipped, sq); }

  /** The square shown at screen column `col`, row `row`, or null. */
  squareAtCell(col, row) { return squareAtCell(this.size, this.ui.flipped, col, row); }

  /** Who moves first under the rules the board plays (state.js firstMover). */
  firstMover() { return firstMover(this.ruleInfo, this.data); }

  /** Rule key -> value for the switched assumptions `switched` (default: the board's). */
  overrides(switched = this.alt) { return overrides(this.data.assumptions, switched); }

  /** The square the keyboard focus starts on. */
  defaultFocus() { return defaultFocus(this.st, this.size); }

  /** A refusal {code, params} of the engine in the page's words (board-data `reasons`,
   *  reasons.js), or "" without one. */
  reasonText(reason) { return wordReason(reason, this.data.reasons) || ""; }

  /** The words of a failed worker request (engine.js: an Error with `reason` {code, params}):
   *  its refusal's in the page's words where the page has words for the code, else its one
   *  line (a fault, not a refusal of the reader's input). */
  refusalText(e) { return wordReason(e && e.reason, this.data.reasons) || String((e && e.message) || e); }
}
