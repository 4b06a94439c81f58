"""build_tools.validate: each check against a small source broken in exactly one place.

The valid fixture is tests/build_tools/fixtures/variants_src/tiny-tafl (a 7×7 cross, corner
escape, king_armed and repetition assumed). Each test copies it to tmp_path, changes one thing
and asserts the exact ``path:line: message`` faults that appear (the expected values come
from the source format in README.md, not from running the code).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from build_tools.validate import Fault, attr_lists, main, raw_html, unsafe_links, url_scheme, validate_tree
from .helpers import FIXTURE_ROOT, REAL_ROOT, REPO_ROOT

DE = "tiny-tafl/de.md"
EN = "tiny-tafl/en.md"
RULES = "tiny-tafl/rules.toml"
P = "variants_src/tiny-tafl"


def test_fault_prints_as_path_line_message():
    assert str(Fault("variants_src/x/de.md", 12, "boom")) == "variants_src/x/de.md:12: boom"


def test_fixture_is_valid(tree):
    assert tree.faults() == []


# --------------------------------------------------------------------------- files, slug

def test_missing_file(tree):
    tree.path(EN).unlink()
    assert tree.new_faults() == [f"{P}/en.md:1: missing file en.md (a variant needs rules.toml, de.md and en.md)"]


def test_folder_name_not_a_slug(tree):
    (tree.root / "tiny-tafl").rename(tree.root / "Tiny_Tafl")
    assert "variants_src/Tiny_Tafl/rules.toml:1: folder name 'Tiny_Tafl' is not a slug (lower case letters, digits and '-')" in tree.faults()


# --------------------------------------------------------------------------- rules file, layout

def test_rules_file_missing_rule(tree):
    tree.edit(RULES, '[rules.no_moves]\nvalue = "loss"\nref = "4"\n', "")
    assert tree.new_faults() == [f"{P}/rules.toml:1: rule 'no_moves' is missing (state it with a ref or mark it assumed)"]


def test_rules_file_rule_neither_stated_nor_assumed(tree):
    tree.edit(RULES, '[rules.exit_fort]\nvalue = false\nref = "4"\n', "[rules.exit_fort]\nvalue = false\n")
    line = tree.line_of(RULES, "[rules.exit_fort]")
    assert tree.new_faults() == [
        f"{P}/rules.toml:{line}: rule 'exit_fort' is neither stated (ref = \"<section>\", e.g. \"5.1\") nor marked assumed = true"]


def test_rules_file_assumption_needs_both_notes(tree):
    tree.edit(RULES, 'note.en = "The source does not say whether the king takes part in captures."\n', "")
    line = tree.line_of(RULES, "[rules.king_armed]")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: assumed rule 'king_armed' needs note.de and note.en"]


def test_rules_file_toml_syntax(tree):
    tree.edit(RULES, 'value = "loss"\nref = "4"', 'value = "loss\nref = "4"')
    line = tree.line_of(RULES, 'value = "loss')
    got = tree.new_faults()
    assert len(got) == 1 and got[0].startswith(f"{P}/rules.toml:{line}: TOML syntax: ")


def test_layout_not_square(tree):
    tree.edit(RULES, "6 . . . A . . .\n", "6 . . . A . .\n")
    line = tree.line_of(RULES, "6 . . . A . .")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: diagram is not square: rank 6 has 6 squares, expected 7"]


def test_layout_unknown_symbol(tree):
    tree.edit(RULES, "6 . . . A . . .\n", "6 . . . X . . .\n")
    line = tree.line_of(RULES, "6 . . . X")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: unknown symbol 'X' at d6 (use . A D K C N)"]


def test_layout_two_kings(tree):
    tree.edit(RULES, "1 . . . A . . .\n", "1 K . . A . . .\n")
    second_king = tree.line_of(RULES, "1 K . . A . . .")
    assert tree.new_faults() == [
        f"{P}/rules.toml:{second_king}: the position has 2 kings (a1, d4); exactly one is allowed"]


def test_layout_no_king(tree):
    tree.edit(RULES, "4 A A D K D A A\n", "4 A A D . D A A\n")
    first_row = tree.line_of(RULES, "7 . . . A . . .")
    assert tree.new_faults() == [f"{P}/rules.toml:{first_row}: the position has no king"]


def test_layout_rank_labels_descending(tree):
    tree.edit(RULES, "6 . . . A . . .\n", "5 . . . A . . .\n")
    line = tree.line_of(RULES, "5 . . . A . . .")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: rank label 5 where 6 was expected (labels descend to 1)"]


def test_layout_rank_labels_all_or_none(tree):
    tree.edit(RULES, "6 . . . A . . .\n", ". . . A . . .\n")
    line = tree.text(RULES).split("\n").index(". . . A . . .") + 1
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: rank label missing (label every row or none)"]


def test_layout_file_letters(tree):
    tree.edit(RULES, "  A B C D E F G\n", "  A B C D E F H\n")
    line = tree.line_of(RULES, "  A B C D E F H")
    assert tree.new_faults() == [
        f"{P}/rules.toml:{line}: file letters 'A B C D E F H' do not match a 7-wide board (expected A B C D E F G)"]


# --------------------------------------------------------------------------- a layout that differs

def test_alea_evangelii_attacker_removed_from_rules_layout(real_tree):
    """One attacker removed from the Alea Evangelii diagram fails, naming file and line."""
    rules = "alea-evangelii/rules.toml"
    row = "19 . . A . . A . . . . . . . A . . A . ."
    real_tree.edit(rules, row + "\n", "19 . . . . . A . . . . . . . A . . A . .\n")
    got = real_tree.new_faults()
    de, en = "alea-evangelii/de.md", "alea-evangelii/en.md"
    expected = [
        f"variants_src/{de}:{real_tree.line_of(de, '| Figurenverhältnis |')}: facts 'Figurenverhältnis' says 48 Angreifer, the layout has 47",
        f"variants_src/{de}:{real_tree.line_of(de, row)}: section 8 diagram differs from the rules.toml layout at c19: attacker here, empty in rules.toml",
        f"variants_src/{en}:{real_tree.line_of(en, '| Pieces |')}: facts 'Pieces' says 48 attackers, the layout has 47",
        f"variants_src/{en}:{real_tree.line_of(en, row)}: section 8 diagram differs from the rules.toml layout at c19: attacker here, empty in rules.toml",
    ]
    assert sorted(got) == sorted(expected)


def test_alea_evangelii_attacker_removed_from_section_8_diagram(real_tree):
    de, en = "alea-evangelii/de.md", "alea-evangelii/en.md"
    row = "19 . . A . . A . . . . . . . A . . A . ."
    line = real_tree.line_of(de, row)
    real_tree.edit(de, row + "\n", "19 . . . . . A . . . . . . . A . . A . .\n")
    got = real_tree.new_faults()
    assert f"variants_src/{de}:{line}: section 8 diagram differs from the rules.toml layout at c19: empty here, attacker in rules.toml" in got
    # The original block is no longer identical in the two languages either.
    assert [f for f in got if f.startswith(f"variants_src/{en}:{real_tree.line_of(en, row)}: section 8 original text differs from de.md:{line}:")]
    assert len(got) == 2


# --------------------------------------------------------------------------- front matter, structure

def test_front_matter_without_lead(tree):
    tree.edit(DE, "lead: Ein erfundener 7×7-Regelsatz, an dem die Tests den Validator prüfen.\n", "")
    assert tree.new_faults() == [f"{P}/de.md:1: front matter has no 'lead'"]


def test_front_matter_unknown_key(tree):
    tree.edit(DE, "title: Tiny Tafl\n", "title: Tiny Tafl\nauthor: Jemand\n")
    assert tree.new_faults() == [f"{P}/de.md:3: front matter key 'author' is not allowed (only title and lead)"]


def test_front_matter_missing(tree):
    text = tree.text(DE)
    tree.write(DE, text[text.index("## 1. Grunddaten"):])
    assert tree.new_faults() == [
        f"{P}/de.md:1: page does not start with front matter ('---', 'title: …', 'lead: …', '---')"]


def test_section_title_wrong(tree):
    tree.edit(DE, "## 3. Startaufstellung und Spielfiguren", "## 3. Startaufstellung")
    line = tree.line_of(DE, "## 3. Startaufstellung")
    assert tree.new_faults() == [
        f"{P}/de.md:{line}: section 3 is titled 'Startaufstellung', expected 'Startaufstellung und Spielfiguren'"]


def test_section_title_wrong_english(tree):
    tree.edit(EN, "## 6. Trivia", "## 6. Fun facts")
    assert tree.new_faults() == [f"{P}/en.md:{tree.line_of(EN, '## 6. Fun facts')}: section 6 is titled 'Fun facts', expected 'Trivia'"]


def test_section_out_of_order(tree):
    text = tree.text(DE)
    s6, s7, s8 = text.index("## 6. "), text.index("## 7. "), text.index("## 8. ")
    tree.write(DE, text[:s6] + text[s7:s8] + text[s6:s7] + text[s8:])
    line = tree.line_of(DE, "## 6. Wissenswertes")
    assert tree.new_faults() == [f"{P}/de.md:{line}: section 6 comes after section 7; the order is 1–10"]


def test_section_missing(tree):
    text = tree.text(DE)
    tree.write(DE, text[:text.index("## 6. ")] + text[text.index("## 7. "):])
    line = tree.line_of(DE, "## 7. Verwandte Varianten")
    assert tree.new_faults() == [f"{P}/de.md:{line}: section '## 6. Wissenswertes' is missing"]


def test_section_twice(tree):
    tree.write(DE, tree.text(DE) + "\n## 10. Quellenlage & Einordnung\n\nNoch einmal.\n")
    first = tree.line_of(DE, "## 10. Quellenlage")
    again = tree.line_of(DE, "## 10. Quellenlage", 2)
    assert tree.new_faults() == [f"{P}/de.md:{again}: section 10 appears twice (first at line {first})"]


def test_unnumbered_section_heading(tree):
    tree.write(DE, tree.text(DE) + "\n## Anhang\n\nMehr Text.\n")
    line = tree.line_of(DE, "## Anhang")
    assert tree.new_faults() == [
        f"{P}/de.md:{line}: heading '## Anhang' is not one of the ten sections ('## 1. Grunddaten' … '## 10. Quellenlage & Einordnung')"]


def test_section_empty(tree):
    tree.edit(DE, "Der König steht auf dem Thron, vier Verteidiger um ihn, je zwei Angreifer an jedem Rand.\n", "")
    line = tree.line_of(DE, "## 3. ")
    assert tree.new_faults() == [f"{P}/de.md:{line}: section '## 3. Startaufstellung und Spielfiguren' is empty"]


def test_subsection_empty(tree):
    tree.edit(EN, "A piece is taken between two enemies, and so is the king.\n", "")
    line = tree.line_of(EN, "### 5.2 Capturing")
    assert tree.new_faults() == [f"{P}/en.md:{line}: subsection '### 5.2 Capturing' is empty"]


def test_subsection_in_wrong_section(tree):
    tree.edit(DE, "## 6. Wissenswertes", "### 4.1 Extra\n\nText.\n\n## 6. Wissenswertes")
    line = tree.line_of(DE, "### 4.1 Extra")
    assert tree.new_faults() == [f"{P}/de.md:{line}: subsection 4.1 is in section 5"]


def test_unclosed_code_block(tree):
    tree.write(DE, tree.text(DE) + "\n```\nnie geschlossen\n")
    line = len(tree.text(DE).split("\n")) - 2
    assert tree.new_faults() == [f"{P}/de.md:{line}: code block opened with '```' is never closed"]


# --------------------------------------------------------------------------- facts table

def test_facts_row_missing(tree):
    tree.edit(DE, "| Erster Zug | Angreifer |\n", "")
    assert tree.new_faults() == [f"{P}/de.md:8: facts table has no row 'Erster Zug'"]


def test_facts_row_by_prefix(tree):
    tree.edit(EN, "| Origin / authors | The Tafl-Kompendium test suite |\n", "| Source / authors | The Tafl-Kompendium test suite |\n")
    assert tree.new_faults() == [f"{P}/en.md:8: facts table has no row 'Origin…'"]


def test_facts_table_missing(tree):
    text = tree.text(DE)
    start, end = text.index("| Name |"), text.index("## 2. ")
    tree.write(DE, text[:start] + "Kein Tabelle.\n\n" + text[end:])
    assert tree.new_faults() == [f"{P}/de.md:6: section 1 has no facts table"]


def test_facts_board_size(tree):
    tree.edit(DE, "| Brettgröße | 7×7 Felder |", "| Brettgröße | 9×9 Felder |")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '| Brettgröße')}: facts 'Brettgröße' says 9×9, the layout is 7×7"]


def test_facts_board_size_not_stated(tree):
    tree.edit(EN, "| Board | 7×7 squares |", "| Board | seven by seven |")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '| Board')}: facts 'Board' does not state the board size as N×N (the layout is 7×7)"]


def test_facts_pieces_attackers(tree):
    tree.edit(DE, "gegen 8 Angreifer", "gegen 7 Angreifer")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' says 7 Angreifer, the layout has 8"]


def test_facts_pieces_defenders_english(tree):
    tree.edit(EN, "| 4 defenders + king", "| 3 defenders + king")
    assert tree.new_faults() == [f"{P}/en.md:{tree.line_of(EN, '| Pieces')}: facts 'Pieces' says 3 defenders, the layout has 4"]


def test_facts_pieces_without_king(tree):
    tree.edit(DE, "4 Verteidiger + König gegen", "4 Verteidiger gegen")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' does not mention the König"]


def test_facts_pieces_number_missing(tree):
    tree.edit(EN, "against 8 attackers", "against the attackers")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '| Pieces')}: facts 'Pieces' does not state the number of attackers (the layout has 8)"]


def test_facts_throne_disagrees(tree):
    tree.edit(DE, "| Thron | Ja,", "| Thron | Nein,")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '| Thron')}: facts 'Thron' says Nein, rules.toml has throne = true"]


def test_facts_throne_not_yes_or_no(tree):
    tree.edit(EN, "| Throne | Yes, centre square", "| Throne | The centre square")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '| Throne')}: facts 'Throne' must begin with Yes or No (rules.toml has throne = true)"]


def test_facts_escape_disagrees(tree):
    tree.edit(DE, "| Fluchtziel | Eckfeld |", "| Fluchtziel | Randfeld |")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '| Fluchtziel')}: facts 'Fluchtziel' says Rand…, rules.toml has escape = corners"]


def test_facts_escape_disagrees_english(tree):
    tree.edit(EN, "| Escape | Corner square |", "| Escape | Any edge square |")
    assert tree.new_faults() == [f"{P}/en.md:{tree.line_of(EN, '| Escape')}: facts 'Escape' says edge, rules.toml has escape = corners"]


def test_facts_escape_not_named(tree):
    tree.edit(DE, "| Fluchtziel | Eckfeld |", "| Fluchtziel | Mitte |")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| Fluchtziel')}: facts 'Fluchtziel' names neither Eck… nor Rand… (rules.toml has escape = corners)"]


def test_facts_king_armed_disagrees(tree):
    tree.edit(DE, "(Annahme: bewaffnet)", "(Annahme: unbewaffnet)")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '| König')}: facts 'König' says unbewaffnet, rules.toml has king_armed = yes"]


def test_facts_king_armed_disagrees_english(tree):
    tree.edit(EN, "(assumed: armed)", "(assumed: unarmed)")
    assert tree.new_faults() == [f"{P}/en.md:{tree.line_of(EN, '| King')}: facts 'King' says unarmed, rules.toml has king_armed = yes"]


def test_facts_king_armed_not_said(tree):
    tree.edit(DE, "ob er bewaffnet ist, sagt die Quelle nicht ausdrücklich (Annahme: bewaffnet)", "Rest bleibt offen")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| König')}: facts 'König' says neither bewaffnet nor unbewaffnet (rules.toml has king_armed = yes)"]


def test_facts_first_mover_disagrees(tree):
    tree.edit(DE, "| Erster Zug | Angreifer |", "| Erster Zug | Verteidiger |")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| Erster Zug')}: facts 'Erster Zug' says Verteidiger, rules.toml has first_mover = attackers"]


def test_facts_first_mover_not_named(tree):
    tree.edit(EN, "| First move | Attackers |", "| First move | White |")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '| First move')}: facts 'First move' names neither attackers nor defenders (rules.toml has first_mover = attackers)"]


def test_facts_assumption_stated_as_fact(tree):
    tree.edit(DE, "ob er bewaffnet ist, sagt die Quelle nicht ausdrücklich (Annahme: bewaffnet)", "bewaffnet")
    rule_line = tree.line_of(RULES, "[rules.king_armed]")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| König')}: facts 'König' states king_armed as fact, but rules.toml:{rule_line} marks it assumed; "
        "the cell must say so (Annahme, angenommen, (offen), offen gelassen, bleibt offen, nicht ausdrücklich, nicht erwähnt)"]


def test_facts_assumed_first_mover_in_both_languages(tree):
    tree.edit(RULES, '[rules.first_mover]\nvalue = "attackers"\nref = "5.1"\n',
              '[rules.first_mover]\nvalue = "attackers"\nassumed = true\nalternative = "defenders"\n'
              'note.de = "Wer beginnt, sagt die Quelle nicht."\nnote.en = "The source does not say who moves first."\n')
    rule_line = tree.line_of(RULES, "[rules.first_mover]")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '| Erster Zug')}: facts 'Erster Zug' states first_mover as fact, but rules.toml:{rule_line} marks it assumed; "
        "the cell must say so (Annahme, angenommen, (offen), offen gelassen, bleibt offen, nicht ausdrücklich, nicht erwähnt)",
        f"{P}/en.md:{tree.line_of(EN, '| First move')}: facts 'First move' states first_mover as fact, but rules.toml:{rule_line} marks it assumed; "
        "the cell must say so (assumed, assumption, (open), left open, open question, not stated, not mentioned)",
    ]


# --------------------------------------------------------------------------- section 8

def test_original_block_missing(tree):
    text = tree.text(DE)
    start, end = text.index("/// original | en"), text.index("## 9. Quellen")
    tree.write(DE, text[:start] + text[end:])
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '## 8. ')}: section 8 has no '/// original | <lang>' … '///' block"]


def test_original_block_unclosed(tree):
    line = tree.line_of(DE, "/// original | en")
    tree.edit(DE, "```\n///\n", "```\n")
    assert f"{P}/de.md:{line}: '/// original' block is never closed with '///'" in tree.new_faults()


def test_section_8_diagram_differs(tree):
    for page in (DE, EN):
        tree.edit(page, "```diagram\n7 . . . A . . .\n", "```diagram\n7 . . . . . . .\n")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '7 . . . . . . .')}: section 8 diagram differs from the rules.toml layout at d7: empty here, attacker in rules.toml",
        f"{P}/en.md:{tree.line_of(EN, '7 . . . . . . .')}: section 8 diagram differs from the rules.toml layout at d7: empty here, attacker in rules.toml",
    ]


def test_section_8_diagram_unreadable(tree):
    for page in (DE, EN):
        tree.edit(page, "5 . . . D . . .\n4 A A D K D A A\n3", "5 . . . D . . .\n4 A A D K D A\n3")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '4 A A D K D A')}: diagram is not square: rank 4 has 6 squares, expected 7",
        f"{P}/en.md:{tree.line_of(EN, '4 A A D K D A')}: diagram is not square: rank 4 has 6 squares, expected 7",
    ]


def test_section_8_diagram_other_size(tree):
    nine = "\n".join(["9 . . . . . . . . .", "8 . . . . . . . . .", "7 . . . . . . . . .",
                      "6 . . . . . . . . .", "5 . . . . K . . . .", "4 . . . . . . . . .",
                      "3 . . . . . . . . .", "2 . . . . . . . . .", "1 . . . . . . . . ."])
    for page in (DE, EN):
        text = tree.text(page)
        start = text.index("```diagram\n") + len("```diagram\n")
        end = text.index("```", start)
        tree.write(page, text[:start] + nine + "\n" + text[end:])
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '9 . . . .')}: section 8 diagram is 9×9, the rules.toml layout is 7×7",
        f"{P}/en.md:{tree.line_of(EN, '9 . . . .')}: section 8 diagram is 9×9, the rules.toml layout is 7×7",
    ]


# --------------------------------------------------------------------------- citations, sources

def test_citation_not_listed(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten [Nobody2000].")
    line = tree.line_of(DE, "[Nobody2000]")
    assert tree.new_faults() == [f"{P}/de.md:{line}: citation [Nobody2000] is not listed in section 9 (Quellen)"]


def test_citation_not_listed_in_combined_brackets(tree):
    tree.edit(EN, "[tiny-leaflet; Murray1952]", "[tiny-leaflet; Murray1953]")
    line = tree.line_of(EN, "[tiny-leaflet; Murray1953]")
    assert tree.new_faults() == [
        f"{P}/en.md:{line}: citation [Murray1953] is not listed in section 9 (Sources)",
        f"{P}/en.md:{tree.line_of(EN, '- [Murray1952]')}: source [Murray1952] is listed but never cited; cite it or end the entry with (background)",
    ]


def test_source_never_cited(tree):
    tree.edit(DE, " [tiny-leaflet; Murray1952]", "")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '- [Murray1952]')}: source [Murray1952] is listed but never cited; cite it or end the entry with (Hintergrund)"]


def test_background_marker_needed(tree):
    tree.edit(DE, "1960. (Hintergrund)", "1960.")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '- [Bell1960]')}: source [Bell1960] is listed but never cited; cite it or end the entry with (Hintergrund)"]


def test_source_key_twice(tree):
    for page in (DE, EN):
        tree.edit(page, "- [Murray1952] Murray, H. J. R.: A History of Board-Games other than Chess, 1952.\n",
                  "- [Murray1952] Murray, H. J. R.: A History of Board-Games other than Chess, 1952.\n"
                  "- [Murray1952] Murray, H. J. R.: A Short History of Chess, 1963.\n")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, 'A Short History')}: source key [Murray1952] is listed twice (first at line {tree.line_of(DE, '- [Murray1952]')})",
        f"{P}/en.md:{tree.line_of(EN, 'A Short History')}: source key [Murray1952] is listed twice (first at line {tree.line_of(EN, '- [Murray1952]')})",
    ]


def test_source_entry_without_key(tree):
    tree.edit(DE, "- [Bell1960]", "- Ohne Schlüssel.\n- [Bell1960]")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '- Ohne Schlüssel.')}: section 9 entry does not start with a [key]: 'Ohne Schlüssel.'"]


def test_source_url_not_last(tree):
    for page, text in ((DE, "Test-Suite"), (EN, "Test suite")):
        tree.edit(page, f"- [tiny-leaflet] {text}: Tiny Tafl Leaflet. — https://example.org/tiny-tafl",
                  f"- [tiny-leaflet] {text}: https://example.org/tiny-tafl Tiny Tafl Leaflet.")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '- [tiny-leaflet]')}: source [tiny-leaflet]: the URL must come last, after ' — '",
        f"{P}/en.md:{tree.line_of(EN, '- [tiny-leaflet]')}: source [tiny-leaflet]: the URL must come last, after ' — '",
    ]


@pytest.mark.parametrize("url", ["htps://example.org/tiny-tafl", "https:///tiny-tafl", "ftp://example.org/tiny-tafl",
                                 "https://example", "http://exa_mple.org/x", "https://example.org:99999/x"])
def test_source_url_malformed(tree, url):
    for page in (DE, EN):
        tree.edit(page, "— https://example.org/tiny-tafl", f"— {url}")
    # a bare ftp:// address is also a link the build would refuse (the markdown links it)
    link = ("link with the scheme 'ftp:' is not allowed (only http:, https:, mailto: and relative links)"
            if url.startswith("ftp:") else None)
    assert sorted(tree.new_faults()) == sorted([
        f"{P}/de.md:{tree.line_of(DE, '- [tiny-leaflet]')}: source [tiny-leaflet] has a malformed URL '{url}' (needs http:// or https:// and a host)",
        f"{P}/en.md:{tree.line_of(EN, '- [tiny-leaflet]')}: source [tiny-leaflet] has a malformed URL '{url}' (needs http:// or https:// and a host)",
    ] + ([f"{P}/de.md:{tree.line_of(DE, '- [tiny-leaflet]')}: {link}",
          f"{P}/en.md:{tree.line_of(EN, '- [tiny-leaflet]')}: {link}"] if link else []))


# --------------------------------------------------------------------------- German and English

def test_languages_source_only_in_german(tree):
    tree.edit(DE, "- [Bell1960]", "- [Extra1999] Extra, E.: Ein Buch, 1999. (Hintergrund)\n- [Bell1960]")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '## 9. Sources')}: source [Extra1999] is listed in de.md:{tree.line_of(DE, '- [Extra1999]')} but not here"]


def test_languages_source_url_differs(tree):
    tree.edit(EN, "— https://example.org/tiny-tafl", "— https://example.org/other")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '- [tiny-leaflet]')}: source [tiny-leaflet] has URL 'https://example.org/other' here, "
        f"'https://example.org/tiny-tafl' in de.md:{tree.line_of(DE, '- [tiny-leaflet]')}"]


def test_languages_original_text_differs(tree):
    tree.edit(EN, "between two enemies [sic].", "between two enemy pieces [sic].")
    line = tree.line_of(EN, "between two enemy pieces")
    assert tree.new_faults() == [
        f"{P}/en.md:{line}: section 8 original text differs from de.md:{tree.line_of(DE, 'between two enemies')}: "
        "'…ken between two enemy pieces [sic].' here, '…ken between two enemies [sic].' there"]


def test_languages_original_language_differs(tree):
    tree.edit(EN, "/// original | en", "/// original | de")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '/// original')}: section 8 original is marked '| de' here, '| en' in de.md:{tree.line_of(DE, '/// original')}"]


def test_languages_related_differ(tree):
    tree.write("_not_yet_documented.toml", tree.text("_not_yet_documented.toml") + '\n[tablut]\nde = "Tablut"\nen = "Tablut"\n')
    tree.edit(DE, "- [[brandubh|Brandubh]]", "- [[tablut]]: 9×9.\n- [[brandubh|Brandubh]]")
    assert tree.new_faults() == [
        f"{P}/en.md:{tree.line_of(EN, '## 7. Related variants')}: related variant [[tablut]] is linked in de.md:{tree.line_of(DE, '[[tablut]]')} but not here"]


# --------------------------------------------------------------------------- related variants, stubs

def test_related_variant_unresolved(tree):
    for page in (DE, EN):
        tree.edit(page, "[[brandubh|Brandubh]]", "[[nowhere]]")
    assert tree.new_faults() == [
        f"{P}/de.md:{tree.line_of(DE, '[[nowhere]]')}: related variant [[nowhere]] is neither a folder in variants_src/ nor listed in _not_yet_documented.toml",
        f"{P}/en.md:{tree.line_of(EN, '[[nowhere]]')}: related variant [[nowhere]] is neither a folder in variants_src/ nor listed in _not_yet_documented.toml",
    ]


def test_related_variant_resolves_to_folder(tree):
    shutil.copytree(tree.root / "tiny-tafl", tree.root / "tiny-tafl-two")
    for page in ("tiny-tafl-two/de.md", "tiny-tafl-two/en.md"):   # a variant of its own name
        lines = tree.text(page).split("\n")
        lines[1] = "title: Tiny Tafl Two"
        tree.write(page, "\n".join(lines))
    for page in (DE, EN):
        tree.edit(page, "- [[brandubh|Brandubh]]", "- [[tiny-tafl-two]]\n- [[brandubh|Brandubh]]")
    assert tree.new_faults() == []


def test_stub_without_english_name(tree):
    tree.edit("_not_yet_documented.toml", 'en = "Brandubh"\n', "")
    assert tree.new_faults() == [
        f"variants_src/_not_yet_documented.toml:{tree.line_of('_not_yet_documented.toml', '[brandubh]')}: stub 'brandubh' has no en name"]


def test_stub_that_has_a_folder(tree):
    tree.write("_not_yet_documented.toml", tree.text("_not_yet_documented.toml") + '\n[tiny-tafl]\nde = "Tiny"\nen = "Tiny"\n')
    assert tree.new_faults() == [
        f"variants_src/_not_yet_documented.toml:{tree.line_of('_not_yet_documented.toml', '[tiny-tafl]')}: "
        "stub 'tiny-tafl' has a source folder variants_src/tiny-tafl; remove the stub"]


def test_stubs_file_not_toml(tree):
    tree.write("_not_yet_documented.toml", tree.text("_not_yet_documented.toml") + "\n[broken\n")
    got = tree.new_faults()
    line = tree.line_of("_not_yet_documented.toml", "[broken")
    assert [f for f in got if f.startswith(f"variants_src/_not_yet_documented.toml:{line}: not valid TOML: ")]


# --------------------------------------------------------------------------- raw HTML, attr lists, links

def _html(tag: str) -> str:
    return f"raw HTML {tag} is not allowed in sources (write markdown)"


ATTR = "attribute lists ({ … }) other than .class or #id are not allowed"


def _scheme(scheme: str) -> str:
    return f"link with the scheme '{scheme}:' is not allowed (only http:, https:, mailto: and relative links)"


@pytest.mark.parametrize("snippet, what", [
    ("<script>alert(1)</script>", "<script>"),
    ("<STYLE>body{}</STYLE>", "<style>"),
    ('<iframe src="https://example.org"></iframe>', "<iframe>"),
    ('<img src="x.png" onerror="alert(1)">', "<img>"),
    ("<a href='#'\tonClick = 'x()'>klick</a>", "<a>"),
    # The tester's bypasses of the old line-by-line regexes: '>' inside a quoted attribute.
    ('<img alt=">" src=x onerror=alert(document.domain)>', "<img>"),
    ('<div title=">" onmouseover="alert(1)">x</div>', "<div>"),
    ("<b>fett</b>", "<b>"),
    ("<!-- versteckt -->", "<!-- -->"),
    ("<javascript:alert(1)>", "<javascript:alert(1)>"),
])
def test_raw_html_is_not_allowed(tree, snippet, what):
    tree.edit(DE, "historischen Varianten.", f"historischen Varianten. {snippet}")
    line = tree.line_of(DE, "historischen Varianten.")
    assert tree.new_faults() == [f"{P}/de.md:{line}: {_html(what)}"]


def test_raw_html_tag_split_over_two_lines(tree):
    """A tag may span lines; it is reported on the line where it starts."""
    tree.edit(DE, "historischen Varianten.", 'historischen Varianten. <img src="x"\nonerror="alert(1)">')
    line = tree.line_of(DE, 'historischen Varianten. <img src="x"')
    assert tree.new_faults() == [f"{P}/de.md:{line}: {_html('<img>')}"]


def test_raw_html_in_front_matter_and_facts_cell(tree):
    tree.edit(DE, "title: Tiny Tafl", "title: Tiny <i>Tafl</i>")
    tree.edit(DE, "| Kategorie | Testfall |", "| Kategorie | Testfall<br> |")
    assert tree.new_faults() == [f"{P}/de.md:2: {_html('<i>')}",
                                 f"{P}/de.md:{tree.line_of(DE, '| Kategorie')}: {_html('<br>')}"]


def test_raw_html_in_code_and_autolinks_pass(tree):
    """Code spans, fenced code and markdown autolinks are not raw HTML."""
    tree.edit(DE, "historischen Varianten.",
              "historischen Varianten. `<script>` und ``<img onerror=x>`` sowie <https://example.org/a?b=1>"
              " und <mailto:x@example.org>.\n\n```text\n<iframe>\n```\n")
    assert tree.new_faults() == []


def test_escaped_backtick_is_no_code_span(tree):
    """A backslash-escaped backtick opens no code span: the tag between is raw HTML."""
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. \\`<img src=x onerror=alert(1)>\\`")
    line = tree.line_of(DE, "historischen Varianten.")
    assert tree.new_faults() == [f"{P}/de.md:{line}: {_html('<img>')}"]


@pytest.mark.parametrize("snippet", [
    "![x](https://invalid.invalid/x.png){ onerror=alert(1) }",
    "[hover me](https://example.org){ onmouseover=\"alert(1)\" }",
    "*Der*{ onmouseover=alert(1) }",
    "[x](https://example.org){: title=x }",
])
def test_attribute_list_is_not_allowed(tree, snippet):
    tree.edit(DE, "historischen Varianten.", f"historischen Varianten. {snippet}")
    line = tree.line_of(DE, "historischen Varianten.")
    assert tree.new_faults() == [f"{P}/de.md:{line}: {ATTR}"]


def test_block_attribute_list_after_paragraph(tree):
    tree.edit(DE, "historischen Varianten.", 'historischen Varianten.\n{: onclick="alert(1)" }')
    line = tree.line_of(DE, "{: onclick")
    assert tree.new_faults() == [f"{P}/de.md:{line}: {ATTR}"]


def test_attribute_list_in_title_and_facts_cell(tree):
    tree.edit(DE, "title: Tiny Tafl", "title: Tiny Tafl { onclick=alert(1) }")
    tree.edit(DE, "| Kategorie | Testfall |", "| Kategorie | *Modern*{ onmouseover=alert(1) } |")
    assert tree.new_faults() == [f"{P}/de.md:2: {ATTR}", f"{P}/de.md:{tree.line_of(DE, '| Kategorie')}: {ATTR}"]


def test_class_and_id_attribute_lists_pass(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. [x](https://example.org){ .wide #here }")
    assert tree.new_faults() == []


@pytest.mark.parametrize("snippet, name", [
    ("Text.\n{ #board }", "board"),
    ("*Der*{: #assumptions }", "assumptions"),
    ("[x](https://example.org){ .wide #src-murray1952 }", "src-murray1952"),
    ("Text.\n{ #sec-5-3 }", "sec-5-3"),
])
def test_attribute_list_id_of_the_page_itself(tree, snippet, name):
    """The page gives itself the anchors #board, #assumptions, #cite, #sec-N, #src-<key>
    (build_tools/pages.py); a source's `{ #board }` would make a second element with that id, and
    the board would mount on the wrong one."""
    tree.edit(DE, "historischen Varianten.", f"historischen Varianten. {snippet}")
    line = tree.line_of(DE, "historischen Varianten.") + snippet.count("\n")
    assert tree.new_faults() == [f"{P}/de.md:{line}: the id '#{name}' is one of the page's own anchors "
                                 "(board, board-caption, assumptions, cite, sec-N, src-…): choose another"]


@pytest.mark.parametrize("target, scheme", [
    ("javascript:alert(1)", "javascript"),
    ("JaVaScRiPt:alert(1)", "javascript"),
    ("&#106;avascript:alert(1)", "javascript"),
    ("java&#9;script:alert(1)", "javascript"),
    ("javascript&colon;alert(1)", "javascript"),
    ("<javascript:alert(1)>", "javascript"),
    ("data:application/xhtml+xml;base64,PHg+", "data"),
    ("data:text/html;base64,PHNjcmlwdD4=", "data"),
    ("vbscript:msgbox(1)", "vbscript"),
    ("file:///etc/passwd", "file"),
])
def test_link_scheme_not_allowed(tree, target, scheme):
    tree.edit(DE, "historischen Varianten.", f"historischen Varianten. [klick]({target})")
    line = tree.line_of(DE, "historischen Varianten.")
    got = tree.new_faults()
    assert f"{P}/de.md:{line}: {_scheme(scheme)}" in got
    # '<javascript:…>' is also a raw tag to html.parser; nothing else is reported.
    assert set(got) <= {f"{P}/de.md:{line}: {_scheme(scheme)}", f"{P}/de.md:{line}: {_html('<javascript:alert(1)>')}"}


def test_image_and_reference_definition_schemes(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. ![bild](data:image/svg+xml,x) [a][r]\n\n[r]: javascript:alert(1)")
    assert tree.new_faults() == [f"{P}/de.md:{tree.line_of(DE, '![bild]')}: {_scheme('data')}",
                                 f"{P}/de.md:{tree.line_of(DE, '[r]: javascript')}: {_scheme('javascript')}"]


def test_http_mailto_and_relative_links_pass(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. [a](https://example.org) [b](mailto:x@example.org)"
              " [c](../mechanics/umzingelung.md#x) [d](brandubh.md)")
    assert tree.new_faults() == []


def test_relative_link_to_no_page(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. [x](../mechanics/nowhere.md)")
    line = tree.line_of(DE, "historischen Varianten.")
    assert tree.new_faults() == [
        f"{P}/de.md:{line}: link target '../mechanics/nowhere.md' is not a page of the site (links are relative to "
        "variants/tiny-tafl.md, e.g. ../mechanics/umzingelung.md)"]


def test_site_url_link_is_no_page(tree):
    """Site URLs (``../../mechanics/umzingelung/``) cannot be checked by MkDocs: a fault."""
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. [x](../../mechanics/umzingelung/)")
    line = tree.line_of(DE, "historischen Varianten.")
    assert tree.new_faults() == [
        f"{P}/de.md:{line}: link target '../../mechanics/umzingelung/' is not a page of the site (links are relative to "
        "variants/tiny-tafl.md, e.g. ../mechanics/umzingelung.md)"]


def test_raw_html_in_rules_note(tree):
    tree.edit(RULES, 'note.de = "Die Quelle sagt nicht, ob der König mitschlägt."',
              'note.de = "Die Quelle sagt nicht, ob der König mitschlägt.<script>x()</script>"')
    line = tree.line_of(RULES, "<script>")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: {_html('<script>')}"]


def test_unicode_escaped_html_in_rules_note(tree):
    """TOML escapes are decoded first: \\u003c is '<'."""
    tree.edit(RULES, 'note.de = "Die Quelle sagt nicht, ob der König mitschlägt."',
              'note.de = "Die Quelle sagt nicht \\u003cimg src=x onerror=alert(1)\\u003e."')
    line = tree.line_of(RULES, "u003cimg")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: {_html('<img>')}"]


def test_attribute_list_in_variant_name(tree):
    tree.edit(RULES, 'name = "Tiny Tafl (test fixture)"', 'name = "Tiny Tafl { onclick=alert(1) }"')
    line = tree.line_of(RULES, "name = ")
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: {ATTR}"]


def test_stub_name_attribute_list_and_link(tree):
    tree.edit("_not_yet_documented.toml", 'de = "Brandubh"', 'de = "Brandubh { onclick=alert(1) }"')
    tree.edit("_not_yet_documented.toml", 'en = "Brandubh"', 'en = "[Brandubh](javascript:alert(1))"')
    s = "variants_src/_not_yet_documented.toml"
    assert tree.new_faults() == [f"{s}:{tree.line_of('_not_yet_documented.toml', 'de = ')}: {ATTR}",
                                 f"{s}:{tree.line_of('_not_yet_documented.toml', 'en = ')}: {_scheme('javascript')}"]


def test_helpers_on_harmless_text():
    assert raw_html("a < b, 3 <4, x<-y and <https://example.org/online=yes>") == []
    assert attr_lists("{} and the set { } stay text; `{ onclick=x }` is code") == []
    assert unsafe_links("[a](https://x.org) [b](./c.md) [c](#anchor)") == []
    assert url_scheme(" JAVA\tSCRIPT:x") == "javascript"


# --------------------------------------------------------------------------- long lines, regex blow-ups

def test_line_too_long(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten. " + "<a " * 30000)
    line = tree.line_of(DE, "historischen Varianten.")
    n = len(tree.text(DE).split("\n")[line - 1])
    assert tree.new_faults() == [f"{P}/de.md:{line}: line too long ({n} characters; at most 10000)",
                                 f"{P}/de.md:{line}: {_html('<a>')}"]


def test_heading_with_long_blank_run(tree):
    """'## x' + 3000 blanks + 'y' took over a minute with the old heading regex."""
    tree.edit(DE, "## 6. Wissenswertes", "## 6. Wissenswertes" + " " * 3000 + "y")
    line = tree.line_of(DE, "## 6. Wissenswertes")
    assert tree.new_faults() == [f"{P}/de.md:{line}: section 6 is titled 'Wissenswertes{' ' * 3000}y', expected 'Wissenswertes'"]


# --------------------------------------------------------------------------- refs

def test_ref_names_no_section(tree):
    tree.edit(RULES, '[rules.first_mover]\nvalue = "attackers"\nref = "5.1"', '[rules.first_mover]\nvalue = "attackers"\nref = "5.9"')
    line = tree.line_of(RULES, 'ref = "5.9"')
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: rule first_mover: ref '5.9' names no section or subsection in de.md and en.md"]


def test_ref_exists_in_one_language_only(tree):
    tree.edit(DE, "## 6. Wissenswertes", "### 5.4 Extra\n\nMehr.\n\n## 6. Wissenswertes")
    tree.edit(RULES, '[rules.first_mover]\nvalue = "attackers"\nref = "5.1"', '[rules.first_mover]\nvalue = "attackers"\nref = "5.4"')
    line = tree.line_of(RULES, 'ref = "5.4"')
    assert tree.new_faults() == [f"{P}/rules.toml:{line}: rule first_mover: ref '5.4' names no section or subsection in en.md"]


def test_ref_to_a_whole_section(tree):
    tree.edit(RULES, '[rules.first_mover]\nvalue = "attackers"\nref = "5.1"', '[rules.first_mover]\nvalue = "attackers"\nref = "5"')
    assert tree.new_faults() == []


# --------------------------------------------------------------------------- command line

def _snapshot(root):
    return sorted((p.relative_to(root).as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*"))


def test_cli_clean_tree(tree, capsys):
    assert main(["--root", str(tree.root)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "2 variants valid\n"


def test_cli_reports_faults_and_writes_nothing(tree, capsys):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten [Nobody2000].")
    before = _snapshot(tree.root)
    assert main(["--root", str(tree.root)]) == 1
    out, err = capsys.readouterr()
    line = tree.line_of(DE, "[Nobody2000]")
    assert f"{P}/de.md:{line}: citation [Nobody2000] is not listed in section 9 (Quellen)\n" in out
    assert "in 1 of 2 variants" in err
    assert _snapshot(tree.root) == before


def test_cli_module_entry_point(tree):
    tree.edit(DE, "historischen Varianten.", "historischen Varianten [Nobody2000].")
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    r = subprocess.run([sys.executable, "-m", "build_tools", "validate", "--root", str(tree.root)],
                       cwd=tree.root.parent, capture_output=True, text=True, env=env)
    assert r.returncode == 1
    assert f"{P}/de.md:{tree.line_of(DE, '[Nobody2000]')}: citation [Nobody2000] is not listed in section 9 (Quellen)" in r.stdout


def test_cli_unknown_command():
    r = subprocess.run([sys.executable, "-m", "build_tools", "frobnicate"], cwd=REPO_ROOT, capture_output=True, text=True)
    assert r.returncode == 2
    assert "unknown command 'frobnicate'" in r.stderr


def test_cli_dispatches_site_commands_lazily(monkeypatch):
    import types

    import build_tools.__main__ as cli
    import build_tools.bench_site
    import build_tools.site_cmd
    calls = []
    fake = types.SimpleNamespace(main_site=lambda argv: calls.append(("site", argv)) or 0,
                                 main_bench_site=lambda argv: calls.append(("bench", argv)) or 3)
    monkeypatch.setattr(build_tools.site_cmd, "main_site", fake.main_site)
    monkeypatch.setattr(build_tools.bench_site, "main_bench_site", fake.main_bench_site)
    assert cli.main(["site", "--x"]) == 0
    assert cli.main(["bench-site"]) == 3
    assert calls == [("site", ["--x"]), ("bench", [])]


# --------------------------------------------------------------------------- the real sources

def test_real_sources_validate_clean():
    """The sources in variants_src validate clean (fails while the texts are being written)."""
    assert [str(f) for f in validate_tree(REAL_ROOT)] == []


def test_code_span_does_not_join_table_rows(tree):
    """Python-Markdown renders each table row on its own: a backtick in one row and one in the
    next are no code span, so the tag between them is raw HTML."""
    tree.edit(DE, "| Kategorie | Testfall |", "| Kategorie | Test`fall |\n| Herkunftx | <img src=x onerror=alert(1)> ` |")
    line = tree.line_of(DE, "<img src=x")
    assert f"{P}/de.md:{line}: {_html('<img>')}" in tree.new_faults()


def test_indented_reference_definition_scheme(tree):
    """A reference definition inside a list item is indented; its target is checked too."""
    tree.edit(DE, "historischen Varianten.", "historischen Varianten.\n\n- [a][r]\n\n    [r]: javascript:alert(1)")
    assert f"{P}/de.md:{tree.line_of(DE, '[r]: javascript')}: {_scheme('javascript')}" in tree.new_faults()


def test_a_copied_variant_keeps_its_title_and_is_refused(tree):
    """A variant folder copied unchanged must not validate (the site would list the variant
    twice). The copy's titles (front matter, line 2 of each page) are faults naming the
    first folder."""
    shutil.copytree(tree.root / "tiny-tafl", tree.root / "tiny-tafl-copy")
    title_de = tree.text(DE).split("\n")[1].split(":", 1)[1].strip()
    title_en = tree.text(EN).split("\n")[1].split(":", 1)[1].strip()
    assert tree.new_faults() == [
        f"{tree.root.name}/tiny-tafl-copy/de.md:2: title '{title_de}' is already the title of variant 'tiny-tafl' (de): each variant needs its own",
        f"{tree.root.name}/tiny-tafl-copy/en.md:2: title '{title_en}' is already the title of variant 'tiny-tafl' (en): each variant needs its own",
    ]


# --------------------------------------------------------------------------- malformed sources: unreadable files, non-table sections, markers, URLs

STUBS = "_not_yet_documented.toml"


# --------------------------------------------------------------------------- unreadable files

@pytest.mark.parametrize("name", ["de.md", "en.md", "rules.toml"])
def test_latin1_bytes_are_reported_not_raised(tree, name):
    path = tree.path(f"tiny-tafl/{name}")
    data = path.read_bytes()
    offset = len(data)
    path.write_bytes(data + "Größe".encode("latin-1"))
    assert f"{P}/{name}:1: not UTF-8 text (byte 0xf6 at offset {offset + 2}); save the file as UTF-8" in tree.new_faults()


def test_binary_file_is_reported(tree):
    tree.path(DE).write_bytes(b"\xff\xfe\x00binary")
    assert tree.new_faults() == [f"{P}/de.md:1: not UTF-8 text (byte 0xff at offset 0); save the file as UTF-8"]


def test_bom_in_markdown_is_tolerated(tree):
    """A byte-order mark at the start of de.md / en.md is removed (editors on Windows add it)."""
    tree.path(DE).write_bytes(b"\xef\xbb\xbf" + tree.path(DE).read_bytes())
    assert tree.new_faults() == []


def test_bom_in_rules_toml_is_a_fault(tree):
    """rules.toml is also read by tafl_core and other TOML readers, which reject a BOM."""
    tree.path(RULES).write_bytes(b"\xef\xbb\xbf" + tree.path(RULES).read_bytes())
    assert tree.new_faults() == [f"{P}/rules.toml:1: starts with a byte-order mark; save as UTF-8 without BOM"]


def test_stubs_file_not_utf8(tree):
    tree.path(STUBS).write_bytes(tree.path(STUBS).read_bytes() + b"\n# Gr\xf6\xdfe\n")
    got = tree.new_faults()
    assert got[0].startswith(f"variants_src/{STUBS}:1: not UTF-8 text (byte 0xf6 at offset ")


# --------------------------------------------------------------------------- tables

@pytest.mark.parametrize("old, new, name", [
    ("[layout]\n", "[[layout]]\n", "layout"),
])
def test_layout_array_of_tables(tree, old, new, name):
    tree.edit(RULES, old, new)
    line = tree.line_of(RULES, "[[layout]]")
    assert f"{P}/rules.toml:{line}: [layout] must be a table" in tree.new_faults()


def test_layout_as_integer(tree):
    text = tree.text(RULES)
    start = text.index("[layout]")
    end = text.index("[rules.", start)
    tree.write(RULES, "layout = 5\n" + text[:start] + text[end:])
    assert f"{P}/rules.toml:1: [layout] must be a table" in tree.new_faults()


def test_variant_as_string(tree):
    text = tree.text(RULES)
    start = text.index("[variant]")
    end = text.index("[layout]")
    tree.write(RULES, 'variant = "x"\n' + text[:start] + text[end:])
    assert f"{P}/rules.toml:1: [variant] must be a table" in tree.new_faults()


# --------------------------------------------------------------------------- facts

def test_duplicate_facts_row(tree):
    tree.edit(EN, "| First move | Attackers |", "| First move | Attackers |\n| First move | Defenders |")
    first = tree.line_of(EN, "| First move | Attackers")
    assert tree.new_faults() == [f"{P}/en.md:{first + 1}: duplicate facts row 'First move' (first at line {first})"]


def test_marker_must_be_a_whole_phrase(tree):
    """'not open to debate' is no assumption marker (only '(open)', 'left open', 'open question')."""
    line = tree.line_of(EN, "| King |")
    text = tree.text(EN).split("\n")
    text[line - 1] = "| King | Armed, not open to debate |"
    tree.write(EN, "\n".join(text))
    got = [f for f in tree.new_faults() if "states king_armed as fact" in f]
    assert got == [f"{P}/en.md:{tree.line_of(EN, '| King | Armed')}: facts 'King' states king_armed as fact, but rules.toml:"
                   f"{tree.line_of(RULES, '[rules.king_armed]')} marks it assumed; the cell must say so (assumed, assumption, "
                   "(open), left open, open question, not stated, not mentioned)"]


@pytest.mark.parametrize("cell", ["Armed (open)", "Armed; left open by the source", "Armed, assumed"])
def test_marker_phrases_pass(tree, cell):
    line = tree.line_of(EN, "| King |")
    text = tree.text(EN).split("\n")
    text[line - 1] = f"| King | {cell} |"
    tree.write(EN, "\n".join(text))
    assert tree.new_faults() == []


# --------------------------------------------------------------------------- section 9

def test_malformed_source_url(tree):
    tree.edit(EN, "— https://example.org/tiny-tafl", "— https//example.org/tiny-tafl")
    line = tree.line_of(EN, "[tiny-leaflet] Test suite")
    got = tree.new_faults()
    assert f"{P}/en.md:{line}: source [tiny-leaflet]: 'https//example.org/tiny-tafl' after ' — ' is not a well-formed http(s) URL" in got


# --------------------------------------------------------------------------- linear parsing

def test_fence_with_long_blank_run_is_no_fence():
    """'```' + blanks + '`' is no fence (a backtick after the info string); the old regex took
    quadratic time on it (seconds for 10,000 blanks)."""
    from build_tools.format import FENCE_OPEN
    from build_tools.sources import parse_page

    assert FENCE_OPEN.match("```" + " " * 100_000 + "`") is None
    page = parse_page("---\ntitle: x\nlead: y\n---\n## 1. A\n\n```" + " " * 100_000 + "`\n\n## 2. B\n", "de", "x/de.md")
    assert [s.number for s in page.sections] == [1, 2] and page.problems == []


def test_assumed_king_capture_needs_a_marker_in_the_king_row(tree):
    """king_capture assumed: the King row must say so, as for king_armed."""
    tree.edit(RULES, '[rules.king_capture]\nvalue = "custodial"\nref = "5.2"\n',
              '[rules.king_capture]\nvalue = "custodial"\nassumed = true\nalternative = "four_sides"\n'
              'note.de = "Wie der König gefangen wird, sagt die Quelle nicht."\n'
              'note.en = "The source does not say how the king is captured."\n')
    line = tree.line_of(EN, "| King |")
    text = tree.text(EN).split("\n")
    text[line - 1] = "| King | Captured from 2 sides; armed |"
    tree.write(EN, "\n".join(text))
    rule_line = tree.line_of(RULES, "[rules.king_capture]")
    got = [f for f in tree.new_faults() if "king_capture" in f]
    assert got == [f"{P}/en.md:{line}: facts 'King' states king_capture as fact, but rules.toml:{rule_line} marks it assumed; "
                   "the cell must say so (assumed, assumption, (open), left open, open question, not stated, not mentioned)"]
