"""In the built site: the glossary holds at least 30 terms in both languages, and on every
mechanics page the first use of each glossary term in the prose links to that term on the
glossary page.

The expected links are found here from the rendered HTML alone: the page's text in document
order (headings, code, the example boards and figures left out, as the prose they are not), the
terms and their forms read straight from variants_src/_glossary.toml with tomllib."""

from __future__ import annotations

import html.parser
import posixpath
import re
import tomllib

import pytest

from .conftest import ROOT, VARIANTS, doc, page_path

GLOSSARY = tomllib.loads((VARIANTS / "_glossary.toml").read_text(encoding="utf-8"))
MECHANICS = sorted(p.name.removesuffix(".md") for p in (ROOT / "docs" / "mechanics").glob("*.md")
                   if not p.name.endswith(".en.md"))
LANGS = ("de", "en")
SKIP_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "svg", "figure", "script", "style", "nav", "header",
             "footer"}


class Prose(html.parser.HTMLParser):
    """The article's text as one string; for each character the href of the link around it
    (None outside links); ``\\x00`` where skipped content was, so no term runs across it."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.chars: list[str] = []
        self.hrefs: list[str | None] = []
        self.stack: list[tuple[str, bool, str | None]] = []
        self.in_article = 0
        self.feed(text)

    def _skipping(self) -> bool:
        return any(skip for _, skip, _ in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self.in_article += 1
        if tag in ("br", "img", "input", "hr", "meta", "link"):
            return
        classes = (a.get("class") or "").split()
        skip = tag in SKIP_TAGS or "tafl-board" in classes or "tafl-example-intro" in classes or "headerlink" in classes
        self.stack.append((tag, skip, a.get("href") if tag == "a" else None))

    def handle_endtag(self, tag):
        if tag == "article":
            self.in_article -= 1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                was_skip = self._skipping()
                del self.stack[i:]
                if was_skip and not self._skipping():
                    self._add("\x00", None)
                break

    def _add(self, text, href):
        self.chars.extend(text)
        self.hrefs.extend([href] * len(text))

    def handle_data(self, data):
        if not self.in_article or self._skipping():
            return
        href = next((h for _, _, h in reversed(self.stack) if h is not None), None)
        self._add(data, href)

    @property
    def text(self) -> str:
        return "".join(self.chars)


def _pattern(words):
    alts = [r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(set(words), key=len, reverse=True)]
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.IGNORECASE)


def _glossary_href(href: str | None) -> str | None:
    """The term key a link points to when it is a glossary link (``…/glossary/#term-x``)."""
    if href and re.search(r"(^|/)glossary/#term-", href):
        return href.rsplit("#term-", 1)[1].replace("-", "_")
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_has_at_least_30_terms(built_site, lang):
    terms = [k for k, e in GLOSSARY.items() if e.get("de") and e.get("en")]
    assert len(terms) >= 30
    d = doc(page_path(built_site, lang, "glossary/"))
    anchors = {i for i in d.ids if i.startswith("term-")}
    assert anchors == {"term-" + k.replace("_", "-") for k in terms}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", MECHANICS)
def test_first_use_of_each_term_links_to_the_glossary(built_site, page, lang):
    path = page_path(built_site, lang, f"mechanics/{page}/")
    prose = Prose(path.read_text(encoding="utf-8"))
    text = prose.text
    glossary_ids = doc(page_path(built_site, lang, "glossary/")).ids
    # longer terms first, as a use inside a longer term is that term's use
    order = sorted(GLOSSARY.items(), key=lambda kv: -max(len(w) for w in [kv[1][lang], *kv[1].get(f"{lang}_forms", [])]))
    taken: list[tuple[int, int]] = []
    linked = 0
    for key, entry in order:
        pattern = _pattern([entry[lang], *entry.get(f"{lang}_forms", [])])
        for m in pattern.finditer(text):
            span = range(m.start(), m.end())
            if any(m.start() < y and x < m.end() for x, y in taken):
                continue
            if any(prose.hrefs[i] and not _glossary_href(prose.hrefs[i]) for i in span):
                continue  # inside another link (a variant, the comparison): not linkable prose
            targets = {_glossary_href(prose.hrefs[i]) for i in span}
            assert targets == {key}, f"{page} ({lang}): first use {m.group(0)!r} of '{key}' is not linked to it"
            taken.append((m.start(), m.end()))
            linked += 1
            break
    assert linked >= 3, f"{page} ({lang}): only {linked} glossary terms used"
    for href in {h for h in prose.hrefs if _glossary_href(h)}:
        assert href.rsplit("#", 1)[1] in glossary_ids
        target = posixpath.normpath(posixpath.join(f"{'en/' if lang == 'en' else ''}mechanics/{page}/", href.split("#")[0]))
        assert target == ("en/glossary" if lang == "en" else "glossary")
