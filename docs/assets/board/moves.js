// Tafl-Kompendium board: move-list and turn formatting (no DOM, no engine; unit-tested with
// `node --test`, tests/js/moves.test.mjs). Every function reads the engine's state (`st`, as
// tafl_core.bridge gives it: history, cursor, pieces, berserk, result, future, future_plies)
// and the board's words `T` (words.js); none changes them.

import { PIECE_SIDE } from "./address.js";
import { capitalize, joinList } from "./words.js";

/** The rule of a jump by each kind that may jump (notes/CONTRACTS.md, "Special pieces"). */
export const JUMP_RULE = { king: "king_jump", commander: "commander_jump", knight: "knight_jump" };

/** The turn number of each ply of `plies` ({move, side, continues}) as the move list shows it:
 *  the plies of a berserk turn after its first share its number. */
export function turnNumbers(plies) {
  let n = 0;
  const out = new Array(plies.length);
  for (let i = 0; i < plies.length; i++) {
    const h = plies[i];
    const prev = i > 0 ? plies[i - 1] : null;
    // a ply continues its side's turn after a ply that went on (`continues`), and `end`
    // closes the turn of the side that made the ply before it; either only for the same side
    const sameSide = !!prev && (!h.side || !prev.side || prev.side === h.side);
    if (!(sameSide && (prev.continues || h.move === "end"))) n++;
    out[i] = n;
  }
  return out;
}

const PLIES_OF = new WeakMap();

/** Every ply of the game in the state `st` — played (`history` up to `cursor`), then taken
 *  back (futurePlies) — and their turnNumbers: `{plies, numbers}`, worked out once per state
 *  object (a game of 100,000 moves is walked once per answer of the engine, not once per
 *  drawing part). The arrays are shared: read them, never change them. */
export function gamePlies(st) {
  let got = PLIES_OF.get(st);
  if (!got) {
    const plies = st.history.slice(0, st.cursor).concat(futurePlies(st));
    got = { plies, numbers: turnNumbers(plies) };
    PLIES_OF.set(st, got);
  }
  return got;
}

/** The marks of OpenTafl notation in one move ("e6^=e8xe7": jump, berserk move, capture), as
 *  keys of T.marks: "x", "^", "=", or ["end"] for the end move. */
export function notationMarks(notation) {
  if (notation === "end") return ["end"];
  const out = [];
  for (let i = 1; i + 1 < notation.length; i++) { // "x" after a square (file x would follow "-")
    if (notation[i] === "x" && notation[i - 1] >= "0" && notation[i - 1] <= "9"
        && notation[i + 1] >= "a" && notation[i + 1] <= "y") { out.push("x"); break; }
  }
  if (notation.includes("^")) out.push("^");
  if (notation.includes("=")) out.push("=");
  return out;
}

/** The moves undone that Redo would replay, next first, as plies (bridge `future`, detailed
 *  by the worker's `future_plies` {move, notation, side, continues, …} where it gave them). */
export function futurePlies(st) {
  const future = Array.isArray(st.future) ? st.future : [];
  const detail = Array.isArray(st.future_plies) && st.future_plies.length === future.length ? st.future_plies : null;
  return future.map((m, i) => (detail ? detail[i] : { move: String(m), notation: String(m) }));
}

/** How many turns the moves taken back (Redo) make, as the move list numbers them. */
export function futureTurns(st) {
  const { plies, numbers } = gamePlies(st);
  if (plies.length === st.cursor) return 0;
  return new Set(numbers.slice(st.cursor)).size;
}

/** The plies of the turn the last played ply belongs to (a berserk turn has several; the
 *  engine marks each ply after which the same side moves again with `continues`), and the kind
 *  of the piece that moved in it: {plies, mover}, or null before the first move. */
export function lastTurn(st) {
  if (!st.cursor) return null;
  let i = st.cursor - 1;
  while (i > 0 && st.history[i - 1].continues && st.history[i - 1].side === st.history[i].side) i--;
  const plies = st.history.slice(i, st.cursor);
  const moved = plies.filter((h) => h.move.includes("-")).pop();
  const mover = moved ? moved.piece || st.pieces[moved.move.split("-")[1]] || null : null;
  return { plies, mover };
}

/** "Die Angreifer gewinnen: der König ist gefangen" for a result {winner, reason}. */
export function resultText(T, res) {
  const who = T.winner[res.winner || "draw"];
  const why = T.reason[res.reason] || String(res.reason || "");
  return `${who}: ${why}`;
}

/** The words for one capture partner {square, kind} ("dem Thron e5", "dem Brettrand");
 *  `pieces`: the position now (an empty throne is said as such). */
export function withText(T, w, pieces) {
  const K = T.withKind;
  switch (w.kind) {
    case "throne": return pieces[w.square] ? K.throne(w.square) : K.throneEmpty;
    case "corner": return K.corner(w.square);
    case "camp": return K.camp(w.square);
    case "edge": return K.edge;
    case "king": return K.king(w.square);
    case "commander": return K.commander(w.square);
    case "knight": return K.knight(w.square);
    default: return String(w.square || "");
  }
}

