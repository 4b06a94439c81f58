"""build_tools.sources: parsing the source format of README.md ("Writing a variant source")."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools.sources import (
    Citation, Fact, Original, Related, SourceEntry, citations_in, load_all, load_stubs,
    load_variant, parse_page, parse_source_entry,
)
from .helpers import FIXTURE_ROOT

TINY = FIXTURE_ROOT / "tiny-tafl"


def page(text: str, lang: str = "de"):
    return parse_page(text, lang, Path(f"x/{lang}.md"))


# --------------------------------------------------------------------------- front matter

def test_front_matter_title_and_lead():
    p = page('---\ntitle: "Ealdfaeder Taefl"\nlead: Ein 9×9-Regelsatz: mit Eckflucht.\n---\n\n## 1. Grunddaten\n')
    assert p.title == "Ealdfaeder Taefl"
    assert p.lead == "Ein 9×9-Regelsatz: mit Eckflucht."
    assert p.front_matter == {"title": ("Ealdfaeder Taefl", 2), "lead": ("Ein 9×9-Regelsatz: mit Eckflucht.", 3)}
    assert p.problems == []


def test_front_matter_is_not_yaml():
    """Only 'key: value' lines; YAML tags or nesting are not interpreted."""
    p = page("---\ntitle: !!python/object:os.system x\n  - nested\n---\n")
    assert p.title == "!!python/object:os.system x"
    assert p.problems == [(3, "front matter line is not 'key: value': '- nested'")]


def test_front_matter_missing_or_unclosed():
    assert page("## 1. Grunddaten\n").problems == [
        (1, "page does not start with front matter ('---', 'title: …', 'lead: …', '---')")]
    assert page("---\ntitle: x\n").problems == [(1, "front matter opened with '---' is never closed")]


# --------------------------------------------------------------------------- sections

def test_sections_and_subsections_with_lines():
    p = page("---\ntitle: t\nlead: l\n---\n## 1. Grunddaten\n\nText\n\n## 5. Spielregeln\n\n### 5.1 Erstzug\n\nA.\n\n### 5.2. Schlagen\nB.\n## Anhang\n")
    assert [(s.number, s.title, s.line) for s in p.sections] == [(1, "Grunddaten", 5), (5, "Spielregeln", 9), (None, "Anhang", 17)]
    assert [(x.number, x.title, x.line) for x in p.sections[1].subsections] == [("5.1", "Erstzug", 11), ("5.2", "Schlagen", 15)]
    assert p.sections[0].body == "\nText\n"
    assert p.sections[0].end_line == 8


def test_headings_inside_code_and_original_block_are_text():
    p = page("---\ntitle: t\nlead: l\n---\n## 8. X\n\n```\n## 9. not a heading\n```\n/// original | en\n## Objective\n///\n")
    assert [s.number for s in p.sections] == [8]
    assert p.original == Original("en", "## Objective", 10)


# --------------------------------------------------------------------------- facts

def test_facts_rows_with_lines():
    p = page("---\ntitle: t\nlead: l\n---\n## 1. Grunddaten\n\n| Name | Alea |\n|---|---|\n| **Thron** | Ja \\| zentral |\n\n| Figur | Anzahl |\n|---|---|\n| König | 1 |\n")
    assert p.facts == [Fact("Name", "Alea", 7), Fact("Thron", "Ja | zentral", 9)]
    assert p.facts_line == 7


def test_facts_table_is_the_first_table_only():
    p = page("---\ntitle: t\nlead: l\n---\n## 1. Grunddaten\n\n| Name | A |\n|---|---|\n```\nx\n```\n| Other | B |\n")
    assert p.facts == [Fact("Name", "A", 7)]


def test_facts_only_in_section_1():
    p = page("---\ntitle: t\nlead: l\n---\n## 3. X\n\n| Figur | Anzahl |\n|---|---|\n")
    assert p.facts == [] and p.facts_line is None


# --------------------------------------------------------------------------- citations

@pytest.mark.parametrize("text, keys", [
    ("Text [cyningstan-eald].", ["cyningstan-eald"]),
    ("Text [MS122; Murray1952].", ["MS122", "Murray1952"]),
    ("A [link](http://x.org) and ![img](a.png).", []),
    ("A [reference link][ref] and [x](y)", []),
    ("[def]: http://x", []),
    ("Related [[linnaeus-tablut]] and [[brandubh|Brandubh]].", []),
    ("Code `[not-a-citation]` and ``[neither]``.", []),
    ("Escaped \\[not] and prose [with spaces].", []),
])
def test_citations_in_prose(text, keys):
    assert [c.key for c in citations_in(text, 5)] == keys


def test_citations_skip_fenced_code_and_original_block():
    p = page("---\ntitle: t\nlead: l\n---\n## 2. X\n\n[a]\n```\n[b]\n```\n/// original | en\n[c] and [sic]\n///\n~~~\n[d]\n~~~\n[e]\n")
    assert p.citations == [Citation("a", 7), Citation("e", 17)]


# --------------------------------------------------------------------------- sources

@pytest.mark.parametrize("content, entry", [
    ("[cyningstan-eald] Walker, Damian: Ealdfaeder Taefl Rules. — http://tafl.cyningstan.com/page/689/ealdfaeder-taefl-rules",
     SourceEntry("cyningstan-eald", "Walker, Damian: Ealdfaeder Taefl Rules.", "http://tafl.cyningstan.com/page/689/ealdfaeder-taefl-rules", False, 3)),
    ("[Murray1952] Murray, H. J. R.: A History of Board-Games other than Chess, 1952. (Hintergrund)",
     SourceEntry("Murray1952", "Murray, H. J. R.: A History of Board-Games other than Chess, 1952.", None, True, 3)),
    ("[x] A page. — <https://example.org/a> (background)", SourceEntry("x", "A page.", "https://example.org/a", True, 3)),
    ("[x] A page – https://example.org/a", SourceEntry("x", "A page", "https://example.org/a", False, 3)),
    ("[x] Oxford — Clarendon Press, 1952.", SourceEntry("x", "Oxford — Clarendon Press, 1952.", None, False, 3)),
    ("No key here", SourceEntry(None, "No key here", None, False, 3)),
])
def test_source_entries(content, entry):
    assert parse_source_entry(content, 3) == entry


def test_sources_only_section_9_list_items_with_continuation():
    p = page("---\ntitle: t\nlead: l\n---\n## 6. X\n\n- [a] not a source\n\n## 9. Quellen\n\nIntro.\n\n- [a] Long title\n  continued. — https://example.org/a\n- [b] Book. (Hintergrund)\n")
    assert p.sources == [SourceEntry("a", "Long title continued.", "https://example.org/a", False, 13),
                         SourceEntry("b", "Book.", None, True, 15)]
    # The key that opens an entry is not a citation of itself.
    assert [c.key for c in p.citations] == ["a"] and p.citations[0].line == 7


# --------------------------------------------------------------------------- related, original, diagrams

def test_related_links():
    p = page("---\ntitle: t\nlead: l\n---\n## 7. Verwandte Varianten\n\n- [[linnaeus-tablut]]: Kantenflucht.\n- [[ brandubh | Brandubh ]]\n")
    assert p.related == [Related("linnaeus-tablut", None, 7), Related("brandubh", "Brandubh", 8)]


def test_original_block_and_diagram_lines():
    p = page("---\ntitle: t\nlead: l\n---\n## 8. X\n\nIntro [k].\n\n/// original | en\nRules text.\n\n```diagram\n7 . . . A . . .\n```\n///\n\n```diagram\n1 K\n```\n")
    assert p.original == Original("en", "Rules text.\n\n```diagram\n7 . . . A . . .\n```", 9)
    assert p.original_section == 8
    assert [(d.text, d.line, d.section, d.in_original) for d in p.diagrams] == [
        ("7 . . . A . . .", 13, 8, True), ("1 K", 18, 8, False)]


def test_unclosed_blocks_are_problems():
    p = page("---\ntitle: t\nlead: l\n---\n## 8. X\n/// original | en\ntext\n")
    assert p.problems == [(6, "'/// original' block is never closed with '///'")]
    p = page("---\ntitle: t\nlead: l\n---\n## 8. X\n````diagram\n```\n")
    assert p.problems == [(6, "code block opened with '````' is never closed")]


def test_crlf_line_endings():
    p = page("---\r\ntitle: t\r\nlead: l\r\n---\r\n## 1. Grunddaten\r\n\r\n| Name | X |\r\n")
    assert p.title == "t" and p.facts == [Fact("Name", "X", 7)]


# --------------------------------------------------------------------------- variants, stubs

def test_load_variant_fixture_pages():
    v = load_variant(TINY)
    assert v.slug == "tiny-tafl" and v.missing == []
    assert set(v.pages) == {"de", "en"}
    de = v.pages["de"]
    assert de.title == "Tiny Tafl" and [s.number for s in de.sections] == list(range(1, 11))
    assert de.sources[0] == SourceEntry("tiny-leaflet", "Test-Suite: Tiny Tafl Leaflet.", "https://example.org/tiny-tafl", False, 79)
    assert de.related == [Related("brandubh", "Brandubh", 56)]
    assert v.diagram_line == 10 and v.diagram_end_line == 17


def test_load_variant_fixture_ruleset_and_layout():
    v = load_variant(TINY)
    assert v.rules_error is None and v.layout_error is None
    assert v.ruleset.size == 7
    assert v.layout.counts() == {"attacker": 8, "defender": 4, "king": 1}
    assert v.ruleset.rules["king_armed"].assumed is True


def test_load_variant_reports_missing_files(tmp_path):
    (tmp_path / "empty-variant").mkdir()
    v = load_variant(tmp_path / "empty-variant")
    assert v.missing == ["rules.toml", "de.md", "en.md"] and v.pages == {} and v.ruleset is None


def test_load_all_sorted_and_skips_underscore_folders(tmp_path):
    for name in ("b-var", "a-var", "_drafts"):
        (tmp_path / name).mkdir()
    assert [v.slug for v in load_all(tmp_path)] == ["a-var", "b-var"]


def test_load_stubs(tmp_path):
    assert load_stubs(FIXTURE_ROOT) == {"brandubh": {"de": "Brandubh", "en": "Brandubh"}}
    assert load_stubs(tmp_path) == {}
    (tmp_path / "_not_yet_documented.toml").write_text('[x]\nde = "X"\n[y]\nde = "Y"\nen = "Why"\n', encoding="utf-8")
    assert load_stubs(tmp_path) == {"y": {"de": "Y", "en": "Why"}}
