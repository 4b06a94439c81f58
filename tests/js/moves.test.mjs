// Unit tests of the move-list and turn formatting (docs/assets/board/moves.js).

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  berserkOver, captureText, futurePlies, futureTurns, gamePlies, jumpText, lastTurn, notationMarks, resultText,
  stillWhy, turnNumbers,
} from "../../docs/assets/board/moves.js";
import { STRINGS } from "../../docs/assets/board/words.js";

const DE = STRINGS.de, EN = STRINGS.en;

test("one number per turn: the plies of a berserk turn share it (OpenTafl c2=d2xe2, end)", () => {
  const plies = [
    { move: "a4-c4", side: "attackers" },
    { move: "e4-d4", side: "defenders", continues: true }, // a capture: the berserker goes on
    { move: "d4-d2", side: "defenders", continues: true },
    { move: "end", side: "defenders" },
    { move: "c4-c2", side: "attackers" },
  ];
  assert.deepEqual(turnNumbers(plies), [1, 2, 2, 2, 3]);
  // a ply that went on, followed by the other side (the engine decided the turn was over)
  assert.deepEqual(turnNumbers([{ move: "a1-a2", side: "attackers", continues: true }, { move: "b1-b2", side: "defenders" }]), [1, 2]);
  assert.deepEqual(turnNumbers([]), []);
});

test("marks of OpenTafl notation: x captures, ^ jumps, = berserk, end", () => {
  assert.deepEqual(notationMarks("c2=d2xe2"), ["x", "="]);
  assert.deepEqual(notationMarks("c3^c5"), ["^"]);
  assert.deepEqual(notationMarks("e6^=e8xe7"), ["x", "^", "="]);
  assert.deepEqual(notationMarks("end"), ["end"]);
  assert.deepEqual(notationMarks("w5-x5"), []); // file x after the dash is no capture
  assert.deepEqual(notationMarks("d1-d4"), []);
});

test("the last turn is every ply of a berserk turn, and names the piece that moved", () => {
  const st = {
    cursor: 3, pieces: { d2: "knight" },
    history: [
      { move: "a4-c4", side: "attackers" },
      { move: "e4-d4", side: "defenders", continues: true, piece: "knight" },
      { move: "d4-d2", side: "defenders", piece: "knight" },
    ],
  };
  const t = lastTurn(st);
  assert.deepEqual(t.plies.map((h) => h.move), ["e4-d4", "d4-d2"]);
  assert.equal(t.mover, "knight");
  assert.equal(lastTurn({ cursor: 0, history: [], pieces: {} }), null);
});

test("a custodial capture is worded with both partners, the mover first", () => {
  const c = { square: "e5", piece: "attacker", reason: "custodial", with: [{ square: "e6", kind: "defender" }] };
  const played = { move: "e3-e4", piece: "defender" };
  assert.equal(captureText(DE, c, played, null, { e4: "defender", e6: "defender" }), "Angreifer auf e5 geschlagen zwischen e4 und e6");
  assert.equal(captureText(EN, c, played, null, { e4: "defender", e6: "defender" }), "Attacker on e5 taken between e4 and e6");
});

test("an empty hostile throne and a king captured by four are said as such", () => {
  const throne = { square: "e4", piece: "defender", reason: "hostile_throne", with: [{ square: "e5", kind: "throne" }] };
  assert.equal(captureText(DE, throne, { move: "e1-e3", piece: "attacker" }, null, {}),
    "Verteidiger auf e4 geschlagen zwischen e3 und dem leeren Thron");
  const king = {
    square: "e5", piece: "king", reason: "king_surrounded",
    with: [{ square: "e6", kind: "attacker" }, { square: "d5", kind: "attacker" }, { square: "f5", kind: "attacker" }],
  };
  assert.equal(captureText(EN, king, { move: "e1-e4", piece: "attacker" }, null, {}),
    "King on e5 captured, surrounded by e4, e6, d5 and f5");
});

test("a jump that takes nothing gets its own line; one that captures does not", () => {
  const over = { move: "b6-b8", jump: true, jumped: "b7", captures: [] };
  assert.equal(jumpText(DE, over), "b6 sprang über b7 (ohne zu schlagen)");
  assert.equal(jumpText(DE, { ...over, captures: [{ square: "b7" }] }), null);
  assert.equal(jumpText(DE, { move: "b6-b7" }), null);
});

