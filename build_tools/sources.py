"""Parse the variant sources in ``variants_src/`` into plain values.

A variant lives in ``variants_src/<slug>/`` as ``rules.toml`` (read by ``tafl_core``), ``de.md``
and ``en.md`` (format: README.md, "Writing a variant source"). This module only *parses*: it
never raises for a content fault. Whatever it cannot make sense of is kept (``Page.problems``,
``Variant.rules_error``, ``Variant.layout_error``) for :mod:`build_tools.validate` to report.
All line numbers are 1-based and refer to the file the value was read from.

Public API (notes/CONTRACTS.md)::

    v = load_variant(Path("variants_src/ealdfaeder-taefl"))
    v.slug, v.dir, v.ruleset, v.pages["de"], v.pages["en"]
    v.text_only, v.board_note                                # variants with board = false
    load_all(Path("variants_src")) -> list[Variant]        # sorted by slug
    load_stubs(Path("variants_src")) -> {slug: {"de": name, "en": name}}
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

__all__ = [
    "LANGS", "STUBS_FILE", "Fact", "Citation", "Related", "Original", "Diagram", "SourceEntry",
    "Subsection", "Section", "Page", "Variant", "engine", "engine_problem", "parse_page", "load_page",
    "load_variant", "load_all", "load_stubs", "variant_dirs", "SLUG_RE", "KEY_RE",
    "read_source_text", "non_table_sections", "url_tail", "dash_tail", "BOM",
]

#: The two page languages, in the order pages are checked and reported.
LANGS = ("de", "en")
#: File in the variants root that lists related variants without a source yet (stub pages).
STUBS_FILE = "_not_yet_documented.toml"
#: A variant slug: lower case letters, digits and single hyphens.
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A citation key such as ``cyningstan-eald``, ``MS122``, ``Murray1952``.
KEY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+/-]*")


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


@dataclass
class Variant:
    """A variant folder, parsed.

    ``ruleset`` is the ``tafl_core.Ruleset`` (None when rules.toml is missing or the loader
    rejected it, or tafl_core is not importable); ``rules_error`` is the loader's exception
    (``RulesFileError`` / ``PositionError``; ``OSError`` text for a missing file).
    ``layout`` is the start position parsed from ``[layout] diagram`` on its own (so board and
    piece counts can be checked even when another rule is broken); ``layout_error`` its
    ``PositionError``. ``diagram_line`` is the rules.toml line of the diagram's first row.
    ``pages`` maps "de"/"en" to :class:`Page` for each file that exists; ``missing`` lists the
    names of the three files that do not exist.

    A *text-only* variant (README.md: "a variant whose rules or layout no source gives") has
    ``board = false`` in its ``[variant]`` table: ``text_only`` is True, ``board_note`` maps
    "de"/"en" to the one-line reason given as ``board_note.de`` / ``board_note.en`` (only the
    languages given as strings), and the engine never sees the file: ``ruleset``, ``layout``,
    ``rules_error`` and ``layout_error`` stay None. What is wrong with such a file (a
    ``[layout]`` or ``[rules]`` table, a missing note) is left to the validator.

    ``unreadable`` maps a file name (``rules.toml``, ``de.md``, ``en.md``) to why it could not
    be read as text (not UTF-8; for rules.toml also a byte-order mark); such a file is treated
    as absent by every other field (no page, ``rules_text`` None) but is not in ``missing``.
    When ``variant``, ``layout`` or ``rules`` in rules.toml is not a table, the engine is not
    called (the validator reports it).
    """
    slug: str
    dir: Path
    root: Path
    rules_path: Path
    rules_text: str | None = None
    rules_data: dict | None = None
    ruleset: Any = None
    rules_error: Any = None
    layout: Any = None
    layout_error: Any = None
    diagram_line: int | None = None
    diagram_end_line: int | None = None
    pages: dict[str, Page] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    engine_available: bool = True
    text_only: bool = False
    board_note: dict[str, str] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)

    @property
    def variant_table(self) -> dict:
        """The ``[variant]`` table of rules.toml as parsed by tomllib ({} when absent/broken)."""
        data = self.rules_data if isinstance(self.rules_data, dict) else {}
        table = data.get("variant")
        return table if isinstance(table, dict) else {}

    @property
    def name(self) -> str | None:
        """The neutral name (``[variant] name``): from the ruleset when it loaded, else from the
        raw TOML; None when neither gives a non-empty string."""
        if self.ruleset is not None:
            return self.ruleset.name
        name = self.variant_table.get("name")
        return name.strip() if isinstance(name, str) and name.strip() else None

    @property
    def historicity(self) -> str:
        """``[variant] historicity`` (``board_attested`` | ``rules_reconstructed`` | ``modern``;
        "modern" when not given, as in tafl_core's loader)."""
        if self.ruleset is not None:
            return self.ruleset.historicity
        value = self.variant_table.get("historicity", "modern")
        return value if isinstance(value, str) else "modern"

    def rel(self, path: Path) -> str:
        """``path`` as reported in faults: relative to the folder holding the variants root
        (the repository root for ``variants_src``), with forward slashes."""
        return rel_path(path, self.root)


def rel_path(path: Path, root: Path) -> str:
    """``path`` relative to ``root``'s parent (e.g. ``variants_src/x/de.md``), else as given."""
    base = Path(root).resolve().parent
    try:
        return Path(path).resolve().relative_to(base).as_posix()
    except ValueError:
        return Path(path).as_posix()


# --------------------------------------------------------------------------- tafl_core access

_ENGINE_NAMES = ("Ruleset", "RulesFileError", "PositionError", "parse_diagram")
_engine_problem: str | None = None


def engine():
    """The ``tafl_core`` module, or None while it does not offer the contract's names
    (``Ruleset``, ``RulesFileError``, ``PositionError``, ``parse_diagram``); it is developed
    in parallel. :func:`engine_problem` then says why."""
    global _engine_problem
    try:
        import tafl_core
        missing = [n for n in _ENGINE_NAMES if not hasattr(tafl_core, n)]
    except ImportError as exc:  # absent, or broken while being written
        _engine_problem = f"tafl_core is not importable ({exc})"
        return None
    if missing:
        _engine_problem = f"tafl_core does not provide {', '.join(missing)} yet"
        return None
    _engine_problem = None
    return tafl_core


def engine_problem() -> str | None:
    """Why :func:`engine` returned None (None when the engine is available)."""
    engine()
    return _engine_problem


# --------------------------------------------------------------------------- page parsing

# Possessive quantifiers and a lookahead keep these linear (``\s*([^`\s]*)[^`]*$`` took
# quadratic time on a fence followed by a long run of blanks).
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}+|~{3,}+)(?=[^`]*$)\s*+([^`\s]*)")
_FENCE_CLOSE = re.compile(r"^ {0,3}(`{3,}+|~{3,}+)\s*$")
_ORIGINAL_OPEN = re.compile(r"^///\s*original\s*\|\s*(\S+)\s*$")
_BLOCK_CLOSE = re.compile(r"^///\s*$")
_H2_NUMBERED = re.compile(r"^(\d+)\.\s+(.+)$")
_H3_NUMBERED = re.compile(r"^(\d+\.\d+)\.?\s+(.+)$")
_TABLE_ROW = re.compile(r"^\s*\|")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$")
_INLINE_CODE = re.compile(r"(`+)(.+?)\1")
_CITATION = re.compile(r"(?<![\[\]!\\])\[([^\[\]\n]+)\](?![\(\[\]])")
#: A markdown reference definition ``[x]: url`` at the start of a line is no citation.
REF_DEFINITION = re.compile(r"^\s{0,3}\[[^\[\]\n]+\]:")
_RELATED = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]\n]*?))?\]\]")
_LIST_ITEM = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_ENTRY_PREFIX = re.compile(r"^\s{0,3}[-*+]\s+\[[^\[\]]*\]")
_ENTRY_KEY = re.compile(r"^\[([^\[\]]+)\](?!\()\s*(.*)$")
_BACKGROUND = re.compile(r"\((Hintergrund|background)\)\s*\.?\s*$", re.IGNORECASE)
#: The tail `` — URL`` of a source entry: the last token, after a dash between blanks.
_DASH_TAIL = re.compile(r"\s[—–]\s+(\S+)\s*$")
_URL_TOKEN = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]*:[^<>\s]+|www\.[^<>\s]+)>|([A-Za-z][A-Za-z0-9+.-]*:\S+|www\.\S+)")
#: A UTF-8 byte-order mark (tolerated and removed in de.md / en.md, a fault in TOML files).
BOM = "\ufeff"


