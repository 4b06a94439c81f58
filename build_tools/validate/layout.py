"""Checks of the variant folder, its rules.toml and the start layout: the three files are there
and readable (UTF-8, within :data:`~build_tools.format.MAX_TOML_BYTES` /
:data:`~build_tools.format.MAX_PAGE_BYTES`, regular files), the folder name is a slug, rules.toml
is what tafl_core's loader accepts (its own errors, at their lines), the layout parses, a
text-only variant (``board = false``) has only its ``[variant]`` table, every ``ref`` names a
section, the section-8 diagram shows the rules.toml layout; and the stubs file."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import tafl_core

from build_tools.format import HISTORICITY, LANGS, LINE_LIMIT, ORIGINAL, SLUG_RE, STUBS_FILE
from build_tools.sources import non_table_sections, parse_toml, read_source_text, rel_path, Variant
from build_tools.validate.core import (Context, Fault, fault, pages_of, toml_lines, toml_show,
                                       top_level_line, variant_key_line)
from build_tools.validate.markup import long_lines, markdown_faults


def check_files_present(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each variant folder holds rules.toml, de.md and en.md."""
    for name in variant.missing:
        yield fault(variant, variant.dir / name, 1, f"missing file {name} (a variant needs rules.toml, de.md and en.md)")


