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
