"""Parse one page of a variant (``de.md`` / ``en.md``) into plain values.

The page format is README.md, "Writing a variant source" (its definitions:
:mod:`build_tools.format`). :func:`parse_page` never raises for a content fault: what it
cannot read is kept in ``Page.problems`` for :mod:`build_tools.validate`. Line numbers are
1-based. The folder-level parser (:mod:`build_tools.sources`) calls it and re-exports its names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from build_tools.format import (BLOCK_CLOSE, BOM, CITATION, CODE, FACTS, KEY_RE, OPEN, ORIGINAL_OPEN, PROSE,
                                REF_DEFINITION, RELATED_LINK, SOURCES, FenceScanner, atx_heading, blank_code_spans,
                                section_heading, subsection_heading)

__all__ = ["Fact", "Citation", "Related", "Original", "Diagram", "SourceEntry", "Subsection",
           "Section", "Page", "parse_page", "load_page", "citations_in", "related_in",
           "parse_source_entry", "url_tail", "dash_tail"]

# --------------------------------------------------------------------------- plain values

class Fact(NamedTuple):
    """One row of the facts table (section 1): ``| key | value |`` at ``line``."""
    key: str
    value: str
    line: int


class Citation(NamedTuple):
    """One cited key: ``[key]`` or one key of ``[key1; key2]``, on ``line``."""
    key: str
    line: int


class Related(NamedTuple):
    """A related-variant link ``[[slug]]`` or ``[[slug|label]]`` (label None without ``|``)."""
    slug: str
    label: str | None
    line: int


class Original(NamedTuple):
    """The ``/// original | <lang>`` block: its language, the text between the opening and the
    closing ``///`` line (joined with newlines, verbatim) and the line of the opening marker."""
    lang: str
    text: str
    line: int


class Diagram(NamedTuple):
    """A fenced ```` ```diagram ```` block: its text, the line of its first text line, the number
    of the ``##`` section it is in (None before section 1) and whether it is inside the
    original block."""
    text: str
    line: int
    section: int | None
    in_original: bool


class SourceEntry(NamedTuple):
    """One entry of section 9: ``- [key] text — URL`` (URL optional; a trailing
    ``(Hintergrund)`` / ``(background)`` sets ``background``). ``key`` is None when the list
    item does not start with ``[key]``; ``text`` is the entry without key, URL and marker."""
    key: str | None
    text: str
    url: str | None
    background: bool
    line: int


class Subsection(NamedTuple):
    """A ``### N.M Title`` heading (number None when the heading is not numbered)."""
    number: str | None
    title: str
    line: int


@dataclass
class Section:
    """A ``## N. Title`` section: ``number`` (None if the heading is not ``N. Title``),
    ``title``, ``line`` of the heading, ``body`` (the markdown up to the next ``##`` heading,
    headings of subsections included), ``end_line`` (last line of the body) and its
    ``subsections``. ``heading`` is the heading text as written."""
    number: int | None
    title: str
    line: int
    body: str
    end_line: int
    heading: str
    subsections: list[Subsection] = field(default_factory=list)

    def content_lines(self) -> list[str]:
        """Body lines that carry text (not blank, not a heading)."""
        return [ln for ln in self.body.split("\n") if ln.strip() and not ln.lstrip().startswith("#")]


@dataclass
class Page:
    """One language page (``de.md`` / ``en.md``) of a variant, parsed.

    ``problems`` holds ``(line, message)`` for text the parser could not read (front matter,
    unclosed fences or blocks); everything else mirrors the page as written.
    ``front_matter`` maps each key to ``(value, line)``.
    """
    lang: str
    path: Path
    text: str
    title: str | None = None
    lead: str | None = None
    front_matter: dict[str, tuple[str, int]] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    facts_line: int | None = None
    sources: list[SourceEntry] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    related: list[Related] = field(default_factory=list)
    original: Original | None = None
    originals: list[Original] = field(default_factory=list)
    original_section: int | None = None
    diagrams: list[Diagram] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        """The file's lines (index 0 is line 1)."""
        return self.text.split("\n")

    def section(self, number: int) -> Section | None:
        """The first section with this number, or None."""
        for s in self.sections:
            if s.number == number:
                return s
        return None


