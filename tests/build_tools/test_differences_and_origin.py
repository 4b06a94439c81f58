"""The validator's checks of ``[[differences]]`` (the named differences from other engines) and
of ``[layout] origin`` (cites listed sources), on a copy of the fixture tree (README.md, "Writing
a variant source": "rules.toml" and "Differences from other engines")."""

from __future__ import annotations

import pytest

from build_tools.differences import ENGINES, entry_faults, names_engine, normalise
from build_tools.validate.differences import ref_text
from build_tools.validate.origin import origin_keys
from tests.build_tools.helpers import FIXTURE_ROOT, copy_tree

RULES = "tiny-tafl/rules.toml"
EN = "tiny-tafl/en.md"
DE = "tiny-tafl/de.md"


@pytest.fixture
def tree(tmp_path):
    t = copy_tree(FIXTURE_ROOT, tmp_path)
    assert t.baseline == [], t.baseline
    return t


def _section10(tree, lang: str) -> str:
    """Append one paragraph naming OpenTafl to section 10 of the page (the last section)."""
    text = {"en": "OpenTafl lets the defenders begin in its reading.",
            "de": "OpenTafl lässt in seiner Lesart die Verteidiger beginnen."}[lang]
    path = EN if lang == "en" else DE
    tree.write(path, tree.text(path).rstrip("\n") + "\n\n" + text + "\n")
    return text


def _entry(engine="opentafl", key="first_mover", ref="10",
           de="OpenTafl lässt in seiner Lesart die Verteidiger beginnen",
           en="OpenTafl lets the defenders begin") -> str:
    return (f'\n[[differences]]\nengine = "{engine}"\nkey = "{key}"\nref = "{ref}"\n'
            f'phrase.de = "{de}"\nphrase.en = "{en}"\n')


def test_an_entry_whose_words_stand_on_both_pages_is_valid(tree):
    _section10(tree, "en"), _section10(tree, "de")
    tree.write(RULES, tree.text(RULES) + _entry())
    assert tree.new_faults() == []


def test_words_missing_from_one_language_are_a_fault_at_the_entry(tree):
    _section10(tree, "en")
    tree.write(RULES, tree.text(RULES) + _entry())
    line = tree.line_of(RULES, "[[differences]]")
    assert tree.new_faults() == [
        f"variants_src/{RULES}:{line}: [[differences]] opentafl first_mover: phrase.de "
        "'OpenTafl lässt in seiner Lesart die Verteidiger beginnen' does not stand in one paragraph, "
        "list item or table row of section 10 of de.md"]


def test_words_in_a_paragraph_that_does_not_name_the_engine_are_a_fault(tree):
    _section10(tree, "en"), _section10(tree, "de")
    tree.write(RULES, tree.text(RULES) + _entry(engine="ludii"))
    faults = tree.new_faults()
    assert len(faults) == 2 and all("does not name Ludii" in f for f in faults), faults


def test_unknown_engine_key_field_and_a_second_entry_are_faults(tree):
    _section10(tree, "en"), _section10(tree, "de")
    tree.write(RULES, tree.text(RULES) + _entry() + _entry()
               + '\n[[differences]]\nengine = "chess.com"\nkey = "kings"\nref = "x"\nsays = 1\n')
    faults = " | ".join(tree.new_faults())
    assert "opentafl first_mover: named twice" in faults
    assert "engine 'chess.com' is not one of" in faults
    assert "key 'kings' is neither 'layout' nor a rule key" in faults
    assert "unknown field 'says'" in faults
    assert "missing field 'phrase'" in faults


def test_a_note_ref_looks_in_the_rules_note(tree):
    # tiny-tafl's king_armed rule is an assumption with a note in both languages.
    notes = tree.text(RULES)
    assert "note.en" in notes
    tree.edit(RULES, 'note.en = "', 'note.en = "OpenTafl disagrees. ', count=notes.count('note.en = "'))
    tree.edit(RULES, 'note.de = "', 'note.de = "OpenTafl sieht das anders. ', count=notes.count('note.de = "'))
    key = next(k for k in ("king_armed", "repetition", "no_moves", "corners") if f"[rules.{k}]" in notes
               and "note.en" in notes.split(f"[rules.{k}]")[1].split("[rules.")[0])
    tree.write(RULES, tree.text(RULES) + _entry(key=key, ref="note", de="OpenTafl sieht das anders.",
                                                en="OpenTafl disagrees."))
    assert tree.new_faults() == []


