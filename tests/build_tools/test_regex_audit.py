"""Every regular expression of build_tools that reads author input and could backtrack
catastrophically was rewritten (notes/regex-audit-build.md lists all patterns and the verdicts).
One test per fixed pattern: an adversarial input the old pattern took minutes or hours on (its
time grew with the square or the cube of the input) must finish -- the sizes are chosen so that
the old code would exceed the stall guard many times over -- and give the right answer, taken
from the format's rules (README.md, "Writing a variant source"), not from the code. No timing
asserts; the stall guard only stops a test that hangs."""

from __future__ import annotations

import signal
from types import SimpleNamespace

import pytest

from build_tools.format import code_spans
from build_tools.mechanics import render_positions
from build_tools.sources import citations_in, parse_page
from build_tools.site_plugin import page_title, without_site_url_alternates
from build_tools.validate import link_targets, unsafe_links
from build_tools.sources import toml_lines

#: Long enough that a quadratic pattern needs far more than the stall guard (the old patterns
#: took 0.5–2 s on 4,000 characters, so 100 times that is hours), short enough to stay quick.
N = 400_000
STALL_SECONDS = 120


@pytest.fixture(autouse=True)
def stall_guard():
    """Fail a test that has not finished after STALL_SECONDS (a hang, not a slow machine)."""
    def stalled(*_):
        raise TimeoutError(f"no result after {STALL_SECONDS} s: catastrophic backtracking?")
    old = signal.signal(signal.SIGALRM, stalled)
    signal.alarm(STALL_SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


PAGE_HEAD = "---\ntitle: T\nlead: L\n---\n\n"


def test_code_spans_on_a_long_run_of_backticks():
    """(`+)(.+?)\\1 took cubic time on a run of backticks. A run with no closing run of the same
    length opens no code span, so a citation after it counts."""
    line = "`" * N + " [Murray1952]"
    assert code_spans(line) == []
    assert [c.key for c in citations_in(line, 7)] == ["Murray1952"]
    # A closed span hides the brackets inside it; one outside counts.
    assert code_spans("a `[x]` b") == [(2, 7)]
    assert [c.key for c in citations_in("``[x]`` ``[y]``", 1)] == []
    assert [c.key for c in citations_in("`` [x] `` [y]", 1)] == ["y"]
    assert [c.key for c in citations_in("`` [x] ` [y]", 1)] == ["x", "y"]  # runs of unequal length


def test_table_separator_with_a_long_run_of_blanks():
    """The facts table's separator row: blanks around the dashes and pipes are allowed, so a
    separator with a long run of blanks is still one (no facts row); with a letter after the
    blanks it is no separator but a row (its first cell, '---', the blanks and 'x', is the key)."""
    body = "## 1. Grunddaten\n\n| Name | X |\n"
    sep = parse_page(PAGE_HEAD + body + "|---" + " " * N + "|---|\n", "de", "x/de.md")
    assert [f.key for f in sep.facts] == ["Name"]
    row = parse_page(PAGE_HEAD + body + "|---" + " " * N + "x |\n", "de", "x/de.md")
    assert [f.key for f in row.facts] == ["Name", "---" + " " * N + "x"]


def test_background_marker_with_a_long_run_of_blanks():
    """A source entry ending in (Hintergrund) -- blanks after it allowed -- is background; text
    after the blanks means the marker is not at the end."""
    def entry(tail: str):
        page = parse_page(PAGE_HEAD + "## 9. Quellen\n\n- [k] Text (Hintergrund)" + tail + "\n", "de", "x/de.md")
        return page.sources[0]
    assert entry(" " * N).background is True
    assert entry(" " * N + "x").background is False


def test_inline_link_target_after_a_long_run_of_blanks():
    """[x]( blanks target): the blanks (at most one line end among them) come before the target;
    '(' cannot start a target, so there is none, and a javascript: target is found."""
    assert link_targets("[a](" + " " * N + "(") == []
    assert unsafe_links("[a](" + " " * N + "javascript:alert(1))") == [(1, "javascript")]


def test_reference_definition_after_a_long_run_of_blanks():
    """[x]: target, the target on the same or the next line; a blank line after the blanks means
    there is none. The fault names the line of the target."""
    assert link_targets("[a]:" + " " * N + "\n\nplain") == []
    assert unsafe_links("[a]:" + " " * N + "\n  javascript:alert(1)") == [(2, "javascript")]


def test_toml_header_scan_on_a_long_unclosed_header():
    """A TOML table header is '[name]' (blanks around the name allowed); '[a' with no ']' is no
    header, so the key after it belongs to the top level."""
    text = "[a" + " " * N + "x\nkey = 1\n[ rules.escape" + " " * N + "]\nvalue = 2\n"
    lines = toml_lines(text)
    assert lines[("", "key")] == 2
    assert lines[("rules.escape", "")] == 3 and lines[("rules.escape", "value")] == 4


def test_facts_board_on_a_long_run_of_digits(tree):
    """The board row must state the size as N×N; a long run of digits without '×' does not (and
    the line is too long)."""
    digits = "1" * (N // 2)  # a page stays under the size bound (300,000 bytes)
    tree.edit("tiny-tafl/de.md", "| Brettgröße | 7×7 Felder |", f"| Brettgröße | {digits} |")
    line = tree.line_of("tiny-tafl/de.md", "| Brettgröße |")
    p = "variants_src/tiny-tafl/de.md"
    assert tree.new_faults() == [
        f"{p}:{line}: facts 'Brettgröße' does not state the board size as N×N (the layout is 7×7)",
        f"{p}:{line}: line too long ({N // 2 + 17} characters; at most 10000)",
    ]


def test_alternate_links_after_a_long_run_of_blanks():
    """Without site_url the theme's <link rel="alternate" hreflang> lines are removed, with the
    blanks before them; other text, blanks included, stays."""
    link = '    <link rel="alternate" href="../en/" hreflang="en">\n'
    page = "<head>\n" + " " * N + "x\n" + link + "</head>"
    out = without_site_url_alternates(page, SimpleNamespace(site_url=None))
    assert out == "<head>\n" + " " * N + "x\n</head>"


def test_position_fence_followed_by_many_line_ends():
    """```tafl-position, the id on the next line, then the closing fence; an opening followed
    only by line ends is no position and stays as written."""
    text = "```tafl-position" + "\n" * N + "-"
    warnings = []
    assert render_positions(text, "de", "x.md", warnings.append) == text
    assert warnings == []


def test_source_entry_with_many_continuation_lines():
    """An entry of section 9 may go on over indented lines; they join with blanks into one
    entry (the parser used to parse the whole joined text again after every line: quadratic)."""
    lines = ["  weiter"] * (N // 10)
    page = parse_page(PAGE_HEAD + "## 9. Quellen\n\n- [k] Anfang\n" + "\n".join(lines) + "\n  Ende — https://example.org/x\n",
                      "de", "x/de.md")
    (entry,) = page.sources
    assert entry.key == "k" and entry.url == "https://example.org/x"
    assert entry.text == "Anfang " + " ".join(["weiter"] * (N // 10)) + " Ende"


def _title(text: str) -> str | None:
    return page_title(SimpleNamespace(content_string=text))


def test_page_title_from_front_matter_or_first_heading():
    """The front matter's title wins (quotes and trailing blanks dropped), then the first
    ``# `` heading without its closing hashes; ``## `` is no title."""
    assert _title("---\nlead: x\ntitle: 'Brandubh'  \n---\n# Other\n") == "Brandubh"
    assert _title("---\nlead: x\n---\n## 1. A\n# Umzingelung ##\n") == "Umzingelung"
    assert _title("---\ntitle: Open\n# Heading\n") == "Heading"       # a front matter never closed
    assert _title("## Only a section\n") is None


def test_page_title_of_an_unclosed_front_matter_of_many_title_lines():
    """The title patterns this replaced took quadratic time here (10 s at 8,000 lines)."""
    assert _title("---\n" + "title: a\n" * (N // 4)) is None
    assert _title("# a" + " #" * N + "b\n") == "a" + " #" * N + "b"
