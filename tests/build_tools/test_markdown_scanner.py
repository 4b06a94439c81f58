"""One reader of code fences and numbered headings (build_tools/format.py) for every reader of a
page: the parser (page_source.parse_page), the validator's code blanking (validate.markup.
blank_code), the page generator's body transform (pages.transform_body) and the mechanics pages'
position fences (mechanics.render_positions) must see the same lines as code.

The reference is what Python-Markdown with pymdownx.superfences (the site's renderer) makes of
the text: a backtick fence's info string holds no backtick (CommonMark 0.31, "Fenced code
blocks"), so ```` ```a`b ```` opens no fence (it renders as inline code), and a fence closes on
a run of the same character at least as long as the opening one.
"""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest

from build_tools import pages
from build_tools.format import (CLOSE, CODE, OPEN, PROSE, FenceScanner, atx_heading, fenced_lines, section_heading,
                                subsection_heading)
from build_tools.mechanics import render_positions
from build_tools.page_source import parse_page
from build_tools.validate.markup import blank_code

#: A line that looks like a fence but is none, the text after it, and a real fence.
BODY = ["```a`b", "See [[brandubh]].", "", "````diagram", "[[tablut]]", "```", "````", "After [[tablut]]."]


def superfences_code(text: str) -> str:
    return markdown.markdown(text, extensions=["pymdownx.superfences"])


def test_the_renderer_reads_a_backtick_in_the_info_string_as_no_fence():
    html = superfences_code("```a`b\nSee [x](y).\n```\n\nafter")
    assert '<a href="y">' not in html and "<code>a`b" in html     # an inline code span, no block
    assert "<pre>" not in superfences_code("```a`b\nx") and "<pre>" in superfences_code("```ab\nx\n```")


def test_the_scanner_reads_each_line_as_the_renderer_does():
    scanner = FenceScanner()
    kinds = [scanner.read(line, n) for n, line in enumerate(BODY, 1)]
    assert kinds == [PROSE, PROSE, PROSE, OPEN, CODE, CODE, CLOSE, PROSE]
    assert scanner.fence is None


def test_an_unclosed_fence_stays_open_with_its_line_and_info():
    scanner = FenceScanner()
    for n, line in enumerate(["text", "~~~~ Diagram", "x", "~~~"], 1):
        scanner.read(line, n)
    assert (scanner.fence.char, scanner.fence.length, scanner.fence.info, scanner.fence.line) == ("~", 4, "diagram", 2)


def test_the_parser_the_validator_and_the_page_generator_agree_on_the_lines_of_code():
    text = "---\ntitle: T\nlead: L\n---\n\n## 7. Verwandte Varianten\n\n" + "\n".join(BODY) + "\n"
    page = parse_page(text, "de", Path("x/de.md"))
    assert [r.slug for r in page.related] == ["brandubh", "tablut"]          # not the one inside the fence
    assert page.problems == []
    blanked = blank_code("\n".join(BODY)).split("\n")
    assert [line.strip() != "" for line in blanked] == [True, True, False, False, False, False, False, True]
    out = pages.transform_body("\n".join(BODY), keys=set(), titles={"brandubh": "Brandubh", "tablut": "Tablut"})
    assert out.split("\n") == ["```a`b", "See [Brandubh](brandubh.md).", "", "````diagram", "[[tablut]]", "```", "````",
                               "After [Tablut](tablut.md)."]
    assert [line for line, fenced in fenced_lines(BODY) if fenced] == BODY[3:7]


def test_a_position_fence_shown_inside_another_code_block_stays_text():
    text = "~~~\n```tafl-position\nno-such-id\n```\n~~~\n"
    warnings = []
    assert render_positions(text, "de", "x.md", warnings.append) == text
    assert warnings == []
    render_positions("```tafl-position\nno-such-id\n```\n", "de", "x.md", warnings.append)
    assert warnings == ["x.md: unknown tafl-position 'no-such-id' (build_tools/mechanics.toml)"]


@pytest.mark.parametrize("line, heading", [
    ("## 5. Regeln", (2, "5. Regeln")),
    ("### 5.3 Königsfelder ###", (3, "5.3 Königsfelder")),
    ("###5.3 Title", (3, "5.3 Title")),
    ("####### seven", None),
    ("text # no", None),
])
def test_atx_headings(line, heading):
    assert atx_heading(line) == heading


def test_numbered_headings():
    assert section_heading("5. Regeln") == (5, "Regeln")
    assert section_heading("5 Regeln") is None and section_heading("5.3 Title") is None
    assert subsection_heading("5.3 Königsfelder") == ("5.3", "Königsfelder")
    assert subsection_heading("5.3.1. Title") == ("5.3.1", "Title")
    assert subsection_heading("5.3") is None and subsection_heading("5. Title") is None


def test_the_parser_and_the_page_generator_number_the_same_subsections():
    body = ["### 5.3 Königsfelder", "x", "### Ohne Nummer", "y", "### 5.4", "z"]
    text = "---\ntitle: T\nlead: L\n---\n\n## 5. Regeln\n\n" + "\n".join(body) + "\n"
    subs = parse_page(text, "de", Path("x/de.md")).sections[0].subsections
    assert [(s.number, s.title) for s in subs] == [("5.3", "Königsfelder"), (None, "Ohne Nummer"), (None, "5.4")]
    out = pages.transform_body("\n".join(body), keys=set(), titles={}).split("\n")
    assert out[0] == "### 5.3 Königsfelder { #sec-5-3 }"
    assert out[2] == "### Ohne Nummer" and out[4] == "### 5.4"
