// Unit tests of the board's words (docs/assets/board/words.js).

import { test } from "node:test";
import assert from "node:assert/strict";

import { LAST_MOVES, STRINGS, fragmentWhy, nameColon, sentence, withSiteNames } from "../../docs/assets/board/words.js";

test("both languages have the same words", () => {
  const shape = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v && typeof v === "object" ? shape(v) : typeof v]));
  assert.deepEqual(shape(STRINGS.en), shape(STRINGS.de));
});

test("every refusal of a link has its own words in both languages", () => {
  const codes = [["too_long"], ["syntax"], ["key", "foo"], ["dup", "pos"], ["pos"], ["turn"], ["moves"], ["too_many"], ["alt"]];
  for (const lang of ["de", "en"]) {
    const T = STRINGS[lang];
    const said = codes.map(([code, key]) => fragmentWhy(T, key ? { code, key } : { code }));
    assert.equal(new Set(said).size, codes.length, lang);
  }
  assert.equal(STRINGS.de.fragmentError(fragmentWhy(STRINGS.de, { code: "pos" })),
    "Der Link enthält keine gültige Partie (Stellung unlesbar). Es gilt die Startaufstellung.");
  assert.equal(fragmentWhy(STRINGS.en, { code: "key", key: "foo" }), "unknown part “foo”");
});

test("the site's names of pieces and capture reasons replace the board's own", () => {
  const T = withSiteNames(STRINGS.de, { pieces: { knight: ["Springer", "Springer"], king: [""] }, capture_reasons: { edge: "am Rand", x: 3 } });
  assert.equal(T.piece.knight, "Springer");
  assert.equal(T.tool.knight, "Springer");
  assert.equal(T.piece.king, "König"); // an empty name keeps the board's
  assert.deepEqual(T.reasonWords, { edge: "am Rand" });
  assert.equal(STRINGS.de.piece.knight, "Ritter", "the shared table is unchanged");
  assert.equal(withSiteNames(STRINGS.en, null), STRINGS.en);
});

test("sentences, colons and 'the last n moves'", () => {
  assert.equal(sentence("Zug zurückgenommen"), "Zug zurückgenommen.");
  assert.equal(sentence("Link kopiert."), "Link kopiert.");
  assert.equal(sentence("„Zug beenden“"), "„Zug beenden“.");
  assert.equal(sentence("oder „Zug beenden“."), "oder „Zug beenden“.");
  assert.equal(nameColon("Thron: feindlich für"), ""); // build_tools/labels.py name_colon
  assert.equal(nameColon("Thron"), ":");
  assert.equal(LAST_MOVES.de(1), "dem letzten Zug");
  assert.equal(LAST_MOVES.en(3), "the last 3 moves");
});
