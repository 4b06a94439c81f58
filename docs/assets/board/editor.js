// Tafl-Kompendium board: the position editor ("Stellung aufbauen"), a component attached to the
// host (host.js BoardHost) with attachEditor(host). It claims the intents {type: "mode"} (the
// toolbar's Edit, actions.js) and, in the editor, {type: "select"} (a click places the tool's
// piece); its fieldset comes after the share field. "Play from here" asks the engine whether the
// position is possible (check_position) and starts a game from it.

import { toOtn } from "./address.js";
import { el } from "./elements.js";
import {
  enterEditor, leaveEditor, newGameId, placePiece, setEditorPieces, setEditorTurn, setFocus,
} from "./state.js";

/** The editor's fieldset: the tools (a radio per piece kind the variant has, and "remove"),
 *  the side to move, and the buttons Clear, Start position, Play from here, Cancel. */
function buildEditor(host, ed) {
  const T = host.T;
  const box = el("fieldset", { class: "tb-editor", "data-role": "editor", hidden: "" });
  box.append(el("legend", {}, T.editorTitle), el("p", { class: "tb-help" }, T.editorHelp));
  const tools = el("div", { class: "tb-tools" });
  const name = `tb-tool-${host.data.variant}`;
  // Commander and knight tools only where the variant's own layout has such pieces (the
  // engine refuses them elsewhere: no rules for them).
  const layoutKinds = new Set(Object.values(host.data.layout_pieces || host.data.pieces || {}));
  const kinds = ["attacker", "defender", "king", ...["commander", "knight"].filter((k) => layoutKinds.has(k))];
  for (const t of [...kinds, "remove"]) {
    const lab = el("label", {});
    const r = el("input", { type: "radio", name, value: t, "data-tool": t });
    if (t === "attacker") r.checked = true;
    lab.append(r, document.createTextNode(" " + T.tool[t]));
    tools.append(lab);
  }
  ed.toolInputs = tools.querySelectorAll("input");
  const side = el("div", { class: "tb-editor-side" });
  side.append(el("span", {}, T.editorToMove + ": "));
  const sname = `tb-side-${host.data.variant}`;
  for (const s of ["attackers", "defenders"]) {
    const lab = el("label", {});
    const r = el("input", { type: "radio", name: sname, value: s, "data-editor-turn": s });
    r.addEventListener("change", () => { if (host.ui.editor && r.checked) setEditorTurn(host.ui, s); });
    lab.append(r, document.createTextNode(" " + T.side[s]));
    side.append(lab);
  }
  ed.sideInputs = side.querySelectorAll("input");
  const btns = el("div", { class: "tb-editor-buttons" });
  const mk = (role, text, fn) => {
    const b = el("button", { type: "button", "data-editor": role }, text);
    b.addEventListener("click", fn);
    btns.append(b);
  };
  mk("clear", T.editorClear, () => { setEditorPieces(host.ui, {}); host.render(); });
  mk("start", T.editorStart, () => {
    setEditorPieces(host.ui, host.data.pieces);
    setTurn(host, ed, host.home.to_move || host.firstMover());
    host.render();
  });
  mk("play", T.editorPlay, () => playFromHere(host, ed));
  mk("cancel", T.editorCancel, () => leave(host, ed));
  box.append(tools, side, btns);
  return box;
}

/** The side to move in the editor's position, its radios ticked. */
function setTurn(host, ed, side) {
  setEditorTurn(host.ui, side);
  for (const r of ed.sideInputs) r.checked = r.value === side;
}

/** Open the editor on the position shown. */
function enter(host, ed) {
  host.willChange();
  host.clearSelection();
  enterEditor(host.ui, host.st.pieces, host.st.to_move);
  ed.impossible = false;
  setTurn(host, ed, host.st.to_move);
  host.message(null);
  host.say(host.T.editing);
  host.render();
}

/** Cancel: back to the game as it was; an address changed meanwhile is opened now, and the
 *  board settles (in a berserk turn its piece is selected again; the computer thinks). */
function leave(host, ed) {
  const hadFocus = ed.box.contains(document.activeElement);
  leaveEditor(host.ui);
  host.message(null);
  host.render();
  if (hadFocus) host.dom.buttons.edit.focus({ preventScroll: true });
  if (host.hashWhileEditing) {
    host.hashWhileEditing = false;
    host.addressChanged();
  } else {
    host.settle();
  }
}

/** A click on `sq` in the editor: the tool's piece placed there (or taken away). The engine
 *  is asked at once whether the piece may stand there (checkPlaced); an impossibility said
 *  before (no king, two kings, ...) is asked again, and goes once it is mended. */
