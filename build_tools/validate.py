"""Validate the variant sources: one check, one function, one message format.

Every check takes a parsed :class:`~build_tools.sources.Variant` and a :class:`Context` and
returns :class:`Fault` values, printed as ``path:line: message`` with the path relative to the
repository root (``variants_src/alea-evangelii/de.md:14: …``). The checks implement the source
format of README.md ("Writing a variant source") and issue 3:

- files, slug, front matter, ten sections in order with exact titles, none empty;
- the facts table: its keys, and board, pieces, throne, escape, king armed and first mover
  agreeing with rules.toml and the counted layout; assumed rules marked as such in the cell;
- the layout and the rules file (tafl_core's own errors), refs naming existing sections;
- ``board = false`` (a text-only variant: only the ``[variant]`` table, a one-line
  ``board_note`` in both languages); such a variant skips every check that needs a ruleset or
  layout (facts against rules.toml, section 8 diagram against the layout, refs) and keeps the
  rest;
- section 8: one ``/// original`` block, its start diagram equal to the rules.toml layout;
- citations and sources; German and English agreeing; related variants resolving;
- sources are markdown: no raw HTML tag or comment anywhere (pages, rules.toml texts shown on
  the site, stub names), attribute lists only with ``.class`` / ``#id``, link targets only
  http, https, mailto or relative, relative ``.md`` links naming a page of the site, no line
  over :data:`LINE_LIMIT` characters (every check is linear in the input);
- files are UTF-8: a byte-order mark is removed from de.md / en.md (editors add it; the
  markdown is unaffected) but is a fault in rules.toml and _not_yet_documented.toml (tafl_core
  and other TOML readers reject it); bytes that are not UTF-8 are a fault, never a crash.

The build has a second line of defence: :func:`build_tools.site_plugin.on_page_content` fails
the MkDocs build on rendered HTML that could run script.

``validate_tree(root)`` and ``python -m build_tools validate`` never write files.
"""

from __future__ import annotations

import argparse
import functools
import html
import posixpath
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

from .sources import (
    LANGS, SLUG_RE, STUBS_FILE, Page, Variant, dash_tail, engine, engine_problem, load_stubs,
    load_variant, non_table_sections, read_source_text, rel_path, variant_dirs,
)

__all__ = ["Fault", "Context", "CHECKS", "validate_variant", "validate_tree", "main",
           "SECTION_TITLES", "FACT_KEYS", "raw_html", "attr_lists", "unsafe_links", "url_scheme",
           "markdown_faults", "blank_code", "LINE_LIMIT"]


@dataclass(frozen=True, order=True)
class Fault:
    """One fault: ``path`` (relative to the repository root, forward slashes), 1-based
    ``line`` and a one-line ``message``; ``str(fault) == "path:line: message"``."""
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Context:
    """What a variant is checked against: the variants ``root``, the slugs that have a source
    folder and the not-yet-documented stubs (``{slug: {"de": name, "en": name}}``)."""
    root: Path
    known_slugs: set[str] = field(default_factory=set)
    stubs: dict[str, dict[str, str]] = field(default_factory=dict)


#: The ten section titles per language (README.md).
SECTION_TITLES = {
    "de": ["Grunddaten", "Geschichte und Herkunft", "Startaufstellung und Spielfiguren",
           "Spielziel", "Spielregeln", "Wissenswertes", "Verwandte Varianten",
           "Spielregeln (Original) mit Quellenangabe", "Quellen", "Quellenlage & Einordnung"],
    "en": ["At a glance", "History and origin", "Starting position and pieces", "Objective",
           "Rules", "Trivia", "Related variants", "Original rules text with source", "Sources",
           "Source situation and assessment"],
}

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

#: The ``[variant] historicity`` values (README.md; the same list as tafl_core's loader, which
#: checks it for variants with a board; :func:`check_text_only` for those without).
HISTORICITY = ("board_attested", "rules_reconstructed", "modern")

#: Words that mark a facts cell as an assumption (README.md): whole words or phrases only;
#: "offen"/"open" count only as "(offen)", "offen gelassen", "bleibt offen" / "(open)",
#: "left open", "open question" (not "open to debate").
ASSUMPTION_MARKERS = {
    "de": ["Annahme", "angenommen", "(offen)", "offen gelassen", "bleibt offen", "nicht ausdrücklich", "nicht erwähnt"],
    "en": ["assumed", "assumption", "(open)", "left open", "open question", "not stated", "not mentioned"],
}
_MARKER_RE = {
    "de": re.compile(r"(?i)\b(annahme\w*|angenommen|nicht\s+ausdrücklich|nicht\s+erwähnt|offen\s*gelassen|bleibt\s+offen)\b|\(\s*offen\s*\)"),
    "en": re.compile(r"(?i)\b(assumed|assumptions?|not\s+stated|not\s+mentioned|left\s+open|open\s+questions?)\b|\(\s*open\s*\)"),
}

Check = Callable[[Variant, Context], Iterable[Fault]]


# --------------------------------------------------------------------------- helpers

_REL_CACHE: dict[tuple[Path, Path], str] = {}


def _fault(variant: Variant, path: Path, line: int | None, message: str) -> Fault:
    key = (Path(path), Path(variant.root))
    rel = _REL_CACHE.get(key)
    if rel is None:
        rel = _REL_CACHE[key] = variant.rel(path)
    return Fault(rel, line if line else 1, message)


def _pages(variant: Variant) -> Iterator[Page]:
    for lang in LANGS:
        if lang in variant.pages:
            yield variant.pages[lang]


def _fact(page: Page, role: str):
    """The facts row for ``role`` (first match), or None."""
    for r, key, prefix in FACT_KEYS[page.lang]:
        if r == role:
            for f in page.facts:
                if (f.key.startswith(key) if prefix else f.key == key):
                    return f
    return None


def _quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


def _diff_snippets(a: str, b: str, before: int = 20, after: int = 30) -> tuple[str, str]:
    """Quoted excerpts of ``a`` and ``b`` around their first differing character."""
    c = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, c - before)

    def cut(s: str) -> str:
        part = s[start:c + after]
        return repr(("…" if start else "") + part + ("…" if c + after < len(s) else ""))
    return cut(a), cut(b)


def _toml_lines(text: str) -> dict[tuple[str, str], int]:
    """Line of each ``key = …`` in rules.toml, keyed by (table header, key); header lines
    themselves under (header, "")."""
    out: dict[tuple[str, str], int] = {}
    table = ""
    for idx, line in enumerate(text.split("\n")):
        s = line.strip()
        m = re.match(r"^\[\s*([^\[\]]+?)\s*\]", s)
        if m:
            table = m.group(1)
            out.setdefault((table, ""), idx + 1)
            continue
        m = re.match(r"^([A-Za-z0-9_.\"-]+)\s*=", s)
        if m:
            out.setdefault((table, m.group(1)), idx + 1)
    return out


