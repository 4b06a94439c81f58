// Tafl-Kompendium: the playable board (ES modules, no build step, no framework).
//
// Shape (after chessground): config in (the page's board-data JSON), state inside (the
// engine's `this.st` and the board's own `this.ui`, changed by state.js), render from state
// (`render()`, render.js), input turned into intents (input.js), events out (moves go to the
// engine in a module Web Worker running tafl_core in Pyodide: engine.js, worker.js).
// Modules (notes/map-board.md): address.js (share-link codec), words.js, reasons.js (refusals
// in the page's words), moves.js (move-list formatting), state.js — none touches the DOM, each
// unit-tested in tests/js — and the layered board class view.js <- render.js <- input.js <-
// editor.js <- board.js (this file: life cycle, requests, links, address, mounting).
// The board knows no game rule: legal targets, captures, results, whether a position is
// possible, all come from tafl_core.bridge through worker.js.
//
// Markup contract (notes/CONTRACTS.md, issue 5): mounts at `.tafl-board#board`; reads
// `script[data-role=board-data]` and the static SVG's viewBox / data-cell / data-margin;
// exposes data-state, data-to-move, data-result, data-reason on the root, data-square on
// squares, data-piece + data-square on pieces, data-target on legal target squares,
// data-role="move-list", and buttons data-action="end|undo|redo|reset|flip|edit|share"; also
// data-stuck while the side to move cannot move and the rules give no result (no_moves = none).
//
// Berserk turns (notes/CONTRACTS.md, "Special pieces, jumps and berserk turns"): while the
// engine's state has `berserk` {square, can_end}, the root and that square carry
// data-berserker, the piece is selected at once, the status line says so, and the button
// data-action="end" (enabled only while can_end) plays the move "end". Move-list entries carry
// data-notation (OpenTafl's: c2=d2xe2, c3^c5, end) and, for the later plies of a berserk turn,
// data-continuation; capture marks and the captures panel cover the whole last turn. A click on
// the berserker keeps it selected; a click on an empty square that is none of its targets says
// that only the marked squares are possible. A berserk turn that ended by itself (the piece can
// take nothing more) is said in the status line.
//
// Explanations: the captures panel (data-role="captures") has a line per capture, naming the
// kind taken (board-data `names`), and a line `li[data-jump]` per jump that took nothing, with
// the § of the jump rule (king_jump / commander_jump / knight_jump; refs from the worker's
// rules_info). Moves taken back are listed after the played ones as `li[data-future]` (class
// tb-future; bridge `future`, detailed by the worker's `future_plies`), never `data-ply`; the
// key `ul[data-role="move-marks"]` under the list explains the marks that appear (x ^ = end).
//
// Switched assumptions keep the game: new_game replays its moves under the new rules; a move
// they refuse is named on screen, and the new rules start from the game's origin. A game
// fragment in the address then follows the board's game (syncAddress), as after a restart.
//
// Example boards (mechanics pages): `.tafl-board#board[data-example]` without board-data wraps a
// static diagram; the rules are the board-data of the variant named (`data-variant`), written
// into the page by the build (script[data-role=example-rules]), the start position comes from
// the diagram and `data-to-move` (see exampleData()).
//
// Refusals are data: the bridge's `reason` {code, params} (a refused move, link, set-up or
// switch), worded only by reasons.js wordReason from board-data `reasons`; no engine text is read.
//
// Start-up (issue 14; notes/CONTRACTS.md "board-data first_moves"): the worker was started by the
// page's boot script (engine.js); until the engine is ready the board is the Early layer's
// (early.js: one first move from board-data `first_moves`, answers otherwise). Phases are
// performance marks (tafl-boot, tafl-board-mounted, tafl-first-move, tafl-worker-*,
// tafl-engine-ready, tafl-board-ready; bench_board.py).
//
// Worker requests run one sequence at a time (Board.exclusive); a newer URL fragment supersedes
// an older one (generation counter); a new game or switched rules replace the worker's game only
// when the engine accepts them (worker command new_game).

