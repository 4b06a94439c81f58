// Unit tests of the kept game (docs/assets/board/keep.js): `node --test
// tests/js/`. What sessionStorage hands back is untrusted: bounded, strictly read, versioned,
// and anything else is ignored without an exception.

import { test } from "node:test";
import assert from "node:assert/strict";

import { FRAGMENT_MAX } from "../../docs/assets/board/address.js";
import {
  KEEP_PREFIX, KEEP_VERSION, KEPT_MAX, REVISION_KEY, SAVED, chooseOpen, decodeKept, decodeKeptEntry, encodeKept,
  forgetKept, keepKey, lastRevision, loadKept, loadKeptEntry, nextRevision, sameGameStep, saveKept, trustedRevision,
} from "../../docs/assets/board/keep.js";

// Copenhagen Hnefatafl's start (variants_src/copenhagen-hnefatafl), OpenTafl notation.
const COPENHAGEN = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

/** A Storage stand-in (the Web Storage API's getItem / setItem / removeItem). */
class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

/** A storage that refuses everything, as a browser with storage switched off does. */
const REFUSING = {
  getItem() { throw new Error("SecurityError"); },
  setItem() { throw new Error("QuotaExceededError"); },
  removeItem() { throw new Error("SecurityError"); },
};

test("the key names the variant, the same for both languages; an example board has its own", () => {
  assert.equal(keepKey({ variant: "copenhagen-hnefatafl", lang: "de" }), KEEP_PREFIX + "copenhagen-hnefatafl");
  assert.equal(keepKey({ variant: "copenhagen-hnefatafl", lang: "en" }), KEEP_PREFIX + "copenhagen-hnefatafl");
  assert.equal(keepKey({ variant: "brandubh", example: "king-capture-1" }), KEEP_PREFIX + "brandubh/king-capture-1");
  assert.equal(keepKey({ variant: "../x" }), null);
  assert.equal(keepKey({ variant: "brandubh", example: "a b" }), null);
  assert.equal(keepKey(null), null);
});

test("a kept game reads back as the fragment stored, switched assumptions included", () => {
  const s = new MemoryStorage();
  const key = keepKey({ variant: "copenhagen-hnefatafl" });
  const frag = "moves=d1-d3,f4-f1&alt=king_armed";
  assert.equal(saveKept(s, key, frag), SAVED.KEPT);
  assert.deepEqual(JSON.parse(s.getItem(key)), { v: KEEP_VERSION, frag });
  assert.equal(loadKept(s, key, ["king_armed"]), frag);
  const withPos = `pos=${COPENHAGEN}&turn=defenders&moves=f4-f2`;
  saveKept(s, key, withPos);
  assert.equal(loadKept(s, key, []), withPos);
  forgetKept(s, key);
  assert.equal(loadKept(s, key, []), null);
});

test("another version, or another shape, is ignored and dropped", () => {
  const s = new MemoryStorage();
  const key = KEEP_PREFIX + "brandubh";
  for (const text of [
    JSON.stringify({ v: KEEP_VERSION + 1, frag: "moves=d1-d3" }),
    JSON.stringify({ v: String(KEEP_VERSION), frag: "moves=d1-d3" }),
    JSON.stringify({ frag: "moves=d1-d3" }),
    JSON.stringify({ v: KEEP_VERSION, frag: 5 }),
    JSON.stringify([KEEP_VERSION, "moves=d1-d3"]),
    JSON.stringify("moves=d1-d3"),
    "null", "", "{", "moves=d1-d3",
  ]) {
    s.setItem(key, text);
    assert.equal(loadKept(s, key), null, text);
    assert.equal(s.getItem(key), null, `not dropped: ${text}`);
  }
});