def _heading(line: str, level: int) -> str | None:
    """The text of an ATX heading of exactly ``level`` (``## Title ##`` -> ``Title``), else
    None. Written without a regex so that it stays linear on any line (the regex it replaces,
    ``^##(?!#)\\s*(.*?)\\s*#*\\s*$``, took cubic time on long runs of blanks)."""
    marks = "#" * level
    if not line.startswith(marks) or line[level:level + 1] == "#":
        return None
    return line[level:].strip().rstrip("#").rstrip()


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


def read_source_text(path: Path, *, strip_bom: bool) -> tuple[str | None, str | None]:
    """Read ``path`` as UTF-8: ``(text, None)``, or ``(None, problem)`` when the bytes are not
    UTF-8 (``"not UTF-8 text (…)"``) or, with ``strip_bom=False``, when the file starts with a
    byte-order mark. With ``strip_bom=True`` a leading BOM is removed (markdown pages)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save the file as UTF-8"
    if text.startswith(BOM):
        if not strip_bom:
            return None, "starts with a byte-order mark; save as UTF-8 without BOM"
        text = text[1:]
    return text, None


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
    text = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), text)
    text = _RELATED.sub(lambda m: " " * len(m.group(0)), text)
    out = []
    for m in _CITATION.finditer(text):
        parts = [p.strip() for p in m.group(1).split(";")]
        if parts and all(KEY_RE.fullmatch(p) for p in parts):
            out.extend(Citation(p, line) for p in parts)
    return out


def related_in(text: str, line: int) -> list[Related]:
    """``[[slug]]`` / ``[[slug|label]]`` links in one line (inline code excluded)."""
    text = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), text)
    return [Related(m.group(1).strip(), None if m.group(2) is None else m.group(2).strip(), line)
            for m in _RELATED.finditer(text)]


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
    """Parse one page's markdown (``de.md`` / ``en.md``). Never raises for content faults."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    page = Page(lang=lang, path=Path(path), text=text)
    lines = text.split("\n")
    n = len(lines)
    i = 0  # 0-based index of the next line to read

    # Front matter: '---' / 'key: value' lines / '---'.
    if lines and lines[0].strip() == "---":
        close = next((j for j in range(1, n) if lines[j].strip() == "---"), None)
        if close is None:
            page.problems.append((1, "front matter opened with '---' is never closed"))
            i = n
        else:
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
            i = close + 1
    else:
        page.problems.append((1, "page does not start with front matter ('---', 'title: …', 'lead: …', '---')"))
    page.title = page.front_matter.get("title", (None, 0))[0]
    page.lead = page.front_matter.get("lead", (None, 0))[0]

    fence: tuple[str, int, str, int] | None = None   # (char, length, info, line of opener)
    fence_text: list[str] = []
    original: tuple[str, int, list[str]] | None = None  # (lang, line, text lines)
    current: Section | None = None
    body: list[str] = []
    section_no: int | None = None
    in_facts = False  # inside the facts table (the first table of section 1)
    entry_raw: list[str] = []  # raw text of each section-9 entry (continuation lines joined)
    in_entry = False

    def close_section(end: int) -> None:
        nonlocal current, body
        if current is not None:
            current.body = "\n".join(body)
            current.end_line = end
        body = []

    for idx in range(i, n):
        line = lines[idx]
        ln = idx + 1
        if fence is not None:
            body.append(line)
            close = _FENCE_CLOSE.match(line)
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= fence[1]:
                if fence[2] == "diagram":
                    page.diagrams.append(Diagram("\n".join(fence_text), fence[3] + 1, section_no, original is not None))
                fence = None
            else:
                fence_text.append(line)
            if original is not None:
                original[2].append(line)
            continue
        fm = _FENCE_OPEN.match(line)
        if fm:
            fence = (fm.group(1)[0], len(fm.group(1)), fm.group(2).lower(), ln)
            fence_text = []
            body.append(line)
            if original is not None:
                original[2].append(line)
            in_facts = False
            continue
        if original is not None:
            body.append(line)
            if _BLOCK_CLOSE.match(line):
                o = Original(original[0], "\n".join(original[2]), original[1])
                page.originals.append(o)
                if page.original is None:
                    page.original = o
                    page.original_section = section_no
                original = None
            else:
                original[2].append(line)
            continue
        om = _ORIGINAL_OPEN.match(line)
        if om:
            original = (om.group(1), ln, [])
            body.append(line)
            in_facts = False
            continue
        heading = _heading(line, 2)
        if heading is not None:
            close_section(ln - 1)
            m = _H2_NUMBERED.match(heading)
            number, title = (int(m.group(1)), m.group(2).strip()) if m else (None, heading)
            current = Section(number, title, ln, "", ln, heading)
            page.sections.append(current)
            section_no = number
            in_facts = False
            in_entry = False
            continue
        body.append(line)
        h3 = _heading(line, 3)
        if h3 is not None and current is not None:
            m = _H3_NUMBERED.match(h3)
            if m:
                current.subsections.append(Subsection(m.group(1), m.group(2).strip(), ln))
            else:
                current.subsections.append(Subsection(None, h3, ln))
        # Facts table: the first table of section 1.
        if section_no == 1 and (in_facts or page.facts_line is None):
            if _TABLE_ROW.match(line):
                if not in_facts:
                    in_facts = True
                    page.facts_line = ln
                if not _TABLE_SEP.match(line):
                    cells = _split_cells(line)
                    key = _strip_emphasis(cells[0]) if cells else ""
                    value = cells[1] if len(cells) > 1 else ""
                    page.facts.append(Fact(key, value, ln))
            else:
                in_facts = False
        # Section 9: the source list.
        prose = line
        if section_no == 9:
            li = _LIST_ITEM.match(line)
            if li:
                entry_raw.append(li.group(1).strip())
                page.sources.append(parse_source_entry(entry_raw[-1], ln))
                in_entry = True
                prose = _ENTRY_PREFIX.sub("", line)
            elif in_entry and line.strip() and line.startswith((" ", "\t")):
                # An indented continuation line of the previous entry.
                entry_raw[-1] += " " + line.strip()
                page.sources[-1] = parse_source_entry(entry_raw[-1], page.sources[-1].line)
            else:
                in_entry = False
        page.citations.extend(citations_in(prose, ln))
        page.related.extend(related_in(line, ln))

    close_section(n)
    if fence is not None:
        page.problems.append((fence[3], f"code block opened with '{fence[0] * fence[1]}' is never closed"))
    if original is not None:
        page.problems.append((original[1], "'/// original' block is never closed with '///'"))
    return page