import {
  FRAGMENT_MAX, MOVES_MAX, PIECE_KINDS, isGameFragment, isSquare, readFragment, toOtn, writeFragment,
} from "./address.js";
import { engineArgs, sharedEngine } from "./engine.js";
import { Early } from "./early.js";
import { movableSquares, usableTable } from "./firstmove.js";
import { forgetKept, keepKey, loadKept, saveKept, sessionStore } from "./keep.js";
import { keepForOffline } from "./offline.js";
import { attachOpponent } from "./opponent.js";
import {
  clearSelection, homeOf, newGameId, newUi, pageState, selectSquare, setFocus, setTargets,
} from "./state.js";
import { STRINGS, fragmentWhy, sentence, withSiteNames } from "./words.js";

// ---------------------------------------------------------------- the board

class Board extends Early {
  /** `data`: the board-data object (notes/CONTRACTS.md), from the page or exampleData(). */
  constructor(root, data) {
    super();
    this.root = root;
    this.data = data;
    this.lang = this.data.lang === "en" ? "en" : "de";
    this.T = withSiteNames(STRINGS[this.lang], this.data.names);
    this.size = this.data.size;
    this.ready = false;
    // the reader's side of the board (selection, focus, flip, editor): state.js changes it
    this.ui = newUi();
    this.setBusy(false);
    this.drag = null;
    // Where a game starts when no link says otherwise: the variant's layout, or (an example
    // board on a mechanics page) board-data `start` {otn, to_move}.
    this.home = homeOf(this.data);
    this.origin = { ...this.home };
    this.alt = new Set();
    // Every request sequence to the worker runs in turn (a promise chain), so two sequences
    // never interleave; a newer URL fragment supersedes an older one still waiting or running.
    this.chain = Promise.resolve();
    this.pendingOps = 0;
    this.fragGen = 0;
    // The game the board plays, as history entries know it (history.state.taflGame, written by
    // syncAddress): a random id, new when a link opens a game, taken over from the entry when
    // the game comes from one (a reload, Back/Forward to another game's entry), so that the
    // older entries of the same game stay that game's after a reload too.
    this.gameId = newGameId();
    this.following = false; // the address held a game link: keep the game in history.state
    // Until the engine answers, render the page's own data (the start position), and take a
    // first move from the build's table when the board opens at its start (firstmove.js).
    this.st = pageState(this.data, this.home);
    this.earlyMove = null;
    this.failed = null;
    this.readGeometry();
    this.buildDom(); // (sets assumptionKeys, which reading a kept game needs)
    this.firstTable = this.opensAtHome() ? usableTable(this.data, this.home, this.st.to_move) : null;
    if (this.firstTable) this.st.movable = movableSquares(this.firstTable);
    this.opponent = attachOpponent(this); // play against the computer, hint (opponent.js)
    this.render();
    performance.mark("tafl-board-mounted");
    this.startEngine();
  }

