// Tafl-Kompendium board: analysis and game records, a component attached to the host (host.js
// BoardHost) with attachAnalysis(host).
//
// The move list in rows of two turns (`1. d1-d3 e4-e2`, as an OpenTafl game record numbers its
// lines; movelist.js), every ply a button that shows the position after it (worker command
// `goto {ply}`, one request, the engine's undo/redo: the moves after it stay to Redo, a new move
// drops them as after Undo); a "Starting position" entry before the list. Keys (movelist.js
// STEP_KEYS): in the move list ←/→ one ply back/forward, Home/End the start/the end; on the
// board the same keys with Shift (the intent {type: "step"}, input.js), since the bare arrow keys
// move the board's focus square. The list is one stop of the Tab key (roving tabindex on the current entry). A
// berserk turn's steps are targets each, as Undo takes them back one by one: after a jump
// into a berserk turn its piece is the one to move on.
//
// Game records: "Partie exportieren" / "Export game" shows the game as an OpenTafl game record
// or as the moves alone (worker `export_record`) in a read-only field, to copy or to save as a
// file; "Partie importieren" / "Import game" reads a pasted text or an opened file (bounded:
// records.js, the engine checks again and parses strictly, worker `import_record`). A refused
// record is named with its first bad line (the engine's reason, worded by reasons.js from the
// page's templates) and the current game stays; record text is only ever a field's value.
//
// Markup (notes/CONTRACTS.md, "Analysis and game records"): `ol[data-role=move-list]` >
// `li.tb-pair[data-pair=N]` > `ol.tb-turn` > the ply's `li[data-ply|data-future]` (as before)
// > `button[data-goto=K]` (K = plies from the start), `aria-current="step"` on the button of
// the position shown, `button[data-goto="0"]` the start entry; `[data-role=records]` with
// `button[data-record=export|import|copy|download|import-run|import-cancel]`,
// `textarea[data-role=export-text|import-text]`, `input[data-role=import-file]`,
// `[data-role=export-scope]` (the export ends at the position shown: moves taken back are not in it),
// `[data-role=import-message]`, `[data-role=export-message]`. A move the game review marked
// (review.js, ui.review) carries `data-review-mark` on its button and the mark in
// `span.tb-review-mark[data-mark]` after the move; the intent {type: "goto", ply} (the review's
// graph) jumps as a click on the entry does.

import { toOtn } from "./address.js";
import { el } from "./elements.js";
import { focusPly, isStepKey, moveRows, stepTarget, totalPlies } from "./movelist.js";
import { futureTurns, gamePlies, turnNumbers } from "./moves.js";
import {
  RECORD_ACCEPT, RECORD_FORMATS, checkRecordFileSize, checkRecordText, exportOpenTaflNote, importNotes, localReason, recordFileName,
} from "./records.js";
import { exportNotes } from "./notedata.js";
import { shownEntries } from "./reviewdata.js";
import { newGameId } from "./state.js";

/**
 * The analysis of `host`: the move list's start entry, help, clicks and keys; the records box
 * after it. Claims the intent {type: "step", key}; regroups the move list after each render.
 * Returns its handle `an` (its DOM and its functions: gotoPly, stepKey, importRecord, ...).
 */
