"""Words the generated site pages use, in German and English.

Everything a generated page says that does not come from a variant source lives here: the
interface strings (:data:`UI`), the names of rule keys (:data:`RULE_NAMES`), of rule values
(:data:`VALUE_NAMES`), of piece kinds (:data:`PIECE_NAMES`) and of capture reasons
(:data:`CAPTURE_REASON_NAMES`). Keys of :data:`RULE_NAMES` follow the rule table in README.md
and the rule keys of notes/CONTRACTS.md ("Special pieces, jumps and berserk turns").
"""

from __future__ import annotations

LANGS = ("de", "en")

#: Interface strings, ``UI[lang][key]``.
UI: dict[str, dict[str, str]] = {
    "de": {
        "play": "Spielen",
        "all_variants": "Alle Varianten",
        "comparison": "Regelvergleich",
        "start_position": "Startaufstellung",
        "king": "König",
        "defender": "Verteidiger",
        "attacker": "Angreifer",
        "kings": "König",
        "defenders": "Verteidiger",
        "attackers": "Angreifer",
        "commander": "Kommandant",
        "commanders": "Kommandanten",
        "knight": "Ritter",
        "knights": "Ritter",
        "throne": "Thron",
        "corner": "Eckfeld",
        "corners": "Eckfelder",
        "camp": "Lagerfeld",
        "camps": "Lagerfelder",
        "marked": "markiertes Feld",
        "on": "auf",
        "empty_board": "keine Figuren",
        "diagram_caption": "{title}: Startaufstellung auf {size}×{size} Feldern.",
        "legend": "Legende",
        "assumptions_title": "Annahmen des Bretts",
        "assumptions_intro": "Diese Regeln lässt die Quelle offen. Das Brett spielt sie wie folgt; wo es eine Alternative gibt, kann man sie am Brett umschalten.",
        "assumption_alternative": "Alternative",
        "cite_title": "Diese Seite zitieren",
        "cite_plain": "Text",
        "cite_accessed": "abgerufen am",
        "cite_bibtex_note": "Regelbeschreibung",
        "stub_lead": "Diese Variante ist im Tafl-Kompendium noch nicht dokumentiert.",
        "stub_body": "Andere Seiten verweisen bereits auf sie; eine eigene Regelseite mit Quellen folgt. Bis dahin finden sich die dokumentierten Varianten in der Übersicht.",
        "stub_marker": "noch nicht dokumentiert",
        "index_title": "Alle Varianten",
        "index_lead": "Alle dokumentierten Tafl-Varianten mit ihren Kernregeln. Mit JavaScript lässt sich die Tabelle sortieren (Klick auf eine Spaltenüberschrift) und filtern.",
        "index_stubs": "Noch nicht dokumentiert",
        "col_variant": "Variante",
        "col_board": "Brett",
        "col_escape": "Fluchtziel",
        "col_king_capture": "Königsfang",
        "col_king_armed": "König bewaffnet",
        "col_first_mover": "Erster Zug",
        "col_historicity": "Historizität",
        "assumed_mark": "angenommen",
        "assumed_legend": "Mit * markierte Werte sind Annahmen: die Quelle sagt es nicht; das Brett spielt diesen Wert (Begründung auf der Variantenseite).",
        "comparison_title": "Regelvergleich",
        "comparison_lead": "Alle Regelsätze nebeneinander, erzeugt aus den `rules.toml`-Dateien der Varianten.",
        "comparison_rule": "Regel",
        "not_applicable": "–",
        "none": "niemand",
        "no_squares": "keine",
        "section": "Abschnitt",
        "filter_all": "alle",
        "no_board_cell": "—",
        "no_board_body": "Deshalb zeigt diese Seite weder eine Startaufstellung noch ein spielbares Brett; was über die Regeln bekannt ist, steht im Text.",
        "no_board_legend": "„—“: Variante ohne eigenes Brett – meist, weil keine Quelle ihre Regeln oder ihre Startaufstellung vollständig angibt; warum, und was bekannt ist, steht auf ihrer Seite.",
        "comparison_text_only": "Nicht in der Tabelle stehen die Varianten ohne eigenes Brett: Meist gibt keine Quelle ihre Regeln oder Startaufstellung vollständig an, sodass es keinen eigenen Regelsatz zum Vergleichen gibt. Der Grund steht jeweils dabei:",
    },
    "en": {
        "play": "Play",
        "all_variants": "All variants",
        "comparison": "Rules comparison",
        "start_position": "Starting position",
        "king": "King",
        "defender": "Defender",
        "attacker": "Attacker",
        "kings": "King",
        "defenders": "Defenders",
        "attackers": "Attackers",
        "commander": "Commander",
        "commanders": "Commanders",
        "knight": "Knight",
        "knights": "Knights",
        "throne": "Throne",
        "corner": "Corner square",
        "corners": "Corner squares",
        "camp": "Camp square",
        "camps": "Camp squares",
        "marked": "marked square",
        "on": "on",
        "empty_board": "no pieces",
        "diagram_caption": "{title}: starting position on {size}×{size} squares.",
        "legend": "Legend",
        "assumptions_title": "Assumptions of the board",
        "assumptions_intro": "The source leaves these rules open. The board plays them as follows; where there is an alternative, it can be switched on the board.",
        "assumption_alternative": "Alternative",
        "cite_title": "Cite this page",
        "cite_plain": "Text",
        "cite_accessed": "accessed",
        "cite_bibtex_note": "Rules description",
        "stub_lead": "This variant is not yet documented in the Tafl-Kompendium.",
        "stub_body": "Other pages already refer to it; a rules page of its own, with sources, will follow. Until then, the documented variants are listed in the overview.",
        "stub_marker": "not yet documented",
        "index_title": "All variants",
        "index_lead": "Every documented tafl variant with its core rules. With JavaScript the table can be sorted (click a column heading) and filtered.",
        "index_stubs": "Not yet documented",
        "col_variant": "Variant",
        "col_board": "Board",
        "col_escape": "Escape",
        "col_king_capture": "King capture",
        "col_king_armed": "King armed",
        "col_first_mover": "First move",
        "col_historicity": "Historicity",
        "assumed_mark": "assumed",
        "assumed_legend": "Values marked * are assumptions: the source does not say; the board plays this value (reasons on the variant page).",
        "comparison_title": "Rules comparison",
        "comparison_lead": "Every ruleset side by side, generated from the variants' `rules.toml` files.",
        "comparison_rule": "Rule",
        "not_applicable": "–",
        "none": "nobody",
        "no_squares": "none",
        "section": "Section",
        "filter_all": "all",
        "no_board_cell": "—",
        "no_board_body": "This page therefore shows neither a starting position nor a playable board; what is known about the rules is in the text.",
        "no_board_legend": "“—”: a variant without a board of its own – mostly because no source gives its rules or starting position in full; its page says why and what is known.",
        "comparison_text_only": "Not in the table are the variants without a board of their own: mostly no source gives their rules or starting position in full, so there is no ruleset of their own to compare. The reason is given with each:",
    },
}