  // --- engine life cycle
  async startEngine() {
    const T = this.T;
    if (location.protocol === "file:") { this.startFailed(T.fileProtocol, false); return; }
    let args;
    try {
      args = engineArgs(this.root, this.data);
      performance.mark("tafl-engine-start");
      this.engine = sharedEngine(args.workerURL);
      this.engine.onprogress = (phase) => this.showProgress(phase);
      this.showProgress(this.engine.phase || "download");
      // Pipelined: the worker runs them in order as soon as Pyodide is up.
      const [info, , st, rules] = await Promise.all([
        this.engine.call("init", args.init),
        this.engine.call("session", { rules_toml: this.data.rules_toml, overrides: this.overrides() }),
        this.engine.call("start", { otn: this.home.otn, to_move: this.home.to_move }),
        this.engine.call("rules_info"),
      ]);
      this.engineInfo = info;
      for (const m of (info && info.marks) || []) { // the worker's phases on the page's timeline
        try { performance.mark(String(m.name), { startTime: Math.max(0, m.time - performance.timeOrigin) }); } catch { /* old browser */ }
      }
      performance.mark("tafl-engine-ready");
      if (!this.earlyMove) this.st = st;
      this.ruleInfo = rules;
    } catch (e) {
      this.startFailed(T.engineError(String(e.message || e)) + " " + T.engineFix);
      return;
    }
    this.ready = true;
    this.engineEl.hidden = true;
    this.engineEl.textContent = "";
    this.root.removeAttribute("data-engine-phase");
    if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
    const gen = ++this.fragGen;
    const hash = this.openWith();
    const kept = hash !== this.entryGame(location.hash);
    const early = this.earlyMove;
    await this.exclusive(async () => {
      await this.applyFragment(hash, true, gen, this.entryGameId());
      // the first move taken before the engine was ready, now played by it (a link opened
      // meanwhile wins: its game replaced the board's)
      if (early && !isGameFragment(hash)) await this.replayEarly(early);
      this.earlyMove = null;
    });
    if (this.ui.message === T.engineStarting || this.ui.message === T.engineStartingLink) this.message(null);
    if (kept) this.keptOpened();
    this.root.setAttribute("data-state", "ready");
    performance.mark("tafl-board-ready");
    this.render();
    keepForOffline(args, this.data.pyodide || {});
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
        this.setBusy(false); this.render(); this.selectBerserker();
        if (this.opponent) this.opponent.idle(); // the computer to move: it starts thinking
      }
    });
  }

  /** In a berserk turn the one piece that may move is selected at once (its targets shown). */
  selectBerserker() {
    const st = this.st;
    const b = st.berserk;
    if (this.ui.mode !== "play" || !this.ready || st.result || !b || typeof b.square !== "string") return;
    if (this.opponent && this.opponent.blocks()) return; // the computer's berserk turn
    if (this.ui.selected === b.square || !(st.movable || []).includes(b.square)) return;
    setFocus(this.ui, b.square);
    this.select(b.square, { announce: false });
  }

  /** Start a game from origin {otn, to_move} (null: the variant's start), replaying moves. */
  async startGame(origin, moves = []) {
    const st = await this.engine.call("start", { otn: origin.otn, to_move: origin.to_move });
    this.origin = { otn: origin.otn, to_move: origin.to_move };
    this.st = st;
    if (moves.length) {
      const r = await this.engine.call("play_all", { moves });
      this.st = r.state;
      if (!r.ok) return r;
    }
    return { ok: true, error: null, state: this.st };
  }

  /** Open the game a URL fragment describes; any fault: message + the start position.
   *  `gen`: this request's generation; a newer hash change makes it stale, and a stale request
   *  stops at its next step (the newer one starts its own game). Run inside exclusive(). */
  async applyFragment(hash, initial = false, gen = this.fragGen, entryId = null) {
    const T = this.T;
    const stale = () => gen !== this.fragGen;
    if (stale()) return;
    const read = readFragment(hash, this.assumptionKeys || []);
    if (!read) return;
    if (!read.ok) {
      if (!initial && !stale()) {
        try { await this.resetToStart(true); } finally { this.render(); }
      }
      if (!stale()) this.message(T.fragmentError(fragmentWhy(T, read.refusal)));
      return;
    }
    const frag = read.game;
    this.clearSelection();
    try {
      let r;
      const alt = new Set(frag.alt);
      // no position in the link: the board's own start (the layout, or an example's position)
      const otn = frag.otn || this.home.otn;
      const to_move = frag.otn ? frag.to_move : (frag.to_move || this.home.to_move);
      try {
        // One request: the worker replaces its game only when the rules and position are good.
        r = await this.engine.call("new_game", {
          rules_toml: this.data.rules_toml, overrides: this.overrides(alt),
          otn, to_move, moves: frag.moves,
        });
      } catch (e) {
        throw new Error(T.fragEngine(this.refusalText(e)));
      }
      if (!r.ok) { // the worker kept its game; the link's rules do not apply either
        const i = r.state.cursor; // moves before the illegal one were played
        const why = this.reasonText(r.reason);
        // numbered by turns, as the move list numbers them (a berserk turn is one turn)
        const before = r.state.history.slice(0, i);
        const turnNo = this.turnNumbers([...before, { move: frag.moves[i] || "", side: r.state.to_move }])[i];
        throw new Error(T.fragMoveIllegal(turnNo, frag.moves[i] || "", why));
      }
      this.alt = alt;
      this.syncAltInputs();
      this.origin = { otn, to_move };
      this.st = r.state;
      await this.refreshRuleInfo();
      if (stale()) return;
      // an entry the board wrote for a game too long for the address: say what was left out
      const state = entryState();
      const cut = state.taflFragment === hash.slice(1) && Number.isInteger(state.taflCut) ? state.taflCut : 0;
      this.message(cut > 0 ? T.addressCut(cut) : null);
      this.say(T.loadedFromLink);
      this.gameId = entryId || newGameId();
      this.following = true;
      await this.syncAddress({ gen, href: location.href }); // the entry is now the board's
    } catch (e) {
      if (stale()) return;
      this.message(T.fragmentError(e.message));
      await this.resetToStart(true);
      this.gameId = newGameId();
    } finally {
      this.render();
    }
  }

  /** Back to the start position; `pageRules`: also back to the page's own rules (a refused
   *  link falls back to the documented rules, whatever it tried to switch). */
  async resetToStart(pageRules = false) {
    if (pageRules && this.alt.size) {
      const r = await this.engine.call("new_game", {
        rules_toml: this.data.rules_toml, overrides: {}, otn: this.home.otn, to_move: this.home.to_move, moves: [],
      });
      this.alt = new Set();
      this.syncAltInputs();
      this.st = r.state;
      await this.refreshRuleInfo();
    } else {
      this.st = await this.engine.call("start", { otn: this.home.otn, to_move: this.home.to_move });
    }
    this.origin = { ...this.home };
    this.clearSelection();
  }

  /** A new address fragment (a link opened in the page, Back or Forward, a § link). An entry
   *  the board wrote for the game it plays (history.state.taflGame, see syncAddress) keeps the
   *  board's game as it is, and the entry follows it; an entry of another game opens that game
   *  (its fragment, or for an anchor the game kept in it: entryGame) and takes over its id; a
   *  new anchor keeps the game the board follows. In the editor the change waits until the
   *  editor is left with Cancel ("Play from here" replaces it with the set-up position). */
  onHashChange() {
    if (!this.root.isConnected || !this.ready) return;
    if (this.ui.mode === "edit") { this.hashWhileEditing = true; return; }
    if (this.opponent) this.opponent.cancel(); // a link: the computer's thinking is dropped
    const gen = ++this.fragGen;
    const mark = this.changeMark();
    const hash = this.entryGame(location.hash);
    // Back/Forward within the reader's game: keep it, as it is now; a new anchor (a § link) of
    // a game link the board follows: the entry keeps the game at once (for a reload)
    if (this.entryGameId() === this.gameId || (!isGameFragment(hash) && !this.entryGameId())) {
      this.exclusive(() => this.syncAddress(mark));
      return;
    }
    this.exclusive(() => this.applyFragment(hash, false, gen, this.entryGameId()));
  }

  /** Where a change of the game begins: the fragment generation and the entry's address. Its
   *  syncAddress writes only if both are still the same (Back/Forward during a move moves to
   *  another entry before its hashchange arrives: that entry is not this game's to write). */
  changeMark() { return { gen: this.fragGen, href: location.href }; }

  /** The id of the game the current history entry was written for (history.state.taflGame),
   *  or null. An entry of the game the board plays (the reader went Back or Forward within it,
   *  e.g. after a § link) is only an older copy of it: the board keeps the game as it is. */
  entryGameId() {
    const id = entryState().taflGame;
    return typeof id === "string" && /^[a-z0-9]{1,40}$/.test(id) ? id : null;
  }

  /** The game fragment an entry stands for: `hash` when it holds a game; for an anchor (a §
   *  link) the game the board kept in the entry (history.state.taflFragment, written by
   *  syncAddress while it followed a game link), so that a reload or Back to it restores that
   *  game; else `hash` (an anchor: nothing to open). The kept text is parsed as strictly as an
   *  address. */
  entryGame(hash) {
    if (isGameFragment(hash)) return hash;
    const kept = entryState().taflFragment;
    return typeof kept === "string" && kept.length <= FRAGMENT_MAX ? "#" + kept : hash;
  }

  // --- the kept game (keep.js): what the board opens with at mount, kept after each change
  /** The fragment ("#…") the board opens once the engine is ready: the address's game link, or
   *  the game its history entry holds (entryGame); else the game kept in sessionStorage (a
   *  reload, Back, the other language's page); else the address as it is (the start). A
   *  kept position other than the start waits for the engine as a link does. */
  openWith() {
    const hash = this.entryGame(location.hash);
    if (isGameFragment(hash)) return hash;
    const kept = loadKept(sessionStore(), keepKey(this.data), this.assumptionKeys || []);
    return kept ? "#" + kept : hash;
  }

  /** Keep this game in sessionStorage (its share-link fragment, linkFragment), or forget the
   *  kept one when the board is back at the variant's start under the page's rules (Restart,
   *  Undo to the start). Returns the linkFragment() it kept (syncAddress reuses it), or null.
   *  Run inside exclusive(); never throws. */
  async keepGame() {
    const st = this.st, o = this.origin, h = this.home;
    if (st.cursor === 0 && !this.alt.size && o.otn === h.otn && o.to_move === h.to_move) {
      this.forgetKeptGame();
      return null;
    }
    try {
      const link = await this.linkFragment();
      saveKept(sessionStore(), keepKey(this.data), link.frag);
      return link;
    } catch {
      return null;
    }
  }

  /** After the board opened a kept game: say so; one the engine refused (an older build's
   *  rules) is dropped without a word (the start position stays). */
  keptOpened() {
    if (this.following) { this.say(this.T.gameResumed); return; }
    this.forgetKeptGame();
    this.message(null);
  }

  /** Forget the game kept for this board. */
  forgetKeptGame() { forgetKept(sessionStore(), keepKey(this.data)); }

  // --- play
  clearSelection() {
    clearSelection(this.ui);
    this.selPromise = null;
  }

  /** Select the piece on `sq` and fetch its legal targets; `announce` false: the live region keeps
   *  what it says (the board selected the piece itself, after announcing the move). */
  select(sq, { announce = true } = {}) {
    if (!this.ready) return this.selectEarly(sq, { announce });
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

  /** A move the reader asked for; one that is not among the legal targets goes to the engine
   *  all the same, which refuses it (the game unchanged) and says why. */
  tryMove(from, to) {
    return this.play(`${from}-${to}`);
  }

  play(move) {
    if (!this.ready) return this.playEarly(move);
    this.clearSelection();
    return this.exclusive(() => this.playNow(move));
  }

  /** What a played ply `h` (leading to state `st`) did, as sentences without their full stops:
   *  the move (or the end of a berserk turn), a jump that took nothing, the captures, then the
   *  result or the berserk turn going on. `move`: the move as asked, where `h` has no notation. */
  moveParts(h, st, move) {
    const T = this.T;
    const side = T.side[h.side] || h.side;
    const parts = [h.move === "end" ? T.ended(side) : T.moved(side, h.notation || move)];
    const jump = this.jumpText(h);
    if (jump) parts.push(jump);
    for (const c of h.captures || []) parts.push(this.captureText(c, h));
    if (st.result) parts.push(this.resultText(st.result));
    else if (st.berserk) parts.push(T.berserk(T.side[st.to_move] || st.to_move, st.berserk.square, !!st.berserk.can_end, st.berserk.escape === true));
    return parts;
  }

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
          const over = this.berserkOver();
          if (over) parts.push(over);
          if (h.move === "end" || h.berserk) parts.push(T.toMove(T.side[st.to_move] || st.to_move));
        }
        this.say(parts.map(sentence).join(" "));
        await this.syncAddress(mark);
      }
    } catch (e) {
      this.message(String(e.message || e));
    } finally {
      this.render();
    }
  }

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
      this.message(String(e.message || e));
    } finally {
      this.render();
    }
  }

  /** The rules of the worker's current game, as the engine read them (rules_info): the § of a
   *  jump rule, the berserk reading. Kept as it was if the request fails (words only). */
  async refreshRuleInfo() {
    try { this.ruleInfo = await this.engine.call("rules_info"); } catch { /* keep the old words */ }
  }

  /** After the game changed under a game link (a move, Undo, Redo, Restart, switched rules, a
   *  set-up position), the address holds the game the board shows, so that a reload, or Back
   *  after a section link (§), does not bring back an older game: a game fragment in the address
   *  is replaced by this game's link (linkFragment: bounded, as Copy link gives it). Once the
   *  board follows a game link, an entry whose address is an anchor (a § link) keeps its address
   *  and holds the game in history.state (taflFragment), which a reload or Back restores
   *  (entryGame); every entry written also names the game (taflGame, see entryGameId). An
   *  address without a game link before that is left alone. `mark`: changeMark() when the
   *  change began; a newer address (hashchange meanwhile, or another entry) is never
   *  overwritten. No
   *  hashchange: replaceState. Run inside exclusive() (may ask the worker for a snapshot). */
  async syncAddress(mark) {
    const fresh = () => mark.gen === this.fragGen && mark.href === location.href;
    if (!fresh()) return;
    const keptLink = await this.keepGame();
    const game = isGameFragment(location.hash);
    if (game) this.following = true;
    if (!game && !this.following) return;
    let frag = null, cut = 0;
    try {
      const link = keptLink || await this.linkFragment();
      frag = link.frag;
      cut = link.cut ? Math.max(1, link.turns) : 0;
    } catch { frag = null; }
    if (!fresh()) return;
    const kept = { ...entryState(), taflFragment: frag, taflGame: this.gameId, taflCut: cut };
    // a game link gives way to this game's; an anchor (a § link) stays, the entry keeps the game
    const base = location.href.split("#")[0];
    const url = !game ? location.href : frag ? base + "#" + frag : base;
    history.replaceState(kept, "", url);
  }

  /** The link fragment of this game that the board will open again: every move when it fits
   *  (FRAGMENT_MAX characters, MOVES_MAX moves), else a start position and as many of the last
   *  moves as fit (the engine's snapshot {max_moves}, from a turn's start, so that a repetition
   *  among them still counts). Returns {frag, cut, turns}: cut true when moves were left out,
   *  turns = how many turns the link then holds. Run inside exclusive(). Raises the worker's
   *  error. */
  async linkFragment() {
    const frag = this.fragment();
    if (frag.length <= FRAGMENT_MAX && this.st.cursor <= MOVES_MAX) return { frag, cut: false, turns: 0 };
    let max = MOVES_MAX;
    for (let tries = 0; tries < 6; tries++) {
      const snap = await this.engine.call("snapshot", { max_moves: max });
      const f = this.fragment(snap);
      if (f.length <= FRAGMENT_MAX && snap.moves.length <= MOVES_MAX) {
        const played = this.st.history.slice(0, this.st.cursor);
        const numbers = this.turnNumbers(played);
        const k = snap.moves.length;
        return { frag: f, cut: true, turns: k ? numbers[numbers.length - 1] - numbers[numbers.length - k] + 1 : 0 };
      }
      // too long by characters: fewer moves, in proportion, with room to spare
      max = Math.max(1, Math.min(max - 1, Math.floor(max * (FRAGMENT_MAX - 64) / f.length)));
    }
    throw new Error("no link of bounded length for this game");
  }

  /** The share-link fragment of this game (`snap`: start from a snapshot {otn, to_move, moves}
   *  instead of the game's origin and every move). */
  fragment(snap = null) {
    const moves = snap ? snap.moves : this.st.history.slice(0, this.st.cursor).map((h) => h.move);
    return writeFragment(snap || this.origin, moves, [...this.alt]);
  }

  async share() {
    const T = this.T;
    // A link the board would refuse to open is never handed out: a long game is shared from a
    // position before its last moves (linkFragment), and the reader is told so.
    let frag, note = null;
    try {
      const link = await this.exclusive(() => this.linkFragment());
      frag = link.frag;
      if (link.cut) note = T.linkPosition(link.turns);
    } catch (e) {
      this.message(this.refusalText(e));
      return;
    }
    const url = location.href.split("#")[0] + "#" + frag;
    this.shareInput.value = url;
    this.shareEl.hidden = false;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch { copied = false; }
    this.shareInput.focus();
    this.shareInput.select();
    const said = (copied ? T.linkCopied : T.linkManual) + (note ? " " + note : "");
    this.message(said);
    this.say(said);
  }
}


