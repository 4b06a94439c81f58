// Tafl-Kompendium board: input. Pointer (mouse, pen, touch: click-click and drag) and keyboard
// events on the board's SVG become intents (host.dispatch, controller.js): {type: "point"} (a
// pointer down on a square), {type: "select"}, {type: "grab"} (a drag begins), {type: "move"},
// {type: "cancel"}, {type: "focus"} (an arrow key), {type: "step"} (Shift+←/→/Home/End:
// analysis.js), {type: "keyboard"} (a key was used), {type: "boardFocus"}. The toolbar's buttons
// dispatch {type: "action"} themselves (dom.js buildToolbar). Input changes no state: only the
// drag's picture (the piece under the pointer, `dom.drag`) is drawn here.

import { isStepKey } from "./movelist.js";
import { isArrow } from "./state.js";

/** The square under the client point (x, y) of the board's SVG, or null. */
function squareAtClient(host, dom, x, y) {
  const ctm = dom.svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
  return host.squareAtCell(Math.floor((p.x - dom.ox) / dom.cell), Math.floor((p.y - dom.oy) / dom.cell));
}

/** The dragged piece back in its place. */
function dropDrag(dom) {
  const d = dom.drag;
  if (d && d.el) { d.el.removeAttribute("transform"); d.el.classList.remove("tb-dragging"); }
  dom.drag = null;
}

/** Bind the board's pointer and key events of `dom.svg` to intents of `host`. */
export function bindInput(host, dom) {
  const svg = dom.svg;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    const sq = squareAtClient(host, dom, e.clientX, e.clientY);
    if (!sq) return;
    host.dispatch({ type: "point", square: sq });
    dom.drag = { id: e.pointerId, from: sq, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false, el: null };
    try { svg.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
    e.preventDefault();
    svg.focus({ preventScroll: true });
  });
  svg.addEventListener("pointermove", (e) => {
    const d = dom.drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 5) return;
      if (!host.dispatch({ type: "grab", square: d.from })) { dom.drag = null; return; }
      d.moved = true;
      d.el = dom.gPieces.querySelector(`[data-square="${d.from}"]`);
      if (d.el) d.el.classList.add("tb-dragging");
    }
    const ctm = svg.getScreenCTM();
    const scale = ctm ? ctm.a : 1;
    d.dx = (e.clientX - d.x0) / scale;
    d.dy = (e.clientY - d.y0) / scale;
    if (d.el) d.el.setAttribute("transform", `translate(${d.dx} ${d.dy})`);
  });
  svg.addEventListener("pointerup", (e) => {
    const d = dom.drag;
    if (!d || d.id !== e.pointerId) return;
    const sq = squareAtClient(host, dom, e.clientX, e.clientY);
    if (!d.moved) { dom.drag = null; host.dispatch({ type: "select", square: sq }); return; }
    dropDrag(dom);
    if (!sq || sq === d.from) { host.render(); return; }
    host.dispatch({ type: "move", from: d.from, to: sq });
  });
  svg.addEventListener("pointercancel", () => dropDrag(dom));
  svg.addEventListener("keydown", (e) => onKey(host, e));
  svg.addEventListener("focus", () => host.dispatch({ type: "boardFocus", on: true, keyboard: svg.matches(":focus-visible") || undefined }));
  svg.addEventListener("blur", () => host.dispatch({ type: "boardFocus", on: false }));
}

/** A key on the board: Shift+←/→/Home/End step through the game (in analysis mode the bare
 *  keys too, as on lichess's analysis board; ↑/↓ still move the focus square), the arrows move
 *  the focus square, Enter/Space activate it, Escape drops the selection. */
function onKey(host, e) {
  if (isStepKey(e, false) || (host.ui.analysing && isStepKey(e, true))) {
    e.preventDefault();
    host.dispatch({ type: "step", key: e.key });
    return;
  }
  if (e.key !== "Tab") host.dispatch({ type: "keyboard" });
  if (isArrow(e.key)) {
    e.preventDefault();
    host.dispatch({ type: "focus", key: e.key });
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    host.dispatch({ type: "select", atFocus: true }); // the focus square (or where it starts)
  } else if (e.key === "Escape") {
    host.dispatch({ type: "cancel" });
  }
}