def test_a_layout_origin_without_a_listed_source_is_a_fault(tree):
    tree.edit(RULES, "[tiny-leaflet]", "[tiny-leaflet; opentafl]")
    line = tree.line_of(RULES, "origin = ")
    assert tree.new_faults() == [
        f"variants_src/{RULES}:{line}: [layout] origin cites [opentafl], which section 9 of de.md does not list",
        f"variants_src/{RULES}:{line}: [layout] origin cites [opentafl], which section 9 of en.md does not list"]
    tree.edit(RULES, "[tiny-leaflet; opentafl]", "the shared reference layout")
    assert tree.new_faults() == [
        f"variants_src/{RULES}:{line}: [layout] origin cites no source: name where the layout comes from "
        "with the page's source keys, e.g. [opentafl]"]


def test_origin_keys_reads_citations_as_the_pages_do():
    assert origin_keys("PTO's 'coppergate1' [opentafl]; Walker's picture [a-b; MS122]") == ["opentafl", "a-b", "MS122"]
    assert origin_keys("no [citation here] at all") == []


def test_entry_faults_and_engine_names():
    assert entry_faults({"engine": "hnefatafl-rs", "key": "layout", "ref": "5.9",
                         "phrase": {"de": "x", "en": "y"}}) == []
    assert entry_faults("text") == ["each [[differences]] entry must be a table"]
    assert names_engine("K. Francis-H.'s tafl server", "tafl_server")
    assert not names_engine("the Ludii portal", "opentafl")
    assert set(ENGINES) == {"opentafl", "abstractplay", "hnefatafl-rs", "ludii", "tafl_server", "hnefatafl-org"}
    assert normalise("a\n  b\tc ") == "a b c"


def test_ref_text_cuts_a_subsection_at_the_next_heading(tree):
    from build_tools.sources import load_variant
    page = load_variant(tree.root / "tiny-tafl").pages["en"]
    subs = [s.number for s in page.section(5).subsections if s.number]
    assert subs, "the fixture has numbered subsections in section 5"
    text = ref_text(page, subs[0])
    assert text.startswith(f"### {subs[0]}") and "\n### " not in text and "\n## " not in text
    assert ref_text(page, "5.99") is None and ref_text(page, "11") is None


_WRONG_TYPED = {
    # field: (TOML value, what the fault says of it)
    "engine as an array": ('engine = ["opentafl"]', "engine is an array, not one of"),
    "engine as a table": ("engine = { name = \"opentafl\" }", "engine is a table, not one of"),
    "key as an array": ('key = ["first_mover"]', "key is an array, neither 'layout' nor a rule key"),
    "key as an integer": ("key = 7", "key is an integer, neither 'layout' nor a rule key"),
    "ref of 5,000 digits": ('ref = "' + "1" * 5000 + '"',
                            "ref '" + "1" * 40 + "…' is not a section (\"10\"), a subsection (\"5.9\") or \"note\""),
    "ref as a float": ("ref = 5.9", "ref is a float, not a section"),
}


@pytest.mark.parametrize("case", list(_WRONG_TYPED))
def test_a_wrong_typed_difference_value_is_a_fault_at_its_line(tree, case, capsys):
    from build_tools.__main__ import main as cli_main
    _section10(tree, "en"), _section10(tree, "de")
    toml, said = _WRONG_TYPED[case]
    field = toml.split(" =")[0]
    entry = "\n".join(toml if line.startswith(field + " =") else line for line in _entry().split("\n"))
    assert toml in entry
    tree.write(RULES, tree.text(RULES) + entry)
    line = tree.line_of(RULES, "[[differences]]")
    faults = tree.new_faults()
    assert len(faults) == 1 and faults[0].startswith(f"variants_src/{RULES}:{line}: [[differences]]: {said}"), faults
    # The command line prints it like every other fault (exit 1), not as an unexpected error.
    assert cli_main(["validate", "--root", str(tree.root)]) == 1
    out, err = capsys.readouterr()
    assert "unexpected error" not in err and f"rules.toml:{line}: [[differences]]: {said}" in out
