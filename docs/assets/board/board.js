// Tafl-Kompendium: the playable board (ES module, no build step, no framework).
//
// Shape (after chessground): config in (the page's board-data JSON), state inside (one
// object, `this.st` from the engine plus UI fields), render from state (`render()`), events
// out (moves go to the engine in a module Web Worker running tafl_core in Pyodide).
// The board knows no game rule: legal targets, captures, results, whether a position is
// possible, all come from tafl_core.bridge through worker.js.
//
// Markup contract (notes/CONTRACTS.md, issue 5): mounts at `.tafl-board#board`; reads
// `script[data-role=board-data]` and the static SVG's viewBox / data-cell / data-margin;
// exposes data-state, data-to-move, data-result, data-reason on the root, data-square on
// squares, data-piece + data-square on pieces, data-target on legal target squares,
// data-role="move-list", and buttons data-action="end|undo|redo|reset|flip|edit|share"; also
// data-stuck while the side to move cannot move and the rules give no result (no_moves = none).
//
// Berserk turns (notes/CONTRACTS.md, "Special pieces, jumps and berserk turns"): while the
// engine's state has `berserk` {square, can_end}, the root and that square carry
// data-berserker, the piece is selected at once, the status line says so, and the button
// data-action="end" (enabled only while can_end) plays the move "end". Move-list entries carry
// data-notation (OpenTafl's: c2=d2xe2, c3^c5, end) and, for the later plies of a berserk turn,
// data-continuation; capture marks and the captures panel cover the whole last turn. A click on
// the berserker keeps it selected; a click on an empty square that is none of its targets says
// that only the marked squares are possible. A berserk turn that ended by itself (the piece can
// take nothing more) is said in the status line.
//
// Explanations: the captures panel (data-role="captures") has a line per capture, naming the
// kind taken (board-data `names`), and a line `li[data-jump]` per jump that took nothing, with
// the § of the jump rule (king_jump / commander_jump / knight_jump; refs from the worker's
// rules_info). Moves taken back are listed after the played ones as `li[data-future]` (class
// tb-future; bridge `future`, detailed by the worker's `future_plies`), never `data-ply`; the
// key `ul[data-role="move-marks"]` under the list explains the marks that appear (x ^ = end).
//
// Switched assumptions keep the game: new_game replays its moves under the new rules; a move
// they refuse is named on screen, and the new rules start from the game's origin. A game
// fragment in the address then follows the board's game (syncAddress), as after a restart.
//
// Example boards (mechanics pages): `.tafl-board#board[data-example]` without board-data wraps a
// static diagram; the rules are the board-data of the variant named (`data-variant`), written
// into the page by the build (script[data-role=example-rules]), the start position comes from
// the diagram and `data-to-move` (see exampleData()).
//
// Worker requests run one sequence at a time (Board.exclusive); a newer URL fragment supersedes
// an older one (generation counter); a new game or switched rules replace the worker's game only
// when the engine accepts them (worker command new_game).

import {
  FRAGMENT_MAX, MOVES_MAX, PIECE_KINDS, isGameFragment, isOtn, isSquare, readFragment, squareCoords,
  squareName, toOtn, writeFragment,
} from "./address.js";

const SVGNS = "http://www.w3.org/2000/svg";

// ---------------------------------------------------------------- strings (DE / EN)

// "the last n moves" in the two languages (link and address texts)
const LAST_MOVES = {
  de: (n) => (n === 1 ? "dem letzten Zug" : `den letzten ${n} Zügen`),
  en: (n) => (n === 1 ? "the last move" : `the last ${n} moves`),
};

const STRINGS = {
  de: {
    boardLabel: (title) => `Spielbrett ${title}. Pfeiltasten bewegen die Markierung, Eingabe oder Leertaste wählt eine Figur und zieht sie.`,
    loading: "Spiel-Engine wird geladen …",
    engineError: (msg) => `Die Spiel-Engine konnte nicht geladen werden: ${msg}`,
    side: { attackers: "Angreifer", defenders: "Verteidiger" },
    toMove: (side) => `${side} am Zug`,
    piece: { attacker: "Angreifer", defender: "Verteidiger", king: "König", commander: "Kommandant", knight: "Ritter" },
    emptySquare: "leer",
    actions: { end: "Zug beenden", undo: "Zurück", redo: "Vor", reset: "Neu beginnen", flip: "Brett drehen", edit: "Stellung aufbauen", share: "Link kopieren" },
    actionTitles: {
      end: "Den Berserkerzug beenden: die andere Seite ist am Zug",
      endCompulsory: "Der Berserkerzug muss weitergehen, solange die Figur schlagen kann",
      undo: "Letzten Zug zurücknehmen", redo: "Zurückgenommenen Zug wiederholen",
      reset: "Zurück zur Ausgangsstellung dieser Partie", flip: "Brett um 180° drehen",
      edit: "Figuren setzen und entfernen", share: "Link auf diese Partie kopieren",
    },
    moveList: "Züge",
    noMoves: "Noch keine Züge.",
    captures: "Schläge und Sprünge im letzten Zug",
    taken: (what, sq) => `${what} auf ${sq} geschlagen`,
    kingTaken: (what, sq) => `${what} auf ${sq} gefangen`,
    jumped: (from, over) => `${from} sprang über ${over} (ohne zu schlagen)`,
    between: (a, b) => ` zwischen ${a} und ${b}`,
    by: (list) => ` durch ${list}`,
    surrounded: (list) => `, umzingelt von ${list}`,
    edge: (list) => `, am Brettrand eingeschlossen von ${list}`,
    shieldwall: (list) => ` im Schildwall durch ${list}`,
    and: "und",
    withKind: {
      throneEmpty: "dem leeren Thron", throne: (sq) => `dem Thron ${sq}`,
      corner: (sq) => `der Ecke ${sq}`, camp: (sq) => `dem Lager ${sq}`, edge: "dem Brettrand",
      king: (sq) => `dem König auf ${sq}`,
      commander: (sq) => `dem Kommandanten auf ${sq}`, knight: (sq) => `dem Ritter auf ${sq}`,
    },
    jumpBy: {
      knight: " durch den Sprung des Ritters", commander: " durch den Sprung des Kommandanten",
      king: " durch den Sprung des Königs", other: " durch einen Sprung",
    },
    byCommanders: (how) => `${how} (Königsfang durch Kommandanten)`,
    // berserk turns
    berserk: (side, sq, canEnd, escape) => `${side} am Zug. Berserkerzug: nur die Figur auf ${sq} zieht weiter und muss schlagen`
      + (escape ? " oder fliehen" : "") + (canEnd ? " – oder „Zug beenden“." : "; der Zug muss weitergehen."),
    berserkOnly: (sq, canEnd) => `In diesem Berserkerzug zieht nur die Figur auf ${sq} weiter`
      + (canEnd ? " – oder „Zug beenden“." : "; sie muss weiter schlagen."),
    berserkMarked: (sq, canEnd, escape) => `In diesem Berserkerzug sind nur die markierten Felder möglich: `
      + `Die Figur auf ${sq} zieht nur weiter, wenn sie dabei schlägt` + (escape ? " oder flieht" : "")
      + (canEnd ? ". Sonst „Zug beenden“." : "."),
    berserkOver: (sq, escape) => `Der Berserkerzug ist vorbei: Die Figur auf ${sq} kann nicht weiter schlagen`
      + (escape ? " oder fliehen." : "."),
    ended: (side) => `${side}: Berserkerzug beendet.`,
    plyContinued: " (Fortsetzung des Berserkerzugs)",
    plyEnd: " (Berserkerzug beendet)",
    plyFuture: " (zurückgenommen; „Vor“ spielt ihn wieder)",
    futureTitle: "Zurückgenommener Zug: „Vor“ spielt ihn wieder",
    marksTitle: "Zeichen der Zugliste (OpenTafl-Notation)",
    marks: {
      x: "x schlägt (danach das Feld der geschlagenen Figur)",
      "^": "^ Sprung über eine feindliche Figur",
      "=": "= Berserkerzug: dieselbe Figur zieht nach einem Schlag weiter",
      end: "end: Berserkerzug beendet",
      future: "grau: zurückgenommen, „Vor“ spielt es wieder",
    },
    winner: { attackers: "Die Angreifer gewinnen", defenders: "Die Verteidiger gewinnen", draw: "Unentschieden" },
    reason: {
      king_captured: "der König ist gefangen", king_escaped: "der König ist entkommen",
      encirclement: "alle Verteidiger sind eingeschlossen", edge_fort: "der König hat eine Randfestung gebaut",
      no_legal_moves: "die Seite am Zug hat keinen erlaubten Zug", repetition: "eine Stellung hat sich wiederholt",
    },
    rule: "Regel",
    moved: (side, notation) => `${side}: ${notation}`,
    movedCaptures: (n) => (n === 1 ? "ein Stein geschlagen" : `${n} Steine geschlagen`),
    undone: "Zug zurückgenommen.",
    redone: (n) => `Zug wiederholt: ${n}`,
    restarted: "Partie neu begonnen.",
    illegal: (mv) => `Der Zug ${mv} ist nicht erlaubt.`,
    illegalWhy: (mv, why) => `Der Zug ${mv} ist nicht erlaubt: ${why}.`,
    cannotMove: (sq) => `Die Figur auf ${sq} kann jetzt nicht ziehen.`,
    gameOver: "Die Partie ist beendet: Zurück oder Neu beginnen.",
    flipped: "Brett gedreht.",
    focusSquare: (sq, what) => `${sq}: ${what}`,
    selected: (sq, n) => `${sq} gewählt, ${n} mögliche Ziele.`,
    // fragment / sharing
    fragmentError: (why) => `Der Link enthält keine gültige Partie (${why}). Es gilt die Startaufstellung.`,
    fragTooLong: "zu lang",
    fragSyntax: "unerwartete Zeichen",
    fragKey: (k) => `unbekannter Teil „${k}“`,
    fragDup: (k) => `„${k}“ doppelt`,
    fragPos: "Stellung unlesbar",
    fragTurn: "Seite am Zug unbekannt",
    fragMoves: "Zugliste unlesbar",
    fragTooMany: `mehr als ${MOVES_MAX} Züge`,
    fragAlt: "unbekannte Regelabwandlung",
    fragEngine: (msg) => `Stellung: ${msg}`,
    fragMoveIllegal: (i, mv, why) => `Zug ${i} (${mv}) ist nicht erlaubt${why ? ": " + why : ""}`,
    linkCopied: "Link kopiert.",
    linkManual: "Der Link konnte nicht automatisch kopiert werden; bitte aus dem Feld kopieren.",
    linkPosition: (n) => "Die Partie ist für einen Link mit allen Zügen zu lang: Der Link "
      + (n ? `beginnt mit der Stellung vor ${LAST_MOVES.de(n)}; die Züge davor (und Wiederholungen unter ihnen) enthält er nicht.`
        : "enthält die Stellung jetzt, ohne die Züge davor."),
    linkLabel: "Link auf diese Partie",
    addressCut: (n) => `Die Adresse enthält nicht die ganze Partie (zu lang): Sie beginnt bei der Stellung vor ${LAST_MOVES.de(n)}; die Züge davor lassen sich nicht zurücknehmen.`,
    loadedFromLink: "Partie aus dem Link geladen.",
    // editor
    editorTitle: "Stellung aufbauen",
    editorHelp: "Figur wählen, dann auf Felder klicken; ein Klick auf eine gleiche Figur entfernt sie.",
    tool: { attacker: "Angreifer", defender: "Verteidiger", king: "König", commander: "Kommandant", knight: "Ritter", remove: "Entfernen" },
    editorToMove: "Am Zug",
    editorClear: "Brett leeren",
    editorStart: "Startaufstellung",
    editorPlay: "Von hier spielen",
    editorCancel: "Abbrechen",
    impossible: (why) => `Diese Stellung ist nicht möglich: ${why}`,
    editing: "Aufbaumodus: Felder anklicken, um Figuren zu setzen.",
    placed: (sq, what) => `${sq}: ${what}`,
    // assumptions
    assumptionsTitle: "Annahmen dieses Bretts",
    assumptionsHelp: "Die Quelle lässt diese Regeln offen; das Brett spielt die angenommene Lesart. Jeder Schalter wechselt zur Alternative.",
    assumed: "angenommen",
    alternative: "Alternative",
    useAlternative: "Alternative spielen",
    variantNotice: (list) => `Abgewandelte Regeln: Das Brett spielt jetzt eine Variante der dokumentierten Regeln (${list}).`,
    rulesChanged: "Regeln gewechselt.",
    rulesReplayed: (n) => `Regeln gewechselt: Die Partie geht unter den neuen Regeln weiter; ${n === 1 ? "ihr Zug ist" : `alle ${n} Züge sind`} auch nach ihnen erlaubt.`,
    rulesRestarted: (no, mv, why) => `Regeln gewechselt: Zug ${no} (${mv}) ist nach den neuen Regeln nicht erlaubt${why ? ` (${why})` : ""}. `
      + "Die Partie beginnt deshalb unter ihnen wieder bei ihrer Ausgangsstellung.",
    rulesReplayedOver: (n, result) => `Regeln gewechselt: ${n === 1 ? "Ihr Zug ist" : `Alle ${n} Züge sind`} auch nach den neuen Regeln erlaubt; die Partie ist beendet (${result}).`,
    futureDropped: (n) => ` ${n === 1 ? "Der zurückgenommene Zug ist" : `Die ${n} zurückgenommenen Züge sind`} damit verworfen.`,
    altRefused: (why) => `Die Alternative lässt sich in dieser Stellung nicht spielen: ${why}. Es gelten weiter die bisherigen Regeln.`,
    stuck: { attackers: "Die Angreifer können nicht ziehen", defenders: "Die Verteidiger können nicht ziehen" },
    stuckWhy: "die Quelle regelt diesen Fall nicht",
    stuckSee: "siehe Annahmen",
  },
  en: {
    boardLabel: (title) => `${title} board. Arrow keys move the focus square, Enter or Space selects a piece and moves it.`,
    loading: "Loading the game engine …",
    engineError: (msg) => `The game engine could not be loaded: ${msg}`,
    side: { attackers: "Attackers", defenders: "Defenders" },
    toMove: (side) => `${side} to move`,
    piece: { attacker: "attacker", defender: "defender", king: "king", commander: "commander", knight: "knight" },
    emptySquare: "empty",
    actions: { end: "End turn", undo: "Undo", redo: "Redo", reset: "Restart", flip: "Flip board", edit: "Set up position", share: "Copy link" },
    actionTitles: {
      end: "End the berserk turn: the other side is to move",
      endCompulsory: "The berserk turn must go on while the piece can capture",
      undo: "Take back the last move", redo: "Replay the move taken back",
      reset: "Back to the starting position of this game", flip: "Turn the board by 180°",
      edit: "Place and remove pieces", share: "Copy a link to this game",
    },
    moveList: "Moves",
    noMoves: "No moves yet.",
    captures: "Captures and jumps in the last move",
    taken: (what, sq) => `${what} on ${sq} taken`,
    kingTaken: (what, sq) => `${what} on ${sq} captured`,
    jumped: (from, over) => `${from} jumped over ${over} (no capture)`,
    between: (a, b) => ` between ${a} and ${b}`,
    by: (list) => ` by ${list}`,
    surrounded: (list) => `, surrounded by ${list}`,
    edge: (list) => `, enclosed against the board edge by ${list}`,
    shieldwall: (list) => ` in a shieldwall by ${list}`,
    and: "and",
    withKind: {
      throneEmpty: "the empty throne", throne: (sq) => `the throne ${sq}`,
      corner: (sq) => `the corner ${sq}`, camp: (sq) => `the camp ${sq}`, edge: "the board edge",
      king: (sq) => `the king on ${sq}`,
      commander: (sq) => `the commander on ${sq}`, knight: (sq) => `the knight on ${sq}`,
    },
    jumpBy: {
      knight: " by the knight's jump", commander: " by the commander's jump",
      king: " by the king's jump", other: " by a jump",
    },
    byCommanders: (how) => `${how} (king capture by commanders)`,
    berserk: (side, sq, canEnd, escape) => `${side} to move. Berserk move: only the piece on ${sq} moves on, and it must capture`
      + (escape ? " or escape" : "") + (canEnd ? " – or “End turn”." : "; the turn must go on."),
    berserkOnly: (sq, canEnd) => `In this berserk turn only the piece on ${sq} moves on`
      + (canEnd ? " – or “End turn”." : "; it must capture again."),
    berserkMarked: (sq, canEnd, escape) => "In this berserk turn only the marked squares are possible: "
      + `the piece on ${sq} moves on only with a move that captures` + (escape ? " or escapes" : "")
      + (canEnd ? ". Otherwise “End turn”." : "."),
    berserkOver: (sq, escape) => `The berserk turn is over: the piece on ${sq} cannot capture again`
      + (escape ? " or escape." : "."),
    ended: (side) => `${side}: berserk turn ended.`,
    plyContinued: " (berserk move, continued)",
    plyEnd: " (berserk turn ended)",
    plyFuture: " (taken back; Redo replays it)",
    futureTitle: "Move taken back: Redo replays it",
    marksTitle: "Marks in the move list (OpenTafl notation)",
    marks: {
      x: "x captures (followed by the square of the piece taken)",
      "^": "^ jump over an enemy piece",
      "=": "= berserk move: the same piece moves on after a capture",
      end: "end: berserk turn ended",
      future: "grey: taken back, Redo replays it",
    },
    winner: { attackers: "The attackers win", defenders: "The defenders win", draw: "Draw" },
    reason: {
      king_captured: "the king is captured", king_escaped: "the king has escaped",
      encirclement: "all defenders are encircled", edge_fort: "the king has built an exit fort",
      no_legal_moves: "the side to move has no legal move", repetition: "a position was repeated",
    },
    rule: "rule",
    moved: (side, notation) => `${side}: ${notation}`,
    movedCaptures: (n) => (n === 1 ? "one piece taken" : `${n} pieces taken`),
    undone: "Move taken back.",
    redone: (n) => `Move replayed: ${n}`,
    restarted: "Game restarted.",
    illegal: (mv) => `The move ${mv} is not legal.`,
    illegalWhy: (mv, why) => `The move ${mv} is not legal: ${why}.`,
    cannotMove: (sq) => `The piece on ${sq} cannot move now.`,
    gameOver: "The game is over: undo or restart.",
    flipped: "Board flipped.",
    focusSquare: (sq, what) => `${sq}: ${what}`,
    selected: (sq, n) => `${sq} selected, ${n} possible targets.`,
    fragmentError: (why) => `The link does not hold a valid game (${why}). Showing the starting position.`,
    fragTooLong: "too long",
    fragSyntax: "unexpected characters",
    fragKey: (k) => `unknown part “${k}”`,
    fragDup: (k) => `“${k}” given twice`,
    fragPos: "position unreadable",
    fragTurn: "unknown side to move",
    fragMoves: "move list unreadable",
    fragTooMany: `more than ${MOVES_MAX} moves`,
    fragAlt: "unknown rule change",
    fragEngine: (msg) => `position: ${msg}`,
    fragMoveIllegal: (i, mv, why) => `move ${i} (${mv}) is not legal${why ? ": " + why : ""}`,
    linkCopied: "Link copied.",
    linkManual: "The link could not be copied automatically; please copy it from the field.",
    linkPosition: (n) => "The game is too long for a link with every move: the link "
      + (n ? `starts from the position before ${LAST_MOVES.en(n)}; it leaves out the moves before that (and any repetition among them).`
        : "holds the position now, without the moves before it."),
    linkLabel: "Link to this game",
    addressCut: (n) => `The address does not hold the whole game (too long): it starts from the position before ${LAST_MOVES.en(n)}; the moves before that cannot be taken back.`,
    loadedFromLink: "Game loaded from the link.",
    editorTitle: "Set up a position",
    editorHelp: "Choose a piece, then click squares; clicking the same piece again removes it.",
    tool: { attacker: "Attacker", defender: "Defender", king: "King", commander: "Commander", knight: "Knight", remove: "Remove" },
    editorToMove: "To move",
    editorClear: "Clear board",
    editorStart: "Starting position",
    editorPlay: "Play from here",
    editorCancel: "Cancel",
    impossible: (why) => `This position is not possible: ${why}`,
    editing: "Set-up mode: click squares to place pieces.",
    placed: (sq, what) => `${sq}: ${what}`,
    assumptionsTitle: "Assumptions on this board",
    assumptionsHelp: "The source leaves these rules open; the board plays the assumed reading. Each switch changes to the alternative.",
    assumed: "assumed",
    alternative: "alternative",
    useAlternative: "Play the alternative",
    variantNotice: (list) => `Changed rules: the board now plays a variant of the documented rules (${list}).`,
    rulesChanged: "Rules changed.",
    rulesReplayed: (n) => `Rules changed: the game goes on under the new rules; ${n === 1 ? "its move is" : `all ${n} moves are`} legal under them too.`,
    rulesRestarted: (no, mv, why) => `Rules changed: move ${no} (${mv}) is not legal under the new rules${why ? ` (${why})` : ""}. `
      + "So the game starts again from its starting position under them.",
    rulesReplayedOver: (n, result) => `Rules changed: ${n === 1 ? "its move is" : `all ${n} moves are`} legal under the new rules too; the game is over (${result}).`,
    futureDropped: (n) => ` ${n === 1 ? "The move taken back is" : `The ${n} moves taken back are`} dropped.`,
    altRefused: (why) => `The alternative cannot be played in this position: ${why}. The board keeps the rules it had.`,
    stuck: { attackers: "The attackers cannot move", defenders: "The defenders cannot move" },
    stuckWhy: "the source does not cover this case",
    stuckSee: "see the assumptions",
  },
};


