"""Checks that the German and the English page agree: the same source keys and URLs, the same
section-8 original text, the same related variants; and that every ``[[slug]]`` resolves."""

from __future__ import annotations

from typing import Iterator

from build_tools.format import RELATED, SOURCES, STUBS_FILE
from build_tools.sources import Variant
from build_tools.validate.core import (Context, Fault, both_pages, diff_snippets, fault, pages_of, quote,
                                       section_line)


def check_languages_sources(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """German and English list the same source keys, with the same URLs."""
    pair = both_pages(variant)
    if pair is None:
        return
    for page, other in (pair, pair[::-1]):
        theirs = {e.key: e for e in other.sources if e.key}
        for key, e in theirs.items():
            if key not in {x.key for x in page.sources}:
                yield fault(variant, page.path, section_line(page, SOURCES),
                             f"source [{key}] is listed in {other.path.name}:{e.line} but not here")
    de, en = pair
    de_keys = {e.key: e for e in de.sources if e.key}
    for e in en.sources:
        d = de_keys.get(e.key)
        if e.key and d is not None and d.url != e.url:
            yield fault(variant, en.path, e.line,
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
    pair = both_pages(variant)
    if pair is None or pair[0].original is None or pair[1].original is None:
        return
    de, en = pair[0].original, pair[1].original
    if de.lang != en.lang:
        yield fault(variant, pair[1].path, en.line,
                     f"section 8 original is marked '| {en.lang}' here, '| {de.lang}' in de.md:{de.line}")
    a, b = _block_lines(de), _block_lines(en)
    for k in range(max(len(a), len(b))):
        if k >= len(b):
            yield fault(variant, pair[1].path, (b[-1][0] if b else en.line),
                         f"section 8 original text ends here; de.md:{a[k][0]} continues with {quote(a[k][1])}")
            break
        if k >= len(a):
            yield fault(variant, pair[1].path, b[k][0],
                         f"section 8 original text has {quote(b[k][1])} here; in de.md it ended at line {a[-1][0] if a else de.line}")
            break
        if a[k][1] != b[k][1]:
            here, there = diff_snippets(b[k][1], a[k][1])
            yield fault(variant, pair[1].path, b[k][0],
                         f"section 8 original text differs from de.md:{a[k][0]}: {here} here, {there} there")
            break


def check_languages_related(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """German and English name the same related variants."""
    pair = both_pages(variant)
    if pair is None:
        return
    for page, other in (pair, pair[::-1]):
        mine = {r.slug for r in page.related}
        reported = set()
        for r in other.related:
            if r.slug not in mine and r.slug not in reported:
                reported.add(r.slug)
                yield fault(variant, page.path, section_line(page, RELATED),
                             f"related variant [[{r.slug}]] is linked in {other.path.name}:{r.line} but not here")


def check_related_resolve(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each ``[[slug]]`` is a variant folder in the root or a stub in _not_yet_documented.toml."""
    for page in pages_of(variant):
        for r in page.related:
            if r.slug not in ctx.known_slugs and r.slug not in ctx.stubs:
                yield fault(variant, page.path, r.line,
                             f"related variant [[{r.slug}]] is neither a folder in {ctx.root.name}/ nor listed in {STUBS_FILE}")
