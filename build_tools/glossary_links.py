"""Glossary links on the mechanics pages: the first use of every glossary term on a page links
to the term on the glossary page (``glossary.md#term-<key>``, :func:`build_tools.glossary.term_anchor`).

A *use* is the preferred term of the page's language or one of its forms (``de_forms`` /
``en_forms`` in ``_glossary.toml``), case ignored, as whole words (a blank in a term matches any
run of blanks, a line end included), in the page's prose. Not prose, and so never linked: the
front matter, headings, fenced code, lines that start with an HTML tag (the example boards and
their introductions), inline code, inline HTML tags, existing links and images, attribute lists.
Longer terms are placed first ("starker König" before "König"); a use inside a term already
linked is not a use of the shorter term, whose first use is then its next one.
"""

from __future__ import annotations

import re

from build_tools.glossary import term_anchor

__all__ = ["link_first_uses", "term_pattern", "prose_spans", "mechanics_page_markdown", "MECHANICS_FOLDER"]

#: The folder of the hand-written mechanics pages under docs/.
MECHANICS_FOLDER = "mechanics/"

_FENCE = re.compile(r"^(```|~~~)")
_INLINE_PROTECTED = re.compile(
    r"`[^`\n]*`"                                   # inline code
    r"|!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\([^)\n]*\)"  # [text](url), ![alt](src)
    r"|!?\[[^\[\]\n]*\]\[[^\[\]\n]*\]"             # [text][ref]
    r"|<[^<>\n]+>"                                 # inline HTML tag, autolink
    r"|\{:?[^{}\n]*\}")                            # attribute list


def term_pattern(words: list[str]) -> re.Pattern:
    """One matcher for ``words`` (a term and its forms): any of them as whole words, case
    ignored, a blank matching any run of blanks; the longest alternative first."""
    alts = []
    for w in sorted({w.strip() for w in words if w.strip()}, key=len, reverse=True):
        alts.append(r"\s+".join(re.escape(p) for p in w.split()))
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.IGNORECASE)


def prose_spans(markdown: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of ``markdown`` that are prose (module docstring); spans of
    one paragraph's lines are joined so that a term may run over a line end."""
    spans: list[tuple[int, int]] = []
    pos = 0
    lines = markdown.split("\n")
    fenced = False
    front = bool(lines) and lines[0].strip() == "---"
    for i, line in enumerate(lines):
        start, end = pos, pos + len(line)
        pos = end + 1
        stripped = line.strip()
        if front:
            if i > 0 and stripped == "---":
                front = False
            continue
        if _FENCE.match(stripped):
            fenced = not fenced
            continue
        if fenced or not stripped or stripped.startswith(("#", "<")):
            continue
        cut = start
        for m in _INLINE_PROTECTED.finditer(line):
            if start + m.start() > cut:
                spans.append((cut, start + m.start()))
            cut = start + m.end()
        if cut < end:
            spans.append((cut, end))
    # join spans that are only a line end apart (one paragraph)
    joined: list[tuple[int, int]] = []
    for a, b in spans:
        if joined and markdown[joined[-1][1]:a] == "\n":
            joined[-1] = (joined[-1][0], b)
        else:
            joined.append((a, b))
    return joined


def link_first_uses(markdown: str, terms, lang: str, *, glossary: str = "../glossary.md") -> str:
    """``markdown`` with the first use of every term of ``terms`` (:class:`~build_tools.glossary.Term`
    values) linked as ``[use](<glossary>#term-<key>)``; ``glossary`` is the glossary page's
    path relative to the page. Terms that do not occur are left out; the rest is unchanged."""
    spans = prose_spans(markdown)
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, int, str]] = []
    order = sorted(terms, key=lambda t: max(len(w) for w in (t.preferred[lang], *t.forms.get(lang, ()))), reverse=True)
    for t in order:
        pattern = term_pattern([t.preferred[lang], *t.forms.get(lang, ())])
        hit = None
        for a, b in spans:
            for m in pattern.finditer(markdown, a, b):
                if not any(m.start() < y and x < m.end() for x, y in taken):
                    hit = (m.start(), m.end())
                    break
            if hit:
                break
        if hit:
            taken.append(hit)
            found.append((hit[0], hit[1], f"{glossary}#{term_anchor(t.key)}"))
    out = markdown
    for a, b, href in sorted(found, reverse=True):
        out = out[:a] + "[" + out[a:b] + "](" + href + ")" + out[b:]
    return out


def mechanics_page_markdown(markdown: str, src_uri: str, site, lang: str) -> str:
    """The MkDocs hook's step for a hand-written page: a page under ``mechanics/`` gets its
    first uses linked (:func:`link_first_uses`) with the glossary of ``site`` (a
    :class:`~build_tools.pages.SiteSources`, None before the sources are read); every other
    page is returned unchanged."""
    if site is None or not src_uri.startswith(MECHANICS_FOLDER):
        return markdown
    return link_first_uses(markdown, site.glossary, lang)
