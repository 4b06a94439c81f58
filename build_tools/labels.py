"""Words the generated site pages use, in German and English.

Everything a generated page says that does not come from a variant source lives here: the
interface strings (:data:`UI`), the names of rule keys (:data:`RULE_NAMES`), of rule values
(:data:`VALUE_NAMES`), of piece kinds (:data:`PIECE_NAMES`) and of capture reasons
(:data:`CAPTURE_REASON_NAMES`), and the engine's refusals (:data:`REASON_TEMPLATES`,
:data:`REASON_FORMS`, :func:`reason_words`). Keys of :data:`RULE_NAMES` follow the rule table in README.md
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
        # the board's boot script on a file:// page (the same words as words.js fileProtocol)
        "board_file_protocol": "Das Spielbrett braucht die Seite über HTTP, nicht als Datei (file://): den Ordner über HTTP ausliefern, z. B. mit `make serve`.",
        "legend": "Legende",
        "assumptions_title": "Annahmen des Bretts",
        "assumptions_intro": "Diese Regeln lässt die Quelle offen. Das Brett spielt sie wie folgt; wo es eine Alternative gibt, kann man sie am Brett umschalten.",
        # the same on the printed rule sheet (paper has no board to switch on)
        "assumptions_title_print": "Annahmen",
        "assumptions_intro_print": "Diese Regeln lässt die Quelle offen. Das Regelblatt nennt die Lesart, nach der das Brett des Tafl-Kompendiums spielt, und in Klammern die Alternative.",
        "assumption_alternative": "Alternative",
        "cite_title": "Diese Seite zitieren",
        "cite_plain": "Text",
        "cite_accessed": "abgerufen am",
        "cite_bibtex_note": "Regelbeschreibung",
        "cite_no_date": "[Datum des Abrufs]",
        "cite_copy": "Kopieren",
        "cite_copied": "Kopiert",
        "cite_copy_plain": "Zitat als Text kopieren",
        "cite_copy_bibtex": "BibTeX kopieren",
        "cite_retrieved": "Abgerufen am {date}, von {url}",
        "cite_no_year": "o. J.",
        "glossary_title": "Glossar",
        "glossary_lead": "Die Begriffe, die das Tafl-Kompendium verwendet, mit ihrer Bedeutung. Jede Seite benutzt den bevorzugten Begriff; die daneben genannten Synonyme vermeidet sie (außer in Zitaten und Originaltexten).",
        "glossary_term": "Begriff",
        "glossary_other": "Englisch",
        "glossary_avoid": "Nicht verwendet",
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
        "hex_board_note": "Das spielbare Brett dieser Website zieht noch nicht auf Sechseckfeldern; die Regel-Engine (tafl_core) spielt diese Variante, das Bild zeigt die Startaufstellung.",
        "hex_board_size": "{side}×{side} (Sechseck)",
        "hex_diagram_caption": "{title}: Startaufstellung auf dem Sechseckbrett mit {side} Feldern je Seite.",
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
        # the board's boot script on a file:// page (the same words as words.js fileProtocol)
        "board_file_protocol": "The board needs the page over HTTP, not as a file (file://): serve the folder over HTTP, e.g. `make serve`.",
        "legend": "Legend",
        "assumptions_title": "Assumptions of the board",
        "assumptions_intro": "The source leaves these rules open. The board plays them as follows; where there is an alternative, it can be switched on the board.",
        "assumptions_title_print": "Assumptions",
        "assumptions_intro_print": "The source leaves these rules open. This sheet gives the reading the Tafl-Kompendium's board plays and, in brackets, the alternative.",
        "assumption_alternative": "Alternative",
        "cite_title": "Cite this page",
        "cite_plain": "Text",
        "cite_accessed": "accessed",
        "cite_bibtex_note": "Rules description",
        "cite_no_date": "[date accessed]",
        "cite_copy": "Copy",
        "cite_copied": "Copied",
        "cite_copy_plain": "Copy the citation as text",
        "cite_copy_bibtex": "Copy BibTeX",
        "cite_retrieved": "Retrieved {date}, from {url}",
        "cite_no_year": "n.d.",
        "glossary_title": "Glossary",
        "glossary_lead": "The terms the Tafl-Kompendium uses, with their meaning. Every page uses the preferred term; it avoids the synonyms named beside it (except in quotations and original texts).",
        "glossary_term": "Term",
        "glossary_other": "German",
        "glossary_avoid": "Not used",
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
        "hex_board_note": "The site's playable board does not yet move on hex cells; the rules engine (tafl_core) plays this variant, and the picture shows the starting position.",
        "hex_board_size": "{side}×{side} (hex)",
        "hex_diagram_caption": "{title}: starting position on the hex board with {side} cells per side.",
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
        "exit_fort": "Randfestung gewinnt",
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
        "geometry": "Brettform",
        "corner_capture": "Schlagen auf dem Eckfeld",
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
        "exit_fort": "Exit fort wins",
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
        "geometry": "Board shape",
        "corner_capture": "Capture on a corner",
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
                         "surrounded_edge": "alle Nachbarn (Rand zählt mit)",
                         "throne_four": "4 Angreifer auf dem Thron, sonst 2",
                         "throne_alternate": "auf dem Thron jedes zweite Nachbarfeld, sonst 2"},
        "geometry": {"square": "Quadrate", "hex": "Sechsecke"},
        "corner_capture": {"ordinary": "wie sonst", "edge_neighbours": "durch die beiden Nachbarn am Rand"},
        "corners": {"none": "keine", "single": "je ein Eckfeld", "2x2": "je 2×2 Felder"},
        "shieldwall": {"off": "nein", "on": "ja", "corner": "ja, Ecke schließt mit"},
        "repetition": {"ignored": "ohne Folge", "draw": "Remis", "loss_repeater": "Niederlage des Wiederholenden",
                       "loss_defenders": "Niederlage der Verteidiger",
                       "forbidden_defenders": "den Verteidigern verboten (der Zug ist nicht erlaubt)"},
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
                         "surrounded_edge": "all neighbours (edge counts)",
                         "throne_four": "4 attackers on the throne, else 2",
                         "throne_alternate": "every second neighbour on the throne, else 2"},
        "geometry": {"square": "squares", "hex": "hexagons"},
        "corner_capture": {"ordinary": "as elsewhere", "edge_neighbours": "by its two neighbours along the edge"},
        "corners": {"none": "none", "single": "one square each", "2x2": "2×2 squares each"},
        "shieldwall": {"off": "no", "on": "yes", "corner": "yes, corner may close"},
        "repetition": {"ignored": "no effect", "draw": "draw", "loss_repeater": "repeating side loses",
                       "loss_defenders": "defenders lose",
                       "forbidden_defenders": "forbidden to the defenders (the move is not legal)"},
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
        "king_custodial": "king enclosed from two sides",
        "king_surrounded": "king surrounded",
        "shieldwall": "taken in a shieldwall",
        "jump": "jumped over and taken",
        "king_commanders": "king captured by a commander",
    },
}


#: Refusals of the engine (tafl_core.reasons.Reason: moves, positions, rules texts), worded for
#: the board: ``REASON_TEMPLATES[lang][code]``. ``{name}`` is the refusal's parameter as given,
#: ``{name|form}`` the word :data:`REASON_FORMS` gives for its value (notes/CONTRACTS.md,
#: "Reasons"). Every code has a template in both languages (tests/build_tools/test_reason_words.py).
REASON_TEMPLATES: dict[str, dict[str, str]] = {
    "de": {
        "game_over": "die Partie ist beendet",
        "malformed_move": "unlesbarer Zug",
        "not_a_move": "„{text}“ ist kein Zug (erwartet etwa e1-e5)",
        "no_piece": "auf {square} steht keine Figur",
        "move_nowhere": "ein Zug muss auf ein anderes Feld führen",
        "not_your_piece": "die Figur auf {square} gehört {owner|dat}, am Zug sind {to_move|nom}",
        "not_along_line": "{from}-{to} führt nicht entlang einer Reihe oder Linie",
        "occupied": "{square} ist besetzt",
        "blocked": "der Weg von {from} nach {to} ist auf {square} versperrt",
        "may_not_pass": "{piece|nom} darf nicht über {special|acc} {square} ziehen",
        "may_not_stop": "{piece|nom} darf nicht auf {special|dat} {square} stehen bleiben",
        "one_step": "{piece|nom} zieht nur ein Feld weit",
        "jump_over_own": "ein Sprung geht über eine feindliche Figur, nicht über {over|acc}",
        "jump_over_special": "ein Sprung geht nur über einen gewöhnlichen feindlichen Stein, nicht über {over|acc}",
        "king_jump_restricted": "der König springt nur von einem oder auf ein besonderes Feld (Thron oder Eckfeld)",
        "king_may_not_land": "der König darf nicht auf {square} stehen bleiben",
        "berserk_must_capture": "{from}-{to} schlägt nichts; ein Berserkerzug muss schlagen",
        "repetition_forbidden": "{from}-{to} brächte eine frühere Stellung zurück, und das dürfen {to_move|nom} nicht",
        "berserk_other_piece": "in diesem Berserkerzug darf nur die Figur auf {square} weiterziehen (oder der Zug endet)",
        "berserk_must_go_on": "der Berserkerzug muss weitergehen: die Figur auf {square} kann noch schlagen",
        "no_berserk_turn": "es gibt keinen Berserkerzug zu beenden",
        "too_many_moves": "höchstens {max} Züge",
        "not_a_square": "„{text}“ ist kein Feld (erwartet ein Buchstabe und eine Zahl, etwa e5)",
        "square_off_board": "das Feld {square} liegt nicht auf dem {size}×{size}-Brett",
        "cell_off_hex_board": "das Feld {square} liegt nicht auf dem Sechseckbrett mit der Seitenlänge {side}",
        "no_king": "die Stellung hat keinen König",
        "kings": "die Stellung hat {count} Könige ({squares}); erlaubt ist genau einer",
        "may_not_stand": "{piece|nom} darf nicht auf {square} stehen ({special|name})",
        "no_rules_for_kind": "diese Regeln kennen keine {piece|pl} ({square}): nur eine Aufstellung mit {piece|dat_pl} hat Regeln für sie",
        "row_length": "Reihe {row} hat {count} Felder statt {size}",
        "empty_run": "Reihe {row}: eine Lücke von 0 Feldern",
        "leading_zero": "Reihe {row}: die Zahl {run} beginnt mit einer Null",
        "unknown_character": "unbekanntes Zeichen „{char}“ in der Stellung",
        "attacking_knight": "ein angreifender Ritter („n“) ist nicht vorgesehen: der Ritter gehört zu den Verteidigern",
        "defending_commander": "ein verteidigender Kommandant („C“) ist nicht vorgesehen: Kommandanten gehören zu den Angreifern",
        "record_format": "eine Stellung hat die Form /Reihe/Reihe/…/ (die erste ist Reihe 1)",
        "record_too_long": "die Stellung ist zu lang ({length} Zeichen)",
        "row_count": "die Stellung hat {rows} Reihen; ein Brett ist {min} bis {max} Felder breit",
        "king_on_escape": "der König steht schon auf einem Fluchtfeld ({square})",
        "size_mismatch": "die Stellung hat {size}×{size} Felder, dieses Brett {board}×{board}",
        "bad_side": "am Zug müssen die Angreifer oder die Verteidiger sein",
        "not_a_record": "die Stellung muss ein OpenTafl-Stellungscode sein",
        "diagram": "das Diagramm ist fehlerhaft: {detail}",
        "rules_not_text": "die Regeln müssen der Text einer rules.toml sein",
        "rules_invalid": "die Regeldatei ist fehlerhaft: {detail}",
        "overrides_not_a_table": "die umgeschalteten Regeln müssen Regelnamen Werte zuordnen",
        "game_record_too_long": "die Partienotation ist länger als {max} Zeichen",
        "game_record_empty": "die Partienotation enthält keine Züge",
        "game_record_line_too_long": "Zeile {line} ist länger als {max} Zeichen",
        "game_record_tag": "Zeile {line}: „{text}“ ist keine Angabe wie [date:2024.01.31]",
        "game_record_turn": "Zeile {line}: „{text}“ sollte mit der Zugnummer {expected}. beginnen",
        "game_record_move": "Zeile {line}: „{text}“ ist kein Zug",
        "game_record_illegal": "Zeile {line}: der Zug {move} ist hier nicht erlaubt",
        "game_record_captures": "Zeile {line}: der Zug {move} schlägt {found}, die Notation sagt {listed}",
        "game_record_board": "Zeile {line}: die Notation gilt für ein Brett mit {size}×{size} Feldern, dieses hat {board}×{board}",
        "game_record_position": "Zeile {line}: die Ausgangsstellung ist nach diesen Regeln nicht spielbar",
        "game_record_result": "Zeile {line}: das Ergebnis muss 1, 0, -1 oder ? sein",
        "game_record_variant": "Zeile {line}: die Notation ist eine Partie {variant}, dieses Brett spielt {board}",
        "game_record_too_many_moves": "die Partienotation enthält mehr als {max} Züge",
        "game_record_result_moves": "Zeile {line}: das Ergebnis {tag} passt nicht dazu, wie die Züge die Partie beenden",
        "game_record_comment": "Zeile {line}: der hier beginnende Kommentar endet nicht mit ] oder ist länger als {max} Zeichen",
        "game_record_too_many_comments": "die Partienotation enthält mehr als {max} Kommentare",
        "game_record_rules": "Zeile {line}: der Zug {move} ist hier nicht erlaubt; die Partie wurde nach anderen Regeln gespielt, anders ist: {rule|rule}",
        "bad_ply": "der Halbzug muss eine ganze Zahl von 0 bis {max} sein",
        "bad_limit": "{name} muss eine Zahl von {min} bis {max} sein",
        "unknown_level": "unbekannte Spielstärke „{level}“ (eine von {levels})",
        "no_search": "keine Suche im Gange",
        "not_a_move_list": "die Züge müssen eine Liste von Zugtexten sein",
        "missing_argument": "dem Befehl fehlt die Angabe {name}",
    },
    "en": {
        "game_over": "the game is over",
        "malformed_move": "malformed move",
        "not_a_move": "'{text}' is not a move (expected e.g. e1-e5)",
        "no_piece": "there is no piece on {square}",
        "move_nowhere": "a move must go somewhere",
        "not_your_piece": "the piece on {square} belongs to the {owner}, but the {to_move} are to move",
        "not_along_line": "{from}-{to} is not along a rank or file",
        "occupied": "{square} is occupied",
        "blocked": "the way from {from} to {to} is blocked at {square}",
        "may_not_pass": "{piece|a} may not pass {special|the} on {square}",
        "may_not_stop": "{piece|a} may not stop on {special|the} {square}",
        "one_step": "{piece|a} moves only one square at a time",
        "jump_over_own": "a jump goes over an enemy piece, not over {over|a}",
        "jump_over_special": "a jump may only go over an ordinary enemy piece, not over {over|a}",
        "king_jump_restricted": "the king may jump only from or to a restricted square (throne or corner)",
        "king_may_not_land": "the king may not stop on {square}",
        "berserk_must_capture": "{from}-{to} captures nothing; a berserk move must capture",
        "repetition_forbidden": "{from}-{to} would bring back an earlier position, which the {to_move} may not do",
        "berserk_other_piece": "in this berserk turn only the piece on {square} may move again (or end the turn)",
        "berserk_must_go_on": "the berserk turn must go on: the piece on {square} can still capture",
        "no_berserk_turn": "there is no berserk turn to end",
        "too_many_moves": "at most {max} moves",
        "not_a_square": "'{text}' is not a square (expected a file letter and a rank, like e5)",
        "square_off_board": "square {square} is off the {size}×{size} board",
        "cell_off_hex_board": "cell {square} is off the hexagonal board of side {side}",
        "no_king": "the position has no king",
        "kings": "the position has {count} kings ({squares}); exactly one is allowed",
        "may_not_stand": "{piece|a} may not stand on {square} ({special|a})",
        "no_rules_for_kind": "these rules have no {piece|pl} ({square}): only a layout with {piece|a} has rules for them",
        "row_length": "row {row} has {count} squares, expected {size}",
        "empty_run": "row {row}: empty run of 0 squares",
        "leading_zero": "row {row}: the run {run} has a leading zero",
        "unknown_character": "unknown character '{char}' in the position",
        "attacking_knight": "an attacking knight ('n') is not supported: the knight belongs to the defenders",
        "defending_commander": "a defending commander ('C') is not supported: commanders belong to the attackers",
        "record_format": "a position record looks like /row/row/.../ (the first row is rank 1)",
        "record_too_long": "the position record is too long ({length} characters)",
        "row_count": "the position record has {rows} rows; boards are {min} to {max} squares wide",
        "king_on_escape": "the king already stands on an escape square ({square})",
        "size_mismatch": "the position is {size}×{size}, but this board is {board}×{board}",
        "bad_side": "the side to move must be the attackers or the defenders",
        "not_a_record": "the position must be an OpenTafl position record",
        "diagram": "the diagram is malformed: {detail}",
        "rules_not_text": "the rules must be the text of a rules.toml",
        "rules_invalid": "the rules file is malformed: {detail}",
        "overrides_not_a_table": "the rules switched must map rule keys to values",
        "game_record_too_long": "the game record is longer than {max} characters",
        "game_record_empty": "the game record holds no moves",
        "game_record_line_too_long": "line {line} is longer than {max} characters",
        "game_record_tag": "line {line}: '{text}' is not a tag such as [date:2024.01.31]",
        "game_record_turn": "line {line}: '{text}' should begin with the turn number {expected}.",
        "game_record_move": "line {line}: '{text}' is not a move",
        "game_record_illegal": "line {line}: the move {move} is not legal here",
        "game_record_captures": "line {line}: the move {move} captures {found}, the record says {listed}",
        "game_record_board": "line {line}: the record is for a {size}×{size} board, this board is {board}×{board}",
        "game_record_position": "line {line}: the starting position cannot be played under these rules",
        "game_record_result": "line {line}: the result must be 1, 0, -1 or ?",
        "game_record_variant": "line {line}: the record is a game of {variant}, this board plays {board}",
        "game_record_too_many_moves": "the game record holds more than {max} moves",
        "game_record_result_moves": "line {line}: the result tag says {tag}, but the moves end the game otherwise",
        "game_record_comment": "line {line}: the comment that begins here is not closed by ] or is longer than {max} characters",
        "game_record_too_many_comments": "the game record holds more than {max} comments",
        "game_record_rules": "line {line}: the move {move} is not legal here; the record was played under other rules, and this one differs: {rule|rule}",
        "bad_ply": "ply must be a whole number from 0 to {max}",
        "bad_limit": "{name} must be a number from {min} to {max}",
        "unknown_level": "unknown level '{level}' (one of {levels})",
        "no_search": "no search under way",
        "not_a_move_list": "the moves must be a list of move texts",
        "missing_argument": "the command needs the argument {name}",
    },
}

#: Words for parameter values in :data:`REASON_TEMPLATES`: ``REASON_FORMS[lang][form][value]``,
#: values being the engine's names of piece kinds, sides and special squares; the form ``rule``
#: words a rule key by its name (:data:`RULE_NAMES`, the one table of rule names).
REASON_FORMS: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        "nom": {"attacker": "ein Angreifer", "defender": "ein Verteidiger", "king": "der König",
                "commander": "ein Kommandant", "knight": "ein Ritter",
                "attackers": "die Angreifer", "defenders": "die Verteidiger"},
        "acc": {"attacker": "einen Angreifer", "defender": "einen Verteidiger", "king": "den König",
                "commander": "einen Kommandanten", "knight": "einen Ritter",
                "throne": "den Thron", "corner": "das Eckfeld", "camp": "das Lagerfeld", "square": "das Feld"},
        "dat": {"throne": "dem Thron", "corner": "dem Eckfeld", "camp": "dem Lagerfeld", "square": "dem Feld",
                "attackers": "den Angreifern", "defenders": "den Verteidigern"},
        "name": {"throne": UI["de"]["throne"], "corner": UI["de"]["corner"], "camp": UI["de"]["camp"],
                 "square": "Feld"},
        "pl": {"commander": UI["de"]["commanders"], "knight": UI["de"]["knights"],
               "attacker": UI["de"]["attackers"], "defender": UI["de"]["defenders"], "king": "Könige"},
        "dat_pl": {"commander": "Kommandanten", "knight": "Rittern", "attacker": "Angreifern",
                   "defender": "Verteidigern", "king": "Königen"},
        "rule": RULE_NAMES["de"],
    },
    "en": {
        "a": {"attacker": "an attacker", "defender": "a defender", "king": "the king",
              "commander": "a commander", "knight": "a knight",
              "throne": "a throne square", "corner": "a corner square", "camp": "a camp square",
              "square": "a square"},
        "the": {"throne": "the throne", "corner": "the corner square", "camp": "the camp square",
                "square": "the square"},
        "pl": {"attacker": "attackers", "defender": "defenders", "king": "kings",
               "commander": "commanders", "knight": "knights"},
        "rule": RULE_NAMES["en"],
    },
}


def reason_words(lang: str) -> dict:
    """board-data ``reasons`` in ``lang``: ``{"templates": {code: template}, "forms": {form:
    {value: word}}}`` (:data:`REASON_TEMPLATES`, :data:`REASON_FORMS`; copies)."""
    return {"templates": dict(REASON_TEMPLATES[lang]),
            "forms": {form: dict(words) for form, words in REASON_FORMS[lang].items()}}


def value_words(lang: str) -> dict:
    """board-data ``names.values``: what :func:`value_name` needs to word a rule value in
    ``lang`` on the board (records.js ``valueName``): ``{"keys": {key: {value: word}}`` (``"*"``
    for every key; :data:`VALUE_NAMES`), ``"none"`` and ``"no_squares"`` (an empty list of piece
    kinds, of squares), ``"square_lists"`` (:data:`SQUARE_LIST_KEYS`)}; copies."""
    return {"keys": {key: dict(words) for key, words in VALUE_NAMES[lang].items()},
            "none": UI[lang]["none"], "no_squares": UI[lang]["no_squares"],
            "square_lists": sorted(SQUARE_LIST_KEYS)}


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
