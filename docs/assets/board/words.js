// Tafl-Kompendium board: the words it shows, German and English (no DOM; unit-tested with
// `node --test`, tests/js/words.test.mjs). The names of pieces and capture reasons come from the
// page (board-data `names`, build_tools/labels.py) where it gives them (withSiteNames).

import { MOVES_MAX, PIECE_KINDS } from "./address.js";

// "the last n moves" in the two languages (link and address texts)
export const LAST_MOVES = {
  de: (n) => (n === 1 ? "dem letzten Zug" : `den letzten ${n} Zügen`),
  en: (n) => (n === 1 ? "the last move" : `the last ${n} moves`),
};

export const STRINGS = {
  de: {
    boardLabel: (title) => `Spielbrett ${title}. Pfeiltasten bewegen die Markierung, Eingabe oder Leertaste wählt eine Figur und zieht sie.`,
    // the board's accessible description (positionText), after every move
    positionStart: "Startaufstellung",
    positionOrigin: "Ausgangsstellung dieser Partie",
    positionAfter: (n, last) => `Stellung nach ${n === 1 ? "1 Zug" : `${n} Zügen`}, zuletzt ${last}`,
    zoom: "Brett vergrößern",
    gameResumed: "Partie fortgesetzt: das Brett hat sie in diesem Tab behalten.",
    loading: "Spiel-Engine wird geladen …",
    engineError: "Die Spiel-Engine konnte nicht geladen werden; vielleicht ist das Netz gerade langsam oder weg.",
    engineTimeout: (s) => `Die Spiel-Engine konnte nicht geladen werden: Seit ${s} Sekunden kam nichts mehr an; vielleicht ist das Netz gerade langsam oder weg.`,
    engineRetry: "Erneut versuchen",
    boardError: "Das Spielbrett konnte auf dieser Seite nicht aufgebaut werden; die Abbildung zeigt die Startaufstellung.",
    engineDetails: "Technische Einzelheiten",
    // start-up: the phases, the first move before the engine, a failed start
    startPhase: { download: "lädt Python (Pyodide, etwa 12 MB)", python: "startet Python", rules: "lädt die Regeln (tafl_core)" },
    startProgress: (phase, n) => `Die Spiel-Engine startet: ${phase} (Schritt ${n} von 3) … Der erste Zug geht schon.`,
    startLink: "Die Spiel-Engine startet … Die Partie aus dem Link erscheint, sobald sie bereit ist.",
    startWait: (phase, n) => `Die Spiel-Engine startet: ${phase} (Schritt ${n} von 3) … Züge gehen, sobald sie bereit ist.`,
    engineStarting: "Die Engine startet noch … Der nächste Zug geht, sobald sie bereit ist.",
    engineStartingLink: "Die Engine startet noch … Erst die Partie aus dem Link, dann geht es weiter.",
    engineWaiting: "wartet auf die Spiel-Engine",
    engineFix: "Abhilfe: „Erneut versuchen“ oder die Seite neu laden (ohne Netz: sobald es wieder da ist).",
    engineDown: "Ohne Spiel-Engine geht kein weiterer Zug.",
    fileProtocol: "Das Spielbrett braucht die Seite über HTTP, nicht als Datei (file://): den Ordner über HTTP ausliefern, z. B. mit `make serve`.",
    side: { attackers: "Angreifer", defenders: "Verteidiger" },
    toMove: (side) => `${side} am Zug`,
    piece: { attacker: "Angreifer", defender: "Verteidiger", king: "König", commander: "Kommandant", knight: "Ritter" },
    emptySquare: "leer",
    actions: { end: "Zug beenden", undo: "Zurück", redo: "Vor", reset: "Neu beginnen", flip: "Brett drehen", edit: "Stellung aufbauen", share: "Link kopieren", wide: "Großes Brett", analysis: "Analyse", review: "Partie analysieren" },
    actionTitles: {
      end: "Den Berserkerzug beenden: die andere Seite ist am Zug",
      endCompulsory: "Der Berserkerzug muss weitergehen, solange die Figur schlagen kann",
      undo: "Letzten Zug zurücknehmen", redo: "Zurückgenommenen Zug wiederholen",
      reset: "Zurück zur Ausgangsstellung dieser Partie", flip: "Brett um 180° drehen",
      edit: "Figuren setzen und entfernen", share: "Link auf diese Partie kopieren",
      wide: "Das Brett über die ganze Breite zeigen, ohne Navigation und Inhaltsverzeichnis (bleibt eingestellt)",
      analysis: "Beste Folge und Bewertung der Engine ständig zeigen; ←/→ auf dem Brett gehen durch die Partie",
      review: "Jeden Zug der Partie von der Engine prüfen lassen: Patzer (??), Fehler (?) und Ungenauigkeiten (?!) werden markiert",
    },
    moveList: "Züge",
    noMoves: "Noch keine Züge.",
    // analysis and game records (analysis.js)
    moveListHelp: "Ein Klick auf einen Zug zeigt die Stellung danach. In der Zugliste: ←/→ einen Zug zurück/vor, Pos1/Ende zum Anfang/Ende; auf dem Brett dasselbe mit gedrückter Umschalttaste.",
    startPosition: "Ausgangsstellung",
    plyLabel: (no, side, notation) => `${no}. ${side}: ${notation}`,
    atStart: "Ausgangsstellung der Partie.",
    atPly: (no, notation) => `Stellung nach ${no}. ${notation}.`,
    recordActions: { export: "Partie exportieren", import: "Partie importieren" },
    recordFormat: "Format",
    recordFormats: { opentafl: "OpenTafl-Partienotation (.otg)", text: "Nur die Züge (.txt)" },
    exportLabel: "Partienotation",
    exportUpTo: (n) => `Die Notation reicht bis zur gezeigten Stellung; ${n === 1 ? "der zurückgenommene Zug danach fehlt" : `die ${n} zurückgenommenen Züge danach fehlen`} (Ende in der Zugliste spielt sie wieder).`,
    recordCopy: "Kopieren", recordDownload: "Als Datei speichern",
    recordCopied: "Partienotation kopiert.",
    recordCopyManual: "Die Partienotation konnte nicht automatisch kopiert werden; bitte aus dem Feld kopieren.",
    recordDownloaded: (name) => `Die Datei ${name} wird gespeichert.`,
    importLabel: "Partienotation hier einfügen (OpenTafl-Notation oder nur die Züge)",
    importFile: "oder eine Datei öffnen",
    importRun: "Importieren", importCancel: "Abbrechen",
    imported: (n) => `Partie importiert (${n === 0 ? "noch ohne Züge" : n === 1 ? "ein Zug" : `${n} Züge`}).`,
    importRefused: (why) => `Die Partienotation wurde nicht übernommen: ${sentence(why)} Die bisherige Partie bleibt, wie sie war.`,
    importUnreadable: "die Datei ließ sich nicht lesen",
    importHeld: (n) => `Partienotation mit ${n.toLocaleString("de-DE")} Zeichen eingefügt: so lang wird sie nicht im Feld gezeigt, „Importieren“ liest sie.`,
    // what an imported record says beyond its moves (records.js importNotes)
    recordResult: (outcome, termination) => `Ergebnis laut Partienotation: ${outcome}${termination ? ` („${termination}“)` : ""}.`,
    recordOutcome: { attackers: "Die Angreifer haben gewonnen", defenders: "Die Verteidiger haben gewonnen", draw: "unentschieden", open: "offen" },
    recordRulesDiffer: (list) => `Die Regeln der Partienotation weichen von denen dieser Seite ab: ${list}.`,
    recordRuleDiff: (rule, record, page) => `${rule} (in der Partie: ${record}, hier: ${page})`,
    recordRulesUnreadable: "Die Regeln der Partienotation enthalten eine Regel, die dieses Brett nicht spielt.",
    // what the export panel says of an OpenTafl file (records.js exportOpenTaflNote)
    opentaflNearest: (list) => `OpenTafl kennt nicht alle Regeln dieser Seite; die Datei nennt OpenTafls nächste Regeln, unter denen diese Züge genauso verlaufen. Anders als hier: ${list}.`,
    opentaflRuleDiff: (rule, here, file) => `${rule} (hier: ${here}, in der Datei: ${file})`,
    opentaflNone: (why) => `OpenTafl kann diese Notation nicht öffnen: ${why} Dieses Brett liest sie wieder ein.`,
    opentaflWhy: {
      board_size: (size, max) => `OpenTafl spielt auf höchstens ${max}×${max} Feldern, dieses Brett hat ${size}×${size}.`,
      rules: "Die Regeln dieser Seite lassen sich in OpenTafls Regelschreibweise nicht annähernd sagen.",
      moves: (ply, move, list) => `Unter OpenTafls nächsten Regeln${list ? ` (${list})` : ""} verliefe der ${ply}. Halbzug (${move}) anders als hier.`,
    },
    recordSwitch: "Auf die Regeln der Partie umschalten und erneut importieren",
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
      future: "grau: zurückgenommen, „Vor“ spielt ihn wieder",
    },
    winner: { attackers: "Die Angreifer gewinnen", defenders: "Die Verteidiger gewinnen", draw: "Unentschieden" },
    reason: {
      king_captured: "der König ist gefangen", king_escaped: "der König ist entkommen",
      encirclement: "alle Verteidiger sind eingeschlossen", exit_fort: "der König hat eine Randfestung gebaut",
      no_legal_moves: "die Seite am Zug hat keinen erlaubten Zug", repetition: "eine Stellung hat sich wiederholt",
      record: "so endet die Partie laut ihrer Notation", // an imported record's result (tafl_core.bridge _record_end)
    },
    rule: "Regel",
    moved: (side, notation) => `${side}: ${notation}`,
    movedCaptures: (n) => (n === 1 ? "ein Stein geschlagen" : `${n} Steine geschlagen`),
    undone: "Zug zurückgenommen.",
    redone: (n) => `Zug wiederholt: ${n}`,
    restarted: "Partie neu begonnen.",
    illegal: (mv) => `Der Zug ${mv} ist nicht erlaubt.`,
    illegalWhy: (mv, why) => `Der Zug ${mv} ist nicht erlaubt: ${why}.`,
    keptInAddress: "Der Speicher dieses Tabs ist voll: Die Partie steht stattdessen in der Adresse (Neu laden und Lesezeichen behalten sie).",
    cannotMove: (sq, why) => `Die Figur auf ${sq} kann jetzt nicht ziehen: ${why}.`,
    // why (moves.js stillWhy): the piece is the other side's, or it has no legal move
    stillTurn: { attackers: "Am Zug sind die Angreifer", defenders: "Am Zug sind die Verteidiger" },
    stillStuck: "Sie hat in dieser Stellung keinen erlaubten Zug",
    gameOver: "Die Partie ist beendet: Zurück oder Neu beginnen.",
    flipped: "Brett gedreht.",
    wideOn: "Großes Brett: Navigation und Inhaltsverzeichnis ausgeblendet.",
    // analysis mode (analysismode.js) and the evaluation's words (evaluation.js)
    evaluation: {
      balanced: "ausgeglichen",
      better: (side) => `${side} besser`,
      winning: (side) => `${side} gewinnen`,
      forced: (side, plies) => `${side} gewinnen erzwungen (in ${plies} Halbzügen)`,
    },
    analysisTitle: "Analyse",
    analysisEval: "Bewertung",
    analysisLine: "Beste Folge",
    analysisDepth: (d) => `Tiefe ${d}`,
    analysisSearching: "Die Engine rechnet …",
    analysisOver: "Die Partie ist zu Ende.",
    analysisPaused: "Pausiert, solange der Computer rechnet.",
    analysisOn: "Analyse an: Beste Folge und Bewertung werden gezeigt; ←/→, Pos1 und Ende auf dem Brett gehen durch die Partie.",
    analysisOff: "Analyse aus.",
    // the game review (review.js) and its marks in the move list (analysis.js)
    reviewTitle: "Partieanalyse",
    reviewProgressLabel: "Fortschritt der Partieanalyse",
    reviewRunning: (done, total) => `Partieanalyse: ${done} von ${total} Zügen geprüft …`,
    reviewDone: (total) => `Partieanalyse fertig: ${total === 1 ? "1 Zug" : `${total} Züge`} geprüft.`,
    reviewStopped: (done, total) => `Partieanalyse abgebrochen: ${done} von ${total} Zügen geprüft.`,
    reviewStarted: (total) => `Partieanalyse begonnen: ${total === 1 ? "1 Zug" : `${total} Züge`}.`,
    reviewFailed: (why) => `Die Partieanalyse ist fehlgeschlagen: ${why}`,
    reviewCancel: "Abbrechen", reviewClose: "Schließen",
    reviewMarkNames: { "??": "Patzer", "?": "Fehler", "?!": "Ungenauigkeit" },
    reviewCounts: (side, counts) => `${side}: ${counts}`,
    reviewCount: (n, mark, name) => `${n} × ${mark} (${name})`,
    reviewNone: "keine Markierung",
    reviewGraph: "Bewertung im Lauf der Partie: oben Angreifer besser, unten Verteidiger besser; jeder Punkt führt zur Stellung nach seinem Zug (←/→ gehen durch die Partie)",
    reviewPointStart: (ev) => `Ausgangsstellung: ${ev}`,
    reviewPoint: (no, side, move, mark, ev) => `${no}. ${side}: ${move}${mark ? ` ${mark}` : ""}: ${ev}`,
    reviewMove: (move, name, best) => `${move}: ${name}.${best ? ` Besser war ${best}.` : ""}`,
    reviewOther: "Die Analyse gilt einer anderen Zugfolge als der gezeigten: Sie reicht nur bis zum ersten abweichenden Zug.",
    // the position string under the board (positionstring.js)
    positionStringLabel: "Stellung als Text (OpenTafl: Stellungsdatensatz, dann die Seite am Zug)",
    positionStringHelp: "Kopieren, um die Stellung weiterzugeben; eine Stellung einfügen und „Aufstellen“ (oder Eingabe) beginnt dort eine neue Partie.",
    positionStringCopy: "Kopieren", positionStringSet: "Aufstellen",
    positionStringCopied: "Stellung kopiert.",
    positionStringCopyManual: "Die Stellung konnte nicht automatisch kopiert werden; bitte aus dem Feld kopieren.",
    positionStringRefused: (why) => `Diese Stellung lässt sich nicht aufstellen: ${why}.`,
    positionStringShape: "erwartet wird ein Stellungsdatensatz wie /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ und danach höchstens die Seite am Zug (attackers oder defenders)",
    positionStringDone: (side) => `Stellung aufgestellt: ${side} am Zug.`,
    // side lines in the move list (sidelines.js)
    sideLine: "Nebenvariante", mainLine: "Hauptvariante",
    sideLineMove: (name, no, move) => `${name}: ${no}. ${move}`,
    sideLineShown: (name, ply) => `${name}, Stellung nach ${ply === 1 ? "1 Halbzug" : `${ply} Halbzügen`}.`,
    sideLinePromote: "Zur Hauptvariante machen",
    sideLineDelete: "Löschen",
    sideLinePromoted: "Die Nebenvariante ist jetzt die Hauptvariante.",
    sideLineDeleted: "Nebenvariante gelöscht.",
    // the reader's comments on moves (movenotes.js)
    noteLabel: (no, side, move) => `Kommentar zu ${no}. ${side}: ${move}`,
    noteLabelStart: "Kommentar zur Ausgangsstellung",
    noteMark: "Zeichen", noteNoMark: "kein Zeichen",
    noteMarkNames: { "!": "guter Zug", "?": "Fehler", "!!": "sehr guter Zug", "??": "Patzer", "!?": "interessanter Zug", "?!": "zweifelhafter Zug" },
    noteSave: "Kommentar speichern", noteDelete: "Kommentar löschen",
    noteSaved: "Kommentar gespeichert.", noteDeleted: "Kommentar gelöscht.",
    wideOff: "Brett wieder in der Seite.",
    focusSquare: (sq, what) => `${sq}: ${what}`,
    selected: (sq, n) => `${sq} gewählt, ${n} mögliche Ziele.`,
    // fragment / sharing
    fragmentError: (why) => `Der Link enthält keine gültige Partie (${why}). Es gilt die Startaufstellung.`,
    fragTooLong: "zu lang", fragSyntax: "unerwartete Zeichen",
    fragKey: (k) => `unbekannter Teil „${k}“`,
    fragDup: (k) => `„${k}“ doppelt`,
    fragPos: "Stellung unlesbar",
    fragTurn: "Seite am Zug unbekannt",
    fragMoves: "Zugliste unlesbar",
    fragTooMany: `mehr als ${MOVES_MAX} Züge`,
    fragAlt: "unbekannte Regelabwandlung",
    fragEnd: "unbekanntes Ende der Partie (erlaubt: resign-attackers, resign-defenders, draw)",
    endTakenBack: "Ende der Partie zurückgenommen: Sie geht weiter.",
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
    arrivedLink: (n) => `Partie aus einem Link: ${n === 1 ? "1 Zug" : `${n} Züge`}`,
    arrivedKept: (n) => `Fortgesetzte Partie: ${n === 1 ? "1 Zug" : `${n} Züge`}`,
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
    assumptionsHelpFixed: "Die Quelle lässt diese Regeln offen; das Brett spielt die angenommene Lesart.",
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
    positionStart: "Starting position",
    positionOrigin: "Starting position of this game",
    positionAfter: (n, last) => `Position after ${n === 1 ? "1 move" : `${n} moves`}, last ${last}`,
    zoom: "Enlarge board",
    gameResumed: "Game resumed: the board kept it in this tab.",
    loading: "Loading the game engine …",
    engineError: "The game engine could not be loaded; perhaps the network is slow or down just now.",
    engineTimeout: (s) => `The game engine could not be loaded: nothing more arrived for ${s} seconds; perhaps the network is slow or down just now.`,
    engineRetry: "Retry",
    boardError: "The board could not be built on this page; the diagram shows the starting position.",
    engineDetails: "Technical details",
    // start-up: the phases, the first move before the engine, a failed start
    startPhase: { download: "downloading Python (Pyodide, about 12 MB)", python: "starting Python", rules: "loading the rules (tafl_core)" },
    startProgress: (phase, n) => `The game engine is starting: ${phase} (step ${n} of 3) … The first move works already.`,
    startLink: "The game engine is starting … The game from the link appears as soon as it is ready.",
    startWait: (phase, n) => `The game engine is starting: ${phase} (step ${n} of 3) … Moves work as soon as it is ready.`,
    engineStarting: "The engine is still starting … The next move works as soon as it is ready.",
    engineStartingLink: "The engine is still starting … First the game from the link, then you can go on.",
    engineWaiting: "waiting for the game engine",
    engineFix: "To fix it: “Retry”, or reload the page (offline: once the network is back).",
    engineDown: "Without the game engine no further move is possible.",
    fileProtocol: "The board needs the page over HTTP, not as a file (file://): serve the folder over HTTP, e.g. `make serve`.",
    side: { attackers: "Attackers", defenders: "Defenders" },
    toMove: (side) => `${side} to move`,
    piece: { attacker: "attacker", defender: "defender", king: "king", commander: "commander", knight: "knight" },
    emptySquare: "empty",
    actions: { end: "End turn", undo: "Undo", redo: "Redo", reset: "Restart", flip: "Flip board", edit: "Set up position", share: "Copy link", wide: "Large board", analysis: "Analysis", review: "Review game" },
    actionTitles: {
      end: "End the berserk turn: the other side is to move",
      endCompulsory: "The berserk turn must go on while the piece can capture",
      undo: "Take back the last move", redo: "Replay the move taken back",
      reset: "Back to the starting position of this game", flip: "Turn the board by 180°",
      edit: "Place and remove pieces", share: "Copy a link to this game",
      wide: "Show the board across the whole width, without navigation and table of contents (kept)",
      analysis: "Keep the engine's best line and evaluation on screen; ←/→ on the board step through the game",
      review: "Have the engine check every move of the game: blunders (??), mistakes (?) and inaccuracies (?!) are marked",
    },
    moveList: "Moves",
    noMoves: "No moves yet.",
    // analysis and game records (analysis.js)
    moveListHelp: "Click a move to see the position after it. In the move list: ←/→ one move back/forward, Home/End to the start/end; on the board the same keys with Shift held.",
    startPosition: "Starting position",
    plyLabel: (no, side, notation) => `${no}. ${side}: ${notation}`,
    atStart: "Starting position of the game.",
    atPly: (no, notation) => `Position after ${no}. ${notation}.`,
    recordActions: { export: "Export game", import: "Import game" },
    recordFormat: "Format",
    recordFormats: { opentafl: "OpenTafl game record (.otg)", text: "Moves only (.txt)" },
    exportLabel: "Game record",
    exportUpTo: (n) => `The record ends at the position shown; ${n === 1 ? "the move taken back after it is" : `the ${n} moves taken back after it are`} not in it (End in the move list replays them).`,
    recordCopy: "Copy", recordDownload: "Save as file",
    recordCopied: "Game record copied.",
    recordCopyManual: "The game record could not be copied automatically; please copy it from the field.",
    recordDownloaded: (name) => `Saving the file ${name}.`,
    importLabel: "Paste a game record here (OpenTafl notation, or the moves only)",
    importFile: "or open a file",
    importRun: "Import", importCancel: "Cancel",
    imported: (n) => `Game imported (${n === 0 ? "no moves yet" : n === 1 ? "one move" : `${n} moves`}).`,
    importRefused: (why) => `The game record was not imported: ${sentence(why)} The current game stays as it was.`,
    importUnreadable: "the file could not be read",
    importHeld: (n) => `A game record of ${n.toLocaleString("en-GB")} characters was pasted: one this long is not shown in the field; “Import” reads it.`,
    // what an imported record says beyond its moves (records.js importNotes)
    recordResult: (outcome, termination) => `Result in the record: ${outcome}${termination ? ` (“${termination}”)` : ""}.`,
    recordOutcome: { attackers: "the attackers won", defenders: "the defenders won", draw: "a draw", open: "open" },
    recordRulesDiffer: (list) => `The record's rules differ from this page's: ${list}.`,
    recordRuleDiff: (rule, record, page) => `${rule} (in the record: ${record}, here: ${page})`,
    recordRulesUnreadable: "The record's rules hold a rule this board does not play.",
    // what the export panel says of an OpenTafl file (records.js exportOpenTaflNote)
    opentaflNearest: (list) => `OpenTafl does not know every rule of this page; the file names OpenTafl's nearest rules, under which these moves play the same. Otherwise than here: ${list}.`,
    opentaflRuleDiff: (rule, here, file) => `${rule} (here: ${here}, in the file: ${file})`,
    opentaflNone: (why) => `OpenTafl cannot open this record: ${why} This board reads it back.`,
    opentaflWhy: {
      board_size: (size, max) => `OpenTafl plays on at most ${max}×${max} squares, this board has ${size}×${size}.`,
      rules: "This page's rules cannot be said even nearly in OpenTafl's rules notation.",
      moves: (ply, move, list) => `Under OpenTafl's nearest rules${list ? ` (${list})` : ""}, ply ${ply} (${move}) would play otherwise than here.`,
    },
    recordSwitch: "Switch to the record's rules and import again",
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
      encirclement: "all defenders are encircled", exit_fort: "the king has built an exit fort",
      no_legal_moves: "the side to move has no legal move", repetition: "a position was repeated",
      record: "the game ends so by its record", // an imported record's result (tafl_core.bridge _record_end)
    },
    rule: "rule",
    moved: (side, notation) => `${side}: ${notation}`,
    movedCaptures: (n) => (n === 1 ? "one piece taken" : `${n} pieces taken`),
    undone: "Move taken back.",
    redone: (n) => `Move replayed: ${n}`,
    restarted: "Game restarted.",
    illegal: (mv) => `The move ${mv} is not legal.`,
    illegalWhy: (mv, why) => `The move ${mv} is not legal: ${why}.`,
    keptInAddress: "This tab's storage is full: the game is kept in the address instead (a reload or a bookmark keeps it).",
    cannotMove: (sq, why) => `The piece on ${sq} cannot move now: ${why}.`,
    // why (moves.js stillWhy): the piece is the other side's, or it has no legal move
    stillTurn: { attackers: "it is the attackers' turn", defenders: "it is the defenders' turn" },
    stillStuck: "it has no legal move in this position",
    gameOver: "The game is over: undo or restart.",
    flipped: "Board flipped.",
    wideOn: "Large board: navigation and table of contents hidden.",
    // analysis mode (analysismode.js) and the evaluation's words (evaluation.js)
    evaluation: {
      balanced: "balanced",
      better: (side) => `${side} better`,
      winning: (side) => `${side} winning`,
      forced: (side, plies) => `${side} win by force (in ${plies} plies)`,
    },
    analysisTitle: "Analysis",
    analysisEval: "Evaluation",
    analysisLine: "Best line",
    analysisDepth: (d) => `depth ${d}`,
    analysisSearching: "The engine is thinking …",
    analysisOver: "The game is over.",
    analysisPaused: "Paused while the computer is thinking.",
    analysisOn: "Analysis on: best line and evaluation shown; ←/→, Home and End on the board step through the game.",
    analysisOff: "Analysis off.",
    // the game review (review.js) and its marks in the move list (analysis.js)
    reviewTitle: "Game review",
    reviewProgressLabel: "Progress of the game review",
    reviewRunning: (done, total) => `Game review: ${done} of ${total} moves checked …`,
    reviewDone: (total) => `Game review done: ${total === 1 ? "1 move" : `${total} moves`} checked.`,
    reviewStopped: (done, total) => `Game review cancelled: ${done} of ${total} moves checked.`,
    reviewStarted: (total) => `Game review started: ${total === 1 ? "1 move" : `${total} moves`}.`,
    reviewFailed: (why) => `The game review failed: ${why}`,
    reviewCancel: "Cancel", reviewClose: "Close",
    reviewMarkNames: { "??": "blunder", "?": "mistake", "?!": "inaccuracy" },
    reviewCounts: (side, counts) => `${side}: ${counts}`,
    reviewCount: (n, mark, name) => `${n} × ${mark} (${name})`,
    reviewNone: "no mark",
    reviewGraph: "Evaluation over the game: attackers better above, defenders better below; each point leads to the position after its move (←/→ step through the game)",
    reviewPointStart: (ev) => `Starting position: ${ev}`,
    reviewPoint: (no, side, move, mark, ev) => `${no}. ${side}: ${move}${mark ? ` ${mark}` : ""}: ${ev}`,
    reviewMove: (move, name, best) => `${move}: ${name}.${best ? ` ${best} was better.` : ""}`,
    reviewOther: "The review is of another line than the one shown: it goes only as far as the first move that differs.",
    // the position string under the board (positionstring.js)
    positionStringLabel: "Position as text (OpenTafl: position record, then the side to move)",
    positionStringHelp: "Copy it to pass the position on; paste a position and choose “Set up” (or Enter) to start a new game there.",
    positionStringCopy: "Copy", positionStringSet: "Set up",
    positionStringCopied: "Position copied.",
    positionStringCopyManual: "The position could not be copied automatically; please copy it from the field.",
    positionStringRefused: (why) => `This position cannot be set up: ${why}.`,
    positionStringShape: "expected a position record such as /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ followed at most by the side to move (attackers or defenders)",
    positionStringDone: (side) => `Position set up: ${side} to move.`,
    // side lines in the move list (sidelines.js)
    sideLine: "Side line", mainLine: "Main line",
    sideLineMove: (name, no, move) => `${name}: ${no}. ${move}`,
    sideLineShown: (name, ply) => `${name}, position after ${ply === 1 ? "1 ply" : `${ply} plies`}.`,
    sideLinePromote: "Make main line",
    sideLineDelete: "Delete",
    sideLinePromoted: "The side line is now the main line.",
    sideLineDeleted: "Side line deleted.",
    // the reader's comments on moves (movenotes.js)
    noteLabel: (no, side, move) => `Comment on ${no}. ${side}: ${move}`,
    noteLabelStart: "Comment on the starting position",
    noteMark: "Mark", noteNoMark: "no mark",
    noteMarkNames: { "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder", "!?": "interesting move", "?!": "dubious move" },
    noteSave: "Save comment", noteDelete: "Delete comment",
    noteSaved: "Comment saved.", noteDeleted: "Comment deleted.",
    wideOff: "Board back in the page.",
    focusSquare: (sq, what) => `${sq}: ${what}`,
    selected: (sq, n) => `${sq} selected, ${n} possible targets.`,
    fragmentError: (why) => `The link does not hold a valid game (${why}). Showing the starting position.`,
    fragTooLong: "too long", fragSyntax: "unexpected characters",
    fragKey: (k) => `unknown part “${k}”`,
    fragDup: (k) => `“${k}” given twice`,
    fragPos: "position unreadable",
    fragTurn: "unknown side to move",
    fragMoves: "move list unreadable",
    fragTooMany: `more than ${MOVES_MAX} moves`,
    fragAlt: "unknown rule change",
    fragEnd: "unknown end of the game (allowed: resign-attackers, resign-defenders, draw)",
    endTakenBack: "The game's end taken back: it goes on.",
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
    arrivedLink: (n) => `Game from a link: ${n === 1 ? "1 move" : `${n} moves`}`,
    arrivedKept: (n) => `Game resumed: ${n === 1 ? "1 move" : `${n} moves`}`,
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
    assumptionsHelpFixed: "The source leaves these rules open; the board plays the assumed reading.",
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