export function attachAnalysis(host) {
  // `record`: the game record last imported {origin, moves, comments: Map ply -> text} while
  // its game is on the board, for the comments under its moves
  const an = { host, shownPly: null, exportedFor: null, hadFocus: false, record: null, switchText: null };
  const T = host.T;
  const wrap = host.dom.movesWrap;
  const helpId = `tb-move-help-${host.data.variant || "board"}`;
  an.startPlyButton = el("button", {
    type: "button", class: "tb-ply tb-ply-start", "data-goto": "0", tabindex: "0", "aria-describedby": helpId,
  }, T.startPosition);
  an.moveHelpEl = el("p", { class: "tb-help tb-move-help", id: helpId, "data-role": "move-help" }, T.moveListHelp);
  wrap.insertBefore(an.startPlyButton, host.dom.moveListEl);
  wrap.append(an.moveHelpEl); // after the list and the key to its marks
  wrap.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button[data-goto]") : null;
    if (b && wrap.contains(b)) gotoPly(an, Number(b.getAttribute("data-goto")));
  });
  wrap.addEventListener("keydown", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button[data-goto]") : null;
    if (!b || !isStepKey(e, true)) return;
    e.preventDefault();
    stepKey(an, e.key);
  });
  an.recordsEl = buildRecords(an);
  wrap.after(an.recordsEl);

  host.on("intent", (i) => (i.type === "step" ? (stepKey(an, i.key), true)
    : i.type === "goto" && Number.isInteger(i.ply) ? gotoPly(an, i.ply) : undefined));
  host.on("change", () => forgetRecord(an)); // another game (an import sets its own after)
  host.on("preRender", () => {
    const active = document.activeElement;
    an.hadFocus = !!active && wrap.contains(active) && active.hasAttribute("data-goto");
  });
  host.on("render", () => {
    const editing = host.ui.mode === "edit";
    drawPairs(an, editing);
    drawRecords(an, editing);
  });
  return an;
}

// --- stepping
/** Show the position after `ply` plies (0: the start); queued behind requests under way. */
function gotoPly(an, ply) {
  return an.host.exclusive(() => gotoNow(an, () => ply));
}

/** One of movelist.js STEP_KEYS: the target is worked out when the request runs, from the
 *  game shown then (a key held down steps on from each new position). */
function stepKey(an, key) {
  const h = an.host;
  return h.exclusive(() => gotoNow(an, () => stepTarget(key, h.st.cursor, totalPlies(h.st))));
}

async function gotoNow(an, target) {
  const h = an.host;
  const T = h.T;
  if (!h.ready || h.ui.mode !== "play") return;
  const ply = target();
  if (!Number.isInteger(ply) || ply === h.st.cursor || ply < 0 || ply > totalPlies(h.st)) return;
  h.willChange(); // the computer's search is of the position left
  const mark = h.changeMark();
  try {
    h.clearSelection();
    h.message(null);
    h.st = await h.engine.call("goto", { ply });
    const st = h.st;
    const p = st.history[st.cursor - 1];
    h.say(p ? T.atPly(Math.ceil(gamePlies(st).numbers[st.cursor - 1] / 2), p.notation || p.move) : T.atStart);
    await h.syncAddress(mark);
  } catch (e) {
    h.message(h.refusalText(e));
  } finally {
    h.render();
  }
}

/** One row `row` {number, turns} of the move list: its number, and a list per turn of the
 *  plies' entries `items`, each entry's content in a button that jumps to the position after it. */
function pairRow(an, row, items, plies, current, off, comments, reviewed) {
  const h = an.host;
  const T = h.T;
  const li = el("li", { class: "tb-pair", "data-pair": row.number, value: row.number });
  // the number is seen; screen readers hear it in each button's label ("1. Angreifer: d1-d3")
  li.append(el("span", { class: "tb-num", "aria-hidden": "true" }, `${row.number}.`));
  for (const turn of row.turns) {
    const list = el("ol", { class: "tb-turn", role: "none" });
    for (const i of turn) {
      const item = items[i];
      const p = plies[i];
      const b = el("button", { type: "button", class: "tb-ply", "data-goto": i + 1, tabindex: i + 1 === current ? "0" : "-1" });
      b.append(...item.childNodes);
      const mark = reviewed[i] && reviewed[i].mark;
      b.setAttribute("aria-label", T.plyLabel(row.number, T.side[p.side] || p.side || "", b.textContent)
        + (mark ? ` ${mark}, ${T.reviewMarkNames[mark]}` : ""));
      if (mark) { // the game review's mark (review.js), after the move
        b.setAttribute("data-review-mark", mark);
        b.append(el("span", { class: "tb-review-mark", "data-mark": mark, "aria-hidden": "true" }, mark));
      }
      if (item.hasAttribute("aria-current")) item.removeAttribute("aria-current");
      if (i + 1 === h.st.cursor) b.setAttribute("aria-current", "step");
      if (off) b.setAttribute("aria-disabled", "true");
      item.setAttribute("role", "none");
      item.append(b);
      list.append(item);
    }
    li.append(list);
  }
  // a game record's comments, under the row of the moves they follow (plain text)
  for (const turn of row.turns) {
    for (const i of turn) {
      const text = comments.get(i + 1);
      if (text !== undefined) li.append(commentEl(i + 1, text));
    }
  }
  return li;
}

