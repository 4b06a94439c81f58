"""Text-only variants (README.md: a variant whose rules or layout no source gives has
``board = false`` and a one-line ``board_note`` in both languages, and no ``[layout]`` or
``[rules]``): parsing without the engine, and each fault of such a rules.toml, broken in one
place in the fixture tests/build_tools/fixtures/variants_src/tiny-text, with its exact
``path:line: message``. The expected messages are the ones the source format calls for; the
lines are found in the edited file, not taken from the code."""

from __future__ import annotations

import pytest

from build_tools.sources import load_variant
from .helpers import FIXTURE_ROOT

TXT = "tiny-text/rules.toml"
T = "variants_src/tiny-text"
TINY_RULES = "tiny-tafl/rules.toml"
P = "variants_src/tiny-tafl"
NOTE_DE = 'board_note.de = "Kein Brett: Die Quelle nennt weder Brettgröße noch Aufstellung."\n'
NOTE_EN = 'board_note.en = "No board: the source gives neither the board size nor the layout."\n'


# --------------------------------------------------------------------------- parsing

def test_text_only_variant_is_parsed_without_the_engine(monkeypatch):
    """board = false: text_only, both notes, name and historicity from [variant]; the engine
    is never asked (its loader would reject a file without [layout])."""
    import tafl_core

    def boom(*a, **k):
        raise AssertionError("the engine must not see a text-only rules.toml")
    monkeypatch.setattr(tafl_core.Ruleset, "from_toml", classmethod(boom))
    monkeypatch.setattr(tafl_core, "parse_diagram", boom)
    v = load_variant(FIXTURE_ROOT / "tiny-text")
    assert v.text_only is True
    assert v.board_note == {"de": "Kein Brett: Die Quelle nennt weder Brettgröße noch Aufstellung.",
                            "en": "No board: the source gives neither the board size nor the layout."}
    assert v.ruleset is None and v.layout is None
    assert v.rules_error is None and v.layout_error is None
    assert v.name == "Tiny Text (test fixture)"
    assert v.historicity == "rules_reconstructed"
    assert sorted(v.pages) == ["de", "en"] and v.missing == []


def test_variant_with_a_board_is_not_text_only():
    v = load_variant(FIXTURE_ROOT / "tiny-tafl")
    assert v.text_only is False and v.board_note == {}
    assert v.ruleset is not None and v.name == "Tiny Tafl (test fixture)" and v.historicity == "modern"


# --------------------------------------------------------------------------- rules.toml faults

def test_layout_table_next_to_board_false(tree):
    tree.write(TXT, tree.text(TXT) + '\n[layout]\ndiagram = """\n. . .\n. K .\n. . .\n"""\n')
    line = tree.line_of(TXT, "[layout]")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: [layout] is not allowed with board = false: a variant without a board has only the [variant] table"]


def test_rules_tables_next_to_board_false_are_one_fault(tree):
    """Two [rules.*] tables: one fault, at the first; the facts are still not compared with
    them (the facts table says 'not recorded' for every rule)."""
    tree.write(TXT, tree.text(TXT) + '\n[rules.first_mover]\nvalue = "attackers"\nref = "5.1"\n'
               '\n[rules.escape]\nvalue = "corners"\nref = "4"\n')
    line = tree.line_of(TXT, "[rules.first_mover]")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: [rules] is not allowed with board = false: a variant without a board has only the [variant] table"]


def test_other_table_next_to_board_false(tree):
    tree.write(TXT, tree.text(TXT) + '\n[extra]\nx = 1\n')
    line = tree.line_of(TXT, "[extra]")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: [extra] is not allowed with board = false: a variant without a board has only the [variant] table"]


def test_board_false_without_notes(tree):
    tree.edit(TXT, NOTE_DE + NOTE_EN, "")
    line = tree.line_of(TXT, "board = false")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: board = false needs board_note.de and board_note.en (a one-line reason in each language)"]


def test_board_false_without_english_note(tree):
    tree.edit(TXT, NOTE_EN, "")
    line = tree.line_of(TXT, "board = false")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: board = false needs board_note.en (a one-line reason in each language)"]


@pytest.mark.parametrize("value", ['""', '"   "', '"""\nKein Brett.\nZweite Zeile.\n"""', "3"])
def test_board_note_not_one_line_of_text(tree, value):
    tree.edit(TXT, NOTE_DE, f"board_note.de = {value}\n")
    line = tree.line_of(TXT, "board_note.de")
    assert tree.new_faults() == [f"{T}/rules.toml:{line}: board_note.de must be one line of text"]


def test_board_note_unknown_language(tree):
    tree.edit(TXT, NOTE_EN, NOTE_EN + 'board_note.fr = "Pas de plateau."\n')
    line = tree.line_of(TXT, "board_note.fr")
    assert tree.new_faults() == [f"{T}/rules.toml:{line}: board_note.fr: unknown language (only de and en)"]


def test_board_note_not_per_language(tree):
    tree.edit(TXT, NOTE_DE + NOTE_EN, 'board_note = "No board."\n')
    line = tree.line_of(TXT, "board_note =")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: board_note must be given per language: board_note.de and board_note.en"]


