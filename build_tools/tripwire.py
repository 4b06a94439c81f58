"""The security tripwire behind the validator: rendered HTML that could run script fails the build.

The validator (:mod:`build_tools.validate.markup`) keeps raw HTML, unsafe attribute lists and
link schemes out of the sources; this module checks what MkDocs actually rendered, so that a
gap in the validator or a markdown extension cannot put script on a page. The MkDocs hooks
(:mod:`build_tools.site_plugin`: ``on_page_content``, ``on_post_page``) call
:func:`unsafe_markup` on every page's content and :func:`unsafe_attributes` on every whole
output page and fail the build on any finding.

Reported: an ``on…`` attribute; a URL attribute (href, src, action, formaction, …) with a scheme
other than :data:`~build_tools.format.ALLOWED_SCHEMES` (relative and ``#`` links are fine) or a
control character (:func:`url_problem`, the rule the validator applies to the sources too);
in page content also a ``<script>`` other than ``type="application/json"`` data, ``<style>`` and
the elements of :data:`FORBIDDEN_ELEMENTS`. A page that a strict regular grammar proves clean
(:func:`proven_clean`: one match, no parse) skips ``html.parser``; any page the grammar cannot
vouch for is parsed in full (:func:`parse_check`).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from build_tools.format import ALLOWED_SCHEMES, scheme_of

__all__ = ["URL_ATTRS", "SAFE_SCHEMES", "URL_CONTROL", "url_problem", "FORBIDDEN_ELEMENTS", "unsafe_markup",
           "unsafe_attributes",
           "proven_clean", "parse_check"]


#: URL-valued attributes whose scheme is checked.
URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "poster", "data", "background",
             "srcset", "cite", "ping")
#: Schemes a rendered page may link to or load from (relative URLs have none): the sources'.
SAFE_SCHEMES = ALLOWED_SCHEMES
#: Characters no URL on a page may hold: the C0 controls except tab, line feed and carriage
#: return (which browsers drop from a URL), and DEL; a regular-expression character class body.
URL_CONTROL = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_URL_CONTROL = re.compile(f"[{URL_CONTROL}]")


def url_problem(url: str) -> str | None:
    """Why ``url`` (character references already decoded) may not be published, the one rule
    the validator (:mod:`build_tools.validate.markup`) and this tripwire share: ``"the scheme
    ftp:"`` for a scheme outside :data:`SAFE_SCHEMES` (relative URLs have none), ``"a control
    character U+0000"`` for a character of :data:`URL_CONTROL`; None when it is fine."""
    scheme = scheme_of(url)
    if scheme is not None and scheme not in SAFE_SCHEMES:
        return f"the scheme {scheme}:"
    bad = _URL_CONTROL.search(url)
    if bad:
        return f"a control character U+{ord(bad.group(0)):04X}"
    return None


#: Elements that never belong in page content.
FORBIDDEN_ELEMENTS = ("iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link",
                      "form", "portal")


class _Tripwire(HTMLParser):
    """Collects what could run script in a page's rendered HTML (see :func:`unsafe_markup`);
    with ``elements=False`` only attributes are checked (the whole page, theme included)."""

    def __init__(self, elements: bool = True) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.elements = elements

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        if not self.elements:
            pass
        elif tag == "script":
            kind = dict(attrs).get("type") or ""
            if kind.strip().lower() != "application/json" or any(n == "src" for n, _ in attrs):
                self.problems.append(f"line {line}: <script> that is not JSON data")
        if self.elements and tag in FORBIDDEN_ELEMENTS:
            self.problems.append(f"line {line}: <{tag}> element")
        if self.elements and tag == "style":
            self.problems.append(f"line {line}: <style> element")
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on"):
                self.problems.append(f"line {line}: <{tag}> has an event attribute {name}=")
            elif name in URL_ATTRS and value:
                urls = [u.strip().split(" ")[0] for u in value.split(",")] if name == "srcset" else [value]
                # (the whole srcset too: splitting it strips blanks, control characters among them)
                found = [url_problem(u) for u in urls + ([value] if name == "srcset" else [])]
                for problem in dict.fromkeys(p for p in found if p):  # decoded by html.parser
                    self.problems.append(f"line {line}: <{tag} {name}> uses {problem}")

    handle_startendtag = handle_starttag