/** A comment of a game record on ply `ply` (0: the start): its text as text, never markup. */
function commentEl(ply, text) {
  const p = el("p", { class: "tb-comment", "data-comment-ply": String(ply) });
  p.textContent = text;
  return p;
}

/** The imported record's comments that belong to the game shown: those on the plies it still
 *  has as read (same start, same moves up to them); Map ply -> text. */
function shownComments(an, plies) {
  const rec = an.record;
  const h = an.host;
  if (!rec || !rec.comments.size || h.origin.otn !== rec.origin.otn || h.origin.to_move !== rec.origin.to_move) return new Map();
  let same = 0;
  while (same < plies.length && same < rec.moves.length && plies[same].move === rec.moves[same]) same++;
  return new Map([...rec.comments].filter(([ply]) => ply <= same));
}

/** The move list as draw.js drew it (one `li` per ply), regrouped into rows of two turns. */
function drawPairs(an, editing) {
  const h = an.host;
  const st = h.st;
  const ol = h.dom.moveListEl;
  const current = focusPly(st);
  const { plies, numbers } = gamePlies(st);
  // draw.js drew every ply or (a long game) a window of whole rows: each entry by its index
  const items = [];
  let lo = plies.length, hi = 0;
  for (const li of ol.children) {
    const k = li.hasAttribute("data-ply") ? Number(li.getAttribute("data-ply")) - 1
      : li.hasAttribute("data-future") ? st.cursor + Number(li.getAttribute("data-future")) - 1 : -1;
    if (k >= 0 && k < plies.length) { items[k] = li; lo = Math.min(lo, k); hi = Math.max(hi, k + 1); }
  }
  const off = editing || !h.ready;
  ol.classList.add("tb-paired");
  const comments = shownComments(an, plies);
  if (items.length) {
    const rows = moveRows(plies, numbers, lo, hi).filter((row) => row.turns.every((turn) => turn.every((i) => items[i])));
    const reviewed = shownEntries(h.ui.review, plies, h.origin);
    ol.replaceChildren(...rows.map((row) => pairRow(an, row, items, plies, current, off, comments, reviewed)));
  }
  const start = an.startPlyButton;
  const startNote = start.nextElementSibling && start.nextElementSibling.classList.contains("tb-comment") ? start.nextElementSibling : null;
  if (startNote) startNote.remove();
  if (comments.has(0)) start.after(commentEl(0, comments.get(0)));
  start.tabIndex = current === 0 ? 0 : -1;
  if (st.cursor === 0) start.setAttribute("aria-current", "step"); else start.removeAttribute("aria-current");
  if (off) start.setAttribute("aria-disabled", "true"); else start.removeAttribute("aria-disabled");
  const stop = current === 0 ? start : ol.querySelector(`button[data-goto="${current}"]`) || start;
  if (an.hadFocus) stop.focus({ preventScroll: true });
  if (an.shownPly !== st.cursor) { // the current entry into the list's view (not the page's)
    an.shownPly = st.cursor;
    const r = stop.getBoundingClientRect(), o = ol.getBoundingClientRect();
    if (stop !== start && o.height) {
      if (r.top < o.top) ol.scrollTop -= o.top - r.top;
      else if (r.bottom > o.bottom) ol.scrollTop += r.bottom - o.bottom;
    } else if (stop === start) ol.scrollTop = 0;
  }
}

