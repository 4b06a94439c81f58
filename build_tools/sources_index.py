"""The sources index (``sources.md``: German ``/sources/``, English ``/en/sources/``): every
source the variant pages cite, once, with its bibliographic data and the pages and sections that
lean on it, built from the pages' section 9 (:class:`build_tools.page_source.SourceEntry`) and
their citations (:class:`build_tools.page_source.Citation`).

What counts as one source: the entries of all pages that give the same address (``url``;
scheme, ``www.`` and a trailing ``/`` ignored, so ``https://github.com/Ludeme/Ludii`` is one
source however many of its files the pages name), or, for an entry without an address, the
same key (``[Murray1952]`` on four pages is one book). Its anchor on the index
(:func:`index_anchor`) is ``source-`` + that identity in lower case with every run of other
characters than a-z and 0-9 as ``-`` (longer than 60 characters: the first 50 and six hex
digits of its SHA-1), the same in both languages for a source with an address.

Each page's own list links every entry to its source on the index (``sources.html.j2``;
from ``variants/<slug>/`` the index is ``../../sources/`` in both languages).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from build_tools.format import SOURCES
from build_tools.text import collation_key

__all__ = ["headline", "source_identity", "index_anchor", "index_href", "index_label", "Use", "IndexedSource", "index_entries", "sources_index_markdown",
           "INDEX_FROM_VARIANT"]

#: The index page from a variant page (``variants/<slug>/`` or ``en/variants/<slug>/``).
INDEX_FROM_VARIANT = "../../sources/"

_WORDS = {
    "de": {"title": "Quellenverzeichnis",
           "lead": "Alle Quellen, die die Variantenseiten nennen, je einmal: mit ihren bibliographischen Angaben und "
                   "den Seiten und Abschnitten, die sich auf sie stützen. Wo eine Seite eine Quelle genauer angibt "
                   "(eine Datei, ein Kapitel), steht ihre Angabe beim Seitennamen.",
           "section": "Abschnitt", "sections": "Abschnitte",
           "list_only": "nur im Quellenverzeichnis der Seite", "background": "Hintergrund",
           "count": "{n} Quellen, zitiert auf {p} Seiten.", "index_link": "im Quellenverzeichnis"},
    "en": {"title": "Sources",
           "lead": "Every source the variant pages cite, once: with its bibliographic data and the pages and sections "
                   "that lean on it. Where a page names a source more closely (a file, a chapter), its own entry "
                   "stands beside the page's name.",
           "section": "section", "sections": "sections",
           "list_only": "only in the page's source list", "background": "background",
           "count": "{n} sources, cited on {p} pages.", "index_link": "in the sources index"},
}


def _normal_url(url: str) -> str:
    u = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url.strip(), flags=re.I)
    host, _, rest = u.partition("/")
    host = host.lower()
    if host.startswith("www."):
        host = host[4:]
    return (host + ("/" + rest if rest else "")).rstrip("/")


def source_identity(entry) -> str:
    """What makes entries one source: ``"url:" + address`` (scheme, ``www.`` and a trailing
    ``/`` dropped, host in lower case) for an entry with an address, else ``"key:" + key`` in
    lower case. ``entry`` is a :class:`~build_tools.page_source.SourceEntry` with a key."""
    if entry.url:
        return "url:" + _normal_url(entry.url)
    return "key:" + entry.key.lower()


def index_anchor(entry) -> str:
    """The id of ``entry``'s source on the index page (module docstring)."""
    ident = source_identity(entry).split(":", 1)[1].lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ident).strip("-")
    if len(slug) > 60:
        slug = slug[:50].rstrip("-") + "-" + hashlib.sha1(ident.encode("utf-8")).hexdigest()[:6]
    return "source-" + slug


def index_href(entry) -> str:
    """The link from a variant page's source list to ``entry``'s source on the index."""
    return INDEX_FROM_VARIANT + "#" + index_anchor(entry)


def index_label(lang: str) -> str:
    """The words of that link in ``lang``."""
    return _WORDS[lang]["index_link"]


@dataclass
class Use:
    """One page's use of a source: the variant ``slug`` and page ``title``, the ``key`` and
    entry ``text`` the page gives it, and ``sections``: the numbers (``"2"``, ``"5.3"``) of the
    sections outside the source list that cite it, in page order."""
    slug: str
    title: str
    key: str
    text: str
    sections: list[str] = field(default_factory=list)


@dataclass
class IndexedSource:
    """One source of the index: its ``anchor``, ``text`` (:func:`headline`), ``url`` (None without an address), ``background`` (every page
    lists it as background only) and its ``uses``, ordered by page title."""
    anchor: str
    text: str
    url: str | None
    background: bool
    uses: list[Use] = field(default_factory=list)


#: Where a shared beginning of differing entry texts may be cut: after a complete part.
_CUT = re.compile(r"(?:,|:|;|\s\(|\s—|\.)\s")