# The fast path. Parsing a page with html.parser costs a Python call per tag and attribute;
# a single regular-expression match over the page is an order of magnitude cheaper. The
# grammar below describes a *strict subset* of HTML: text without "<", end tags, plain
# comments, the doctype, and start tags whose attribute names are ASCII, separated by ASCII
# blanks and followed by "=" and a quoted value without "<" or ">" (or a bare word) or by
# nothing. Within that subset html.parser reads exactly the tags and attributes the grammar
# reads (same tag name, same attribute names and raw values), and the grammar admits only
# what the checks above pass:
#
# - no attribute name starting with on/On/oN/ON (names are ASCII, so this is lower()'s test);
# - a URL attribute (any letter case; html.parser lower-cases names) only with a value whose
#   scheme cannot be unsafe after decoding: it starts literally with a safe scheme and ":"
#   (decoding and dropping blanks cannot change that prefix), or with "#", "/", ".", "?" (so
#   there is no scheme), or holds neither ":" nor "&" (no scheme, and no character reference
#   that could decode to one); srcset only the last form (it lists several URLs);
# - in page content: no forbidden element and no <style> (tag names any case), and <script>
#   only as <script ... type="application/json" ...> with exactly one type attribute, no
#   URL attribute (so no src), and not self-closing;
# - the contents of elements some html.parser version reads as raw text (script, style, title,
#   textarea, xmp, iframe, noembed, noframes, noscript) must end at the first "</" (script and
#   style: no "</" and no "<!" inside; the others: no "<" at all), so that the end tag is read
#   the same whether or not the parser treats the element as raw text; <plaintext> is never
#   admitted. Anything else ("<" in text, blanks other than ASCII, entities in a URL
#   attribute's scheme position, CDATA sections, processing instructions, unusual comments)
#   is not in the grammar, and the page goes to the parser.
#
# So a page the grammar matches is one the parser finds nothing in, and the answer is []
# either way; every other page is parsed in full, as before. tests/site/test_tripwire_fastpath.py
# checks this case by case and on seeded random markup.

#: Elements that some html.parser version reads as raw text (or RCDATA).
_RAW_TEXT_ELEMENTS = ("script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes",
                      "noscript")


