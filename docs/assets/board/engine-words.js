// Tafl-Kompendium board: the engine's English refusals in German, by pattern (to be replaced by
// the bridge's reason codes and board-data `reasons`: notes-lead reasons contract).

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
export function moveReason(error, move) {
  let text = String(error || "").replace(/^move \d+: /, "");
  if (move && text.startsWith(move + ": ")) text = text.slice(move.length + 2);
  return text;
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
