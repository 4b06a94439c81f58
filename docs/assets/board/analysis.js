// Tafl-Kompendium board: analysis and game records. Layer 5 of the board class (see view.js):
// View <- Render <- Input <- Editor <- Analysis (this file) <- Early (early.js) <- Board (board.js).
//
// The move list in rows of two turns (`1. d1-d3 e4-e2`, as an OpenTafl game record numbers its
// lines; movelist.js), every ply a button that shows the position after it (worker command
// `goto {ply}`, one request, the engine's undo/redo: the moves after it stay to Redo, a new move
// drops them as after Undo); a "Starting position" entry before the list. Keys (movelist.js
// STEP_KEYS): in the move list ←/→ one ply back/forward, Home/End the start/the end; on the
// board the same keys with Shift, since the bare arrow keys move the board's focus square
// (input.js). The list is one stop of the Tab key (roving tabindex on the current entry). A
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
// `[data-role=import-message]`, `[data-role=export-message]`.

import { toOtn } from "./address.js";
import { Editor } from "./editor.js";
import { focusPly, isStepKey, moveRows, rowNumbers, stepTarget, totalPlies } from "./movelist.js";
import {
  RECORD_ACCEPT, RECORD_FORMATS, checkRecordFileSize, checkRecordText, localReason, recordFileName,
} from "./records.js";
import { newGameId } from "./state.js";
import { el } from "./view.js";

export class Analysis extends Editor {
  buildDom() {
    super.buildDom();
    this.buildAnalysis();
  }

