// Tafl-Kompendium board: the DOM it builds once (the live SVG over the page's static diagram's
// geometry, the panel, toolbar, editor and assumption switches) and the drawing of one piece.
// Layer 1 of the board class: View <- Render (render.js) <- Input (input.js) <- Editor
// (editor.js) <- Analysis (analysis.js) <- Early (early.js) <- Board (board.js).

import { squareName } from "./address.js";
import { boardFocused, cellOf, setEditorPieces, setEditorTurn, squareAtCell, usedInput } from "./state.js";
import { nameColon, ruleAndValue } from "./words.js";

export const SVGNS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}


export class View {
  // --- geometry, read from the static SVG so the live board has the same shape
  readGeometry() {
    const svg = this.root.querySelector("svg");
    this.staticSvg = svg;
    const vb = (svg && svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
    const cell = Number(svg && svg.getAttribute("data-cell"));
    const margin = Number(svg && svg.getAttribute("data-margin"));
    this.cell = cell > 0 ? cell : 40;
    this.margin = margin >= 0 && svg && svg.hasAttribute("data-margin") ? margin : this.cell * 0.6;
    this.vb = vb.length === 4 && vb.every(Number.isFinite) ? vb
      : [0, 0, this.size * this.cell + 2 * this.margin, this.size * this.cell + 2 * this.margin];
    this.ox = this.vb[0] + this.margin;
    this.oy = this.vb[1] + this.margin;
  }

  /** Screen column/row of a square (0-based, row 0 at the top), honouring the flip. */
  cellOf(sq) { return cellOf(this.size, this.ui.flipped, sq); }

  squareAtCell(col, row) { return squareAtCell(this.size, this.ui.flipped, col, row); }

  squareAtClient(x, y) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return this.squareAtCell(Math.floor((p.x - this.ox) / this.cell), Math.floor((p.y - this.oy) / this.cell));
  }