test("a hostile fragment is ignored: markup, unknown parts, bad moves, switches the page has not", () => {
  for (const frag of [
    "moves=<img src=x onerror=alert(1)>",
    "moves=d1-d3&script=1",
    "moves=d1-d3,zz9-a1",
    "pos=/x/&moves=",
    "#moves=d1-d3",
    "sec-5-3",           // an anchor, not a game
    "alt=king_armed",    // a switch this board does not offer
    "moves=%E0%A4%A",
  ]) {
    assert.equal(decodeKept(JSON.stringify({ v: KEEP_VERSION, frag }), ["no_moves"]), null, frag);
  }
  // a prototype key in the JSON changes nothing
  assert.equal(decodeKept('{"__proto__": {"v": 1}, "frag": "moves=d1-d3"}'), null);
});

test("bounds: the value and the fragment are read only up to their limits", () => {
  const moves = "moves=" + Array.from({ length: 800 }, () => "a1-a2").join(",");
  assert.ok(moves.length > FRAGMENT_MAX);
  assert.throws(() => encodeKept(moves), RangeError);
  assert.equal(saveKept(new MemoryStorage(), KEEP_PREFIX + "x", moves), SAVED.FAILED);
  // over 500 moves (address.js MOVES_MAX) inside the length bound: refused as a link is
  const many = "moves=" + Array.from({ length: 501 }, () => "a1-a2").join(",");
  assert.ok(many.length <= FRAGMENT_MAX);
  assert.equal(decodeKept(JSON.stringify({ v: KEEP_VERSION, frag: many })), null);
  // a value over KEPT_MAX characters is not parsed at all (padding JSON would not help)
  const padded = JSON.stringify({ v: KEEP_VERSION, frag: "moves=d1-d3", pad: "x".repeat(KEPT_MAX) });
  assert.equal(decodeKept(padded), null);
  assert.equal(decodeKept(JSON.stringify({ v: KEEP_VERSION, frag: "moves=d1-d3" })), "moves=d1-d3");
  assert.equal(decodeKept("x".repeat(10_000_000)), null);
});

test("a storage that refuses access keeps nothing and throws nothing", () => {
  assert.equal(loadKept(REFUSING, KEEP_PREFIX + "brandubh"), null);
  assert.equal(saveKept(REFUSING, KEEP_PREFIX + "brandubh", "moves=d1-d3"), SAVED.FAILED);
  assert.doesNotThrow(() => forgetKept(REFUSING, KEEP_PREFIX + "brandubh"));
  assert.equal(loadKept(null, KEEP_PREFIX + "brandubh"), null);
  assert.equal(saveKept(new MemoryStorage(), null, "moves=d1-d3"), SAVED.FAILED);
});

test("the opponent's settings are kept beside the game and read as strictly", async () => {
  const { decodeOpponent, encodeOpponent, opponentKey } = await import("../../docs/assets/board/keep.js");
  const levels = ["beginner", "easy", "medium", "strong"];
  assert.equal(opponentKey(KEEP_PREFIX + "brandubh"), "tafl-opponent:brandubh");
  assert.equal(opponentKey(null), null);
  const kept = { on: true, human: "defenders", level: "medium" };
  assert.deepEqual(decodeOpponent(encodeOpponent(kept), levels), kept);
  for (const bad of [null, "", "x".repeat(201), "{", "[]", "null",
    JSON.stringify({ v: KEEP_VERSION + 1, on: true, human: "defenders", level: "easy" }),
    JSON.stringify({ v: KEEP_VERSION, on: "yes", human: "defenders", level: "easy" }),
    JSON.stringify({ v: KEEP_VERSION, on: true, human: "king", level: "easy" }),
    JSON.stringify({ v: KEEP_VERSION, on: true, human: "defenders", level: "grandmaster" }),
    JSON.stringify({ v: KEEP_VERSION, on: true, human: "defenders", level: "<img src=x onerror=alert(1)>" })]) {
    assert.equal(decodeOpponent(bad, levels), null, String(bad).slice(0, 60));
  }
});

// --- revisions: a stale copy never writes over a newer game

