// Tafl-Kompendium board: the DOM built once, as plain functions of (host, dom). buildDom(host)
// makes the live SVG over the page's static diagram's geometry, the panel and the toolbar (from
// the action registry, actions.js) and returns `dom`, the handles every drawing function and
// component uses (host.dom). No event handler here but the toolbar's clicks (the intent {type:
// "action"}) and the layout's own (zoom, resize): input.js
// binds the pointer and the keys, the components (editor.js, analysis.js, assumptions.js,
// opponent.js) add their own parts.

import { ACTIONS } from "./actions.js";
import { squareName } from "./address.js";
import { el, svgEl } from "./elements.js";

/** The geometry of the page's static SVG (`svg`, or null) for a board of `size` squares:
 *  {staticSvg, cell, margin, vb: [x, y, w, h], ox, oy} (SVG units), so the live board has
 *  the same shape; defaults where the diagram says nothing. */
export function readGeometry(svg, size) {
  const vb = (svg && svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
  const c = Number(svg && svg.getAttribute("data-cell"));
  const m = Number(svg && svg.getAttribute("data-margin"));
  const cell = c > 0 ? c : 40;
  const margin = m >= 0 && svg && svg.hasAttribute("data-margin") ? m : cell * 0.6;
  const box = vb.length === 4 && vb.every(Number.isFinite) ? vb
    : [0, 0, size * cell + 2 * margin, size * cell + 2 * margin];
  return { staticSvg: svg, cell, margin, vb: box, ox: box[0] + margin, oy: box[1] + margin };
}

/** The live SVG with its layers, in place of the static diagram; returns its handles. */
function buildSvg(host, geo) {
  const svg = svgEl("svg", {
    viewBox: geo.vb.join(" "), class: "tb-svg", role: "application", tabindex: "0",
    "aria-label": host.T.boardLabel(host.data.title || host.data.variant),
    "data-size": host.size, "data-cell": geo.cell, "data-margin": geo.margin,
    "aria-describedby": "tb-position-text",
  });
  // Only the square rects take pointer events; the layers above are drawn through.
  const through = { "aria-hidden": "true", "pointer-events": "none" };
  const g = {
    svg,
    gSquares: svgEl("g", { class: "tb-squares" }),
    gLabels: svgEl("g", { class: "tb-labels", ...through }),
    gMarks: svgEl("g", { class: "tb-marks", ...through }),
    gPieces: svgEl("g", { class: "tb-pieces", "pointer-events": "none" }),
    gTargets: svgEl("g", { class: "tb-target-dots", ...through }),
    gFocus: svgEl("g", { class: "tb-focus-layer", ...through }),
    // the rank numbers on a strip of their own, kept at the left edge of a zoomed board
    // scrolled sideways (buildZoom), drawn over the squares it then covers
    gRanks: svgEl("g", { class: "tb-ranks", "data-role": "ranks", ...through }),
  };
  svg.append(g.gSquares, g.gLabels, g.gMarks, g.gPieces, g.gTargets, g.gFocus, g.gRanks);
  return g;
}

/** The toolbar, one button per entry of the action registry (actions.js), in its order;
 *  a click dispatches the intent {type: "action", id}. */
export function buildToolbar(host, dom) {
  const T = host.T;
  const bar = el("div", { class: "tb-toolbar", role: "toolbar" });
  dom.buttons = {};
  for (const a of ACTIONS) {
    const b = el("button", { type: "button", "data-action": a.id, title: T.actionTitles[a.words] }, T.actions[a.words]);
    b.addEventListener("click", () => host.dispatch({ type: "action", id: a.id }));
    if (a.pressed) b.setAttribute("aria-pressed", "false");
    if (a.shown) b.hidden = true; // drawControls shows it when its time comes
    dom.buttons[a.id] = b;
    bar.append(b);
  }
  return bar;
}

/**
 * Build the board's DOM in `host.root` (notes/CONTRACTS.md, "Variant page ↔ board") and return
 * `dom`: the SVG and its layers, the geometry (cell, margin, vb, ox, oy), the panel's lines
 * (statusEl, engineEl, bannerEl, variantEl, messageEl), the toolbar's buttons, the share
 * field, the captures, the move list (movesWrap, moveListEl, marksEl), the live region and the
 * position text. Components add their parts after it.
 */
export function buildDom(host) {
  const T = host.T;
  const root = host.root;
  root.classList.add("tb-live");
  root.setAttribute("data-state", "loading");
  root.setAttribute("data-to-move", host.st.to_move);
  const geo = readGeometry(root.querySelector("svg"), host.size);
  const dom = { ...geo, ...buildSvg(host, geo), drag: null, staticKey: null };
  // the squares an example's diagram frames (its legend names them), drawn on the live board too
  dom.marked = geo.staticSvg ? [...geo.staticSvg.querySelectorAll("[data-mark]")].map((r) => r.getAttribute("data-mark")) : [];
  if (geo.staticSvg) geo.staticSvg.replaceWith(dom.svg);
  else root.prepend(dom.svg);
  buildZoom(host, dom);
  const cap = root.querySelector("figcaption");
  if (cap) cap.hidden = true; // the static text alternative describes the start position only

  const panel = el("div", { class: "tb-panel" });
  dom.panel = panel;
  dom.statusEl = el("p", { class: "tb-status", "data-role": "status" });
  dom.engineEl = el("p", { class: "tb-engine", "data-role": "engine-status" }, T.loading);
  dom.bannerEl = el("div", { class: "tb-banner", "data-role": "result", hidden: "" });
  dom.variantEl = el("p", { class: "tb-variant-notice", "data-role": "variant-notice", hidden: "" });
  dom.messageEl = el("p", { class: "tb-message", "data-role": "message", role: "status", hidden: "" });
  const bar = buildToolbar(host, dom);

  dom.shareEl = el("div", { class: "tb-share", hidden: "" });
  const shareLabel = el("label", {}, T.linkLabel);
  dom.shareInput = el("input", { type: "text", readonly: "", "data-role": "share-link", spellcheck: "false" });
  shareLabel.append(dom.shareInput);
  dom.shareEl.append(shareLabel);

  dom.capturesEl = el("ul", { class: "tb-captures", "data-role": "captures", "aria-label": T.captures });
  dom.movesWrap = el("div", { class: "tb-moves" });
  dom.movesWrap.append(el(`h${boardHeadingLevel(root)}`, { class: "tb-moves-title" }, T.moveList));
  dom.moveListEl = el("ol", { class: "tb-move-list", "data-role": "move-list" });
  dom.marksEl = el("ul", { class: "tb-marks-key", "data-role": "move-marks", hidden: "" });
  dom.movesWrap.append(dom.moveListEl, dom.marksEl);

  dom.liveEl = el("div", { class: "tb-sr", "aria-live": "polite", "data-role": "live" });
  // the position as text, the board's accessible description (draw.js drawPosition)
  dom.positionEl = el("p", { class: "tb-sr", id: "tb-position-text", "data-role": "position-text" });

  // The toolbar comes first: the lines below it change in length with the game (status,
  // result, notices), and a button must not move between two clicks (a double click on End
  // would hit Undo). The editor (editor.js) comes after the share field, the assumptions
  // (assumptions.js) after the move list.
  panel.append(bar, dom.statusEl, dom.engineEl, dom.bannerEl, dom.variantEl, dom.messageEl,
    dom.shareEl, dom.capturesEl, dom.movesWrap, dom.liveEl, dom.positionEl);
  const figure = dom.svg.closest("figure");
  if (figure && figure.parentNode === root) figure.after(panel);
  else root.append(panel);
  buildStatic(host, dom);
  watchLayout(host, dom);
  return dom;
}

/** The level (2-6) of the board's own headings: one under the last heading before the board
 *  in the page (the board's section's), so that the outline never skips a level (axe-core
 *  heading-order: a variant page's board stands under an h3, a mechanics page's example under
 *  an h2); h4 where no heading comes before it. */
export function boardHeadingLevel(root) {
  let level = 3;
  for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (root.contains(h)) continue;
    if (h.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING) level = Number(h.tagName[1]);
    else break;
  }
  return Math.min(6, Math.max(2, level + 1));
}

