// Tafl-Kompendium board: render(), the one path that writes the game into the DOM, from the
// engine's state `st` and the board's own fields; and the messages. Layer 2 (see view.js).

import {
  activeBerserk, berserkOver, captureText, futurePlies, futureTurns, hasBerserkTurns, jumpRef, jumpText,
  lastTurn, notationMarks, resultText, turnNumbers,
} from "./moves.js";
import { defaultFocus, firstMover, overrides, setMessage, showsFocusSquare } from "./state.js";
import { wordReason } from "./reasons.js";
import { View, el, svgEl } from "./view.js";
import { positionText, ruleAndValue } from "./words.js";

export class Render extends View {
  // --- what the board shows, worked out by the pure modules (moves.js, state.js)
  firstMover() { return firstMover(this.ruleInfo, this.data); }
  /** Rule key -> value for the switched assumptions `switched` (default: the board's). */
  overrides(switched = this.alt) { return overrides(this.data.assumptions, switched); }
  activeBerserk() { return activeBerserk(this.st, this.ui.mode === "edit"); }
  hasBerserkTurns() { return hasBerserkTurns(this.ruleInfo); }
  berserkOver() { return berserkOver(this.T, this.st, this.ruleInfo); }
  resultText(res) { return resultText(this.T, res); }
  captureText(c, played, mover = null) { return captureText(this.T, c, played, mover, this.st.pieces); }
  jumpText(h) { return jumpText(this.T, h); }
  jumpRef(piece) { return jumpRef(this.ruleInfo, piece); }
  lastTurn() { return lastTurn(this.st); }
  futureTurns() { return futureTurns(this.st); }
  futurePlies() { return futurePlies(this.st); }
  turnNumbers(plies) { return turnNumbers(plies); }
  defaultFocus() { return defaultFocus(this.st, this.size); }
  /** A refusal {code, params} of the engine in the page's words (board-data `reasons`,
   *  reasons.js), or "" without one. */
  reasonText(reason) { return wordReason(reason, this.data.reasons) || ""; }
  /** The words of a failed worker request: its refusal's (`reason`) where it carries one, else
   *  its one-line message (a fault, not a refusal). */
  refusalText(e) { return wordReason(e && e.reason, this.data.reasons) || String((e && e.message) || e); }