def _rule(variant: Variant, key: str):
    """(value, assumed, line) of rule ``key``: from the tafl_core Ruleset when it loaded, else
    from the raw TOML (so the facts can be checked while another rule is broken); None if
    absent or if the variant is text-only (its rules are not given; a stray ``[rules]`` table
    is reported by :func:`check_text_only`)."""
    if variant.text_only:
        return None
    if variant.ruleset is not None:
        rule = variant.ruleset.rules.get(key)
        if rule is None:
            return None
        return rule.value, bool(rule.assumed), rule.line
    rules = (variant.rules_data or {}).get("rules")
    if not isinstance(rules, dict) or not isinstance(rules.get(key), dict) or "value" not in rules[key]:
        return None
    line = _toml_lines(variant.rules_text or "").get((f"rules.{key}", ""), 1)
    return rules[key]["value"], bool(rules[key].get("assumed", False)), line


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --------------------------------------------------------------------------- files, engine

def check_files_present(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each variant folder holds rules.toml, de.md and en.md."""
    for name in variant.missing:
        yield _fault(variant, variant.dir / name, 1, f"missing file {name} (a variant needs rules.toml, de.md and en.md)")


def check_slug(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The folder name is a slug: lower case letters, digits and '-'."""
    if not SLUG_RE.fullmatch(variant.slug):
        yield _fault(variant, variant.rules_path, 1,
                     f"folder name '{variant.slug}' is not a slug (lower case letters, digits and '-')")


def check_engine(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """tafl_core must be importable: without it the rules file and layout cannot be checked
    (a text-only variant has neither)."""
    if not variant.engine_available and "rules.toml" not in variant.missing and not variant.text_only:
        yield _fault(variant, variant.rules_path, 1,
                     f"cannot check the rules file and layout: {engine_problem()}")


def check_rules_file(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """rules.toml is complete and valid for tafl_core: the loader's RulesFileError (missing
    rules, a rule with neither ref nor assumed, an assumption without both notes, bad values).
    Errors inside the layout diagram are left to :func:`check_layout`."""
    e = variant.rules_error
    if e is None:
        return
    line = getattr(e, "line", None)
    message = getattr(e, "message", None) or str(e)
    le = variant.layout_error
    if le is not None:
        same = getattr(le, "message", None) == message and getattr(le, "line", None) == line
        in_diagram = (line is not None and variant.diagram_line is not None
                      and variant.diagram_line - 1 <= line <= (variant.diagram_end_line or line) + 1)
        if same or in_diagram:
            return
    yield _fault(variant, variant.rules_path, line, message)


def check_layout(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The start layout parses (tafl_core.parse_diagram): square, known symbols, exactly one
    king, rank labels descending and consistent, file letters matching."""
    e = variant.layout_error
    if e is not None:
        yield _fault(variant, variant.rules_path, getattr(e, "line", None), getattr(e, "message", None) or str(e))


# --------------------------------------------------------------------------- text-only variants

def _toml_show(value) -> str:
    """A TOML value as it would be written (``true``, ``"no"``, ``3``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def _top_level_line(text: str, name: str) -> int | None:
    """First line of rules.toml that opens top-level table ``name``: a header ``[name]``,
    ``[name.x]``, ``[[name]]``, or a key ``name = …`` / ``name.x = …`` before any header."""
    in_root = True
    pat = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*[\].]")
    key = re.compile(r"^\s*" + re.escape(name) + r"\s*[=.]")
    for idx, line in enumerate(text.split("\n")):
        if pat.match(line):
            return idx + 1
        if line.lstrip().startswith("["):
            in_root = False
        elif in_root and key.match(line):
            return idx + 1
    return None


def _variant_key_line(variant: Variant, *dotted: str) -> int:
    """Line of the first of the ``[variant]`` keys ``dotted`` that rules.toml writes (as
    ``board_note.de = …`` in ``[variant]`` or ``de = …`` in ``[variant.board_note]``); else the
    ``[variant]`` header; else 1."""
    lines = _toml_lines(variant.rules_text or "")
    for key in dotted:
        head, _, last = key.rpartition(".")
        for where in (("variant", key), (f"variant.{head}", last) if head else None):
            if where and where in lines:
                return lines[where]
        if head and (f"variant.{key}", "") in lines:
            return lines[(f"variant.{key}", "")]
    return lines.get(("variant", ""), 1)


def check_board_flag(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """``board`` in ``[variant]`` is either absent (a variant with a board) or ``false`` (a
    text-only variant); ``board_note`` belongs only to ``board = false``."""
    table = variant.variant_table
    if "board" in table and table["board"] is not False:
        yield _fault(variant, variant.rules_path, _variant_key_line(variant, "board"),
                     f"board = {_toml_show(table['board'])} is not allowed: write board = false for a variant "
                     "without a board, or leave board out")
    elif "board_note" in table and not variant.text_only:
        yield _fault(variant, variant.rules_path, _variant_key_line(variant, "board_note.de", "board_note.en", "board_note"),
                     "board_note is only for a variant without a board (board = false)")


def check_text_only(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A text-only variant's rules.toml (README.md, ``board = false``): only the ``[variant]``
    table (no ``[layout]``, no ``[rules]``), with a non-empty ``name``, a known ``historicity``
    and a one-line ``board_note.de`` and ``board_note.en``. The engine never reads this file,
    so its ``[variant]`` checks are repeated here with the engine's messages."""
    if not variant.text_only:
        return
    text = variant.rules_text or ""
    data = variant.rules_data or {}
    table = variant.variant_table
    for top in data:
        if top != "variant":
            yield _fault(variant, variant.rules_path, _top_level_line(text, top),
                         f"[{top}] is not allowed with board = false: a variant without a board has only the [variant] table")
    for key in table:
        if key not in ("name", "historicity", "board", "board_note"):
            yield _fault(variant, variant.rules_path, _variant_key_line(variant, key),
                         f"[variant]: unknown key '{key}' (expected name, historicity, board, board_note)")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        yield _fault(variant, variant.rules_path, _variant_key_line(variant, "name"), "[variant] needs a name")
    historicity = table.get("historicity", "modern")
    if historicity not in HISTORICITY:
        yield _fault(variant, variant.rules_path, _variant_key_line(variant, "historicity"),
                     f"historicity '{historicity}' is not one of {', '.join(HISTORICITY)}")
    board_line = _variant_key_line(variant, "board")
    notes = table.get("board_note")
    if notes is not None and not isinstance(notes, dict):
        yield _fault(variant, variant.rules_path, _variant_key_line(variant, "board_note"),
                     "board_note must be given per language: board_note.de and board_note.en")
        return
    notes = notes or {}
    missing = [f"board_note.{lang}" for lang in LANGS if lang not in notes]
    if missing:
        yield _fault(variant, variant.rules_path, board_line,
                     f"board = false needs {' and '.join(missing)} (a one-line reason in each language)")
    for lang, value in notes.items():
        line = _variant_key_line(variant, f"board_note.{lang}")
        if lang not in LANGS:
            yield _fault(variant, variant.rules_path, line, f"board_note.{lang}: unknown language (only de and en)")
        elif not isinstance(value, str) or not value.strip() or "\n" in value.strip():
            yield _fault(variant, variant.rules_path, line, f"board_note.{lang} must be one line of text")


# --------------------------------------------------------------------------- page structure

def check_page_parse(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """What the parser could not read: front-matter syntax, unclosed code blocks and
    unclosed ``/// original`` blocks."""
    for page in _pages(variant):
        for line, message in page.problems:
            yield _fault(variant, page.path, line, message)


def check_front_matter(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Front matter has exactly the keys ``title`` and ``lead``, both non-empty."""
    for page in _pages(variant):
        if not page.text.startswith("---"):
            continue  # reported by check_page_parse
        for key, (value, line) in page.front_matter.items():
            if key not in ("title", "lead"):
                yield _fault(variant, page.path, line, f"front matter key '{key}' is not allowed (only title and lead)")
            elif not value.strip():
                yield _fault(variant, page.path, line, f"front matter '{key}' is empty")
        for key in ("title", "lead"):
            if key not in page.front_matter:
                yield _fault(variant, page.path, 1, f"front matter has no '{key}'")


def check_sections(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The ten ``## N. Title`` sections, each once, in order 1–10, with the exact titles of
    the page's language; no other ``##`` heading."""
    for page in _pages(variant):
        titles = SECTION_TITLES[page.lang]
        seen: dict[int, int] = {}
        last = 0
        for s in page.sections:
            if s.number is None or not 1 <= s.number <= 10:
                yield _fault(variant, page.path, s.line,
                             f"heading '## {s.heading}' is not one of the ten sections ('## 1. {titles[0]}' … '## 10. {titles[9]}')")
                continue
            if s.number in seen:
                yield _fault(variant, page.path, s.line, f"section {s.number} appears twice (first at line {seen[s.number]})")
                continue
            seen[s.number] = s.line
            if s.number < last:
                yield _fault(variant, page.path, s.line, f"section {s.number} comes after section {last}; the order is 1–10")
            last = max(last, s.number)
            expected = titles[s.number - 1]
            if s.title != expected:
                yield _fault(variant, page.path, s.line, f"section {s.number} is titled '{s.title}', expected '{expected}'")
        for number in range(1, 11):
            if number not in seen:
                later = [s.line for s in page.sections if s.number is not None and s.number > number]
                line = min(later) if later else len(page.lines)
                yield _fault(variant, page.path, line, f"section '## {number}. {titles[number - 1]}' is missing")


def check_sections_not_empty(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No section and no ``### N.M`` subsection is empty (only blank lines or headings)."""
    for page in _pages(variant):
        lines = page.lines
        for s in page.sections:
            if not s.content_lines():
                yield _fault(variant, page.path, s.line, f"section '## {s.heading}' is empty")
                continue
            for k, sub in enumerate(s.subsections):
                end = s.subsections[k + 1].line - 1 if k + 1 < len(s.subsections) else s.end_line
                text = [ln for ln in lines[sub.line:end] if ln.strip() and not ln.lstrip().startswith("#")]
                if not text:
                    heading = f"{sub.number} {sub.title}" if sub.number else sub.title
                    yield _fault(variant, page.path, sub.line, f"subsection '### {heading}' is empty")


def check_subsections(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A ``### N.M`` subsection sits in section N, and each number occurs once."""
    for page in _pages(variant):
        seen: dict[str, int] = {}
        for s in page.sections:
            for sub in s.subsections:
                if sub.number is None:
                    continue
                if s.number is not None and sub.number.split(".")[0] != str(s.number):
                    yield _fault(variant, page.path, sub.line, f"subsection {sub.number} is in section {s.number}")
                if sub.number in seen:
                    yield _fault(variant, page.path, sub.line, f"subsection {sub.number} appears twice (first at line {seen[sub.number]})")
                seen.setdefault(sub.number, sub.line)


# --------------------------------------------------------------------------- facts table

def check_facts_keys(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Section 1 has a facts table with every row of the language (Herkunft…/Datierung…/
    Origin…/Date… matched by prefix)."""
    for page in _pages(variant):
        s1 = page.section(1)
        if s1 is None:
            continue  # reported by check_sections
        if not page.facts:
            yield _fault(variant, page.path, s1.line, "section 1 has no facts table")
            continue
        for role, key, prefix in FACT_KEYS[page.lang]:
            if _fact(page, role) is None:
                shown = f"{key}…" if prefix else key
                yield _fault(variant, page.path, page.facts_line, f"facts table has no row '{shown}'")


def check_facts_board(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The board row states the layout's size as N×N (its first N×N)."""
    if variant.layout is None:
        return
    size = variant.layout.size
    for page in _pages(variant):
        f = _fact(page, "board")
        if f is None:
            continue
        m = re.search(r"(\d+)\s*[×xX]\s*(\d+)", f.value)
        if not m:
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' does not state the board size as N×N (the layout is {size}×{size})")
        elif (int(m.group(1)), int(m.group(2))) != (size, size):
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' says {m.group(1)}×{m.group(2)}, the layout is {size}×{size}")


_PIECE_WORDS = {
    "de": {"defender": r"Verteidiger", "attacker": r"Angreifer", "king": r"König"},
    "en": {"defender": r"defenders?", "attacker": r"attackers?", "king": r"king"},
}
_PIECE_NAMES = {"de": {"defender": "Verteidiger", "attacker": "Angreifer", "king": "König"},
                "en": {"defender": "defenders", "attacker": "attackers", "king": "king"}}
#: The special pieces of Berserk Hnefatafl in a pieces row: the number right before the name
#: ("davon 4 Kommandanten", "davon 1 Ritter"; "4 of them commanders", "1 of them the knight");
#: linear in the cell's length like the side totals' regex.
_SPECIAL_WORDS = {
    "de": {"commander": r"(?<!\d)(\d+)\s+Kommandant(?:en)?\b", "knight": r"(?<!\d)(\d+)\s+Ritter\b"},
    "en": {"commander": r"(?<!\d)(\d+)\s+(?:of\s+them\s+)?(?:the\s+)?commanders?\b",
           "knight": r"(?<!\d)(\d+)\s+(?:of\s+them\s+)?(?:the\s+)?knights?\b"},
}
_SPECIAL_NAMES = {"de": {"commander": "Kommandanten", "knight": "Ritter"},
                  "en": {"commander": "commanders", "knight": "knights"}}
#: Side of each special kind, as the side totals of the row name it (tafl_core SIDE_OF_KIND).
_SPECIAL_SIDE = {"commander": "attacker", "knight": "defender"}
#: Added to a wrong side total when that side has special pieces (they are part of the total).
_SIDE_HINT = {
    "commander": lambda n: " (the commander counts as an attacker)" if n == 1 else f" (the {n} commanders count as attackers)",
    "knight": lambda n: " (the knight counts as a defender)" if n == 1 else f" (the {n} knights count as defenders)",
}


def check_facts_pieces(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The pieces row ("24 Verteidiger + König gegen 48 Angreifer" / "24 defenders + king
    against 48 attackers") matches the counted layout.

    The numbers are whole sides without the king (``Position.side_counts()``): a commander
    counts as an attacker, a knight as a defender. A layout with special pieces (Berserk
    Hnefatafl) also needs their numbers, in digits, right before their names: "12 Verteidiger
    (davon 1 Ritter) + König gegen 24 Angreifer (davon 4 Kommandanten)" / "12 defenders (1 of
    them the knight) + king against 24 attackers (4 of them commanders)"; a special piece the
    layout lacks may not be given a number other than 0. Layouts without special pieces are
    checked as before (the names of commanders and knights are not looked for)."""
    if variant.layout is None:
        return
    counts = variant.layout.counts()
    sides = variant.layout.side_counts()
    totals = {"defender": sides["defenders"], "attacker": sides["attackers"]}
    special = {k: counts.get(k, 0) for k in _SPECIAL_SIDE}
    has_special = any(special.values())
    for page in _pages(variant):
        f = _fact(page, "pieces")
        if f is None:
            continue
        words, names = _PIECE_WORDS[page.lang], _PIECE_NAMES[page.lang]
        for kind in ("defender", "attacker"):
            # (?<!\d): a number starts where its digits start, so a long run of digits is
            # scanned once (linear), not once from each of its digits.
            m = re.search(rf"(?<!\d)(\d+)\s+{words[kind]}\b", f.value, re.IGNORECASE)
            if not m:
                yield _fault(variant, page.path, f.line,
                             f"facts '{f.key}' does not state the number of {names[kind]} (the layout has {totals[kind]})")
            elif int(m.group(1)) != totals[kind]:
                hint = "".join(_SIDE_HINT[k](n) for k, n in special.items() if n and _SPECIAL_SIDE[k] == kind)
                yield _fault(variant, page.path, f.line,
                             f"facts '{f.key}' says {m.group(1)} {names[kind]}, the layout has {totals[kind]}{hint}")
        if not re.search(rf"\b{words['king']}\b", f.value, re.IGNORECASE):
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' does not mention the {names['king']}")
        if not has_special:
            continue
        for kind, n in special.items():
            name = _SPECIAL_NAMES[page.lang][kind]
            m = re.search(_SPECIAL_WORDS[page.lang][kind], f.value, re.IGNORECASE)
            if n and not m:
                yield _fault(variant, page.path, f.line,
                             f"facts '{f.key}' does not state the number of {name} (the layout has {n})")
            elif m and int(m.group(1)) != n:
                yield _fault(variant, page.path, f.line,
                             f"facts '{f.key}' says {m.group(1)} {name}, the layout has {n or 'none'}")


_YES_NO = {"de": ({"ja"}, {"nein", "kein", "keiner", "keins"}, "Ja", "Nein"),
           "en": ({"yes"}, {"no", "none"}, "Yes", "No")}


def check_facts_throne(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The throne row begins with Ja/Nein (Yes/No), agreeing with ``throne`` in rules.toml."""
    rule = _rule(variant, "throne")
    if rule is None:
        return
    value = rule[0]
    for page in _pages(variant):
        f = _fact(page, "throne")
        if f is None:
            continue
        yes, no, yes_word, no_word = _YES_NO[page.lang]
        m = re.match(r"^\W*(\w+)", f.value)
        word = m.group(1).lower() if m else ""
        said = True if word in yes else False if word in no else None
        if said is None:
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' must begin with {yes_word} or {no_word} (rules.toml has throne = {_show(value)})")
        elif said != bool(value):
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' says {m.group(1)}, rules.toml has throne = {_show(value)}")


_ESCAPE = {"de": (r"\bEck", r"\b(Brett)?[Rr]and|\bKante", "Eck…", "Rand…"),
           "en": (r"\bcorner", r"\bedge", "corner", "edge")}


def _check_first_mention(variant: Variant, key: str, role: str, words: dict, values: tuple[str, str]) -> Iterator[Fault]:
    """Shared check of a facts row that names one of two alternatives (first mention counts):
    ``words[lang]`` is (regex A, regex B, word A, word B), ``values`` the rules.toml values
    (value A, value B) of rule ``key``."""
    rule = _rule(variant, key)
    if rule is None:
        return
    value = rule[0]
    for page in _pages(variant):
        f = _fact(page, role)
        if f is None:
            continue
        re_a, re_b, word_a, word_b = words[page.lang]
        a = re.search(re_a, f.value, re.IGNORECASE)
        b = re.search(re_b, f.value, re.IGNORECASE)
        if not a and not b:
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' names neither {word_a} nor {word_b} (rules.toml has {key} = {value})")
            continue
        said = values[0] if a and (not b or a.start() < b.start()) else values[1]
        if said != value:
            word = word_a if said == values[0] else word_b
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' says {word}, rules.toml has {key} = {value}")


def check_facts_escape(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The escape row names corner (Eck…) or edge (Rand…) as in ``escape`` (first mention)."""
    yield from _check_first_mention(variant, "escape", "escape", _ESCAPE, ("corners", "edge"))


_ARMED = {
    "de": (r"\b(unbewaffnet|waffenlos|nicht\s+bewaffnet)\w*", r"\bbewaffnet\w*", r"\bambo(ss|ß)", r"\bhammer",
           "bewaffnet", "unbewaffnet", "Amboss", "Hammer"),
    "en": (r"\b(unarmed|not\s+armed)\b", r"\barmed\b", r"\banvil", r"\bhammer",
           "armed", "unarmed", "anvil", "hammer"),
}


def check_facts_king_armed(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The king row says armed (bewaffnet) or unarmed (unbewaffnet/waffenlos) as in
    ``king_armed``; anvil/hammer also name Amboss/Hammer (anvil/hammer). When both words occur,
    the one after the assumption marker (``Annahme: …`` / ``assumed: …``) counts."""
    rule = _rule(variant, "king_armed")
    if rule is None:
        return
    value = rule[0]
    for page in _pages(variant):
        f = _fact(page, "king")
        if f is None:
            continue
        no_re, yes_re, anvil_re, hammer_re, yes_word, no_word, anvil_word, hammer_word = _ARMED[page.lang]
        cell = f.value
        masked = re.sub(no_re, lambda m: "#" * len(m.group(0)), cell, flags=re.IGNORECASE)
        no_hits = [m.start() for m in re.finditer(no_re, cell, re.IGNORECASE)]
        yes_hits = [m.start() for m in re.finditer(yes_re, masked, re.IGNORECASE)]
        if no_hits and yes_hits:
            marker = list(_MARKER_RE[page.lang].finditer(cell))
            after = marker[-1].end() if marker else None
            if after is not None:
                nxt = [(p, False) for p in no_hits if p >= after] + [(p, True) for p in yes_hits if p >= after]
                said = min(nxt)[1] if nxt else None
            else:
                said = None
            if said is None:
                yield _fault(variant, page.path, f.line,
                             f"facts '{f.key}' says both {yes_word} and {no_word}; mark the board's choice as the assumption (rules.toml has king_armed = {value})")
                continue
        elif no_hits or yes_hits:
            said = bool(yes_hits)
        else:
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' says neither {yes_word} nor {no_word} (rules.toml has king_armed = {value})")
            continue
        armed = value in ("yes", "anvil", "hammer")
        if said != armed:
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' says {yes_word if said else no_word}, rules.toml has king_armed = {value}")
        elif value == "anvil" and not re.search(anvil_re, cell, re.IGNORECASE):
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' does not say {anvil_word} (rules.toml has king_armed = anvil)")
        elif value == "hammer" and not re.search(hammer_re, cell, re.IGNORECASE):
            yield _fault(variant, page.path, f.line, f"facts '{f.key}' does not say {hammer_word} (rules.toml has king_armed = hammer)")


_FIRST = {"de": (r"\bAngreifer", r"\bVerteidiger", "Angreifer", "Verteidiger"),
          "en": (r"\battackers?\b", r"\bdefenders?\b", "attackers", "defenders")}


def check_facts_first_mover(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The first-move row names Angreifer/Verteidiger (attackers/defenders) as in
    ``first_mover`` (first mention)."""
    yield from _check_first_mention(variant, "first_mover", "first", _FIRST, ("attackers", "defenders"))


_ASSUMABLE = [("throne", "throne"), ("escape", "escape"), ("king", "king_armed"), ("king", "king_capture"),
              ("first", "first_mover")]


def _role(page: Page, key: str) -> str | None:
    """The role of a facts row key (``"first"`` for "Erster Zug"), or None."""
    for role, name, prefix in FACT_KEYS[page.lang]:
        if (key.startswith(name) if prefix else key == name):
            return role
    return None


def check_facts_duplicate_rows(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each facts row occurs once (two "Erster Zug" rows, or two "Herkunft…" rows, are a
    fault: the checks read the first and the page would show both)."""
    for page in _pages(variant):
        first: dict[str, tuple[str, int]] = {}
        for f in page.facts:
            ident = _role(page, f.key) or f.key
            if ident in first:
                yield _fault(variant, page.path, f.line,
                             f"duplicate facts row '{f.key}' (first at line {first[ident][1]})")
            else:
                first[ident] = (f.key, f.line)


def check_facts_assumptions(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Where rules.toml marks throne, escape, king_armed, king_capture (the King row) or
    first_mover as assumed, the facts cell says so with a marker of :data:`ASSUMPTION_MARKERS`
    (whole words: "Annahme", "assumed", "(offen)", "left open", …; "not open to debate" is
    none) — it must not state as fact what its source leaves open."""
    for role, key in _ASSUMABLE:
        rule = _rule(variant, key)
        if rule is None or not rule[1]:
            continue
        for page in _pages(variant):
            f = _fact(page, role)
            if f is None or _MARKER_RE[page.lang].search(f.value):
                continue
            words = ", ".join(ASSUMPTION_MARKERS[page.lang])
            yield _fault(variant, page.path, f.line,
                         f"facts '{f.key}' states {key} as fact, but rules.toml:{rule[2]} marks it assumed; the cell must say so ({words})")


# --------------------------------------------------------------------------- section 8

def check_original_block(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Section 8 holds exactly one ``/// original | <lang>`` … ``///`` block."""
    for page in _pages(variant):
        s8 = page.section(8)
        if s8 is None:
            continue
        if page.original is None:
            if not any("original block" in m for _, m in page.problems):
                yield _fault(variant, page.path, s8.line, "section 8 has no '/// original | <lang>' … '///' block")
            continue
        if page.original_section != 8:
            yield _fault(variant, page.path, page.original.line,
                         f"the '/// original' block is in section {page.original_section}, not in section 8")
        for extra in page.originals[1:]:
            yield _fault(variant, page.path, extra.line, f"second '/// original' block (the first is at line {page.original.line})")


def _diagram_row_lines(text: str, first_line: int, size: int) -> list[int]:
    """Lines of the ``size`` board rows of a diagram block (top rank first)."""
    rows = [first_line + k for k, ln in enumerate(text.split("\n")) if ln.strip()]
    return rows[:size]


def check_original_diagram(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A ```` ```diagram ```` block in section 8 parses (tafl_core.parse_diagram) and shows the
    same position as the rules.toml layout; the first differing square is named (top rank
    first, files a→)."""
    tc = engine()
    if tc is None:
        return
    for page in _pages(variant):
        for d in page.diagrams:
            if d.section != 8:
                continue
            rel = variant.rel(page.path)
            try:
                pos = tc.parse_diagram(d.text, path=rel, first_line=d.line)
            except tc.PositionError as e:
                yield _fault(variant, page.path, getattr(e, "line", None) or d.line, getattr(e, "message", None) or str(e))
                continue
            layout = variant.layout
            if layout is None:
                continue
            if pos.size != layout.size:
                yield _fault(variant, page.path, d.line,
                             f"section 8 diagram is {pos.size}×{pos.size}, the rules.toml layout is {layout.size}×{layout.size}")
                continue
            rows = _diagram_row_lines(d.text, d.line, pos.size)
            for k, rank in enumerate(range(pos.size, 0, -1)):
                diff = None
                for file in range(pos.size):
                    sq = f"{chr(ord('a') + file)}{rank}"
                    here, there = pos.pieces.get(sq), layout.pieces.get(sq)
                    if here != there:
                        diff = (sq, here or "empty", there or "empty")
                        break
                if diff:
                    line = rows[k] if k < len(rows) else d.line
                    yield _fault(variant, page.path, line,
                                 f"section 8 diagram differs from the rules.toml layout at {diff[0]}: {diff[1]} here, {diff[2]} in rules.toml")
                    break


# --------------------------------------------------------------------------- citations, sources

def check_citations_listed(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every cited ``[key]`` is listed in section 9."""
    for page in _pages(variant):
        listed = {e.key for e in page.sources if e.key}
        s9 = SECTION_TITLES[page.lang][8]
        for c in page.citations:
            if c.key not in listed:
                yield _fault(variant, page.path, c.line, f"citation [{c.key}] is not listed in section 9 ({s9})")


def check_sources_cited(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every listed source is cited somewhere on the page or marked (Hintergrund)/(background)."""
    for page in _pages(variant):
        cited = {c.key for c in page.citations}
        marker = "(Hintergrund)" if page.lang == "de" else "(background)"
        for e in page.sources:
            if e.key and not e.background and e.key not in cited:
                yield _fault(variant, page.path, e.line, f"source [{e.key}] is listed but never cited; cite it or end the entry with {marker}")


def check_source_keys_unique(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each source key is listed once."""
    for page in _pages(variant):
        first: dict[str, int] = {}
        for e in page.sources:
            if e.key is None:
                continue
            if e.key in first:
                yield _fault(variant, page.path, e.line, f"source key [{e.key}] is listed twice (first at line {first[e.key]})")
            else:
                first[e.key] = e.line


def check_source_entries(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each section-9 list item is ``- [key] text — URL``: it starts with a key, and a URL it
    gives comes last, after ' — '."""
    for page in _pages(variant):
        for e in page.sources:
            if e.key is None:
                yield _fault(variant, page.path, e.line, f"section 9 entry does not start with a [key]: {_quote(e.text)}")
            elif re.search(r"(?i)\b(https?://|www\.)", e.text):
                yield _fault(variant, page.path, e.line, f"source [{e.key}]: the URL must come last, after ' — '")


def check_source_url_attempt(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A section-9 entry whose last token after ' — ' looks like a URL (contains ``//``,
    starts with ``www.`` or ``http``) but is not read as one (``http//…``, a missing colon)
    is a fault: it would show as plain text with no link."""
    for page in _pages(variant):
        for e in page.sources:
            if e.key is None or e.url is not None:
                continue
            tail = dash_tail(e.text)
            if tail and ("//" in tail or tail.lower().startswith(("www.", "http"))):
                yield _fault(variant, page.path, e.line,
                             f"source [{e.key}]: {tail!r} after ' — ' is not a well-formed http(s) URL")


def check_source_urls(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Source URLs are well formed: http or https, with a host name."""
    for page in _pages(variant):
        for e in page.sources:
            if e.url is None:
                continue
            try:
                u = urlsplit(e.url)
                host = u.hostname or ""
                u.port  # raises ValueError for a malformed port
            except ValueError:
                u, host = None, ""
            ok = (u is not None and u.scheme.lower() in ("http", "https") and host
                  and re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+\.?|localhost|\[[0-9A-Fa-f:.]+\]", host))
            if not ok:
                yield _fault(variant, page.path, e.line,
                             f"source [{e.key}] has a malformed URL {e.url!r} (needs http:// or https:// and a host)")


# --------------------------------------------------------------------------- the two languages

def _both(variant: Variant):
    if all(lang in variant.pages for lang in LANGS):
        return variant.pages["de"], variant.pages["en"]
    return None


def _section_line(page: Page, number: int) -> int:
    s = page.section(number)
    return s.line if s else 1


def check_languages_sources(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """German and English list the same source keys, with the same URLs."""
    pair = _both(variant)
    if pair is None:
        return
    for page, other in (pair, pair[::-1]):
        theirs = {e.key: e for e in other.sources if e.key}
        for key, e in theirs.items():
            if key not in {x.key for x in page.sources}:
                yield _fault(variant, page.path, _section_line(page, 9),
                             f"source [{key}] is listed in {other.path.name}:{e.line} but not here")
    de, en = pair
    de_keys = {e.key: e for e in de.sources if e.key}
    for e in en.sources:
        d = de_keys.get(e.key)
        if e.key and d is not None and d.url != e.url:
            yield _fault(variant, en.path, e.line,
                         f"source [{e.key}] has URL {e.url!r} here, {d.url!r} in de.md:{d.line}")


def _block_lines(o) -> list[tuple[int, str]]:
    lines = [(o.line + 1 + k, ln.rstrip()) for k, ln in enumerate(o.text.split("\n"))]
    while lines and not lines[0][1]:
        lines.pop(0)
    while lines and not lines[-1][1]:
        lines.pop()
    return lines


def check_languages_original(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The section-8 original block is identical in German and English (language tag and
    text, ignoring trailing spaces and blank lines at its ends); the first difference is
    reported on the English page."""
    pair = _both(variant)
    if pair is None or pair[0].original is None or pair[1].original is None:
        return
    de, en = pair[0].original, pair[1].original
    if de.lang != en.lang:
        yield _fault(variant, pair[1].path, en.line,
                     f"section 8 original is marked '| {en.lang}' here, '| {de.lang}' in de.md:{de.line}")
    a, b = _block_lines(de), _block_lines(en)
    for k in range(max(len(a), len(b))):
        if k >= len(b):
            yield _fault(variant, pair[1].path, (b[-1][0] if b else en.line),
                         f"section 8 original text ends here; de.md:{a[k][0]} continues with {_quote(a[k][1])}")
            break
        if k >= len(a):
            yield _fault(variant, pair[1].path, b[k][0],
                         f"section 8 original text has {_quote(b[k][1])} here; in de.md it ended at line {a[-1][0] if a else de.line}")
            break
        if a[k][1] != b[k][1]:
            here, there = _diff_snippets(b[k][1], a[k][1])
            yield _fault(variant, pair[1].path, b[k][0],
                         f"section 8 original text differs from de.md:{a[k][0]}: {here} here, {there} there")
            break


def check_languages_related(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """German and English name the same related variants."""
    pair = _both(variant)
    if pair is None:
        return
    for page, other in (pair, pair[::-1]):
        mine = {r.slug for r in page.related}
        reported = set()
        for r in other.related:
            if r.slug not in mine and r.slug not in reported:
                reported.add(r.slug)
                yield _fault(variant, page.path, _section_line(page, 7),
                             f"related variant [[{r.slug}]] is linked in {other.path.name}:{r.line} but not here")


def check_related_resolve(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each ``[[slug]]`` is a variant folder in the root or a stub in _not_yet_documented.toml."""
    for page in _pages(variant):
        for r in page.related:
            if r.slug not in ctx.known_slugs and r.slug not in ctx.stubs:
                yield _fault(variant, page.path, r.line,
                             f"related variant [[{r.slug}]] is neither a folder in {ctx.root.name}/ nor listed in {STUBS_FILE}")


# --------------------------------------------------------------------------- html, links

#: Longest line accepted in a source file (characters); longer lines are a fault and keep the
#: checks fast on any input.
LINE_LIMIT = 10_000
#: Link schemes a source may use; everything else (javascript:, data:, vbscript:, file:, …)
#: is a fault. Relative links have no scheme.
ALLOWED_SCHEMES = ("http", "https", "mailto")
#: The folder of the hand-written pages (mkdocs.yml ``docs_dir``), for relative links.
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"

_RUN = re.compile(r"`+")
_AUTOLINK = re.compile(r"<(?:[Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:)[^\s<>]*>")
_TAG_START = re.compile(r"<(/?[A-Za-z][A-Za-z0-9:._-]*|!--|![A-Za-z\[]?|\?)")
_ATTR_LIST = re.compile(r"\{([^{}\n]*)\}")
_ATTR_TOKEN = re.compile(r"[.#][A-Za-z_][A-Za-z0-9_-]*")
_INLINE_LINK = re.compile(r"\]\([ \t]*\n?[ \t]*(<[^<>\n]*>?|[^\s()<]+(?:\([^\s()]*\)?)?)")
# Any indentation: a definition inside a list item is indented (reporting more is safe).
_REF_DEF = re.compile(r"^[ \t]*+(?:[-*+>][ \t]+)?\[[^\[\]\n]+\]:[ \t]*\n?[ \t]*(<[^<>\n]*>?|\S+)", re.MULTILINE)
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):")


def _blank(text: str, start: int, end: int) -> str:
    """``text[start:end]`` with every character but newlines replaced by a blank."""
    return re.sub(r"[^\n]", " ", text[start:end])


@functools.lru_cache(maxsize=32)
def blank_code(text: str) -> str:
    """``text`` with fenced code blocks and inline code spans blanked out (same length, newlines
    kept, so offsets and line numbers stay valid). Fences as in :mod:`build_tools.sources`
    (```` ``` ```` / ``~~~``, up to three blanks indent); a code span is a backtick run not
    preceded by a backslash, closed by the next run of the same length on the same line
    (Python-Markdown's rule, restricted to one line so that a span never joins two table
    rows). Linear in ``len(text)`` (apart from a log factor)."""
    from bisect import bisect_right

    from .sources import _FENCE_CLOSE, _FENCE_OPEN

    parts, fence, pos = [], None, 0
    for line in text.split("\n"):
        if fence is not None:
            parts.append(" " * len(line))
            c = _FENCE_CLOSE.match(line)
            if c and c.group(1)[0] == fence[0] and len(c.group(1)) >= fence[1]:
                fence = None
            continue
        m = _FENCE_OPEN.match(line)
        if m:
            fence = (m.group(1)[0], len(m.group(1)))
            parts.append(" " * len(line))
            continue
        parts.append(line)
    text = "\n".join(parts)
    runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
    by_len: dict[int, list[int]] = {}
    for k, (a, b) in enumerate(runs):
        by_len.setdefault(b - a, []).append(k)
    # A code span never crosses a line end here (Python-Markdown lets one cross lines inside a
    # paragraph, but not inside a table row; being stricter only reports more).
    breaks = [m.start() for m in re.finditer("\n", text)]
    out, done, k = [], 0, 0
    while k < len(runs):
        a, b = runs[k]
        backslashes = 0
        while a - backslashes > 0 and text[a - backslashes - 1] == "\\":
            backslashes += 1
        if backslashes % 2:
            k += 1
            continue
        same = by_len[b - a]
        j = bisect_right(same, k)
        if j < len(same):
            c, d = runs[same[j]]
            nb = bisect_right(breaks, a)
            if nb >= len(breaks) or breaks[nb] >= c:
                out.append(text[done:a])
                out.append(_blank(text, a, d))
                done = d
                k = same[j] + 1
                continue
        k += 1
    out.append(text[done:])
    return "".join(out)


class _Lines:
    """Offset -> (line, column) of one text, by binary search over the line starts (so that
    many lookups stay O(n log n))."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        from bisect import bisect_right
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
    t = html.unescape(target)
    t = re.sub(r"[\x00-\x20\x7f\\]", "", t).lower()
    m = _SCHEME.match(t)
    return m.group(1) if m else None


def unsafe_links(text: str) -> list[tuple[int, str]]:
    """``(line, scheme)`` for every link or image target in ``text`` whose scheme is not
    http, https or mailto (javascript:, data:, vbscript:, file:, … in any casing, with
    blanks or character references)."""
    out = []
    for line, target in link_targets(text):
        scheme = url_scheme(target)
        if scheme is not None and scheme not in ALLOWED_SCHEMES:
            out.append((line, scheme))
    return list(dict.fromkeys(out))


def long_lines(text: str) -> list[tuple[int, int]]:
    """``(line, length)`` of every line longer than :data:`LINE_LIMIT` characters."""
    return [(k + 1, len(ln)) for k, ln in enumerate(text.split("\n")) if len(ln) > LINE_LIMIT]


_RAW_HTML_MSG = "raw HTML {} is not allowed in sources (write markdown)"
_ATTR_MSG = "attribute lists ({ … }) other than .class or #id are not allowed"
_LINK_MSG = "link with the scheme '{}:' is not allowed (only http:, https:, mailto: and relative links)"


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
    out += [(line, _LINK_MSG.format(scheme)) for line, scheme in unsafe_links(text)]
    return [(first_line + line - 1, msg) for line, msg in out]


def check_line_length(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No line of de.md, en.md or rules.toml is longer than LINE_LIMIT characters."""
    files = [(p.path, p.text) for p in _pages(variant)]
    if variant.rules_text is not None:
        files.append((variant.rules_path, variant.rules_text))
    for path, text in files:
        for line, n in long_lines(text):
            yield _fault(variant, path, line, f"line too long ({n} characters; at most {LINE_LIMIT})")


def check_raw_html(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No raw HTML tag or comment anywhere in de.md / en.md (front matter, every section,
    facts cells and section 8 included; code excluded): sources are markdown."""
    for page in _pages(variant):
        for line, what in raw_html(_cut_long(page.text)):
            yield _fault(variant, page.path, line, _RAW_HTML_MSG.format(what))


def check_attr_lists(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No attribute list ``{ … }`` / ``{: … }`` with anything but ``.class`` / ``#id`` in
    de.md / en.md (attr_list is enabled in mkdocs.yml: ``{ onclick=… }`` would become an
    HTML attribute)."""
    for page in _pages(variant):
        for line in attr_lists(_cut_long(page.text)):
            yield _fault(variant, page.path, line, _ATTR_MSG)


def check_link_schemes(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Link and image targets in de.md / en.md are http(s), mailto or relative."""
    for page in _pages(variant):
        for line, scheme in unsafe_links(_cut_long(page.text)):
            yield _fault(variant, page.path, line, _LINK_MSG.format(scheme))


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
    for page in _pages(variant):
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
                yield _fault(variant, page.path, line,
                             f"link target '{target}' is not a page of the site (links are relative to "
                             f"variants/{variant.slug}.md, e.g. ../mechanics/umzingelung.md)")


def _toml_value_line(lines: dict, table: str, dotted: str) -> int:
    """Line of ``dotted`` (``note.de``) in ``[table]``: written dotted, in a sub-table, or as
    an inline table; else the table header; else 1."""
    head, _, last = dotted.rpartition(".")
    for where in ((table, dotted), (f"{table}.{head}", last) if head else None,
                  (table, head) if head else None, (table, ""), (table.rpartition(".")[0], table.rpartition(".")[2])):
        if where and where in lines:
            return lines[where]
    return 1


def toml_texts(variant: Variant) -> list[tuple[str, int, str]]:
    """The texts of rules.toml that reach the site, as ``(what, line, text)``: ``[variant]
    name``, ``board_note.*`` and every rule's ``note.*``."""
    lines = _toml_lines(variant.rules_text or "")
    out = []
    table = variant.variant_table
    if isinstance(table.get("name"), str):
        out.append(("name", _toml_value_line(lines, "variant", "name"), table["name"]))
    notes = table.get("board_note")
    if isinstance(notes, dict):
        for lang, text in notes.items():
            if isinstance(text, str):
                out.append((f"board_note.{lang}", _toml_value_line(lines, "variant", f"board_note.{lang}"), text))
    rules = (variant.rules_data or {}).get("rules")
    if isinstance(rules, dict):
        for key, rule in rules.items():
            note = rule.get("note") if isinstance(rule, dict) else None
            if isinstance(note, dict):
                for lang, text in note.items():
                    if isinstance(text, str):
                        out.append((f"rules.{key}.note.{lang}", _toml_value_line(lines, f"rules.{key}", f"note.{lang}"), text))
    return out


def check_toml_texts(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The texts of rules.toml shown on the site (``[variant] name``, ``board_note.*``,
    ``note.*``) pass the same raw-HTML, attribute-list and link checks as the pages; the fault
    names the line of the key in rules.toml."""
    for what, line, text in toml_texts(variant):
        for _, message in markdown_faults(text.replace("\n", " ")):
            yield _fault(variant, variant.rules_path, line, message)


def check_readable(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """rules.toml, de.md and en.md are UTF-8 text (a byte-order mark is removed from de.md and
    en.md but is a fault in rules.toml, which other TOML readers reject)."""
    for name, problem in variant.unreadable.items():
        yield _fault(variant, variant.dir / name, 1, problem)


def check_tables(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """``[variant]``, ``[layout]`` and ``[rules]`` in rules.toml are tables (not ``layout = 5``,
    ``[[layout]]`` or ``variant = "x"``)."""
    for name in non_table_sections(variant.rules_data):
        yield _fault(variant, variant.rules_path, _top_level_line(variant.rules_text or "", name),
                     f"[{name}] must be a table")


def check_refs(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every ``ref`` in rules.toml names a section (``"4"``) or subsection (``"5.3"``) that
    exists in both languages."""
    rules = (variant.rules_data or {}).get("rules")
    if not isinstance(rules, dict) or variant.text_only:
        return
    lines = _toml_lines(variant.rules_text or "")
    numbers = {}
    for page in _pages(variant):
        nums = {str(s.number) for s in page.sections if s.number is not None}
        nums |= {sub.number for s in page.sections for sub in s.subsections if sub.number}
        numbers[page.path.name] = nums
    for key, rule in rules.items():
        if not isinstance(rule, dict) or "ref" not in rule:
            continue
        ref = str(rule["ref"]).strip()
        missing = [name for name, nums in numbers.items() if ref not in nums]
        if missing:
            line = lines.get((f"rules.{key}", "ref"), lines.get((f"rules.{key}", ""), 1))
            yield _fault(variant, variant.rules_path, line,
                         f"rule {key}: ref '{ref}' names no section or subsection in {' and '.join(missing)}")


# --------------------------------------------------------------------------- driver

#: Every per-variant check, in reporting order.
CHECKS: list[Check] = [
    check_files_present, check_slug, check_engine, check_rules_file, check_layout,
    check_board_flag, check_text_only, check_page_parse, check_front_matter, check_sections, check_sections_not_empty,
    check_subsections, check_facts_keys, check_facts_board, check_facts_pieces,
    check_facts_throne, check_facts_escape, check_facts_king_armed, check_facts_first_mover,
    check_facts_assumptions, check_facts_duplicate_rows, check_original_block, check_original_diagram,
    check_citations_listed, check_sources_cited, check_source_keys_unique,
    check_source_entries, check_source_url_attempt, check_source_urls, check_languages_sources,
    check_languages_original, check_languages_related, check_related_resolve,
    check_readable, check_tables, check_line_length, check_raw_html, check_attr_lists,
    check_link_schemes, check_relative_links, check_toml_texts, check_refs,
]


def validate_variant(variant: Variant, known_slugs: Iterable[str], stubs: dict, root: Path | None = None) -> list[Fault]:
    """All faults of one parsed variant, sorted by path and line (stable within a line).

    ``known_slugs``: slugs with a source folder; ``stubs``: :func:`load_stubs` of the root.
    """
    ctx = Context(Path(root) if root else variant.root, set(known_slugs), dict(stubs))
    faults: list[Fault] = []
    for check in CHECKS:
        faults.extend(check(variant, ctx))
    return _sorted(faults)


def _sorted(faults: list[Fault]) -> list[Fault]:
    unique = list(dict.fromkeys(faults))
    return sorted(unique, key=lambda f: (f.path, f.line))


def check_stubs_file(root: Path, known_slugs: set[str]) -> list[Fault]:
    """_not_yet_documented.toml (optional) parses; each entry is ``[slug]`` with non-empty
    ``de`` and ``en`` names and no source folder of the same slug."""
    f = Path(root) / STUBS_FILE
    if not f.is_file():
        return []
    rel = rel_path(f, root)
    text, problem = read_source_text(f, strip_bom=False)
    if problem:
        return [Fault(rel, 1, problem)]
    out = [Fault(rel, line, f"line too long ({n} characters; at most {LINE_LIMIT})") for line, n in long_lines(text)]
    if out:
        return out
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        return [Fault(rel, int(m.group(1)) if m else 1, f"not valid TOML: {str(e).split(' (at')[0]}")]
    lines = _toml_lines(text)
    for slug, entry in data.items():
        line = lines.get((slug, ""), 1)
        if not SLUG_RE.fullmatch(slug):
            out.append(Fault(rel, line, f"stub '{slug}' is not a slug (lower case letters, digits and '-')"))
        if not isinstance(entry, dict):
            out.append(Fault(rel, lines.get(("", slug), line), f"stub '{slug}' must be a table with de and en names"))
            continue
        for lang in LANGS:
            if not isinstance(entry.get(lang), str) or not entry[lang].strip():
                out.append(Fault(rel, line, f"stub '{slug}' has no {lang} name"))
        for key in entry:
            if key not in LANGS:
                out.append(Fault(rel, lines.get((slug, key), line), f"stub '{slug}': unknown key '{key}' (only de and en)"))
        if slug in known_slugs:
            out.append(Fault(rel, line, f"stub '{slug}' has a source folder {Path(root).name}/{slug}; remove the stub"))
        for lang in LANGS:
            if isinstance(entry.get(lang), str):
                for _, message in markdown_faults(entry[lang].replace("\n", " ")):
                    out.append(Fault(rel, lines.get((slug, lang), line), message))
    return out


def _declared_stubs(root: Path) -> list[str]:
    """Every top-level key of _not_yet_documented.toml (empty if absent or not TOML)."""
    f = Path(root) / STUBS_FILE
    try:
        text, problem = read_source_text(f, strip_bom=False)
        return list(tomllib.loads(text)) if text is not None else []
    except (OSError, tomllib.TOMLDecodeError):
        return []


def validate_tree(root: Path = Path("variants_src")) -> list[Fault]:
    """All faults of every variant in ``root`` and of its stubs file, sorted by path and line."""
    root = Path(root)
    if not root.is_dir():
        return [Fault(root.as_posix(), 1, "variants root does not exist")]
    dirs = variant_dirs(root)
    known = {d.name for d in dirs}
    stubs = load_stubs(root)
    # A stub with a fault of its own (reported by check_stubs_file) still declares its slug.
    for slug in _declared_stubs(root):
        stubs.setdefault(slug, {})
    faults = check_stubs_file(root, known)
    variants = [load_variant(d) for d in dirs]
    for v in variants:
        faults.extend(validate_variant(v, known, stubs, root))
    faults.extend(check_unique_titles(variants))
    return _sorted(faults)


def check_unique_titles(variants: list[Variant]) -> Iterator[Fault]:
    """No two variants share a page title in one language (the front matter ``title``, which the
    navigation, the index and the comparison show): a copied folder left unchanged would list
    the same variant twice. Reported at the later folder's title line, naming the first."""
    first: dict[tuple[str, str], Variant] = {}
    for v in sorted(variants, key=lambda x: x.slug):
        for page in _pages(v):
            entry = page.front_matter.get("title")
            if not entry or not entry[0].strip():
                continue
            key = (page.lang, entry[0].strip().casefold())
            if key in first:
                yield _fault(v, page.path, entry[1], f"title '{entry[0].strip()}' is already the title of "
                             f"variant '{first[key].slug}' ({page.lang}): each variant needs its own")
            else:
                first[key] = v


def default_root() -> Path:
    """``variants_src`` next to the build_tools package (the repository's)."""
    return Path(__file__).resolve().parent.parent / "variants_src"


def main(argv: list[str] | None = None) -> int:
    """``python -m build_tools validate [--root DIR]``: print every fault as
    ``path:line: message`` to stdout, a summary to stderr; return 1 on any fault, else 0.
    Writes no files."""
    parser = argparse.ArgumentParser(prog="python -m build_tools validate",
                                     description="Check the variant sources (README.md, 'Writing a variant source').")
    parser.add_argument("--root", type=Path, default=None, help="variants folder (default: the repository's variants_src)")
    args = parser.parse_args(argv)
    root = args.root if args.root is not None else default_root()
    if not root.is_dir():
        print(f"build_tools validate: {root} is not a directory", file=sys.stderr)
        return 2
    faults = validate_tree(root)
    for f in faults:
        print(f)
    slugs = {d.name for d in variant_dirs(root)}
    n = len(slugs)
    if faults:
        bad = {part for f in faults for part in f.path.split("/")[-2:-1] if part in slugs}
        print(f"{len(faults)} fault{'s' if len(faults) != 1 else ''} in {len(bad)} of {n} variants"
              + (" and the stubs file" if any(f.path.endswith(STUBS_FILE) for f in faults) else ""), file=sys.stderr)
        return 1
    print(f"{n} variant{'s' if n != 1 else ''} valid", file=sys.stderr)
    return 0
