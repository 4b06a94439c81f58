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

/** The stored text for the link fragment `frag` (without "#"): JSON {v, frag}, with `game`
 *  and `rev` when `meta` names them (see "Revisions" below). Throws RangeError for a fragment
 *  over FRAGMENT_MAX (the board never makes one). */
export function encodeKept(frag, meta = null) {
  if (typeof frag !== "string" || frag.length > FRAGMENT_MAX) throw new RangeError("kept game: fragment too long");
  const value = { v: KEEP_VERSION, frag };
  if (meta && isGameId(meta.game)) value.game = meta.game;
  if (meta && isRevision(meta.rev)) value.rev = meta.rev;
  return JSON.stringify(value);
}

// --- Revisions: history entries and the kept game never go back in time.
//
// Every change of the board's game (a move, Undo, Redo, Restart, switched rules, a set-up, an
// import, a link opened) takes a new revision from one counter per tab (sessionStorage, shared
// by every page of the site in the tab, so by both languages; nextRevision). The history
// entries the board writes (links.js syncAddress) and the kept game carry the game's id and
// the revision of the copy they hold. The rule:
//  - the kept game is written only by a copy at least as new as the kept one (saveKept with a
//    revision refuses an older one), so a stale page or entry never writes over a newer game;
//  - an entry that names the kept game's id with an older revision opens the kept game (its
//    newest copy: chooseOpen); an entry of another game opens its own position;
//  - Back/Forward to an entry of the game the board plays keeps the board's game when the
//    entry is no newer (it is an older copy, and the entry is brought up to date), and opens
//    the entry when it is newer (the board showed an older copy: Back that skipped entries).
//  - a revision read back (the kept game's, an entry's) counts only as far as the tab's counter
//    vouches for it (trustedRevision): what storage hands back never freezes the tab's game.

/** A game id as the board makes them (state.js newGameId). */
export function isGameId(id) {
  return typeof id === "string" && /^[a-z0-9]{1,40}$/.test(id);
}

/** A revision: a whole number from 0 to 2**53 - 1. */
export function isRevision(rev) {
  return Number.isSafeInteger(rev) && rev >= 0;
}

/** Key of the tab's revision counter in sessionStorage. */
export const REVISION_KEY = "tafl-revision";

/**
 * The newest revision taken in this tab: the counter stored in `storage` (sessionStorage), or 0
 * when there is none, the storage refuses access, or the value is no revision that a next one
 * can follow (2**53 - 1 and above: the next would not be a whole number JavaScript can count).
 * Never throws.
 */
export function lastRevision(storage) {
  try {
    const text = storage ? storage.getItem(REVISION_KEY) : null;
    const n = typeof text === "string" && /^[0-9]{1,16}$/.test(text) ? Number(text) : 0;
    return isRevision(n) && n < Number.MAX_SAFE_INTEGER ? n : 0;
  } catch {
    return 0;
  }
}

/**
 * A revision newer than every one taken before in this tab: one more than the counter stored
 * in `storage` (sessionStorage; lastRevision), and at least `now` (milliseconds, Date.now()), so
 * that a storage that refuses access still yields increasing numbers; stored back. Never throws.
 */
export function nextRevision(storage, now = Date.now()) {
  const last = lastRevision(storage);
  const base = Number.isSafeInteger(now) && now > 0 ? now : 0;
  const rev = Math.max(last + 1, base);
  try { if (storage) storage.setItem(REVISION_KEY, String(rev)); } catch { /* counted from `now` */ }
  return rev;
}

/**
 * A revision read from storage or a history entry (`rev`), as far as this tab can vouch for it:
 * every revision the board writes was taken from the tab's counter (nextRevision), so one
 * beyond the counter in `storage` was not (another script, a hand-edited value) and counts as
 * 0, the oldest; so does anything that is not a revision. A huge stored revision can thus never
 * make every later copy of the game look older than it (and refuse every save). Never throws.
 */
export function trustedRevision(rev, storage) {
  return isRevision(rev) && rev <= lastRevision(storage) ? rev : 0;
}

/**
 * The kept game in the stored text `text` with what it names: `{frag, game, rev}` (`game`
 * null and `rev` 0 for a value written without them), or null as decodeKept. Never throws.
 */
export function decodeKeptEntry(text, assumptionKeys = []) {
  const frag = decodeKept(text, assumptionKeys);
  if (frag === null) return null;
  const value = JSON.parse(text);
  return { frag, game: isGameId(value.game) ? value.game : null, rev: isRevision(value.rev) ? value.rev : 0 };
}

/** The kept game under `key` in `storage` as decodeKeptEntry gives it (its revision as far as
 *  the tab vouches for it: trustedRevision), or null. Never throws. */
export function loadKeptEntry(storage, key, assumptionKeys = []) {
  if (!storage || !key) return null;
  let text = null;
  try { text = storage.getItem(key); } catch { return null; }
  if (text === null || text === undefined) return null;
  const entry = decodeKeptEntry(text, assumptionKeys);
  if (entry === null) forgetKept(storage, key);
  else entry.rev = trustedRevision(entry.rev, storage);
  return entry;
}

/**
 * Which game a board opens from a history entry `entry` and the kept game `kept` (each
 * `{frag, game, rev}` or null): the kept game when the entry names the same game with an older
 * revision (the entry is a stale copy), else the entry; the kept game without an entry. Returns
 * one of the two objects (or null).
 */
export function chooseOpen(entry, kept) {
  if (!entry) return kept || null;
  if (kept && entry.game && kept.game === entry.game && kept.rev > (entry.rev || 0)) return kept;
  return entry;
}

/**
 * How Back/Forward to an entry of the game the board plays is met: "keep" (the board's copy is
 * at least as new: keep it and bring the entry up to date) or "open" (the entry is newer than
 * the board's copy: open the entry). `entryRev`, `boardRev`: revisions (a missing one is 0).
 */
export function sameGameStep(entryRev, boardRev) {
  return (isRevision(entryRev) ? entryRev : 0) > (isRevision(boardRev) ? boardRev : 0) ? "open" : "keep";
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

/** What saveKept did: the game is kept; a newer copy is kept there (nothing written); the
 *  storage refused to keep it (full, switched off: the game is kept nowhere in the tab). */
export const SAVED = Object.freeze({ KEPT: "kept", STALE: "stale", FAILED: "failed" });

/** Keep the fragment `frag` under `key`; returns one of SAVED. With `meta` `{game, rev}`:
 *  refused (SAVED.STALE) when the game kept there has a newer revision than `rev` (a stale
 *  copy never writes over a newer game; loadKeptEntry: only a revision the tab vouches for).
 *  SAVED.FAILED without a storage or a key, or when the storage throws (QuotaExceededError).
 *  Never throws. */
export function saveKept(storage, key, frag, meta = null) {
  if (!storage || !key) return SAVED.FAILED;
  try {
    if (meta && isRevision(meta.rev)) {
      const kept = loadKeptEntry(storage, key);
      if (kept && kept.rev > meta.rev) return SAVED.STALE;
    }
    storage.setItem(key, encodeKept(frag, meta));
    return SAVED.KEPT;
  } catch {
    return SAVED.FAILED;
  }
}

/** Forget the game kept under `key`; with `rev`, only when the kept game is no newer than
 *  `rev`. Never throws. */
export function forgetKept(storage, key, rev = null) {
  if (!storage || !key) return;
  if (isRevision(rev)) {
    let text = null;
    try { text = storage.getItem(key); } catch { return; }
    const kept = text === null ? null : decodeKeptEntry(text);
    if (kept && trustedRevision(kept.rev, storage) > rev) return;
  }
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
