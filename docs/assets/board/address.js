// Tafl-Kompendium board: the address / share-link codec (no DOM, no engine; unit-tested with
// `node --test`, tests/js/address.test.mjs).
//
// A game link is the URL fragment `#pos=<OTN>&turn=attackers|defenders&moves=a1-a2,...&alt=k,k
// &end=resign-attackers|resign-defenders|draw` (each part optional; `end`: the players ended the
// game where the moves leave it). The text is untrusted: everything here reads it with hand-written
// scanners that look at each character a bounded number of times (a nested regular expression
// once took 33 s on a 63-character link), after the length bound FRAGMENT_MAX is applied
// and before anything else looks at it. Nothing is evaluated or inserted into the page.

export const FILES = "abcdefghijklmnopqrstuvwxy";
/** characters: a fragment longer than this is refused unread */
export const FRAGMENT_MAX = 4096;
/** moves in one link */
export const MOVES_MAX = 500;
/** the largest board (files a–y) */
export const SIZE_MAX = 25;
/** rows of a position record: boards are 7 to 25 squares wide */
export const ROWS_MIN = 7;
/** OpenTafl position record letters: t attacker, T defender, K king, c commander, N knight */
export const OTN_LETTER = { attacker: "t", defender: "T", king: "K", commander: "c", knight: "N" };
/** Piece kinds the board can draw (tafl_core.position). */
export const PIECE_KINDS = ["attacker", "defender", "king", "commander", "knight"];
/** The side each piece kind plays for (tafl_core.tables SIDE_OF; tests/tafl_core/
 *  test_board_piece_sides.py holds the two equal). */
export const PIECE_SIDE = Object.freeze({
  attacker: "attackers", commander: "attackers", defender: "defenders", king: "defenders", knight: "defenders",
});
/** The ends the players declare, as a link's `end` part writes them: the attackers resigned,
 *  the defenders resigned, a draw agreed (tafl_core.bridge DECLARED_ENDS: the exported record's
 *  result and termination; tests/tafl_core/test_declared_ends.py holds the two equal). */
export const END_VALUES = Object.freeze(["resign-attackers", "resign-defenders", "draw"]);
/** The parts a game link may have. */
export const FRAGMENT_KEYS = ["pos", "turn", "moves", "alt", "end"];

const SIDES = ["attackers", "defenders"];

/** Name of the square with 0-based file `f` and rank `r` ("a1" for 0, 0). */
export function squareName(f, r) { return FILES[f] + String(r + 1); }

/** [file, rank], 0-based, of a square name such as "e5" (no check: use isSquare first). */
export function squareCoords(sq) { return [FILES.indexOf(sq[0]), parseInt(sq.slice(1), 10) - 1]; }

/** A step counter for the scanners below (`meter.steps` grows by one per character looked at);
 *  the tests use it to check that reading a link takes work linear in its length. */
function tick(meter, n = 1) { if (meter) meter.steps += n; }

function isDigit(c) { return c >= "0" && c <= "9"; }

/** Whether `s` is a square name a1 … y25 (file a–y, rank 1–25 without a leading zero). */
export function isSquare(s, meter = null) {
  if (typeof s !== "string") return false;
  tick(meter, Math.min(s.length, 4));
  if (s.length < 2 || s.length > 3) return false;
  if (FILES.indexOf(s[0]) < 0) return false;
  const rank = s.slice(1);
  if (!isDigit(rank[0]) || rank[0] === "0") return false;
  if (rank.length === 2 && !isDigit(rank[1])) return false;
  return Number(rank) <= SIZE_MAX;
}

/** Whether `s` is a move the board sends: "e1-e5" (two square names), or "end" (ends a berserk
 *  turn; notes/CONTRACTS.md, "Special pieces"). Legality is the engine's business. */
export function isMove(s, meter = null) {
  if (typeof s !== "string") return false;
  if (s === "end") { tick(meter, 3); return true; }
  const dash = s.length <= 7 ? s.indexOf("-") : -1;
  tick(meter, Math.min(s.length, 8));
  return dash > 0 && isSquare(s.slice(0, dash), meter) && isSquare(s.slice(dash + 1), meter);
}

/**
 * Whether `s` has the shape of an OpenTafl position record: "/" and then 7 to 25 rows, each
 * ended by "/", each of 1 to 25 items; an item is a piece letter (t T K c N) or a run of empty
 * squares written as a number 1–99 without a leading zero (read as the longest digit run, as
 * tafl_core.position reads it). Whether the rows fit the board is the engine's word. One pass.
 */
export function isOtn(s, meter = null) {
  if (typeof s !== "string" || s.length > FRAGMENT_MAX || s[0] !== "/") return false;
  let rows = 0, items = 0, digits = 0;
  for (let i = 1; i < s.length; i++) {
    tick(meter);
    const c = s[i];
    if (c === "/") {
      if (items === 0) return false; // an empty row
      rows++;
      if (rows > SIZE_MAX) return false;
      items = 0;
      digits = 0;
    } else if (isDigit(c)) {
      if (digits === 0) {
        if (c === "0") return false; // a run 0, or a leading zero
        items++;
      } else if (digits >= 2) return false; // a run over 99
      digits++;
    } else if (c === "t" || c === "T" || c === "K" || c === "c" || c === "N") {
      items++;
      digits = 0;
    } else return false;
    if (items > SIZE_MAX) return false;
  }
  return s[s.length - 1] === "/" && rows >= ROWS_MIN;
}

