// Unit tests of the share-link codec (docs/assets/board/address.js): `node --test tests/js/`
// (make test-js). Every link is read in time linear in its length.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  END_VALUES, FRAGMENT_MAX, MOVES_MAX, isGameFragment, isMove, isOtn, isSquare, readFragment, toOtn, writeFragment,
} from "../../docs/assets/board/address.js";
import { rng } from "./seeded.mjs";

// Copenhagen Hnefatafl's start in OpenTafl notation (variants_src/copenhagen-hnefatafl: 11×11,
// 24 attackers in the four T-shapes, 12 defenders around the king on the throne f6).
const COPENHAGEN = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
// A link (63 characters after "#pos=") that took 33 s of backtracking in a nested pattern.
const BACKTRACKING_LINK = "#pos=/111111/111111/111111/111111/111111/111111/111111/111111/x";

/** Steps the codec may take per character of input (and a constant): linear work. */
const PER_CHAR = 8;
function withinBudget(input, meter) {
  return meter.steps <= PER_CHAR * input.length + 64;
}

test("the link that once took 33 s of backtracking is refused as an unreadable position, in linear work", () => {
  const meter = { steps: 0 };
  const t0 = Date.now();
  const r = readFragment(BACKTRACKING_LINK, [], meter);
  assert.deepEqual(r, { ok: false, refusal: { code: "pos" } });
  assert.ok(withinBudget(BACKTRACKING_LINK, meter), `${meter.steps} steps for ${BACKTRACKING_LINK.length} characters`);
  assert.ok(Date.now() - t0 < 2000, "a stall of seconds"); // only a stall fails this
});

test("a full game link reads back as its parts", () => {
  const r = readFragment(`#pos=${COPENHAGEN}&turn=attackers&moves=d1-d4,f4-f1,end&alt=king_armed`, ["king_armed"]);
  assert.deepEqual(r, {
    ok: true,
    game: { otn: COPENHAGEN, to_move: "attackers", moves: ["d1-d4", "f4-f1", "end"], alt: ["king_armed"], end: null },
  });
});

test("a section anchor is no game", () => {
  assert.equal(readFragment("#sec-5-3"), null);
  assert.equal(readFragment("#board"), null);
  assert.equal(readFragment(""), null);
  assert.equal(isGameFragment("#sec-5-3"), false);
  assert.equal(isGameFragment("#moves="), true);
  assert.equal(isGameFragment("#x=1&pos=/"), true);
  assert.equal(isGameFragment("pos=/"), false); // location.hash always starts with "#"
});

test("the parts are refused by name", () => {
  const code = (h, keys = []) => readFragment(h, keys).refusal;
  assert.deepEqual(code("#foo=1"), { code: "key", key: "foo" });
  assert.deepEqual(code("#moves=&moves="), { code: "dup", key: "moves" });
  assert.deepEqual(code("#Pos=/"), { code: "syntax" });
  assert.deepEqual(code("#moves=%E0%A4%A"), { code: "syntax" });
  assert.deepEqual(code("#turn=white"), { code: "turn" });
  assert.deepEqual(code("#moves=e1-e5,e5"), { code: "moves" });
  assert.deepEqual(code("#alt=nope", ["king_armed"]), { code: "alt" });
  assert.deepEqual(code("#pos=/3/"), { code: "pos" });
});

test("the length bound is applied before anything else reads the link", () => {
  const long = "#moves=" + "a".repeat(FRAGMENT_MAX);
  const meter = { steps: 0 };
  assert.deepEqual(readFragment(long, [], meter), { ok: false, refusal: { code: "too_long" } });
  assert.equal(meter.steps, 0);
  assert.deepEqual(readFragment("#" + "x".repeat(FRAGMENT_MAX + 1)).refusal, { code: "too_long" });
  // exactly at the bound: read (here, refused for its content)
  assert.deepEqual(readFragment("#pos=" + "/".repeat(FRAGMENT_MAX - 4)).refusal, { code: "pos" });
});

test("at most MOVES_MAX moves in a link", () => {
  const moves = Array(MOVES_MAX).fill("a1-a2");
  assert.equal(readFragment("#moves=" + moves.join(",")).ok, true);
  assert.deepEqual(readFragment("#moves=" + [...moves, "a2-a1"].join(",")).refusal, { code: "too_many" });
});

test("square names a1 to y25, without leading zeros", () => {
  for (const s of ["a1", "e5", "k11", "y25", "m13"]) assert.equal(isSquare(s), true, s);
  for (const s of ["a0", "a01", "z1", "a26", "A1", "a", "a1x", "", "e-5", null]) assert.equal(isSquare(s), false, String(s));
});

test("moves are two squares and a dash, or end", () => {
  for (const m of ["e1-e5", "a11-k11", "end", "y25-y1"]) assert.equal(isMove(m), true, m);
  for (const m of ["e1e5", "e1-", "-e5", "e1-e5-e6", "End", "e1–e5", "e1-z5", ""]) assert.equal(isMove(m), false, m);
});