# --------------------------------------------------------------------------- page parsing

_TABLE_ROW = re.compile(r"^\s*\|")
# Possessive quantifiers: no blank run is split two ways (the greedy form took quadratic time
# on a row with a long run of blanks).
_TABLE_SEP = re.compile(r"^\s*+\|?\s*+:?-++:?\s*+(?:\|\s*+:?-++:?\s*+)*+\|?\s*+$")
_LIST_ITEM = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_ENTRY_PREFIX = re.compile(r"^\s{0,3}[-*+]\s+\[[^\[\]]*\]")
_ENTRY_KEY = re.compile(r"^\[([^\[\]]+)\](?!\()\s*(.*)$")
_BACKGROUND = re.compile(r"\((Hintergrund|background)\)\s*+\.?\s*+$", re.IGNORECASE)
#: The tail `` — URL`` of a source entry: the last token, after a dash between blanks.
_DASH_TAIL = re.compile(r"\s[—–]\s+(\S+)\s*$")
_URL_TOKEN = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]*:[^<>\s]+|www\.[^<>\s]+)>|([A-Za-z][A-Za-z0-9+.-]*:\S+|www\.\S+)")


def _background_tail(text: str) -> re.Match | None:
    """The ``(Hintergrund)`` / ``(background)`` marker at the end of ``text`` (blanks before it
    are left to the caller's ``rstrip``)."""
    return _BACKGROUND.search(text)


def url_tail(text: str) -> tuple[str, str] | None:
    """Split ``"text — URL"`` into (text, URL): the last whitespace-free token after a dash
    (— or –) between blanks, if it looks like a URL (``scheme:…`` or ``www.…``, ``<…>``
    allowed); else None. Linear in the length of ``text``."""
    m = _DASH_TAIL.search(text)
    if not m:
        return None
    u = _URL_TOKEN.fullmatch(m.group(1))
    if not u:
        return None
    return text[:m.start()].rstrip(), u.group(1) or u.group(2)


def dash_tail(text: str) -> str | None:
    """The last token of ``text`` when it follows a dash (— or –) between blanks, else None
    (the part of a section-9 entry that should be its URL)."""
    m = _DASH_TAIL.search(text)
    return m.group(1) if m else None


def _split_cells(row: str) -> list[str]:
    """Cells of a markdown table row (``\\|`` stays inside a cell)."""
    s = row.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", s)]


def _strip_emphasis(s: str) -> str:
    """``**Name**`` -> ``Name`` (facts keys may be bold)."""
    return re.sub(r"^([*_]{1,3})(.*?)\1$", r"\2", s.strip()).strip()


def _unquote(value: str) -> str:
    v = value.strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'":
        return v[1:-1]
    return v


def citations_in(text: str, line: int) -> list[Citation]:
    """Citations in one line of prose (inline code and ``[[...]]`` links excluded).

    ``[key]`` and ``[key1; key2]`` count; markdown links ``[x](y)``, reference links ``[x][y]``,
    definitions ``[x]: y``, images and brackets whose parts are not keys do not.
    """
    if REF_DEFINITION.match(text):
        return []
    text = blank_code_spans(text)
    text = RELATED_LINK.sub(lambda m: " " * len(m.group(0)), text)
    out = []
    for m in CITATION.finditer(text):
        parts = [p.strip() for p in m.group(1).split(";")]
        if parts and all(KEY_RE.fullmatch(p) for p in parts):
            out.extend(Citation(p, line) for p in parts)
    return out


def related_in(text: str, line: int) -> list[Related]:
    """``[[slug]]`` / ``[[slug|label]]`` links in one line (inline code excluded)."""
    text = blank_code_spans(text)
    return [Related(m.group(1).strip(), None if m.group(2) is None else m.group(2).strip(), line)
            for m in RELATED_LINK.finditer(text)]


