// Tafl-Kompendium board: the kept game. The game on a board survives a
// reload, Back/Forward and the language switch to the same page in the other language: after
// every change the board stores the fragment of its share link (links.js linkFragment: the
// bounded snapshot `pos=…&turn=…&moves=…&alt=…`, switched assumptions included) in the tab's
// sessionStorage, under a key of the variant (and, on a mechanics page, the example), the
// same in both languages. At mount the board opens a kept game only when the address holds no
// game link: a shared link wins. Restart back to the variant's start forgets it.
//
// What storage hands back is untrusted (another script of the same origin, an older build, a
// hand-edited value): it is read as strictly as an address (address.js readFragment) after a
// length bound, and anything else is ignored, never thrown. The functions without `storage`
// touch no DOM (unit-tested: tests/js/keep.test.mjs); those with it take the Storage object
// (sessionStorage in the page, a stand-in in the tests) and never throw either (a storage
// that refuses access or is full just keeps nothing).

import { FRAGMENT_MAX, readFragment } from "./address.js";

/** The stored value's format; a value of another version is ignored (and dropped). */
export const KEEP_VERSION = 1;
/** Prefix of every key this module writes. */
export const KEEP_PREFIX = "tafl-kept:";
/** characters: a stored value longer than this is not read (a fragment and the JSON around it) */
export const KEPT_MAX = FRAGMENT_MAX + 64;

const SLUG_RE = /^[a-z0-9-]{1,64}$/;
const EXAMPLE_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The storage key of a board: `tafl-kept:<slug>` for a variant page (the same on the German
 * and the English page), `tafl-kept:<slug>/<example>` for an example board of a mechanics page
 * (its own start position). null when the names are not plain (then nothing is kept).
 * `data`: the board-data object ({variant, example?}).
 */
export function keepKey(data) {
  const slug = data && data.variant;
  if (typeof slug !== "string" || !SLUG_RE.test(slug)) return null;
  const ex = data.example;
  if (ex === undefined || ex === null || ex === "") return KEEP_PREFIX + slug;
  return typeof ex === "string" && EXAMPLE_RE.test(ex) ? `${KEEP_PREFIX}${slug}/${ex}` : null;
}

/** The stored text for the link fragment `frag` (without "#"): JSON {v, frag}. Throws
 *  RangeError for a fragment over FRAGMENT_MAX (the board never makes one). */
export function encodeKept(frag) {
  if (typeof frag !== "string" || frag.length > FRAGMENT_MAX) throw new RangeError("kept game: fragment too long");
  return JSON.stringify({ v: KEEP_VERSION, frag });
}

/**
 * The link fragment (without "#") kept in the stored text `text`, or null: null for no value,
 * a value over KEPT_MAX characters, text that is not JSON, JSON that is not {v: KEEP_VERSION,
 * frag: string}, and a fragment that address.js does not read as a game link (with
 * `assumptionKeys` the keys the board may switch). Never throws.
 */
export function decodeKept(text, assumptionKeys = []) {
  if (typeof text !== "string" || text.length === 0 || text.length > KEPT_MAX) return null;
  let value;
  try { value = JSON.parse(text); } catch { return null; }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  if (value.v !== KEEP_VERSION || typeof value.frag !== "string") return null;
  const frag = value.frag;
  if (frag.length === 0 || frag.length > FRAGMENT_MAX || frag.startsWith("#")) return null;
  let read;
  try { read = readFragment("#" + frag, assumptionKeys); } catch { return null; }
  return read && read.ok ? frag : null;
}

/** The kept fragment under `key` in `storage`, or null (nothing kept, unreadable: an
 *  unreadable value is removed). Never throws. */
export function loadKept(storage, key, assumptionKeys = []) {
  if (!storage || !key) return null;
  let text = null;
  try { text = storage.getItem(key); } catch { return null; }
  if (text === null || text === undefined) return null;
  const frag = decodeKept(text, assumptionKeys);
  if (frag === null) forgetKept(storage, key);
  return frag;
}

/** Keep the fragment `frag` under `key`; returns whether it was stored. Never throws. */
export function saveKept(storage, key, frag) {
  if (!storage || !key) return false;
  try {
    storage.setItem(key, encodeKept(frag));
    return true;
  } catch {
    return false;
  }
}

/** Forget the game kept under `key`. Never throws. */
export function forgetKept(storage, key) {
  if (!storage || !key) return;
  try { storage.removeItem(key); } catch { /* nothing kept then */ }
}

/** The page's sessionStorage, or null where the browser refuses it (a sandboxed frame, storage
 *  switched off): reading `window.sessionStorage` itself may throw. */
export function sessionStore() {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

// --- the opponent's settings (opponent.js): kept with the game, so that a reload or the other
// language's page goes on against the computer as before

/** Where the opponent's settings of the board with key `gameKey` (keepKey) are kept. */
export function opponentKey(gameKey) {
  return typeof gameKey === "string" && gameKey.startsWith(KEEP_PREFIX) ? `tafl-opponent:${gameKey.slice(KEEP_PREFIX.length)}` : null;
}

/** The stored text of the opponent's settings `{on, human, level}`: JSON {v, on, human, level}. */
export function encodeOpponent({ on, human, level }) {
  return JSON.stringify({ v: KEEP_VERSION, on: !!on, human: String(human), level: String(level) });
}

/**
 * The opponent's settings `{on, human, level}` in the stored text `text`, or null: null for
 * anything over 200 characters, not JSON, another version, `on` not a boolean, `human` not
 * attackers/defenders, `level` not one of `levels`. Never throws.
 */
export function decodeOpponent(text, levels) {
  if (typeof text !== "string" || text.length === 0 || text.length > 200) return null;
  let value;
  try { value = JSON.parse(text); } catch { return null; }
  if (!value || typeof value !== "object" || Array.isArray(value) || value.v !== KEEP_VERSION) return null;
  const { on, human, level } = value;
  if (typeof on !== "boolean" || (human !== "attackers" && human !== "defenders")) return null;
  if (typeof level !== "string" || !Array.isArray(levels) || !levels.includes(level)) return null;
  return { on, human, level };
}
