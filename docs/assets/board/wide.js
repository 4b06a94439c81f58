// Tafl-Kompendium board: the board-first layout ("Großes Brett" / "Large board"), a component
// attached to the host (host.js BoardHost) with attachWide(host). The reader switches it with
// the toolbar action `wide` (actions.js), which dispatches the intent {type: "wide"}; the choice
// is kept in localStorage (WIDE_KEY, for every variant page and both languages) and taken at
// the next page's mount.
//
// The reader who arrives to play gets it too, for that page only (not kept): a page opened with a
// shared game link in its address or at #board, a click on a link to #board (the page's "Spielen" /
// "Play" button), and starting play against the computer (opponent.js, intent
// {type: "wide", arrive: true}).
//
// The layout itself is CSS (board.css, "The board-first layout") on the root's `data-wide`:
// the site's navigation and table of contents hidden, the content across the screen's width,
// the board as large as the window's height allows beside a compact panel.

import { isGameFragment } from "./address.js";

/** The localStorage key of the board-first layout ("1" on; anything else off). */
export const WIDE_KEY = "tafl-board-wide";

function store() {
  try { return typeof localStorage === "undefined" ? null : localStorage; } catch { return null; }
}

/** Whether the board-first layout was left on (localStorage); false where storage is off. */
export function wideKept() {
  const s = store();
  try { return !!s && s.getItem(WIDE_KEY) === "1"; } catch { return false; }
}

/** Keep the board-first layout on or off for the next pages. */
export function keepWide(on) {
  const s = store();
  try { if (s) { if (on) s.setItem(WIDE_KEY, "1"); else s.removeItem(WIDE_KEY); } } catch { /* storage off or full */ }
}

/** Show the board of `host` board-first (`on`) or in the page's columns. */
function apply(host, on) {
  host.ui.wide = !!on;
  host.root.toggleAttribute("data-wide", !!on);
}

/** Whether the page was opened to play: at #board (the "Play" button's target) or with a game
 *  link (address.js isGameFragment) in its address that the board did not write itself (a
 *  history entry the board wrote names its game, `entryState.taflGame`: links.js syncAddress;
 *  a reload or Back to it is no arrival, and keeps the reader's own layout). */
export function arrivesToPlay(hash, entryState = null) {
  if (hash === "#board") return true;
  const written = !!entryState && typeof entryState === "object" && entryState.taflGame != null;
  return isGameFragment(hash) && !written;
}

/** Switch the board-first layout on for a reader who arrives to play (not kept); the board's
 *  top is brought under the theme's header. Nothing when it is on already. */
function arrive(host) {
  if (host.ui.wide) return;
  apply(host, true);
  host.render();
  if (typeof host.root.scrollIntoView === "function") host.root.scrollIntoView({ block: "start" });
}

/**
 * The board-first layout of `host`'s board (host.js BoardHost), taken from localStorage or on
 * for a reader who arrives to play (arrivesToPlay, a click on a link to #board), and its
 * intent {type: "wide"} (toggle, keep, say, bring the board into view; with `arrive: true`
 * on without keeping it, as arrive). Not on a mechanics page's example boards (returns false
 * there).
 */
export function attachWide(host) {
  if (host.data.example) return false;
  const at = typeof location === "undefined" ? "" : location.hash;
  apply(host, wideKept() || arrivesToPlay(at, typeof history === "undefined" ? null : history.state));
  if (typeof document !== "undefined") {
    document.addEventListener("click", (e) => {
      const link = e.target && typeof e.target.closest === "function" ? e.target.closest("a[href]") : null;
      if (link && link.getAttribute("href") === "#board") arrive(host);
    });
  }
  host.on("intent", (i) => {
    if (i.type !== "wide") return undefined;
    if (i.arrive) { arrive(host); return true; }
    const on = !host.ui.wide;
    apply(host, on);
    keepWide(on);
    host.render();
    host.say(on ? host.T.wideOn : host.T.wideOff);
    // the board's top under the theme's header (scroll-margin-top, board.css)
    if (on && typeof host.root.scrollIntoView === "function") host.root.scrollIntoView({ block: "start" });
    return true;
  });
  return true;
}