  // --- render: everything below is a function of this.st and the UI fields
  render() {
    const T = this.T;
    const st = this.st;
    const root = this.root;
    const editing = this.ui.mode === "edit";
    const pieces = editing ? this.ui.editor.pieces : st.pieces;
    // special squares come from the engine's state (a switched assumption may change them)
    if (JSON.stringify([this.ui.flipped, st.special || {}]) !== this.staticKey) this.buildStatic();
    const toMove = editing ? this.ui.editor.to_move : st.to_move;
    root.setAttribute("data-to-move", toMove);
    root.setAttribute("data-mode", editing ? "edit" : "play");
    root.toggleAttribute("data-flipped", this.ui.flipped);
    const res = !editing && st.result;
    if (res) {
      root.setAttribute("data-result", res.winner || "draw");
      root.setAttribute("data-reason", res.reason || "");
    } else {
      root.removeAttribute("data-result");
      root.removeAttribute("data-reason");
    }
    const stuck = !editing && !res && st.stuck === true;
    root.toggleAttribute("data-stuck", stuck);
    // a berserk turn (notes/CONTRACTS.md, "Special pieces"): only st.berserk.square moves on
    const berserk = this.activeBerserk();
    if (berserk) root.setAttribute("data-berserker", berserk.square);
    else root.removeAttribute("data-berserker");
    this.statusEl.replaceChildren();
    if (editing) this.statusEl.textContent = T.editing;
    else if (stuck) this.renderStuck(toMove);
    else if (berserk) this.statusEl.textContent = T.berserk(T.side[toMove] || toMove, berserk.square, !!berserk.can_end, berserk.escape === true);
    else if (!res) {
      const over = this.berserkOver();
      this.statusEl.textContent = (over ? over + " " : "") + T.toMove(T.side[toMove] || toMove);
    }
    this.statusEl.hidden = !this.statusEl.textContent;

    // squares: targets, selection, last move (the last turn's last move that went somewhere:
    // "end" moves no piece), capture marks for the whole last turn (a berserk turn has several)
    const turn = editing ? null : this.lastTurn();
    const lastMoved = turn ? turn.plies.filter((h) => h.move.includes("-")).pop() : null;
    const lastSquares = lastMoved ? lastMoved.move.split("-") : [];
    const captured = turn ? turn.plies.flatMap((h) => (h.captures || []).map((c) => c.square)) : [];
    const targets = new Set(editing ? [] : this.ui.targets);
    for (const [sq, rect] of Object.entries(this.squareEls)) {
      if (targets.has(sq)) rect.setAttribute("data-target", sq);
      else if (rect.hasAttribute("data-target")) rect.removeAttribute("data-target");
      rect.classList.toggle("tb-last", lastSquares.includes(sq));
      rect.classList.toggle("tb-selected", sq === this.ui.selected);
      const isBerserker = !!berserk && berserk.square === sq;
      rect.classList.toggle("tb-berserker", isBerserker);
      if (isBerserker) rect.setAttribute("data-berserker", "");
      else if (rect.hasAttribute("data-berserker")) rect.removeAttribute("data-berserker");
    }

    // capture marks and target dots
    const { cell } = this;
    this.gMarks.replaceChildren();
    for (const sq of captured) {
      const [c, w] = this.cellOf(sq);
      const x = this.ox + c * cell, y = this.oy + w * cell, d = cell * 0.3;
      this.gMarks.append(svgEl("path", {
        d: `M${x + d} ${y + d}L${x + cell - d} ${y + cell - d}M${x + cell - d} ${y + d}L${x + d} ${y + cell - d}`,
        class: "tb-captured-mark", "data-captured": sq,
      }));
    }
    for (const sq of lastSquares) { // the last move's squares framed (board.css: 3:1 on any square)
      if (!this.squareEls[sq]) continue;
      const [c, w] = this.cellOf(sq);
      const i = cell * 0.06;
      this.gMarks.append(svgEl("rect", {
        x: this.ox + c * cell + i, y: this.oy + w * cell + i, width: cell - 2 * i, height: cell - 2 * i,
        class: "tb-last-mark", "data-last": sq,
      }));
    }
    if (berserk && this.squareEls[berserk.square]) { // a dashed ring: not told by colour alone
      const [c, w] = this.cellOf(berserk.square);
      this.gMarks.append(svgEl("circle", {
        cx: this.ox + (c + 0.5) * cell, cy: this.oy + (w + 0.5) * cell, r: cell * 0.46, class: "tb-berserker-ring",
      }));
    }
    this.gTargets.replaceChildren();
    for (const sq of targets) {
      const [c, w] = this.cellOf(sq);
      this.gTargets.append(svgEl("circle", {
        cx: this.ox + (c + 0.5) * cell, cy: this.oy + (w + 0.5) * cell, r: cell * 0.14, class: "tb-target-dot",
      }));
    }

    // pieces
    this.gPieces.replaceChildren();
    for (const [sq, kind] of Object.entries(pieces)) {
      this.gPieces.append(this.pieceEl(sq, kind));
    }

    // panel: banner, captures, move list, buttons
    this.renderBanner(res);
    this.renderCaptures(turn);
    this.renderMoveList(editing);
    this.renderControls();
    this.editorEl.hidden = !editing;
    const changed = [...this.alt];
    this.variantEl.hidden = changed.length === 0;
    this.root.toggleAttribute("data-rules-changed", changed.length > 0);
    if (changed.length) {
      const names = (this.data.assumptions || []).filter((a) => this.alt.has(String(a.key)))
        .map((a) => ruleAndValue(typeof a.label === "string" ? a.label : this.ruleName(a.key), this.altText(a)));
      this.variantEl.textContent = T.variantNotice(names.join("; "));
    }
    this.renderMessage();
    this.renderFocus();
    this.renderPosition(pieces, toMove, res);
    if (this.opponent) this.opponent.render(); // thinking state, hint (opponent.js)
  }

  /** The board's accessible description (aria-describedby, #tb-position-text): the position
   *  now, after how many moves and which last, who moves or the result (words.js positionText). */
  renderPosition(pieces, toMove, res) {
    const T = this.T, st = this.st;
    const editing = this.ui.mode === "edit";
    const last = st.cursor > 0 ? st.history[st.cursor - 1] : null;
    const atHome = this.origin.otn === this.home.otn && this.origin.to_move === this.home.to_move;
    const head = editing ? T.editorTitle
      : last ? T.positionAfter(st.cursor, last.notation || last.move)
        : atHome ? T.positionStart : T.positionOrigin;
    const status = res ? this.resultText(res) : T.toMove(T.side[toMove] || toMove);
    const text = positionText(T, this.data.title || this.data.variant, pieces, head, status, this.data.names);
    if (this.positionEl.textContent !== text) this.positionEl.textContent = text;
  }

