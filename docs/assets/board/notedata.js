// Tafl-Kompendium board: the reader's comments on moves (no DOM, no engine; unit-tested with
// `node --test`, tests/js/notedata.test.mjs). A comment belongs to the position after `ply`
// plies of one line of the game (0: the start): it is kept with that line's moves up to it, so
// that it is shown, and written to the exported record (bridge export_record `notes`), only
// while the game shown still has those moves (another move before it, another line, another
// start: not shown). `ui.notes` (state.js) holds them: {origin, list: [{ply, line, text, mark}],
// rev}; movenotes.js edits and draws them, analysis.js sends them with the export.

/** The marks a reader may give a move (the chess annotation glyphs; "" none), in menu order. */
export const NOTE_MARKS = Object.freeze(["", "!", "?", "!!", "??", "!?", "?!"]);

/** Characters of one comment (tafl_core.limits.MAX_COMMENT_CHARS; test_review_bridge.py). */
export const NOTE_MAX = 10000;

/** The key of the line up to `ply` of the moves `moves`. */
function lineKey(moves, ply) {
  return moves.slice(0, ply).join(" ");
}

/** New, empty comments of the games from `origin` {otn, to_move}. */
export function newNotes(origin) {
  return { origin: { otn: origin.otn ?? null, to_move: origin.to_move ?? null }, list: [], rev: 0 };
}

function sameOrigin(notes, origin) {
  return !!notes && !!origin && notes.origin.otn === (origin.otn ?? null) && notes.origin.to_move === (origin.to_move ?? null);
}

/** The comments shown for the game `moves` (move texts, played then taken back) from
 *  `origin`: Map ply -> {text, mark}. */
export function shownNotes(notes, moves, origin) {
  const out = new Map();
  if (!sameOrigin(notes, origin)) return out;
  for (const n of notes.list) {
    if (n.ply <= moves.length && n.line === lineKey(moves, n.ply)) out.set(n.ply, { text: n.text, mark: n.mark });
  }
  return out;
}

/**
 * Comment `text` and mark `mark` (NOTE_MARKS; none at the start) on the position after `ply`
 * plies of the game `moves` from `origin`: the comments to keep (a new object when `notes` is of
 * another start). Both empty: the comment is removed. Text over NOTE_MAX is cut.
 */
export function setNote(notes, origin, moves, ply, text, mark = "") {
  const out = sameOrigin(notes, origin) ? notes : newNotes(origin);
  const line = lineKey(moves, ply);
  out.list = out.list.filter((n) => !(n.ply === ply && n.line === line));
  const t = String(text || "").slice(0, NOTE_MAX);
  const m = ply > 0 && NOTE_MARKS.includes(mark) ? mark : "";
  if (t.trim() || m) out.list.push({ ply, line, text: t, mark: m });
  out.rev++;
  return out;
}

/** The comments of the game `moves` up to ply `upTo` as bridge export_record `notes`
 *  [{ply, text}]: the mark, then the text. */
export function exportNotes(notes, moves, origin, upTo = moves.length) {
  return [...shownNotes(notes, moves, origin)].filter(([ply]) => ply <= upTo)
    .map(([ply, n]) => ({ ply, text: [n.mark, n.text.trim()].filter(Boolean).join(" ") }))
    .sort((a, b) => a.ply - b.ply);
}
