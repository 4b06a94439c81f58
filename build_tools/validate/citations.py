"""Checks of citations and the source list (section 9): every cited ``[key]`` is listed, every
listed source cited or marked background, keys unique, entries ``- [key] text — URL`` with a
well-formed http(s) URL last."""

from __future__ import annotations

import re
from typing import Iterator
from urllib.parse import urlsplit

from build_tools.format import SECTION_TITLES, SOURCES
from build_tools.sources import Variant, dash_tail
from build_tools.validate.core import Context, Fault, fault, pages_of, quote


def check_citations_listed(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every cited ``[key]`` is listed in section 9."""
    for page in pages_of(variant):
        listed = {e.key for e in page.sources if e.key}
        s9 = SECTION_TITLES[page.lang][SOURCES - 1]
        for c in page.citations:
            if c.key not in listed:
                yield fault(variant, page.path, c.line, f"citation [{c.key}] is not listed in section {SOURCES} ({s9})")


def check_sources_cited(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Every listed source is cited somewhere on the page or marked (Hintergrund)/(background)."""
    for page in pages_of(variant):
        cited = {c.key for c in page.citations}
        marker = "(Hintergrund)" if page.lang == "de" else "(background)"
        for e in page.sources:
            if e.key and not e.background and e.key not in cited:
                yield fault(variant, page.path, e.line, f"source [{e.key}] is listed but never cited; cite it or end the entry with {marker}")


def check_source_keys_unique(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each source key is listed once."""
    for page in pages_of(variant):
        first: dict[str, int] = {}
        for e in page.sources:
            if e.key is None:
                continue
            if e.key in first:
                yield fault(variant, page.path, e.line, f"source key [{e.key}] is listed twice (first at line {first[e.key]})")
            else:
                first[e.key] = e.line


def check_source_entries(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each section-9 list item is ``- [key] text — URL``: it starts with a key, and a URL it
    gives comes last, after ' — '."""
    for page in pages_of(variant):
        for e in page.sources:
            if e.key is None:
                yield fault(variant, page.path, e.line, f"section {SOURCES} entry does not start with a [key]: {quote(e.text)}")
            elif re.search(r"(?i)\b(https?://|www\.)", e.text):
                yield fault(variant, page.path, e.line, f"source [{e.key}]: the URL must come last, after ' — '")


def check_source_url_attempt(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """A section-9 entry whose last token after ' — ' looks like a URL (contains ``//``,
    starts with ``www.`` or ``http``) but is not read as one (``http//…``, a missing colon)
    is a fault: it would show as plain text with no link."""
    for page in pages_of(variant):
        for e in page.sources:
            if e.key is None or e.url is not None:
                continue
            tail = dash_tail(e.text)
            if tail and ("//" in tail or tail.lower().startswith(("www.", "http"))):
                yield fault(variant, page.path, e.line,
                             f"source [{e.key}]: {tail!r} after ' — ' is not a well-formed http(s) URL")


def check_source_urls(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Source URLs are well formed: http or https, with a host name."""
    for page in pages_of(variant):
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
                yield fault(variant, page.path, e.line,
                             f"source [{e.key}] has a malformed URL {e.url!r} (needs http:// or https:// and a host)")
