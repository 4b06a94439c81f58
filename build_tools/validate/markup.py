"""Markup and security checks: sources are markdown. No raw HTML tag or comment (pages,
rules.toml texts shown on the site, stub names), attribute lists only with ``.class`` / ``#id``,
link targets only with the schemes of :data:`~build_tools.format.ALLOWED_SCHEMES` or relative,
relative ``.md`` links naming a page of the site, no line over
:data:`~build_tools.format.LINE_LIMIT` characters. Every function is linear in its input (apart
from a log factor). The build's second line of defence is :mod:`build_tools.tripwire`."""

from __future__ import annotations

import functools
import html
import posixpath
import re
from bisect import bisect_right
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterable, Iterator
from urllib.parse import unquote

from build_tools.format import ALLOWED_SCHEMES, LINE_LIMIT, PARAGRAPH_LIMIT, blank_code_spans, fenced_lines, scheme_of
from build_tools.sources import Variant
from build_tools.tripwire import url_problem
from build_tools.validate.core import Context, Fault, fault, pages_of, toml_lines, toml_value_line


#: The folder of the hand-written pages (mkdocs.yml ``docs_dir``), for relative links.
DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
_AUTOLINK = re.compile(r"<(?:[Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:)[^\s<>]*>")
_TAG_START = re.compile(r"<(/?[A-Za-z][A-Za-z0-9:._-]*|!--|![A-Za-z\[]?|\?)")
_ATTR_LIST = re.compile(r"\{([^{}\n]*)\}")
_ATTR_TOKEN = re.compile(r"[.#][A-Za-z_][A-Za-z0-9_-]*")
# The blanks before a link target are taken possessively, with at most one line end among
# them (``[ \t]*\n?[ \t]*`` split a long run of blanks every way: quadratic time).
_INLINE_LINK = re.compile(r"\]\([ \t]*+(?:\n[ \t]*+)?(<[^<>\n]*>?|[^\s()<]+(?:\([^\s()]*\)?)?)")
# Any indentation: a definition inside a list item is indented (reporting more is safe).
_REF_DEF = re.compile(r"^[ \t]*+(?:[-*+>][ \t]+)?\[[^\[\]\n]+\]:[ \t]*+(?:\n[ \t]*+)?(<[^<>\n]*>?|\S+)", re.MULTILINE)


@functools.lru_cache(maxsize=32)
def blank_code(text: str) -> str:
    """``text`` with fenced code blocks and inline code spans blanked out (same length, newlines
    kept, so offsets and line numbers stay valid). Fences and code spans as the parser reads
    them (:func:`build_tools.format.fenced_lines`, :func:`build_tools.format.code_spans`).
    Linear in ``len(text)`` (apart from a log factor)."""
    parts = [" " * len(line) if fenced else line for line, fenced in fenced_lines(text.split("\n"))]
    # A code span never crosses a line end here (Python-Markdown lets one cross lines inside a
    # paragraph, but not inside a table row; being stricter only reports more).
    return "\n".join(blank_code_spans(line) for line in parts)


class _Lines:
    """Offset -> (line, column) of one text, by binary search over the line starts (so that
    many lookups stay O(n log n))."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect_right(self.starts, offset)

    def col(self, offset: int) -> int:
        return offset - self.starts[self.line(offset) - 1]


class _TagCollector(HTMLParser):
    """Collects every tag, comment, declaration and processing instruction with its
    (line, column)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, int, str]] = []

    def _add(self, what: str) -> None:
        line, col = self.getpos()
        self.found.append((line, col, what))

    def handle_starttag(self, tag, attrs):
        self._add(f"<{tag}>")

    def handle_startendtag(self, tag, attrs):
        self._add(f"<{tag}>")

    def handle_endtag(self, tag):
        self._add(f"</{tag}>")

    def handle_comment(self, data):
        self._add("<!-- -->")

    def handle_decl(self, decl):
        self._add(f"<!{decl.split()[0] if decl.split() else ''}>")

    def unknown_decl(self, data):
        self._add("<![…]>")

    def handle_pi(self, data):
        self._add("<?…>")


#: A paragraph with more tag openings than this is not given to html.parser (which takes
#: quadratic time on many unclosed tags); its openings are reported from the scan alone.
_PARSER_LIMIT = 50


