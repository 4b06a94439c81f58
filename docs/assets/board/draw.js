// Tafl-Kompendium board: drawing, the one path that writes the game into the DOM, as plain
// functions of (host, dom): from the engine's state `host.st` and the board's own `host.ui`.
// draw() is host.render()'s body; the components draw their own parts in their render hooks.

import { ACTIONS, actionTitle } from "./actions.js";
import {
  activeBerserk, berserkOver, captureText, gamePlies, hasBerserkTurns, jumpRef, jumpText, lastTurn,
  notationMarks, resultText,
} from "./moves.js";
import { buildStatic, pieceEl, ruleLink } from "./dom.js";
import { el, svgEl } from "./elements.js";
import { plyWindow } from "./movelist.js";
import { showsFocusSquare } from "./state.js";
import { positionText } from "./words.js";

/** What every control reads (actions.js ActionState) of host `h` now. */
export function actionState(h) {
  const editing = h.ui.mode === "edit";
  return {
    ready: h.ready, busy: h.busy, editing, st: h.st, ended: !editing && !!(h.declaredEnd && h.declaredEnd()),
    berserk: activeBerserk(h.st, editing), berserkRules: hasBerserkTurns(h.ruleInfo),
    page: !h.data.example, wide: !!h.ui.wide, analysing: !!h.ui.analysing,
    reviewing: !!(h.ui.review && h.ui.review.running),
  };
}

/** Draw the whole board: root attributes, status line, squares and marks, pieces, panel. */
export function draw(h, dom) {
  const st = h.st;
  const editing = h.ui.mode === "edit";
  const pieces = editing ? h.ui.editor.pieces : st.pieces;
  // special squares come from the engine's state (a switched assumption may change them)
  if (JSON.stringify([h.ui.flipped, st.special || {}]) !== dom.staticKey) buildStatic(h, dom);
  const toMove = editing ? h.ui.editor.to_move : st.to_move;
  const res = !editing && st.result;
  const berserk = activeBerserk(st, editing);
  drawRoot(h, toMove, res, berserk);
  drawStatus(h, dom, toMove, res, berserk);
  const turn = editing ? null : lastTurn(st);
  drawSquares(h, dom, turn, berserk);
  dom.gPieces.replaceChildren();
  for (const [sq, kind] of Object.entries(pieces)) dom.gPieces.append(pieceEl(h, dom, sq, kind));
  drawBanner(h, dom, res);
  drawCaptures(h, dom, turn);
  drawMoveList(h, dom, editing);
  drawControls(h, dom);
  drawMessage(h, dom);
  drawFocus(h, dom);
  drawPosition(h, dom, pieces, toMove, res);
}

/** The root's attributes: who moves, the mode, the flip, the result, stuck, the berserker. */
function drawRoot(h, toMove, res, berserk) {
  const root = h.root;
  const editing = h.ui.mode === "edit";
  root.setAttribute("data-to-move", toMove);
  root.setAttribute("data-mode", editing ? "edit" : "play");
  root.toggleAttribute("data-flipped", h.ui.flipped);
  if (res) {
    root.setAttribute("data-result", res.winner || "draw");
    root.setAttribute("data-reason", res.reason || "");
  } else {
    root.removeAttribute("data-result");
    root.removeAttribute("data-reason");
  }
  root.toggleAttribute("data-stuck", !editing && !res && h.st.stuck === true);
  // a berserk turn (notes/CONTRACTS.md, "Special pieces"): only st.berserk.square moves on
  if (berserk) root.setAttribute("data-berserker", berserk.square);
  else root.removeAttribute("data-berserker");
}

/** The status line: the editor, a stuck side, a berserk turn, or who moves. */
function drawStatus(h, dom, toMove, res, berserk) {
  const T = h.T;
  const s = dom.statusEl;
  s.replaceChildren();
  if (h.ui.mode === "edit") s.textContent = T.editing;
  else if (!res && h.st.stuck === true) drawStuck(h, dom, toMove);
  else if (berserk) s.textContent = T.berserk(T.side[toMove] || toMove, berserk.square, !!berserk.can_end, berserk.escape === true);
  else if (!res) {
    const over = berserkOver(T, h.st, h.ruleInfo);
    s.textContent = (over ? over + " " : "") + T.toMove(T.side[toMove] || toMove);
  }
  s.hidden = !s.textContent;
}