def load_page(path: Path, lang: str) -> Page:
    """Read and parse ``path`` (UTF-8; a leading byte-order mark is removed) as the ``lang``
    page. Raises ``UnicodeDecodeError`` for bytes that are not UTF-8 (:func:`load_variant`
    checks with :func:`read_source_text` first and keeps such a file in ``unreadable``)."""
    text = Path(path).read_bytes().decode("utf-8")
    return parse_page(text[1:] if text.startswith(BOM) else text, lang, Path(path))


# --------------------------------------------------------------------------- variants

def _diagram_span(rules_text: str) -> tuple[int | None, int | None]:
    """Lines (1-based) of the first and last row of ``[layout] diagram = \"\"\"…\"\"\"`` in
    rules.toml, or (None, None) when there is no such multi-line string."""
    lines = rules_text.split("\n")
    in_layout = False
    for idx, line in enumerate(lines):
        s = line.strip()
        if s.startswith("["):
            in_layout = s.split("#")[0].strip() == "[layout]"
            continue
        m = re.match(r'^\s*diagram\s*=\s*("""|\'\'\')(.*)$', line)
        if not (in_layout and m):
            continue
        quote, rest = m.group(1), m.group(2)
        if quote in rest:
            return idx + 1, idx + 1
        first = idx + 2 if rest.strip() == "" else idx + 1
        for j in range(idx + 1, len(lines)):
            if quote in lines[j]:
                last = j if lines[j].strip() == quote else j + 1
                return first, max(first, last)
        return first, len(lines)
    return None, None


