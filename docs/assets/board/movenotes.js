// Tafl-Kompendium board: the reader's comments on moves, a component attached to the host
// (host.js BoardHost) with attachMoveNotes(host). Under the move list, a comment field and a
// mark (!, ?, !!, ??, !?, ?!) for the position shown (the move that led there; the start takes a
// comment only); saved when the field or the mark changes (or with Save), kept with the game's
// line (notedata.js, `ui.notes`) and written to the exported record (analysis.js passes them to
// export_record). In the move list a commented move carries its mark after the move and its
// comment under its row (in place of a game record's comment on the same move).
//
// Markup: `div[data-role=move-note]` after the move list with `label` >
// `textarea[data-role=note-text]`, `select[data-role=note-mark]`, `button[data-role=note-save]`,
// `button[data-role=note-delete]`; in the move list `span.tb-note-mark[data-mark]` in the move's
// button and `p.tb-comment.tb-note[data-note-ply=K]` (K: plies from the start; 0 after the start
// entry).

import { el } from "./elements.js";
import { gamePlies } from "./moves.js";
import { NOTE_MARKS, NOTE_MAX, setNote, shownNotes } from "./notedata.js";

/** The comments of `host` (host.js BoardHost); null on a mechanics page's example boards. */
export function attachMoveNotes(host) {
  if (host.data.example) return null;
  const T = host.T;
  const v = host.data.variant || "board";
  const mn = { key: null };
  const box = el("div", { class: "tb-note-editor", "data-role": "move-note", hidden: "" });
  mn.label = el("label", { class: "tb-record-label", for: `tb-note-text-${v}` });
  mn.text = el("textarea", { id: `tb-note-text-${v}`, rows: "2", maxlength: String(NOTE_MAX), "data-role": "note-text" });
  const markLabel = el("label", { class: "tb-note-mark-label" }, `${T.noteMark} `);
  mn.mark = el("select", { "data-role": "note-mark" });
  for (const m of NOTE_MARKS) mn.mark.append(el("option", { value: m }, m ? `${m} (${T.noteMarkNames[m]})` : T.noteNoMark));
  markLabel.append(mn.mark);
  mn.save = el("button", { type: "button", "data-role": "note-save" }, T.noteSave);
  mn.remove = el("button", { type: "button", "data-role": "note-delete" }, T.noteDelete);
  const bar = el("div", { class: "tb-record-buttons" });
  bar.append(markLabel, mn.save, mn.remove);
  box.append(mn.label, mn.text, bar);
  host.dom.movesWrap.after(box);
  mn.box = box;

  const save = (text, mark) => {
    const plies = gamePlies(host.st).plies.map((p) => p.move);
    host.ui.notes = setNote(host.ui.notes || null, host.origin, plies, host.st.cursor, text, mark);
    mn.key = null; // drawn again from what was kept
    host.render();
  };
  mn.text.addEventListener("change", () => save(mn.text.value, mn.mark.value));
  mn.mark.addEventListener("change", () => save(mn.text.value, mn.mark.value));
  mn.save.addEventListener("click", () => { save(mn.text.value, mn.mark.value); host.say(T.noteSaved); });
  mn.remove.addEventListener("click", () => { save("", ""); host.say(T.noteDeleted); mn.text.focus(); });
  host.on("render", () => draw(host, mn));
  return mn;
}

/** The editor for the position shown and the comments in the move list. */
function draw(host, mn) {
  const T = host.T;
  const on = host.ready && host.ui.mode === "play";
  mn.box.hidden = !on;
  const st = host.st;
  const { plies, numbers } = gamePlies(st);
  const moves = plies.map((p) => p.move);
  const notes = shownNotes(host.ui.notes, moves, host.origin);
  const ply = st.cursor;
  // the field holds the comment of the position shown; kept while the reader types in it
  const key = `${ply}|${moves.slice(0, ply).join(" ")}|${host.origin.otn}|${host.origin.to_move}`;
  if (key !== mn.key) {
    mn.key = key;
    const n = notes.get(ply);
    if (document.activeElement !== mn.text || !mn.text.value) mn.text.value = n ? n.text : "";
    mn.mark.value = n ? n.mark : "";
    const p = plies[ply - 1];
    mn.label.textContent = ply > 0 && p
      ? T.noteLabel(Math.ceil(numbers[ply - 1] / 2), T.side[p.side] || p.side, p.notation || p.move) : T.noteLabelStart;
    mn.mark.disabled = ply === 0;
  }
  mn.remove.disabled = !notes.has(ply);
  for (const c of [mn.text, mn.save]) c.disabled = !on;
  drawInList(host, notes);
}

/** The comments and marks into the move list (analysis.js drew its rows before). */
function drawInList(host, notes) {
  const T = host.T;
  const wrap = host.dom.movesWrap;
  for (const old of wrap.querySelectorAll(".tb-note, .tb-note-mark")) old.remove();
  for (const [ply, n] of notes) {
    const b = wrap.querySelector(`button[data-goto="${ply}"]`);
    if (!b) continue;
    if (n.mark) {
      b.append(el("span", { class: "tb-note-mark", "data-mark": n.mark, "aria-hidden": "true" }, n.mark));
      const label = b.getAttribute("aria-label");
      if (label) b.setAttribute("aria-label", `${label} ${n.mark}, ${T.noteMarkNames[n.mark]}`);
    }
    if (!n.text.trim()) continue;
    const p = el("p", { class: "tb-comment tb-note", "data-note-ply": String(ply) });
    p.textContent = n.text;
    const row = ply > 0 ? b.closest("li.tb-pair") : null;
    const record = (row || wrap).querySelector(`.tb-comment[data-comment-ply="${ply}"]`);
    if (record) record.hidden = true; // the reader's comment in its place
    if (row) row.append(p);
    else { // after the start entry and a record's comment on the start (analysis.js puts that next to it)
      const next = b.nextElementSibling;
      (next && next.matches('.tb-comment[data-comment-ply="0"]') ? next : b).after(p);
    }
  }
}