#: Names of the rule keys (README.md, rule table), ``RULE_NAMES[lang][key]``; dict order is the
#: order of the comparison page.
RULE_NAMES: dict[str, dict[str, str]] = {
    "de": {
        "first_mover": "Erster Zug",
        "escape": "Fluchtziel",
        "king_armed": "König bewaffnet",
        "king_capture": "Königsfang",
        "throne": "Thron",
        "throne_stop": "Thron: darf stehen",
        "throne_pass": "Thron: darf überqueren (leer)",
        "throne_reenter": "Thron: darf zurückkehren",
        "throne_hostile": "Thron: feindlich für",
        "throne_hostile_empty": "Thron: leer feindlich für",
        "corners": "Eckfelder",
        "corner_stop": "Ecken: darf stehen",
        "corner_pass": "Ecken: darf überqueren",
        "corner_reenter": "Ecken: darf zurückkehren",
        "corner_hostile": "Ecken: feindlich für",
        "corner_hostile_empty": "Ecken: leer feindlich für",
        "camps": "Lagerfelder",
        "camp_stop": "Lager: darf stehen",
        "camp_pass": "Lager: darf überqueren",
        "camp_reenter": "Lager: darf zurückkehren",
        "camp_hostile": "Lager: feindlich für",
        "camp_hostile_empty": "Lager: leer feindlich für",
        "shieldwall": "Schildwall",
        "shieldwall_flank": "Schildwall nur mit Flankenzug",
        "edge_fort": "Randfestung gewinnt",
        "encirclement": "Umzingelung gewinnt",
        "repetition": "Zugwiederholung",
        "repetition_count": "Wiederholung zählt",
        "no_moves": "Kein Zug möglich",
        "king_jump": "König springt",
        "commander_jump": "Kommandanten springen",
        "commander_king_capture": "Kommandanten fangen den König",
        "knight_jump": "Ritter springt",
        "berserk": "Berserkerzug",
        "berserk_compulsory": "Berserkerzug ist Pflicht",
        "one_step": "Ziehen nur ein Feld weit",
        "custodial": "Schlagen zwischen zwei Feinden",
    },
    "en": {
        "first_mover": "First move",
        "escape": "Escape",
        "king_armed": "King armed",
        "king_capture": "King capture",
        "throne": "Throne",
        "throne_stop": "Throne: may stop",
        "throne_pass": "Throne: may pass (empty)",
        "throne_reenter": "Throne: may re-enter",
        "throne_hostile": "Throne: hostile to",
        "throne_hostile_empty": "Throne: hostile when empty to",
        "corners": "Corner squares",
        "corner_stop": "Corners: may stop",
        "corner_pass": "Corners: may pass",
        "corner_reenter": "Corners: may re-enter",
        "corner_hostile": "Corners: hostile to",
        "corner_hostile_empty": "Corners: hostile when empty to",
        "camps": "Camp squares",
        "camp_stop": "Camps: may stop",
        "camp_pass": "Camps: may pass",
        "camp_reenter": "Camps: may re-enter",
        "camp_hostile": "Camps: hostile to",
        "camp_hostile_empty": "Camps: hostile when empty to",
        "shieldwall": "Shieldwall",
        "shieldwall_flank": "Shieldwall needs a flanking move",
        "edge_fort": "Exit fort wins",
        "encirclement": "Encirclement wins",
        "repetition": "Repetition",
        "repetition_count": "Repetition counts",
        "no_moves": "No legal move",
        "king_jump": "King jumps",
        "commander_jump": "Commanders jump",
        "commander_king_capture": "Commanders capture the king",
        "knight_jump": "Knight jumps",
        "berserk": "Berserk move",
        "berserk_compulsory": "Berserk move compulsory",
        "one_step": "Move one square only",
        "custodial": "Custodial capture (between two enemies)",
    },
}

