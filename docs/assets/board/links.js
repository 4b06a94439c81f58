// Tafl-Kompendium board: the address and share links, as functions of the host (controller.js):
// opening the game a URL fragment describes, the address following the game (history entries),
// the game kept in sessionStorage (keep.js), Copy link. The fragment's syntax is address.js's.
//
// A newer fragment supersedes an older one (the host's generation counter `fragGen`); a new
// game or switched rules replace the worker's game only when the engine accepts them (worker
// command new_game). Every function that talks to the worker runs inside host.exclusive().
//
// Nothing goes back in time (the rule: keep.js, "Revisions"): the board's game has an id
// (h.gameId) and a revision (h.rev, renewed by every change: syncAddress); every entry it
// writes names both (history.state taflGame, taflRev), and so does the kept game. An entry
// older than the board's copy of its game is brought up to date, a newer one is opened, and a
// stale copy never writes over the kept game. A game opened from an entry that may not be its
// newest copy becomes a game of its own at its first change (h.forkOnChange), so that its
// later moves never write over the other entries of the game it came from.

import { FRAGMENT_MAX, MOVES_MAX, isGameFragment, readFragment, writeFragment } from "./address.js";
import {
  SAVED, chooseOpen, forgetKept, isGameId, isRevision, keepKey, loadKeptEntry, nextRevision, sameGameStep, saveKept,
  sessionStore, trustedRevision,
} from "./keep.js";
import { gamePlies, turnNumbers } from "./moves.js";
import { declareEnd, newGameId } from "./state.js";
import { fragmentWhy } from "./words.js";

/** The current history entry's state as an object ({} when there is none). */
export function entryState() {
  const state = history.state;
  return state && typeof state === "object" ? state : {};
}

/** Open the game a URL fragment `hash` describes on host `h`; any fault: message + the start
 *  position. `gen`: this request's generation; a newer hash change makes it stale, and a stale
 *  request stops at its next step (the newer one starts its own game). `entryId`: the id of
 *  the game the history entry names. Run inside exclusive(). */
export async function applyFragment(h, hash, initial = false, gen = h.fragGen, entryId = null, entryRev = 0) {
  const T = h.T;
  const stale = () => gen !== h.fragGen;
  if (stale()) return;
  const read = readFragment(hash, h.assumptionKeys);
  if (!read) return;
  if (!read.ok) {
    if (!initial && !stale()) {
      try { await resetToStart(h, true); } finally { h.render(); }
    }
    if (!stale()) h.message(T.fragmentError(fragmentWhy(T, read.refusal)));
    return;
  }
  h.clearSelection();
  try {
    await openGame(h, read.game);
    if (stale()) return;
    // an entry the board wrote for a game too long for the address: say what was left out
    const state = entryState();
    const cut = state.taflFragment === hash.slice(1) && Number.isInteger(state.taflCut) ? state.taflCut : 0;
    h.message(cut > 0 ? T.addressCut(cut) : null);
    h.say(T.loadedFromLink);
    adoptGame(h, entryId, entryRev);
    h.following = true;
    await syncAddress(h, { gen, href: location.href, change: false }); // the entry is now the board's
  } catch (e) {
    if (stale()) return;
    h.message(T.fragmentError(e.message));
    await resetToStart(h, true);
    adoptGame(h, null, 0);
  } finally {
    h.render();
  }
}

/** The board now plays the game `id` at revision `rev` (an entry's or the kept game), or, for
 *  `id` null, a new game (a link opened, a fault): a new id and the newest revision. A game
 *  taken from an entry or the kept game that is not known to be its newest copy (the kept game
 *  names it at no newer revision) forks at its first change. */
function adoptGame(h, id, rev) {
  if (isGameId(id)) {
    const r = isRevision(rev) ? rev : 0;
    const kept = loadKeptEntry(sessionStore(), keepKey(h.data), h.assumptionKeys);
    h.gameId = id;
    h.rev = r;
    h.forkOnChange = !(kept && kept.game === id && kept.rev <= r);
  } else {
    h.gameId = newGameId();
    h.rev = nextRevision(sessionStore());
    h.forkOnChange = false;
  }
}

/** Play the game `frag` of a link (readFragment's `game`) on the engine, in one request: the
 *  worker replaces its game only when the rules and every move are good. Raises an Error whose
 *  message says why not (the link's move, numbered by turns as the move list numbers them). */