/**
 * Board data of an example board on a mechanics page: `.tafl-board#board[data-example]` around
 * a static diagram, naming the variant whose rules it plays (`data-variant`) and the side to
 * move. The rules, assumptions and section links are the variant's: its board-data, which the
 * build writes into the example as `script[data-role=example-rules]` (build_tools/site_plugin.py
 * example_rules); the position is the diagram's, and becomes the board's start (`start`
 * {otn, to_move}); rule links lead to the variant page.
 */
function exampleData(root) {
  const slug = root.getAttribute("data-variant") || "";
  const lang = root.getAttribute("data-lang") === "en" ? "en" : "de";
  const siteRoot = root.getAttribute("data-site-root") || "./";
  const toMove = root.getAttribute("data-to-move");
  if (!/^[a-z0-9-]{1,64}$/.test(slug) || !/^(?:\.\.\/){1,8}$/.test(siteRoot)
      || (toMove !== "attackers" && toMove !== "defenders")) throw new Error("example board: bad attributes");
  const rel = `${lang === "en" ? "en/" : ""}variants/${slug}/`;
  const dataEl = root.querySelector('script[data-role="example-rules"]');
  if (!dataEl) throw new Error(`example board: no rules of ${slug} in the page`);
  const data = JSON.parse(dataEl.textContent);
  if (data.variant !== slug || data.lang !== lang) throw new Error("example board: the rules of another variant or language");
  const svg = root.querySelector("svg");
  if (!svg || Number(svg.getAttribute("data-size")) !== data.size) throw new Error("example board: diagram size differs from the rules");
  const pieces = {};
  for (const g of svg.querySelectorAll("[data-piece][data-square]")) {
    const kind = g.getAttribute("data-piece"), sq = g.getAttribute("data-square");
    if (!PIECE_KINDS.includes(kind) || !isSquare(sq)) throw new Error("example board: unreadable diagram");
    pieces[sq] = kind;
  }
  data.lang = lang;
  data.layout_pieces = data.pieces; // the variant's own layout (which editor tools it needs)
  data.pieces = pieces;
  data.start = { otn: toOtn(pieces, data.size), to_move: toMove };
  data.example = root.getAttribute("data-example");
  data.sections = Object.fromEntries(Object.entries(data.sections || {})
    .filter(([, a]) => typeof a === "string" && a.startsWith("#")).map(([k, a]) => [k, siteRoot + rel + a]));
  return data;
}