  // --- DOM
  buildDom() {
    const T = this.T;
    const root = this.root;
    root.classList.add("tb-live");
    root.setAttribute("data-state", "loading");
    root.setAttribute("data-to-move", this.st.to_move);

    const svg = svgEl("svg", {
      viewBox: this.vb.join(" "), class: "tb-svg", role: "application", tabindex: "0",
      "aria-label": T.boardLabel(this.data.title || this.data.variant),
      "data-size": this.size, "data-cell": this.cell, "data-margin": this.margin,
      "aria-describedby": "tb-position-text",
    });
    this.svg = svg;
    this.gSquares = svgEl("g", { class: "tb-squares" });
    // Only the square rects take pointer events; the layers above are drawn through.
    const through = { "aria-hidden": "true", "pointer-events": "none" };
    this.gLabels = svgEl("g", { class: "tb-labels", ...through });
    this.gMarks = svgEl("g", { class: "tb-marks", ...through });
    this.gPieces = svgEl("g", { class: "tb-pieces", "pointer-events": "none" });
    this.gTargets = svgEl("g", { class: "tb-target-dots", ...through });
    this.gFocus = svgEl("g", { class: "tb-focus-layer", ...through });
    // the rank numbers on a strip of their own, kept at the left edge of a zoomed board
    // scrolled sideways (buildZoom), drawn over the squares it then covers
    this.gRanks = svgEl("g", { class: "tb-ranks", "data-role": "ranks", ...through });
    svg.append(this.gSquares, this.gLabels, this.gMarks, this.gPieces, this.gTargets, this.gFocus, this.gRanks);
    if (this.staticSvg) this.staticSvg.replaceWith(svg);
    else root.prepend(svg);
    this.buildZoom();
    const cap = root.querySelector("figcaption");
    if (cap) cap.hidden = true; // the static text alternative describes the start position only

    const panel = el("div", { class: "tb-panel" });
    this.statusEl = el("p", { class: "tb-status", "data-role": "status" });
    this.engineEl = el("p", { class: "tb-engine", "data-role": "engine-status" }, T.loading);
    this.bannerEl = el("div", { class: "tb-banner", "data-role": "result", hidden: "" });
    this.variantEl = el("p", { class: "tb-variant-notice", "data-role": "variant-notice", hidden: "" });
    this.messageEl = el("p", { class: "tb-message", "data-role": "message", role: "status", hidden: "" });

    const bar = el("div", { class: "tb-toolbar", role: "toolbar" });
    this.buttons = {};
    for (const a of ["end", "undo", "redo", "reset", "flip", "edit", "share"]) {
      const b = el("button", { type: "button", "data-action": a, title: T.actionTitles[a] }, T.actions[a]);
      b.addEventListener("click", () => this.onAction(a));
      this.buttons[a] = b;
      bar.append(b);
    }
    this.buttons.edit.setAttribute("aria-pressed", "false");
    this.buttons.end.hidden = true; // shown during a berserk turn only

    this.shareEl = el("div", { class: "tb-share", hidden: "" });
    const shareLabel = el("label", {}, T.linkLabel);
    this.shareInput = el("input", { type: "text", readonly: "", "data-role": "share-link", spellcheck: "false" });
    shareLabel.append(this.shareInput);
    this.shareEl.append(shareLabel);

    this.editorEl = this.buildEditor();

    this.capturesEl = el("ul", { class: "tb-captures", "data-role": "captures", "aria-label": T.captures });
    const movesWrap = el("div", { class: "tb-moves" });
    movesWrap.append(el("h4", {}, T.moveList));
    this.moveListEl = el("ol", { class: "tb-move-list", "data-role": "move-list" });
    this.marksEl = el("ul", { class: "tb-marks-key", "data-role": "move-marks", hidden: "" });
    movesWrap.append(this.moveListEl, this.marksEl);

    this.assumptionsEl = this.buildAssumptions();
    this.liveEl = el("div", { class: "tb-sr", "aria-live": "polite", "data-role": "live" });
    // the position as text, the board's accessible description (render.js renderPosition)
    this.positionEl = el("p", { class: "tb-sr", id: "tb-position-text", "data-role": "position-text" });

    // The toolbar comes first: the lines below it change in length with the game (status,
    // result, notices), and a button must not move between two clicks (a double click on End
    // would hit Undo).
    panel.append(bar, this.statusEl, this.engineEl, this.bannerEl, this.variantEl, this.messageEl,
      this.shareEl, this.editorEl, this.capturesEl, movesWrap);
    if (this.assumptionsEl) panel.append(this.assumptionsEl);
    panel.append(this.liveEl, this.positionEl);
    const figure = svg.closest("figure");
    if (figure && figure.parentNode === root) figure.after(panel);
    else root.append(panel);

    // pointer input (mouse, pen, touch): click-click and drag
    svg.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    svg.addEventListener("pointermove", (e) => this.onPointerMove(e));
    svg.addEventListener("pointerup", (e) => this.onPointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
    svg.addEventListener("keydown", (e) => this.onKey(e));
    svg.addEventListener("focus", () => {
      boardFocused(this.ui, true);
      if (svg.matches(":focus-visible")) usedInput(this.ui, true);
      this.renderFocus();
    });
    svg.addEventListener("blur", () => { boardFocused(this.ui, false); this.renderFocus(); });
    window.addEventListener("hashchange", () => this.onHashChange());
    this.buildStatic();
    this.watchLayout();
  }

  /** The zoom control (issue #14, WCAG 2.5.8; styles: board.css, "The play layout"): the
   *  board's SVG in a sideways-scrolling .tb-viewport, a toggle button before it, and the
   *  board's width in squares (--tb-cells, margins included) for the zoomed minimum. */
  buildZoom() {
    const svg = this.svg;
    this.root.style.setProperty("--tb-cells", String(Math.round((this.vb[2] / this.cell) * 100) / 100));
    const bar = el("div", { class: "tb-zoombar" });
    this.zoomButton = el("button", { type: "button", class: "tb-zoom", "data-role": "zoom", "aria-pressed": "false" }, this.T.zoom);
    this.zoomButton.addEventListener("click", () => this.setZoom(!this.zoomed));
    bar.append(this.zoomButton);
    const viewport = el("div", { class: "tb-viewport" });
    svg.replaceWith(viewport);
    viewport.append(svg);
    viewport.before(bar);
    this.viewport = viewport;
    viewport.addEventListener("scroll", () => this.keepRanksInView(), { passive: true });
    this.zoomed = false;
  }

  /** The rank numbers stay in view while a zoomed board is scrolled sideways: their strip is
   *  moved by the scrolled width (CSS px turned into the SVG's units). */
  keepRanksInView() {
    const w = this.svg.getBoundingClientRect().width;
    const dx = this.viewport && w > 0 ? (this.viewport.scrollLeft * this.vb[2]) / w : 0;
    const strip = this.rankStrip;
    if (dx > 0) this.gRanks.setAttribute("transform", `translate(${Math.round(dx * 100) / 100} 0)`);
    else this.gRanks.removeAttribute("transform");
    if (strip) strip.setAttribute("visibility", dx > 0 ? "visible" : "hidden");
  }

  /** Zoom the board in (`on`) or back to fitting its place. */
  setZoom(on) {
    this.zoomed = !!on;
    if (on) this.root.setAttribute("data-zoom", "in");
    else this.root.removeAttribute("data-zoom");
    this.keepRanksInView();
    this.zoomButton.setAttribute("aria-pressed", String(this.zoomed));
  }

  /** The size of a square now, in CSS px. */
  squarePx() { return this.svg.getBoundingClientRect().width * this.cell / this.vb[2]; }

  /** Layout watchers: the zoom button where the fitted squares are under 24 CSS px (zoomed at
   *  once on a touch screen), again on every resize; and Material's "back to top" button hidden
   *  while the board is in view (html.tb-board-in-view, site.css), so it never covers a rank. */
  watchLayout() {
    const fit = () => {
      if (this.zoomed) return;
      const small = this.squarePx() > 0 && this.squarePx() < 24;
      this.root.toggleAttribute("data-zoomable", small);
      return small;
    };
    const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
    if (fit() && coarse) this.setZoom(true);
    if (typeof ResizeObserver === "function") new ResizeObserver(fit).observe(this.root);
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((entries) => {
        for (const e of entries) document.documentElement.classList.toggle("tb-board-in-view", e.isIntersecting);
      }).observe(this.svg);
    }
  }

