"""The variant source format in one place (README.md, "Writing a variant source").

Everything the parser (:mod:`build_tools.sources`), the validator (:mod:`build_tools.validate`),
the page generator (:mod:`build_tools.pages`) and the security tripwire
(:mod:`build_tools.tripwire`) must agree on about a source is defined here and nowhere else:

- the files of a variant folder and of the variants root, and their size bounds;
- the two page languages;
- the ten ``## N. Title`` sections: number, role (what the site does with the section) and
  title per language (:data:`SECTIONS`, :func:`section_number`);
- the facts-table rows (:data:`FACT_KEYS`) and the piece words of its pieces row;
- the ``[variant] historicity`` values (:data:`HISTORICITY`, tafl_core's list);
- the link schemes a source and a rendered page may use (:data:`ALLOWED_SCHEMES`,
  :func:`scheme_of`);
- the markdown tokens every reader of a page must see alike: code fences (one scanner,
  :class:`FenceScanner`), numbered headings, code spans, citations, related-variant links,
  reference definitions.

Every regular expression here reads author input; each is linear in its input (the audit:
notes/regex-audit-build.md).
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator, NamedTuple

from tafl_core.ruleset import HISTORICITY
from tafl_core.limits import MAX_RULES_BYTES as _MAX_RULES_BYTES

from build_tools.labels import PIECE_NAMES

__all__ = [
    "LANGS", "RULES_FILE", "PAGE_FILES", "STUBS_FILE", "BOM", "SLUG_RE", "KEY_RE",
    "MAX_PAGE_BYTES", "MAX_TOML_BYTES", "LINE_LIMIT", "PARAGRAPH_LIMIT", "SectionSpec", "SECTIONS", "SECTION_TITLES",
    "section_number", "section_role", "FACTS", "START", "RULES", "RELATED", "ORIGINAL", "SOURCES",
    "FACT_KEYS", "PIECE_NAMES", "piece_word", "HISTORICITY", "ALLOWED_SCHEMES", "scheme_of",
    "FENCE_OPEN", "FENCE_CLOSE", "ORIGINAL_OPEN", "BLOCK_CLOSE", "Fence", "FenceScanner", "fenced_lines",
    "PROSE", "OPEN", "CODE", "CLOSE", "atx_heading", "section_heading", "subsection_heading",
    "code_spans", "blank_code_spans", "CITATION", "RELATED_LINK", "REF_DEFINITION",
]

# --------------------------------------------------------------------------- files, bounds

#: The two page languages, in the order pages are checked and reported.
LANGS = ("de", "en")
#: The machine-readable ruleset of a variant folder.
RULES_FILE = "rules.toml"
#: The page file of each language.
PAGE_FILES = {lang: f"{lang}.md" for lang in LANGS}
#: File in the variants root that lists related variants without a source yet (stub pages).
STUBS_FILE = "_not_yet_documented.toml"
#: A UTF-8 byte-order mark (tolerated and removed in de.md / en.md, a fault in TOML files).
BOM = "\ufeff"

#: Largest de.md / en.md accepted, in bytes: about ten times the largest real page (27.5 KB,
#: berserk-hnefatafl/de.md). A larger file is a fault and is not read.
MAX_PAGE_BYTES = 300_000
#: Largest rules.toml / _not_yet_documented.toml accepted, in bytes: tafl_core's own bound for a
#: rules file (``tafl_core.limits.MAX_RULES_BYTES``, 64 KiB, about ten times the largest real
#: rules file, 6.9 KB, berserk-hnefatafl/rules.toml), so the validator and the loader agree.
MAX_TOML_BYTES = _MAX_RULES_BYTES
#: Longest line accepted in a source file (characters); longer lines are a fault.
LINE_LIMIT = 10_000
#: Longest paragraph accepted in de.md / en.md (characters of a run of non-blank lines outside
#: fenced code): about six times the longest real one (3,034, copenhagen-hnefatafl/de.md).
#: Python-Markdown's inline patterns take time that grows faster than the paragraph (unmatched
#: backticks or autolink-like words: 3.5 s at 40,000 characters, 60 s at 270,000), so a longer
#: paragraph is a fault rather than minutes of build time.
PARAGRAPH_LIMIT = 20_000

#: A variant slug: lower case letters, digits and single hyphens.
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A citation key such as ``cyningstan-eald``, ``MS122``, ``Murray1952``.
KEY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+/-]*")

# --------------------------------------------------------------------------- sections


class SectionSpec(NamedTuple):
    """One of the ten sections of a page: its ``number`` (1–10), its ``role`` (a stable name
    for what the site does with it) and its exact ``titles`` per language."""
    number: int
    role: str
    titles: dict[str, str]


#: The ten sections in order. Roles the generator acts on: ``facts`` (the facts table),
#: ``start`` (the board or the no-board note follows it), ``rules`` (the assumptions follow it;
#: ``ref`` values name its subsections), ``related`` (``[[slug]]`` links), ``original`` (the
#: ``/// original`` block), ``sources`` (the list rendered as numbered entries with anchors).
SECTIONS: tuple[SectionSpec, ...] = (
    SectionSpec(1, "facts", {"de": "Grunddaten", "en": "At a glance"}),
    SectionSpec(2, "history", {"de": "Geschichte und Herkunft", "en": "History and origin"}),
    SectionSpec(3, "start", {"de": "Startaufstellung und Spielfiguren", "en": "Starting position and pieces"}),
    SectionSpec(4, "objective", {"de": "Spielziel", "en": "Objective"}),
    SectionSpec(5, "rules", {"de": "Spielregeln", "en": "Rules"}),
    SectionSpec(6, "trivia", {"de": "Wissenswertes", "en": "Trivia"}),
    SectionSpec(7, "related", {"de": "Verwandte Varianten", "en": "Related variants"}),
    SectionSpec(8, "original", {"de": "Spielregeln (Original) mit Quellenangabe",
                                "en": "Original rules text with source"}),
    SectionSpec(9, "sources", {"de": "Quellen", "en": "Sources"}),
    SectionSpec(10, "assessment", {"de": "Quellenlage & Einordnung", "en": "Source situation and assessment"}),
)

#: The ten section titles per language, in order (``SECTION_TITLES["de"][0] == "Grunddaten"``).
SECTION_TITLES: dict[str, list[str]] = {lang: [s.titles[lang] for s in SECTIONS] for lang in LANGS}

_BY_ROLE = {s.role: s.number for s in SECTIONS}
_BY_NUMBER = {s.number: s.role for s in SECTIONS}


def section_number(role: str) -> int:
    """The number of the section with ``role`` (``"sources"`` -> 9); KeyError if unknown."""
    return _BY_ROLE[role]


def section_role(number: int | None) -> str | None:
    """The role of section ``number`` (9 -> ``"sources"``), None for a number outside 1–10."""
    return _BY_NUMBER.get(number)


FACTS = section_number("facts")
START = section_number("start")
RULES = section_number("rules")
RELATED = section_number("related")
ORIGINAL = section_number("original")
SOURCES = section_number("sources")

# --------------------------------------------------------------------------- facts table

#: Facts-table rows per language, as (role, key, matched by prefix).
FACT_KEYS = {
    "de": [("name", "Name", False), ("family", "Spielfamilie", False),
           ("category", "Kategorie", False), ("origin", "Herkunft", True),
           ("date", "Datierung", True), ("board", "Brettgröße", False), ("throne", "Thron", False),
           ("escape", "Fluchtziel", False), ("king", "König", False),
           ("pieces", "Figurenverhältnis", False), ("first", "Erster Zug", False)],
    "en": [("name", "Name", False), ("family", "Family", False), ("category", "Category", False),
           ("origin", "Origin", True), ("date", "Date", True), ("board", "Board", False),
           ("throne", "Throne", False), ("escape", "Escape", False), ("king", "King", False),
           ("pieces", "Pieces", False), ("first", "First move", False)],
}


def piece_word(lang: str, kind: str, plural: bool) -> str:
    """The word for piece ``kind`` in ``lang`` as running text writes it (the pieces row of the
    facts table, the comparison's special-piece counts): the site's piece names
    (:data:`build_tools.labels.PIECE_NAMES`), lower case in English (``"defenders"``,
    ``"commander"``), as written in German (``"Verteidiger"``, ``"Kommandanten"``)."""
    word = PIECE_NAMES[lang][kind][1 if plural else 0]
    return word if lang == "de" else word.lower()


# --------------------------------------------------------------------------- links

#: Link schemes a source may use and a rendered page may link to or load from; everything else
#: (javascript:, data:, vbscript:, file:, …) is a fault. Relative links have no scheme.
ALLOWED_SCHEMES = ("http", "https", "mailto")

_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*+):")
_IGNORED_IN_SCHEME = re.compile(r"[\x00-\x20\x7f\\]")


def scheme_of(url: str) -> str | None:
    """The scheme of ``url`` as a browser reads it (lower case, without ``:``), or None for a
    relative URL: blanks, control characters and backslashes are removed first
    (``"java\\tscript:"`` is ``javascript``). Character references are not decoded here: the
    validator decodes them first (``html.unescape``), the tripwire gets decoded attribute values
    from ``html.parser``."""
    m = _SCHEME.match(_IGNORED_IN_SCHEME.sub("", url).lower())
    return m.group(1) if m else None


# --------------------------------------------------------------------------- markdown tokens

#: A code fence opening: up to three blanks, three or more backticks or tildes (a backtick
#: fence's info string holds no backtick), group 1 the fence, group 2 the info word.
#: Possessive quantifiers and a lookahead keep it linear (``\s*([^`\s]*)[^`]*$`` took quadratic
#: time on a fence followed by a long run of blanks).
FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}+|~{3,}+)(?=[^`]*$)\s*+([^`\s]*)")
#: A code fence closing line (group 1 the fence; it closes an opening of the same character and
#: at least its length).
FENCE_CLOSE = re.compile(r"^ {0,3}(`{3,}+|~{3,}+)\s*$")
#: The opening line of section 8's original-text block, ``/// original | <lang>`` (group 1: the
#: language), and the closing ``///`` (``build_tools.md_ext``); the parser and the vocabulary
#: checks read blocks by these two.
ORIGINAL_OPEN = re.compile(r"^///\s*original\s*\|\s*(\S+)\s*$")
BLOCK_CLOSE = re.compile(r"^///\s*$")


class Fence(NamedTuple):
    """An open code fence: its character (a backtick or a tilde), its length, its info word
    (lower case, ``diagram`` for a diagram block) and the line it opened on (1-based; 0 when the
    reader does not count lines)."""
    char: str
    length: int
    info: str
    line: int


#: What a line is to :class:`FenceScanner`: text outside fenced code, an opening fence line,
#: a line of code, a closing fence line.
PROSE, OPEN, CODE, CLOSE = "prose", "open", "code", "close"


class FenceScanner:
    """The one reader of code fences, line by line, for every reader of a page (the parser, the
    validator's code blanking, the page generator's body transform): a fence opens on
    :data:`FENCE_OPEN` and closes on :data:`FENCE_CLOSE` with the same character and at least
    the same length (pymdownx.superfences' rule; ```` ```a`b ```` opens none, as there). A fence
    never closed runs to the end. ``fence`` is the open fence (None outside code)."""

    def __init__(self) -> None:
        self.fence: Fence | None = None

    def read(self, line: str, line_no: int = 0) -> str:
        """What ``line`` (the next line, numbered ``line_no``) is: :data:`PROSE`, :data:`OPEN`,
        :data:`CODE` or :data:`CLOSE`."""
        if self.fence is not None:
            close = FENCE_CLOSE.match(line)
            if close and close.group(1)[0] == self.fence.char and len(close.group(1)) >= self.fence.length:
                self.fence = None
                return CLOSE
            return CODE
        m = FENCE_OPEN.match(line)
        if m is None:
            return PROSE
        self.fence = Fence(m.group(1)[0], len(m.group(1)), m.group(2).lower(), line_no)
        return OPEN


def fenced_lines(lines: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Each of ``lines`` with whether it belongs to fenced code (its opening and closing fence
    lines included), as :class:`FenceScanner` reads them. Linear."""
    scanner = FenceScanner()
    for line in lines:
        yield line, scanner.read(line) != PROSE


def atx_heading(line: str) -> tuple[int, str] | None:
    """``(level, text)`` of an ATX heading: one to six ``#`` at the start of the line, the text
    with its blanks and closing ``#`` removed (``## Title ##`` -> ``(2, "Title")``); None for any
    other line. Without a regex, so that it stays linear on any line (``^##(?!#)\\s*(.*?)\\s*#*\\s*$``
    took cubic time on long runs of blanks)."""
    level = len(line) - len(line.lstrip("#"))
    if not 1 <= level <= 6:
        return None
    return level, line[level:].strip().rstrip("#").rstrip()


#: The number of a section heading, ``5. Rules`` (group 1 the number, group 2 the title).
_SECTION_NUMBER = re.compile(r"(\d+)\.\s+(.+)", re.ASCII)
#: The number of a subsection heading, ``5.3 Title`` or ``5.3.1. Title`` (group 1 the number,
#: group 2 the title).
_SUBSECTION_NUMBER = re.compile(r"(\d+(?:\.\d+)+)\.?\s+(.+)", re.ASCII)


def section_heading(text: str) -> tuple[int, str] | None:
    """``(number, title)`` of a ``## N. Title`` heading's text (:func:`atx_heading`), None when
    it is not numbered so."""
    m = _SECTION_NUMBER.fullmatch(text)
    return (int(m.group(1)), m.group(2).strip()) if m else None


def subsection_heading(text: str) -> tuple[str, str] | None:
    """``(number, title)`` of a ``### N.M Title`` heading's text (also ``N.M.K``, a dot after
    the number allowed), None when it is not numbered so. The parser reads subsections at level
    3, the page generator anchors numbered headings of levels 3 to 6 (``#sec-N-M``)."""
    m = _SUBSECTION_NUMBER.fullmatch(text)
    return (m.group(1), m.group(2).strip()) if m else None
_TICKS = re.compile(r"`+")


def code_spans(line: str) -> list[tuple[int, int]]:
    """The inline code spans of one line, as ``(start, end)`` offsets: a backtick run not
    preceded by a backslash (an odd number of them) opens a span, closed by the next run of the
    same length (Python-Markdown's rule, kept to one line so that a span never joins two table
    rows); text between two spans is not code. Linear in ``len(line)`` (apart from a log factor):
    the regex it replaces, ``(`+)(.+?)\\1``, took cubic time on a long run of backticks."""
    from bisect import bisect_right

    runs = [(m.start(), m.end()) for m in _TICKS.finditer(line)]
    by_len: dict[int, list[int]] = {}
    for k, (a, b) in enumerate(runs):
        by_len.setdefault(b - a, []).append(k)
    out, k = [], 0
    while k < len(runs):
        a, b = runs[k]
        backslashes = 0
        while a - backslashes > 0 and line[a - backslashes - 1] == "\\":
            backslashes += 1
        same = by_len[b - a]
        j = bisect_right(same, k)
        if backslashes % 2 or j >= len(same):
            k += 1
            continue
        out.append((a, runs[same[j]][1]))
        k = same[j] + 1
    return out


def blank_code_spans(line: str) -> str:
    """``line`` with its inline code spans (:func:`code_spans`) replaced by blanks (same length)."""
    spans = code_spans(line)
    if not spans:
        return line
    out, done = [], 0
    for a, b in spans:
        out += [line[done:a], " " * (b - a)]
        done = b
    out.append(line[done:])
    return "".join(out)
#: A citation ``[key]`` / ``[key1; key2]`` candidate (the parts are checked against
#: :data:`KEY_RE`); not a link text, image, reference link or ``[[…]]``.
CITATION = re.compile(r"(?<![\[\]!\\])\[([^\[\]\n]+)\](?![\(\[\]])")
#: A related-variant link ``[[slug]]`` / ``[[slug|label]]``.
RELATED_LINK = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]\n]*?))?\]\]")
#: A markdown reference definition ``[x]: url`` at the start of a line is no citation.
REF_DEFINITION = re.compile(r"^\s{0,3}\[[^\[\]\n]+\]:")