test("revisions only grow in a tab, also across pages and with a clock that goes back", () => {
  const s = new MemoryStorage();
  const a = nextRevision(s, 1000);
  const b = nextRevision(s, 1000);
  const c = nextRevision(s, 5); // the clock went back: the stored counter still grows
  assert.ok(a >= 1000 && b > a && c > b, `${a} ${b} ${c}`);
  assert.equal(s.getItem(REVISION_KEY), String(c));
  // a second page of the same tab reads the same counter
  assert.ok(nextRevision(s, 0) > c);
  // a hostile counter is read as none; a refusing storage counts from the clock
  s.setItem(REVISION_KEY, "1e400");
  assert.equal(nextRevision(s, 7), 7);
  assert.equal(nextRevision(REFUSING, 42), 42);
});

test("the kept game names its game and revision, and an older copy does not write over it", () => {
  const s = new MemoryStorage();
  s.setItem(REVISION_KEY, "9"); // the tab's counter: revisions up to 9 were taken in this tab
  const key = KEEP_PREFIX + "copenhagen-hnefatafl";
  assert.equal(saveKept(s, key, "moves=d1-d3,h6-h9", { game: "abc", rev: 3 }), SAVED.KEPT);
  assert.deepEqual(loadKeptEntry(s, key), { frag: "moves=d1-d3,h6-h9", game: "abc", rev: 3 });
  // the English page's older copy (one move, revision 1) is refused; the kept game stays
  assert.equal(saveKept(s, key, "moves=d1-d3", { game: "abc", rev: 1 }), SAVED.STALE);
  assert.equal(loadKept(s, key), "moves=d1-d3,h6-h9");
  // a newer copy (revision 4, Undo to one move) is kept
  assert.equal(saveKept(s, key, "moves=d1-d3", { game: "abc", rev: 4 }), SAVED.KEPT);
  assert.equal(loadKept(s, key), "moves=d1-d3");
  // an older copy's Restart does not forget the newer game; a newer one does
  forgetKept(s, key, 2);
  assert.equal(loadKept(s, key), "moves=d1-d3");
  forgetKept(s, key, 9);
  assert.equal(loadKept(s, key), null);
  // a value without game and revision (an older build) reads with revision 0
  assert.deepEqual(decodeKeptEntry(JSON.stringify({ v: KEEP_VERSION, frag: "moves=d1-d3" })),
    { frag: "moves=d1-d3", game: null, rev: 0 });
  // hostile game names and revisions are dropped, never thrown
  assert.deepEqual(decodeKeptEntry(JSON.stringify({ v: KEEP_VERSION, frag: "moves=d1-d3", game: "<b>", rev: -1 })),
    { frag: "moves=d1-d3", game: null, rev: 0 });
  assert.deepEqual(decodeKeptEntry(JSON.stringify({ v: KEEP_VERSION, frag: "moves=d1-d3", game: "x", rev: 1.5 })),
    { frag: "moves=d1-d3", game: "x", rev: 0 });
});

test("an entry older than the kept copy of its game opens the kept game; another game's entry its own", () => {
  const kept = { frag: "moves=d1-d3,h6-h9", game: "abc", rev: 3 };
  const stale = { frag: "moves=d1-d3", game: "abc", rev: 1 };
  assert.equal(chooseOpen(stale, kept), kept);
  const newer = { frag: "moves=d1-d3,h6-h9,d3-d2", game: "abc", rev: 5 };
  assert.equal(chooseOpen(newer, kept), newer);
  const other = { frag: "moves=k4-k2", game: "xyz", rev: 1 };
  assert.equal(chooseOpen(other, kept), other);
  const link = { frag: "moves=k4-k2", game: null, rev: 0 }; // a shared link the board did not write
  assert.equal(chooseOpen(link, kept), link);
  assert.equal(chooseOpen(null, kept), kept);
  assert.equal(chooseOpen(null, null), null);
});

test("Back/Forward within the board's game keeps a newer board and opens a newer entry", () => {
  assert.equal(sameGameStep(2, 5), "keep"); // one Back: the entry is an older copy
  assert.equal(sameGameStep(5, 5), "keep");
  assert.equal(sameGameStep(8, 5), "open"); // Forward after Back skipped entries
  assert.equal(sameGameStep(undefined, 5), "keep"); // an entry of an older build
  assert.equal(sameGameStep(3, undefined), "open");
});