def check_slug(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The folder name is a slug: lower case letters, digits and '-'."""
    if not SLUG_RE.fullmatch(variant.slug):
        yield fault(variant, variant.rules_path, 1,
                     f"folder name '{variant.slug}' is not a slug (lower case letters, digits and '-')")


def check_readable(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """rules.toml, de.md and en.md are UTF-8 text (a byte-order mark is removed from de.md and
    en.md but is a fault in rules.toml, which other TOML readers reject)."""
    for name, problem in variant.unreadable.items():
        yield fault(variant, variant.dir / name, 1, problem)


def check_tables(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """``[variant]``, ``[layout]`` and ``[rules]`` in rules.toml are tables (not ``layout = 5``,
    ``[[layout]]`` or ``variant = "x"``)."""
    for name in non_table_sections(variant.rules_data):
        yield fault(variant, variant.rules_path, top_level_line(variant.rules_text or "", name),
                     f"[{name}] must be a table")


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
    yield fault(variant, variant.rules_path, line, message)


def check_layout(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The start layout parses (tafl_core.parse_diagram): square, known symbols, exactly one
    king, rank labels descending and consistent, file letters matching."""
    e = variant.layout_error
    if e is not None:
        yield fault(variant, variant.rules_path, getattr(e, "line", None), getattr(e, "message", None) or str(e))


def check_board_flag(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """``board`` in ``[variant]`` is either absent (a variant with a board) or ``false`` (a
    text-only variant); ``board_note`` belongs only to ``board = false``."""
    table = variant.variant_table
    if "board" in table and table["board"] is not False:
        yield fault(variant, variant.rules_path, variant_key_line(variant, "board"),
                     f"board = {toml_show(table['board'])} is not allowed: write board = false for a variant "
                     "without a board, or leave board out")
    elif "board_note" in table and not variant.text_only:
        yield fault(variant, variant.rules_path, variant_key_line(variant, "board_note.de", "board_note.en", "board_note"),
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
            yield fault(variant, variant.rules_path, top_level_line(text, top),
                         f"[{top}] is not allowed with board = false: a variant without a board has only the [variant] table")
    for key in table:
        if key not in ("name", "historicity", "board", "board_note"):
            yield fault(variant, variant.rules_path, variant_key_line(variant, key),
                         f"[variant]: unknown key '{key}' (expected name, historicity, board, board_note)")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        yield fault(variant, variant.rules_path, variant_key_line(variant, "name"), "[variant] needs a name")
    historicity = table.get("historicity", "modern")
    if historicity not in HISTORICITY:
        yield fault(variant, variant.rules_path, variant_key_line(variant, "historicity"),
                     f"historicity '{historicity}' is not one of {', '.join(HISTORICITY)}")
    board_line = variant_key_line(variant, "board")
    notes = table.get("board_note")
    if notes is not None and not isinstance(notes, dict):
        yield fault(variant, variant.rules_path, variant_key_line(variant, "board_note"),
                     "board_note must be given per language: board_note.de and board_note.en")
        return
    notes = notes or {}
    missing = [f"board_note.{lang}" for lang in LANGS if lang not in notes]
    if missing:
        yield fault(variant, variant.rules_path, board_line,
                     f"board = false needs {' and '.join(missing)} (a one-line reason in each language)")
    for lang, value in notes.items():
        line = variant_key_line(variant, f"board_note.{lang}")
        if lang not in LANGS:
            yield fault(variant, variant.rules_path, line, f"board_note.{lang}: unknown language (only de and en)")
        elif not isinstance(value, str) or not value.strip() or "\n" in value.strip():
            yield fault(variant, variant.rules_path, line, f"board_note.{lang} must be one line of text")


def check_refs(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every ``ref`` in rules.toml names a section (``"4"``) or subsection (``"5.3"``) that
    exists in both languages."""
    rules = (variant.rules_data or {}).get("rules")
    if not isinstance(rules, dict) or variant.text_only:
        return
    lines = toml_lines(variant.rules_text or "")
    numbers = {}
    for page in pages_of(variant):
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
            yield fault(variant, variant.rules_path, line,
                         f"rule {key}: ref '{ref}' names no section or subsection in {' and '.join(missing)}")


def _diagram_row_lines(text: str, first_line: int, size: int) -> list[int]:
    """Lines of the ``size`` board rows of a diagram block (top rank first)."""
    rows = [first_line + k for k, ln in enumerate(text.split("\n")) if ln.strip()]
    return rows[:size]


def check_original_diagram(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A ```` ```diagram ```` block in section 8 parses (tafl_core.parse_diagram) and shows the
    same position as the rules.toml layout; the first differing square is named (top rank
    first, files a→)."""
    for page in pages_of(variant):
        for d in page.diagrams:
            if d.section != ORIGINAL:
                continue
            rel = variant.rel(page.path)
            try:
                pos = tafl_core.parse_diagram(d.text, path=rel, first_line=d.line)
            except tafl_core.PositionError as e:
                yield fault(variant, page.path, getattr(e, "line", None) or d.line, getattr(e, "message", None) or str(e))
                continue
            layout = variant.layout
            if layout is None:
                continue
            if pos.size != layout.size:
                yield fault(variant, page.path, d.line,
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
                    yield fault(variant, page.path, line,
                                 f"section 8 diagram differs from the rules.toml layout at {diff[0]}: {diff[1]} here, {diff[2]} in rules.toml")
                    break


def check_stubs_file(root: Path, known_slugs: set[str]) -> list[Fault]:
    """_not_yet_documented.toml (optional) parses; each entry is ``[slug]`` with non-empty
    ``de`` and ``en`` names and no source folder of the same slug."""
    f = Path(root) / STUBS_FILE
    if not (f.exists() or f.is_symlink()):
        return []
    rel = rel_path(f, root)
    text, problem = read_source_text(f, strip_bom=False, within=root)
    if problem:
        return [Fault(rel, 1, problem)]
    out = [Fault(rel, line, f"line too long ({n} characters; at most {LINE_LIMIT})") for line, n in long_lines(text)]
    if out:
        return out
    data, problem = parse_toml(text)
    if problem:
        return [Fault(rel, problem.line, problem.message)]
    lines = toml_lines(text)
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


def declared_stubs(root: Path) -> list[str]:
    """Every top-level key of _not_yet_documented.toml (empty if absent or not TOML)."""
    f = Path(root) / STUBS_FILE
    if not f.exists():
        return []
    text, _ = read_source_text(f, strip_bom=False, within=root)
    data = parse_toml(text)[0] if text is not None else None
    return list(data) if data is not None else []
