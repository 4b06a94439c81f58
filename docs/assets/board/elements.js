// Tafl-Kompendium board: making elements (no state; used by dom.js, draw.js and the components).

export const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element `tag` with attributes `attrs` and text `text` (null: none). */
export function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

/** An SVG element `tag` with attributes `attrs`. */
export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
