// Tafl-Kompendium board: the position as a string under the board, a component attached to the
// host (host.js BoardHost) with attachPositionString(host). The field shows the position shown
// as OpenTafl writes it — its position record (OpenTafl notation, "/3t3/3t3/3T3/ttTKTtt/…/")
// and, after a space, the side to move ("attackers" or "defenders", the words of OpenTafl's
// engine protocol `side` command and of a record's `start-side` tag) — with Copy; a string
// pasted or typed into it and "Set up" (or Enter) starts a new game from that position, after
// the engine found it possible under the page's rules (check_position, as the position editor
// does); a refusal names the reason in the page's words and the game stays.
//
// Markup: `div[data-role=position-string]` under the board (in its figure) with
// `input[data-role=position-string-text]`, `button[data-role=position-string-copy]`,
// `button[data-role=position-string-set]` and `p[data-role=position-string-message]` (role
// status).

import { toOtn } from "./address.js";
import { el } from "./elements.js";
import { newGameId, setFocus } from "./state.js";

/** Characters: a longer text is refused unread (a 25×25 record with its side is far shorter). */
export const POSITION_STRING_MAX = 4000;

/** The side words of a position string (OpenTafl's). */
const SIDES = ["attackers", "defenders"];

/**
 * The position string of a position record `otn` with `toMove` to move: "<record> <side>".
 */
export function positionString(otn, toMove) {
  return SIDES.includes(toMove) ? `${otn} ${toMove}` : otn;
}

/**
 * A position string read: {otn, to_move} (to_move null when the string names no side: the
 * rules' first mover), or {error: "shape"} when it is not a record followed by at most a side
 * word (letter case of the side ignored). Whether the record is a position of the page's rules
 * is the engine's word (check_position).
 */
export function readPositionString(text) {
  if (typeof text !== "string" || text.length > POSITION_STRING_MAX) return { error: "shape" };
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 1 || parts.length > 2 || !parts[0].startsWith("/")) return { error: "shape" };
  const side = parts.length === 2 ? parts[1].toLowerCase() : null;
  if (side !== null && !SIDES.includes(side)) return { error: "shape" };
  return { otn: parts[0], to_move: side };
}

/** The position string field of `host` (host.js BoardHost); returns its handle. Not on a
 *  mechanics page's example boards (null there). */
export function attachPositionString(host) {
  if (host.data.example) return null;
  const T = host.T;
  const v = host.data.variant || "board";
  const ps = { dirty: false };
  const box = el("div", { class: "tb-position-string", "data-role": "position-string" });
  const label = el("label", { class: "tb-record-label", for: `tb-position-string-${v}` }, T.positionStringLabel);
  ps.input = el("input", {
    type: "text", id: `tb-position-string-${v}`, spellcheck: "false", autocomplete: "off",
    "data-role": "position-string-text", "aria-describedby": `tb-position-string-help-${v}`,
  });
  ps.copy = el("button", { type: "button", "data-role": "position-string-copy" }, T.positionStringCopy);
  ps.set = el("button", { type: "button", "data-role": "position-string-set" }, T.positionStringSet);
  const row = el("div", { class: "tb-position-string-row" });
  row.append(ps.input, ps.copy, ps.set);
  const help = el("p", { class: "tb-help", id: `tb-position-string-help-${v}` }, T.positionStringHelp);
  ps.message = el("p", { class: "tb-record-note", "data-role": "position-string-message", role: "status", hidden: "" });
  box.append(label, row, help, ps.message);
  const figure = host.dom.svg.closest("figure");
  if (figure && host.root.contains(figure)) figure.append(box);
  else host.dom.panel.append(box);
  ps.box = box;

  ps.input.addEventListener("input", () => { ps.dirty = true; });
  ps.input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); setUp(host, ps); }
    if (e.key === "Escape" && ps.dirty) { e.preventDefault(); ps.dirty = false; note(host, ps, null); draw(host, ps); }
  });
  ps.copy.addEventListener("click", () => copy(host, ps));
  ps.set.addEventListener("click", () => setUp(host, ps));
  host.on("render", () => draw(host, ps));
  return ps;
}

/** The position string of the position shown (before the engine answers: the page's). */
function shownString(host) {
  const st = host.st;
  let otn = st.otn;
  if (typeof otn !== "string") {
    try { otn = toOtn(st.pieces, host.size); } catch { return ""; }
  }
  return positionString(otn, st.to_move);
}

function draw(host, ps) {
  if (!ps.dirty) ps.input.value = shownString(host);
  const on = host.ready && host.ui.mode === "play";
  ps.set.disabled = !on;
}

/** The message line of the field (null: none), also said to screen readers. */
function note(host, ps, text) {
  ps.message.textContent = text || "";
  ps.message.hidden = !text;
  if (text) host.say(text);
}

async function copy(host, ps) {
  const T = host.T;
  if (!ps.dirty) ps.input.value = shownString(host);
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(ps.input.value);
      copied = true;
    }
  } catch { copied = false; }
  if (!copied) { ps.input.focus(); ps.input.select(); }
  note(host, ps, copied ? T.positionStringCopied : T.positionStringCopyManual);
}

/** Set up the board from the field's string: a new game there, or the reason why not. */
function setUp(host, ps) {
  const T = host.T;
  if (!host.ready || host.ui.mode !== "play") return Promise.resolve(false);
  const read = readPositionString(ps.input.value);
  if (read.error) {
    note(host, ps, T.positionStringRefused(T.positionStringShape));
    return Promise.resolve(false);
  }
  return host.exclusive(async () => {
    const mark = host.changeMark();
    try {
      const reason = await host.engine.call("check_position", { rules_toml: host.data.rules_toml, otn: read.otn, to_move: read.to_move });
      if (reason) {
        note(host, ps, T.positionStringRefused(host.reasonText(reason) || String(reason.code)));
        return false;
      }
      host.willChange(); // a new game: the searches of the old one go
      host.clearSelection();
      await host.startGame({ otn: read.otn, to_move: read.to_move || host.firstMover() });
      host.gameId = newGameId(); // a set-up is a game of its own (history entries)
      setFocus(host.ui, host.defaultFocus());
      ps.dirty = false;
      host.message(null);
      note(host, ps, T.positionStringDone(T.side[host.st.to_move] || host.st.to_move));
      await host.syncAddress(mark);
      return true;
    } catch (e) {
      note(host, ps, T.positionStringRefused(host.refusalText(e)));
      return false;
    } finally {
      host.render();
    }
  });
}
