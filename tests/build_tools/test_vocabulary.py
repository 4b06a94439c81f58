"""One vocabulary: the glossary file ``_glossary.toml`` checked with
``path:line`` faults, its discouraged synonyms refused in every source's prose (not in quotes,
the original text or code), and German quotation marks „…“ in de.md.

The expected messages follow the glossary's words (``use "Randflucht", not "Kantenflucht"``); the
glossary written here is the repository's first entry (variants_src/_glossary.toml)."""

from __future__ import annotations

import shutil

from build_tools.glossary import load_glossary
from build_tools.validate.vocabulary import quote_faults
from .helpers import REAL_ROOT

DE = "tiny-tafl/de.md"
EN = "tiny-tafl/en.md"
P = "variants_src/tiny-tafl"
G = "variants_src/_glossary.toml"

GLOSSARY = '''# test glossary
[edge_escape]
de = "Randflucht"
en = "edge escape"
de_avoid = ["Kantenflucht"]
en_avoid = ["edge flight"]
definition.de = "Der König gewinnt am Rand."
definition.en = "The king wins on the edge."

[restricted_squares]
de = "Sperrfelder"
en = "restricted squares"
de_avoid = ["Königsfelder", "Königsfeld"]
en_avoid = ["king's squares", "king's square"]
definition.de = "Thron und Ecken."
definition.en = "Throne and corners."
'''


def with_glossary(tree, text=GLOSSARY):
    tree.write("_glossary.toml", text)
    return tree


# --------------------------------------------------------------------------- the glossary file

def test_real_glossary_is_valid_and_read():
    terms = {t.key: t for t in load_glossary(REAL_ROOT)}
    assert terms["edge_escape"].preferred == {"de": "Randflucht", "en": "edge escape"}
    assert terms["edge_escape"].avoid["de"] == ("Kantenflucht",)
    assert terms["exit_fort"].definition["en"].startswith("An unbreakable position")


def test_glossary_is_valid(tree):
    with_glossary(tree)
    assert tree.faults() == []


def test_glossary_not_toml(tree):
    with_glossary(tree, GLOSSARY.replace('en = "edge escape"', 'en = "edge escape'))
    faults = tree.faults()
    assert len(faults) == 1 and faults[0].startswith(f"{G}:4: not valid TOML")


def test_glossary_entry_without_term_or_definition(tree):
    with_glossary(tree, GLOSSARY.replace('de = "Randflucht"\n', "").replace('definition.en = "The king wins on the edge."\n', ""))
    assert tree.faults() == [f"{G}:2: concept 'edge_escape' has no de term",
                             f"{G}:2: concept 'edge_escape' has no definition.en"]


def test_glossary_unknown_key_and_bad_avoid(tree):
    with_glossary(tree, GLOSSARY.replace('en_avoid = ["edge flight"]', 'en_avoid = "edge flight"\nsee = "x"'))
    assert tree.faults() == [f"{G}:6: concept 'edge_escape': en_avoid must be a list of non-empty strings",
                             f"{G}:7: concept 'edge_escape': unknown key 'see' (de, en, de_avoid, en_avoid, de_forms, en_forms, definition.de, definition.en)"]


def test_glossary_avoids_a_preferred_term(tree):
    with_glossary(tree, GLOSSARY.replace('de_avoid = ["Königsfelder", "Königsfeld"]', 'de_avoid = ["Randflucht"]'))
    assert tree.faults() == [f"{G}:13: concept 'restricted_squares': de_avoid names 'randflucht', the preferred term of 'edge_escape'"]


def test_glossary_raw_html(tree):
    with_glossary(tree, GLOSSARY.replace("Der König gewinnt am Rand.", "Der <b>König</b>."))
    faults = tree.faults()
    assert faults and all(f.startswith(f"{G}:7: concept 'edge_escape' definition.de: ") for f in faults)


# --------------------------------------------------------------------------- discouraged terms

def test_discouraged_term_in_german_prose(tree):
    with_glossary(tree)
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.", "Die Zugwiederholung regelt die Quelle nicht, die Kantenflucht auch nicht.")
    line = tree.line_of(DE, "Kantenflucht")
    assert tree.faults() == [f'{P}/de.md:{line}: use "Randflucht", not "Kantenflucht" (glossary: _glossary.toml [edge_escape])']


def test_discouraged_term_in_english_heading_once(tree):
    with_glossary(tree)
    old = tree.text(EN).split("### 5.3 ")[1].split("\n")[0]
    tree.edit(EN, f"### 5.3 {old}", "### 5.3 King’s squares")
    line = tree.line_of(EN, "King’s squares")
    assert tree.faults() == [f'{P}/en.md:{line}: use "restricted squares", not "King’s squares" (glossary: _glossary.toml [restricted_squares])']