test("results: the winner and the reason", () => {
  assert.equal(resultText(DE, { winner: "defenders", reason: "king_escaped" }), "Die Verteidiger gewinnen: der König ist entkommen");
  assert.equal(resultText(EN, { winner: null, reason: "repetition" }), "Draw: a position was repeated");
});

test("a berserk turn that ended by itself is said, with escape for a king where the rules allow it", () => {
  const st = { cursor: 1, result: null, history: [{ move: "f6-f3", berserk: true, piece: "king" }] };
  assert.equal(berserkOver(EN, st, { berserk: { value: "capture_or_escape" } }),
    "The berserk turn is over: the piece on f3 cannot capture again or escape.");
  assert.equal(berserkOver(EN, st, { berserk: { value: "capture" } }),
    "The berserk turn is over: the piece on f3 cannot capture again.");
  assert.equal(berserkOver(EN, { ...st, history: [{ move: "f6-f3", berserk: true, continues: true }] }, null), null);
});

test("moves taken back: detailed plies when the worker gave them, counted in turns", () => {
  const st = {
    cursor: 1, history: [{ move: "a4-c4", side: "attackers" }],
    future: ["e4-d4", "end"],
    future_plies: [{ move: "e4-d4", notation: "e4-d4xd3", side: "defenders", continues: true }, { move: "end", notation: "end", side: "defenders" }],
  };
  assert.equal(futurePlies(st)[0].notation, "e4-d4xd3");
  assert.equal(futureTurns(st), 1);
  assert.deepEqual(futurePlies({ future: ["a1-a2"], future_plies: [] }), [{ move: "a1-a2", notation: "a1-a2" }]);
  assert.equal(futureTurns({ cursor: 0, history: [], future: [] }), 0);
});

test("the game's plies: those played up to the cursor, then those taken back, numbered once per state", () => {
  const h = (move, side, continues = false) => ({ move, notation: move, side, continues });
  // d1-d3 h6-h9 played, then a berserk turn c1-c2 c2-d2 end and h8-h5 taken back
  const st = {
    cursor: 2, history: [h("d1-d3", "attackers"), h("h6-h9", "defenders"), h("x", "x")],
    future: ["c1-c2", "c2-d2", "end", "h8-h5"],
    future_plies: [h("c1-c2", "attackers", true), h("c2-d2", "attackers", true), h("end", "attackers"), h("h8-h5", "defenders")],
  };
  const got = gamePlies(st);
  assert.deepEqual(got.plies.map((p) => p.move), ["d1-d3", "h6-h9", "c1-c2", "c2-d2", "end", "h8-h5"]);
  assert.deepEqual(got.numbers, [1, 2, 3, 3, 3, 4]);
  assert.equal(gamePlies(st), got, "the same state: the same answer, not worked out again");
  assert.equal(futureTurns(st), 2);
});

test("a click on a piece that cannot move says why: the other side's turn, or no legal move", () => {
  // the defenders to move; a4 an attacker, d4 the king hemmed in, e5 a defender that may move
  const st = { to_move: "defenders", movable: ["e5"], pieces: { a4: "attacker", d4: "king", e5: "defender", b2: "commander" } };
  assert.equal(stillWhy(STRINGS.en, st, "a4"), "The piece on a4 cannot move now: it is the defenders' turn.");
  assert.equal(stillWhy(STRINGS.de, st, "a4"), "Die Figur auf a4 kann jetzt nicht ziehen: Am Zug sind die Verteidiger.");
  assert.equal(stillWhy(STRINGS.en, st, "b2"), "The piece on b2 cannot move now: it is the defenders' turn.",
    "a commander plays for the attackers");
  assert.equal(stillWhy(STRINGS.en, st, "d4"), "The piece on d4 cannot move now: it has no legal move in this position.");
  assert.equal(stillWhy(STRINGS.de, st, "d4"), "Die Figur auf d4 kann jetzt nicht ziehen: Sie hat in dieser Stellung keinen erlaubten Zug.");
  const att = { ...st, to_move: "attackers", movable: ["a4"] };
  assert.equal(stillWhy(STRINGS.en, att, "e5"), "The piece on e5 cannot move now: it is the attackers' turn.");
  assert.equal(stillWhy(STRINGS.de, att, "d4"), "Die Figur auf d4 kann jetzt nicht ziehen: Am Zug sind die Angreifer.");
  assert.equal(stillWhy(STRINGS.en, att, "c3"), null, "an empty square: nothing to say");
});