// ---------------------------------------------------------------- small helpers

function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}


/** `text` with its first letter in capitals (a line or sentence that starts with a word). */
function capitalize(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** `text` as a sentence: a full stop added unless it already ends with one (or ! ? …). */
function sentence(text) { return /[.!?…]["“”»]?$/.test(text) ? text : text + "."; }

/** What follows a rule's name before its value (build_tools/labels.py name_colon): ":", or
 *  nothing when the name holds a colon already ("Thron: feindlich für"). */
function nameColon(name) { return name.includes(":") ? "" : ":"; }

/** A rule's name and value in one phrase: "Thron: nein", "Thron: feindlich für Angreifer". */
function ruleAndValue(name, value) { return `${name}${nameColon(name)} ${value}`; }

/** The rule of a jump by each kind that may jump (notes/CONTRACTS.md, "Special pieces"). */
const JUMP_RULE = { king: "king_jump", commander: "commander_jump", knight: "knight_jump" };

function joinList(items, andWord) {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + ` ${andWord} ` + items[items.length - 1];
}

/** The reader's words for a link's refusal (address.js readFragment). */
function fragmentWhy(T, refusal) {
  switch (refusal.code) {
    case "too_long": return T.fragTooLong;
    case "key": return T.fragKey(refusal.key);
    case "dup": return T.fragDup(refusal.key);
    case "pos": return T.fragPos;
    case "turn": return T.fragTurn;
    case "moves": return T.fragMoves;
    case "too_many": return T.fragTooMany;
    case "alt": return T.fragAlt;
    default: return T.fragSyntax;
  }
}

// The engine words its reasons in English; the German page shows the common ones in German
// (anything else stays as the engine said it). Position refusals (check_position, start) and
// move refusals (tafl_core.game.Game.why_illegal, play("end")), as of the berserk pass.
const DE_NOM = { attacker: "ein Angreifer", defender: "ein Verteidiger", king: "der König", commander: "ein Kommandant", knight: "ein Ritter" };
const DE_ACC = { attacker: "einen Angreifer", defender: "einen Verteidiger", king: "den König", commander: "einen Kommandanten", knight: "einen Ritter" };
const DE_PL = { commander: "Kommandanten", knight: "Ritter", attacker: "Angreifer", defender: "Verteidiger", king: "Könige" };
const DE_SPECIAL = { corner: "Eckfeld", throne: "Thron", camp: "Lagerfeld" };
const DE_SPECIAL_DAT = { corner: "dem Eckfeld", throne: "dem Thron", camp: "dem Lagerfeld", square: "dem Feld" };
const DE_SPECIAL_ACC = { corner: "das Eckfeld", throne: "den Thron", camp: "das Lagerfeld" };
const DE_SIDE_DAT = { attackers: "den Angreifern", defenders: "den Verteidigern" };
const DE_SIDE_NOM = { attackers: "die Angreifer", defenders: "die Verteidiger" };
const KIND = "(attacker|defender|king|commander|knight)";
const SQ = "([a-y]\\d{1,2})";
const ENGINE_DE = [
  [/^the position has no king$/, () => "die Stellung hat keinen König"],
  [/^the position has (\d+) kings \(([a-y0-9, ]+)\); exactly one is allowed$/,
    (m) => `die Stellung hat ${m[1]} Könige (${m[2]}); erlaubt ist genau einer`],
  [new RegExp(`^an? ${KIND} may not stand on ${SQ} \\(an? (corner|throne|camp) square\\)$`),
    (m) => `${DE_NOM[m[1]]} darf nicht auf ${m[2]} stehen (${DE_SPECIAL[m[3]]})`],
  [new RegExp(`^these rules have no (commander|knight)s \\(${SQ}\\): only a layout with an? \\1 has rules for it$`),
    (m) => `diese Regeln kennen keine ${DE_PL[m[1]]} (${m[2]}): nur eine Aufstellung mit ${m[1] === "commander" ? "Kommandanten" : "Rittern"} hat Regeln für sie`],
  [/^row (\d+) has (\d+) squares, expected (\d+)$/, (m) => `Reihe ${m[1]} hat ${m[2]} Felder statt ${m[3]}`],
  [/^row (\d+): empty run of 0 squares$/, (m) => `Reihe ${m[1]}: eine Lücke von 0 Feldern`],
  [/^row (\d+): the run (\d+) has a leading zero$/, (m) => `Reihe ${m[1]}: die Zahl ${m[2]} beginnt mit einer Null`],
  [/^unknown character '(.)' in position record$/, (m) => `unbekanntes Zeichen „${m[1]}“ in der Stellung`],
  [/^position record is too long \((\d+) characters\)$/, (m) => `die Stellung ist zu lang (${m[1]} Zeichen)`],
  [/^position record has (\d+) rows; boards are (\d+) to (\d+) wide$/,
    (m) => `die Stellung hat ${m[1]} Reihen; ein Brett ist ${m[2]} bis ${m[3]} Felder breit`],
  [new RegExp(`^square '${SQ}' is off the (\\d+)x(\\d+) board$`), (m) => `das Feld ${m[1]} liegt nicht auf dem ${m[2]}×${m[3]}-Brett`],
  [/^at most (\d+) moves$/, (m) => `höchstens ${m[1]} Züge`],
  [/^the king already stands on an escape square \(([a-y]\d+)\)$/,
    (m) => `der König steht schon auf einem Fluchtfeld (${m[1]})`],
  [/^(?:the )?position is (\d+)x(\d+), (?:but this board is|the ruleset's board is) (\d+)x(\d+)$/,
    (m) => `die Stellung hat ${m[1]}×${m[2]} Felder, dieses Brett ${m[3]}×${m[4]}`],
  [/^(?:the )?side to move must be attackers or defenders.*$/, () => "am Zug müssen die Angreifer oder die Verteidiger sein"],
  // moves
  [/^the game is over$/, () => "die Partie ist beendet"],
  [/^malformed move$/, () => "unlesbarer Zug"],
  [new RegExp(`^there is no piece on ${SQ}$`), (m) => `auf ${m[1]} steht keine Figur`],
  [/^a move must go somewhere$/, () => "ein Zug muss auf ein anderes Feld führen"],
  [new RegExp(`^the piece on ${SQ} belongs to the (attackers|defenders), but the (attackers|defenders) are to move$`),
    (m) => `die Figur auf ${m[1]} gehört ${DE_SIDE_DAT[m[2]]}, am Zug sind ${DE_SIDE_NOM[m[3]]}`],
  [new RegExp(`^${SQ}-${SQ} is not along a rank or file$`), (m) => `${m[1]}-${m[2]} führt nicht entlang einer Reihe oder Linie`],
  [new RegExp(`^${SQ} is occupied$`), (m) => `${m[1]} ist besetzt`],
  [new RegExp(`^the way from ${SQ} to ${SQ} is blocked at ${SQ}$`), (m) => `der Weg von ${m[1]} nach ${m[2]} ist auf ${m[3]} versperrt`],
  [new RegExp(`^an? ${KIND} may not pass the (throne|corner|camp) on ${SQ}$`),
    (m) => `${DE_NOM[m[1]]} darf nicht über ${DE_SPECIAL_ACC[m[2]]} ${m[3]} ziehen`],
  [new RegExp(`^an? ${KIND} may not stop on the (throne|corner|camp|square) ${SQ}$`),
    (m) => `${DE_NOM[m[1]]} darf nicht auf ${DE_SPECIAL_DAT[m[2]]} ${m[3]} stehen bleiben`],
  [new RegExp(`^an? ${KIND} moves only one square at a time$`),
    (m) => `${DE_NOM[m[1]]} zieht nur ein Feld weit`],
  // jumps
  [new RegExp(`^an? ${KIND} may not jump$`), (m) => `${DE_NOM[m[1]]} darf nicht springen`],
  [new RegExp(`^a jump goes over an enemy piece, not over an? ${KIND}$`),
    (m) => `ein Sprung geht über eine feindliche Figur, nicht über ${DE_ACC[m[1]]}`],
  [new RegExp(`^a jump may only go over an ordinary enemy piece, not over (?:the king|an? ${KIND})$`),
    (m) => `ein Sprung geht nur über einen gewöhnlichen feindlichen Stein, nicht über ${m[1] ? DE_ACC[m[1]] : "den König"}`],
  [/^the king may jump only from or to a restricted square \(throne or corner\)$/,
    () => "der König springt nur von einem oder auf ein besonderes Feld (Thron oder Eckfeld)"],
  [new RegExp(`^the king may not stop on ${SQ}$`), (m) => `der König darf nicht auf ${m[1]} stehen bleiben`],
  // berserk turns
  [new RegExp(`^${SQ}-${SQ} captures nothing; a berserk move must capture$`),
    (m) => `${m[1]}-${m[2]} schlägt nichts; ein Berserkerzug muss schlagen`],
  [new RegExp(`^in this berserk turn only the piece on ${SQ} may move again \\(or end the turn\\)$`),
    (m) => `in diesem Berserkerzug darf nur die Figur auf ${m[1]} weiterziehen (oder der Zug endet)`],
  [new RegExp(`^the berserk turn must go on: the piece on ${SQ} can still capture$`),
    (m) => `der Berserkerzug muss weitergehen: die Figur auf ${m[1]} kann noch schlagen`],
  [/^there is no berserk turn to end$/, () => "es gibt keinen Berserkerzug zu beenden"],
];

/** The reason of a refused move from the bridge's error text ("move 3: e1-e9: the way …" or
 *  "e1-e9: the way …"), without the prefixes that repeat the move. */
function moveReason(error, move) {
  let text = String(error || "").replace(/^move \d+: /, "");
  if (move && text.startsWith(move + ": ")) text = text.slice(move.length + 2);
  return text;
}

/** The board's strings with the site's own words where the page's board-data `names` gives
 *  them (notes/CONTRACTS.md: `names.pieces` {kind: [singular, plural]}, `names.capture_reasons`
 *  {reason: words}, from build_tools/labels.py); the board's own words are the fallback. */
function withSiteNames(T, names) {
  if (!names || typeof names !== "object") return T;
  const piece = { ...T.piece }, tool = { ...T.tool };
  const given = names.pieces && typeof names.pieces === "object" ? names.pieces : {};
  for (const kind of PIECE_KINDS) {
    const n = given[kind];
    if (Array.isArray(n) && typeof n[0] === "string" && n[0]) piece[kind] = tool[kind] = n[0];
  }
  const reasons = {};
  if (names.capture_reasons && typeof names.capture_reasons === "object") {
    for (const [k, v] of Object.entries(names.capture_reasons)) if (typeof v === "string") reasons[k] = v;
  }
  return { ...T, piece, tool, reasonWords: reasons };
}

/** `msg`, a reason the engine gave in English, in the page's language `lang` ("de": the
 *  German of ENGINE_DE where a pattern matches; anything else as the engine said it). */
export function engineText(msg, lang) {
  const text = String(msg || "");
  if (lang !== "de") return text;
  for (const [re, fn] of ENGINE_DE) {
    const m = re.exec(text);
    if (m) return fn(m);
  }
  return text;
}

/** Request/response channel to worker.js. */
class Engine {
  constructor(url) {
    this.seq = 0;
    this.pending = new Map();
    this.worker = new Worker(url, { type: "module" });
    this.worker.onmessage = (ev) => {
      const { id, ok, result, error } = ev.data || {};
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      ok ? p.resolve(result) : p.reject(new Error(error));
    };
    const fail = (ev) => {
      const err = new Error((ev && ev.message) || "worker failed to start");
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.dead = err;
    };
    this.worker.onerror = fail;
    this.worker.onmessageerror = fail;
  }
  call(cmd, args = {}) {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, cmd, args });
    });
  }
}

