// Tafl-Kompendium board: the board's orientation (Flip, actions.js) kept in this tab, a
// component attached to the host (host.js BoardHost) with attachOrientation(host): a reader who
// turned the board round finds it so after a reload and on the other language's page of the
// variant, as the game itself is kept (keep.js). Stored: sessionStorage `tafl-flip:<slug>`
// (an example board `tafl-flip:<slug>/<example>`), the text "1" while flipped; anything else
// counts as not flipped.

import { KEEP_PREFIX, keepKey, sessionStore } from "./keep.js";
import { flip } from "./state.js";

/** Where the orientation of the board with board-data `data` is kept, or null. */
export function flipKey(data) {
  const key = keepKey(data);
  return key ? "tafl-flip:" + key.slice(KEEP_PREFIX.length) : null;
}

/** The orientation of `host`: flipped at once when this tab kept it so; kept after each
 *  render that changed it. Never throws (storage refused: the board simply forgets). */
export function attachOrientation(host) {
  const store = sessionStore();
  const key = flipKey(host.data);
  if (!store || !key) return;
  let kept = false;
  try { kept = store.getItem(key) === "1"; } catch { kept = false; }
  if (kept && !host.ui.flipped) flip(host.ui);
  host.on("render", () => {
    if (host.ui.flipped === kept) return;
    kept = host.ui.flipped;
    try {
      if (kept) store.setItem(key, "1"); else store.removeItem(key);
    } catch { /* storage full or refused */ }
  });
}
