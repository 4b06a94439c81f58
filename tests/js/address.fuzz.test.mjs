// Seeded fuzz test of the share-link codec (untrusted links): every input is either an anchor (null),
// a game whose parts are well formed, or a refusal with a known code; never an exception, and
// a game reads back the same after writeFragment. FUZZ_EXAMPLES=<n> runs n inputs instead of
// the default 3000 (FUZZ_SEED=<n> another seed).

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  END_VALUES, FRAGMENT_MAX, MOVES_MAX, isMove, isOtn, readFragment, writeFragment,
} from "../../docs/assets/board/address.js";
import { rng } from "./seeded.mjs";

const EXAMPLES = Math.max(1, Number.parseInt(process.env.FUZZ_EXAMPLES || "3000", 10) || 3000);
const SEED = Number.parseInt(process.env.FUZZ_SEED || "16", 10) || 16;
const KEYS = ["king_armed", "no_moves"];
const CODES = ["too_long", "syntax", "key", "dup", "pos", "turn", "moves", "too_many", "alt", "end"];

/** Inputs built from the pieces a link is made of, mixed with noise. */
function* inputs(seed, count) {
  const r = rng(seed);
  const int = (n) => Math.floor(r() * n);
  const pick = (xs) => xs[int(xs.length)];
  const atoms = [
    "#", "pos=", "turn=", "moves=", "alt=", "&", "=", ",", "/", "-", "%", "%2F", "%2C", "%E2%80", "%ZZ",
    "t", "T", "K", "c", "N", "x", "1", "9", "0", "10", "25", "99", "111", "a1", "e5", "y25", "z9", "end",
    "e1-e5", "a11-k11", "attackers", "defenders", "king_armed", "no_moves", "sec-5-3", " ", "ä", "€", "\u0000",
    "end=", "resign-attackers", "resign-defenders", "draw", "resign-",
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "/7/7/7/3K3/7/7/7/",
  ];
  for (let i = 0; i < count; i++) {
    const big = r() < 0.05;
    const n = big ? 200 + int(2000) : int(24);
    let s = r() < 0.8 ? "#" : "";
    for (let j = 0; j < n; j++) s += r() < 0.9 ? pick(atoms) : String.fromCharCode(int(0x3000));
    if (r() < 0.02) s = s.padEnd(FRAGMENT_MAX + int(3), pick(atoms));
    yield s;
  }
}

function checkGame(g, input) {
  assert.ok(g.otn === null || isOtn(g.otn), `bad position from ${JSON.stringify(input)}`);
  assert.ok(g.to_move === null || g.to_move === "attackers" || g.to_move === "defenders");
  assert.ok(Array.isArray(g.moves) && g.moves.length <= MOVES_MAX && g.moves.every((m) => isMove(m)));
  assert.ok(g.alt.every((k) => KEYS.includes(k)) && new Set(g.alt).size === g.alt.length);
  assert.ok(g.end === null || END_VALUES.includes(g.end), `bad end from ${JSON.stringify(input)}`);
}

test(`fuzz: ${EXAMPLES} seeded inputs are anchors, games or refusals (seed ${SEED})`, () => {
  const seen = { anchor: 0, game: 0, refusal: 0 };
  for (const input of inputs(SEED, EXAMPLES)) {
    let r;
    assert.doesNotThrow(() => { r = readFragment(input, KEYS); }, `threw on ${JSON.stringify(input)}`);
    if (r === null) { seen.anchor++; continue; }
    if (r.ok) {
      seen.game++;
      checkGame(r.game, input);
      const again = readFragment("#" + writeFragment(r.game, r.game.moves, r.game.alt, r.game.end), KEYS);
      assert.deepEqual(again.game, { ...r.game, alt: [...r.game.alt].sort() }, `round trip of ${JSON.stringify(input)}`);
    } else {
      seen.refusal++;
      assert.ok(CODES.includes(r.refusal.code), `unknown refusal ${JSON.stringify(r.refusal)}`);
    }
  }
  // the generator must reach all three outcomes, or the test proves little
  if (EXAMPLES >= 1000) for (const [k, n] of Object.entries(seen)) assert.ok(n > 0, `no ${k} among the inputs`);
});
