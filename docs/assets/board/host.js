// Tafl-Kompendium board: the host interface, the one declaration of what a component of the
// board (editor.js, assumptions.js, analysis.js, early.js, opponent.js, wide.js, analysismode.js,
// review.js, positionstring.js, sidelines.js, movenotes.js)
// and the action registry
// (actions.js) may use of the board. The controller (controller.js Controller) implements it;
// tests use fakes of it (tests/js/). Mirrored in notes/CONTRACTS.md, "Board host interface".
// A component is attached with `attachX(host)`: it builds its own DOM after host.dom's parts,
// registers hooks with host.on, and never imports or calls another component.
//
// This module has no code: it is imported by nobody; editors and readers follow the typedef.

/**
 * @typedef {object} BoardHost
 *
 * Configuration (read only):
 * @property {HTMLElement} root       the `.tafl-board#board` element
 * @property {object} data            its board-data (notes/CONTRACTS.md "Variant page ↔ board")
 * @property {"de"|"en"} lang         the page's language
 * @property {object} T               the board's words in that language (words.js STRINGS)
 * @property {number} size            squares per side
 * @property {{otn: string|null, to_move: string|null}} home   where a game starts without a link
 * @property {string[]} assumptionKeys  the assumptions a reader may switch
 * @property {object} dom             the DOM handles (dom.js buildDom): svg, its layers, the
 *   geometry (cell, ox, oy, vb), statusEl, engineEl, messageEl, variantEl, buttons {id: button},
 *   shareEl, movesWrap, moveListEl, liveEl, ...
 *
 * State (components may write the game's fields inside the request queue):
 * @property {object} st              the engine's state of the game shown (tafl_core.bridge)
 * @property {object} ui              the board's own state (state.js newUi)
 * @property {{otn: string|null, to_move: string|null}} origin  where the game shown started
 * @property {Set<string>} alt        the switched assumptions
 * @property {{end: string, key: string}|null} ended  an end the players declared (state.js
 *   declareEnd; read it with declaredEnd())
 * @property {object|null} ruleInfo  the engine's rules_info of the current game
 * @property {boolean} ready          the engine is ready
 * @property {boolean} busy           a request sequence is queued or running
 * @property {string|null} failed     why the engine could not start, or null
 * @property {string} gameId          the id of the game in history entries (links.js)
 * @property {boolean} hashWhileEditing  the address changed while the editor was open
 * @property {boolean} keptInAddress  the tab's storage refused the kept game: the address holds it
 * @property {{call: function(string, object=): Promise<any>}} engine  the worker (engine.js):
 *   resolves a command's result, rejects with an Error {message, reason: {code, params}}
 *
 * Hooks and intents:
 * @property {function(string, Function): void} on   register a hook: "intent" (fn(intent) ->
 *   undefined to pass it on, any other value to claim it), "blocks" (fn() -> true: the reader's
 *   moves are refused now), "preRender", "render" (draw the component's part), "change" (the game
 *   or mode is about to change: drop work for the old one), "idle" (the queue is empty),
 *   "turnAction" (fn(a) -> a promise when the component runs Undo/Redo/Restart itself, else
 *   null), "progress" (fn(phase): the engine's start-up phase), "ready" (async fn({game, kept}): the
 *   engine is ready, inside the queue; `game`: a link's game was opened; `kept`: it was the
 *   game kept in this tab, not the address's), "rules" (the switched
 *   assumptions changed outside the switches)
 * @property {function(object): any} dispatch  take an intent (controller.js dispatch)
 * @property {function(): void} willChange    emit "change"
 * @property {function(): void} settle        select a berserker, emit "idle"
 *
 * Requests and the game:
 * @property {function(Function, {busy?: boolean}=): Promise<any>} exclusive  run a request
 *   sequence after those queued before it
 * @property {function(string): Promise<void>} playNow   play a move (inside exclusive)
 * @property {function(string): Promise<void>} actionNow  Undo/Redo/Restart (inside exclusive)
 * @property {function(string): Promise<void>} gameAction  Undo/Redo/Restart from the toolbar
 * @property {function(object, string[]=): Promise<object>} startGame  a game from an origin
 * @property {function(): (string|null)} declaredEnd  the end declared for the position shown
 *   (address.js END_VALUES: "resign-attackers", "resign-defenders", "draw"), or null
 * @property {function(string|null): Promise<void>} declare  end the game where it stands (an
 *   END_VALUES token) or take the end back (null); kept and linked as a move is
 * @property {function(): Promise<void>} refreshRuleInfo
 * @property {function(): {gen: number, href: string}} changeMark
 * @property {function(object): Promise<void>} syncAddress  the address follows the game
 * @property {function(): void} addressChanged
 * @property {function(): string} openWith      the fragment the board opens at start
 * @property {function(): Promise<void>} share  Copy link
 * @property {function(): void} clearSelection
 * @property {function(object, object, string): string[]} moveParts  what a ply did, in words
 *
 * Showing:
 * @property {function(): void} render
 * @property {function(string|null): void} message  the message line
 * @property {function(string): void} say          the live region
 * @property {function(): void} focusBoard
 * @property {function(string): number[]} cellOf   screen column/row of a square
 * @property {function(number, number): string|null} squareAtCell
 * @property {function(): string} firstMover
 * @property {function(Set<string>=): object} overrides
 * @property {function(): string} defaultFocus
 * @property {function(object): string} reasonText   a refusal in the page's words, or ""
 * @property {function(*): string} refusalText       a failed request's words
 */

export {};
