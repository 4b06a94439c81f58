// Tafl-Kompendium board: side lines in the move list, a component attached to the host (host.js
// BoardHost) with attachSideLines(host). While analysing (analysis mode, analysismode.js), a
// move played at a past position starts a side line instead of dropping the rest of the game
// (lines.js follow, kept in `ui.lines` after every answer of the engine). The move list shows
// the line the engine plays; beside it, after the row of the move each one replaces, the other
// lines, indented and collapsible (`details`), each move a jump target (the engine is given that
// line: start + play_all, then goto), with "Make main line" (lines.js promote) and "Delete"
// (lines.js removeSide; the board goes back to the main line when it showed the line deleted).
// Side lines live in this tab only (not in links nor records).
//
// Markup: `li.tb-side-lines[data-side-at=B]` inserted into `ol[data-role=move-list]` after the
// row of ply B + 1, holding per line a `details[data-side-line=K|main]` > `summary` and
// `button[data-side-line][data-side-ply=P]` (P: plies from the start), with
// `button[data-side-action=promote|delete]`.

import { el } from "./elements.js";
import { gamePlies } from "./moves.js";
import { alternatives, follow, lineOf, promote, removeSide } from "./lines.js";

/** The side lines of `host` (host.js BoardHost); null on a mechanics page's example boards. */
export function attachSideLines(host) {
  if (host.data.example) return null;
  // open: which lines the reader folded (line key -> open); switching: the engine is being given
  // another line (the tree is not followed meanwhile); focus: the side-line button focused
  const sl = { open: new Map(), switching: false, focus: null };
  const list = host.dom.moveListEl;
  list.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button[data-side-line]") : null;
    if (!b || !list.contains(b)) return;
    const key = b.getAttribute("data-side-line");
    const line = key === "main" ? null : Number(key);
    const act = b.getAttribute("data-side-action");
    if (act === "promote") promoteLine(host, line);
    else if (act === "delete") deleteLine(host, sl, line);
    else jump(host, sl, line, Number(b.getAttribute("data-side-ply")));
  });
  list.addEventListener("toggle", (e) => {
    const d = e.target;
    if (d instanceof Element && d.matches("details[data-side-line]")) sl.open.set(d.getAttribute("data-side-key"), d.open);
  }, true);
  host.on("preRender", () => {
    const a = document.activeElement;
    sl.focus = a && list.contains(a) && a.hasAttribute("data-side-line")
      ? { line: a.getAttribute("data-side-line"), ply: a.getAttribute("data-side-ply"), action: a.getAttribute("data-side-action") } : null;
  });
  host.on("render", () => {
    if (host.ready && host.ui.mode === "play" && !sl.switching) {
      const line = gamePlies(host.st).plies.map((p) => p.move);
      host.ui.lines = follow(host.ui.lines || null, host.origin, line, !!host.ui.analysing);
    }
    draw(host, sl);
  });
  return sl;
}

/** Show line `line` (null: the main line) at ply `ply`: the engine is given that line when it
 *  plays another, then the position after `ply` of its moves. */
function jump(host, sl, line, ply) {
  return host.exclusive(async () => {
    const t = host.ui.lines;
    if (!t || !host.ready || host.ui.mode !== "play") return;
    const moves = lineOf(t, line);
    const shown = gamePlies(host.st).plies.map((p) => p.move);
    const mark = host.changeMark();
    try {
      host.clearSelection();
      host.message(null);
      if (line !== t.path || shown.length !== moves.length || shown.some((m, i) => m !== moves[i])) {
        host.willChange(); // another line: the searches of this one go
        sl.switching = true;
        try {
          const r = await host.startGame(t.origin, moves);
          if (!r.ok) { host.message(host.reasonText(r.reason) || String(r.error || "")); return; }
          t.path = line;
        } finally {
          sl.switching = false;
        }
      }
      if (host.st.cursor !== ply) host.st = await host.engine.call("goto", { ply });
      host.say(host.T.sideLineShown(line === null ? host.T.mainLine : host.T.sideLine, ply));
      await host.syncAddress(mark);
    } catch (e) {
      host.message(host.refusalText(e));
    } finally {
      host.render();
    }
  });
}

function promoteLine(host, line) {
  const t = host.ui.lines;
  if (!t || line === null) return;
  promote(t, line);
  host.render();
  host.say(host.T.sideLinePromoted);
}

function deleteLine(host, sl, line) {
  const t = host.ui.lines;
  if (!t || line === null) return;
  const at = t.sides[line] ? t.sides[line].at : 0;
  const was = removeSide(t, line);
  host.say(host.T.sideLineDeleted);
  if (was) { jump(host, sl, null, Math.min(at, host.st.cursor)); return; }
  host.render();
}

/** The side lines into the move list (analysis.js drew its rows before: a "render" hook of a
 *  component attached earlier). */
function draw(host, sl) {
  const T = host.T;
  const list = host.dom.moveListEl;
  for (const old of list.querySelectorAll(":scope > li.tb-side-lines")) old.remove();
  const t = host.ui.lines;
  if (!t || host.ui.mode !== "play" || !t.sides.length) { sl.focus = null; return; }
  const off = !host.ready;
  const byAt = new Map();
  for (const a of alternatives(t)) {
    if (!byAt.has(a.at)) byAt.set(a.at, []);
    byAt.get(a.at).push(a);
  }
  for (const [at, alts] of [...byAt].sort((x, y) => y[0] - x[0])) {
    const li = el("li", { class: "tb-side-lines", "data-side-at": String(at) });
    for (const a of alts) {
      const key = `${a.line}@${at}:${a.moves[0]}`;
      const d = el("details", { class: "tb-side-line", "data-side-line": String(a.line), "data-side-key": key });
      d.open = sl.open.has(key) ? sl.open.get(key) : true;
      const name = a.line === "main" ? T.mainLine : T.sideLine;
      d.append(el("summary", {}, `${name}: ${a.moves[0]}`));
      const moves = el("p", { class: "tb-side-moves" });
      a.moves.forEach((m, k) => {
        const ply = at + k + 1;
        const b = el("button", {
          type: "button", class: "tb-ply tb-side-ply", "data-side-line": String(a.line), "data-side-ply": String(ply),
          "aria-label": T.sideLineMove(name, Math.ceil(ply / 2), m),
        }, (k === 0 || ply % 2 === 1 ? `${Math.ceil(ply / 2)}.${ply % 2 === 0 ? ".." : ""} ` : "") + m);
        if (off) b.setAttribute("aria-disabled", "true");
        moves.append(b, " ");
      });
      d.append(moves);
      if (a.line !== "main") {
        const bar = el("p", { class: "tb-side-actions" });
        bar.append(el("button", { type: "button", "data-side-line": String(a.line), "data-side-action": "promote" }, T.sideLinePromote),
          " ", el("button", { type: "button", "data-side-line": String(a.line), "data-side-action": "delete" }, T.sideLineDelete));
        d.append(bar);
      }
      li.append(d);
    }
    const after = list.querySelector(`button[data-goto="${at + 1}"]`);
    const row = after ? after.closest("li.tb-pair") : null;
    if (row && row.parentElement === list) row.after(li); else list.append(li);
  }
  if (sl.focus) { // the button focused before the list was drawn again, else the position shown
    const f = sl.focus;
    sl.focus = null;
    const sel = f.action ? `button[data-side-line="${f.line}"][data-side-action="${f.action}"]`
      : `button[data-side-line="${f.line}"][data-side-ply="${f.ply}"]`;
    const b = list.querySelector(sel) || list.querySelector('button[aria-current="step"]');
    if (b) b.focus({ preventScroll: true });
  }
}