// --- game records
/** The export panel: format, the text (read-only), copy, save. */
function buildExport(an, v, button) {
  const T = an.host.T;
  const ex = el("div", { class: "tb-record-panel tb-export", id: `tb-export-${v}`, "data-role": "export", hidden: "" });
  const fs = el("fieldset", { class: "tb-record-format" });
  fs.append(el("legend", {}, T.recordFormat));
  an.formatInputs = {};
  for (const f of Object.keys(RECORD_FORMATS)) {
    const lab = el("label", {});
    const r = el("input", { type: "radio", name: `tb-record-format-${v}`, value: f, "data-record-format": f });
    if (f === "opentafl") r.checked = true;
    r.addEventListener("change", () => { if (r.checked) refreshExport(an); });
    an.formatInputs[f] = r;
    lab.append(r, document.createTextNode(" " + T.recordFormats[f]));
    fs.append(lab);
  }
  const exLabel = el("label", { class: "tb-record-label" }, T.exportLabel);
  an.exportText = el("textarea", { readonly: "", rows: "8", spellcheck: "false", wrap: "off", "data-role": "export-text" });
  exLabel.append(an.exportText);
  const exButtons = el("div", { class: "tb-record-buttons" });
  exButtons.append(button("copy", T.recordCopy, () => copyRecord(an)),
    button("download", T.recordDownload, () => downloadRecord(an)));
  an.exportMessage = el("p", { class: "tb-record-note", "data-role": "export-message", role: "status", hidden: "" });
  an.exportScope = el("p", { class: "tb-help tb-record-note", "data-role": "export-scope", hidden: "" });
  // whether OpenTafl opens the record, under which rules, or why not (records.js exportOpenTaflNote)
  an.exportOpenTafl = el("p", { class: "tb-help tb-record-note", "data-role": "export-opentafl", hidden: "" });
  ex.append(fs, exLabel, an.exportScope, an.exportOpenTafl, exButtons, an.exportMessage);
  return ex;
}

/** The import panel: paste or open a file. */
function buildImport(an, v, button) {
  const T = an.host.T;
  const im = el("div", { class: "tb-record-panel tb-import", id: `tb-import-${v}`, "data-role": "import", hidden: "" });
  const imLabel = el("label", { class: "tb-record-label" }, T.importLabel);
  an.importText = el("textarea", { rows: "6", spellcheck: "false", wrap: "off", "data-role": "import-text" });
  an.importText.addEventListener("paste", (e) => holdPaste(an, e));
  an.importText.addEventListener("input", () => { an.heldText = null; }); // typed: the field counts
  an.heldText = null;
  imLabel.append(an.importText);
  const fileLabel = el("label", { class: "tb-record-file" }, T.importFile + ": ");
  an.importFile = el("input", { type: "file", accept: RECORD_ACCEPT, "data-role": "import-file" });
  an.importFile.addEventListener("change", () => openRecordFile(an));
  fileLabel.append(an.importFile);
  const imButtons = el("div", { class: "tb-record-buttons" });
  imButtons.append(button("import-run", T.importRun, () => importRecord(an, fieldText(an))),
    button("import-cancel", T.importCancel, () => closeRecordPanels(an, an.recordButtons.import)));
  an.importMessage = el("p", { class: "tb-message tb-record-note", "data-role": "import-message", role: "status", hidden: "" });
  im.append(imLabel, fileLabel, imButtons, an.importMessage);
  return im;
}

/** A record pasted into the import field that is longer than FIELD_TEXT_MAX is held here
 *  instead (`an.heldText`) and said in the panel: a field holding a megabyte costs the browser
 *  a second of layout at the paste and again at every change of the page's style. */
function holdPaste(an, e) {
  const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
  if (text.length <= FIELD_TEXT_MAX) return;
  e.preventDefault();
  an.importText.value = "";
  an.heldText = text;
  note(an, an.importMessage, an.host.T.importHeld(text.length));
}

