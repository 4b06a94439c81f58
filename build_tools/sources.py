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

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import tafl_core
from tafl_core.position import parse_hex_diagram

from build_tools.format import (BOM, KEY_RE, LANGS, MAX_PAGE_BYTES, MAX_TOML_BYTES, PAGE_FILES,
                                REF_DEFINITION, RULES_FILE, SLUG_RE, STUBS_FILE)
from build_tools.page_source import (Citation, Diagram, Fact, Original, Page, Related, Section,
                                     SourceEntry, Subsection, citations_in, dash_tail, load_page,
                                     parse_page, parse_source_entry, related_in, url_tail)

__all__ = [
    "LANGS", "STUBS_FILE", "Fact", "Citation", "Related", "Original", "Diagram", "SourceEntry",
    "Subsection", "Section", "Page", "Variant", "SourceProblem", "parse_page", "load_page",
    "load_variant", "load_all", "load_stubs", "variant_dirs", "SLUG_RE", "KEY_RE",
    "read_source_text", "outside", "parse_toml", "non_table_sections", "url_tail", "dash_tail", "BOM",
    "REF_DEFINITION", "citations_in", "related_in", "parse_source_entry", "rel_path", "toml_lines",
]


@dataclass
class Variant:
    """A variant folder, parsed.

    ``ruleset`` is the ``tafl_core.Ruleset`` (None when rules.toml is missing, unusable or
    rejected by the loader); ``rules_error`` is the loader's exception (``RulesFileError`` /
    ``PositionError``, or a :class:`SourceProblem` for TOML nested too deeply).
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
    # as named in the tree first: a symbolic link is reported where it is, not where it points
    try:
        return Path(os.path.abspath(path)).relative_to(Path(os.path.abspath(root)).parent).as_posix()
    except ValueError:
        pass
    base = Path(root).resolve().parent
    try:
        return Path(path).resolve().relative_to(base).as_posix()
    except ValueError:
        return Path(path).as_posix()


class SourceProblem(NamedTuple):
    """Why a source file could not be read or parsed at all: a 1-based ``line`` (1 when the
    problem is the whole file) and a one-line ``message``; ``str()`` is the message."""
    line: int
    message: str

    def __str__(self) -> str:
        return self.message


def outside(path: Path, root: Path) -> bool:
    """Whether ``path``, its symbolic links followed, lies outside the folder ``root`` (a
    source linked in from elsewhere would be read and published as if it were in the tree)."""
    try:
        return not Path(path).resolve().is_relative_to(Path(root).resolve())
    except (OSError, RuntimeError):  # a loop of links
        return True


def read_source_text(path: Path, *, strip_bom: bool, limit: int | None = None,
                     within: Path | None = None) -> tuple[str | None, str | None]:
    """Read ``path`` as UTF-8: ``(text, None)``, or ``(None, problem)`` when it cannot be used:
    not a regular file (a directory, a device), larger than ``limit`` bytes (default: the bound
    of its kind, :data:`~build_tools.format.MAX_TOML_BYTES` for ``strip_bom=False`` (TOML), else
    :data:`~build_tools.format.MAX_PAGE_BYTES`; the file is then not read), not readable
    (``OSError``), bytes that are not UTF-8 (``"not UTF-8 text (…)"``) or, with
    ``strip_bom=False``, a leading byte-order mark. With ``strip_bom=True`` a leading BOM is
    removed (markdown pages). With ``within`` (the variants root), a file that is a symbolic
    link to somewhere outside it (or lies in a linked folder that is) is not read
    (:func:`outside`). Raises nothing for a path that exists."""
    path = Path(path)
    if within is not None and outside(path, within):
        return None, "is a symbolic link to a place outside the variants root; a source must lie in the tree"
    if limit is None:
        limit = MAX_PAGE_BYTES if strip_bom else MAX_TOML_BYTES
    try:
        if not path.is_file():
            kind = "a directory" if path.is_dir() else "not a regular file"
            return None, f"is {kind}; a variant source must be a text file"
        size = path.stat().st_size
        if size > limit:
            return None, f"file too large ({size:,} bytes; at most {limit:,})"
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    if len(data) > limit:
        return None, f"file too large (more than {limit:,} bytes)"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); save the file as UTF-8"
    if text.startswith(BOM):
        if not strip_bom:
            return None, "starts with a byte-order mark; save as UTF-8 without BOM"
        text = text[1:]
    return text, None


def parse_toml(text: str) -> tuple[dict | None, SourceProblem | None]:
    """``tomllib.loads(text)``: ``(data, None)``, or ``(None, problem)`` for text that is not
    TOML (the line tomllib names), nested too deeply for the parser (``RecursionError``) or with
    a number too long for ``int()`` (a plain ``ValueError``: tafl_core's ``MAX_NUMBER_DIGITS``
    names its line)."""
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        return None, SourceProblem(int(m.group(1)) if m else 1, f"not valid TOML: {str(exc).split(' (at')[0]}")
    except RecursionError:
        return None, _too_deep(text)
    except ValueError as exc:  # int() of more than 4,300 digits (CPython's conversion limit)
        try:
            tafl_core.limits.check_rules_text(text)
        except tafl_core.RulesFileError as bound:
            return None, SourceProblem(bound.line or 1, f"not valid TOML: {bound.message}")
        return None, SourceProblem(1, f"not valid TOML: {' '.join(str(exc).split())[:200]}")


#: A table header ``[ name ]`` (the name stripped by the caller: ``\s*([^\[\]]+?)\s*`` took
#: quadratic time on a long unclosed header).
_HEADER = re.compile(r"^\[([^\[\]]+)\]")


def toml_lines(text: str) -> dict[tuple[str, str], int]:
    """Line of each ``key = …`` in a TOML text (rules.toml, _glossary.toml), keyed by (table
    header, key); header lines themselves under (header, "")."""
    out: dict[tuple[str, str], int] = {}
    table = ""
    for idx, line in enumerate(text.split("\n")):
        s = line.strip()
        m = _HEADER.match(s)
        if m:
            table = m.group(1).strip() or m.group(1)
            out.setdefault((table, ""), idx + 1)
            continue
        m = re.match(r"^([A-Za-z0-9_.\"-]+)\s*=", s)
        if m:
            out.setdefault((table, m.group(1)), idx + 1)
    return out


def _too_deep(text: str, depth: int = 100) -> SourceProblem:
    """The fault of TOML nested too deeply for the parser, at the first line where brackets and
    braces are open more than ``depth`` deep (strings are not told apart: this only names the
    line)."""
    open_, line = 0, 1
    for ch in text:
        if ch == "\n":
            line += 1
        elif ch in "[{":
            open_ += 1
            if open_ > depth:
                break
        elif ch in "]}":
            open_ = max(0, open_ - 1)
    else:
        line = 1
    return SourceProblem(line, "not valid TOML: arrays or tables nested too deeply")


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

    Reads rules.toml through ``tafl_core.Ruleset.from_toml`` (errors kept in ``rules_error``),
    parses the ``[layout] diagram`` on its own with ``tafl_core.parse_diagram`` (``layout`` /
    ``layout_error``) and parses de.md / en.md. Raises nothing for content faults; absent files
    are listed in ``missing``, files that exist but cannot be used (a directory, too large, not
    UTF-8, unreadable) in ``unreadable``. A rules.toml with ``board = false`` in ``[variant]``
    makes a text-only variant (``text_only``, ``board_note``); it is never passed to the engine.
    """
    path = Path(path)
    root = path.parent
    rules_file = path / RULES_FILE
    v = Variant(slug=path.name, dir=path, root=root, rules_path=rules_file)
    if rules_file.exists() or rules_file.is_symlink():
        rules_text, problem = read_source_text(rules_file, strip_bom=False, within=root)
        if problem:
            v.unreadable[RULES_FILE] = problem
        else:
            v.rules_text = rules_text
            _load_rules(v, rules_text)
    else:
        v.missing.append(RULES_FILE)
    for lang in LANGS:
        f = path / PAGE_FILES[lang]
        if f.exists() or f.is_symlink():
            text, problem = read_source_text(f, strip_bom=True, within=root)
            if problem:
                v.unreadable[PAGE_FILES[lang]] = problem
            else:
                v.pages[lang] = parse_page(text, lang, f)
        else:
            v.missing.append(PAGE_FILES[lang])
    return v