/** Whether `s` is a lower-case key of 1 to 10 letters (a part name of a link). */
function isKeyWord(s, meter) {
  tick(meter, Math.min(s.length, 11));
  if (s.length < 1 || s.length > 10) return false;
  for (const c of s) if (c < "a" || c > "z") return false;
  return true;
}

/** Whether the address fragment `hash` ("#…", as location.hash) holds a game (a part pos=,
 *  turn=, moves= or alt=), not only a section anchor such as #sec-5-3. Plain string tests. */
export function isGameFragment(hash) {
  const h = String(hash || "");
  if (!h.startsWith("#")) return false;
  const parts = h.slice(1).split("&");
  return parts.some((p) => FRAGMENT_KEYS.some((k) => p.startsWith(k + "=")));
}

/**
 * Read the untrusted URL fragment `hash` (with or without its "#").
 * Returns null for an ordinary anchor (no "=" and no "&"); {ok: true, game: {otn, to_move,
 * moves, alt, end}} for a game link (otn, to_move null when not given; moves a list of
 * "e1-e5"/"end"; alt the distinct keys of `assumptionKeys` it names; end one of END_VALUES or
 * null); or {ok: false, refusal: {code, key}} for anything else, `code` one of too_long, syntax,
 * key (an unknown part, `key` its name), dup (a part twice), pos, turn, moves, too_many (over
 * MOVES_MAX moves), alt, end. Never throws.
 * `meter` ({steps: 0}, optional) counts the characters looked at.
 */
export function readFragment(hash, assumptionKeys = [], meter = null) {
  let h = typeof hash === "string" ? hash : String(hash ?? "");
  if (h.length > FRAGMENT_MAX + 1) return refuse("too_long");
  if (h.startsWith("#")) h = h.slice(1);
  if (h.length > FRAGMENT_MAX) return refuse("too_long");
  tick(meter, h.length); // the includes() below
  if (!h.includes("=") && !h.includes("&")) return null; // a section anchor such as #board
  const game = { otn: null, to_move: null, moves: [], alt: [], end: null };
  const seen = new Set();
  for (const part of h.split("&")) {
    tick(meter);
    if (part === "") continue;
    const eq = part.indexOf("=");
    tick(meter, eq < 0 ? part.length : eq + 1);
    const key = eq < 0 ? part : part.slice(0, eq);
    let value = eq < 0 ? "" : part.slice(eq + 1);
    if (!isKeyWord(key, meter)) return refuse("syntax");
    if (!FRAGMENT_KEYS.includes(key)) return refuse("key", key);
    if (seen.has(key)) return refuse("dup", key);
    seen.add(key);
    tick(meter, value.length);
    if (value.includes("%")) {
      try { value = decodeURIComponent(value); } catch { return refuse("syntax"); }
      tick(meter, value.length);
    }
    if (key === "pos") {
      if (!isOtn(value, meter)) return refuse("pos");
      game.otn = value;
    } else if (key === "turn") {
      if (!SIDES.includes(value)) return refuse("turn");
      game.to_move = value;
    } else if (key === "moves") {
      if (value === "") continue;
      const moves = value.split(",");
      tick(meter, moves.length);
      if (moves.length > MOVES_MAX) return refuse("too_many");
      for (const m of moves) if (!isMove(m, meter)) return refuse("moves");
      game.moves = moves;
    } else if (key === "end") {
      tick(meter, value.length);
      if (!END_VALUES.includes(value)) return refuse("end");
      game.end = value;
    } else if (key === "alt") {
      if (value === "") continue;
      const keys = value.split(",");
      for (const k of keys) {
        tick(meter, k.length + 1);
        if (!assumptionKeys.includes(k)) return refuse("alt");
      }
      game.alt = [...new Set(keys)];
    }
  }
  return { ok: true, game };
}

function refuse(code, key = null) {
  return { ok: false, refusal: key === null ? { code } : { code, key: key.slice(0, 20) } };
}

/** OpenTafl position record of a {square: kind} map on a `size`×`size` board; first row =
 *  rank 1 (tafl_core.position). Throws Error for a kind without a letter. */
export function toOtn(pieces, size) {
  let out = "/";
  for (let r = 0; r < size; r++) {
    let run = 0;
    for (let f = 0; f < size; f++) {
      const k = pieces[squareName(f, r)];
      if (!k) { run++; continue; }
      if (!OTN_LETTER[k]) throw new Error(`no OpenTafl letter for the piece kind ${String(k).slice(0, 20)}`);
      if (run) { out += run; run = 0; }
      out += OTN_LETTER[k];
    }
    if (run) out += run;
    out += "/";
  }
  return out;
}

/**
 * The link fragment (without "#") of a game: `origin` {otn, to_move} (either null: the board's
 * own start), the `moves` played ("e1-e5", "end"), the switched assumption keys `alt` (sorted
 * into the link), and the end the players declared (`end`, one of END_VALUES, or null). A game
 * with nothing to say is "moves=" (a game link, not an anchor). readFragment reads it back as
 * the same game. Throws RangeError for an `end` not in END_VALUES.
 */
export function writeFragment(origin, moves = [], alt = [], end = null) {
  if (end !== null && !END_VALUES.includes(end)) throw new RangeError("not an end of a game");
  const parts = [];
  if (origin && origin.otn) parts.push("pos=" + origin.otn);
  if (origin && origin.to_move) parts.push("turn=" + origin.to_move);
  if (moves.length) parts.push("moves=" + moves.join(","));
  if (alt.length) parts.push("alt=" + [...alt].sort().join(","));
  if (end) parts.push("end=" + end);
  if (!parts.length) parts.push("moves=");
  return parts.join("&");
}