/** The side to move has no legal move and the rules give no result for it (no_moves = none:
 *  the source is silent): say so, pointing to the assumption when it is one. */
function drawStuck(h, dom, side) {
  const T = h.T;
  const s = dom.statusEl;
  s.append(document.createTextNode(`${T.stuck[side] || side}; ${T.stuckWhy}`));
  const assumed = (h.data.assumptions || []).some((a) => a && a.key === "no_moves");
  if (assumed) {
    const link = document.getElementById("assumptions") ? el("a", { href: "#assumptions" }, T.stuckSee) : document.createTextNode(T.stuckSee);
    s.append(document.createTextNode(" ("), link, document.createTextNode(")"));
  }
  s.append(document.createTextNode("."));
}

/** Squares (targets, selection, last move, berserker), capture marks and target dots: the
 *  last turn's last move that went somewhere ("end" moves no piece), the capture marks of the
 *  whole last turn (a berserk turn has several). */
function drawSquares(h, dom, turn, berserk) {
  const lastMoved = turn ? turn.plies.filter((p) => p.move.includes("-")).pop() : null;
  const lastSquares = lastMoved ? lastMoved.move.split("-") : [];
  const captured = turn ? turn.plies.flatMap((p) => (p.captures || []).map((c) => c.square)) : [];
  const targets = new Set(h.ui.mode === "edit" ? [] : h.ui.targets);
  for (const [sq, rect] of Object.entries(dom.squareEls)) {
    if (targets.has(sq)) rect.setAttribute("data-target", sq);
    else if (rect.hasAttribute("data-target")) rect.removeAttribute("data-target");
    rect.classList.toggle("tb-last", lastSquares.includes(sq));
    rect.classList.toggle("tb-selected", sq === h.ui.selected);
    const isBerserker = !!berserk && berserk.square === sq;
    rect.classList.toggle("tb-berserker", isBerserker);
    if (isBerserker) rect.setAttribute("data-berserker", "");
    else if (rect.hasAttribute("data-berserker")) rect.removeAttribute("data-berserker");
  }
  const { cell } = dom;
  const at = (sq) => { const [c, w] = h.cellOf(sq); return [dom.ox + c * cell, dom.oy + w * cell]; };
  dom.gMarks.replaceChildren();
  for (const sq of captured) {
    const [x, y] = at(sq), d = cell * 0.3;
    dom.gMarks.append(svgEl("path", {
      d: `M${x + d} ${y + d}L${x + cell - d} ${y + cell - d}M${x + cell - d} ${y + d}L${x + d} ${y + cell - d}`,
      class: "tb-captured-mark", "data-captured": sq,
    }));
  }
  for (const sq of lastSquares) { // the last move's squares framed (board.css: 3:1 on any square)
    if (!dom.squareEls[sq]) continue;
    const [x, y] = at(sq), i = cell * 0.06;
    dom.gMarks.append(svgEl("rect", {
      x: x + i, y: y + i, width: cell - 2 * i, height: cell - 2 * i, class: "tb-last-mark", "data-last": sq,
    }));
  }
  if (berserk && dom.squareEls[berserk.square]) { // a dashed ring: not told by colour alone
    const [x, y] = at(berserk.square);
    dom.gMarks.append(svgEl("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.46, class: "tb-berserker-ring" }));
  }
  dom.gTargets.replaceChildren();
  for (const sq of targets) {
    const [x, y] = at(sq);
    dom.gTargets.append(svgEl("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.14, class: "tb-target-dot" }));
  }
}

/** The board's accessible description (aria-describedby, #tb-position-text): the position
 *  now, after how many moves and which last, who moves or the result (words.js positionText). */
function drawPosition(h, dom, pieces, toMove, res) {
  const T = h.T, st = h.st;
  const last = st.cursor > 0 ? st.history[st.cursor - 1] : null;
  const atHome = h.origin.otn === h.home.otn && h.origin.to_move === h.home.to_move;
  const head = h.ui.mode === "edit" ? T.editorTitle
    : last ? T.positionAfter(st.cursor, last.notation || last.move)
      : atHome ? T.positionStart : T.positionOrigin;
  const status = res ? resultText(T, res) : T.toMove(T.side[toMove] || toMove);
  const text = positionText(T, h.data.title || h.data.variant, pieces, head, status, h.data.names);
  if (dom.positionEl.textContent !== text) dom.positionEl.textContent = text;
}

/**
 * The toolbar's buttons, each from its entry of the action registry (actions.js): enabled by
 * enabled(s); shown, reserved or hidden by shown(s); pressed by pressed(s); titled by title(s)
 * with, before the engine is ready or after it failed, the words saying so on every button
 * that needs the engine. Busy does not disable (a focused control that becomes disabled loses
 * the keyboard focus): a button that queues (Undo, Redo, Restart) waits its turn, the others
 * that need the engine are aria-disabled meanwhile. Run by draw() and whenever the board
 * becomes busy, so that no click reaches a control while the engine works on a request.
 */
export function drawControls(h, dom) {
  if (!dom || !dom.buttons) return;
  const T = h.T;
  const s = actionState(h);
  const wait = h.ready ? "" : (h.failed ? T.engineDown : T.engineWaiting);
  // (taken before any button is disabled: disabling the focused one blurs it at once)
  const focused = Object.values(dom.buttons).find((b) => b === document.activeElement);
  for (const a of ACTIONS) {
    const b = dom.buttons[a.id];
    if (a.shown) {
      const shown = a.shown(s);
      const reserve = shown === "reserved";
      b.hidden = shown === "hidden";
      b.toggleAttribute("data-reserved", reserve);
      if (reserve) b.setAttribute("aria-hidden", "true"); else b.removeAttribute("aria-hidden");
      b.tabIndex = reserve ? -1 : 0;
    }
    b.disabled = !a.enabled(s);
    b.title = actionTitle(a, T, s, wait);
    if (a.needsEngine && wait) b.setAttribute("data-wait", ` (${wait})`); else b.removeAttribute("data-wait");
    if (a.pressed) b.setAttribute("aria-pressed", String(a.pressed(s)));
    if (h.busy && a.needsEngine && !a.queues) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }
  // A focused button that has just become disabled (Redo after the last move replayed, Undo
  // at the start) would drop the keyboard focus to the page: it goes to the board (not to
  // the counterpart, where further presses would undo what they just redid).
  if (focused && focused.disabled) dom.svg.focus({ preventScroll: true });
}

/** The keyboard's focus square (drawn only while the keyboard is used on the board). */
export function drawFocus(h, dom) {
  dom.gFocus.replaceChildren();
  if (!showsFocusSquare(h.ui)) return;
  const [c, w] = h.cellOf(h.ui.focus);
  const { cell } = dom;
  dom.gFocus.append(svgEl("rect", {
    x: dom.ox + c * cell + 2, y: dom.oy + w * cell + 2, width: cell - 4, height: cell - 4, class: "tb-focus",
  }));
}

/** The result banner, with the § of the rule that decided the game. */
function drawBanner(h, dom, res) {
  const b = dom.bannerEl;
  b.replaceChildren();
  b.hidden = !res;
  if (!res) return;
  b.setAttribute("data-winner", res.winner || "draw");
  b.append(el("strong", {}, resultText(h.T, res)));
  if (res.ref) b.append(document.createTextNode(" ("), ruleLink(h, res.ref), document.createTextNode(")"));
}

/** The captures panel: a line per capture of the last turn, a line per jump that took nothing. */
function drawCaptures(h, dom, turn) {
  const ul = dom.capturesEl;
  ul.replaceChildren();
  let n = 0;
  for (const p of turn ? turn.plies : []) {
    const jump = jumpText(h.T, p);
    if (jump) { // a jump over a piece that stays: which rule allows it
      const li = el("li", { "data-jump": p.jumped, "data-reason": "jump_over" }, jump);
      const ref = jumpRef(h.ruleInfo, p.piece);
      if (ref) li.append(document.createTextNode(", "), ruleLink(h, ref));
      ul.append(li);
      n++;
    }
    for (const c of p.captures || []) {
      const li = el("li", { "data-capture": c.square, "data-reason": c.reason || "" }, captureText(h.T, c, p, turn.mover, h.st.pieces));
      if (c.ref) li.append(document.createTextNode(", "), ruleLink(h, c.ref));
      ul.append(li);
      n++;
    }
  }
  ul.hidden = n === 0;
}

/** One move-list entry `li` for ply `p` (index `i`, turn number `turnNo`, a continuation of
 *  its turn or not, a move taken back or not); adds the marks it shows to `marks`. */
function moveItem(h, p, i, turnNo, cont, future, marks) {
  const T = h.T;
  const notation = p.notation || p.move;
  const own = notationMarks(notation);
  for (const m of own) marks.add(m);
  if (future) marks.add("future");
  const attrs = { "data-notation": notation, value: turnNo };
  if (future) attrs["data-future"] = future; // not data-ply: not played
  else attrs["data-ply"] = i + 1;
  if (p.side) { attrs["data-side"] = p.side; attrs.class = `tb-${p.side}`; }
  const titles = own.map((m) => T.marks[m]);
  if (future) titles.unshift(T.futureTitle);
  if (titles.length) attrs.title = titles.join("; ");
  const li = el("li", attrs, notation);
  if (cont) {
    li.setAttribute("data-continuation", "");
    li.classList.add("tb-cont");
    li.append(el("span", { class: "tb-sr" }, p.move === "end" ? T.plyEnd : T.plyContinued));
  }
  if (future) {
    li.classList.add("tb-future");
    li.append(el("span", { class: "tb-sr" }, T.plyFuture));
  }
  if (i === h.st.cursor - 1) li.setAttribute("aria-current", "step");
  return li;
}

/** The move list, one `li` per ply played and taken back (analysis.js groups them in rows),
 *  and the key to the marks that appear. One number per turn: the plies of a berserk turn
 *  after its first (`berserk`, and the end move) share their turn's number and are marked as
 *  its continuation. */
function drawMoveList(h, dom, editing) {
  const st = h.st;
  const ol = dom.moveListEl;
  ol.replaceChildren();
  const { plies, numbers } = gamePlies(st);
  dom.marksEl.replaceChildren();
  dom.marksEl.hidden = true;
  if (!plies.length) {
    ol.append(el("li", { class: "tb-empty" }, h.T.noMoves));
    return;
  }
  const marks = new Set();
  // a long game: only the rows around the position shown (movelist.js plyWindow)
  const [lo, hi] = plyWindow(numbers, st.cursor);
  const items = [];
  for (let i = lo; i < hi; i++) {
    const future = i >= st.cursor ? i - st.cursor + 1 : 0;
    items.push(moveItem(h, plies[i], i, numbers[i], i > 0 && numbers[i - 1] === numbers[i], future, marks));
  }
  ol.append(...items);
  if (lo > 0 || hi < plies.length) ol.setAttribute("data-window", `${lo}-${hi}`);
  else ol.removeAttribute("data-window");
  ol.classList.toggle("tb-dim", editing);
  // a short key to the marks that appear (x, ^, =, end; grey for the undone moves)
  const shown = ["x", "^", "=", "end", "future"].filter((m) => marks.has(m));
  if (shown.some((m) => m === "^" || m === "=" || m === "end" || m === "future")) {
    dom.marksEl.hidden = false;
    dom.marksEl.setAttribute("aria-label", h.T.marksTitle);
    for (const m of shown) dom.marksEl.append(el("li", { "data-mark": m }, h.T.marks[m]));
  }
}

/** The message line from `ui.message`; `again`: write the text even when it is the same (a
 *  repeated message is announced again by the live region), else only a change. */
export function drawMessage(h, dom, again = false) {
  const text = h.ui.message || "";
  if (again || dom.messageEl.textContent !== text) dom.messageEl.textContent = text;
  dom.messageEl.hidden = !text;
}
