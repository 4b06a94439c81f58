// Unit tests of the evaluation's words and the draw band (docs/assets/board/evaluation.js).
// The scale is tafl_core.search's: one attacker = 100, a forced win WIN - plies with WIN
// 1,000,000 and WIN_BOUND 990,000 (tafl_core/scores.py; held equal by
// tests/tafl_core/test_evaluation_scale.py).

import { test } from "node:test";
import assert from "node:assert/strict";

import { BALANCED_BELOW, DRAW_MIN_PLIES, DRAW_MIN_TAKEN, WIN, WINNING_FROM, acceptsDraw, drawInReach, evaluation, evaluationText, gameProgress } from "../../docs/assets/board/evaluation.js";
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
  // the computer plays the defenders, in a game past its opening
  const late = { plies: DRAW_MIN_PLIES, taken: 0 };
  assert.equal(acceptsDraw(0, "defenders", "defenders", late), true);
  assert.equal(acceptsDraw(BALANCED_BELOW - 1, "defenders", "defenders", late), true);
  assert.equal(acceptsDraw(BALANCED_BELOW, "defenders", "defenders", late), false);
  assert.equal(acceptsDraw(-400, "defenders", "defenders", late), true);
  // the attackers to move with +300: the computer (defenders) is 300 behind, it accepts
  assert.equal(acceptsDraw(300, "attackers", "defenders", late), true);
  assert.equal(acceptsDraw(-300, "attackers", "defenders", late), false);
  assert.equal(acceptsDraw(NaN, "attackers", "defenders", late), false);
});

test("the computer declines a draw in a level opening: it needs moves played or pieces taken", () => {
  // a level score on move 1 (as a strong search of Copenhagen's start gives): declined
  assert.equal(acceptsDraw(0, "defenders", "defenders", { plies: 1, taken: 0 }), false);
  assert.equal(acceptsDraw(0, "defenders", "defenders", undefined), false);
  assert.equal(acceptsDraw(0, "defenders", "defenders", { plies: DRAW_MIN_PLIES - 1, taken: DRAW_MIN_TAKEN - 1 }), false);
  // either minimum is enough
  assert.equal(acceptsDraw(0, "defenders", "defenders", { plies: DRAW_MIN_PLIES, taken: 0 }), true);
  assert.equal(acceptsDraw(0, "defenders", "defenders", { plies: 6, taken: DRAW_MIN_TAKEN }), true);
  // the thresholds mean "out of the opening": twenty moves of each side, a few pieces
  assert.ok(DRAW_MIN_PLIES >= 20 && DRAW_MIN_TAKEN >= 2);
  assert.equal(drawInReach({ plies: 0, taken: 0 }), false);
  // progress counts the plies played and the pieces their captures took
  const history = [{ captures: [] }, { captures: [{ square: "d4" }, { square: "f4" }] }, { captures: [{ square: "e5" }] }];
  assert.deepEqual(gameProgress(history), { plies: 3, taken: 3 });
  assert.deepEqual(gameProgress(undefined), { plies: 0, taken: 0 });
});
