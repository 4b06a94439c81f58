// Tafl-Kompendium board: the board before its engine is ready (issue 14). Layer 6 of the board
// class (see view.js): View <- Render <- Input <- Editor <- Analysis <- Early (this file) <- Board
// (board.js).
//
// Until the worker's engine is ready the board takes one first move from the start position out
// of board-data `first_moves` (firstmove.js: a lookup, no rule): selection, targets, the move and
// what it did are shown at once, and Board.startEngine replays it on the engine (replayEarly).
// Any other click meanwhile is answered ("the engine is still starting"); a link or a kept game
// (a non-start position: Board.openWith) waits for the engine. The engine status line names the
// start-up phase; the controls that need the engine say so in their titles; a failed start says
// why (startFailed). The fields it reads are set by Board: `firstTable`, `earlyMove`, `failed`.

import { Analysis } from "./analysis.js";
import { isGameFragment } from "./address.js";
import { startTargets, stateAfter } from "./firstmove.js";
import { selectSquare, setFocus, setTargets } from "./state.js";
import { sentence } from "./words.js";

export class Early extends Analysis {
  /** Whether the board opens at its start position (no game link, no game kept in the
   *  history entry or in sessionStorage: openWith): only then is a first move taken before the
   *  engine is ready. */
  opensAtHome() {
    return !isGameFragment(this.openWith());
  }

  /** The engine status line while the engine starts: the phase (worker progress), or, for a
   *  link, that its game comes when the engine is ready. */
  showProgress(phase) {
    if (this.ready || this.failed) return;
    const T = this.T;
    const order = ["download", "python", "rules"];
    const n = Math.max(0, order.indexOf(phase));
    const words = T.startPhase[order[n]];
    const text = this.firstTable ? T.startProgress(words, n + 1)
      : this.opensAtHome() ? T.startWait(words, n + 1) : `${T.startLink} (${words}, ${n + 1}/3)`;
    this.engineEl.textContent = text;
    this.root.setAttribute("data-engine-phase", order[n]);
  }

  /** Whether a move can be taken now without the engine (drag start, input.js). */
  earlyMoves() { return !this.ready && !!this.firstTable && !this.earlyMove; }

  /** A click before the engine is ready: the first move from the table, else an answer. */
  activate(sq) {
    if (this.ready) { super.activate(sq); return; }
    if (!sq || this.ui.mode !== "play") return;
    if (!this.earlyMoves()) { this.waitAnswer(); return; }
    const st = this.st;
    if (this.ui.selected && this.ui.targets.includes(sq)) { this.play(`${this.ui.selected}-${sq}`); return; }
    if (this.ui.selected === sq) { this.clearSelection(); this.render(); return; }
    if ((st.movable || []).includes(sq)) { this.message(null); this.select(sq); return; }
    if (this.ui.selected) { this.tryMove(this.ui.selected, sq); return; }
    if (st.pieces[sq]) { this.message(this.T.cannotMove(sq)); this.say(this.T.cannotMove(sq)); }
  }

  /** Said to a click the board cannot take before the engine is ready. */
  waitAnswer() {
    const T = this.T;
    const text = this.failed ? `${T.engineDown} ${T.engineFix}` : this.opensAtHome() ? T.engineStarting : T.engineStartingLink;
    this.message(text);
    this.say(text);
  }

  /** select() before the engine is ready: the targets from the first-move table. */
  selectEarly(sq, opts = {}) {
    const token = selectSquare(this.ui, sq);
    const targets = startTargets(this.firstTable, sq);
    setTargets(this.ui, token, sq, targets);
    this.render();
    if (opts.announce !== false) this.say(this.T.selected(sq, targets.length));
    this.selPromise = Promise.resolve(targets);
    return this.selPromise;
  }

  /** The first move from the table (before the engine is ready): shown at once, played on the
   *  engine when it is ready (startEngine). A move not in the table is no legal first move. */
  playEarly(move) {
    const T = this.T;
    this.clearSelection();
    const st = this.earlyMoves() ? stateAfter(this.firstTable, this.st, move) : null;
    if (!this.earlyMoves()) this.waitAnswer();
    else if (!st) { this.message(T.illegal(move)); this.say(T.illegal(move)); }
    else {
      this.earlyMove = move;
      this.st = st;
      this.message(null);
      setFocus(this.ui, move.split("-")[1]);
      this.say(this.moveParts(st.history[0], st, move).map(sentence).join(" "));
      performance.mark("tafl-first-move");
    }
    this.render();
    return Promise.resolve();
  }

  /** The buttons that need the engine say so (their title) while it starts or after it failed. */
  renderControls() {
    super.renderControls();
    if (!this.buttons) return;
    const wait = this.ready ? "" : ` (${this.failed ? this.T.engineDown : this.T.engineWaiting})`;
    for (const [a, b] of Object.entries(this.buttons)) {
      if (a === "flip") continue;
      const prev = b.getAttribute("data-wait") || "";
      const title = prev && b.title.endsWith(prev) ? b.title.slice(0, -prev.length) : b.title;
      b.title = title + wait;
      if (wait) b.setAttribute("data-wait", wait); else b.removeAttribute("data-wait");
    }
  }

  /** The engine could not start: the status says why (`text`) and the board keeps what it
   *  shows (the start position, or the first move taken from the table). */
  startFailed(text) {
    this.failed = text;
    this.root.setAttribute("data-state", "error");
    this.root.removeAttribute("data-engine-phase");
    this.engineEl.hidden = false;
    this.engineEl.textContent = text;
    this.engineEl.classList.add("tb-error");
    this.render();
  }

  /** Play on the engine the first move the board took from the table (quietly: it was
   *  announced when taken). The engine's state replaces the table's. Run inside exclusive(). */
  async replayEarly(move) {
    const mark = this.changeMark();
    const r = await this.engine.call("play", { move });
    this.st = r.state;
    if (!r.ok) { // the table and the engine disagree: say so, the engine's game stands
      const why = this.reasonText(r.reason);
      this.message(why ? this.T.illegalWhy(move, why) : this.T.illegal(move));
      return;
    }
    await this.syncAddress(mark);
  }
}