/** The record to import: the held paste while the field is empty, else the field's text. */
function fieldText(an) {
  return an.heldText !== null && an.importText.value === "" ? an.heldText : an.importText.value;
}

/** The records box: the buttons Export and Import and their panels. */
function buildRecords(an) {
  const T = an.host.T;
  const v = an.host.data.variant || "board";
  const box = el("div", { class: "tb-records", "data-role": "records" });
  const bar = el("div", { class: "tb-record-buttons" });
  an.recordButtons = {};
  const button = (role, text, fn, attrs = {}) => {
    const b = el("button", { type: "button", "data-record": role, ...attrs }, text);
    b.addEventListener("click", fn);
    an.recordButtons[role] = b;
    return b;
  };
  for (const a of ["export", "import"]) {
    bar.append(button(a, T.recordActions[a], () => toggleRecordPanel(an, a),
      { "aria-expanded": "false", "aria-controls": `tb-${a}-${v}` }));
  }
  const ex = buildExport(an, v, button);
  const im = buildImport(an, v, button);
  an.recordPanels = { export: ex, import: im };
  an.summaryEl = el("div", { class: "tb-import-summary", "data-role": "import-summary", role: "status", hidden: "" });
  an.summaryLines = {};
  for (const k of ["done", "result", "rules"]) {
    an.summaryLines[k] = el("p", { "data-role": `import-${k}`, hidden: "" });
    an.summaryEl.append(an.summaryLines[k]);
  }
  an.summaryEl.append(button("switch-rules", T.recordSwitch, () => switchAndImport(an), { hidden: "" }));
  box.append(bar, an.summaryEl, ex, im);
  return box;
}

/** The summary under the record buttons (not an error: the message line is for those):
 *  `lines` {done, result, rules} (null: the line hidden), `sw` whether to offer the switch. */
function showSummary(an, lines, sw) {
  let any = false;
  for (const [k, p] of Object.entries(an.summaryLines)) {
    const text = lines[k] || null;
    p.textContent = text || "";
    p.hidden = !text;
    any = any || !!text;
  }
  an.recordButtons["switch-rules"].hidden = !sw;
  an.summaryEl.hidden = !any && !sw;
}

/** The game changes otherwise: the record's summary and comments go. */
function forgetRecord(an) {
  an.record = null;
  an.switchText = null;
  showSummary(an, {}, false);
}

/** The record's rules differ by assumptions the reader may switch: switch them (the
 *  assumptions' own path, the intent {type: "switch"}), then import the record again. */
async function switchAndImport(an) {
  const h = an.host;
  const text = an.switchText, sw = an.switchKeys;
  if (!text || !sw) return;
  await h.dispatch({ type: "switch", keys: [...sw] });
  await importRecord(an, text);
}

/** The record buttons: usable while the board is ready and not in the editor; an open
 *  export shows the game the board shows (fetched again after each change). */
function drawRecords(an, editing) {
  const h = an.host;
  const on = h.ready && !editing;
  for (const role of ["export", "import", "import-run"]) an.recordButtons[role].disabled = !on;
  const notesRev = h.ui.notes ? h.ui.notes.rev : 0; // the reader's comments changed (movenotes.js)
  if (on && !an.recordPanels.export.hidden
      && (an.exportedFor !== h.st || an.exportedEnd !== h.declaredEnd() || an.notesRev !== notesRev)) refreshExport(an);
}

function toggleRecordPanel(an, which) {
  const panel = an.recordPanels[which];
  const open = panel.hidden;
  closeRecordPanels(an);
  if (!open) return;
  panel.hidden = false;
  an.recordButtons[which].setAttribute("aria-expanded", "true");
  if (which === "export") refreshExport(an);
  else an.importText.focus({ preventScroll: false });
}