def raw_html(text: str) -> list[tuple[int, str]]:
    """Raw HTML in markdown ``text``: ``[(line, "<tag>"), …]`` for every tag, end tag, comment,
    declaration or processing instruction outside code (fenced blocks, code spans).

    Detection does not depend on where a tag ends: every ``<`` followed by a letter, ``/``,
    ``!`` or ``?`` opens one (so a tag split over lines, or with ``>`` inside a quoted attribute,
    is found where it starts). Python's ``html.parser`` tokenizes each paragraph to name what
    it found (end tags, comments); autolinks ``<https://…>``, ``<http://…>``, ``<mailto:…>``
    are markdown, not HTML. One entry per line and tag name; linear in ``len(text)``."""
    clean = _AUTOLINK.sub(lambda m: " " * len(m.group(0)), blank_code(text))
    opens = list(_TAG_START.finditer(clean))
    if not opens:
        return []
    index = _Lines(clean)
    named: dict[tuple[int, int], str] = {}
    for para in re.finditer(r"(?:[^\n]|\n(?![ \t]*\n))+", clean):
        n = sum(1 for m in opens if para.start() <= m.start() < para.end()) if len(opens) <= 10 * _PARSER_LIMIT else None
        if not n or n > _PARSER_LIMIT:
            continue
        parser = _TagCollector()
        parser.feed(para.group(0))
        parser.close()
        first = index.line(para.start())
        for line, col, what in parser.found:
            abs_line = first + line - 1
            if line == 1:
                col += index.col(para.start())
            named[(abs_line, col)] = what
    out: dict[tuple[int, str], tuple[int, str]] = {}
    for m in opens:
        line, col = index.line(m.start()), index.col(m.start())
        name = m.group(1)
        what = named.get((line, col)) or ("<!-- -->" if name == "!--" else f"<{name}>")
        out.setdefault((line, what.replace("</", "<")), (line, what))
    return sorted(out.values(), key=lambda x: x[0])


def attr_lists(text: str) -> list[int]:
    """Lines of markdown ``text`` (outside code) with an attribute list ``{ … }`` / ``{: … }``
    holding anything but ``.class`` and ``#id`` tokens (attr_list turns ``key=value`` into an
    HTML attribute, ``onclick=…`` included). An empty ``{}`` is plain text."""
    clean = blank_code(text)
    out = []
    for m in _ATTR_LIST.finditer(clean):
        inner = m.group(1).strip()
        if inner.startswith(":"):
            inner = inner[1:]
        tokens = inner.split()
        if any(not _ATTR_TOKEN.fullmatch(t) for t in tokens) or re.search(r"(?i)\bon\w*\s*=", inner):
            out.append(m.start())
    index = _Lines(clean)
    return sorted({index.line(p) for p in out})


#: Anchors the page generator gives a variant page itself (build_tools/pages.py): an ``#id`` of
#: the same name in a source would be a second element with that id (the board's script finds
#: its mount by ``#board``; links to ``#sec-5`` or ``#src-…`` would land on the wrong element).
RESERVED_IDS = re.compile(r"(?:board(?:-caption)?|assumptions|cite|sec-[0-9][0-9-]*|src-[a-z0-9-]*)", re.ASCII)


def reserved_ids(text: str) -> list[tuple[int, str]]:
    """``(line, id)`` of every ``#id`` in an attribute list of markdown ``text`` (outside code)
    that names one of the page's own anchors (:data:`RESERVED_IDS`)."""
    clean = blank_code(text)
    index = _Lines(clean)
    out = []
    for m in _ATTR_LIST.finditer(clean):
        inner = m.group(1).strip().lstrip(":")
        for token in inner.split():
            if token.startswith("#") and RESERVED_IDS.fullmatch(token[1:]):
                out.append((index.line(m.start()), token[1:]))
    return out


_RESERVED_MSG = "the id '#{}' is one of the page's own anchors (board, board-caption, assumptions, cite, sec-N, src-…): choose another"


def link_targets(text: str) -> list[tuple[int, str]]:
    """Targets of the markdown links and images in ``text`` (outside code): inline
    ``[x](target …)`` / ``![x](target)`` and reference definitions ``[x]: target``, as
    ``(line, target)`` with ``<…>`` removed."""
    clean = blank_code(text)
    index = _Lines(clean)
    out = []
    for rx in (_INLINE_LINK, _REF_DEF):
        for m in rx.finditer(clean):
            target = m.group(1)
            if target.startswith("<"):
                target = target[1:].rstrip(">")
            out.append((index.line(m.start(1)), target))
    return sorted(out)


def url_scheme(target: str) -> str | None:
    """The scheme of a link target as a browser reads it (lower case, without ``:``), or None
    for a relative link: HTML character references are decoded, and blanks, control characters
    and backslashes removed first (``&#106;ava&#9;script:`` is ``javascript``)."""
    return scheme_of(html.unescape(target))