/** The zoom control (WCAG 2.5.8; styles: board.css, "The play layout"): the board's SVG in a
 *  sideways-scrolling .tb-viewport, a toggle button before it, and the board's width in
 *  squares (--tb-cells, margins included) for the zoomed minimum. */
function buildZoom(host, dom) {
  const svg = dom.svg;
  host.root.style.setProperty("--tb-cells", String(Math.round((dom.vb[2] / dom.cell) * 100) / 100));
  const bar = el("div", { class: "tb-zoombar" });
  dom.zoomButton = el("button", { type: "button", class: "tb-zoom", "data-role": "zoom", "aria-pressed": "false" }, host.T.zoom);
  dom.zoomButton.addEventListener("click", () => setZoom(host, dom, !dom.zoomed));
  bar.append(dom.zoomButton);
  const viewport = el("div", { class: "tb-viewport" });
  svg.replaceWith(viewport);
  viewport.append(svg);
  viewport.before(bar);
  dom.viewport = viewport;
  viewport.addEventListener("scroll", () => keepRanksInView(dom), { passive: true });
  dom.zoomed = false;
}

/** The rank numbers stay in view while a zoomed board is scrolled sideways: their strip is
 *  moved by the scrolled width (CSS px turned into the SVG's units). */
export function keepRanksInView(dom) {
  const w = dom.svg.getBoundingClientRect().width;
  const dx = dom.viewport && w > 0 ? (dom.viewport.scrollLeft * dom.vb[2]) / w : 0;
  const strip = dom.rankStrip;
  if (dx > 0) dom.gRanks.setAttribute("transform", `translate(${Math.round(dx * 100) / 100} 0)`);
  else dom.gRanks.removeAttribute("transform");
  if (strip) strip.setAttribute("visibility", dx > 0 ? "visible" : "hidden");
}