/** Close both panels (their texts stay); `focus`: the button to give the focus to. */
function closeRecordPanels(an, focus = null) {
  for (const [k, p] of Object.entries(an.recordPanels)) {
    p.hidden = true;
    an.recordButtons[k].setAttribute("aria-expanded", "false");
  }
  an.exportedFor = null;
  if (focus) focus.focus({ preventScroll: true });
}

function recordFormat(an) {
  return Object.keys(an.formatInputs).find((f) => an.formatInputs[f].checked) || "opentafl";
}

/** The export field from the engine (export_record), for the game shown now. */
function refreshExport(an) {
  const h = an.host;
  an.exportedFor = h.st;
  an.exportedEnd = h.declaredEnd();
  an.notesRev = h.ui.notes ? h.ui.notes.rev : 0;
  const format = recordFormat(an);
  return h.exclusive(async () => {
    try {
      // the end the players declared (a resignation, an agreed draw) is the record's result
      const end = h.declaredEnd();
      const moves = gamePlies(h.st).plies.map((p) => p.move);
      const notes = exportNotes(h.ui.notes, moves, h.origin, h.st.cursor); // the reader's comments
      const args = { format };
      if (end) args.end = end;
      if (notes.length) args.notes = notes;
      const r = await h.engine.call("export_record", args);
      if (recordFormat(an) === format) an.exportText.value = r.text;
      note(an, an.exportMessage, null);
      const later = futureTurns(h.st); // moves taken back are not the game's (as in a link)
      an.exportScope.textContent = later ? h.T.exportUpTo(later) : "";
      an.exportScope.hidden = !later;
      const forms = h.data.reasons && h.data.reasons.forms;
      const ot = format === "opentafl" ? exportOpenTaflNote(h.T, r.opentafl, forms && forms.rule, h.data.names && h.data.names.values) : null;
      an.exportOpenTafl.textContent = ot || "";
      an.exportOpenTafl.hidden = !ot;
    } catch (e) {
      note(an, an.exportMessage, h.refusalText(e));
    }
  }, { busy: false });
}

/** A panel's own message line `p` (null: none), also said to screen readers. */
function note(an, p, text) {
  p.textContent = text || "";
  p.hidden = !text;
  if (text) an.host.say(text);
}

async function copyRecord(an) {
  const T = an.host.T;
  const text = an.exportText.value;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch { copied = false; }
  if (!copied) { an.exportText.focus(); an.exportText.select(); }
  note(an, an.exportMessage, copied ? T.recordCopied : T.recordCopyManual);
}

