// Tafl-Kompendium board: the position editor ("Stellung aufbauen") and the assumption
// switches (rules the source leaves open). Layer 4 (see view.js).

import { toOtn } from "./address.js";
import { enterEditor, leaveEditor, newGameId, placePiece, setEditorTurn, setFocus } from "./state.js";
import { Input } from "./input.js";

export class Editor extends Input {
  // --- editor
  enterEditor() {
    if (this.opponent) this.opponent.cancel();
    this.clearSelection();
    enterEditor(this.ui, this.st.pieces, this.st.to_move);
    this.setEditorTurn(this.st.to_move);
    this.message(null);
    this.say(this.T.editing);
    this.render();
  }

  setEditorTurn(side) {
    setEditorTurn(this.ui, side);
    for (const r of this.sideInputs) r.checked = r.value === side;
  }

  /** Cancel: back to the game as it was; an address changed meanwhile is opened now, and in a
   *  berserk turn the one piece that may move is selected again. */
  leaveEditor() {
    const hadFocus = this.editorEl.contains(document.activeElement);
    leaveEditor(this.ui);
    this.message(null);
    this.render();
    if (hadFocus) this.buttons.edit.focus({ preventScroll: true });
    if (this.hashWhileEditing) {
      this.hashWhileEditing = false;
      this.onHashChange();
    } else {
      this.selectBerserker();
      if (this.opponent) this.opponent.idle(); // the computer to move: it thinks again
    }
  }

  editorPlace(sq) {
    const tool = [...this.toolInputs].find((r) => r.checked)?.value || "attacker";
    const kind = placePiece(this.ui, sq, tool);
    this.say(this.T.placed(sq, kind ? this.T.piece[kind] : this.T.emptySquare));
    this.render();
  }

  async editorPlay() {
    if (this.busy) return;
    const otn = toOtn(this.ui.editor.pieces, this.size);
    const to_move = this.ui.editor.to_move;
    await this.exclusive(() => this.editorPlayNow(otn, to_move));
  }

  async editorPlayNow(otn, to_move) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      const reason = await this.engine.call("check_position", { rules_toml: this.data.rules_toml, otn, to_move });
      if (reason) {
        const why = this.reasonText(reason) || String(reason.code);
        this.message(T.impossible(why));
        this.say(T.impossible(why));
        return;
      }
      await this.startGame({ otn, to_move });
      const hadFocus = this.editorEl.contains(document.activeElement);
      leaveEditor(this.ui);
      this.gameId = newGameId(); // a set-up is a game of its own (history entries: taflGame)
      if (hadFocus) this.buttons.edit.focus({ preventScroll: true });
      this.hashWhileEditing = false; // the set-up position wins over an address typed meanwhile
      this.message(null);
      setFocus(this.ui, this.defaultFocus());
      await this.syncAddress(mark);
    } catch (e) {
      this.message(T.impossible(this.refusalText(e)));
    } finally {
      this.render();
    }
  }

  // --- assumptions
  /** A switch was toggled: the game goes on under the switched rules. One worker request
   *  (new_game) starts them from this game's origin and replays its moves; the worker takes the
   *  new game only when all of it succeeds. A move the new rules do not allow: the board says
   *  which and why, and starts the new rules from the game's starting position. Rules or
   *  position the engine refuses outright: the switches go back, the old game stays, and a
   *  message says why. Every outcome is said on screen (message area) and to screen readers;
   *  a game fragment in the address follows the new game (syncAddress). `key`, `on`: the switch
   *  and its new state; the rules wanted are worked out when the request runs, from the rules
   *  the board then plays (a link opened meanwhile may have changed them), and afterwards the
   *  switches show the rules the board plays, whatever the outcome. Moves taken back (Redo)
   *  are not replayed: the message says they are dropped. */
  onAssumptionSwitch(key, on) {
    if (this.opponent) this.opponent.cancel(); // the rules change: the thinking is dropped
    this.clearSelection();
    return this.exclusive(async () => {
      const T = this.T;
      const mark = this.changeMark();
      const wanted = new Set(this.alt);
      if (on) wanted.add(key); else wanted.delete(key);
      this.render();
      const dropped = this.futureTurns();
      const played = this.st.history.slice(0, this.st.cursor);
      const moves = played.map((h) => h.move);
      const args = { rules_toml: this.data.rules_toml, overrides: this.overrides(wanted), otn: this.origin.otn, to_move: this.origin.to_move };
      try {
        let r = await this.engine.call("new_game", { ...args, moves });
        if (!r.ok && r.reason && r.reason.code === "too_many_moves") { // too long to replay
          throw Object.assign(new Error(r.error), { reason: r.reason });
        }
        let text;
        if (r.ok) {
          const turns = this.turnNumbers(played).pop(); // counted as the move list counts them
          text = !moves.length ? T.rulesChanged
            : r.state.result ? T.rulesReplayedOver(turns, this.resultText(r.state.result))
              : T.rulesReplayed(turns);
        } else { // the worker kept the old game: start the new rules from the game's start
          const i = Math.min(r.state.cursor, moves.length - 1);
          const why = this.reasonText(r.reason);
          text = T.rulesRestarted(this.turnNumbers(played)[i], played[i].notation || moves[i], why);
          r = await this.engine.call("new_game", { ...args, moves: [] });
        }
        if (dropped) text += T.futureDropped(dropped);
        this.alt = wanted;
        this.st = r.state;
        await this.refreshRuleInfo();
        this.message(text);
        this.say(text);
        await this.syncAddress(mark);
      } catch (e) {
        const text = T.altRefused(this.refusalText(e));
        this.message(text);
        this.say(text);
      } finally {
        this.syncAltInputs();
        this.render();
      }
    });
  }
}