async function openGame(h, frag) {
  const T = h.T;
  const alt = new Set(frag.alt);
  // no position in the link: the board's own start (the layout, or an example's position)
  const otn = frag.otn || h.home.otn;
  const to_move = frag.otn ? frag.to_move : (frag.to_move || h.home.to_move);
  let r;
  try {
    r = await h.engine.call("new_game", {
      rules_toml: h.data.rules_toml, overrides: h.overrides(alt), otn, to_move, moves: frag.moves,
    });
  } catch (e) {
    throw new Error(T.fragEngine(h.refusalText(e)));
  }
  if (!r.ok) { // the worker kept its game; the link's rules do not apply either
    const i = r.state.cursor; // moves before the illegal one were played
    const before = r.state.history.slice(0, i);
    const turnNo = turnNumbers([...before, { move: frag.moves[i] || "", side: r.state.to_move }])[i];
    throw new Error(T.fragMoveIllegal(turnNo, frag.moves[i] || "", h.reasonText(r.reason)));
  }
  h.alt = alt;
  h.emit("rules");
  h.origin = { otn, to_move };
  h.st = r.state;
  // the end the players declared where the link's moves leave the game (no end where the moves
  // themselves ended it: the rules' result stands)
  h.ended = frag.end && !r.state.result ? declareEnd(frag.end, h.st, h.alt) : null;
  await h.refreshRuleInfo();
}

/** Back to the start position; `pageRules`: also back to the page's own rules (a refused
 *  link falls back to the documented rules, whatever it tried to switch). */
export async function resetToStart(h, pageRules = false) {
  if (pageRules && h.alt.size) {
    const r = await h.engine.call("new_game", {
      rules_toml: h.data.rules_toml, overrides: {}, otn: h.home.otn, to_move: h.home.to_move, moves: [],
    });
    h.alt = new Set();
    h.emit("rules");
    h.st = r.state;
    await h.refreshRuleInfo();
  } else {
    h.st = await h.engine.call("start", { otn: h.home.otn, to_move: h.home.to_move });
  }
  h.origin = { ...h.home };
  h.ended = null;
  h.clearSelection();
}

/** A new address fragment (a link opened in the page, Back or Forward, a § link). An entry
 *  the board wrote for the game it plays (history.state.taflGame, see syncAddress) keeps the
 *  board's game as it is, and the entry follows it; an entry of another game opens that game
 *  (its fragment, or for an anchor the game kept in it: entryGame) and takes over its id; a
 *  new anchor keeps the game the board follows. In the editor the change waits until the
 *  editor is left with Cancel ("Play from here" replaces it with the set-up position). */
