// Unit tests of the board's side of game records (docs/assets/board/records.js): the size bound
// (tafl_core.limits MAX_GAME_RECORD_CHARS, counted in code points as Python's len counts), file
// names, and numbers in a refusal written in the page's language.

import { test } from "node:test";
import assert from "node:assert/strict";

import {
  RECORD_MAX_CHARS, RECORD_MAX_FILE_BYTES, checkRecordFileSize, checkRecordText, codePoints, localReason, recordFileName,
} from "../../docs/assets/board/records.js";

test("code points, not UTF-16 units: a character outside the BMP is one", () => {
  assert.equal(codePoints("d1-d3"), 5);
  assert.equal(codePoints("𝕏x"), 2);
  assert.equal(codePoints("\ud800"), 1); // a lone surrogate is one
  assert.equal(codePoints("a".repeat(50), 10) > 10, true); // counting stops past the limit
});

test("a record up to the bound is sent; one character more, or nothing, is refused as the engine refuses it", () => {
  assert.equal(RECORD_MAX_CHARS, 2_000_000);
  assert.equal(checkRecordText("1. d1-d3 h6-h9\n"), null);
  assert.equal(checkRecordText("a".repeat(RECORD_MAX_CHARS)), null);
  assert.deepEqual(checkRecordText("a".repeat(RECORD_MAX_CHARS + 1)), { code: "game_record_too_long", params: { max: 2_000_000 } });
  // 2,000,000 characters outside the BMP are 4,000,000 UTF-16 units, and still within the bound
  assert.equal(checkRecordText("𝕏".repeat(RECORD_MAX_CHARS)), null);
  assert.deepEqual(checkRecordText("  \n\n"), { code: "game_record_empty", params: {} });
  assert.deepEqual(checkRecordText(null), { code: "game_record_empty", params: {} });
});

test("a file too large to hold a record within the bound is not read", () => {
  assert.equal(RECORD_MAX_FILE_BYTES, 8_000_000);
  assert.equal(checkRecordFileSize(1234), null);
  assert.equal(checkRecordFileSize(RECORD_MAX_FILE_BYTES), null);
  assert.equal(checkRecordFileSize(RECORD_MAX_FILE_BYTES + 1).code, "game_record_too_long");
  assert.equal(checkRecordFileSize(NaN).code, "game_record_too_long");
});

test("file names: variant slug, the reader's day, the format's extension", () => {
  const d = new Date(2026, 0, 31, 12, 0);
  assert.equal(recordFileName("copenhagen-hnefatafl", "opentafl", d), "copenhagen-hnefatafl-2026-01-31.otg");
  assert.equal(recordFileName("brandubh", "text", d), "brandubh-2026-01-31.txt");
  assert.equal(recordFileName("../etc/passwd", "text", d), "game-2026-01-31.txt");
  assert.equal(recordFileName("brandubh", "pgn", d), "brandubh-2026-01-31.otg");
});

test("the bound in a refusal is written as each language writes numbers", () => {
  const r = { code: "game_record_too_long", params: { max: 2_000_000 } };
  assert.equal(localReason(r, "de").params.max, "2.000.000");
  assert.equal(localReason(r, "en").params.max, "2,000,000");
  assert.equal(r.params.max, 2_000_000); // the reason itself is left as it was
  assert.deepEqual(localReason({ code: "game_record_move", params: { line: 3, text: "zz" } }, "de").params, { line: 3, text: "zz" });
  assert.equal(localReason(null, "de"), null);
});

test("importNotes words an import answer's result, rules and comments, and offers only a switch the reader has", async () => {
  const { importNotes } = await import("../../docs/assets/board/records.js");
  const { STRINGS } = await import("../../docs/assets/board/words.js");
  // the answer of import_record for a Brandubh record from rules without encirclement
  // (notes/CONTRACTS.md "Worker protocol"; tests/tafl_core/test_records.py)
  const answer = {
    ok: true, comments: [{ ply: 2, text: "<i>aside</i>" }, { ply: "x", text: "dropped" }],
    result: { winner: "defenders", draw: false, termination: "Attackers resigned", reason: null },
    rules: { readable: true, differ: [{ key: "encirclement", record: false, page: true }], switch: { encirclement: false } },
  };
  const en = importNotes(STRINGS.en, answer, { encirclement: "Encirclement" }, ["encirclement"]);
  assert.equal(en.result, "Result in the record: the defenders won (“Attackers resigned”).");
  assert.equal(en.rules, "The record's rules differ from this page's: Encirclement (in the record: no, here: yes).");
  assert.deepEqual(en.switch, { encirclement: false });
  assert.deepEqual([...en.comments], [[2, "<i>aside</i>"]]);
  const de = importNotes(STRINGS.de, answer, {}, []);
  assert.equal(de.rules, "Die Regeln der Partienotation weichen von denen dieser Seite ab: encirclement (in der Partie: nein, hier: ja).");
  assert.equal(de.switch, null); // not an assumption the reader may switch here
  assert.equal(importNotes(STRINGS.en, { result: { winner: null, draw: true, termination: null } }).result, "Result in the record: a draw.");
  assert.deepEqual(importNotes(STRINGS.en, { ok: true, result: null, rules: null }), { result: null, rules: null, switch: null, comments: new Map() });
  assert.equal(importNotes(STRINGS.en, { rules: { readable: false, differ: [], switch: null } }).rules,
    "The record's rules hold a rule this board does not play.");
});