def load_variant(path: Path) -> Variant:
    """Parse the variant folder ``path`` (``variants_src/<slug>``).

    Reads rules.toml through ``tafl_core.load_ruleset`` (errors kept in ``rules_error``), parses
    the ``[layout] diagram`` on its own with ``tafl_core.parse_diagram`` (``layout`` /
    ``layout_error``) and parses de.md / en.md. Raises nothing for content faults; missing files
    are listed in ``missing``. A rules.toml with ``board = false`` in ``[variant]`` makes a
    text-only variant (``text_only``, ``board_note``); it is never passed to the engine.
    """
    path = Path(path)
    root = path.parent
    v = Variant(slug=path.name, dir=path, root=root, rules_path=path / "rules.toml")
    tc = engine()
    v.engine_available = tc is not None
    rules_file = path / "rules.toml"
    rules_text, problem = read_source_text(rules_file, strip_bom=False) if rules_file.is_file() else (None, None)
    if problem:
        v.unreadable["rules.toml"] = problem
    elif rules_file.is_file():
        v.rules_text = rules_text
        try:
            v.rules_data = tomllib.loads(v.rules_text)
        except tomllib.TOMLDecodeError:
            v.rules_data = None
        if v.variant_table.get("board") is False:
            v.text_only = True
            notes = v.variant_table.get("board_note")
            if isinstance(notes, dict):
                v.board_note = {lang: notes[lang] for lang in LANGS if isinstance(notes.get(lang), str)}
        else:
            v.diagram_line, v.diagram_end_line = _diagram_span(v.rules_text)
        if tc is not None and not v.text_only and not non_table_sections(v.rules_data):
            rel = v.rel(rules_file)
            try:
                v.ruleset = tc.Ruleset.from_toml(v.rules_text, path=rel)
            except (tc.RulesFileError, tc.PositionError) as exc:
                v.rules_error = exc
            diagram = (v.rules_data or {}).get("layout", {}).get("diagram") if isinstance(v.rules_data, dict) else None
            if isinstance(diagram, str):
                try:
                    layout = tc.parse_diagram(diagram, path=rel, first_line=v.diagram_line or 1)
                    if hasattr(tc, "check_kings"):
                        # Same call as the engine's loader: a second king is named by its line.
                        try:
                            tc.check_kings(layout, rel, v.diagram_line or None, v.diagram_line or None)
                        except TypeError:  # older check_kings(position, path, line)
                            tc.check_kings(layout, rel, v.diagram_line or None)
                    v.layout = layout
                except tc.PositionError as exc:
                    v.layout_error = exc
            elif v.ruleset is not None:
                v.layout = v.ruleset.layout
    elif not rules_file.exists():
        v.missing.append("rules.toml")
    for lang in LANGS:
        f = path / f"{lang}.md"
        if f.is_file():
            text, problem = read_source_text(f, strip_bom=True)
            if problem:
                v.unreadable[f"{lang}.md"] = problem
            else:
                v.pages[lang] = parse_page(text, lang, f)
        else:
            v.missing.append(f"{lang}.md")
    return v


