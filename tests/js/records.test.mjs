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

// Value words in the shape of board-data names.values (build_tools/labels.py value_words; the
// whole tables are held equal to labels.value_name by tests/build_tools/test_record_value_words.py).
const DE_VALUES = {
  keys: { "*": { True: "ja", False: "nein", attacker: "Angreifer", defender: "Verteidiger", king: "König" },
    king_capture: { throne_graded: "4 auf dem Thron, 3 daneben, sonst 2", custodial: "von 2 Seiten" },
    repetition: { loss_repeater: "Niederlage des Wiederholenden", loss_defenders: "Niederlage der Verteidiger" } },
  none: "niemand", no_squares: "keine", square_lists: ["camps", "corners"],
};
const EN_VALUES = {
  keys: { "*": { True: "yes", False: "no", attacker: "attacker", defender: "defender", king: "king" },
    repetition: { loss_repeater: "repeating side loses", loss_defenders: "defenders lose", ignored: "no effect", draw: "draw" } },
  none: "nobody", no_squares: "none", square_lists: ["camps", "corners"],
};

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
  const en = importNotes(STRINGS.en, answer, { encirclement: "Encirclement" }, ["encirclement"], EN_VALUES);
  assert.equal(en.result, "Result in the record: the defenders won (“Attackers resigned”).");
  assert.equal(en.rules, "The record's rules differ from this page's: Encirclement (in the record: no, here: yes).");
  assert.deepEqual(en.switch, { encirclement: false });
  assert.deepEqual([...en.comments], [[2, "<i>aside</i>"]]);
  const de = importNotes(STRINGS.de, answer, {}, [], DE_VALUES);
  assert.equal(de.rules, "Die Regeln der Partienotation weichen von denen dieser Seite ab: encirclement (in der Partie: nein, hier: ja).");
  assert.equal(de.switch, null); // not an assumption the reader may switch here
  assert.equal(importNotes(STRINGS.en, { result: { winner: null, draw: true, termination: null } }).result, "Result in the record: a draw.");
  assert.deepEqual(importNotes(STRINGS.en, { ok: true, result: null, rules: null }),
    { result: null, rules: null, switch: null, switchKeys: null, comments: new Map() });
  assert.equal(importNotes(STRINGS.en, { rules: { readable: false, differ: [], switch: null } }).rules,
    "The record's rules hold a rule this board does not play.");
});

test("rule values in the site's words: codes, lists, empty lists, booleans, no raw code on the German page", async () => {
  const { valueName, importNotes } = await import("../../docs/assets/board/records.js");
  const { STRINGS } = await import("../../docs/assets/board/words.js");
  assert.equal(valueName(DE_VALUES, "king_capture", "throne_graded"), "4 auf dem Thron, 3 daneben, sonst 2");
  assert.equal(valueName(DE_VALUES, "throne_hostile", ["attacker", "king"]), "Angreifer, König");
  assert.equal(valueName(DE_VALUES, "throne_hostile", []), "niemand");
  assert.equal(valueName(DE_VALUES, "camps", []), "keine");
  assert.equal(valueName(DE_VALUES, "camps", ["a4", "b5"]), "a4, b5");
  assert.equal(valueName(DE_VALUES, "encirclement", true), "ja");
  assert.equal(valueName(DE_VALUES, "repetition_count", 3), "3");
  assert.equal(valueName(DE_VALUES, "toString", "constructor"), "constructor"); // no prototype lookups
  // a record from Brandubh under the custodial king and other hostility, read on the German page
  const answer = { ok: true, rules: { readable: true, switch: null, differ: [
    { key: "king_capture", record: "custodial", page: "throne_graded" },
    { key: "throne_hostile_empty", record: [], page: ["attacker", "defender"] },
    { key: "repetition", record: "loss_repeater", page: "loss_defenders" }] } };
  const names = { king_capture: "Königsfang", throne_hostile_empty: "Thron: leer feindlich für", repetition: "Wiederholung" };
  assert.equal(importNotes(STRINGS.de, answer, names, [], DE_VALUES).rules,
    "Die Regeln der Partienotation weichen von denen dieser Seite ab: Königsfang (in der Partie: von 2 Seiten, "
    + "hier: 4 auf dem Thron, 3 daneben, sonst 2); Thron: leer feindlich für (in der Partie: niemand, hier: Angreifer, "
    + "Verteidiger); Wiederholung (in der Partie: Niederlage des Wiederholenden, hier: Niederlage der Verteidiger).");
});

test("the export panel says under which rules OpenTafl opens the record, or why it cannot", async () => {
  const { exportOpenTaflNote } = await import("../../docs/assets/board/records.js");
  const { STRINGS } = await import("../../docs/assets/board/words.js");
  // the export_record answer's opentafl (notes/CONTRACTS.md; tests/tafl_core/test_opentafl_export.py)
  assert.equal(exportOpenTaflNote(STRINGS.en, { rules: true, differ: [], why: null }), null);
  const near = { rules: true, why: null, differ: [{ key: "repetition", site: "loss_defenders", opentafl: "loss_repeater" }] };
  assert.equal(exportOpenTaflNote(STRINGS.de, near, { repetition: "Wiederholung" }, DE_VALUES),
    "OpenTafl kennt nicht alle Regeln dieser Seite; die Datei nennt OpenTafls nächste Regeln, unter denen diese Züge "
    + "genauso verlaufen. Anders als hier: Wiederholung (hier: Niederlage der Verteidiger, in der Datei: Niederlage des Wiederholenden).");
  const moves = { rules: false, why: { code: "moves", ply: 8, move: "e4-f4" },
    differ: [{ key: "repetition", site: "ignored", opentafl: "draw" }] };
  assert.equal(exportOpenTaflNote(STRINGS.en, moves, { repetition: "Repetition" }, EN_VALUES),
    "OpenTafl cannot open this record: Under OpenTafl's nearest rules (Repetition (here: no effect, in the file: draw)), "
    + "ply 8 (e4-f4) would play otherwise than here. This board reads it back.");
  assert.equal(exportOpenTaflNote(STRINGS.en, { rules: false, differ: [], why: { code: "board_size", size: 21, max: 19 } }),
    "OpenTafl cannot open this record: OpenTafl plays on at most 19×19 squares, this board has 21×21. This board reads it back.");
  assert.match(exportOpenTaflNote(STRINGS.de, { rules: false, differ: [], why: { code: "rules" } }), /^OpenTafl kann diese Notation nicht öffnen: /);
  assert.equal(exportOpenTaflNote(STRINGS.de, null), null);
});

test("a switch whose assumption sets several rules is offered by that assumption's key", async () => {
  const { importNotes } = await import("../../docs/assets/board/records.js");
  const { STRINGS } = await import("../../docs/assets/board/words.js");
  // Tawlbwrdd (Bell) assumes no throne; its alternative sets the throne and its squares' rules
  // (variants_src/tawlbwrdd-bell/rules.toml), so the switch holds more keys than the assumption
  const sw = { throne: true, throne_stop: ["king"], throne_hostile_empty: ["attacker", "defender"] };
  const answer = { ok: true, rules: { readable: true, switch: sw, assumptions: ["throne"],
    differ: [{ key: "throne", record: true, page: false }, { key: "throne_stop", record: ["king"], page: [] }] } };
  const notes = importNotes(STRINGS.en, answer, {}, ["throne", "corners"], EN_VALUES);
  assert.deepEqual(notes.switch, sw);
  assert.deepEqual(notes.switchKeys, ["throne"]);
  assert.equal(importNotes(STRINGS.en, answer, {}, ["corners"], EN_VALUES).switch, null);
});