#: A bare address in running text that the site's markdown (pymdownx.magiclink, its RE_LINK)
#: makes a link: ``http``, ``https``, ``ftp`` or ``ftps`` and ``://``, in any casing, where no
#: scheme character precedes it.
_BARE_URL = re.compile(r"(?<![A-Za-z0-9+.-])((?i:(?:ht|f)tps?))://")


def bare_links(text: str) -> list[tuple[int, str]]:
    """``(line, scheme)`` of every bare address ``http(s)://…`` / ``ftp(s)://…`` in ``text``
    outside code, which the build's markdown turns into a link (scheme in lower case)."""
    clean = blank_code(text)
    index = _Lines(clean)
    return [(index.line(m.start(1)), m.group(1).lower()) for m in _BARE_URL.finditer(clean)]


def unsafe_links(text: str) -> list[tuple[int, str]]:
    """``(line, scheme)`` for every link or image target and every bare address in ``text``
    whose scheme is not http, https or mailto (javascript:, data:, vbscript:, file:, ftp:, … in
    any casing, with blanks or character references)."""
    out = []
    for line, target in link_targets(text):
        scheme = url_scheme(target)
        if scheme is not None and scheme not in ALLOWED_SCHEMES:
            out.append((line, scheme))
    out += [(line, scheme) for line, scheme in bare_links(text) if scheme not in ALLOWED_SCHEMES]
    return list(dict.fromkeys(sorted(out)))


def link_faults(text: str) -> list[tuple[int, str]]:
    """``(line, message)`` for every link the build's tripwire would refuse
    (:func:`build_tools.tripwire.url_problem`, the rule both share): a scheme other than
    http, https, mailto (:func:`unsafe_links`), or a control character in a link target."""
    out = [(line, _LINK_MSG.format(scheme)) for line, scheme in unsafe_links(text)]
    for line, target in link_targets(text):
        problem = url_problem(html.unescape(target))
        if problem and problem.startswith("a control character"):
            out.append((line, _CONTROL_MSG.format(problem[len("a control character "):])))
    return list(dict.fromkeys(out))


def long_lines(text: str) -> list[tuple[int, int]]:
    """``(line, length)`` of every line longer than :data:`LINE_LIMIT` characters."""
    return [(k + 1, len(ln)) for k, ln in enumerate(text.split("\n")) if len(ln) > LINE_LIMIT]


_RAW_HTML_MSG = "raw HTML {} is not allowed in sources (write markdown)"


_ATTR_MSG = "attribute lists ({ … }) other than .class or #id are not allowed"


_LINK_MSG = "link with the scheme '{}:' is not allowed (only http:, https:, mailto: and relative links)"
_CONTROL_MSG = "link target with the control character {} is not allowed"


def markdown_faults(text: str, first_line: int = 1) -> list[tuple[int, str]]:
    """Every raw-HTML, attribute-list and link-scheme fault of markdown ``text`` as
    ``(line, message)``; lines counted from ``first_line`` (for a value read from a TOML file,
    pass its line and the text is treated as one line). Texts with a line over
    :data:`LINE_LIMIT` are checked on their first :data:`LINE_LIMIT` characters per line only
    (the long line itself is a fault of :func:`check_line_length`)."""
    if any(len(ln) > LINE_LIMIT for ln in text.split("\n")):
        text = "\n".join(ln[:LINE_LIMIT] for ln in text.split("\n"))
    out = [(line, _RAW_HTML_MSG.format(what)) for line, what in raw_html(text)]
    out += [(line, _ATTR_MSG) for line in attr_lists(text)]
    out += [(line, _RESERVED_MSG.format(name)) for line, name in reserved_ids(text)]
    out += link_faults(text)
    return [(first_line + line - 1, msg) for line, msg in out]