export function addressChanged(h) {
  if (!h.root.isConnected || !h.ready) return;
  if (h.ui.mode === "edit") { h.hashWhileEditing = true; return; }
  h.willChange(); // a link: the computer's thinking is dropped
  const gen = ++h.fragGen;
  const mark = { ...h.changeMark(), change: false };
  const hash = entryGame(location.hash);
  const id = entryGameId();
  const kept = loadKeptEntry(sessionStore(), keepKey(h.data), h.assumptionKeys);
  // the board shows an older copy of the kept game (a page restored by Back after the other
  // language's page went on with the game)
  const boardStale = !!kept && kept.game === h.gameId && kept.rev > (h.rev || 0);
  const ownEntry = id === h.gameId || (!isGameFragment(hash) && !id);
  if (ownEntry && boardStale) {
    h.exclusive(() => applyFragment(h, "#" + kept.frag, false, gen, kept.game, kept.rev));
    return;
  }
  // Back/Forward within the reader's game to a copy no newer than the board's: keep the
  // board's game, as it is now; a new anchor (a § link) of a game link the board follows: the
  // entry keeps the game at once (for a reload)
  if (ownEntry && (id !== h.gameId || sameGameStep(entryRevision(), h.rev) === "keep")) {
    h.exclusive(() => syncAddress(h, mark));
    return;
  }
  const target = chooseOpen({ frag: hash.replace(/^#/, ""), game: id, rev: entryRevision() }, kept);
  h.exclusive(() => applyFragment(h, "#" + target.frag, false, gen, target.game, target.rev));
}

/** The revision of the copy the current history entry holds (history.state.taflRev), 0 when
 *  it names none or one the tab's counter does not vouch for (keep.js trustedRevision). */
export function entryRevision() {
  return trustedRevision(entryState().taflRev, sessionStore());
}

/** The id of the game the current history entry was written for (history.state.taflGame),
 *  or null. An entry of the game the board plays (the reader went Back or Forward within it,
 *  e.g. after a § link) is only an older copy of it: the board keeps the game as it is. */
export function entryGameId() {
  const id = entryState().taflGame;
  return isGameId(id) ? id : null;
}

/** The game fragment an entry stands for: `hash` when it holds a game; for an anchor (a §
 *  link) the game the board kept in the entry (history.state.taflFragment, written by
 *  syncAddress while it followed a game link), so that a reload or Back to it restores that
 *  game; else `hash` (an anchor: nothing to open). The kept text is parsed as strictly as an
 *  address. */
export function entryGame(hash) {
  if (isGameFragment(hash)) return hash;
  const kept = entryState().taflFragment;
  return typeof kept === "string" && kept.length <= FRAGMENT_MAX ? "#" + kept : hash;
}

/** The fragment ("#…") the board opens once the engine is ready: the address's game link, or
 *  the game its history entry holds (entryGame); else the game kept in sessionStorage (a
 *  reload, Back, the other language's page); else the address as it is (the start). A kept
 *  position other than the start waits for the engine as a link does. */
export function openWith(h) {
  return openTarget(h).hash;
}

/** What the board opens once the engine is ready, and as which game: `{hash, game, rev,
 *  kept}` (`game` null: a new game; `kept`: the game kept in sessionStorage was chosen). A
 *  shared link the board did not write wins; an entry the board wrote gives way to the kept
 *  game when that is a newer copy of the same game (keep.js chooseOpen); without a game in
 *  the address or its entry, the kept game. */
export function openTarget(h) {
  const hash = entryGame(location.hash);
  const kept = loadKeptEntry(sessionStore(), keepKey(h.data), h.assumptionKeys);
  if (isGameFragment(hash)) {
    const id = entryGameId();
    if (!id) return { hash, game: null, rev: 0, kept: false };
    const entry = { frag: hash.slice(1), game: id, rev: entryRevision() };
    const t = chooseOpen(entry, kept);
    return { hash: "#" + t.frag, game: t.game, rev: t.rev, kept: t !== entry };
  }
  return kept ? { hash: "#" + kept.frag, game: kept.game, rev: kept.rev, kept: true } : { hash, game: null, rev: 0, kept: false };
}

/** Keep this game in sessionStorage (its share-link fragment, linkFragment), or forget the
 *  kept one when the board is back at the variant's start under the page's rules (Restart,
 *  Undo to the start). Where the tab's storage refuses it (full), the game is kept in
 *  the address instead (the board follows it as a game link from now on: syncAddress) and the
 *  reader is told once. Returns the linkFragment() it made (syncAddress reuses it), or null.
 *  Run inside exclusive(); never throws. */
async function keepGame(h) {
  const st = h.st, o = h.origin, home = h.home;
  if (st.cursor === 0 && !h.alt.size && o.otn === home.otn && o.to_move === home.to_move && !h.declaredEnd()) {
    forgetKept(sessionStore(), keepKey(h.data), h.rev || 0);
    return null;
  }
  try {
    const link = await linkFragment(h);
    const key = keepKey(h.data), store = sessionStore();
    // (no storage at all, as in a sandboxed frame: nothing was ever kept, nothing is lost)
    if (store && key && saveKept(store, key, link.frag, { game: h.gameId, rev: h.rev || 0 }) === SAVED.FAILED) {
      // the copy kept before is older than this game: gone, so that it never wins over the address
      forgetKept(store, key);
      h.following = true; // the address keeps the game: a reload opens it from there
      if (!h.keptInAddress) {
        h.keptInAddress = true;
        h.message(h.T.keptInAddress);
        h.say(h.T.keptInAddress);
      }
    }
    return link;
  } catch {
    return null;
  }
}

/** After the board opened a kept game: say so; one the engine refused (an older build's
 *  rules) is dropped without a word (the start position stays). */
export function keptOpened(h) {
  if (h.following) { h.say(h.T.gameResumed); return; }
  forgetKept(sessionStore(), keepKey(h.data));
  h.message(null);
}

/** After the game changed under a game link (a move, Undo, Redo, Restart, switched rules, a
 *  set-up position), the address holds the game the board shows, so that a reload, or Back
 *  after a section link (§), does not bring back an older game: a game fragment in the address
 *  is replaced by this game's link (linkFragment: bounded, as Copy link gives it). Once the
 *  board follows a game link, an entry whose address is an anchor (a § link) keeps its address
 *  and holds the game in history.state (taflFragment), which a reload or Back restores
 *  (entryGame); every entry written also names the game and its revision (taflGame, taflRev:
 *  see entryGameId; `mark.change` false: no change, only the address brought up to date,
 *  else the game takes a new revision). An address without a game link before that is left alone. `mark`: changeMark() when the
 *  change began; a newer address (hashchange meanwhile, or another entry) is never
 *  overwritten. No hashchange: replaceState. Run inside exclusive(). */
export async function syncAddress(h, mark) {
  const fresh = () => mark.gen === h.fragGen && mark.href === location.href;
  if (mark.change !== false) {
    // a change: the game's newest copy; one opened from a possibly older copy is a game of its own
    if (h.forkOnChange) { h.gameId = newGameId(); h.forkOnChange = false; }
    h.rev = nextRevision(sessionStore());
  }
  if (!fresh()) return;
  const keptLink = await keepGame(h);
  const game = isGameFragment(location.hash);
  if (game) h.following = true;
  if (!game && !h.following) return;
  let frag = null, cut = 0;
  try {
    const link = keptLink || await linkFragment(h);
    frag = link.frag;
    cut = link.cut ? Math.max(1, link.turns) : 0;
  } catch { frag = null; }
  if (!fresh()) return;
  const kept = { ...entryState(), taflFragment: frag, taflGame: h.gameId, taflRev: h.rev || 0, taflCut: cut };
  // a game link gives way to this game's; an anchor (a § link) stays, the entry keeps the game
  const base = location.href.split("#")[0];
  // (where the tab's storage refused the game, the address holds it whatever it held before)
  const url = !game && !h.keptInAddress ? location.href : frag ? base + "#" + frag : base;
  history.replaceState(kept, "", url);
}

/** The link fragment of this game that the board will open again: every move when it fits
 *  (FRAGMENT_MAX characters, MOVES_MAX moves), else a start position and as many of the last
 *  moves as fit (the engine's snapshot {max_moves}, from a turn's start, so that a repetition
 *  among them still counts). Returns {frag, cut, turns}: cut true when moves were left out,
 *  turns = how many turns the link then holds. Run inside exclusive(). Raises the worker's
 *  error. */
export async function linkFragment(h) {
  // every move only when there are few enough (a long game's moves are never all written)
  const frag = h.st.cursor <= MOVES_MAX ? fragment(h) : null;
  if (frag !== null && frag.length <= FRAGMENT_MAX) return { frag, cut: false, turns: 0 };
  let max = MOVES_MAX;
  for (let tries = 0; tries < 6; tries++) {
    const snap = await h.engine.call("snapshot", { max_moves: max });
    const f = fragment(h, snap);
    if (f.length <= FRAGMENT_MAX && snap.moves.length <= MOVES_MAX) {
      const numbers = gamePlies(h.st).numbers, end = h.st.cursor;
      const k = snap.moves.length;
      return { frag: f, cut: true, turns: k ? numbers[end - 1] - numbers[end - k] + 1 : 0 };
    }
    // too long by characters: fewer moves, in proportion, with room to spare
    max = Math.max(1, Math.min(max - 1, Math.floor(max * (FRAGMENT_MAX - 64) / f.length)));
  }
  throw new Error("no link of bounded length for this game");
}

/** The share-link fragment of this game (`snap`: start from a snapshot {otn, to_move, moves}
 *  instead of the game's origin and every move). */
function fragment(h, snap = null) {
  const moves = snap ? snap.moves : h.st.history.slice(0, h.st.cursor).map((p) => p.move);
  return writeFragment(snap || h.origin, moves, [...h.alt], h.declaredEnd());
}

/** Copy link: the link of this game into the share field and, where allowed, the clipboard.
 *  A link the board would refuse to open is never handed out: a long game is shared from a
 *  position before its last moves (linkFragment), and the reader is told so. */
export async function share(h) {
  const T = h.T;
  const dom = h.dom;
  let frag, note = null;
  try {
    const link = await h.exclusive(() => linkFragment(h));
    frag = link.frag;
    if (link.cut) note = T.linkPosition(link.turns);
  } catch (e) {
    h.message(h.refusalText(e));
    return;
  }
  const url = location.href.split("#")[0] + "#" + frag;
  dom.shareInput.value = url;
  dom.shareEl.hidden = false;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(url);
      copied = true;
    }
  } catch { copied = false; }
  dom.shareInput.focus();
  dom.shareInput.select();
  const said = (copied ? T.linkCopied : T.linkManual) + (note ? " " + note : "");
  h.message(said);
  h.say(said);
}
