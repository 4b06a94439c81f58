// Unit tests of the board's accessible description (docs/assets/board/words.js positionText,
// the position as text): it follows the position, in the static diagram's caption's words.

import { test } from "node:test";
import assert from "node:assert/strict";

import { STRINGS, positionText, withSiteNames } from "../../docs/assets/board/words.js";

// The static caption of Copenhagen Hnefatafl's start (site/variants/copenhagen-hnefatafl/,
// figcaption#board-caption, written by build_tools/diagram.py from variants_src): the lists the
// live description must give in the same words and order.
const CAPTION_LISTS = "König: f6. Verteidiger (12): d6, e5, e6, e7, f4, f5, f7, f8, g5, g6, g7, h6. "
  + "Angreifer (24): a4, a5, a6, a7, a8, b6, d1, d11, e1, e11, f1, f2, f10, f11, g1, g11, h1, h11, j6, k4, k5, k6, k7, k8.";

function piecesOf(lists) {
  const pieces = {};
  const kinds = { "König": "king", "Verteidiger": "defender", "Angreifer": "attacker" };
  for (const m of lists.matchAll(/(König|Verteidiger|Angreifer)(?: \(\d+\))?: ([a-z0-9, ]+)\./g)) {
    for (const sq of m[2].split(", ")) pieces[sq] = kinds[m[1]];
  }
  // shuffled: the description sorts by itself
  return Object.fromEntries(Object.entries(pieces).reverse());
}

test("the start position is described as the static caption lists it", () => {
  const T = STRINGS.de;
  const text = positionText(T, "Copenhagen Hnefatafl", piecesOf(CAPTION_LISTS), T.positionStart, T.toMove("Angreifer"));
  assert.equal(text, `Copenhagen Hnefatafl: Startaufstellung. Angreifer am Zug. ${CAPTION_LISTS}`);
});

test("after a move the description names it and the new squares", () => {
  const T = STRINGS.de;
  const pieces = piecesOf(CAPTION_LISTS);
  delete pieces.d1;
  pieces.d3 = "attacker";
  const text = positionText(T, "Copenhagen Hnefatafl", pieces, T.positionAfter(1, "d1-d3"), T.toMove("Verteidiger"));
  assert.match(text, /^Copenhagen Hnefatafl: Stellung nach 1 Zug, zuletzt d1-d3\. Verteidiger am Zug\. /);
  assert.match(text, /Angreifer \(24\): a4, a5, a6, a7, a8, b6, d3, d11, e1,/);
  assert.doesNotMatch(text.split("Angreifer (24)")[1], /\bd1\b/);
});

test("English, with the site's piece names (board-data names: [singular, plural])", () => {
  const names = { pieces: { king: ["King", "King"], defender: ["Defender", "Defenders"], attacker: ["Attacker", "Attackers"] } };
  const T = withSiteNames(STRINGS.en, names);
  const text = positionText(T, "Brandubh", { d4: "king", d5: "defender", a4: "attacker", d1: "attacker" },
    T.positionAfter(3, "a3-a4"), "Defenders to move", names);
  assert.equal(text, "Brandubh: Position after 3 moves, last a3-a4. Defenders to move. King: d4. "
    + "Defenders (1): d5. Attackers (2): a4, d1.");
});
