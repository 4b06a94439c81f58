"""build_tools.validate: faults a tester found reported as crashes or passing silently —
unreadable files, rules.toml sections that are not tables, duplicate facts rows, assumption
markers as whole words, malformed source URLs. Each test breaks the valid fixture
(tests/build_tools/fixtures/variants_src) in one place and asserts the exact fault."""

from __future__ import annotations

import pytest


DE = "tiny-tafl/de.md"
EN = "tiny-tafl/en.md"
RULES = "tiny-tafl/rules.toml"
P = "variants_src/tiny-tafl"
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