#: Names of rule values, ``VALUE_NAMES[lang][key][value]``; ``"*"`` applies to every key.
VALUE_NAMES: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        "*": {"True": "ja", "False": "nein", "attacker": "Angreifer", "defender": "Verteidiger",
              "king": "König", "attackers": "Angreifer", "defenders": "Verteidiger"},
        "escape": {"corners": "Eckfeld", "edge": "Rand"},
        "king_armed": {"yes": "ja", "no": "nein", "anvil": "nur als Amboss", "hammer": "nur als Hammer"},
        "king_capture": {"custodial": "von 2 Seiten", "four_sides": "von 4 Seiten",
                         "four_attackers": "von 4 Angreifern (Thron zählt nicht)",
                         "throne_graded": "4 auf dem Thron, 3 daneben, sonst 2",
                         "surrounded_edge": "alle Nachbarn (Rand zählt mit)"},
        "corners": {"none": "keine", "single": "je ein Eckfeld", "2x2": "je 2×2 Felder"},
        "shieldwall": {"off": "nein", "on": "ja", "corner": "ja, Ecke schließt mit"},
        "repetition": {"ignored": "ohne Folge", "draw": "Remis", "loss_repeater": "Niederlage des Wiederholenden",
                       "loss_defenders": "Niederlage der Verteidiger"},
        "repetition_count": {"2": "ab der ersten Wiederholung", "3": "ab dem dritten Auftreten",
                             "4": "ab dem vierten Auftreten"},
        "no_moves": {"loss": "Niederlage", "draw": "Remis", "none": "kein Ergebnis"},
        "king_jump": {"none": "nein", "restricted": "nur von oder auf Thron oder Eckfeld", "free": "ja, überall"},
        "commander_jump": {"none": "nein", "jump": "ja, ohne zu schlagen",
                           "capture": "ja, die übersprungene Figur wird geschlagen"},
        "commander_king_capture": {"none": "nein",
                                   "custodial": "von 2 Seiten (ein Kommandant gegen einen zweiten oder ein leeres, dem "
                                                "König feindliches Eckfeld), nicht auf dem Thron und nicht gegen ihn"},
        "knight_jump": {"none": "nein", "jump": "ja, ohne zu schlagen",
                        "capture": "ja, die übersprungene Figur wird geschlagen"},
        "berserk": {"off": "nein", "capture": "nach einem Schlag, solange dieselbe Figur schlagen kann",
                    "capture_or_escape": "nach einem Schlag, solange dieselbe Figur schlagen oder (als König) fliehen kann"},
        "historicity": {"board_attested": "Brett belegt", "rules_reconstructed": "Regeln rekonstruiert",
                        "modern": "modern"},
    },
    "en": {
        "*": {"True": "yes", "False": "no", "attacker": "attacker", "defender": "defender",
              "king": "king", "attackers": "attackers", "defenders": "defenders"},
        "escape": {"corners": "corner", "edge": "edge"},
        "king_armed": {"yes": "yes", "no": "no", "anvil": "anvil only", "hammer": "hammer only"},
        "king_capture": {"custodial": "2 sides", "four_sides": "4 sides",
                         "four_attackers": "4 attackers (the throne does not count)",
                         "throne_graded": "4 on the throne, 3 beside it, else 2",
                         "surrounded_edge": "all neighbours (edge counts)"},
        "corners": {"none": "none", "single": "one square each", "2x2": "2×2 squares each"},
        "shieldwall": {"off": "no", "on": "yes", "corner": "yes, corner may close"},
        "repetition": {"ignored": "no effect", "draw": "draw", "loss_repeater": "repeating side loses",
                       "loss_defenders": "defenders lose"},
        "repetition_count": {"2": "from the first repeat", "3": "from the third occurrence",
                             "4": "from the fourth occurrence"},
        "no_moves": {"loss": "loss", "draw": "draw", "none": "no result"},
        "king_jump": {"none": "no", "restricted": "only from or onto the throne or a corner square", "free": "yes, anywhere"},
        "commander_jump": {"none": "no", "jump": "yes, without capturing", "capture": "yes, the jumped piece is captured"},
        "commander_king_capture": {"none": "no",
                                   "custodial": "from 2 sides (a commander against another or an empty corner hostile "
                                                "to the king), not on or against the throne"},
        "knight_jump": {"none": "no", "jump": "yes, without capturing", "capture": "yes, the jumped piece is captured"},
        "berserk": {"off": "no", "capture": "after a capture, while the same piece can capture",
                    "capture_or_escape": "after a capture, while the same piece can capture or (the king) escape"},
        "historicity": {"board_attested": "board attested", "rules_reconstructed": "rules reconstructed",
                        "modern": "modern"},
    },
}