def check_line_length(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No line of de.md, en.md or rules.toml is longer than LINE_LIMIT characters."""
    files = [(p.path, p.text) for p in pages_of(variant)]
    if variant.rules_text is not None:
        files.append((variant.rules_path, variant.rules_text))
    for path, text in files:
        for line, n in long_lines(text):
            yield fault(variant, path, line, f"line too long ({n} characters; at most {LINE_LIMIT})")


def long_paragraphs(text: str) -> list[tuple[int, int]]:
    """``(first line, length)`` of every paragraph of markdown ``text`` longer than
    :data:`~build_tools.format.PARAGRAPH_LIMIT` characters: a run of lines that are not blank
    once fenced code is blanked (:func:`blank_code`), its length counted with the line ends
    between its lines. A paragraph with a line over :data:`LINE_LIMIT` is left out: that line
    is already a fault of its own (:func:`check_line_length`). Linear."""
    out, start, size, long_line = [], None, 0, False
    for k, line in enumerate(blank_code(text).split("\n") + [""]):
        if line.strip():
            if start is None:
                start, size, long_line = k + 1, len(line), False
            else:
                size += 1 + len(line)
            long_line = long_line or len(line) > LINE_LIMIT
        elif start is not None:
            if size > PARAGRAPH_LIMIT and not long_line:
                out.append((start, size))
            start, size = None, 0
    return out


def check_paragraph_length(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No paragraph of de.md or en.md is longer than PARAGRAPH_LIMIT characters (Python-Markdown
    would spend minutes on it: a hostile source must not stall the build)."""
    for page in pages_of(variant):
        for line, n in long_paragraphs(page.text):
            yield fault(variant, page.path, line,
                        f"paragraph too long ({n:,} characters; at most {PARAGRAPH_LIMIT:,}): "
                        "split it with a blank line")


def check_raw_html(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No raw HTML tag or comment anywhere in de.md / en.md (front matter, every section,
    facts cells and section 8 included; code excluded): sources are markdown."""
    for page in pages_of(variant):
        for line, what in raw_html(_cut_long(page.text)):
            yield fault(variant, page.path, line, _RAW_HTML_MSG.format(what))


def check_attr_lists(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No attribute list ``{ … }`` / ``{: … }`` with anything but ``.class`` / ``#id`` in
    de.md / en.md (attr_list is enabled in mkdocs.yml: ``{ onclick=… }`` would become an
    HTML attribute)."""
    for page in pages_of(variant):
        for line in attr_lists(_cut_long(page.text)):
            yield fault(variant, page.path, line, _ATTR_MSG)
        for line, name in reserved_ids(_cut_long(page.text)):
            yield fault(variant, page.path, line, _RESERVED_MSG.format(name))


def check_link_schemes(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Link and image targets and bare addresses in de.md / en.md are http(s), mailto or
    relative, without control characters (:func:`link_faults`)."""
    for page in pages_of(variant):
        for line, msg in link_faults(_cut_long(page.text)):
            yield fault(variant, page.path, line, msg)


#: How deep brackets (``[[slug]]`` is 2) and a link target's parentheses may nest.
BRACKET_DEPTH = 3


def bracket_faults(text: str) -> list[tuple[int, str]]:
    """``(line, message)`` for brackets Python-Markdown would scan far for (outside code): a
    ``[`` not closed by a ``]`` on its own line, a link target ``](…`` whose parentheses do not
    close on its line, and either nested more than :data:`BRACKET_DEPTH` deep. (Markdown reads
    the rest of a paragraph after such a bracket as a possible link: its time grows with the
    square of the paragraph.) Backslash-escaped brackets do not count. Linear."""
    out = []
    for number, line in enumerate(blank_code(text).split("\n"), 1):
        depth, k, n, problem = 0, 0, len(line), None
        while k < n and problem is None:
            ch = line[k]
            if ch == "\\":
                k += 2
                continue
            if ch == "[":
                depth += 1
                if depth > BRACKET_DEPTH:
                    problem = f"brackets nested more than {BRACKET_DEPTH} deep"
            elif ch == "]" and depth:
                depth -= 1
                if k + 1 < n and line[k + 1] == "(":
                    parens, k = 0, k + 1
                    while k < n:
                        if line[k] == "\\":
                            k += 2
                            continue
                        parens += line[k] == "("
                        parens -= line[k] == ")"
                        if parens > BRACKET_DEPTH:
                            problem = f"parentheses of a link target nested more than {BRACKET_DEPTH} deep"
                        if parens <= 0 or problem:
                            break
                        k += 1
                    if parens > 0 and problem is None:
                        problem = "a link target '](' is not closed by ')' on its line"
            k += 1
        if problem is None and depth:
            problem = "'[' is not closed by ']' on its line (write \\[ for a bracket of its own)"
        if problem:
            out.append((number, problem))
    return out


#: How far a line (outside fenced code) may be indented or quoted, in columns (tabs count 4):
#: Python-Markdown renders nested lists recursively and fails on about 300 levels.
NESTING_LIMIT = 100


def nesting_faults(text: str) -> list[tuple[int, str]]:
    """``(line, message)`` for every line outside fenced code whose leading blanks, tabs and
    ``>`` reach more than :data:`NESTING_LIMIT` columns. Linear."""
    out = []
    for number, (line, fenced) in enumerate(fenced_lines(text.split("\n")), 1):
        if fenced:
            continue
        rest = line.lstrip(" \t>")
        if rest and len(line[:len(line) - len(rest)].expandtabs(4)) > NESTING_LIMIT:
            out.append((number, f"line indented or quoted more than {NESTING_LIMIT} columns deep "
                                "(lists nested that deep break the markdown renderer)"))
    return out


def check_nesting(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No line of de.md / en.md is indented or quoted more than :data:`NESTING_LIMIT` columns
    (:func:`nesting_faults`)."""
    for page in pages_of(variant):
        for line, message in nesting_faults(page.text):
            yield fault(variant, page.path, line, message)


def check_brackets(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Brackets and link targets in de.md / en.md close on their own line and nest at most
    :data:`BRACKET_DEPTH` deep (:func:`bracket_faults`)."""
    for page in pages_of(variant):
        for line, message in bracket_faults(_cut_long(page.text)):
            yield fault(variant, page.path, line, message)


def _cut_long(text: str) -> str:
    if len(text) <= LINE_LIMIT or all(len(ln) <= LINE_LIMIT for ln in text.split("\n")):
        return text
    return "\n".join(ln[:LINE_LIMIT] for ln in text.split("\n"))


def _site_pages(ctx: Context) -> set[str]:
    """The page files of the site (paths relative to docs/, as MkDocs resolves links):
    hand-written ``docs/**/*.md`` and the generated ``variants/index.md``, ``comparison.md``
    and ``variants/<slug>.md`` for every variant folder and stub (build_tools/pages.py)."""
    have = {p.relative_to(DOCS_DIR).as_posix() for p in DOCS_DIR.rglob("*.md")} if DOCS_DIR.is_dir() else set()
    have |= {"variants/index.md", "comparison.md"}
    have |= {f"variants/{slug}.md" for slug in set(ctx.known_slugs) | set(ctx.stubs)}
    return have


def check_relative_links(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A relative link in de.md / en.md names a page of the site, relative to the generated
    page ``variants/<slug>.md`` (e.g. ``../mechanics/umzingelung.md``, ``other-slug.md``) or
    an existing file under docs/; ``#anchor`` alone is left to the build."""
    pages = None
    for page in pages_of(variant):
        reported: set[int] = set()
        for line, target in link_targets(_cut_long(page.text)):
            if line in reported:
                continue
            if url_scheme(target) is not None or target.startswith("#") or not target.strip():
                continue
            path = unquote(target.split("#", 1)[0].split("?", 1)[0])
            if not path:
                continue
            if pages is None:
                pages = _site_pages(ctx)
            resolved = posixpath.normpath(posixpath.join("variants", path))
            ok = not path.startswith("/") and not resolved.startswith("../") and (
                resolved in pages if resolved.endswith(".md") else (DOCS_DIR / resolved).is_file())
            if not ok:
                reported.add(line)
                yield fault(variant, page.path, line,
                             f"link target '{target}' is not a page of the site (links are relative to "
                             f"variants/{variant.slug}.md, e.g. ../mechanics/umzingelung.md)")


def toml_texts(variant: Variant) -> list[tuple[str, int, str]]:
    """The texts of rules.toml that reach the site, as ``(what, line, text)``: ``[variant]
    name``, ``board_note.*`` and every rule's ``note.*``."""
    lines = toml_lines(variant.rules_text or "")
    out = []
    table = variant.variant_table
    if isinstance(table.get("name"), str):
        out.append(("name", toml_value_line(lines, "variant", "name"), table["name"]))
    notes = table.get("board_note")
    if isinstance(notes, dict):
        for lang, text in notes.items():
            if isinstance(text, str):
                out.append((f"board_note.{lang}", toml_value_line(lines, "variant", f"board_note.{lang}"), text))
    rules = (variant.rules_data or {}).get("rules")
    if isinstance(rules, dict):
        for key, rule in rules.items():
            note = rule.get("note") if isinstance(rule, dict) else None
            if isinstance(note, dict):
                for lang, text in note.items():
                    if isinstance(text, str):
                        out.append((f"rules.{key}.note.{lang}", toml_value_line(lines, f"rules.{key}", f"note.{lang}"), text))
    return out


def check_toml_texts(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The texts of rules.toml shown on the site (``[variant] name``, ``board_note.*``,
    ``note.*``) pass the same raw-HTML, attribute-list and link checks as the pages; the fault
    names the line of the key in rules.toml."""
    for what, line, text in toml_texts(variant):
        for _, message in markdown_faults(text.replace("\n", " ")):
            yield fault(variant, variant.rules_path, line, message)