function downloadRecord(an) {
  const format = recordFormat(an);
  const name = recordFileName(an.host.data.variant, format);
  const url = URL.createObjectURL(new Blob([an.exportText.value], { type: RECORD_FORMATS[format].mime }));
  const a = el("a", { href: url, download: name, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  note(an, an.exportMessage, an.host.T.recordDownloaded(name));
}

/** A file chosen in the import panel: refused unread when too large, else its text goes into
 *  the field (as a value, never as markup) and is imported. */
async function openRecordFile(an) {
  const h = an.host;
  const T = h.T;
  const file = an.importFile.files && an.importFile.files[0];
  if (!file) return false;
  const tooBig = checkRecordFileSize(file.size);
  if (tooBig) {
    an.importFile.value = "";
    note(an, an.importMessage, T.importRefused(h.reasonText(localReason(tooBig, h.lang))));
    return false;
  }
  let text;
  try { text = await file.text(); } catch {
    note(an, an.importMessage, T.importRefused(T.importUnreadable));
    return false;
  }
  an.importFile.value = ""; // the same file may be chosen again after an edit
  an.importText.value = text.length > FIELD_TEXT_MAX ? "" : text; // a long one only if refused (importNow)
  return importRecord(an, text);
}

/** Import `text` (a pasted or opened record): checked for size here, then read by the engine
 *  (import_record), which replaces its game only when the whole record is good. A refusal is
 *  said in the import panel with the first bad line; the game shown stays as it was. */
function importRecord(an, text) {
  const h = an.host;
  const why = checkRecordText(text);
  if (why) {
    note(an, an.importMessage, h.T.importRefused(h.reasonText(localReason(why, h.lang))));
    return Promise.resolve(false);
  }
  return h.exclusive(() => importNow(an, text));
}

/** characters: a record longer than this is not kept in the import field while the engine
 *  reads it, only put back when refused (to show its bad line): a field holding a megabyte
 *  costs the browser a layout of that text at every change of the page's style (200 ms and
 *  more for a game of 100,000 moves). */
const FIELD_TEXT_MAX = 50_000;

async function importNow(an, text) {
  const h = an.host;
  const T = h.T;
  if (!h.ready || h.ui.mode !== "play") return false;
  h.willChange(); // an imported game replaces the one searched
  const mark = h.changeMark();
  const long = text.length > FIELD_TEXT_MAX;
  if (long && an.importText.value) an.importText.value = "";
  an.heldText = null;
  const putBack = () => { if (long && !an.importText.value) an.importText.value = text; };
  try {
    const r = await h.engine.call("import_record", { text });
    const forms = h.data.reasons && h.data.reasons.forms;
    const notes = importNotes(T, r, forms && forms.rule, h.assumptionKeys, h.data.names && h.data.names.values);
    an.switchText = notes.switch ? text : null;
    an.switchKeys = notes.switchKeys;
    if (!r.ok) {
      putBack();
      const why = h.reasonText(localReason(r.reason, h.lang)) || String(r.error || "");
      note(an, an.importMessage, T.importRefused(why));
      markLine(an, r.reason && r.reason.params ? r.reason.params.line : null, text);
      showSummary(an, { rules: notes.rules }, !!notes.switch);
      return false;
    }
    h.clearSelection();
    h.st = r.state;
    h.origin = originOf(h, r.origin);
    h.gameId = newGameId(); // an imported game is a game of its own (history entries)
    note(an, an.importMessage, null);
    closeRecordPanels(an, an.recordButtons.import);
    const turns = turnNumbers(h.st.history).pop() || 0;
    h.message(null);
    an.record = { origin: { ...h.origin }, moves: h.st.history.map((p) => p.move), comments: notes.comments };
    showSummary(an, { done: T.imported(turns), result: notes.result, rules: notes.rules }, !!notes.switch);
    h.say([T.imported(turns), notes.result, notes.rules].filter(Boolean).join(" "));
    await h.syncAddress(mark);
    return true;
  } catch (e) {
    putBack();
    note(an, an.importMessage, T.importRefused(h.refusalText(e)));
    return false;
  } finally {
    h.render();
  }
}

/** Select line `line` (1-based, the first bad line the engine named) of the import field,
 *  when the field still holds the text `text` that was refused, so that it can be mended. */
function markLine(an, line, text) {
  const f = an.importText;
  // A textarea's value holds LF line ends only (HTML normalizes CR LF and CR), as the engine
  // counts lines (records.import_record): compare and count the text the same way.
  const shown = String(text).replace(/\r\n?/g, "\n");
  if (!Number.isInteger(line) || line < 1 || f.value !== shown || an.recordPanels.import.hidden) return;
  const lines = shown.split("\n");
  if (line > lines.length) return;
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  f.focus({ preventScroll: true });
  f.setSelectionRange(start, start + lines[line - 1].length);
}

/** The board's origin {otn, to_move} for the engine's `origin` `o` of an imported game: the
 *  board's own start (home) when the record starts there, so that its link stays short. */
function originOf(h, o) {
  if (!o || typeof o.otn !== "string") return { ...h.home };
  let homeOtn = h.home.otn;
  try { homeOtn = homeOtn || toOtn(h.data.pieces, h.size); } catch { homeOtn = null; }
  const homeSide = h.home.to_move || h.firstMover();
  return o.otn === homeOtn && o.to_move === homeSide ? { ...h.home } : { otn: o.otn, to_move: o.to_move };
}