def test_board_note_as_a_subtable(tree):
    """[variant.board_note] with de/en keys is the same TOML as the dotted keys."""
    tree.edit(TXT, NOTE_DE + NOTE_EN, "")
    tree.write(TXT, tree.text(TXT) + '\n[variant.board_note]\nde = "Kein Brett."\nen = ""\n')
    line = tree.line_of(TXT, 'en = ""')
    assert tree.new_faults() == [f"{T}/rules.toml:{line}: board_note.en must be one line of text"]


def test_text_only_without_name(tree):
    tree.edit(TXT, 'name = "Tiny Text (test fixture)"\n', "")
    line = tree.line_of(TXT, "[variant]")
    assert tree.new_faults() == [f"{T}/rules.toml:{line}: [variant] needs a name"]


def test_text_only_unknown_historicity(tree):
    tree.edit(TXT, 'historicity = "rules_reconstructed"', 'historicity = "legendary"')
    line = tree.line_of(TXT, "historicity")
    assert tree.new_faults() == [
        f"{T}/rules.toml:{line}: historicity 'legendary' is not one of board_attested, rules_reconstructed, modern"]


@pytest.mark.parametrize("value", ["true", '"no"'])
def test_board_other_than_false(tree, value):
    """A variant with a board leaves board out; board = true (or anything but false) is a fault."""
    tree.edit(TINY_RULES, 'historicity = "modern"\n', f'historicity = "modern"\nboard = {value}\n')
    line = tree.line_of(TINY_RULES, "board = ")
    assert tree.new_faults() == [
        f"{P}/rules.toml:{line}: board = {value} is not allowed: write board = false for a variant without a board, or leave board out"]


def test_board_note_without_board_false(tree):
    tree.edit(TINY_RULES, 'historicity = "modern"\n', 'historicity = "modern"\nboard_note.en = "No board."\n')
    line = tree.line_of(TINY_RULES, "board_note.en")
    assert tree.new_faults() == [
        f"{P}/rules.toml:{line}: board_note is only for a variant without a board (board = false)"]


def test_raw_html_in_board_note(tree):
    """The note is shown on the page: it is checked like every text."""
    tree.edit(TXT, NOTE_EN, 'board_note.en = "No board.<script>x()</script>"\n')
    line = tree.line_of(TXT, "<script>")
    assert tree.new_faults() == [f"{T}/rules.toml:{line}: raw HTML <script> is not allowed in sources (write markdown)"]


# --------------------------------------------------------------------------- the pages: as usual

def test_text_only_facts_table_still_needs_every_row(tree):
    tree.edit("tiny-text/en.md", "| First move | not recorded |\n", "")
    line = tree.line_of("tiny-text/en.md", "| Name | Tiny Text |")
    assert tree.new_faults() == [f"{T}/en.md:{line}: facts table has no row 'First move'"]


def test_text_only_citation_not_listed(tree):
    tree.edit("tiny-text/de.md", "aus einer erfundenen Notiz [tiny-note].", "aus einer erfundenen Notiz [Nobody2000].")
    line = tree.line_of("tiny-text/de.md", "[Nobody2000]")
    assert tree.new_faults() == [f"{T}/de.md:{line}: citation [Nobody2000] is not listed in section 9 (Quellen)"]


def test_text_only_section_missing(tree):
    tree.edit("tiny-text/en.md", "## 6. Trivia\n\n- This page has no board, but all ten sections.\n\n", "")
    line = tree.line_of("tiny-text/en.md", "## 7. Related variants")
    assert tree.new_faults() == [f"{T}/en.md:{line}: section '## 6. Trivia' is missing"]


def test_text_only_related_variants_differ(tree):
    tree.edit("tiny-text/en.md", "- [[brandubh|Brandubh]]: also small.\n", "")
    line_de = tree.line_of("tiny-text/de.md", "[[brandubh|Brandubh]]")
    line = tree.line_of("tiny-text/en.md", "## 7. Related variants")
    assert tree.new_faults() == [
        f"{T}/en.md:{line}: related variant [[brandubh]] is linked in de.md:{line_de} but not here"]


def test_text_only_original_diagram_is_parsed_not_compared(tree):
    """A start diagram in section 8 of a text-only variant must parse; there is no layout to
    compare it with."""
    good = "```diagram\n. . . A . . .\n. . . A . . .\n. . . D . . .\nA A D K D A A\n. . . D . . .\n. . . A . . .\n. . . A . . .\n```\n"
    for page in ("tiny-text/de.md", "tiny-text/en.md"):
        tree.edit(page, "The king flees. Pieces move like rooks.\n", "The king flees. Pieces move like rooks.\n\n" + good)
    assert tree.new_faults() == []
    for page in ("tiny-text/de.md", "tiny-text/en.md"):
        tree.edit(page, "A A D K D A A\n", "A A D X D A A\n")
    assert tree.new_faults() == [
        f"{T}/de.md:{tree.line_of('tiny-text/de.md', 'A A D X D A A')}: unknown symbol 'X' at d4 (use . A D K C N)",
        f"{T}/en.md:{tree.line_of('tiny-text/en.md', 'A A D X D A A')}: unknown symbol 'X' at d4 (use . A D K C N)",
    ]