#: Names of the piece kinds (tafl_core.position: attacker, defender, king and, in Berserk
#: Hnefatafl, the attackers' commanders and the defenders' knight), ``PIECE_NAMES[lang][kind]``
#: = (singular, plural); the same words as ``UI[lang][kind]`` / ``UI[lang][kind + "s"]``.
PIECE_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    lang: {kind: (UI[lang][kind], UI[lang][kind + "s"])
           for kind in ("king", "defender", "attacker", "commander", "knight")}
    for lang in LANGS
}

#: Why a piece was taken, ``CAPTURE_REASON_NAMES[lang][reason]``, for the capture reasons of
#: tafl_core.bridge (notes/CONTRACTS.md: "Capture reasons", and "Special pieces, jumps and
#: berserk turns" for ``jump`` and ``king_commanders``).
CAPTURE_REASON_NAMES: dict[str, dict[str, str]] = {
    "de": {
        "custodial": "von zwei Seiten eingeschlossen",
        "hostile_throne": "gegen den feindlichen Thron eingeschlossen",
        "hostile_corner": "gegen ein feindliches Eckfeld eingeschlossen",
        "hostile_camp": "gegen ein feindliches Lagerfeld eingeschlossen",
        "edge": "König am Brettrand eingeschlossen",
        "king_custodial": "König von zwei Seiten eingeschlossen",
        "king_surrounded": "König umzingelt",
        "shieldwall": "im Schildwall geschlagen",
        "jump": "übersprungen und geschlagen",
        "king_commanders": "König von einem Kommandanten gefangen",
    },
    "en": {
        "custodial": "enclosed from two sides",
        "hostile_throne": "enclosed against the hostile throne",
        "hostile_corner": "enclosed against a hostile corner square",
        "hostile_camp": "enclosed against a hostile camp square",
        "edge": "king enclosed against the board edge",
        "king_custodial": "king enclosed from two sides",
        "king_surrounded": "king surrounded",
        "shieldwall": "taken in a shieldwall",
        "jump": "jumped over and taken",
        "king_commanders": "king captured by a commander",
    },
}