/** `text` with its first letter in capitals (a line or sentence that starts with a word). */
export function capitalize(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** `text` as a sentence: a full stop added unless it already ends with one (or ! ? …). */
export function sentence(text) { return /[.!?…]["“”»]?$/.test(text) ? text : text + "."; }

/** What follows a rule's name before its value (build_tools/labels.py name_colon): ":", or
 *  nothing when the name holds a colon already ("Thron: feindlich für"). */
export function nameColon(name) { return name.includes(":") ? "" : ":"; }

/** A rule's name and value in one phrase: "Thron: nein", "Thron: feindlich für Angreifer". */
export function ruleAndValue(name, value) { return `${name}${nameColon(name)} ${value}`; }

export function joinList(items, andWord) {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + ` ${andWord} ` + items[items.length - 1];
}

/** The reader's words for a link's refusal (address.js readFragment). */
export function fragmentWhy(T, refusal) {
  switch (refusal.code) {
    case "too_long": return T.fragTooLong;
    case "key": return T.fragKey(refusal.key);
    case "dup": return T.fragDup(refusal.key);
    case "pos": return T.fragPos;
    case "turn": return T.fragTurn;
    case "moves": return T.fragMoves;
    case "too_many": return T.fragTooMany;
    case "alt": return T.fragAlt;
    case "end": return T.fragEnd;
    default: return T.fragSyntax;
  }
}

/** The board's strings with the site's own words where the page's board-data `names` gives
 *  them (notes/CONTRACTS.md: `names.pieces` {kind: [singular, plural]}, `names.capture_reasons`
 *  {reason: words}, from build_tools/labels.py); the board's own words are the fallback. */
export function withSiteNames(T, names) {
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

/** The words of the board's opponent and hint (opponent.js), German and English (the same
 *  keys in both; tests/js/opponent.test.mjs). Level keys are tafl_core.search LEVELS'. */
export const OPPONENT_STRINGS = {
  de: {
    title: "Gegen den Computer",
    enable: "Gegen den Computer spielen",
    ownSide: "Eigene Seite",
    level: "Stärke",
    levels: { beginner: "Anfänger", easy: "Leicht", medium: "Mittel", strong: "Stark" },
    hint: "Tipp",
    hintTitle: "Den besten Zug für die Seite am Zug auf dem Brett zeigen",
    hintSearching: "Tipp wird gesucht …",
    hintText: (turn, line) => `Tipp: ${turn} (erwartete Folge: ${line})`,
    hintNone: "Kein Tipp: Die Seite am Zug hat keinen Zug.",
    hintWait: "Der Computer ist am Zug: Ein Tipp gilt erst wieder für den eigenen Zug.",
    thinking: (side) => `Der Computer (${side}) denkt nach …`,
    computersTurn: (side) => `Der Computer (${side}) ist am Zug.`,
    computerWaits: (toMove) => `${toMove} am Zug. Der Computer zieht nicht, solange eine frühere Stellung gezeigt wird: Ein Zug hier wird von Hand gespielt.`,
    wait: "Der Computer denkt nach: Bitte seinen Zug abwarten.",
    computerMoved: (text) => `Computer: ${text}`,
    on: (side, level) => `Spiel gegen den Computer (Stärke: ${level}); eigene Seite: ${side}.`,
    off: "Spiel gegen den Computer beendet: Beide Seiten werden wieder von Hand gezogen.",
    undoneTurn: "Eigener Zug und die Antwort des Computers zurückgenommen.",
    failed: (msg) => `Der Computer konnte keinen Zug finden: ${msg}`,
    resign: "Aufgeben",
    resignTitle: "Die Partie aufgeben: Der Computer gewinnt",
    offerDraw: "Remis anbieten",
    drawTitle: "Dem Computer ein Remis anbieten: Er nimmt an, wenn die Stellung nach der Eröffnung ausgeglichen ist",
    drawThinking: "Der Computer prüft das Remisangebot …",
    drawAgreed: "Partie beendet: Remis vereinbart.",
    drawDeclined: (ev) => `Der Computer lehnt das Remis ab (seine Bewertung: ${ev}).`,
    drawTooEarly: (moves, taken) => `Der Computer lehnt das Remis ab: Die Partie hat eben erst begonnen (ein Remis frühestens nach ${moves} Zügen jeder Seite oder ${taken} geschlagenen Steinen).`,
    resigned: (loser, winner) => `Partie beendet: ${loser} geben auf, ${winner} gewinnen.`,
  },
  en: {
    title: "Against the computer",
    enable: "Play against the computer",
    ownSide: "Your side",
    level: "Level",
    levels: { beginner: "Beginner", easy: "Easy", medium: "Medium", strong: "Strong" },
    hint: "Hint",
    hintTitle: "Show the best move for the side to move on the board",
    hintSearching: "Looking for a hint …",
    hintText: (turn, line) => `Hint: ${turn} (expected line: ${line})`,
    hintNone: "No hint: the side to move has no move.",
    hintWait: "The computer is to move: a hint is for your own move.",
    thinking: (side) => `The computer (${side}) is thinking …`,
    computersTurn: (side) => `The computer (${side}) is to move.`,
    computerWaits: (toMove) => `${toMove} to move. The computer does not move while an earlier position is shown: a move here is played by hand.`,
    wait: "The computer is thinking: please wait for its move.",
    computerMoved: (text) => `Computer: ${text}`,
    on: (side, level) => `Playing against the computer (level: ${level}); your side: ${side}.`,
    off: "No longer playing against the computer: both sides are moved by hand again.",
    undoneTurn: "Your move and the computer's answer taken back.",
    failed: (msg) => `The computer could not find a move: ${msg}`,
    resign: "Resign",
    resignTitle: "Resign the game: the computer wins",
    offerDraw: "Offer a draw",
    drawTitle: "Offer the computer a draw: it accepts when the position is balanced after the opening",
    drawThinking: "The computer is considering the draw offer …",
    drawAgreed: "Game over: draw agreed.",
    drawDeclined: (ev) => `The computer declines the draw (its evaluation: ${ev}).`,
    drawTooEarly: (moves, taken) => `The computer declines the draw: the game has only just begun (a draw needs ${moves} moves by each side or ${taken} pieces taken).`,
    resigned: (loser, winner) => `Game over: ${loser} resign, ${winner} win.`,
  },
};

/** Order of the piece lists in a position's description (as the static diagram's caption:
 *  build_tools/diagram.py, king, defenders, attackers). */
const DESCRIBE_ORDER = ["king", "defender", "knight", "attacker", "commander"];

/**
 * The text that describes a position to a screen reader (the board's aria-describedby), in
 * the words of the static diagram's caption (build_tools/labels.py diagram_caption): "<title>:
 * <head>. <status>. König: f6. Verteidiger (12): d6, e5, …. Angreifer (24): …." `pieces`
 * {square: kind}; `head`: T.positionStart, T.positionOrigin or T.positionAfter(n, notation);
 * `status`: who moves or the result (a sentence without its full stop); `names`: board-data
 * `names` ({pieces: {kind: [singular, plural]}}), whose plurals name the lists. Squares by
 * file, then rank (a1, a2, …, b1).
 */
export function positionText(T, title, pieces, head, status, names = null) {
  const given = names && typeof names === "object" && names.pieces && typeof names.pieces === "object" ? names.pieces : {};
  const plural = (kind) => {
    const n = given[kind];
    if (Array.isArray(n) && typeof n[1] === "string" && n[1]) return n[1];
    if (kind === "attacker") return T.side.attackers;
    if (kind === "defender") return T.side.defenders;
    return T.piece[kind] || kind;
  };
  const byKind = {};
  for (const [sq, kind] of Object.entries(pieces || {})) (byKind[kind] = byKind[kind] || []).push(sq);
  const rank = (sq) => Number(sq.slice(1));
  const parts = [`${title}: ${head}`];
  if (status) parts.push(status);
  for (const kind of DESCRIBE_ORDER) {
    const squares = (byKind[kind] || []).sort((a, b) => (a[0] === b[0] ? rank(a) - rank(b) : a < b ? -1 : 1));
    if (!squares.length) continue;
    const name = kind === "king" && squares.length === 1 ? (given.king && given.king[0]) || T.piece.king : plural(kind);
    parts.push(kind === "king" && squares.length === 1 ? `${name}: ${squares[0]}` : `${name} (${squares.length}): ${squares.join(", ")}`);
  }
  return parts.map(sentence).join(" ");
}
