// Tafl-Kompendium board: the assumption switches (rules the source leaves open), a component
// attached to the host (host.js BoardHost) with attachAssumptions(host). It lists the page's
// assumptions (board-data `assumptions`) after the move list, with a switch for each that has an
// alternative; a switch replays the game under the switched rules (worker command new_game),
// and the notice line says which rules differ from the page's. It hears the host's "rules" hook
// (the board's rules changed: a link, a refused link back to the page's rules) to tick the
// switches as the board plays.

import { el } from "./elements.js";
import { futureTurns, resultText, turnNumbers } from "./moves.js";
import { nameColon, ruleAndValue } from "./words.js";

// Rule and value names come from the page (board-data `label`, `value_label`,
// `alternative_label`, written from build_tools/labels.py); the raw key is the last resort.

/** A value's words where the page gives none: a list joined, else its text. */
export function valueName(v) {
  return Array.isArray(v) ? v.join(", ") : String(v);
}

/** An assumption's label: board-data `label`, else its key. */
export function ruleName(a) {
  return typeof a.label === "string" ? a.label : String(a.key);
}

/** The words of assumption `a`'s alternative: `alternative_label`, else the rules and values
 *  of a table of several, else the value's words. */
export function altText(a) {
  if (typeof a.alternative_label === "string") return a.alternative_label;
  const alt = a.alternative;
  if (alt && typeof alt === "object" && !Array.isArray(alt)) {
    return Object.entries(alt).map(([k, v]) => ruleAndValue(String(k), valueName(v))).join("; ");
  }
  return valueName(alt);
}

/** The fieldset of the assumptions (null without any), the switches into `inputs`. */
function buildAssumptions(host, inputs, onSwitch) {
  const list = Array.isArray(host.data.assumptions) ? host.data.assumptions : [];
  if (!list.length) return null;
  const T = host.T;
  const box = el("fieldset", { class: "tb-assumptions", "data-role": "assumptions" });
  // "each switch …" only where there is a switch (an assumption with an alternative)
  const switches = list.some((a) => a.alternative !== null && a.alternative !== undefined);
  box.append(el("legend", {}, T.assumptionsTitle),
    el("p", { class: "tb-help" }, switches ? T.assumptionsHelp : T.assumptionsHelpFixed));
  const ul = el("ul", {});
  for (const a of list) {
    const li = el("li", { "data-assumption": String(a.key) });
    const label = ruleName(a);
    const value = typeof a.value_label === "string" ? a.value_label : valueName(a.value);
    li.append(el("strong", {}, `${label}${nameColon(label)} `), document.createTextNode(`${value} (${T.assumed})`));
    if (a.note) li.append(el("span", { class: "tb-note" }, " — " + String(a.note)));
    if (a.alternative !== null && a.alternative !== undefined) {
      const lab = el("label", { class: "tb-switch" });
      const cb = el("input", { type: "checkbox", "data-alternative": String(a.key) });
      cb.addEventListener("change", () => onSwitch([String(a.key)], cb.checked));
      inputs[a.key] = cb;
      lab.append(cb, document.createTextNode(` ${T.useAlternative}: ${altText(a)}`));
      li.append(el("br"), lab);
    }
    ul.append(li);
  }
  box.append(ul);
  return box;
}

/**
 * The assumption switches of `host`. A switch toggled: the game goes on under the switched
 * rules. One worker request (new_game) starts them from this game's origin and replays its
 * moves; the worker takes the new game only when all of it succeeds. A move the new rules do
 * not allow: the board says which and why, and starts the new rules from the game's starting
 * position. Rules or position the engine refuses outright: the switches go back, the old game
 * stays, and a message says why. Every outcome is said on screen and to screen readers; a game
 * fragment in the address follows the new game. The rules wanted are worked out when the
 * request runs, from the rules the board then plays (a link opened meanwhile may have changed
 * them). Moves taken back (Redo) are not replayed: the message says they are dropped.
 */
export function attachAssumptions(host) {
  const inputs = {};
  const tick = () => { for (const [k, cb] of Object.entries(inputs)) cb.checked = host.alt.has(k); };

  // `keys` switched on (`on`) or off; several at once for a game record's rules (the intent
  // {type: "switch", keys}, analysis.js)
  const onSwitch = (keys, on) => {
    host.willChange(); // the rules change: the computer's thinking is dropped
    host.clearSelection();
    return host.exclusive(async () => {
      const T = host.T;
      const mark = host.changeMark();
      const wanted = new Set(host.alt);
      for (const key of keys) { if (on) wanted.add(key); else wanted.delete(key); }
      host.render();
      const dropped = futureTurns(host.st);
      const played = host.st.history.slice(0, host.st.cursor);
      const moves = played.map((p) => p.move);
      const args = { rules_toml: host.data.rules_toml, overrides: host.overrides(wanted), otn: host.origin.otn, to_move: host.origin.to_move };
      try {
        let r = await host.engine.call("new_game", { ...args, moves });
        let text;
        if (r.ok) {
          const turns = turnNumbers(played).pop(); // counted as the move list counts them
          text = !moves.length ? T.rulesChanged
            : r.state.result ? T.rulesReplayedOver(turns, resultText(T, r.state.result))
              : T.rulesReplayed(turns);
        } else { // the worker kept the old game: start the new rules from the game's start
          const i = Math.min(r.state.cursor, moves.length - 1);
          const why = host.reasonText(r.reason);
          text = T.rulesRestarted(turnNumbers(played)[i], played[i].notation || moves[i], why);
          r = await host.engine.call("new_game", { ...args, moves: [] });
        }
        if (dropped) text += T.futureDropped(dropped);
        host.alt = wanted;
        host.st = r.state;
        await host.refreshRuleInfo();
        host.message(text);
        host.say(text);
        await host.syncAddress(mark);
      } catch (e) {
        const text = T.altRefused(host.refusalText(e));
        host.message(text);
        host.say(text);
      } finally {
        tick();
        host.render();
      }
    });
  };

  const box = buildAssumptions(host, inputs, onSwitch);
  if (box) host.dom.liveEl.before(box);
  host.on("rules", tick);
  // another part of the board asks for assumptions switched on (a game record's rules): the
  // same path as the switches, for the keys the reader may switch
  host.on("intent", (i) => {
    if (i.type !== "switch" || !Array.isArray(i.keys)) return undefined;
    const keys = i.keys.filter((k) => host.assumptionKeys.includes(k) && !host.alt.has(k));
    return keys.length ? onSwitch(keys, true) : Promise.resolve();
  });
  host.on("render", () => {
    const editing = host.ui.mode === "edit";
    for (const cb of Object.values(inputs)) cb.disabled = !host.ready || editing;
    const dom = host.dom;
    const changed = [...host.alt];
    dom.variantEl.hidden = changed.length === 0;
    host.root.toggleAttribute("data-rules-changed", changed.length > 0);
    if (changed.length) {
      const names = (host.data.assumptions || []).filter((a) => host.alt.has(String(a.key)))
        .map((a) => ruleAndValue(ruleName(a), altText(a)));
      dom.variantEl.textContent = host.T.variantNotice(names.join("; "));
    }
  });
  return { box, inputs };
}
