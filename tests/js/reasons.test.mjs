// Unit tests of the refusal wording (docs/assets/board/reasons.js): templates filled from the
// engine's reason params and the page's forms (notes-lead reasons contract, point 3).

import { test } from "node:test";
import assert from "node:assert/strict";

import { fillTemplate, wordReason } from "../../docs/assets/board/reasons.js";

// German words as build_tools/labels.py gives them (REASON_FORMS): a piece kind in the
// nominative with its article, a special square in the dative.
const WORDS = {
  templates: {
    blocked: "der Weg von {from} nach {to} ist auf {at} versperrt",
    may_not_stop: "{piece|nom} darf nicht auf {kind|dat} {square} stehen bleiben",
    too_many_moves: "höchstens {max} Züge",
  },
  forms: {
    nom: { attacker: "ein Angreifer", king: "der König" },
    dat: { throne: "dem Thron", corner: "dem Eckfeld" },
  },
};

test("a template is filled with the params and their forms", () => {
  assert.equal(wordReason({ code: "blocked", params: { from: "e1", to: "e9", at: "e5" } }, WORDS),
    "der Weg von e1 nach e9 ist auf e5 versperrt");
  assert.equal(wordReason({ code: "may_not_stop", params: { piece: "attacker", kind: "throne", square: "f6" } }, WORDS),
    "ein Angreifer darf nicht auf dem Thron f6 stehen bleiben");
  assert.equal(wordReason({ code: "too_many_moves", params: { max: 500 } }, WORDS), "höchstens 500 Züge");
});

test("a missing form or word falls back to the raw value, a missing param to nothing", () => {
  assert.equal(wordReason({ code: "may_not_stop", params: { piece: "knight", kind: "camp", square: "a6" } }, WORDS),
    "knight darf nicht auf camp a6 stehen bleiben");
  assert.equal(fillTemplate("{a|nosuch} und {b}.", { a: "x" }, WORDS.forms), "x und .");
  assert.equal(fillTemplate("offen { bleibt", {}), "offen { bleibt");
  assert.equal(fillTemplate("kein Platzhalter", { a: 1 }), "kein Platzhalter");
});

test("no template, no reason, or no words: null (the caller says the refusal without a why)", () => {
  assert.equal(wordReason({ code: "no_such_code", params: {} }, WORDS), null);
  assert.equal(wordReason(null, WORDS), null);
  assert.equal(wordReason({ code: "blocked", params: {} }, undefined), null);
  assert.equal(wordReason({ code: "toString", params: {} }, WORDS), null); // no inherited keys
});

test("filling is one pass: a long template of placeholders", () => {
  const t = "{a}".repeat(20000) + "{";
  assert.equal(fillTemplate(t, { a: "x" }).length, 20001);
});