/** The current history entry's state as an object ({} when there is none). */
function entryState() {
  const state = history.state;
  return state && typeof state === "object" ? state : {};
}


function mountError(root, e) {
  root.setAttribute("data-state", "error");
  const p = document.createElement("p");
  p.className = "tb-engine tb-error";
  p.textContent = STRINGS[root.getAttribute("data-lang") === "en" ? "en" : "de"].engineError(String(e.message || e));
  root.append(p);
}

function mount() {
  const root = document.querySelector(".tafl-board#board");
  if (!root || root.tbBoard || root.tbFailed) return;
  const dataEl = root.querySelector('script[data-role="board-data"]');
  if (!dataEl && root.hasAttribute("data-example")) {
    try {
      root.tbBoard = new Board(root, exampleData(root));
    } catch (e) {
      console.error("tafl board:", e);
      root.tbFailed = true;
      mountError(root, e);
    }
    return;
  }
  try {
    root.tbBoard = new Board(root, JSON.parse(dataEl.textContent));
  } catch (e) {
    mountError(root, e);
  }
}

function boot() {
  mount(); // at once: the sooner the worker starts, the sooner the board is ready
  // mkdocs-material's instant navigation swaps pages without reloading: it publishes document$.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mount);
}
if (document.readyState === "loading" && !document.querySelector(".tafl-board#board")) {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