test("position records: rows of pieces and runs of 1 to 99 empty squares", () => {
  assert.equal(isOtn(COPENHAGEN), true);
  assert.equal(isOtn("/7/7/7/3K3/7/7/7/"), true); // 7 rows: the smallest board
  assert.equal(isOtn("/7/7/7/3K3/7/7/"), false); // 6 rows
  assert.equal(isOtn("/" + "25/".repeat(25)), true);
  assert.equal(isOtn("/" + "25/".repeat(26)), false); // 26 rows
  assert.equal(isOtn("/05/7/7/3K3/7/7/7/"), false); // a leading zero
  assert.equal(isOtn("/0/7/7/3K3/7/7/7/"), false); // a run of 0
  assert.equal(isOtn("/111/7/7/3K3/7/7/7/"), false); // a run over 99
  assert.equal(isOtn("/7//7/3K3/7/7/7/7/"), false); // an empty row
  assert.equal(isOtn("/7/7/7/3K3/7/7/7"), false); // no closing "/"
  assert.equal(isOtn("/7/7/7/3X3/7/7/7/"), false); // no such piece
  assert.equal(isOtn("/" + "t".repeat(26) + "/7/7/7/7/7/7/"), false); // 26 items in a row
});

test("toOtn writes rank 1 first, runs as numbers (the diagram of a 7×7 board)", () => {
  assert.equal(toOtn({ d4: "king", a1: "attacker", g7: "defender" }, 7), "/t6/7/7/3K3/7/7/6T/");
  assert.throws(() => toOtn({ a1: "dragon" }, 7), /no OpenTafl letter/);
});

test("writeFragment and readFragment agree", () => {
  const cases = [
    [{ otn: null, to_move: null }, [], []],
    [{ otn: COPENHAGEN, to_move: "defenders" }, ["d1-d4", "end"], ["b", "a"]],
    [{ otn: null, to_move: "attackers" }, ["a1-a2"], []],
  ];
  for (const [origin, moves, alt, end = null] of [...cases, [{ otn: null, to_move: null }, ["a1-a2"], [], "resign-defenders"],
    [{ otn: COPENHAGEN, to_move: "attackers" }, [], ["a"], "draw"], [{ otn: null, to_move: null }, [], [], "resign-attackers"]]) {
    const frag = writeFragment(origin, moves, alt, end);
    const r = readFragment("#" + frag, ["a", "b"]);
    assert.equal(r.ok, true, frag);
    assert.deepEqual(r.game, { otn: origin.otn, to_move: origin.to_move, moves, alt: [...alt].sort(), end });
  }
  assert.equal(writeFragment({ otn: null, to_move: null }), "moves=");
  assert.equal(writeFragment({ otn: null, to_move: null }, ["b4-b2"], [], "resign-attackers"), "moves=b4-b2&end=resign-attackers");
  assert.throws(() => writeFragment({ otn: null, to_move: null }, [], [], "resign"), RangeError);
});

test("a link's end is one of the three declared ends, read strictly", () => {
  assert.deepEqual(END_VALUES, ["resign-attackers", "resign-defenders", "draw"]);
  assert.equal(readFragment("#end=draw").game.end, "draw");
  assert.equal(isGameFragment("#end=resign-defenders"), true, "an end alone is a game: the start, resigned");
  for (const bad of ["#end=", "#end=Draw", "#end=resign", "#end=resign-kings", "#end=draw,draw", "#end=draw%20",
    "#end=" + "x".repeat(4000), "#moves=a1-a2&end=draw&end=draw"]) {
    const r = readFragment(bad);
    assert.equal(r.ok, false, bad.slice(0, 40));
    assert.ok(["end", "dup"].includes(r.refusal.code), JSON.stringify(r.refusal));
  }
});

/** Adversarial links of that kind, seeded: digit runs, repeated separators, long
 *  alternations of the piece letters, percent escapes, up to and at the size bound. */
function adversarialLinks(seed, count) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const fill = (unit, n) => unit.repeat(Math.max(1, Math.ceil(n / unit.length))).slice(0, n);
  const makers = [
    (n) => "#pos=" + fill("/" + "1".repeat(2 + Math.floor(r() * 30)), n) + "/x",
    (n) => "#pos=/" + fill("1", n) + "/",
    (n) => "#pos=" + fill("/", n),
    (n) => "#pos=/" + fill("tTKcN", n) + "/x",
    (n) => "#pos=" + fill("/tTKcN1", n) + "!",
    (n) => "#pos=" + fill("/19", n) + "0",
    (n) => "#" + fill("&", n) + "pos",
    (n) => "#" + fill("=", n),
    (n) => "#moves=" + fill("a1-a2,", n) + "-",
    (n) => "#moves=" + fill(",", n),
    (n) => "#moves=" + fill("a1-", n),
    (n) => "#alt=" + fill("a,", n) + "?",
    (n) => "#pos=" + fill("%2F1", n) + "%",
    (n) => "#pos=" + fill("%31", n),
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const n = pick([8, 63, 500, 2000, FRAGMENT_MAX - 16, FRAGMENT_MAX - 8]);
    out.push(pick(makers)(n).slice(0, FRAGMENT_MAX + 1));
  }
  return out;
}

test("a seeded family of adversarial links is refused in linear work", () => {
  const t0 = Date.now();
  const links = adversarialLinks(17, 400);
  for (const link of links) {
    const meter = { steps: 0 };
    const r = readFragment(link, ["a"], meter);
    assert.ok(r && r.ok === false, `not refused: ${link.slice(0, 80)}…`);
    assert.ok(withinBudget(link, meter), `${meter.steps} steps for ${link.length} characters: ${link.slice(0, 60)}`);
  }
  assert.ok(Date.now() - t0 < 5000, "a stall of seconds");
});