// ---------------------------------------------------------------- the board

class Board {
  /** `data`: the board-data object (notes/CONTRACTS.md), from the page or exampleData(). */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.lang = this.data.lang === "en" ? "en" : "de";
    this.T = withSiteNames(STRINGS[this.lang], this.data.names);
    this.size = this.data.size;
    this.ready = false;
    this.setBusy(false);
    this.mode = "play";
    this.flipped = false;
    this.selected = null;
    this.targets = [];
    this.selToken = 0;
    this.focus = null;
    this.hasFocus = false;
    this.drag = null;
    // Where a game starts when no link says otherwise: the variant's layout, or (an example
    // board on a mechanics page) board-data `start` {otn, to_move}.
    const start = this.data.start;
    this.home = start && isOtn(start.otn)
      && (start.to_move === "attackers" || start.to_move === "defenders")
      ? { otn: start.otn, to_move: start.to_move } : { otn: null, to_move: null };
    this.origin = { ...this.home };
    this.alt = new Set();
    this.editor = null;
    // Every request sequence to the worker runs in turn (a promise chain), so two sequences
    // never interleave; a newer URL fragment supersedes an older one still waiting or running.
    this.chain = Promise.resolve();
    this.pendingOps = 0;
    this.fragGen = 0;
    // The game the board plays, as history entries know it (history.state.taflGame, written by
    // syncAddress): a random id, new when a link opens a game, taken over from the entry when
    // the game comes from one (a reload, Back/Forward to another game's entry), so that the
    // older entries of the same game stay that game's after a reload too.
    this.gameId = newGameId();
    this.following = false; // the address held a game link: keep the game in history.state
    // Until the engine answers, render the page's own data (the start position).
    this.st = {
      size: this.size, to_move: this.home.to_move || this.data.first_mover, pieces: { ...this.data.pieces },
      special: this.data.special || { throne: [], corners: [], camps: [] },
      history: [], cursor: 0, can_undo: false, can_redo: false, result: null, movable: [], berserk: null,
    };
    this.readGeometry();
    this.buildDom();
    this.render();
    this.startEngine();
  }

  // --- geometry, read from the static SVG so the live board has the same shape
  readGeometry() {
    const svg = this.root.querySelector("svg");
    this.staticSvg = svg;
    const vb = (svg && svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
    const cell = Number(svg && svg.getAttribute("data-cell"));
    const margin = Number(svg && svg.getAttribute("data-margin"));
    this.cell = cell > 0 ? cell : 40;
    this.margin = margin >= 0 && svg && svg.hasAttribute("data-margin") ? margin : this.cell * 0.6;
    this.vb = vb.length === 4 && vb.every(Number.isFinite) ? vb
      : [0, 0, this.size * this.cell + 2 * this.margin, this.size * this.cell + 2 * this.margin];
    this.ox = this.vb[0] + this.margin;
    this.oy = this.vb[1] + this.margin;
  }

  /** Screen column/row of a square (0-based, row 0 at the top), honouring the flip. */
  cellOf(sq) {
    const [f, r] = squareCoords(sq);
    const n = this.size - 1;
    return this.flipped ? [n - f, r] : [f, n - r];
  }

  squareAtCell(col, row) {
    if (col < 0 || row < 0 || col >= this.size || row >= this.size) return null;
    const n = this.size - 1;
    return this.flipped ? squareName(n - col, row) : squareName(col, n - row);
  }

  squareAtClient(x, y) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return this.squareAtCell(Math.floor((p.x - this.ox) / this.cell), Math.floor((p.y - this.oy) / this.cell));
  }

  // --- DOM
  buildDom() {
    const T = this.T;
    const root = this.root;
    root.classList.add("tb-live");
    root.setAttribute("data-state", "loading");
    root.setAttribute("data-to-move", this.st.to_move);

    const svg = svgEl("svg", {
      viewBox: this.vb.join(" "), class: "tb-svg", role: "application", tabindex: "0",
      "aria-label": T.boardLabel(this.data.title || this.data.variant),
      "data-size": this.size, "data-cell": this.cell, "data-margin": this.margin,
    });
    this.svg = svg;
    this.gSquares = svgEl("g", { class: "tb-squares" });
    // Only the square rects take pointer events; the layers above are drawn through.
    const through = { "aria-hidden": "true", "pointer-events": "none" };
    this.gLabels = svgEl("g", { class: "tb-labels", ...through });
    this.gMarks = svgEl("g", { class: "tb-marks", ...through });
    this.gPieces = svgEl("g", { class: "tb-pieces", "pointer-events": "none" });
    this.gTargets = svgEl("g", { class: "tb-target-dots", ...through });
    this.gFocus = svgEl("g", { class: "tb-focus-layer", ...through });
    svg.append(this.gSquares, this.gLabels, this.gMarks, this.gPieces, this.gTargets, this.gFocus);
    if (this.staticSvg) this.staticSvg.replaceWith(svg);
    else root.prepend(svg);
    const cap = root.querySelector("figcaption");
    if (cap) cap.hidden = true; // the static text alternative describes the start position only

    const panel = el("div", { class: "tb-panel" });
    this.statusEl = el("p", { class: "tb-status", "data-role": "status" });
    this.engineEl = el("p", { class: "tb-engine", "data-role": "engine-status" }, T.loading);
    this.bannerEl = el("div", { class: "tb-banner", "data-role": "result", hidden: "" });
    this.variantEl = el("p", { class: "tb-variant-notice", "data-role": "variant-notice", hidden: "" });
    this.messageEl = el("p", { class: "tb-message", "data-role": "message", role: "status", hidden: "" });

    const bar = el("div", { class: "tb-toolbar", role: "toolbar" });
    this.buttons = {};
    for (const a of ["end", "undo", "redo", "reset", "flip", "edit", "share"]) {
      const b = el("button", { type: "button", "data-action": a, title: T.actionTitles[a] }, T.actions[a]);
      b.addEventListener("click", () => this.onAction(a));
      this.buttons[a] = b;
      bar.append(b);
    }
    this.buttons.edit.setAttribute("aria-pressed", "false");
    this.buttons.end.hidden = true; // shown during a berserk turn only

    this.shareEl = el("div", { class: "tb-share", hidden: "" });
    const shareLabel = el("label", {}, T.linkLabel);
    this.shareInput = el("input", { type: "text", readonly: "", "data-role": "share-link", spellcheck: "false" });
    shareLabel.append(this.shareInput);
    this.shareEl.append(shareLabel);

    this.editorEl = this.buildEditor();

    this.capturesEl = el("ul", { class: "tb-captures", "data-role": "captures", "aria-label": T.captures });
    const movesWrap = el("div", { class: "tb-moves" });
    movesWrap.append(el("h4", {}, T.moveList));
    this.moveListEl = el("ol", { class: "tb-move-list", "data-role": "move-list" });
    this.marksEl = el("ul", { class: "tb-marks-key", "data-role": "move-marks", hidden: "" });
    movesWrap.append(this.moveListEl, this.marksEl);

    this.assumptionsEl = this.buildAssumptions();
    this.liveEl = el("div", { class: "tb-sr", "aria-live": "polite", "data-role": "live" });

    // The toolbar comes first: the lines below it change in length with the game (status,
    // result, notices), and a button must not move between two clicks (a double click on End
    // would hit Undo).
    panel.append(bar, this.statusEl, this.engineEl, this.bannerEl, this.variantEl, this.messageEl,
      this.shareEl, this.editorEl, this.capturesEl, movesWrap);
    if (this.assumptionsEl) panel.append(this.assumptionsEl);
    panel.append(this.liveEl);
    const figure = svg.closest("figure");
    if (figure && figure.parentNode === root) figure.after(panel);
    else root.append(panel);

    // pointer input (mouse, pen, touch): click-click and drag
    svg.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    svg.addEventListener("pointermove", (e) => this.onPointerMove(e));
    svg.addEventListener("pointerup", (e) => this.onPointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
    svg.addEventListener("keydown", (e) => this.onKey(e));
    svg.addEventListener("focus", () => {
      this.hasFocus = true;
      if (svg.matches(":focus-visible")) this.keyboardUsed = true;
      this.renderFocus();
    });
    svg.addEventListener("blur", () => { this.hasFocus = false; this.renderFocus(); });
    window.addEventListener("hashchange", () => this.onHashChange());
    this.buildStatic();
  }

  buildEditor() {
    const T = this.T;
    const box = el("fieldset", { class: "tb-editor", "data-role": "editor", hidden: "" });
    box.append(el("legend", {}, T.editorTitle), el("p", { class: "tb-help" }, T.editorHelp));
    const tools = el("div", { class: "tb-tools" });
    const name = `tb-tool-${this.data.variant}`;
    // Commander and knight tools only where the variant's own layout has such pieces (the
    // engine refuses them elsewhere: no rules for them).
    const layoutKinds = new Set(Object.values(this.data.layout_pieces || this.data.pieces || {}));
    const kinds = ["attacker", "defender", "king", ...["commander", "knight"].filter((k) => layoutKinds.has(k))];
    for (const t of [...kinds, "remove"]) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name, value: t, "data-tool": t });
      if (t === "attacker") r.checked = true;
      lab.append(r, document.createTextNode(" " + T.tool[t]));
      tools.append(lab);
    }
    this.toolInputs = tools.querySelectorAll("input");
    const side = el("div", { class: "tb-editor-side" });
    side.append(el("span", {}, T.editorToMove + ": "));
    const sname = `tb-side-${this.data.variant}`;
    for (const s of ["attackers", "defenders"]) {
      const lab = el("label", {});
      const r = el("input", { type: "radio", name: sname, value: s, "data-editor-turn": s });
      r.addEventListener("change", () => { if (this.editor && r.checked) this.editor.to_move = s; });
      lab.append(r, document.createTextNode(" " + T.side[s]));
      side.append(lab);
    }
    this.sideInputs = side.querySelectorAll("input");
    const btns = el("div", { class: "tb-editor-buttons" });
    const mk = (role, text, fn) => {
      const b = el("button", { type: "button", "data-editor": role }, text);
      b.addEventListener("click", fn);
      btns.append(b);
    };
    mk("clear", T.editorClear, () => { this.editor.pieces = {}; this.render(); });
    mk("start", T.editorStart, () => {
      this.editor.pieces = { ...this.data.pieces };
      this.setEditorTurn(this.home.to_move || this.firstMover());
      this.render();
    });
    mk("play", T.editorPlay, () => this.editorPlay());
    mk("cancel", T.editorCancel, () => this.leaveEditor());
    box.append(tools, side, btns);
    return box;
  }

  /** Who moves first under the rules the board plays (a switched assumption may change it;
   *  the engine's rules_info), else the page's documented first mover. */
  firstMover() {
    const info = this.ruleInfo && this.ruleInfo.first_mover;
    return info && (info.value === "attackers" || info.value === "defenders") ? info.value : this.data.first_mover;
  }

  buildAssumptions() {
    const list = Array.isArray(this.data.assumptions) ? this.data.assumptions : [];
    const usable = list.filter((a) => a && a.key && a.alternative !== null && a.alternative !== undefined);
    this.assumptionKeys = usable.map((a) => String(a.key));
    if (!list.length) return null;
    const T = this.T;
    const box = el("fieldset", { class: "tb-assumptions", "data-role": "assumptions" });
    box.append(el("legend", {}, T.assumptionsTitle), el("p", { class: "tb-help" }, T.assumptionsHelp));
    this.altInputs = {};
    const ul = el("ul", {});
    for (const a of list) {
      const li = el("li", { "data-assumption": String(a.key) });
      const label = typeof a.label === "string" ? a.label : this.ruleName(a.key);
      const value = typeof a.value_label === "string" ? a.value_label : this.valueName(a.key, a.value);
      li.append(el("strong", {}, `${label}${nameColon(label)} `), document.createTextNode(`${value} (${T.assumed})`));
      if (a.note) li.append(el("span", { class: "tb-note" }, " — " + String(a.note)));
      if (a.alternative !== null && a.alternative !== undefined) {
        const lab = el("label", { class: "tb-switch" });
        const cb = el("input", { type: "checkbox", "data-alternative": String(a.key) });
        cb.addEventListener("change", () => this.onAssumptionSwitch(String(a.key), cb.checked));
        this.altInputs[a.key] = cb;
        lab.append(cb, document.createTextNode(` ${T.useAlternative}: ${this.altText(a)}`));
        li.append(el("br"), lab);
      }
      ul.append(li);
    }
    box.append(ul);
    return box;
  }

  // Rule and value names come from the page (board-data `label`, `value_label`,
  // `alternative_label`, written from build_tools/labels.py); the raw key is the last resort.
  ruleName(key) { return String(key); }

  valueName(key, v) {
    if (Array.isArray(v)) return v.join(", ");
    return String(v);
  }

  altText(a) {
    if (typeof a.alternative_label === "string") return a.alternative_label;
    const alt = a.alternative;
    if (alt && typeof alt === "object" && !Array.isArray(alt)) {
      return Object.entries(alt).map(([k, v]) => ruleAndValue(this.ruleName(k), this.valueName(k, v))).join("; ");
    }
    return this.valueName(a.key, alt);
  }

  /** Rule key -> value for the switched assumptions `alt` (a Set of keys; default: the board's). */
  overrides(switched = this.alt) {
    const out = {};
    for (const a of this.data.assumptions || []) {
      if (!switched.has(String(a.key))) continue;
      const alt = a.alternative;
      if (alt && typeof alt === "object" && !Array.isArray(alt)) Object.assign(out, alt);
      else out[a.key] = alt;
    }
    return out;
  }

  /** Squares, special squares and coordinates: rebuilt only on flip. */
  buildStatic() {
    const { cell, size } = this;
    this.staticKey = JSON.stringify([this.flipped, this.st.special || {}]);
    this.gSquares.replaceChildren();
    this.gLabels.replaceChildren();
    this.squareEls = {};
    const special = this.st.special || {};
    const kindOf = {};
    for (const k of ["throne", "corners", "camps"]) for (const s of special[k] || []) kindOf[s] = k;
    this.gSquares.append(svgEl("rect", {
      x: this.ox, y: this.oy, width: size * cell, height: size * cell, class: "tb-frame",
    }));
    for (let f = 0; f < size; f++) {
      for (let r = 0; r < size; r++) {
        const sq = squareName(f, r);
        const [c, w] = this.cellOf(sq);
        const rect = svgEl("rect", {
          x: this.ox + c * cell, y: this.oy + w * cell, width: cell, height: cell,
          class: "tb-sq" + (kindOf[sq] ? ` tb-${kindOf[sq]}` : ""), "data-square": sq,
        });
        this.squareEls[sq] = rect;
        this.gSquares.append(rect);
        const kind = kindOf[sq];
        if (kind === "throne" || kind === "corners") { // as build_tools/diagram.py draws them
          const x = this.ox + c * cell, y = this.oy + w * cell, i = cell * 0.2;
          const d = kind === "throne"
            ? `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}M${x + cell - i} ${y + i}L${x + i} ${y + cell - i}`
            : `M${x + i} ${y + i}L${x + cell - i} ${y + cell - i}`;
          this.gSquares.append(svgEl("path", { d, class: "tb-special-mark", "pointer-events": "none" }));
        }
      }
    }
    if (this.margin >= cell * 0.3) {
      const fs = cell * 0.42;
      for (let i = 0; i < size; i++) {
        const fileSq = this.squareAtCell(i, size - 1);
        const rankSq = this.squareAtCell(0, i);
        const common = { "font-size": fs, "text-anchor": "middle", "dominant-baseline": "central", class: "tb-label" };
        const ft = svgEl("text", { ...common, x: this.ox + (i + 0.5) * cell, y: this.oy + size * cell + this.margin / 2 });
        ft.textContent = fileSq[0];
        const rt = svgEl("text", { ...common, x: this.ox - this.margin / 2, y: this.oy + (i + 0.5) * cell });
        rt.textContent = rankSq.slice(1);
        this.gLabels.append(ft, rt);
      }
    }
  }

  // --- render: everything below is a function of this.st and the UI fields
  render() {
    const T = this.T;
    const st = this.st;
    const root = this.root;
    const editing = this.mode === "edit";
    const pieces = editing ? this.editor.pieces : st.pieces;
    // special squares come from the engine's state (a switched assumption may change them)
    if (JSON.stringify([this.flipped, st.special || {}]) !== this.staticKey) this.buildStatic();
    const toMove = editing ? this.editor.to_move : st.to_move;
    root.setAttribute("data-to-move", toMove);
    root.setAttribute("data-mode", editing ? "edit" : "play");
    const res = !editing && st.result;
    if (res) {
      root.setAttribute("data-result", res.winner || "draw");
      root.setAttribute("data-reason", res.reason || "");
    } else {
      root.removeAttribute("data-result");
      root.removeAttribute("data-reason");
    }
    const stuck = !editing && !res && st.stuck === true;
    root.toggleAttribute("data-stuck", stuck);
    // a berserk turn (notes/CONTRACTS.md, "Special pieces"): only st.berserk.square moves on
    const berserk = this.activeBerserk();
    if (berserk) root.setAttribute("data-berserker", berserk.square);
    else root.removeAttribute("data-berserker");
    this.statusEl.replaceChildren();
    if (editing) this.statusEl.textContent = T.editing;
    else if (stuck) this.renderStuck(toMove);
    else if (berserk) this.statusEl.textContent = T.berserk(T.side[toMove] || toMove, berserk.square, !!berserk.can_end, berserk.escape === true);
    else if (!res) {
      const over = this.berserkOver();
      this.statusEl.textContent = (over ? over + " " : "") + T.toMove(T.side[toMove] || toMove);
    }
    this.statusEl.hidden = !this.statusEl.textContent;

    // squares: targets, selection, last move (the last turn's last move that went somewhere:
    // "end" moves no piece), capture marks for the whole last turn (a berserk turn has several)
    const turn = editing ? null : this.lastTurn();
    const lastMoved = turn ? turn.plies.filter((h) => h.move.includes("-")).pop() : null;
    const lastSquares = lastMoved ? lastMoved.move.split("-") : [];
    const captured = turn ? turn.plies.flatMap((h) => (h.captures || []).map((c) => c.square)) : [];
    const targets = new Set(editing ? [] : this.targets);
    for (const [sq, rect] of Object.entries(this.squareEls)) {
      if (targets.has(sq)) rect.setAttribute("data-target", sq);
      else if (rect.hasAttribute("data-target")) rect.removeAttribute("data-target");
      rect.classList.toggle("tb-last", lastSquares.includes(sq));
      rect.classList.toggle("tb-selected", sq === this.selected);
      const isBerserker = !!berserk && berserk.square === sq;
      rect.classList.toggle("tb-berserker", isBerserker);
      if (isBerserker) rect.setAttribute("data-berserker", "");
      else if (rect.hasAttribute("data-berserker")) rect.removeAttribute("data-berserker");
    }

    // capture marks and target dots
    const { cell } = this;
    this.gMarks.replaceChildren();
    for (const sq of captured) {
      const [c, w] = this.cellOf(sq);
      const x = this.ox + c * cell, y = this.oy + w * cell, d = cell * 0.3;
      this.gMarks.append(svgEl("path", {
        d: `M${x + d} ${y + d}L${x + cell - d} ${y + cell - d}M${x + cell - d} ${y + d}L${x + d} ${y + cell - d}`,
        class: "tb-captured-mark", "data-captured": sq,
      }));
    }
    if (berserk && this.squareEls[berserk.square]) { // a dashed ring: not told by colour alone
      const [c, w] = this.cellOf(berserk.square);
      this.gMarks.append(svgEl("circle", {
        cx: this.ox + (c + 0.5) * cell, cy: this.oy + (w + 0.5) * cell, r: cell * 0.46, class: "tb-berserker-ring",
      }));
    }
    this.gTargets.replaceChildren();
    for (const sq of targets) {
      const [c, w] = this.cellOf(sq);
      this.gTargets.append(svgEl("circle", {
        cx: this.ox + (c + 0.5) * cell, cy: this.oy + (w + 0.5) * cell, r: cell * 0.14, class: "tb-target-dot",
      }));
    }

    // pieces
    this.gPieces.replaceChildren();
    for (const [sq, kind] of Object.entries(pieces)) {
      this.gPieces.append(this.pieceEl(sq, kind));
    }

    // panel: banner, captures, move list, buttons
    this.renderBanner(res);
    this.renderCaptures(turn);
    this.renderMoveList(editing);
    this.renderControls();
    this.editorEl.hidden = !editing;
    const changed = [...this.alt];
    this.variantEl.hidden = changed.length === 0;
    this.root.toggleAttribute("data-rules-changed", changed.length > 0);
    if (changed.length) {
      const names = (this.data.assumptions || []).filter((a) => this.alt.has(String(a.key)))
        .map((a) => ruleAndValue(typeof a.label === "string" ? a.label : this.ruleName(a.key), this.altText(a)));
      this.variantEl.textContent = T.variantNotice(names.join("; "));
    }
    this.renderFocus();
  }

  /** The toolbar buttons and the assumption switches: enabled only while the board is ready, not
   *  busy and (except Flip and Edit) not in the editor. Run by render() and whenever the board
   *  becomes busy, so that no click reaches a control while the engine works on a request.
   *  The End button keeps its place in the toolbar wherever the rules have berserk turns
   *  (hidden from view and pointer outside them: data-reserved), so that the buttons after it
   *  do not slide under the pointer when a turn ends (a double click on End must not undo). */
  renderControls() {
    if (!this.buttons) return; // before buildDom
    const T = this.T;
    const st = this.st;
    const editing = this.mode === "edit";
    const berserk = this.activeBerserk();
    // Busy does not disable (a focused control that becomes disabled loses the keyboard focus):
    // Undo, Redo and Restart queue behind the request under way, End, Edit and Copy link take
    // no input then (aria-disabled says so).
    const on = this.ready && !editing;
    // (taken before any button is disabled: disabling the focused one blurs it at once)
    const focused = Object.entries(this.buttons).find(([, b]) => b === document.activeElement);
    const end = this.buttons.end;
    const reserve = !berserk && this.hasBerserkTurns();
    end.hidden = !berserk && !reserve;
    end.toggleAttribute("data-reserved", reserve);
    if (reserve) end.setAttribute("aria-hidden", "true"); else end.removeAttribute("aria-hidden");
    end.tabIndex = reserve ? -1 : 0;
    end.disabled = !(on && berserk && berserk.can_end);
    end.title = berserk && !berserk.can_end ? T.actionTitles.endCompulsory : T.actionTitles.end;
    this.buttons.undo.disabled = !(on && st.can_undo);
    this.buttons.redo.disabled = !(on && st.can_redo);
    this.buttons.reset.disabled = !on;
    this.buttons.share.disabled = !on;
    this.buttons.edit.disabled = !this.ready;
    this.buttons.flip.disabled = false;
    this.buttons.edit.setAttribute("aria-pressed", String(editing));
    for (const [a, b] of Object.entries(this.buttons)) { // Undo, Redo, Restart queue while busy
      if (this.busy && ["end", "edit", "share"].includes(a)) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
    if (this.altInputs) for (const cb of Object.values(this.altInputs)) cb.disabled = !this.ready || editing;
    // A focused button that has just become disabled (Redo after the last move replayed, Undo
    // at the start) would drop the keyboard focus to the page: it goes to the board (not to
    // the counterpart, where further presses would undo what they just redid).
    if (focused && focused[1].disabled) this.svg.focus({ preventScroll: true });
  }

  /** The berserk turn under way ({square, can_end, escape}: notes/CONTRACTS.md), or null (none,
   *  the game over, or the editor open). */
  activeBerserk() {
    const st = this.st;
    return this.mode !== "edit" && !st.result && st.berserk && typeof st.berserk.square === "string" ? st.berserk : null;
  }

  /** Whether the rules the board plays have berserk turns (the engine's rules_info). */
  hasBerserkTurns() {
    const info = this.ruleInfo && this.ruleInfo.berserk;
    return !!info && typeof info.value === "string" && info.value !== "off";
  }

  /** When the last ply went on with a berserk turn (`berserk`) and the turn ended there by itself
   *  (not `continues`, not the end move): the sentence that says so, else null. Whether the
   *  piece could also have gone on by escaping (a king, `berserk = capture_or_escape`) comes
   *  from the engine's rules_info. */
  berserkOver() {
    const st = this.st;
    const h = st.cursor ? st.history[st.cursor - 1] : null;
    if (!h || !h.berserk || h.continues || h.move === "end" || !h.move.includes("-") || st.result) return null;
    const info = this.ruleInfo && this.ruleInfo.berserk;
    const escape = h.piece === "king" && !!info && info.value === "capture_or_escape";
    return this.T.berserkOver(h.move.split("-")[1], escape);
  }

  /** The side to move has no legal move and the rules give no result for it (no_moves = none:
   *  the source is silent): say so, pointing to the assumption when it is one. */
  renderStuck(side) {
    const T = this.T;
    const s = this.statusEl;
    s.append(document.createTextNode(`${T.stuck[side] || side}; ${T.stuckWhy}`));
    const assumed = (this.data.assumptions || []).some((a) => a && a.key === "no_moves");
    if (assumed) {
      const link = document.getElementById("assumptions") ? el("a", { href: "#assumptions" }, T.stuckSee) : document.createTextNode(T.stuckSee);
      s.append(document.createTextNode(" ("), link, document.createTextNode(")"));
    }
    s.append(document.createTextNode("."));
  }

  pieceEl(sq, kind) {
    const [c, w] = this.cellOf(sq);
    const { cell } = this;
    const cx = this.ox + (c + 0.5) * cell, cy = this.oy + (w + 0.5) * cell;
    const g = svgEl("g", { class: `tb-piece tb-${kind}`, "data-piece": kind, "data-square": sq });
    const radius = cell * 0.38;
    g.append(svgEl("circle", { cx, cy, r: radius, class: "tb-body" }));
    // Marks as build_tools/diagram.py draws them, so pieces differ by shape, not colour alone:
    // the king a cross, a commander a light ring on its dark disc, the knight a dark diamond.
    if (kind === "king") {
      const k = radius * 0.6;
      g.append(svgEl("path", { d: `M${cx - k} ${cy}H${cx + k}M${cx} ${cy - k}V${cy + k}`, class: "tb-king-cross" }));
    } else if (kind === "commander") {
      g.append(svgEl("circle", { cx, cy, r: radius * 0.58, class: "tb-mark tb-commander-ring" }));
    } else if (kind === "knight") {
      const h = radius * 0.62, w = radius * 0.46;
      g.append(svgEl("path", { d: `M${cx} ${cy - h}L${cx + w} ${cy}L${cx} ${cy + h}L${cx - w} ${cy}Z`, class: "tb-mark tb-knight-diamond" }));
    }
    if (this.drag && this.drag.moved && this.drag.from === sq) {
      g.classList.add("tb-dragging");
      g.setAttribute("transform", `translate(${this.drag.dx} ${this.drag.dy})`);
      this.drag.el = g;
    }
    return g;
  }

  renderFocus() {
    this.gFocus.replaceChildren();
    if (!this.hasFocus || !this.keyboardUsed || !this.focus) return;
    const [c, w] = this.cellOf(this.focus);
    const { cell } = this;
    this.gFocus.append(svgEl("rect", {
      x: this.ox + c * cell + 2, y: this.oy + w * cell + 2, width: cell - 4, height: cell - 4, class: "tb-focus",
    }));
  }

  ruleLink(ref) {
    const T = this.T;
    const anchor = ref && this.data.sections ? this.data.sections[ref] : null;
    const text = `§${ref}`;
    // an anchor on this page, or (example boards) on the variant's page: ../../variants/<slug>/#sec-5-3
    if (typeof anchor === "string" && /^(?:(?:\.\.\/)+(?:en\/)?variants\/[a-z0-9-]+\/)?#[A-Za-z0-9_\-.]+$/.test(anchor)) {
      const a = el("a", { href: anchor, title: `${T.rule} ${ref}` }, text);
      return a;
    }
    return document.createTextNode(text);
  }

  resultText(res) {
    const T = this.T;
    const who = T.winner[res.winner || "draw"];
    const why = T.reason[res.reason] || String(res.reason || "");
    return `${who}: ${why}`;
  }

  renderBanner(res) {
    const b = this.bannerEl;
    b.replaceChildren();
    b.hidden = !res;
    if (!res) return;
    b.setAttribute("data-winner", res.winner || "draw");
    b.append(el("strong", {}, this.resultText(res)));
    if (res.ref) b.append(document.createTextNode(" ("), this.ruleLink(res.ref), document.createTextNode(")"));
  }

  withText(w) {
    const K = this.T.withKind;
    switch (w.kind) {
      case "throne": return this.st.pieces[w.square] ? K.throne(w.square) : K.throneEmpty;
      case "corner": return K.corner(w.square);
      case "camp": return K.camp(w.square);
      case "edge": return K.edge;
      case "king": return K.king(w.square);
      case "commander": return K.commander(w.square);
      case "knight": return K.knight(w.square);
      default: return String(w.square || "");
    }
  }

  /** One line per capture, built from the engine's reason, `with` (the partners besides the
   *  moving piece, which is the move's destination) and `ref`. */
  captureText(c, played, mover = null) {
    const T = this.T;
    const withs = [...(c.with || [])];
    const dest = played && played.move && played.move.includes("-") ? played.move.split("-")[1] : null;
    // the moving piece's kind: `mover` (a berserk turn's piece has moved on since), else the
    // piece now on the destination
    const moverKind = (played && played.piece) || mover || (dest ? this.st.pieces[dest] || "" : "");
    if (dest && !withs.some((w) => w.square === dest)) withs.unshift({ square: dest, kind: moverKind });
    const items = withs.map((w) => this.withText(w));
    const list = joinList(items, T.and);
    const between = () => (items.length === 2 ? T.between(items[0], items[1]) : T.by(list));
    let how;
    switch (c.reason) {
      case "king_surrounded": how = T.surrounded(list); break;
      case "edge": how = T.edge(list); break;
      case "shieldwall": how = T.shieldwall(list); break;
      case "jump": how = T.jumpBy[moverKind] || T.jumpBy.other; break; // no partners: the jumper alone
      case "king_commanders": how = T.byCommanders(between()); break;
      case "custodial": case "hostile_throne": case "hostile_corner": case "hostile_camp": case "king_custodial":
        how = between(); break;
      default: // a reason this board has no sentence for: the site's words for it
        how = between() + (T.reasonWords && T.reasonWords[c.reason] ? ` (${T.reasonWords[c.reason]})` : "");
    }
    const what = T.piece[c.piece] || String(c.piece || "");
    return capitalize((c.piece === "king" ? T.kingTaken(what, c.square) : T.taken(what, c.square)) + how);
  }

  /** The line for a jump that took nothing ("b6 sprang über b7 (ohne zu schlagen)"), or null;
   *  a jump that captures is told by its capture line (reason `jump`). */
  jumpText(h) {
    if (!h || !h.jump || !h.jumped || !h.move.includes("-")) return null;
    if ((h.captures || []).some((c) => c.square === h.jumped)) return null;
    return this.T.jumped(h.move.split("-")[0], h.jumped); // starts with a square name: as written
  }

  /** The § of the rule that lets the kind `piece` jump (king_jump, commander_jump, knight_jump
   *  of the page's rules, from the engine: rules_info), or null. */
  jumpRef(piece) {
    const info = this.ruleInfo && this.ruleInfo[JUMP_RULE[piece]];
    return info && typeof info.ref === "string" ? info.ref : null;
  }

  /** The plies of the turn the last played ply belongs to (a berserk turn has several; the
   *  engine marks each ply after which the same side moves again with `continues`), and the kind
   *  of the piece that moved in it (null before the first move). */
  lastTurn() {
    const st = this.st;
    if (!st.cursor) return null;
    let i = st.cursor - 1;
    while (i > 0 && st.history[i - 1].continues && st.history[i - 1].side === st.history[i].side) i--;
    const plies = st.history.slice(i, st.cursor);
    const moved = plies.filter((h) => h.move.includes("-")).pop();
    const mover = moved ? moved.piece || st.pieces[moved.move.split("-")[1]] || null : null;
    return { plies, mover };
  }

  renderCaptures(turn) {
    const ul = this.capturesEl;
    ul.replaceChildren();
    let n = 0;
    for (const h of turn ? turn.plies : []) {
      const jump = this.jumpText(h);
      if (jump) { // a jump over a piece that stays: which rule allows it
        const li = el("li", { "data-jump": h.jumped, "data-reason": "jump_over" }, jump);
        const ref = this.jumpRef(h.piece);
        if (ref) li.append(document.createTextNode(", "), this.ruleLink(ref));
        ul.append(li);
        n++;
      }
      for (const c of h.captures || []) {
        const li = el("li", { "data-capture": c.square, "data-reason": c.reason || "" }, this.captureText(c, h, turn.mover));
        if (c.ref) li.append(document.createTextNode(", "), this.ruleLink(c.ref));
        ul.append(li);
        n++;
      }
    }
    ul.hidden = n === 0;
  }

  renderMoveList(editing) {
    const T = this.T;
    const st = this.st;
    const ol = this.moveListEl;
    ol.replaceChildren();
    const played = st.history.slice(0, st.cursor);
    const plies = [...played, ...this.futurePlies()];
    this.marksEl.replaceChildren();
    this.marksEl.hidden = true;
    if (!plies.length) {
      ol.append(el("li", { class: "tb-empty" }, T.noMoves));
      return;
    }
    // One number per turn: the plies of a berserk turn after its first (`berserk`, and the end
    // move) share their turn's number and are marked as its continuation.
    const marks = new Set();
    const numbers = this.turnNumbers(plies);
    plies.forEach((h, i) => {
      const turnNo = numbers[i];
      const cont = i > 0 && numbers[i - 1] === turnNo;
      const notation = h.notation || h.move;
      const isFuture = i >= played.length;
      const own = this.notationMarks(notation);
      for (const m of own) marks.add(m);
      if (isFuture) marks.add("future");
      const attrs = { "data-notation": notation, value: turnNo };
      if (isFuture) attrs["data-future"] = i - played.length + 1; // not data-ply: not played
      else attrs["data-ply"] = i + 1;
      if (h.side) { attrs["data-side"] = h.side; attrs.class = `tb-${h.side}`; }
      const titles = own.map((m) => T.marks[m]);
      if (isFuture) titles.unshift(T.futureTitle);
      if (titles.length) attrs.title = titles.join("; ");
      const li = el("li", attrs, notation);
      if (cont) {
        li.setAttribute("data-continuation", "");
        li.classList.add("tb-cont");
        li.append(el("span", { class: "tb-sr" }, h.move === "end" ? T.plyEnd : T.plyContinued));
      }
      if (isFuture) {
        li.classList.add("tb-future");
        li.append(el("span", { class: "tb-sr" }, T.plyFuture));
      }
      if (i === st.cursor - 1) li.setAttribute("aria-current", "step");
      ol.append(li);
    });
    if (editing) ol.classList.add("tb-dim"); else ol.classList.remove("tb-dim");
    // a short key to the marks that appear (x, ^, =, end; grey for the undone moves)
    const shown = ["x", "^", "=", "end", "future"].filter((m) => marks.has(m));
    if (shown.some((m) => m === "^" || m === "=" || m === "end" || m === "future")) {
      this.marksEl.hidden = false;
      this.marksEl.setAttribute("aria-label", T.marksTitle);
      for (const m of shown) this.marksEl.append(el("li", { "data-mark": m }, T.marks[m]));
    }
  }

  /** The marks of OpenTafl notation in one move ("e6^=e8xe7": jump, berserk move, capture). */
  notationMarks(notation) {
    if (notation === "end") return ["end"];
    const out = [];
    if (/\dx[a-y]/.test(notation)) out.push("x"); // "x" after a square (file x would follow "-")
    if (notation.includes("^")) out.push("^");
    if (notation.includes("=")) out.push("=");
    return out;
  }

  /** While the engine works on a request the board takes no input; aria-busy says so. */
  setBusy(on) {
    this.busy = on;
    if (on) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
    this.renderControls();
  }

  // --- messages
  say(text) { // polite announcement for screen readers
    this.liveEl.textContent = "";
    this.liveEl.textContent = text;
  }

  message(text) {
    this.messageEl.textContent = text || "";
    this.messageEl.hidden = !text;
  }

  // --- engine life cycle
  async startEngine() {
    const T = this.T;
    try {
      const siteRoot = new URL(this.root.getAttribute("data-site-root") || "./", location.href);
      const py = this.data.pyodide || {};
      const indexURL = new URL(py.index || "assets/pyodide/", siteRoot).href.replace(/[^/]$/, "$&/");
      const lockFileURL = new URL("assets/pyodide/pyodide-lock.json", siteRoot).href;
      performance.mark("tafl-engine-start");
      this.engine = sharedEngine(new URL("./worker.js", import.meta.url));
      // Pipelined: the worker runs them in order as soon as Pyodide is up.
      const [info, , st, rules] = await Promise.all([
        this.engine.call("init", { indexURL, lockFileURL }),
        this.engine.call("session", { rules_toml: this.data.rules_toml, overrides: this.overrides() }),
        this.engine.call("start", { otn: this.home.otn, to_move: this.home.to_move }),
        this.engine.call("rules_info"),
      ]);
      this.engineInfo = info;
      this.st = st;
      this.ruleInfo = rules;
    } catch (e) {
      this.root.setAttribute("data-state", "error");
      this.engineEl.textContent = T.engineError(String(e.message || e));
      this.engineEl.classList.add("tb-error");
      return;
    }
    this.ready = true;
    this.engineEl.hidden = true;
    this.engineEl.textContent = "";
    this.focus = this.focus || this.defaultFocus();
    const gen = ++this.fragGen;
    const hash = this.entryGame(location.hash);
    await this.exclusive(() => this.applyFragment(hash, true, gen, this.entryGameId()));
    this.root.setAttribute("data-state", "ready");
    performance.mark("tafl-board-ready");
    this.render();
  }

  defaultFocus() {
    return this.st.movable && this.st.movable.length ? this.st.movable[0] : squareName(0, this.size - 1);
  }

  /**
   * Run `fn` (an async function making worker requests) after every sequence queued before it;
   * the board is busy (no input, aria-busy) while any is queued. `busy: false` for read-only
   * requests (legal targets) that must not block clicks. Returns fn's promise.
   */
  exclusive(fn, { busy = true } = {}) {
    if (busy) { this.pendingOps++; this.setBusy(true); }
    const p = this.chain.then(fn);
    this.chain = p.then(() => {}, () => {});
    if (!busy) return p;
    return p.finally(() => {
      this.pendingOps--;
      if (this.pendingOps === 0) { this.setBusy(false); this.render(); this.selectBerserker(); }
    });
  }

  /** In a berserk turn the one piece that may move is selected at once (its targets shown). */
  selectBerserker() {
    const st = this.st;
    const b = st.berserk;
    if (this.mode !== "play" || !this.ready || st.result || !b || typeof b.square !== "string") return;
    if (this.selected === b.square || !(st.movable || []).includes(b.square)) return;
    this.focus = b.square;
    this.select(b.square, { announce: false });
  }

  /** Start a game from origin {otn, to_move} (null: the variant's start), replaying moves. */
  async startGame(origin, moves = []) {
    const st = await this.engine.call("start", { otn: origin.otn, to_move: origin.to_move });
    this.origin = { otn: origin.otn, to_move: origin.to_move };
    this.st = st;
    if (moves.length) {
      const r = await this.engine.call("play_all", { moves });
      this.st = r.state;
      if (!r.ok) return r;
    }
    return { ok: true, error: null, state: this.st };
  }

  /** Tick the assumption switches as `this.alt` says. */
  syncAltInputs() {
    for (const [k, cb] of Object.entries(this.altInputs || {})) cb.checked = this.alt.has(k);
  }

  /** Open the game a URL fragment describes; any fault: message + the start position.
   *  `gen`: this request's generation; a newer hash change makes it stale, and a stale request
   *  stops at its next step (the newer one starts its own game). Run inside exclusive(). */
  async applyFragment(hash, initial = false, gen = this.fragGen, entryId = null) {
    const T = this.T;
    const stale = () => gen !== this.fragGen;
    if (stale()) return;
    const read = readFragment(hash, this.assumptionKeys || []);
    if (!read) return;
    if (!read.ok) {
      if (!initial && !stale()) {
        try { await this.resetToStart(true); } finally { this.render(); }
      }
      if (!stale()) this.message(T.fragmentError(fragmentWhy(T, read.refusal)));
      return;
    }
    const frag = read.game;
    this.clearSelection();
    try {
      let r;
      const alt = new Set(frag.alt);
      // no position in the link: the board's own start (the layout, or an example's position)
      const otn = frag.otn || this.home.otn;
      const to_move = frag.otn ? frag.to_move : (frag.to_move || this.home.to_move);
      try {
        // One request: the worker replaces its game only when the rules and position are good.
        r = await this.engine.call("new_game", {
          rules_toml: this.data.rules_toml, overrides: this.overrides(alt),
          otn, to_move, moves: frag.moves,
        });
      } catch (e) {
        throw new Error(T.fragEngine(engineText(e.message, this.lang)));
      }
      if (!r.ok) { // the worker kept its game; the link's rules do not apply either
        const i = r.state.cursor; // moves before the illegal one were played
        const why = r.error ? engineText(moveReason(r.error, frag.moves[i]), this.lang) : "";
        // numbered by turns, as the move list numbers them (a berserk turn is one turn)
        const before = r.state.history.slice(0, i);
        const turnNo = this.turnNumbers([...before, { move: frag.moves[i] || "", side: r.state.to_move }])[i];
        throw new Error(T.fragMoveIllegal(turnNo, frag.moves[i] || "", why));
      }
      this.alt = alt;
      this.syncAltInputs();
      this.origin = { otn, to_move };
      this.st = r.state;
      await this.refreshRuleInfo();
      if (stale()) return;
      // an entry the board wrote for a game too long for the address: say what was left out
      const state = entryState();
      const cut = state.taflFragment === hash.slice(1) && Number.isInteger(state.taflCut) ? state.taflCut : 0;
      this.message(cut > 0 ? T.addressCut(cut) : null);
      this.say(T.loadedFromLink);
      this.gameId = entryId || newGameId();
      this.following = true;
      await this.syncAddress({ gen, href: location.href }); // the entry is now the board's
    } catch (e) {
      if (stale()) return;
      this.message(T.fragmentError(e.message));
      await this.resetToStart(true);
      this.gameId = newGameId();
    } finally {
      this.render();
    }
  }

  /** Back to the start position; `pageRules`: also back to the page's own rules (a refused
   *  link falls back to the documented rules, whatever it tried to switch). */
  async resetToStart(pageRules = false) {
    if (pageRules && this.alt.size) {
      const r = await this.engine.call("new_game", {
        rules_toml: this.data.rules_toml, overrides: {}, otn: this.home.otn, to_move: this.home.to_move, moves: [],
      });
      this.alt = new Set();
      this.syncAltInputs();
      this.st = r.state;
      await this.refreshRuleInfo();
    } else {
      this.st = await this.engine.call("start", { otn: this.home.otn, to_move: this.home.to_move });
    }
    this.origin = { ...this.home };
    this.clearSelection();
  }

  /** A new address fragment (a link opened in the page, Back or Forward, a § link). An entry
   *  the board wrote for the game it plays (history.state.taflGame, see syncAddress) keeps the
   *  board's game as it is, and the entry follows it; an entry of another game opens that game
   *  (its fragment, or for an anchor the game kept in it: entryGame) and takes over its id; a
   *  new anchor keeps the game the board follows. In the editor the change waits until the
   *  editor is left with Cancel ("Play from here" replaces it with the set-up position). */
  onHashChange() {
    if (!this.root.isConnected || !this.ready) return;
    if (this.mode === "edit") { this.hashWhileEditing = true; return; }
    const gen = ++this.fragGen;
    const mark = this.changeMark();
    const hash = this.entryGame(location.hash);
    // Back/Forward within the reader's game: keep it, as it is now; a new anchor (a § link) of
    // a game link the board follows: the entry keeps the game at once (for a reload)
    if (this.entryGameId() === this.gameId || (!isGameFragment(hash) && !this.entryGameId())) {
      this.exclusive(() => this.syncAddress(mark));
      return;
    }
    this.exclusive(() => this.applyFragment(hash, false, gen, this.entryGameId()));
  }

  /** Where a change of the game begins: the fragment generation and the entry's address. Its
   *  syncAddress writes only if both are still the same (Back/Forward during a move moves to
   *  another entry before its hashchange arrives: that entry is not this game's to write). */
  changeMark() { return { gen: this.fragGen, href: location.href }; }

  /** The id of the game the current history entry was written for (history.state.taflGame),
   *  or null. An entry of the game the board plays (the reader went Back or Forward within it,
   *  e.g. after a § link) is only an older copy of it: the board keeps the game as it is. */
  entryGameId() {
    const id = entryState().taflGame;
    return typeof id === "string" && /^[a-z0-9]{1,40}$/.test(id) ? id : null;
  }

  /** The game fragment an entry stands for: `hash` when it holds a game; for an anchor (a §
   *  link) the game the board kept in the entry (history.state.taflFragment, written by
   *  syncAddress while it followed a game link), so that a reload or Back to it restores that
   *  game; else `hash` (an anchor: nothing to open). The kept text is parsed as strictly as an
   *  address. */
  entryGame(hash) {
    if (isGameFragment(hash)) return hash;
    const kept = entryState().taflFragment;
    return typeof kept === "string" && kept.length <= FRAGMENT_MAX ? "#" + kept : hash;
  }

  // --- play
  clearSelection() {
    this.selected = null;
    this.targets = [];
    this.targetsOf = null;
    this.selToken++;
    this.selPromise = null;
  }

  /** Select the piece on `sq` and fetch its legal targets; `announce` false: the live region keeps
   *  what it says (the board selected the piece itself, after announcing the move). */
  select(sq, { announce = true } = {}) {
    this.selected = sq;
    this.targets = [];
    this.targetsOf = null;
    const token = ++this.selToken;
    this.render();
    this.selPromise = this.exclusive(() => this.engine.call("targets", { square: sq }), { busy: false }).then((t) => {
      if (token !== this.selToken) return null;
      this.targets = t;
      this.targetsOf = sq;
      this.render();
      if (announce) this.say(this.T.selected(sq, t.length));
      return t;
    }, () => []);
    return this.selPromise;
  }

  /** A move the reader asked for; one that is not among the legal targets goes to the engine
   *  all the same, which refuses it (the game unchanged) and says why. */
  tryMove(from, to) {
    return this.play(`${from}-${to}`);
  }

  play(move) {
    this.clearSelection();
    return this.exclusive(() => this.playNow(move));
  }

  async playNow(move) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      const r = await this.engine.call("play", { move });
      this.st = r.state;
      if (!r.ok) {
        const why = r.error ? engineText(moveReason(r.error, move), this.lang) : "";
        const text = why ? T.illegalWhy(move, why) : T.illegal(move);
        this.message(text);
        this.say(text);
      } else {
        this.message(null);
        if (move.includes("-")) this.focus = move.split("-")[1];
        const st = r.state;
        const h = st.history[st.cursor - 1];
        const side = T.side[h.side] || h.side;
        // sentences, each with its full stop: the move, a jump that took nothing, the captures,
        // then the result, the berserk turn going on, or (a berserk turn over) who moves now
        const parts = [h.move === "end" ? T.ended(side) : T.moved(side, h.notation || move)];
        const jump = this.jumpText(h);
        if (jump) parts.push(jump);
        for (const c of h.captures || []) parts.push(this.captureText(c, h));
        if (st.result) parts.push(this.resultText(st.result));
        else if (st.berserk) parts.push(T.berserk(T.side[st.to_move] || st.to_move, st.berserk.square, !!st.berserk.can_end, st.berserk.escape === true));
        else {
          const over = this.berserkOver();
          if (over) parts.push(over);
          if (h.move === "end" || h.berserk) parts.push(T.toMove(T.side[st.to_move] || st.to_move));
        }
        this.say(parts.map(sentence).join(" "));
        await this.syncAddress(mark);
      }
    } catch (e) {
      this.message(String(e.message || e));
    } finally {
      this.render();
    }
  }

  /** A click, a tap or Enter/Space on a square. */
  activate(sq) {
    if (!sq || !this.ready || this.busy) return;
    if (this.mode === "edit") { this.editorPlace(sq); return; }
    const st = this.st;
    if (st.result) { this.message(this.T.gameOver); return; }
    if (st.berserk && typeof st.berserk.square === "string") { this.activateBerserk(sq, st.berserk); return; }
    if (this.selected && this.targets.includes(sq)) { this.play(`${this.selected}-${sq}`); return; }
    if (this.selected === sq) { this.clearSelection(); this.render(); return; }
    if ((st.movable || []).includes(sq)) { this.message(null); this.select(sq); return; }
    if (this.selected) { this.tryMove(this.selected, sq); return; }
    if (st.pieces[sq]) { this.message(this.T.cannotMove(sq)); this.say(this.T.cannotMove(sq)); }
  }

  /** A click during a berserk turn (`b`: the state's `berserk`): only the berserker moves on.
   *  A click on it keeps it selected (never unselects it: the turn would look stuck); one of its
   *  targets plays the move; another piece, or an empty square that is no target, says why not. */
  async activateBerserk(sq, b) {
    const T = this.T;
    const say = (text) => { this.message(text); this.say(text); };
    if (sq === b.square) {
      if (this.selected !== b.square) { this.message(null); this.select(b.square); }
      else if (this.targetsOf === b.square) this.say(T.selected(sq, this.targets.length));
      return;
    }
    if (this.st.pieces[sq]) { say(T.berserkOnly(b.square, !!b.can_end)); return; }
    // an empty square: the berserker's legal targets (fetched first if not shown yet)
    let targets = this.selected === b.square && this.targetsOf === b.square ? this.targets : null;
    if (!targets) {
      targets = await (this.selected === b.square && this.selPromise ? this.selPromise : this.select(b.square, { announce: false }));
    }
    if (!Array.isArray(targets) || this.st.berserk !== b || this.busy) return; // the game moved on meanwhile
    if (targets.includes(sq)) { this.play(`${b.square}-${sq}`); return; }
    say(T.berserkMarked(b.square, !!b.can_end, b.escape === true));
  }

  onPointerDown(e) {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    const sq = this.squareAtClient(e.clientX, e.clientY);
    if (!sq) return;
    this.focus = sq;
    this.keyboardUsed = false;
    this.drag = { id: e.pointerId, from: sq, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false, el: null };
    try { this.svg.setPointerCapture(e.pointerId); } catch { /* not capturable */ }
    e.preventDefault();
    this.svg.focus({ preventScroll: true });
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 5) return;
      const st = this.st;
      if (this.mode !== "play" || !this.ready || this.busy || st.result || !(st.movable || []).includes(d.from)) {
        this.drag = null;
        return;
      }
      d.moved = true;
      if (this.selected !== d.from) this.select(d.from);
      d.el = this.gPieces.querySelector(`[data-square="${d.from}"]`);
      if (d.el) d.el.classList.add("tb-dragging");
    }
    const ctm = this.svg.getScreenCTM();
    const scale = ctm ? ctm.a : 1;
    d.dx = (e.clientX - d.x0) / scale;
    d.dy = (e.clientY - d.y0) / scale;
    if (d.el) d.el.setAttribute("transform", `translate(${d.dx} ${d.dy})`);
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    const sq = this.squareAtClient(e.clientX, e.clientY);
    if (!d.moved) { this.activate(sq); return; }
    if (d.el) { d.el.removeAttribute("transform"); d.el.classList.remove("tb-dragging"); }
    if (!sq || sq === d.from) { this.render(); return; }
    this.focus = sq;
    this.tryMove(d.from, sq);
  }

  cancelDrag() {
    if (this.drag && this.drag.el) { this.drag.el.removeAttribute("transform"); this.drag.el.classList.remove("tb-dragging"); }
    this.drag = null;
  }

  onKey(e) {
    if (e.key !== "Tab") this.keyboardUsed = true;
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (dirs[e.key]) {
      e.preventDefault();
      if (!this.focus) this.focus = this.defaultFocus();
      const [c, w] = this.cellOf(this.focus);
      const [dc, dw] = dirs[e.key];
      const next = this.squareAtCell(Math.min(this.size - 1, Math.max(0, c + dc)), Math.min(this.size - 1, Math.max(0, w + dw)));
      this.focus = next;
      this.renderFocus();
      const pieces = this.mode === "edit" ? this.editor.pieces : this.st.pieces;
      const k = pieces[next];
      this.say(this.T.focusSquare(next, k ? this.T.piece[k] : this.T.emptySquare)
        + (this.targets.includes(next) ? " ✓" : ""));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!this.focus) this.focus = this.defaultFocus();
      this.activate(this.focus);
    } else if (e.key === "Escape") {
      this.clearSelection();
      this.render();
      this.selectBerserker(); // in a berserk turn the one piece that may move stays selected
    }
  }

  // --- toolbar
  async onAction(a) {
    const T = this.T;
    if (a === "flip") {
      this.flipped = !this.flipped;
      this.root.toggleAttribute("data-flipped", this.flipped);
      this.buildStatic();
      this.render();
      this.say(T.flipped);
      return;
    }
    if (!this.ready) return;
    if (this.busy && !["undo", "redo", "reset"].includes(a)) return; // those queue (exclusive)
    if (a === "edit") { this.mode === "edit" ? this.leaveEditor() : this.enterEditor(); return; }
    if (a === "share") { this.share(); return; }
    if (a === "end") {
      if (this.mode === "play" && this.st.berserk && this.st.berserk.can_end) {
        // the button leaves the reader's reach (the turn is over): the board takes the focus
        this.svg.focus({ preventScroll: true });
        await this.play("end");
      }
      return;
    }
    this.clearSelection();
    this.message(null);
    await this.exclusive(() => this.actionNow(a));
  }

  async actionNow(a) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      if (this.mode !== "play" || (a === "undo" && !this.st.can_undo) || (a === "redo" && !this.st.can_redo)) return;
      if (a === "undo") { this.st = await this.engine.call("undo"); this.say(T.undone); }
      if (a === "redo") {
        this.st = await this.engine.call("redo");
        const h = this.st.history[this.st.cursor - 1];
        this.say(T.redone(h ? h.notation : ""));
      }
      if (a === "reset") {
        await this.startGame(this.origin);
        this.say(T.restarted);
      }
      // A shared link's moves must not come back on reload after Undo or a restart.
      await this.syncAddress(mark);
    } catch (e) {
      this.message(String(e.message || e));
    } finally {
      this.render();
    }
  }

  /** The rules of the worker's current game, as the engine read them (rules_info): the § of a
   *  jump rule, the berserk reading. Kept as it was if the request fails (words only). */
  async refreshRuleInfo() {
    try { this.ruleInfo = await this.engine.call("rules_info"); } catch { /* keep the old words */ }
  }

  /** After the game changed under a game link (a move, Undo, Redo, Restart, switched rules, a
   *  set-up position), the address holds the game the board shows, so that a reload, or Back
   *  after a section link (§), does not bring back an older game: a game fragment in the address
   *  is replaced by this game's link (linkFragment: bounded, as Copy link gives it). Once the
   *  board follows a game link, an entry whose address is an anchor (a § link) keeps its address
   *  and holds the game in history.state (taflFragment), which a reload or Back restores
   *  (entryGame); every entry written also names the game (taflGame, see entryGameId). An
   *  address without a game link before that is left alone. `mark`: changeMark() when the
   *  change began; a newer address (hashchange meanwhile, or another entry) is never
   *  overwritten. No
   *  hashchange: replaceState. Run inside exclusive() (may ask the worker for a snapshot). */
  async syncAddress(mark) {
    const fresh = () => mark.gen === this.fragGen && mark.href === location.href;
    if (!fresh()) return;
    const game = isGameFragment(location.hash);
    if (game) this.following = true;
    if (!game && !this.following) return;
    let frag = null, cut = 0;
    try {
      const link = await this.linkFragment();
      frag = link.frag;
      cut = link.cut ? Math.max(1, link.turns) : 0;
    } catch { frag = null; }
    if (!fresh()) return;
    const kept = { ...entryState(), taflFragment: frag, taflGame: this.gameId, taflCut: cut };
    // a game link gives way to this game's; an anchor (a § link) stays, the entry keeps the game
    const base = location.href.split("#")[0];
    const url = !game ? location.href : frag ? base + "#" + frag : base;
    history.replaceState(kept, "", url);
  }

  /** The link fragment of this game that the board will open again: every move when it fits
   *  (FRAGMENT_MAX characters, MOVES_MAX moves), else a start position and as many of the last
   *  moves as fit (the engine's snapshot {max_moves}, from a turn's start, so that a repetition
   *  among them still counts). Returns {frag, cut, turns}: cut true when moves were left out,
   *  turns = how many turns the link then holds. Run inside exclusive(). Raises the worker's
   *  error. */
  async linkFragment() {
    const frag = this.fragment();
    if (frag.length <= FRAGMENT_MAX && this.st.cursor <= MOVES_MAX) return { frag, cut: false, turns: 0 };
    let max = MOVES_MAX;
    for (let tries = 0; tries < 6; tries++) {
      const snap = await this.engine.call("snapshot", { max_moves: max });
      const f = this.fragment(snap);
      if (f.length <= FRAGMENT_MAX && snap.moves.length <= MOVES_MAX) {
        const played = this.st.history.slice(0, this.st.cursor);
        const numbers = this.turnNumbers(played);
        const k = snap.moves.length;
        return { frag: f, cut: true, turns: k ? numbers[numbers.length - 1] - numbers[numbers.length - k] + 1 : 0 };
      }
      // too long by characters: fewer moves, in proportion, with room to spare
      max = Math.max(1, Math.min(max - 1, Math.floor(max * (FRAGMENT_MAX - 64) / f.length)));
    }
    throw new Error("no link of bounded length for this game");
  }

  /** The share-link fragment of this game (`snap`: start from a snapshot {otn, to_move, moves}
   *  instead of the game's origin and every move). */
  fragment(snap = null) {
    const moves = snap ? snap.moves : this.st.history.slice(0, this.st.cursor).map((h) => h.move);
    return writeFragment(snap || this.origin, moves, [...this.alt]);
  }

  async share() {
    const T = this.T;
    // A link the board would refuse to open is never handed out: a long game is shared from a
    // position before its last moves (linkFragment), and the reader is told so.
    let frag, note = null;
    try {
      const link = await this.exclusive(() => this.linkFragment());
      frag = link.frag;
      if (link.cut) note = T.linkPosition(link.turns);
    } catch (e) {
      this.message(engineText(e.message, this.lang));
      return;
    }
    const url = location.href.split("#")[0] + "#" + frag;
    this.shareInput.value = url;
    this.shareEl.hidden = false;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch { copied = false; }
    this.shareInput.focus();
    this.shareInput.select();
    const said = (copied ? T.linkCopied : T.linkManual) + (note ? " " + note : "");
    this.message(said);
    this.say(said);
  }

  // --- editor
  enterEditor() {
    this.clearSelection();
    this.editor = { pieces: { ...this.st.pieces }, to_move: this.st.to_move };
    this.setEditorTurn(this.st.to_move);
    this.mode = "edit";
    this.message(null);
    this.say(this.T.editing);
    this.render();
  }

  setEditorTurn(side) {
    this.editor.to_move = side;
    for (const r of this.sideInputs) r.checked = r.value === side;
  }

  /** Cancel: back to the game as it was; an address changed meanwhile is opened now, and in a
   *  berserk turn the one piece that may move is selected again. */
  leaveEditor() {
    const hadFocus = this.editorEl.contains(document.activeElement);
    this.mode = "play";
    this.editor = null;
    this.message(null);
    this.render();
    if (hadFocus) this.buttons.edit.focus({ preventScroll: true });
    if (this.hashWhileEditing) {
      this.hashWhileEditing = false;
      this.onHashChange();
    } else {
      this.selectBerserker();
    }
  }

  editorPlace(sq) {
    const tool = [...this.toolInputs].find((r) => r.checked)?.value || "attacker";
    const p = this.editor.pieces;
    if (tool === "remove" || p[sq] === tool) delete p[sq];
    else p[sq] = tool;
    this.say(this.T.placed(sq, p[sq] ? this.T.piece[p[sq]] : this.T.emptySquare));
    this.render();
  }

  async editorPlay() {
    if (this.busy) return;
    const otn = toOtn(this.editor.pieces, this.size);
    const to_move = this.editor.to_move;
    await this.exclusive(() => this.editorPlayNow(otn, to_move));
  }

  async editorPlayNow(otn, to_move) {
    const T = this.T;
    const mark = this.changeMark();
    try {
      const reason = await this.engine.call("check_position", { rules_toml: this.data.rules_toml, otn, to_move });
      if (reason) {
        const why = engineText(reason, this.lang);
        this.message(T.impossible(why));
        this.say(T.impossible(why));
        return;
      }
      await this.startGame({ otn, to_move });
      const hadFocus = this.editorEl.contains(document.activeElement);
      this.mode = "play";
      this.editor = null;
      this.gameId = newGameId(); // a set-up is a game of its own (history entries: taflGame)
      if (hadFocus) this.buttons.edit.focus({ preventScroll: true });
      this.hashWhileEditing = false; // the set-up position wins over an address typed meanwhile
      this.message(null);
      this.focus = this.defaultFocus();
      await this.syncAddress(mark);
    } catch (e) {
      this.message(T.impossible(engineText(e.message || e, this.lang)));
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
        if (!r.ok && /^at most \d+ moves$/.test(String(r.error))) throw new Error(r.error); // too long to replay
        let text;
        if (r.ok) {
          const turns = this.turnNumbers(played).pop(); // counted as the move list counts them
          text = !moves.length ? T.rulesChanged
            : r.state.result ? T.rulesReplayedOver(turns, this.resultText(r.state.result))
              : T.rulesReplayed(turns);
        } else { // the worker kept the old game: start the new rules from the game's start
          const i = Math.min(r.state.cursor, moves.length - 1);
          const why = r.error ? engineText(moveReason(r.error, moves[i]), this.lang) : "";
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
        const text = T.altRefused(engineText(e.message || e, this.lang));
        this.message(text);
        this.say(text);
      } finally {
        this.syncAltInputs();
        this.render();
      }
    });
  }

  /** How many turns the moves taken back (Redo) make, as the move list numbers them. */
  futureTurns() {
    const st = this.st;
    const future = this.futurePlies();
    if (!future.length) return 0;
    const numbers = this.turnNumbers([...st.history.slice(0, st.cursor), ...future]);
    return new Set(numbers.slice(st.cursor)).size;
  }

  /** The moves undone that Redo would replay, next first, as plies (bridge `future`, detailed
   *  by the worker's `future_plies` {move, notation, side, continues, …} where it gave them). */
  futurePlies() {
    const st = this.st;
    const future = Array.isArray(st.future) ? st.future : [];
    const detail = Array.isArray(st.future_plies) && st.future_plies.length === future.length ? st.future_plies : null;
    return future.map((m, i) => (detail ? detail[i] : { move: String(m), notation: String(m) }));
  }

  /** The turn number of each ply of `plies` as the move list shows it (the plies of a berserk
   *  turn after its first share its number). */
  turnNumbers(plies) {
    let n = 0;
    return plies.map((h, i) => {
      const prev = i > 0 ? plies[i - 1] : null;
      // a ply continues its side's turn after a ply that went on (`continues`), and `end`
      // closes the turn of the side that made the ply before it; either only for the same side
      const sameSide = !!prev && (!h.side || !prev.side || prev.side === h.side);
      if (!(sameSide && (prev.continues || h.move === "end"))) n++;
      return n;
    });
  }
}

