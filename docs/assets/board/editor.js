// Tafl-Kompendium board: the position editor ("Stellung aufbauen"), a component attached to the
// host (host.js BoardHost) with attachEditor(host). It claims the intents {type: "mode"} (the
// toolbar's Edit, actions.js) and, in the editor, {type: "select"} (a click places the tool's
// piece); its fieldset comes after the share field. "Play from here" asks the engine whether the
// position is possible (check_position) and starts a game from it.

import { toOtn } from "./address.js";
import { el } from "./dom.js";
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
    ed.setTurn(host.home.to_move || host.firstMover());
    host.render();
  });
  mk("play", T.editorPlay, () => ed.play());
  mk("cancel", T.editorCancel, () => ed.leave());
  box.append(tools, side, btns);
  return box;
}

/** The position editor of `host`; returns its handle {box, enter, leave, place, play}. */
export function attachEditor(host) {
  const ed = {};
  const T = host.T;
  const editButton = () => host.dom.buttons.edit;

  ed.setTurn = (side) => {
    setEditorTurn(host.ui, side);
    for (const r of ed.sideInputs) r.checked = r.value === side;
  };

  ed.enter = () => {
    host.willChange();
    host.clearSelection();
    enterEditor(host.ui, host.st.pieces, host.st.to_move);
    ed.setTurn(host.st.to_move);
    host.message(null);
    host.say(T.editing);
    host.render();
  };

  /** Cancel: back to the game as it was; an address changed meanwhile is opened now, and the
   *  board settles (in a berserk turn its piece is selected again; the computer thinks). */
  ed.leave = () => {
    const hadFocus = ed.box.contains(document.activeElement);
    leaveEditor(host.ui);
    host.message(null);
    host.render();
    if (hadFocus) editButton().focus({ preventScroll: true });
    if (host.hashWhileEditing) {
      host.hashWhileEditing = false;
      host.addressChanged();
    } else {
      host.settle();
    }
  };

  ed.place = (sq) => {
    const tool = [...ed.toolInputs].find((r) => r.checked)?.value || "attacker";
    const kind = placePiece(host.ui, sq, tool);
    host.say(T.placed(sq, kind ? T.piece[kind] : T.emptySquare));
    host.render();
  };

  ed.play = async () => {
    if (host.busy) return;
    const otn = toOtn(host.ui.editor.pieces, host.size);
    const to_move = host.ui.editor.to_move;
    await host.exclusive(() => playNow(otn, to_move));
  };

  /** Start a game from the set-up position, if the engine finds it possible. */
  async function playNow(otn, to_move) {
    const mark = host.changeMark();
    try {
      const reason = await host.engine.call("check_position", { rules_toml: host.data.rules_toml, otn, to_move });
      if (reason) {
        const why = host.reasonText(reason) || String(reason.code);
        host.message(T.impossible(why));
        host.say(T.impossible(why));
        return;
      }
      await host.startGame({ otn, to_move });
      const hadFocus = ed.box.contains(document.activeElement);
      leaveEditor(host.ui);
      host.gameId = newGameId(); // a set-up is a game of its own (history entries: taflGame)
      if (hadFocus) editButton().focus({ preventScroll: true });
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

  ed.box = buildEditor(host, ed);
  host.dom.shareEl.after(ed.box);
  host.on("intent", (i) => {
    if (i.type === "mode") {
      if (i.mode === host.ui.mode) return true;
      if (i.mode === "edit") ed.enter(); else ed.leave();
      return true;
    }
    if (i.type === "select" && host.ui.mode === "edit") {
      if (i.square && host.ready && !host.busy) ed.place(i.square);
      return true;
    }
    return undefined;
  });
  host.on("render", () => { ed.box.hidden = host.ui.mode !== "edit"; });
  return ed;
}