def _load_rules(v: Variant, rules_text: str) -> None:
    """Fill ``v``'s rules fields from the text of its rules.toml (see :func:`load_variant`)."""
    v.rules_data, _ = parse_toml(rules_text)
    if v.variant_table.get("board") is False:
        v.text_only = True
        notes = v.variant_table.get("board_note")
        if isinstance(notes, dict):
            v.board_note = {lang: notes[lang] for lang in LANGS if isinstance(notes.get(lang), str)}
        return
    v.diagram_line, v.diagram_end_line = _diagram_span(rules_text)
    if non_table_sections(v.rules_data):
        return
    rel = v.rel(v.rules_path)
    try:
        v.ruleset = tafl_core.Ruleset.from_toml(rules_text, path=rel)
    except (tafl_core.RulesFileError, tafl_core.PositionError) as exc:
        v.rules_error = exc
    except RecursionError:
        v.rules_error = _too_deep(rules_text)
    layout = v.rules_data.get("layout") if isinstance(v.rules_data, dict) else None
    diagram = layout.get("diagram") if isinstance(layout, dict) else None
    if isinstance(diagram, str):
        try:
            rules = v.rules_data.get("rules") if isinstance(v.rules_data.get("rules"), dict) else {}
            geometry = rules.get("geometry") if isinstance(rules.get("geometry"), dict) else {}
            parse = parse_hex_diagram if geometry.get("value") == "hex" else tafl_core.parse_diagram
            position = parse(diagram, path=rel, first_line=v.diagram_line or 1)
            # Same call as the engine's loader: a second king is named by its line.
            tafl_core.check_kings(position, rel, v.diagram_line or None, v.diagram_line or None)
            v.layout = position
        except tafl_core.PositionError as exc:
            v.layout_error = exc
    elif v.ruleset is not None:
        v.layout = v.ruleset.layout


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
    if not f.exists():
        return {}
    text, problem = read_source_text(f, strip_bom=False, within=root)
    data = parse_toml(text)[0] if text is not None else None
    if data is None:
        return {}
    out = {}
    for slug, entry in data.items():
        if (isinstance(entry, dict) and all(isinstance(entry.get(k), str) and entry[k].strip() for k in LANGS)):
            out[slug] = {k: entry[k] for k in LANGS}
    return out