/** One line per capture `c` {square, piece, reason, with}, built from the engine's reason and
 *  `with` (the partners besides the moving piece, which is the move's destination); `played`
 *  the ply {move, piece}, `mover` the kind that moved in a berserk turn, `pieces` the position. */
export function captureText(T, c, played, mover, pieces) {
  const withs = [...(c.with || [])];
  const dest = played && played.move && played.move.includes("-") ? played.move.split("-")[1] : null;
  // the moving piece's kind: `mover` (a berserk turn's piece has moved on since), else the
  // piece now on the destination
  const moverKind = (played && played.piece) || mover || (dest ? pieces[dest] || "" : "");
  if (dest && !withs.some((w) => w.square === dest)) withs.unshift({ square: dest, kind: moverKind });
  const items = withs.map((w) => withText(T, w, pieces));
  const list = joinList(items, T.and);
  const between = () => (items.length === 2 ? T.between(items[0], items[1]) : T.by(list));
  let how;
  switch (c.reason) {
    case "king_surrounded": how = T.surrounded(list); break;
    case "edge": how = T.edge(list); break;
    case "shieldwall": how = T.shieldwall(list); break;
    case "jump": how = T.jumpBy[moverKind] || T.jumpBy.other; break; // no partners: the jumper alone
    case "king_commanders": how = T.byCommanders(between()); break;
    case "custodial": case "hostile_throne": case "hostile_corner": case "hostile_camp": case "king_custodial":
      how = between(); break;
    default: // a reason this board has no sentence for: the site's words for it
      how = between() + (T.reasonWords && T.reasonWords[c.reason] ? ` (${T.reasonWords[c.reason]})` : "");
  }
  const what = T.piece[c.piece] || String(c.piece || "");
  return capitalize((c.piece === "king" ? T.kingTaken(what, c.square) : T.taken(what, c.square)) + how);
}

/** The line for a jump that took nothing ("b6 sprang über b7 (ohne zu schlagen)"), or null;
 *  a jump that captures is told by its capture line (reason `jump`). */
export function jumpText(T, h) {
  if (!h || !h.jump || !h.jumped || !h.move.includes("-")) return null;
  if ((h.captures || []).some((c) => c.square === h.jumped)) return null;
  return T.jumped(h.move.split("-")[0], h.jumped); // starts with a square name: as written
}

/** The § of the rule that lets the kind `piece` jump (king_jump, commander_jump, knight_jump
 *  of the rules the board plays: the engine's rules_info `ruleInfo`), or null. */
export function jumpRef(ruleInfo, piece) {
  const info = ruleInfo && ruleInfo[JUMP_RULE[piece]];
  return info && typeof info.ref === "string" ? info.ref : null;
}

/** Whether the rules the board plays have berserk turns (the engine's rules_info). */
export function hasBerserkTurns(ruleInfo) {
  const info = ruleInfo && ruleInfo.berserk;
  return !!info && typeof info.value === "string" && info.value !== "off";
}

/** The berserk turn under way ({square, can_end, escape}: notes/CONTRACTS.md), or null (none,
 *  the game over, or `editing`: the editor open). */
export function activeBerserk(st, editing = false) {
  return !editing && !st.result && st.berserk && typeof st.berserk.square === "string" ? st.berserk : null;
}

/** When the last ply went on with a berserk turn (`berserk`) and the turn ended there by itself
 *  (not `continues`, not the end move): the sentence that says so, else null. Whether the
 *  piece could also have gone on by escaping (a king, `berserk = capture_or_escape`) comes
 *  from the engine's rules_info. */
export function berserkOver(T, st, ruleInfo) {
  const h = st.cursor ? st.history[st.cursor - 1] : null;
  if (!h || !h.berserk || h.continues || h.move === "end" || !h.move.includes("-") || st.result) return null;
  const info = ruleInfo && ruleInfo.berserk;
  const escape = h.piece === "king" && !!info && info.value === "capture_or_escape";
  return T.berserkOver(h.move.split("-")[1], escape);
}

/** Why the piece on `sq` cannot move in state `st` (it is not among `st.movable`), in the words
 *  `T`: "The piece on a4 cannot move now: it is the defenders' turn." for a piece of the side
 *  not to move, "...: it has no legal move in this position." for one of the side to move;
 *  null for an empty square. */
export function stillWhy(T, st, sq) {
  const kind = st.pieces && st.pieces[sq];
  if (!kind) return null;
  const owner = PIECE_SIDE[kind];
  const why = owner && owner !== st.to_move && T.stillTurn[st.to_move] ? T.stillTurn[st.to_move] : T.stillStuck;
  return T.cannotMove(sq, why);
}