let engineSingleton = null;
/** One worker per page: Pyodide is started once, whatever navigation the theme does. */
function sharedEngine(url) {
  if (!engineSingleton || engineSingleton.dead) engineSingleton = new Engine(url);
  return engineSingleton;
}

/**
 * Board data of an example board on a mechanics page: `.tafl-board#board[data-example]` around
 * a static diagram, naming the variant whose rules it plays (`data-variant`) and the side to
 * move. The rules, assumptions and section links are the variant's: its board-data, which the
 * build writes into the example as `script[data-role=example-rules]` (build_tools/site_plugin.py
 * example_rules); the position is the diagram's, and becomes the board's start (`start`
 * {otn, to_move}); rule links lead to the variant page.
 */
function exampleData(root) {
  const slug = root.getAttribute("data-variant") || "";
  const lang = root.getAttribute("data-lang") === "en" ? "en" : "de";
  const siteRoot = root.getAttribute("data-site-root") || "./";
  const toMove = root.getAttribute("data-to-move");
  if (!/^[a-z0-9-]{1,64}$/.test(slug) || !/^(?:\.\.\/){1,8}$/.test(siteRoot)
      || (toMove !== "attackers" && toMove !== "defenders")) throw new Error("example board: bad attributes");
  const rel = `${lang === "en" ? "en/" : ""}variants/${slug}/`;
  const dataEl = root.querySelector('script[data-role="example-rules"]');
  if (!dataEl) throw new Error(`example board: no rules of ${slug} in the page`);
  const data = JSON.parse(dataEl.textContent);
  if (data.variant !== slug || data.lang !== lang) throw new Error("example board: the rules of another variant or language");
  const svg = root.querySelector("svg");
  if (!svg || Number(svg.getAttribute("data-size")) !== data.size) throw new Error("example board: diagram size differs from the rules");
  const pieces = {};
  for (const g of svg.querySelectorAll("[data-piece][data-square]")) {
    const kind = g.getAttribute("data-piece"), sq = g.getAttribute("data-square");
    if (!PIECE_KINDS.includes(kind) || !isSquare(sq)) throw new Error("example board: unreadable diagram");
    pieces[sq] = kind;
  }
  data.lang = lang;
  data.layout_pieces = data.pieces; // the variant's own layout (which editor tools it needs)
  data.pieces = pieces;
  data.start = { otn: toOtn(pieces, data.size), to_move: toMove };
  data.example = root.getAttribute("data-example");
  data.sections = Object.fromEntries(Object.entries(data.sections || {})
    .filter(([, a]) => typeof a === "string" && a.startsWith("#")).map(([k, a]) => [k, siteRoot + rel + a]));
  return data;
}