/** Zoom the board in (`on`) or back to fitting its place. */
function setZoom(host, dom, on) {
  dom.zoomed = !!on;
  if (on) host.root.setAttribute("data-zoom", "in");
  else host.root.removeAttribute("data-zoom");
  keepRanksInView(dom);
  dom.zoomButton.setAttribute("aria-pressed", String(dom.zoomed));
}

/** Layout watchers: the zoom button where the fitted squares are under 24 CSS px (the board
 *  opens fitted, the whole of it in view, also on a touch screen: the reader zooms), again on
 *  every resize; and Material's "back to top" button hidden
 *  while the board is in view (html.tb-board-in-view, site.css), so it never covers a rank. */
function watchLayout(host, dom) {
  const squarePx = () => dom.svg.getBoundingClientRect().width * dom.cell / dom.vb[2];
  const fit = () => {
    if (dom.zoomed) return;
    const small = squarePx() > 0 && squarePx() < 24;
    host.root.toggleAttribute("data-zoomable", small);
    return small;
  };
  fit();
  if (typeof ResizeObserver === "function") new ResizeObserver(fit).observe(host.root);
  if (typeof IntersectionObserver === "function") {
    new IntersectionObserver((entries) => {
      for (const e of entries) document.documentElement.classList.toggle("tb-board-in-view", e.isIntersecting);
    }).observe(dom.svg);
  }
}

/** Squares, special squares and coordinates: rebuilt only on flip or when the special squares
 *  change (a switched assumption); `dom.staticKey` says for which. */