def headline(texts: list[str], url: str | None, key: str) -> str:
    """The bibliographic text a source is listed under: the entry text when every page gives
    the same; else the shortest entry when every other one begins with it (without its final
    full stop: ``Walker, Damian: York Hnefatafl``); else the beginning all of them share, up to
    its last complete part (before a comma, colon, semicolon, bracket, dash or full stop), when
    that still names author and title (``Slater, Jay: OpenTafl``); else the address without its
    scheme, or ``[key]``. A page whose entry differs from the headline shows its own beside its
    name."""
    distinct = sorted(set(texts))
    if len(distinct) == 1:
        return distinct[0]
    shortest = min(distinct, key=len).rstrip(".").rstrip()
    if all(t.startswith(shortest) for t in distinct):
        return shortest
    prefix = distinct[0]
    for t in distinct[1:]:
        n = 0
        while n < min(len(prefix), len(t)) and prefix[n] == t[n]:
            n += 1
        prefix = prefix[:n]
    # a complete part: brackets and quotation marks closed
    cuts = [m.start() for m in _CUT.finditer(prefix + " ")
            if prefix[:m.start()].count("(") == prefix[:m.start()].count(")")
            and prefix[:m.start()].count("„") == prefix[:m.start()].count("“")
            and prefix[:m.start()].count("“") - prefix[:m.start()].count("„") == prefix[:m.start()].count("”")]
    if cuts and cuts[-1] >= 12 and ":" in prefix[:cuts[-1]]:
        return prefix[:cuts[-1]].rstrip()
    if url:
        return re.sub(r"^[a-z][a-z0-9+.-]*://(www\.)?", "", url, flags=re.I).rstrip("/")
    return f"[{key}]"


def _section_of(page, line: int) -> str | None:
    """The number of the (sub)section of ``page`` holding ``line``: ``"5.3"`` inside a
    numbered subsection, else ``"5"``; None before section 1 or in an unnumbered section."""
    for s in page.sections:
        if s.number is not None and s.line <= line <= s.end_line:
            number = str(s.number)
            for sub in s.subsections:
                if sub.number and sub.line <= line:
                    number = sub.number
            return number
    return None


def _number_key(n: str) -> tuple[int, ...]:
    return tuple(int(x) for x in n.split(".") if x.isdigit())


def index_entries(site, lang: str) -> list[IndexedSource]:
    """Every source cited in section 9 of a ``lang`` page of ``site`` (a
    :class:`~build_tools.pages.SiteSources`), as :class:`IndexedSource` values ordered by
    their text (accents and case ignored)."""
    groups: dict[str, list[tuple[object, object, object]]] = {}
    for v in site.variants:
        page = v.pages[lang]
        for e in page.sources:
            if e.key is not None:
                groups.setdefault(source_identity(e), []).append((v, page, e))
    out = []
    for members in groups.values():
        text = headline([e.text for _, _, e in members], members[0][2].url, members[0][2].key)
        first = members[0][2]
        source = IndexedSource(anchor=index_anchor(first), text=text, url=first.url,
                               background=all(e.background for _, _, e in members))
        for v, page, e in members:
            sections: list[str] = []
            for c in page.citations:
                if c.key == e.key:
                    n = _section_of(page, c.line)
                    if n is not None and n.split(".")[0] != str(SOURCES) and n not in sections:
                        sections.append(n)
            source.uses.append(Use(slug=v.slug, title=page.title or v.name or v.slug, key=e.key, text=e.text,
                                   sections=sorted(sections, key=_number_key)))
        source.uses.sort(key=lambda u: collation_key(u.title))
        out.append(source)
    out.sort(key=lambda s: collation_key(s.text))
    return out


_env = Environment(loader=FileSystemLoader(str(Path(__file__).resolve().parent / "templates")),
                   autoescape=select_autoescape(default_for_string=True, default=True), keep_trailing_newline=True)


def sources_index_markdown(site, lang: str, *, inline) -> str:
    """The index page in ``lang``. ``inline(text) -> Markup`` renders a line of source markdown
    as inline HTML (the renderer the pages' own source lists use)."""
    entries = index_entries(site, lang)
    items = []
    for s in entries:
        url = s.url if s.url and re.match(r"https?://", s.url) else None
        uses = []
        for u in s.uses:
            uses.append({"href": f"variants/{u.slug}.md", "title": u.title, "key": u.key,
                         "own_text": inline(u.text) if u.text != s.text else None,
                         "sections": [{"number": n, "href": f"variants/{u.slug}.md#sec-{n.replace('.', '-')}"}
                                      for n in u.sections]})
        items.append({"anchor": s.anchor, "text": inline(s.text), "url": url,
                      "plain_url": s.url if not url else None, "background": s.background, "uses": uses})
    pages = {u.slug for s in entries for u in s.uses}
    words = _WORDS[lang]
    return _env.get_template("sources_index.md.j2").render(
        w=words, items=items, count=words["count"].format(n=len(entries), p=len(pages)))
