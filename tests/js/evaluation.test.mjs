// Unit tests of the evaluation's words and the draw band (docs/assets/board/evaluation.js).
// The scale is tafl_core.search's: one attacker = 100, a forced win WIN - plies with WIN
// 1,000,000 and WIN_BOUND 990,000 (tafl_core/scores.py; held equal by
// tests/tafl_core/test_evaluation_scale.py).

import { test } from "node:test";
import assert from "node:assert/strict";

import { BALANCED_BELOW, WIN, WINNING_FROM, acceptsDraw, evaluation, evaluationText } from "../../docs/assets/board/evaluation.js";
import { STRINGS } from "../../docs/assets/board/words.js";

test("a score is turned to the attackers' view and graded", () => {
  assert.deepEqual(evaluation(0, "attackers"), { grade: "balanced", side: null, attackers: 0 });
  assert.equal(evaluation(BALANCED_BELOW - 1, "defenders").grade, "balanced");
  // the defenders to move and 150 ahead: the defenders better (the attackers' view is -150)
  assert.deepEqual(evaluation(150, "defenders"), { grade: "better", side: "defenders", attackers: -150 });
  assert.deepEqual(evaluation(-150, "defenders"), { grade: "better", side: "attackers", attackers: 150 });
  assert.equal(evaluation(WINNING_FROM, "attackers").grade, "winning");
  // a win found 7 plies down
  assert.deepEqual(evaluation(-(WIN - 7), "attackers"), { grade: "forced", side: "defenders", attackers: -(WIN - 7), plies: 7 });
  assert.equal(evaluation(undefined, "attackers"), null);
  assert.equal(evaluation(10, "nobody"), null);
});

test("the evaluation's words, German and English", () => {
  assert.equal(evaluationText(STRINGS.de, evaluation(0, "attackers")), "ausgeglichen");
  assert.equal(evaluationText(STRINGS.en, evaluation(0, "attackers")), "balanced");
  assert.equal(evaluationText(STRINGS.de, evaluation(200, "attackers")), "Angreifer besser");
  assert.equal(evaluationText(STRINGS.en, evaluation(200, "attackers")), "Attackers better");
  assert.equal(evaluationText(STRINGS.de, evaluation(-900, "attackers")), "Verteidiger gewinnen");
  assert.equal(evaluationText(STRINGS.en, evaluation(900, "defenders")), "Defenders winning");
  assert.match(evaluationText(STRINGS.en, evaluation(WIN - 3, "attackers")), /^Attackers win by force \(in 3 plies\)$/);
  assert.equal(evaluationText(STRINGS.en, null), "");
});

test("the computer accepts a draw when balanced or worse for it, declines when ahead", () => {
  // the computer plays the defenders; the defenders to move
  assert.equal(acceptsDraw(0, "defenders", "defenders"), true);
  assert.equal(acceptsDraw(BALANCED_BELOW - 1, "defenders", "defenders"), true);
  assert.equal(acceptsDraw(BALANCED_BELOW, "defenders", "defenders"), false);
  assert.equal(acceptsDraw(-400, "defenders", "defenders"), true);
  // the attackers to move with +300: the computer (defenders) is 300 behind, it accepts
  assert.equal(acceptsDraw(300, "attackers", "defenders"), true);
  assert.equal(acceptsDraw(-300, "attackers", "defenders"), false);
  assert.equal(acceptsDraw(NaN, "attackers", "defenders"), false);
});