def test_german_term_not_checked_on_english_page(tree):
    with_glossary(tree)
    tree.edit(EN, "## 6. Trivia\n", "## 6. Trivia\n\n- German writers say Randflucht, never Kantenflucht in our texts.\n")
    assert tree.faults() == []


def test_discouraged_term_in_rules_note(tree):
    with_glossary(tree)
    rules = tree.text("tiny-tafl/rules.toml")
    note = next(l for l in rules.split("\n") if l.startswith("note.de = "))
    tree.edit("tiny-tafl/rules.toml", note, 'note.de = "Wie bei der Kantenflucht offen."')
    line = tree.line_of("tiny-tafl/rules.toml", "Kantenflucht")
    faults = tree.faults()
    assert len(faults) == 1 and faults[0].startswith(f"{P}/rules.toml:{line}: rules.")
    assert faults[0].endswith('note.de: use "Randflucht", not "Kantenflucht" (glossary: _glossary.toml [edge_escape])')


def test_discouraged_terms_allowed_in_quotes_original_and_code(tree):
    with_glossary(tree)
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.",
              "Die Quelle nennt das „Kantenflucht“, `Kantenflucht` ist Code.\n\n> Die Kantenflucht gilt.\n")
    for page in (DE, EN):
        tree.edit(page, "between two enemies [sic].", "between two enemies [sic]. Kantenflucht, edge flight.")
    tree.edit(EN, "## 6. Trivia\n", "## 6. Trivia\n\n- The leaflet calls it “edge flight”.\n")
    assert tree.faults() == []


def test_real_sources_have_no_discouraged_terms():
    from build_tools.validate import validate_tree
    assert [str(f) for f in validate_tree(REAL_ROOT) if "glossary" in f.message or "quot" in f.message or "„" in f.message] == []


# --------------------------------------------------------------------------- German quotes

def test_ascii_quote_in_german_prose(tree):
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.", 'Die Quelle nennt das "Zugzwang".')
    line = tree.line_of(DE, '"Zugzwang"')
    assert tree.faults() == [f'{P}/de.md:{line}: ASCII " as a quotation mark in German text: write „…“'] * 1


def test_german_quote_closed_wrongly(tree):
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.", "Die Quelle nennt das „Zugzwang”.")
    line = tree.line_of(DE, "Zugzwang")
    assert tree.faults() == [f"{P}/de.md:{line}: ” (U+201D) as a quotation mark: German quotes close with “ (U+201C), „…“"]


def test_german_quote_never_closed(tree):
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.", "Die Quelle nennt das „Zugzwang.")
    line = tree.line_of(DE, "Zugzwang")
    assert tree.faults() == [f"{P}/de.md:{line}: „ is not closed with “ in its paragraph (German quotes are „…“)"]


def test_german_quotes_correct_and_ascii_outside_prose(tree):
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.",
              'Die Quelle nennt das „Zugzwang“, über zwei Zeilen „geht\nes auch“. Code `"x"` und [Link](https://example.org/x "Titel").')
    for page in (DE, EN):
        tree.edit(page, "between two enemies [sic].", 'between two "enemies" [sic].')
    tree.edit(DE, "title: Tiny Tafl", 'title: "Tiny Tafl"')
    assert tree.faults() == []


def test_quote_faults_unit():
    assert quote_faults("„a“ b\n") == []
    assert quote_faults("x “ y\n") == [(1, "“ closes no „ (German quotes are „…“)")]
    assert quote_faults("„a\n\nb“\n") == [(1, "„ is not closed with “ in its paragraph (German quotes are „…“)"),
                                           (3, "“ closes no „ (German quotes are „…“)")]


def test_discouraged_term_in_quote_over_two_lines(tree):
    """A quotation wrapped over a line end is still a quotation (same paragraph)."""
    with_glossary(tree)
    tree.edit(DE, "Die Zugwiederholung regelt die Quelle nicht.", "Die Quelle schreibt „die\nKantenflucht gilt“.")
    assert tree.faults() == []
    tree.edit(DE, "Die Quelle schreibt „die\nKantenflucht gilt“.", "Die Quelle schreibt „die\n\nKantenflucht gilt“.")
    line = tree.line_of(DE, "Kantenflucht gilt")
    assert f'{P}/de.md:{line}: use "Randflucht", not "Kantenflucht" (glossary: _glossary.toml [edge_escape])' in tree.faults()