/** The current history entry's state as an object ({} when there is none). */
function entryState() {
  const state = history.state;
  return state && typeof state === "object" ? state : {};
}

/** A random id for a game (history.state.taflGame). */
function newGameId() {
  return Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
}

function mountError(root, e) {
  root.setAttribute("data-state", "error");
  const p = document.createElement("p");
  p.className = "tb-engine tb-error";
  p.textContent = STRINGS[root.getAttribute("data-lang") === "en" ? "en" : "de"].engineError(String(e.message || e));
  root.append(p);
}

function mount() {
  const root = document.querySelector(".tafl-board#board");
  if (!root || root.tbBoard || root.tbFailed) return;
  const dataEl = root.querySelector('script[data-role="board-data"]');
  if (!dataEl && root.hasAttribute("data-example")) {
    try {
      root.tbBoard = new Board(root, exampleData(root));
    } catch (e) {
      console.error("tafl board:", e);
      root.tbFailed = true;
      mountError(root, e);
    }
    return;
  }
  try {
    root.tbBoard = new Board(root, JSON.parse(dataEl.textContent));
  } catch (e) {
    mountError(root, e);
  }
}

function boot() {
  mount(); // at once: the sooner the worker starts, the sooner the board is ready
  // mkdocs-material's instant navigation swaps pages without reloading: it publishes document$.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mount);
}
if (document.readyState === "loading" && !document.querySelector(".tafl-board#board")) {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