function place(host, ed, sq) {
  const T = host.T;
  const tool = [...ed.toolInputs].find((r) => r.checked)?.value || "attacker";
  const before = { ...host.ui.editor.pieces };
  const kind = placePiece(host.ui, sq, tool);
  host.say(T.placed(sq, kind ? T.piece[kind] : T.emptySquare));
  host.render();
  const gen = ++ed.gen;
  host.exclusive(() => checkPlaced(host, ed, gen, sq, kind, before), { busy: false });
}

/** A square where a king may stand beside the piece on `sq` in a probe position: a square of
 *  the variant's layout other than `sq` (an ordinary square: no special square holds a
 *  piece at the start but the king's), the defenders' first. */
function probeKingSquare(host, sq) {
  const layout = host.data.layout_pieces || host.data.pieces || {};
  const order = ["defender", "attacker"];
  for (const kind of order) {
    for (const [s, k] of Object.entries(layout)) if (k === kind && s !== sq) return s;
  }
  return null;
}

/** Whether the piece `kind` just put on `sq` may stand there, asked of the engine with that
 *  piece alone (and a king elsewhere, for a piece that is not the king: a position needs
 *  one); refused at once (the square as it was, the reason said) when it may not. Then an
 *  impossibility said before is asked again of the whole position: gone when mended, else
 *  the new reason. `gen`: a later click makes this answer stale. */
async function checkPlaced(host, ed, gen, sq, kind, before) {
  const T = host.T;
  const stale = () => gen !== ed.gen || host.ui.mode !== "edit" || !host.ui.editor;
  const to_move = host.ui.editor.to_move;
  const rules_toml = host.data.rules_toml;
  try {
    if (kind) {
      const probe = { [sq]: kind };
      const k = kind === "king" ? null : probeKingSquare(host, sq);
      if (k) probe[k] = "king";
      const reason = await host.engine.call("check_position", { rules_toml, otn: toOtn(probe, host.size), to_move });
      if (stale()) return;
      if (reason && reason.code === "may_not_stand") {
        setEditorPieces(host.ui, before);
        const text = T.impossible(host.reasonText(reason) || String(reason.code));
        ed.impossible = true;
        host.message(text);
        host.say(text);
        host.render();
        return;
      }
    }
    if (!ed.impossible) return;
    const otn = toOtn(host.ui.editor.pieces, host.size);
    const reason = await host.engine.call("check_position", { rules_toml, otn, to_move });
    if (stale()) return;
    ed.impossible = !!reason;
    host.message(reason ? T.impossible(host.reasonText(reason) || String(reason.code)) : null);
    host.render();
  } catch {
    // the engine could not say: "Play from here" asks again
  }
}

/** "Play from here": a game from the set-up position, if the engine finds it possible. */
async function playFromHere(host, ed) {
  if (host.busy) return;
  const otn = toOtn(host.ui.editor.pieces, host.size);
  const to_move = host.ui.editor.to_move;
  await host.exclusive(() => playNow(host, ed, otn, to_move));
}

async function playNow(host, ed, otn, to_move) {
  const T = host.T;
  const mark = host.changeMark();
  try {
    const reason = await host.engine.call("check_position", { rules_toml: host.data.rules_toml, otn, to_move });
    if (reason) {
      const why = host.reasonText(reason) || String(reason.code);
      ed.impossible = true;
      host.message(T.impossible(why));
      host.say(T.impossible(why));
      return;
    }
    await host.startGame({ otn, to_move });
    const hadFocus = ed.box.contains(document.activeElement);
    leaveEditor(host.ui);
    host.gameId = newGameId(); // a set-up is a game of its own (history entries: taflGame)
    if (hadFocus) host.dom.buttons.edit.focus({ preventScroll: true });
    host.hashWhileEditing = false; // the set-up position wins over an address typed meanwhile
    host.message(null);
    setFocus(host.ui, host.defaultFocus());
    await host.syncAddress(mark);
  } catch (e) {
    host.message(T.impossible(host.refusalText(e)));
  } finally {
    host.render();
  }
}

/** The intents the editor claims: {type: "mode"} (enter or leave), and in the editor
 *  {type: "select"} (place a piece). */
function intent(host, ed, i) {
  if (i.type === "mode") {
    if (i.mode !== host.ui.mode) {
      if (i.mode === "edit") enter(host, ed); else leave(host, ed);
    }
    return true;
  }
  if (i.type === "select" && host.ui.mode === "edit") {
    if (i.square && host.ready && !host.busy) place(host, ed, i.square);
    return true;
  }
  return undefined;
}

/** The position editor of `host`; returns its handle {box, toolInputs, sideInputs}. */
export function attachEditor(host) {
  // gen: the clicks counted (a later one makes an earlier check's answer stale); impossible:
  // the message line says why the position cannot be played
  const ed = { gen: 0, impossible: false };
  ed.box = buildEditor(host, ed);
  host.dom.shareEl.after(ed.box);
  host.on("intent", (i) => intent(host, ed, i));
  host.on("render", () => { ed.box.hidden = host.ui.mode !== "edit"; });
  return ed;
}