def ui(lang: str, key: str) -> str:
    """The interface string ``key`` in ``lang`` ("de" | "en"); raises KeyError if unknown."""
    return UI[lang][key]


def rule_name(lang: str, key: str) -> str:
    """The name of rule ``key`` in ``lang``; the key itself when it has no name yet."""
    return RULE_NAMES[lang].get(key, key)


def name_colon(name: str) -> str:
    """What follows a rule's name before its value: ``":"``, or nothing when the name already
    holds a colon (``"Thron: feindlich für"``, a sub-rule of a square kind), so that no phrase
    has two colons. The board (board.js ``nameColon``) does the same."""
    return "" if ":" in name else ":"


def rule_and_value(name: str, value: str) -> str:
    """A rule's name and its value in one phrase: ``"Thron: nein"``, ``"Thron: feindlich für
    Angreifer"`` (:func:`name_colon`)."""
    return f"{name}{name_colon(name)} {value}"


#: Rule keys whose list values are squares, not piece kinds (README.md, rule table: ``camps``,
#: and ``corners`` when given as a list of squares): an empty one reads "keine"/"none" (no
#: squares), where an empty kind list reads "niemand"/"nobody" (no piece kind).
SQUARE_LIST_KEYS = frozenset({"camps", "corners"})


def value_name(lang: str, key: str, value) -> str:
    """A rule value in words: lists joined with ", " (an empty list of kinds: "niemand"/"nobody";
    of squares, :data:`SQUARE_LIST_KEYS`: "keine"/"none"), booleans as yes/no, known enum values
    by name, anything else (square names, numbers) as written."""
    if isinstance(value, (list, tuple)):
        if not value:
            return UI[lang]["no_squares" if key in SQUARE_LIST_KEYS else "none"]
        return ", ".join(value_name(lang, key, v) for v in value)
    text = str(value)
    names = VALUE_NAMES[lang]
    if key in names and text in names[key]:
        return names[key][text]
    return names["*"].get(text, text)
