// Tafl-Kompendium board: a game the page opens with (a game link in the address, or a game kept
// in this tab: host.openWith) is brought into view and named next to the board, a component
// attached to the host (host.js BoardHost) with attachArrival(host).
//
// A game link's page would otherwise open at its top, the board far below and nothing on the
// first screen saying that a game was loaded. The board is scrolled into view once the page has
// loaded (after the browser's and the theme's own handling of the fragment, which finds no
// element for `#moves=…`), and again when the engine has opened the game, unless the reader has
// scrolled meanwhile; the note above the board says what was loaded and goes with the next
// change of the position.

import { isGameFragment } from "./address.js";
import { el } from "./elements.js";

/** Run `fn` once the page has loaded (its own scrolling to an anchor done), in the next frame. */
function afterLoad(fn) {
  const later = () => requestAnimationFrame(() => setTimeout(fn, 0));
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** The height the theme's fixed header covers at the top of the window (0 without one). */
function headerHeight() {
  const header = document.querySelector(".md-header");
  if (!header) return 0;
  const r = header.getBoundingClientRect();
  return r.top <= 0 && r.bottom > 0 ? r.bottom : 0;
}

/** Scroll the note (the board's top) to just under the theme's header; remembers where that
 *  left the page. */
function bringIntoView(host, arrival) {
  // the note is the first child of the board's figure: the figure's top, shown or not
  const target = (arrival.note.parentNode || host.root).getBoundingClientRect().top;
  window.scrollTo({ top: Math.max(0, window.scrollY + target - headerHeight() - 8), behavior: "instant" });
  arrival.scrolledTo = window.scrollY;
}

/** Whether the reader scrolled the page since the board brought itself into view. */
const readerScrolled = (arrival) => arrival.scrolledTo !== null && Math.abs(window.scrollY - arrival.scrolledTo) > 2;

/** The engine opened the game (`info.game`: a game fragment was opened; `info.kept`: it was the
 *  game kept in this tab, not the address's link). A refused link leaves the board at the
 *  variant's start under the page's rules: nothing was loaded, the link's refusal speaks. */
function opened(host, arrival, info) {
  if (!info.game) return;
  const o = host.origin, home = host.home;
  const loaded = host.st.cursor > 0 || host.alt.size > 0 || o.otn !== home.otn || o.to_move !== home.to_move;
  if (!loaded) return;
  const n = host.st.cursor;
  arrival.note.textContent = info.kept ? host.T.arrivedKept(n) : host.T.arrivedLink(n);
  arrival.note.hidden = false;
  arrival.otn = host.st.otn;
  if (!readerScrolled(arrival)) bringIntoView(host, arrival);
}

/** The arrival of `host`; returns its state {note, scrolledTo, otn}. Only a board that opens
 *  with a game (a link or a kept game) gets a note and is scrolled to. */
export function attachArrival(host) {
  const arrival = { note: null, scrolledTo: null, otn: null };
  if (!isGameFragment(host.openWith())) return arrival;
  arrival.note = el("p", { class: "tb-arrived", "data-role": "arrived", hidden: "" });
  const viewport = host.dom.viewport;
  const parent = viewport && viewport.parentNode ? viewport.parentNode : host.root;
  parent.insertBefore(arrival.note, parent.firstChild);
  afterLoad(() => { if (!readerScrolled(arrival)) bringIntoView(host, arrival); });
  host.on("ready", (info) => opened(host, arrival, info));
  host.on("render", () => {
    if (arrival.otn !== null && host.st.otn !== arrival.otn) { arrival.note.hidden = true; arrival.otn = null; }
  });
  return arrival;
}