def _clean_grammar(elements: bool) -> re.Pattern:
    """The strict grammar of a clean page (comment above): content (``elements=True``, the
    checks of :func:`unsafe_markup`) or a whole output page (the checks of
    :func:`unsafe_attributes`). ``fullmatch`` succeeds only on pages the parser finds clean."""
    ws = r"[ \t\n\r\f]"
    name_end = r"(?=[ \t\n\r\f/>=])"
    tag_end = r"(?=[ \t\n\r\f/>])"

    def any_of(names) -> str:
        return "|".join(re.escape(n) for n in names)

    name = rf"(?![oO][nN])(?!(?i:{any_of(URL_ATTRS)}){name_end})[a-zA-Z_:][-a-zA-Z0-9_:.]*{name_end}"
    value = r"""(?:="[^"<>]*"|='[^'<>]*'|=[-a-zA-Z0-9_.]+(?=[ \t\n\r\f>]))?"""
    # no control character (url_problem), and "&" only as "&amp;": a character reference
    # could decode to one
    no_scheme = rf"[^{{q}}<>&:{URL_CONTROL}]*"
    rest = rf"(?:[^{{q}}<>&{URL_CONTROL}]|&amp;)*"
    safe = rf"(?:(?:{any_of(s + ':' for s in SAFE_SCHEMES)}|[#/.?]){rest}|{no_scheme})"
    quoted = lambda body: "(?:=\"" + body.format(q='"') + "\"|='" + body.format(q="'") + "')"  # noqa: E731
    url_attr = (rf"(?:(?i:srcset){name_end}{quoted(no_scheme)}"
                rf"|(?i:{any_of(a for a in URL_ATTRS if a != 'srcset')}){name_end}{quoted(safe)})")
    attrs = rf"(?:{ws}+(?:{name}{value}|{url_attr}))*+"
    special = _RAW_TEXT_ELEMENTS + ("plaintext",)
    if elements:
        special += FORBIDDEN_ELEMENTS
    tokens = [
        r"[^<]++",
        r"</[a-zA-Z][a-zA-Z0-9:-]*>",
        r"<!--(?:[^<>!-]|-(?=[^<>!-]))*+-->",
        r"<!(?i:doctype)[ a-zA-Z]*>",
        rf"<(?!(?i:{any_of(special)}){tag_end})[a-zA-Z][a-zA-Z0-9:-]*{tag_end}{attrs}{ws}*/?>",
    ]
    raw = r"(?:[^<]|<(?![/!]))*+"
    if elements:
        script_attrs = rf"(?:{ws}+(?!(?i:type){name_end}){name}{value})*+"
        tokens.append(rf'<script{script_attrs}{ws}+type="application/json"{script_attrs}{ws}*>{raw}</script>')
        rcdata = [e for e in _RAW_TEXT_ELEMENTS if e not in ("script", "style") + FORBIDDEN_ELEMENTS]
    else:
        tokens += [rf"<{e}{tag_end}{attrs}{ws}*>{raw}</{e}>" for e in ("script", "style")]
        rcdata = [e for e in _RAW_TEXT_ELEMENTS if e not in ("script", "style")]
    tokens += [rf"<{e}{tag_end}{attrs}{ws}*>[^<]*+</{e}>" for e in rcdata]
    return re.compile("(?:" + "|".join(tokens) + ")*+")


_CLEAN_CONTENT = _clean_grammar(elements=True)
_CLEAN_PAGE = _clean_grammar(elements=False)


def proven_clean(html: str, *, whole_page: bool = False) -> bool:
    """True when the strict grammar (comment above :func:`_clean_grammar`) proves that ``html``
    -- page content, or a whole output page with ``whole_page`` -- holds nothing the tripwire
    refuses, so the full parse can be skipped. False means "not proven", not "unsafe"."""
    return (_CLEAN_PAGE if whole_page else _CLEAN_CONTENT).fullmatch(html) is not None


def parse_check(html: str, elements: bool) -> list[str]:
    """The full check without the fast path: ``html`` tokenized with ``html.parser``; what
    :func:`unsafe_markup` (``elements=True``) or :func:`unsafe_attributes` (``elements=False``)
    reports for a page the grammar does not vouch for."""
    parser = _Tripwire(elements=elements)
    parser.feed(html)
    parser.close()
    return parser.problems


def unsafe_markup(html: str) -> list[str]:
    """What in rendered page content could run script: event attributes (``on…=``), URLs in
    href/src/action/formaction/… with a scheme other than http, https, mailto (relative and
    ``#`` are fine), ``<script>`` other than ``type="application/json"`` without ``src``,
    ``<style>``, and ``<iframe>``, ``<object>``, ``<embed>``, ``<base>``, ``<meta>``, ``<link>``,
    ``<form>`` elements. Returns one line per finding (``"line N: …"``), [] when clean.
    Content the strict grammar proves clean (:func:`proven_clean`) is not parsed."""
    if _CLEAN_CONTENT.fullmatch(html):
        return []
    return parse_check(html, elements=True)


def unsafe_attributes(html: str) -> list[str]:
    """Like :func:`unsafe_markup` but for a whole output page (the theme's scripts, styles and
    meta/link elements are its own): only event attributes and URL schemes are reported.
    A page the strict grammar proves clean (:func:`proven_clean`) is not parsed."""
    if _CLEAN_PAGE.fullmatch(html):
        return []
    return parse_check(html, elements=False)