export function buildStatic(host, dom) {
  const { cell } = dom;
  const size = host.size;
  const special = host.st.special || {};
  dom.staticKey = JSON.stringify([host.ui.flipped, special]);
  dom.gSquares.replaceChildren();
  dom.gLabels.replaceChildren();
  dom.gRanks.replaceChildren();
  dom.rankStrip = null;
  dom.squareEls = {};
  const kindOf = {};
  for (const k of ["throne", "corners", "camps"]) for (const s of special[k] || []) kindOf[s] = k;
  dom.gSquares.append(svgEl("rect", {
    x: dom.ox, y: dom.oy, width: size * cell, height: size * cell, class: "tb-frame",
  }));
  for (let f = 0; f < size; f++) {
    for (let r = 0; r < size; r++) {
      const sq = squareName(f, r);
      const [c, w] = host.cellOf(sq);
      const x = dom.ox + c * cell, y = dom.oy + w * cell;
      const rect = svgEl("rect", {
        x, y, width: cell, height: cell, class: "tb-sq" + (kindOf[sq] ? ` tb-${kindOf[sq]}` : ""), "data-square": sq,
      });
      dom.squareEls[sq] = rect;
      dom.gSquares.append(rect);
      const kind = kindOf[sq];
      if (kind === "throne" || kind === "corners") { // as build_tools/diagram.py draws them
        const i = cell * 0.2;
        const d = kind === "throne"
          ? `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}M${x + cell - i} ${y + i}L${x + i} ${y + cell - i}`
          : `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}`;
        dom.gSquares.append(svgEl("path", { d, class: "tb-special-mark", "pointer-events": "none" }));
      }
    }
  }
  for (const sq of dom.marked || []) { // as build_tools/templates/diagram.svg.j2 frames them
    const [c, w] = host.cellOf(sq);
    dom.gSquares.append(svgEl("rect", {
      x: dom.ox + c * cell + 2, y: dom.oy + w * cell + 2, width: cell - 4, height: cell - 4,
      class: "tb-marked", "data-mark": sq, fill: "none", stroke: "#c62828", "stroke-width": 3, "pointer-events": "none",
    }));
  }
  if (dom.margin >= cell * 0.3) buildCoordinates(host, dom);
  keepRanksInView(dom); // a flip redraws the strip: shown again where the board is scrolled
}

/** The file letters under the board and the rank numbers on their strip (gRanks). */
function buildCoordinates(host, dom) {
  const { cell, size } = { cell: dom.cell, size: host.size };
  const fs = cell * 0.42;
  dom.rankStrip = svgEl("rect", { class: "tb-rank-strip", visibility: "hidden", x: dom.vb[0], y: dom.vb[1], width: dom.ox - dom.vb[0], height: dom.vb[3] });
  dom.gRanks.append(dom.rankStrip);
  for (let i = 0; i < size; i++) {
    const fileSq = host.squareAtCell(i, size - 1);
    const rankSq = host.squareAtCell(0, i);
    const common = { "font-size": fs, "text-anchor": "middle", "dominant-baseline": "central", class: "tb-label" };
    const ft = svgEl("text", { ...common, x: dom.ox + (i + 0.5) * cell, y: dom.oy + size * cell + dom.margin / 2 });
    ft.textContent = fileSq[0];
    const rt = svgEl("text", { ...common, x: dom.ox - dom.margin / 2, y: dom.oy + (i + 0.5) * cell });
    rt.textContent = rankSq.slice(1);
    dom.gLabels.append(ft);
    dom.gRanks.append(rt);
  }
}

/** A piece of `kind` on square `sq` (a dragged piece where the drag has it). */
export function pieceEl(host, dom, sq, kind) {
  const [c, w] = host.cellOf(sq);
  const { cell } = dom;
  const cx = dom.ox + (c + 0.5) * cell, cy = dom.oy + (w + 0.5) * cell;
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
    const h = radius * 0.62, w2 = radius * 0.46;
    g.append(svgEl("path", { d: `M${cx} ${cy - h}L${cx + w2} ${cy}L${cx} ${cy + h}L${cx - w2} ${cy}Z`, class: "tb-mark tb-knight-diamond" }));
  }
  const drag = dom.drag;
  if (drag && drag.moved && drag.from === sq) {
    g.classList.add("tb-dragging");
    g.setAttribute("transform", `translate(${drag.dx} ${drag.dy})`);
    drag.el = g;
  }
  return g;
}

/** A link to rule `ref` (§5.3) of the page (board-data `sections`), or its text alone. */
export function ruleLink(host, ref) {
  const anchor = ref && host.data.sections ? host.data.sections[ref] : null;
  const text = `§${ref}`;
  // an anchor on this page, or (example boards) on the variant's page: ../../variants/<slug>/#sec-5-3
  if (typeof anchor === "string" && /^(?:(?:\.\.\/)+(?:en\/)?variants\/[a-z0-9-]+\/)?#[A-Za-z0-9_\-.]+$/.test(anchor)) {
    return el("a", { href: anchor, title: `${host.T.rule} ${ref}` }, text);
  }
  return document.createTextNode(text);
}