  /** The toolbar buttons and the assumption switches: enabled only while the board is ready, not
   *  busy and (except Flip and Edit) not in the editor. Run by render() and whenever the board
   *  becomes busy, so that no click reaches a control while the engine works on a request.
   *  The End button keeps its place in the toolbar wherever the rules have berserk turns
   *  (hidden from view and pointer outside them: data-reserved), so that the buttons after it
   *  do not slide under the pointer when a turn ends (a double click on End must not undo). */
  renderControls() {
    if (!this.buttons) return; // before buildDom
    const T = this.T;
    const st = this.st;
    const editing = this.ui.mode === "edit";
    const berserk = this.activeBerserk();
    // Busy does not disable (a focused control that becomes disabled loses the keyboard focus):
    // Undo, Redo and Restart queue behind the request under way, End, Edit and Copy link take
    // no input then (aria-disabled says so).
    const on = this.ready && !editing;
    // (taken before any button is disabled: disabling the focused one blurs it at once)
    const focused = Object.entries(this.buttons).find(([, b]) => b === document.activeElement);
    const end = this.buttons.end;
    const reserve = !berserk && this.hasBerserkTurns();
    end.hidden = !berserk && !reserve;
    end.toggleAttribute("data-reserved", reserve);
    if (reserve) end.setAttribute("aria-hidden", "true"); else end.removeAttribute("aria-hidden");
    end.tabIndex = reserve ? -1 : 0;
    end.disabled = !(on && berserk && berserk.can_end);
    end.title = berserk && !berserk.can_end ? T.actionTitles.endCompulsory : T.actionTitles.end;
    this.buttons.undo.disabled = !(on && st.can_undo);
    this.buttons.redo.disabled = !(on && st.can_redo);
    this.buttons.reset.disabled = !on;
    this.buttons.share.disabled = !on;
    this.buttons.edit.disabled = !this.ready;
    this.buttons.flip.disabled = false;
    this.buttons.edit.setAttribute("aria-pressed", String(editing));
    for (const [a, b] of Object.entries(this.buttons)) { // Undo, Redo, Restart queue while busy
      if (this.busy && ["end", "edit", "share"].includes(a)) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
    if (this.altInputs) for (const cb of Object.values(this.altInputs)) cb.disabled = !this.ready || editing;
    // A focused button that has just become disabled (Redo after the last move replayed, Undo
    // at the start) would drop the keyboard focus to the page: it goes to the board (not to
    // the counterpart, where further presses would undo what they just redid).
    if (focused && focused[1].disabled) this.svg.focus({ preventScroll: true });
  }

  /** The side to move has no legal move and the rules give no result for it (no_moves = none:
   *  the source is silent): say so, pointing to the assumption when it is one. */
  renderStuck(side) {
    const T = this.T;
    const s = this.statusEl;
    s.append(document.createTextNode(`${T.stuck[side] || side}; ${T.stuckWhy}`));
    const assumed = (this.data.assumptions || []).some((a) => a && a.key === "no_moves");
    if (assumed) {
      const link = document.getElementById("assumptions") ? el("a", { href: "#assumptions" }, T.stuckSee) : document.createTextNode(T.stuckSee);
      s.append(document.createTextNode(" ("), link, document.createTextNode(")"));
    }
    s.append(document.createTextNode("."));
  }

  renderFocus() {
    this.gFocus.replaceChildren();
    if (!showsFocusSquare(this.ui)) return;
    const [c, w] = this.cellOf(this.ui.focus);
    const { cell } = this;
    this.gFocus.append(svgEl("rect", {
      x: this.ox + c * cell + 2, y: this.oy + w * cell + 2, width: cell - 4, height: cell - 4, class: "tb-focus",
    }));
  }

  renderBanner(res) {
    const b = this.bannerEl;
    b.replaceChildren();
    b.hidden = !res;
    if (!res) return;
    b.setAttribute("data-winner", res.winner || "draw");
    b.append(el("strong", {}, this.resultText(res)));
    if (res.ref) b.append(document.createTextNode(" ("), this.ruleLink(res.ref), document.createTextNode(")"));
  }

  renderCaptures(turn) {
    const ul = this.capturesEl;
    ul.replaceChildren();
    let n = 0;
    for (const h of turn ? turn.plies : []) {
      const jump = this.jumpText(h);
      if (jump) { // a jump over a piece that stays: which rule allows it
        const li = el("li", { "data-jump": h.jumped, "data-reason": "jump_over" }, jump);
        const ref = this.jumpRef(h.piece);
        if (ref) li.append(document.createTextNode(", "), this.ruleLink(ref));
        ul.append(li);
        n++;
      }
      for (const c of h.captures || []) {
        const li = el("li", { "data-capture": c.square, "data-reason": c.reason || "" }, this.captureText(c, h, turn.mover));
        if (c.ref) li.append(document.createTextNode(", "), this.ruleLink(c.ref));
        ul.append(li);
        n++;
      }
    }
    ul.hidden = n === 0;
  }

  renderMoveList(editing) {
    const T = this.T;
    const st = this.st;
    const ol = this.moveListEl;
    ol.replaceChildren();
    const played = st.history.slice(0, st.cursor);
    const plies = [...played, ...this.futurePlies()];
    this.marksEl.replaceChildren();
    this.marksEl.hidden = true;
    if (!plies.length) {
      ol.append(el("li", { class: "tb-empty" }, T.noMoves));
      return;
    }
    // One number per turn: the plies of a berserk turn after its first (`berserk`, and the end
    // move) share their turn's number and are marked as its continuation.
    const marks = new Set();
    const numbers = this.turnNumbers(plies);
    plies.forEach((h, i) => {
      const turnNo = numbers[i];
      const cont = i > 0 && numbers[i - 1] === turnNo;
      const notation = h.notation || h.move;
      const isFuture = i >= played.length;
      const own = notationMarks(notation);
      for (const m of own) marks.add(m);
      if (isFuture) marks.add("future");
      const attrs = { "data-notation": notation, value: turnNo };
      if (isFuture) attrs["data-future"] = i - played.length + 1; // not data-ply: not played
      else attrs["data-ply"] = i + 1;
      if (h.side) { attrs["data-side"] = h.side; attrs.class = `tb-${h.side}`; }
      const titles = own.map((m) => T.marks[m]);
      if (isFuture) titles.unshift(T.futureTitle);
      if (titles.length) attrs.title = titles.join("; ");
      const li = el("li", attrs, notation);
      if (cont) {
        li.setAttribute("data-continuation", "");
        li.classList.add("tb-cont");
        li.append(el("span", { class: "tb-sr" }, h.move === "end" ? T.plyEnd : T.plyContinued));
      }
      if (isFuture) {
        li.classList.add("tb-future");
        li.append(el("span", { class: "tb-sr" }, T.plyFuture));
      }
      if (i === st.cursor - 1) li.setAttribute("aria-current", "step");
      ol.append(li);
    });
    if (editing) ol.classList.add("tb-dim"); else ol.classList.remove("tb-dim");
    // a short key to the marks that appear (x, ^, =, end; grey for the undone moves)
    const shown = ["x", "^", "=", "end", "future"].filter((m) => marks.has(m));
    if (shown.some((m) => m === "^" || m === "=" || m === "end" || m === "future")) {
      this.marksEl.hidden = false;
      this.marksEl.setAttribute("aria-label", T.marksTitle);
      for (const m of shown) this.marksEl.append(el("li", { "data-mark": m }, T.marks[m]));
    }
  }

  /** While the engine works on a request the board takes no input; aria-busy says so. */
  setBusy(on) {
    this.busy = on;
    if (on) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
    this.renderControls();
  }

  // --- messages
  say(text) { // polite announcement for screen readers
    this.liveEl.textContent = "";
    this.liveEl.textContent = text;
  }

  /** Show `text` in the message line (null: none); kept in `ui.message` and drawn at once. */
  message(text) {
    setMessage(this.ui, text);
    this.renderMessage(true);
  }

  /** The message line from `ui.message`; `again`: write the text even when it is the same (a
   *  repeated message is announced again by the live region), else only a change. */
  renderMessage(again = false) {
    const text = this.ui.message || "";
    if (again || this.messageEl.textContent !== text) this.messageEl.textContent = text;
    this.messageEl.hidden = !text;
  }

  /** Tick the assumption switches as `this.alt` says. */
  syncAltInputs() {
    for (const [k, cb] of Object.entries(this.altInputs || {})) cb.checked = this.alt.has(k);
  }
}