test("a huge revision from storage never freezes the tab's game: later copies are still kept", () => {
  const MAX = Number.MAX_SAFE_INTEGER; // 2**53 - 1, a valid revision
  const key = KEEP_PREFIX + "brandubh";
  // a kept game with the largest revision, the tab's counter as the board left it
  const s = new MemoryStorage();
  s.setItem(REVISION_KEY, "1700000000000");
  s.setItem(key, JSON.stringify({ v: KEEP_VERSION, frag: "moves=b4-b2", game: "abc", rev: MAX }));
  assert.equal(loadKeptEntry(s, key).rev, 0, "beyond the tab's counter: a copy of unknown age");
  const rev = nextRevision(s, 1700000000001);
  assert.equal(saveKept(s, key, "moves=b4-b2,d5-e5", { game: "abc", rev }), SAVED.KEPT);
  assert.equal(loadKept(s, key), "moves=b4-b2,d5-e5");
  // and so on: every later copy is kept
  const rev2 = nextRevision(s, 1700000000002);
  assert.equal(saveKept(s, key, "moves=b4-b2", { game: "abc", rev: rev2 }), SAVED.KEPT);

  // the counter itself at the largest revision: the next is still a revision, and saves go on
  const t = new MemoryStorage();
  t.setItem(REVISION_KEY, String(MAX));
  t.setItem(key, JSON.stringify({ v: KEEP_VERSION, frag: "moves=b4-b2", game: "abc", rev: MAX }));
  assert.equal(lastRevision(t), 0);
  const r = nextRevision(t, 1700000000000);
  assert.ok(Number.isSafeInteger(r) && r === 1700000000000, String(r));
  assert.equal(saveKept(t, key, "moves=b4-b2,d5-e5", { game: "abc", rev: r }), SAVED.KEPT);
  assert.equal(saveKept(t, key, "moves=b4-b2", { game: "abc", rev: nextRevision(t, 1700000000000) }), SAVED.KEPT);
  // one below the largest: the next one is the largest, then the count starts from the clock
  t.setItem(REVISION_KEY, String(MAX - 1));
  assert.equal(nextRevision(t, 5), MAX);
  assert.equal(nextRevision(t, 5), 5);
  // an entry's or the kept game's revision counts up to the counter, not beyond
  t.setItem(REVISION_KEY, "100");
  assert.equal(trustedRevision(100, t), 100);
  assert.equal(trustedRevision(101, t), 0);
  assert.equal(trustedRevision(MAX, t), 0);
  assert.equal(trustedRevision(-1, t), 0);
  assert.equal(trustedRevision(5, REFUSING), 0);
  // forgetting with a revision: a kept revision beyond the counter does not keep the game
  t.setItem(key, JSON.stringify({ v: KEEP_VERSION, frag: "moves=b4-b2", game: "abc", rev: MAX }));
  forgetKept(t, key, 50);
  assert.equal(loadKept(t, key), null);
});

test("a full storage is told apart from a newer copy: the board keeps the game elsewhere then", () => {
  const key = KEEP_PREFIX + "brandubh";
  const full = new MemoryStorage();
  full.setItem(REVISION_KEY, "10");
  full.setItem = () => { throw new DOMException("quota", "QuotaExceededError"); };
  assert.equal(saveKept(full, key, "moves=b4-b2", { game: "abc", rev: 10 }), SAVED.FAILED);
  const s = new MemoryStorage();
  s.setItem(REVISION_KEY, "10");
  assert.equal(saveKept(s, key, "moves=b4-b2", { game: "abc", rev: 9 }), SAVED.KEPT);
  assert.equal(saveKept(s, key, "moves=b4-b2,d5-e5", { game: "abc", rev: 8 }), SAVED.STALE);
});
