// Tafl-Kompendium board: input. Pointer (mouse, pen, touch: click-click and drag), keyboard and
// toolbar events become the board's intents (activate a square, try a move, an action).
// Layer 3 (see view.js).

import { Render } from "./render.js";
import { flip, isArrow, moveFocus, setFocus, usedInput } from "./state.js";

export class Input extends Render {
  /** Whether a move is taken before the engine is ready (board.js: the first move's table). */
  earlyMoves() { return false; }

  /** A click, a tap or Enter/Space on a square. */
  activate(sq) {
    if (!sq || !this.ready || this.busy) return;
    if (this.ui.mode === "edit") { this.editorPlace(sq); return; }
    if (this.opponent && this.opponent.blocks()) { this.opponent.refuse(); return; } // its turn
    const st = this.st;
    if (st.result) { this.message(this.T.gameOver); return; }
    if (st.berserk && typeof st.berserk.square === "string") { this.activateBerserk(sq, st.berserk); return; }
    if (this.ui.selected && this.ui.targets.includes(sq)) { this.play(`${this.ui.selected}-${sq}`); return; }
    if (this.ui.selected === sq) { this.clearSelection(); this.render(); return; }
    if ((st.movable || []).includes(sq)) { this.message(null); this.select(sq); return; }
    if (this.ui.selected) { this.tryMove(this.ui.selected, sq); return; }
    if (st.pieces[sq]) { this.message(this.T.cannotMove(sq)); this.say(this.T.cannotMove(sq)); }
  }

  /** A click during a berserk turn (`b`: the state's `berserk`): only the berserker moves on.
   *  A click on it keeps it selected (never unselects it: the turn would look stuck); one of its
   *  targets plays the move; another piece, or an empty square that is no target, says why not. */
  async activateBerserk(sq, b) {
    const T = this.T;
    const say = (text) => { this.message(text); this.say(text); };
    if (sq === b.square) {
      if (this.ui.selected !== b.square) { this.message(null); this.select(b.square); }
      else if (this.ui.targetsOf === b.square) this.say(T.selected(sq, this.ui.targets.length));
      return;
    }
    if (this.st.pieces[sq]) { say(T.berserkOnly(b.square, !!b.can_end)); return; }
    // an empty square: the berserker's legal targets (fetched first if not shown yet)
    let targets = this.ui.selected === b.square && this.ui.targetsOf === b.square ? this.ui.targets : null;
    if (!targets) {
      targets = await (this.ui.selected === b.square && this.selPromise ? this.selPromise : this.select(b.square, { announce: false }));
    }
    if (!Array.isArray(targets) || this.st.berserk !== b || this.busy) return; // the game moved on meanwhile
    if (targets.includes(sq)) { this.play(`${b.square}-${sq}`); return; }
    say(T.berserkMarked(b.square, !!b.can_end, b.escape === true));
  }

  onPointerDown(e) {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    const sq = this.squareAtClient(e.clientX, e.clientY);
    if (!sq) return;
    setFocus(this.ui, sq);
    usedInput(this.ui, false);
    this.drag = { id: e.pointerId, from: sq, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false, el: null };
    try { this.svg.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
    e.preventDefault();
    this.svg.focus({ preventScroll: true });
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 5) return;
      if (this.opponent && this.opponent.blocks()) { this.drag = null; this.opponent.refuse(); return; }
      const st = this.st;
      if (this.ui.mode !== "play" || !(this.ready || this.earlyMoves()) || this.busy || st.result || !(st.movable || []).includes(d.from)) {
        this.drag = null;
        return;
      }
      d.moved = true;
      if (this.ui.selected !== d.from) this.select(d.from);
      d.el = this.gPieces.querySelector(`[data-square="${d.from}"]`);
      if (d.el) d.el.classList.add("tb-dragging");
    }
    const ctm = this.svg.getScreenCTM();
    const scale = ctm ? ctm.a : 1;
    d.dx = (e.clientX - d.x0) / scale;
    d.dy = (e.clientY - d.y0) / scale;
    if (d.el) d.el.setAttribute("transform", `translate(${d.dx} ${d.dy})`);
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    const sq = this.squareAtClient(e.clientX, e.clientY);
    if (!d.moved) { this.activate(sq); return; }
    if (d.el) { d.el.removeAttribute("transform"); d.el.classList.remove("tb-dragging"); }
    if (!sq || sq === d.from) { this.render(); return; }
    setFocus(this.ui, sq);
    this.tryMove(d.from, sq);
  }

  cancelDrag() {
    if (this.drag && this.drag.el) { this.drag.el.removeAttribute("transform"); this.drag.el.classList.remove("tb-dragging"); }
    this.drag = null;
  }

  onKey(e) {
    if (e.key !== "Tab") usedInput(this.ui, true);
    if (isArrow(e.key)) {
      e.preventDefault();
      if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
      const next = moveFocus(this.ui, this.size, e.key);
      this.renderFocus();
      const pieces = this.ui.mode === "edit" ? this.ui.editor.pieces : this.st.pieces;
      const k = pieces[next];
      this.say(this.T.focusSquare(next, k ? this.T.piece[k] : this.T.emptySquare)
        + (this.ui.targets.includes(next) ? " ✓" : ""));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!this.ui.focus) setFocus(this.ui, this.defaultFocus());
      this.activate(this.ui.focus);
    } else if (e.key === "Escape") {
      this.clearSelection();
      this.render();
      this.selectBerserker(); // in a berserk turn the one piece that may move stays selected
    }
  }

  // --- toolbar
  async onAction(a) {
    const T = this.T;
    if (a === "flip") {
      flip(this.ui);
      this.render(); // redraws the squares and coordinates for the new orientation
      this.say(T.flipped);
      return;
    }
    if (!this.ready) return;
    if (this.busy && !["undo", "redo", "reset"].includes(a)) return; // those queue (exclusive)
    if (a === "edit") { this.ui.mode === "edit" ? this.leaveEditor() : this.enterEditor(); return; }
    if (a === "share") { this.share(); return; }
    if (a === "end") {
      if (this.ui.mode === "play" && this.st.berserk && this.st.berserk.can_end) {
        // the button leaves the reader's reach (the turn is over): the board takes the focus
        this.svg.focus({ preventScroll: true });
        await this.play("end");
      }
      return;
    }
    this.clearSelection();
    this.message(null);
    // against the computer: its thinking is cancelled, Undo/Redo step whole turn pairs
    await ((this.opponent && this.opponent.action(a)) || this.exclusive(() => this.actionNow(a)));
  }
}
