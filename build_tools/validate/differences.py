"""Checks of ``[[differences]]`` in rules.toml (:mod:`build_tools.differences`): each entry is
well formed, names a known engine and a rule key (or the layout) once, and points at words that
stand verbatim in both languages (in the section or subsection ``ref``, or in the rule's note)
and name the engine. Whether the entries are complete against the engines' transcribed
definitions is a test (``tests/tafl_core/test_engine_definitions.py``), not a validator check:
those transcriptions are test data."""

from __future__ import annotations

import re
from typing import Iterator

from build_tools.differences import ENGINES, NOTE_REF, differences_of, entry_faults, names_engine, normalise
from build_tools.format import LANGS
from build_tools.sources import Page, Variant
from build_tools.validate.core import Context, Fault, fault, top_level_line

__all__ = ["check_differences", "ref_text"]


def ref_text(page: Page, ref: str) -> str | None:
    """The markdown of section ``ref`` (``"10"``) or subsection (``"5.9"``: from its ``###``
    heading to the next heading) of ``page``; None when the page has no such part."""
    number, _, sub = ref.partition(".")
    section = page.section(int(number))
    if section is None:
        return None
    if not sub:
        return section.body
    lines = section.body.split("\n")
    head = re.compile(r"^###\s+" + re.escape(ref) + r"(?![\d.])")
    for i, line in enumerate(lines):
        if head.match(line.strip()):
            end = next((j for j in range(i + 1, len(lines)) if re.match(r"^#{2,3}\s", lines[j].strip())), len(lines))
            return "\n".join(lines[i:end])
    return None


def _entry_lines(text: str) -> list[int]:
    """Line of each ``[[differences]]`` header in rules.toml, in order."""
    return [i + 1 for i, ln in enumerate(text.split("\n")) if re.match(r"^\s*\[\[\s*differences\s*\]\]", ln)]


def check_differences(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every ``[[differences]]`` entry is well formed; (engine, key) appears once; the key is a
    rule of this ruleset or ``layout``; ``phrase.de`` / ``phrase.en`` stand (white space
    normalised) in section ``ref`` of de.md / en.md, or in ``note.de`` / ``note.en`` of the rule
    ``key`` when ``ref = "note"``; the paragraph, list item or table row they stand in (or the
    note) names the engine."""
    data = variant.rules_data
    if not isinstance(data, dict) or "differences" not in data:
        return
    text = variant.rules_text or ""
    raw = data["differences"]
    if not isinstance(raw, list):
        yield fault(variant, variant.rules_path, top_level_line(text, "differences"),
                    "differences must be an array of tables ([[differences]])")
        return
    if variant.text_only:
        yield fault(variant, variant.rules_path, top_level_line(text, "differences"),
                    "[[differences]] is not allowed with board = false (no rules to differ)")
        return
    lines = _entry_lines(text)
    for i, entry in enumerate(raw):
        for message in entry_faults(entry):
            yield fault(variant, variant.rules_path, lines[i] if i < len(lines) else None, f"[[differences]]: {message}")
    seen: set[tuple[str, str]] = set()
    rules = variant.ruleset.rules if variant.ruleset is not None else None
    for d in differences_of(data):
        line = lines[d.index] if d.index < len(lines) else None
        where = f"[[differences]] {d.engine} {d.key}"
        if (d.engine, d.key) in seen:
            yield fault(variant, variant.rules_path, line, f"{where}: named twice")
        seen.add((d.engine, d.key))
        if rules is not None and d.key != "layout" and d.key not in rules:
            yield fault(variant, variant.rules_path, line, f"{where}: this ruleset has no rule '{d.key}'")
            continue
        for lang in LANGS:
            phrase = normalise(d.phrase[lang])
            if d.ref == NOTE_REF:
                if rules is None:
                    continue
                rule = rules.get(d.key)
                note = normalise((rule.note or {}).get(lang, "") if rule is not None else "")
                if phrase not in note:
                    yield fault(variant, variant.rules_path, line,
                                f"{where}: phrase.{lang} {phrase[:60]!r} does not stand in note.{lang} of rule {d.key}")
                elif not names_engine(note, d.engine):
                    yield fault(variant, variant.rules_path, line,
                                f"{where}: note.{lang} of rule {d.key} does not name {ENGINES[d.engine].name}")
                continue
            page = variant.pages.get(lang)
            if page is None:
                continue
            part = ref_text(page, d.ref)
            if part is None:
                yield fault(variant, variant.rules_path, line, f"{where}: ref '{d.ref}' names no section in {page.path.name}")
                continue
            blocks = [b for b in map(normalise, _blocks(part)) if phrase in b]
            if not blocks:
                yield fault(variant, variant.rules_path, line,
                            f"{where}: phrase.{lang} {phrase[:60]!r} does not stand in one paragraph, list item "
                            f"or table row of section {d.ref} of {page.path.name}")
            elif not any(names_engine(b, d.engine) for b in blocks):
                yield fault(variant, variant.rules_path, line,
                            f"{where}: the paragraph of phrase.{lang} {phrase[:40]!r} does not name {ENGINES[d.engine].name}")


def _blocks(markdown: str) -> list[str]:
    """The paragraphs, list items and table rows of a section's markdown (a new block starts at
    a blank line, a heading, a list item ``- ``/``* ``/``1. `` or a table row ``|``)."""
    out: list[list[str]] = [[]]
    for line in markdown.split("\n"):
        s = line.strip()
        if not s or s.startswith("#") or re.match(r"([-*]|\d+\.)\s", s) or s.startswith("|"):
            out.append([])
        if s:
            out[-1].append(s)
    return [" ".join(b) for b in out if b]