def parse_source_entry(content: str, line: int) -> SourceEntry:
    """Parse the text of a section-9 list item (after ``- ``) into a :class:`SourceEntry`."""
    m = _ENTRY_KEY.match(content.strip())
    if not m or not KEY_RE.fullmatch(m.group(1).strip()):
        return SourceEntry(None, content.strip(), None, False, line)
    key, rest = m.group(1).strip(), m.group(2).strip()
    background = False
    b = _background_tail(rest)
    if b:
        background = True
        rest = rest[:b.start()].rstrip()
    url = None
    u = url_tail(rest)
    if u:
        rest, url = u
    if not background:
        # "text — URL (Hintergrund)" handled above; also accept "text (Hintergrund) — URL".
        b = _background_tail(rest)
        if b:
            background = True
            rest = rest[:b.start()].rstrip()
    return SourceEntry(key, rest, url, background, line)


def parse_page(text: str, lang: str, path: Path) -> Page:
    """Parse one page's markdown (``de.md`` / ``en.md``). Never raises for content faults: they
    are ``problems`` of the page."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    page = Page(lang=lang, path=Path(path), text=text)
    lines = text.split("\n")
    reader = _BodyReader(page)
    for idx in range(_read_front_matter(page, lines), len(lines)):
        reader.read(lines[idx], idx + 1)
    reader.finish(len(lines))
    return page


def _read_front_matter(page: Page, lines: list[str]) -> int:
    """Read the front matter (``---`` / ``key: value`` lines / ``---``) into ``page``; returns
    the index of the first line after it (the whole page when it is never closed)."""
    if not lines or lines[0].strip() != "---":
        page.problems.append((1, "page does not start with front matter ('---', 'title: …', 'lead: …', '---')"))
        return 0
    close = next((j for j in range(1, len(lines)) if lines[j].strip() == "---"), None)
    if close is None:
        page.problems.append((1, "front matter opened with '---' is never closed"))
        return len(lines)
    for j in range(1, close):
        raw = lines[j]
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_-]*)\s*:\s?(.*)$", raw)
        if not m:
            page.problems.append((j + 1, f"front matter line is not 'key: value': {raw.strip()!r}"))
            continue
        key, value = m.group(1), _unquote(m.group(2))
        if key in page.front_matter:
            page.problems.append((j + 1, f"front matter key '{key}' given twice (first at line {page.front_matter[key][1]})"))
            continue
        page.front_matter[key] = (value, j + 1)
    page.title = page.front_matter.get("title", (None, 0))[0]
    page.lead = page.front_matter.get("lead", (None, 0))[0]
    return close + 1


class _BodyReader:
    """Reads a page's body line by line into its :class:`Page`: the ``##`` sections and their
    ``###`` subsections, fenced code (diagrams), the ``/// original`` block, the facts table
    (the first table of section 1), the source entries of section 9, citations and related
    links. A fenced or original-text line is no heading, table row or entry."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.fences = FenceScanner()
        self.fence_text: list[str] = []
        self.original: tuple[str, int, list[str]] | None = None   # (lang, line, text lines)
        self.current: Section | None = None
        self.body: list[str] = []
        self.section_no: int | None = None
        self.in_facts = False       # inside the facts table
        # The text of each section-9 entry, continuation lines included, and its line; parsed
        # once at the end (parsing the joined text after every continuation line was quadratic).
        self.entries: list[tuple[list[str], int]] = []
        self.in_entry = False

    def read(self, line: str, ln: int) -> None:
        """Read line number ``ln``."""
        if self._code(line, ln) or self._original(line, ln):
            return
        heading = atx_heading(line)
        if heading is not None and heading[0] == 2:
            self._section(heading[1], ln)
            return
        self.body.append(line)
        if heading is not None and heading[0] == 3 and self.current is not None:
            self.current.subsections.append(Subsection(*(subsection_heading(heading[1]) or (None, heading[1])), ln))
        self._facts_row(line, ln)
        prose = self._source_entry(line, ln)
        self.page.citations.extend(citations_in(prose, ln))
        self.page.related.extend(related_in(line, ln))

    def finish(self, n: int) -> None:
        """After the last line (``n`` lines): close the last section, parse the source entries
        and note a fence or block left open."""
        self._close_section(n)
        page = self.page
        page.sources = [parse_source_entry(" ".join(parts), line) for parts, line in self.entries]
        fence = self.fences.fence
        if fence is not None:
            page.problems.append((fence.line, f"code block opened with '{fence.char * fence.length}' is never closed"))
        if self.original is not None:
            page.problems.append((self.original[1], "'/// original' block is never closed with '///'"))

    def _code(self, line: str, ln: int) -> bool:
        """Take a line of fenced code (fences included); a closed ``diagram`` fence becomes a
        :class:`Diagram`. False for a line outside code."""
        fence = self.fences.fence
        kind = self.fences.read(line, ln)
        if kind == PROSE:
            return False
        self.body.append(line)
        if self.original is not None:
            self.original[2].append(line)
        if kind == OPEN:
            self.fence_text = []
            self.in_facts = False
        elif kind == CODE:
            self.fence_text.append(line)
        elif fence.info == "diagram":
            self.page.diagrams.append(Diagram("\n".join(self.fence_text), fence.line + 1, self.section_no,
                                              self.original is not None))
        return True

    def _original(self, line: str, ln: int) -> bool:
        """Take a line that opens, continues or closes the ``/// original`` block; the first
        block is the page's ``original``. False for any other line."""
        page = self.page
        if self.original is None:
            om = ORIGINAL_OPEN.match(line)
            if not om:
                return False
            self.original = (om.group(1), ln, [])
            self.in_facts = False
        elif BLOCK_CLOSE.match(line):
            o = Original(self.original[0], "\n".join(self.original[2]), self.original[1])
            page.originals.append(o)
            if page.original is None:
                page.original = o
                page.original_section = self.section_no
            self.original = None
        else:
            self.original[2].append(line)
        self.body.append(line)
        return True

    def _section(self, text: str, ln: int) -> None:
        """A ``##`` heading with ``text`` on line ``ln`` starts a section."""
        self._close_section(ln - 1)
        number, title = section_heading(text) or (None, text)
        self.current = Section(number, title, ln, "", ln, text)
        self.page.sections.append(self.current)
        self.section_no = number
        self.in_facts = self.in_entry = False

    def _close_section(self, end: int) -> None:
        if self.current is not None:
            self.current.body = "\n".join(self.body)
            self.current.end_line = end
        self.body = []

    def _facts_row(self, line: str, ln: int) -> None:
        """A row of the facts table: the first table of section 1."""
        page = self.page
        if self.section_no != FACTS or not (self.in_facts or page.facts_line is None):
            return
        if not _TABLE_ROW.match(line):
            self.in_facts = False
            return
        if not self.in_facts:
            self.in_facts = True
            page.facts_line = ln
        if not _TABLE_SEP.match(line):
            cells = _split_cells(line)
            key = _strip_emphasis(cells[0]) if cells else ""
            value = cells[1] if len(cells) > 1 else ""
            page.facts.append(Fact(key, value, ln))

    def _source_entry(self, line: str, ln: int) -> str:
        """A list item of section 9 starts a source entry, an indented line continues it;
        returns the line's prose for citations (an entry's own ``[key]`` is none)."""
        if self.section_no != SOURCES:
            return line
        li = _LIST_ITEM.match(line)
        if li:
            self.entries.append(([li.group(1).strip()], ln))
            self.in_entry = True
            return _ENTRY_PREFIX.sub("", line)
        if self.in_entry and line.strip() and line.startswith((" ", "\t")):
            self.entries[-1][0].append(line.strip())      # an indented continuation line
        else:
            self.in_entry = False
        return line


def load_page(path: Path, lang: str) -> Page:
    """Read and parse ``path`` (UTF-8; a leading byte-order mark is removed) as the ``lang``
    page. Raises ``UnicodeDecodeError`` for bytes that are not UTF-8 (:func:`load_variant`
    checks with :func:`read_source_text` first and keeps such a file in ``unreadable``)."""
    text = Path(path).read_bytes().decode("utf-8")
    return parse_page(text[1:] if text.startswith(BOM) else text, lang, Path(path))