#: The top-level names of rules.toml that must be tables when present.
TABLES = ("variant", "layout", "rules")


def non_table_sections(data) -> list[str]:
    """The names among ``variant``, ``layout``, ``rules`` that rules.toml (parsed by tomllib,
    ``data``) gives as something other than a table (``layout = 5``, ``[[layout]]``,
    ``variant = "x"``); [] for data that is not a dict."""
    if not isinstance(data, dict):
        return []
    return [name for name in TABLES if name in data and not isinstance(data[name], dict)]


def variant_dirs(root: Path) -> list[Path]:
    """The variant folders in ``root``: every directory not starting with ``_`` or ``.``,
    sorted by name."""
    root = Path(root)
    return sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))),
                  key=lambda p: p.name)


def load_all(root: Path = Path("variants_src")) -> list[Variant]:
    """Every variant in ``root``, sorted by slug (stubs: :func:`load_stubs`)."""
    return [load_variant(p) for p in variant_dirs(root)]


def load_stubs(root: Path = Path("variants_src")) -> dict[str, dict[str, str]]:
    """The not-yet-documented variants from ``<root>/_not_yet_documented.toml``.

    Format: one table per slug with the display name in both languages::

        [linnaeus-tablut]
        de = "Linnaeus-Tablut"
        en = "Linnaeus Tablut"

    Returns ``{slug: {"de": name, "en": name}}`` for the well-formed entries; an absent or
    unreadable file gives ``{}`` (the validator reports what is wrong with it).
    """
    f = Path(root) / STUBS_FILE
    if not f.is_file():
        return {}
    text, problem = read_source_text(f, strip_bom=False)
    if problem:
        return {}
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}
    out = {}
    for slug, entry in data.items():
        if (isinstance(entry, dict) and all(isinstance(entry.get(k), str) and entry[k].strip() for k in LANGS)):
            out[slug] = {k: entry[k] for k in LANGS}
    return out
