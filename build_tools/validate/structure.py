"""Checks of a page's structure: front matter (``title``, ``lead``), the ten ``## N. Title``
sections in order with their exact titles (:data:`~build_tools.format.SECTIONS`), none empty,
``### N.M`` subsections in their section, one ``/// original`` block in section 8, and no two
variants with the same title."""

from __future__ import annotations


from typing import Iterator

from build_tools.format import FENCE_OPEN, ORIGINAL, SECTION_TITLES, SECTIONS
from build_tools.sources import Variant
from build_tools.validate.core import Context, Fault, fault, pages_of


def check_page_parse(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """What the parser could not read: front-matter syntax, unclosed code blocks and
    unclosed ``/// original`` blocks."""
    for page in pages_of(variant):
        for line, message in page.problems:
            yield fault(variant, page.path, line, message)


def check_front_matter(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Front matter has exactly the keys ``title`` and ``lead``, both non-empty."""
    for page in pages_of(variant):
        if not page.text.startswith("---"):
            continue  # reported by check_page_parse
        for key, (value, line) in page.front_matter.items():
            if key not in ("title", "lead"):
                yield fault(variant, page.path, line, f"front matter key '{key}' is not allowed (only title and lead)")
            elif not value.strip():
                yield fault(variant, page.path, line, f"front matter '{key}' is empty")
            elif key == "lead" and FENCE_OPEN.match(value.lstrip()):
                # The lead is a paragraph of its own on the page (templates/variant.md.j2): a
                # fence there would swallow the sections after it into a code block.
                yield fault(variant, page.path, line, "front matter 'lead' begins with a code fence "
                                                      "(``` or ~~~); the lead is one paragraph of text")
        for key in ("title", "lead"):
            if key not in page.front_matter:
                yield fault(variant, page.path, 1, f"front matter has no '{key}'")


def check_sections(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The ten ``## N. Title`` sections, each once, in order 1–10, with the exact titles of
    the page's language; no other ``##`` heading."""
    for page in pages_of(variant):
        titles = SECTION_TITLES[page.lang]
        seen: dict[int, int] = {}
        last = 0
        for s in page.sections:
            if s.number is None or not 1 <= s.number <= len(SECTIONS):
                yield fault(variant, page.path, s.line,
                             f"heading '## {s.heading}' is not one of the ten sections ('## 1. {titles[0]}' … '## 10. {titles[9]}')")
                continue
            if s.number in seen:
                yield fault(variant, page.path, s.line, f"section {s.number} appears twice (first at line {seen[s.number]})")
                continue
            seen[s.number] = s.line
            if s.number < last:
                yield fault(variant, page.path, s.line, f"section {s.number} comes after section {last}; the order is 1–10")
            last = max(last, s.number)
            expected = titles[s.number - 1]
            if s.title != expected:
                yield fault(variant, page.path, s.line, f"section {s.number} is titled '{s.title}', expected '{expected}'")
        for number in range(1, len(SECTIONS) + 1):
            if number not in seen:
                later = [s.line for s in page.sections if s.number is not None and s.number > number]
                line = min(later) if later else len(page.lines)
                yield fault(variant, page.path, line, f"section '## {number}. {titles[number - 1]}' is missing")


def check_sections_not_empty(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No section and no ``### N.M`` subsection is empty (only blank lines or headings)."""
    for page in pages_of(variant):
        lines = page.lines
        for s in page.sections:
            if not s.content_lines():
                yield fault(variant, page.path, s.line, f"section '## {s.heading}' is empty")
                continue
            for k, sub in enumerate(s.subsections):
                end = s.subsections[k + 1].line - 1 if k + 1 < len(s.subsections) else s.end_line
                text = [ln for ln in lines[sub.line:end] if ln.strip() and not ln.lstrip().startswith("#")]
                if not text:
                    heading = f"{sub.number} {sub.title}" if sub.number else sub.title
                    yield fault(variant, page.path, sub.line, f"subsection '### {heading}' is empty")


def check_subsections(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A ``### N.M`` subsection sits in section N, and each number occurs once."""
    for page in pages_of(variant):
        seen: dict[str, int] = {}
        for s in page.sections:
            for sub in s.subsections:
                if sub.number is None:
                    continue
                if s.number is not None and sub.number.split(".")[0] != str(s.number):
                    yield fault(variant, page.path, sub.line, f"subsection {sub.number} is in section {s.number}")
                if sub.number in seen:
                    yield fault(variant, page.path, sub.line, f"subsection {sub.number} appears twice (first at line {seen[sub.number]})")
                seen.setdefault(sub.number, sub.line)


def check_original_block(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Section 8 holds exactly one ``/// original | <lang>`` … ``///`` block."""
    for page in pages_of(variant):
        s8 = page.section(ORIGINAL)
        if s8 is None:
            continue
        if page.original is None:
            if not any("original block" in m for _, m in page.problems):
                yield fault(variant, page.path, s8.line, f"section {ORIGINAL} has no '/// original | <lang>' … '///' block")
            continue
        if page.original_section != ORIGINAL:
            yield fault(variant, page.path, page.original.line,
                         f"the '/// original' block is in section {page.original_section}, not in section {ORIGINAL}")
        for extra in page.originals[1:]:
            yield fault(variant, page.path, extra.line, f"second '/// original' block (the first is at line {page.original.line})")


def check_unique_titles(variants: list[Variant]) -> Iterator[Fault]:
    """No two variants share a page title in one language (the front matter ``title``, which the
    navigation, the index and the comparison show): a copied folder left unchanged would list
    the same variant twice. Reported at the later folder's title line, naming the first."""
    first: dict[tuple[str, str], Variant] = {}
    for v in sorted(variants, key=lambda x: x.slug):
        for page in pages_of(v):
            entry = page.front_matter.get("title")
            if not entry or not entry[0].strip():
                continue
            key = (page.lang, entry[0].strip().casefold())
            if key in first:
                yield fault(v, page.path, entry[1], f"title '{entry[0].strip()}' is already the title of "
                             f"variant '{first[key].slug}' ({page.lang}): each variant needs its own")
            else:
                first[key] = v