  buildEditor() {
    const T = this.T;
    const box = el("fieldset", { class: "tb-editor", "data-role": "editor", hidden: "" });
    box.append(el("legend", {}, T.editorTitle), el("p", { class: "tb-help" }, T.editorHelp));
    const tools = el("div", { class: "tb-tools" });
    const name = `tb-tool-${this.data.variant}`;
    // Commander and knight tools only where the variant's own layout has such pieces (the
    // engine refuses them elsewhere: no rules for them).
    const layoutKinds = new Set(Object.values(this.data.layout_pieces || this.data.pieces || {}));
    const kinds = ["attacker", "defender", "king", ...["commander", "knight"].filter((k) => layoutKinds.has(k))];
    for (const t of [...kinds, "remove"]) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name, value: t, "data-tool": t });
      if (t === "attacker") r.checked = true;
      lab.append(r, document.createTextNode(" " + T.tool[t]));
      tools.append(lab);
    }
    this.toolInputs = tools.querySelectorAll("input");
    const side = el("div", { class: "tb-editor-side" });
    side.append(el("span", {}, T.editorToMove + ": "));
    const sname = `tb-side-${this.data.variant}`;
    for (const s of ["attackers", "defenders"]) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name: sname, value: s, "data-editor-turn": s });
      r.addEventListener("change", () => { if (this.ui.editor && r.checked) setEditorTurn(this.ui, s); });
      lab.append(r, document.createTextNode(" " + T.side[s]));
      side.append(lab);
    }
    this.sideInputs = side.querySelectorAll("input");
    const btns = el("div", { class: "tb-editor-buttons" });
    const mk = (role, text, fn) => {
      const b = el("button", { type: "button", "data-editor": role }, text);
      b.addEventListener("click", fn);
      btns.append(b);
    };
    mk("clear", T.editorClear, () => { setEditorPieces(this.ui, {}); this.render(); });
    mk("start", T.editorStart, () => {
      setEditorPieces(this.ui, this.data.pieces);
      this.setEditorTurn(this.home.to_move || this.firstMover());
      this.render();
    });
    mk("play", T.editorPlay, () => this.editorPlay());
    mk("cancel", T.editorCancel, () => this.leaveEditor());
    box.append(tools, side, btns);
    return box;
  }

  buildAssumptions() {
    const list = Array.isArray(this.data.assumptions) ? this.data.assumptions : [];
    const usable = list.filter((a) => a && a.key && a.alternative !== null && a.alternative !== undefined);
    this.assumptionKeys = usable.map((a) => String(a.key));
    if (!list.length) return null;
    const T = this.T;
    const box = el("fieldset", { class: "tb-assumptions", "data-role": "assumptions" });
    box.append(el("legend", {}, T.assumptionsTitle), el("p", { class: "tb-help" }, T.assumptionsHelp));
    this.altInputs = {};
    const ul = el("ul", {});
    for (const a of list) {
      const li = el("li", { "data-assumption": String(a.key) });
      const label = typeof a.label === "string" ? a.label : this.ruleName(a.key);
      const value = typeof a.value_label === "string" ? a.value_label : this.valueName(a.key, a.value);
      li.append(el("strong", {}, `${label}${nameColon(label)} `), document.createTextNode(`${value} (${T.assumed})`));
      if (a.note) li.append(el("span", { class: "tb-note" }, " — " + String(a.note)));
      if (a.alternative !== null && a.alternative !== undefined) {
        const lab = el("label", { class: "tb-switch" });
        const cb = el("input", { type: "checkbox", "data-alternative": String(a.key) });
        cb.addEventListener("change", () => this.onAssumptionSwitch(String(a.key), cb.checked));
        this.altInputs[a.key] = cb;
        lab.append(cb, document.createTextNode(` ${T.useAlternative}: ${this.altText(a)}`));
        li.append(el("br"), lab);
      }
      ul.append(li);
    }
    box.append(ul);
    return box;
  }

  // Rule and value names come from the page (board-data `label`, `value_label`,
  // `alternative_label`, written from build_tools/labels.py); the raw key is the last resort.
  ruleName(key) { return String(key); }

  valueName(key, v) {
    if (Array.isArray(v)) return v.join(", ");
    return String(v);
  }

  altText(a) {
    if (typeof a.alternative_label === "string") return a.alternative_label;
    const alt = a.alternative;
    if (alt && typeof alt === "object" && !Array.isArray(alt)) {
      return Object.entries(alt).map(([k, v]) => ruleAndValue(this.ruleName(k), this.valueName(k, v))).join("; ");
    }
    return this.valueName(a.key, alt);
  }

  /** Squares, special squares and coordinates: rebuilt only on flip. */
  buildStatic() {
    const { cell, size } = this;
    this.staticKey = JSON.stringify([this.ui.flipped, this.st.special || {}]);
    this.gSquares.replaceChildren();
    this.gLabels.replaceChildren();
    this.gRanks.replaceChildren();
    this.rankStrip = null;
    this.squareEls = {};
    const special = this.st.special || {};
    const kindOf = {};
    for (const k of ["throne", "corners", "camps"]) for (const s of special[k] || []) kindOf[s] = k;
    this.gSquares.append(svgEl("rect", {
      x: this.ox, y: this.oy, width: size * cell, height: size * cell, class: "tb-frame",
    }));
    for (let f = 0; f < size; f++) {
      for (let r = 0; r < size; r++) {
        const sq = squareName(f, r);
        const [c, w] = this.cellOf(sq);
        const rect = svgEl("rect", {
          x: this.ox + c * cell, y: this.oy + w * cell, width: cell, height: cell,
          class: "tb-sq" + (kindOf[sq] ? ` tb-${kindOf[sq]}` : ""), "data-square": sq,
        });
        this.squareEls[sq] = rect;
        this.gSquares.append(rect);
        const kind = kindOf[sq];
        if (kind === "throne" || kind === "corners") { // as build_tools/diagram.py draws them
          const x = this.ox + c * cell, y = this.oy + w * cell, i = cell * 0.2;
          const d = kind === "throne"
            ? `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}M${x + cell - i} ${y + i}L${x + i} ${y + cell - i}`
            : `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}`;
          this.gSquares.append(svgEl("path", { d, class: "tb-special-mark", "pointer-events": "none" }));
        }
      }
    }
    if (this.margin >= cell * 0.3) {
      const fs = cell * 0.42;
      this.rankStrip = svgEl("rect", { class: "tb-rank-strip", visibility: "hidden", x: this.vb[0], y: this.vb[1], width: this.ox - this.vb[0], height: this.vb[3] });
      this.gRanks.append(this.rankStrip);
      for (let i = 0; i < size; i++) {
        const fileSq = this.squareAtCell(i, size - 1);
        const rankSq = this.squareAtCell(0, i);
        const common = { "font-size": fs, "text-anchor": "middle", "dominant-baseline": "central", class: "tb-label" };
        const ft = svgEl("text", { ...common, x: this.ox + (i + 0.5) * cell, y: this.oy + size * cell + this.margin / 2 });
        ft.textContent = fileSq[0];
        const rt = svgEl("text", { ...common, x: this.ox - this.margin / 2, y: this.oy + (i + 0.5) * cell });
        rt.textContent = rankSq.slice(1);
        this.gLabels.append(ft);
        this.gRanks.append(rt);
      }
    }
    this.keepRanksInView(); // a flip redraws the strip: shown again where the board is scrolled
  }

  pieceEl(sq, kind) {
    const [c, w] = this.cellOf(sq);
    const { cell } = this;
    const cx = this.ox + (c + 0.5) * cell, cy = this.oy + (w + 0.5) * cell;
    const g = svgEl("g", { class: `tb-piece tb-${kind}`, "data-piece": kind, "data-square": sq });
    const radius = cell * 0.38;
    g.append(svgEl("circle", { cx, cy, r: radius, class: "tb-body" }));
    // Marks as build_tools/diagram.py draws them, so pieces differ by shape, not colour alone:
    // the king a cross, a commander a light ring on its dark disc, the knight a dark diamond.
    if (kind === "king") {
      const k = radius * 0.6;
      g.append(svgEl("path", { d: `M${cx - k} ${cy}H${cx + k}M${cx} ${cy - k}V${cy + k}`, class: "tb-king-cross" }));
    } else if (kind === "commander") {
      g.append(svgEl("circle", { cx, cy, r: radius * 0.58, class: "tb-mark tb-commander-ring" }));
    } else if (kind === "knight") {
      const h = radius * 0.62, w = radius * 0.46;
      g.append(svgEl("path", { d: `M${cx} ${cy - h}L${cx + w} ${cy}L${cx} ${cy + h}L${cx - w} ${cy}Z`, class: "tb-mark tb-knight-diamond" }));
    }
    if (this.drag && this.drag.moved && this.drag.from === sq) {
      g.classList.add("tb-dragging");
      g.setAttribute("transform", `translate(${this.drag.dx} ${this.drag.dy})`);
      this.drag.el = g;
    }
    return g;
  }

  ruleLink(ref) {
    const T = this.T;
    const anchor = ref && this.data.sections ? this.data.sections[ref] : null;
    const text = `§${ref}`;
    // an anchor on this page, or (example boards) on the variant's page: ../../variants/<slug>/#sec-5-3
    if (typeof anchor === "string" && /^(?:(?:\.\.\/)+(?:en\/)?variants\/[a-z0-9-]+\/)?#[A-Za-z0-9_\-.]+$/.test(anchor)) {
      const a = el("a", { href: anchor, title: `${T.rule} ${ref}` }, text);
      return a;
    }
    return document.createTextNode(text);
  }
}