  /** The start entry and help of the move list, its click and key handling, and the records
   *  box after it. */
  buildAnalysis() {
    const T = this.T;
    const wrap = this.moveListEl.parentNode;
    this.movesWrap = wrap;
    const helpId = `tb-move-help-${this.data.variant || "board"}`;
    this.startPlyButton = el("button", {
      type: "button", class: "tb-ply tb-ply-start", "data-goto": "0", tabindex: "0", "aria-describedby": helpId,
    }, T.startPosition);
    this.moveHelpEl = el("p", { class: "tb-help tb-move-help", id: helpId, "data-role": "move-help" }, T.moveListHelp);
    wrap.insertBefore(this.startPlyButton, this.moveListEl);
    wrap.append(this.moveHelpEl); // after the list and the key to its marks
    wrap.addEventListener("click", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button[data-goto]") : null;
      if (b && wrap.contains(b)) this.gotoPly(Number(b.getAttribute("data-goto")));
    });
    wrap.addEventListener("keydown", (e) => {
      const b = e.target instanceof Element ? e.target.closest("button[data-goto]") : null;
      if (!b || !isStepKey(e, true)) return;
      e.preventDefault();
      this.stepKey(e.key);
    });
    this.recordsEl = this.buildRecords();
    wrap.after(this.recordsEl);
  }

  /** Shift+←/→/Home/End on the board step through the game; every other key as before. */
  onKey(e) {
    if (isStepKey(e, false)) {
      e.preventDefault();
      this.stepKey(e.key);
      return;
    }
    super.onKey(e);
  }

  // --- stepping
  /** Show the position after `ply` plies (0: the start); queued behind requests under way. */
  gotoPly(ply) {
    return this.exclusive(() => this.gotoNow(() => ply));
  }

  /** One of movelist.js STEP_KEYS: the target is worked out when the request runs, from the
   *  game shown then (a key held down steps on from each new position). */
  stepKey(key) {
    return this.exclusive(() => this.gotoNow(() => stepTarget(key, this.st.cursor, totalPlies(this.st))));
  }

  async gotoNow(target) {
    const T = this.T;
    if (!this.ready || this.ui.mode !== "play") return;
    const ply = target();
    if (!Number.isInteger(ply) || ply === this.st.cursor || ply < 0 || ply > totalPlies(this.st)) return;
    if (this.opponent) this.opponent.cancel(); // the computer's search is of the position left
    const mark = this.changeMark();
    try {
      this.clearSelection();
      this.message(null);
      this.st = await this.engine.call("goto", { ply });
      const st = this.st;
      const h = st.history[st.cursor - 1];
      this.say(h ? T.atPly(rowNumbers(st.history)[st.cursor - 1], h.notation || h.move) : T.atStart);
      await this.syncAddress(mark);
    } catch (e) {
      this.message(this.refusalText(e));
    } finally {
      this.render();
    }
  }

  /** The move list as render.js draws it (one `li` per ply), regrouped into rows of two turns,
   *  each ply's content in a button that jumps to the position after it. */
  renderMoveList(editing) {
    const active = document.activeElement;
    const hadFocus = !!this.movesWrap && !!active && this.movesWrap.contains(active) && active.hasAttribute("data-goto");
    super.renderMoveList(editing);
    if (!this.startPlyButton) return; // before buildAnalysis
    const T = this.T;
    const st = this.st;
    const ol = this.moveListEl;
    const current = focusPly(st);
    const items = [...ol.children].filter((li) => li.hasAttribute("data-ply") || li.hasAttribute("data-future"));
    const plies = [...st.history.slice(0, st.cursor), ...this.futurePlies()];
    const off = editing || !this.ready;
    ol.classList.add("tb-paired");
    if (items.length && items.length === plies.length) {
      const rows = moveRows(plies);
      ol.replaceChildren();
      for (const row of rows) {
        const li = el("li", { class: "tb-pair", "data-pair": row.number, value: row.number });
        // the number is seen; screen readers hear it in each button's label ("1. Angreifer: d1-d3")
        li.append(el("span", { class: "tb-num", "aria-hidden": "true" }, `${row.number}.`));
        for (const turn of row.turns) {
          const list = el("ol", { class: "tb-turn", role: "none" });
          for (const i of turn) {
            const item = items[i];
            const h = plies[i];
            const b = el("button", { type: "button", class: "tb-ply", "data-goto": i + 1, tabindex: i + 1 === current ? "0" : "-1" });
            b.append(...item.childNodes);
            b.setAttribute("aria-label", T.plyLabel(row.number, T.side[h.side] || h.side || "", b.textContent));
            if (item.hasAttribute("aria-current")) item.removeAttribute("aria-current");
            if (i + 1 === st.cursor) b.setAttribute("aria-current", "step");
            if (off) b.setAttribute("aria-disabled", "true");
            item.setAttribute("role", "none");
            item.append(b);
            list.append(item);
          }
          li.append(list);
        }
        ol.append(li);
      }
    }
    const start = this.startPlyButton;
    start.tabIndex = current === 0 ? 0 : -1;
    if (st.cursor === 0) start.setAttribute("aria-current", "step"); else start.removeAttribute("aria-current");
    if (off) start.setAttribute("aria-disabled", "true"); else start.removeAttribute("aria-disabled");
    const stop = current === 0 ? start : ol.querySelector(`button[data-goto="${current}"]`) || start;
    if (hadFocus) stop.focus({ preventScroll: true });
    if (this.shownPly !== st.cursor) { // the current entry into the list's view (not the page's)
      this.shownPly = st.cursor;
      const r = stop.getBoundingClientRect(), o = ol.getBoundingClientRect();
      if (stop !== start && o.height) {
        if (r.top < o.top) ol.scrollTop -= o.top - r.top;
        else if (r.bottom > o.bottom) ol.scrollTop += r.bottom - o.bottom;
      } else if (stop === start) ol.scrollTop = 0;
    }
    this.renderRecords(editing);
  }

  // --- game records
  buildRecords() {
    const T = this.T;
    const v = this.data.variant || "board";
    const box = el("div", { class: "tb-records", "data-role": "records" });
    const bar = el("div", { class: "tb-record-buttons" });
    this.recordButtons = {};
    this.recordPanels = {};
    const button = (role, text, fn, attrs = {}) => {
      const b = el("button", { type: "button", "data-record": role, ...attrs }, text);
      b.addEventListener("click", fn);
      this.recordButtons[role] = b;
      return b;
    };
    for (const a of ["export", "import"]) {
      bar.append(button(a, T.recordActions[a], () => this.toggleRecordPanel(a),
        { "aria-expanded": "false", "aria-controls": `tb-${a}-${v}` }));
    }

    // export: format, the text (read-only), copy, save
    const ex = el("div", { class: "tb-record-panel tb-export", id: `tb-export-${v}`, "data-role": "export", hidden: "" });
    const fs = el("fieldset", { class: "tb-record-format" });
    fs.append(el("legend", {}, T.recordFormat));
    this.formatInputs = {};
    for (const f of Object.keys(RECORD_FORMATS)) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name: `tb-record-format-${v}`, value: f, "data-record-format": f });
      if (f === "opentafl") r.checked = true;
      r.addEventListener("change", () => { if (r.checked) this.refreshExport(); });
      this.formatInputs[f] = r;
      lab.append(r, document.createTextNode(" " + T.recordFormats[f]));
      fs.append(lab);
    }
    const exLabel = el("label", { class: "tb-record-label" }, T.exportLabel);
    this.exportText = el("textarea", { readonly: "", rows: "8", spellcheck: "false", wrap: "off", "data-role": "export-text" });
    exLabel.append(this.exportText);
    const exButtons = el("div", { class: "tb-record-buttons" });
    exButtons.append(button("copy", T.recordCopy, () => this.copyRecord()),
      button("download", T.recordDownload, () => this.downloadRecord()));
    this.exportMessage = el("p", { class: "tb-record-note", "data-role": "export-message", role: "status", hidden: "" });
    this.exportScope = el("p", { class: "tb-help tb-record-note", "data-role": "export-scope", hidden: "" });
    ex.append(fs, exLabel, this.exportScope, exButtons, this.exportMessage);

    // import: paste or open a file
    const im = el("div", { class: "tb-record-panel tb-import", id: `tb-import-${v}`, "data-role": "import", hidden: "" });
    const imLabel = el("label", { class: "tb-record-label" }, T.importLabel);
    this.importText = el("textarea", { rows: "6", spellcheck: "false", wrap: "off", "data-role": "import-text" });
    imLabel.append(this.importText);
    const fileLabel = el("label", { class: "tb-record-file" }, T.importFile + ": ");
    this.importFile = el("input", { type: "file", accept: RECORD_ACCEPT, "data-role": "import-file" });
    this.importFile.addEventListener("change", () => this.openRecordFile());
    fileLabel.append(this.importFile);
    const imButtons = el("div", { class: "tb-record-buttons" });
    imButtons.append(button("import-run", T.importRun, () => this.importRecord(this.importText.value)),
      button("import-cancel", T.importCancel, () => this.closeRecordPanels(this.recordButtons.import)));
    this.importMessage = el("p", { class: "tb-message tb-record-note", "data-role": "import-message", role: "status", hidden: "" });
    im.append(imLabel, fileLabel, imButtons, this.importMessage);

    this.recordPanels = { export: ex, import: im };
    box.append(bar, ex, im);
    return box;
  }

  /** The record buttons: usable while the board is ready and not in the editor; an open
   *  export shows the game the board shows (fetched again after each change). */
  renderRecords(editing) {
    if (!this.recordButtons) return;
    const on = this.ready && !editing;
    for (const role of ["export", "import", "import-run"]) this.recordButtons[role].disabled = !on;
    if (on && !this.recordPanels.export.hidden && this.exportedFor !== this.st) this.refreshExport();
  }

  toggleRecordPanel(which) {
    const panel = this.recordPanels[which];
    const open = panel.hidden;
    this.closeRecordPanels();
    if (!open) return;
    panel.hidden = false;
    this.recordButtons[which].setAttribute("aria-expanded", "true");
    if (which === "export") this.refreshExport();
    else this.importText.focus({ preventScroll: false });
  }

  /** Close both panels (their texts stay); `focus`: the button to give the focus to. */
  closeRecordPanels(focus = null) {
    for (const [k, p] of Object.entries(this.recordPanels)) {
      p.hidden = true;
      this.recordButtons[k].setAttribute("aria-expanded", "false");
    }
    this.exportedFor = null;
    if (focus) focus.focus({ preventScroll: true });
  }

  recordFormat() {
    return Object.keys(this.formatInputs).find((f) => this.formatInputs[f].checked) || "opentafl";
  }

  /** The export field from the engine (export_record), for the game shown now. */
  refreshExport() {
    this.exportedFor = this.st;
    const format = this.recordFormat();
    return this.exclusive(async () => {
      try {
        const r = await this.engine.call("export_record", { format });
        if (this.recordFormat() === format) this.exportText.value = r.text;
        this.note(this.exportMessage, null);
        const later = this.futureTurns(); // moves taken back are not the game's (as in a link)
        this.exportScope.textContent = later ? this.T.exportUpTo(later) : "";
        this.exportScope.hidden = !later;
      } catch (e) {
        this.note(this.exportMessage, this.refusalText(e));
      }
    }, { busy: false });
  }

  /** A panel's own message line (null: none), also said to screen readers. */
  note(p, text) {
    p.textContent = text || "";
    p.hidden = !text;
    if (text) this.say(text);
  }

  async copyRecord() {
    const T = this.T;
    const text = this.exportText.value;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch { copied = false; }
    if (!copied) { this.exportText.focus(); this.exportText.select(); }
    this.note(this.exportMessage, copied ? T.recordCopied : T.recordCopyManual);
  }

  downloadRecord() {
    const format = this.recordFormat();
    const name = recordFileName(this.data.variant, format);
    const url = URL.createObjectURL(new Blob([this.exportText.value], { type: RECORD_FORMATS[format].mime }));
    const a = el("a", { href: url, download: name, hidden: "" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    this.note(this.exportMessage, this.T.recordDownloaded(name));
  }

  /** A file chosen in the import panel: refused unread when too large, else its text goes into
   *  the field (as a value, never as markup) and is imported. */
  async openRecordFile() {
    const T = this.T;
    const file = this.importFile.files && this.importFile.files[0];
    if (!file) return false;
    const tooBig = checkRecordFileSize(file.size);
    if (tooBig) {
      this.importFile.value = "";
      this.note(this.importMessage, T.importRefused(this.reasonText(localReason(tooBig, this.lang))));
      return false;
    }
    let text;
    try { text = await file.text(); } catch {
      this.note(this.importMessage, T.importRefused(T.importUnreadable));
      return false;
    }
    this.importFile.value = ""; // the same file may be chosen again after an edit
    this.importText.value = text;
    return this.importRecord(text);
  }

  /** Import `text` (a pasted or opened record): checked for size here, then read by the engine
   *  (import_record), which replaces its game only when the whole record is good. A refusal is
   *  said in the import panel with the first bad line; the game shown stays as it was. */
  importRecord(text) {
    const T = this.T;
    const why = checkRecordText(text);
    if (why) {
      this.note(this.importMessage, T.importRefused(this.reasonText(localReason(why, this.lang))));
      return Promise.resolve(false);
    }
    return this.exclusive(() => this.importNow(text));
  }

  async importNow(text) {
    const T = this.T;
    if (!this.ready || this.ui.mode !== "play") return false;
    if (this.opponent) this.opponent.cancel(); // an imported game replaces the one searched
    const mark = this.changeMark();
    try {
      const r = await this.engine.call("import_record", { text });
      if (!r.ok) {
        const why = this.reasonText(localReason(r.reason, this.lang)) || String(r.error || "");
        this.note(this.importMessage, T.importRefused(why));
        this.markLine(r.reason && r.reason.params ? r.reason.params.line : null, text);
        return false;
      }
      this.clearSelection();
      this.st = r.state;
      this.origin = this.originOf(r.origin);
      this.gameId = newGameId(); // an imported game is a game of its own (history entries)
      this.note(this.importMessage, null);
      this.closeRecordPanels(this.recordButtons.import);
      const turns = this.turnNumbers(this.st.history).pop() || 0;
      this.message(T.imported(turns));
      this.say(T.imported(turns));
      await this.syncAddress(mark);
      return true;
    } catch (e) {
      this.note(this.importMessage, T.importRefused(this.refusalText(e)));
      return false;
    } finally {
      this.render();
    }
  }

  /** Select line `line` (1-based, the first bad line the engine named) of the import field,
   *  when the field still holds the text `text` that was refused, so that it can be mended. */
  markLine(line, text) {
    const f = this.importText;
    // A textarea's value holds LF line ends only (HTML normalizes CR LF and CR), as the engine
    // counts lines (records.import_record): compare and count the text the same way.
    const shown = String(text).replace(/\r\n?/g, "\n");
    if (!Number.isInteger(line) || line < 1 || f.value !== shown || this.recordPanels.import.hidden) return;
    const lines = shown.split("\n");
    if (line > lines.length) return;
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    f.focus({ preventScroll: true });
    f.setSelectionRange(start, start + lines[line - 1].length);
  }

  /** The board's origin {otn, to_move} for the engine's `origin` of an imported game: the
   *  board's own start (home) when the record starts there, so that its link stays short. */
  originOf(o) {
    if (!o || typeof o.otn !== "string") return { ...this.home };
    let homeOtn = this.home.otn;
    try { homeOtn = homeOtn || toOtn(this.data.pieces, this.size); } catch { homeOtn = null; }
    const homeSide = this.home.to_move || this.firstMover();
    return o.otn === homeOtn && o.to_move === homeSide ? { ...this.home } : { otn: o.otn, to_move: o.to_move };
  }
}
