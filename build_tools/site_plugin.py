"""The MkDocs side of the site: event handlers used by ``build_tools/mkdocs_hooks.py``.

What happens in a build (``mkdocs build`` / ``mkdocs serve``; mkdocs-static-i18n runs the
whole build once per language, German first):

- ``on_config``: registers the ``/// original`` markdown block (:mod:`build_tools.md_ext`);
  finds the variants root: environment variable ``TAFL_SOURCES_ROOT``, else
  ``extra.tafl.sources_root`` (relative to mkdocs.yml), else ``variants_src``.
- ``on_files`` (priority -200, after the i18n plugin at -100, which would drop generated files
  it does not know): parses the sources once (cached across the language passes and serve
  rebuilds, :func:`build_tools.pages.load_site_sources`) and adds every generated page of the
  current language with ``File.generated`` -- under ``en/`` for English -- with the i18n
  attributes (``alternates``, ``locale``) the language switch and the sitemap read.
- ``on_page_markdown``: replaces ```` ```tafl-position ```` fences on hand-written pages (the
  mechanics pages) with a diagram of that position from ``build_tools/mechanics.toml``.
- ``on_page_content``: the tripwire behind the validator. The rendered HTML of every page
  (generated and hand-written) is tokenized with ``html.parser``; an ``on…`` attribute, a
  link or resource URL (href, src, action, formaction, …) with a scheme other than http,
  https, mailto (relative and ``#`` links are fine), a ``<script>`` other than the board's
  ``type="application/json"`` data, or an element such as ``<iframe>``/``<object>``/
  ``<embed>``/``<base>``/``<meta>`` fails the build (``PluginError`` naming the page). The
  theme's own scripts are in its templates, not in page content, and are not checked.
  A page that a strict regular grammar proves clean (:func:`proven_clean`: one match, no
  parse) skips ``html.parser``; any page the grammar cannot vouch for is parsed in full.
- ``on_post_page``: the same tripwire over the whole output page (navigation, title and table
  of contents included), for event attributes and URL schemes only.
- ``on_post_build`` (after the last language): ``build_tools.pyodide_assets.install`` if that
  module exists, unless ``TAFL_SKIP_PYODIDE=1``.

Time spent in generation is added up in :data:`STATS` (and written as JSON to the file named by
``TAFL_STATS_FILE`` after the build) for the benchmark.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import time
import tomllib
from pathlib import Path

from html.parser import HTMLParser

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from build_tools import pages as _pages

log = logging.getLogger("mkdocs.plugins.tafl")

REPO_ROOT = Path(__file__).resolve().parent.parent
MECHANICS_FILE = Path(__file__).resolve().parent / "mechanics.toml"
PYODIDE_VERSION_FALLBACK = "314.0.7"

#: Generation statistics of the current process: seconds spent and pages made.
STATS = {"generate_seconds": 0.0, "load_seconds": 0.0, "pages": 0, "variant_pages": 0}


def _i18n(config):
    return config.plugins.get("i18n")


def _languages(config) -> tuple[str, str, list[str]]:
    """(current language, default language, built languages)."""
    i18n = _i18n(config)
    if i18n is None:
        lang = config.theme.get("language", "de") or "de"
        return lang, lang, [lang]
    default = i18n.default_language
    return (i18n.current_language or default), default, list(i18n.build_languages)


def _tafl_extra(config) -> dict:
    extra = config.extra.get("tafl") if hasattr(config.extra, "get") else None
    return dict(extra or {})


def sources_root(config) -> Path:
    """The variants root for this build (see module docstring)."""
    env = os.environ.get("TAFL_SOURCES_ROOT")
    if env:
        return Path(env).resolve()
    base = Path(config.config_file_path).resolve().parent if config.config_file_path else REPO_ROOT
    return (base / _tafl_extra(config).get("sources_root", "variants_src")).resolve()


def _pyodide_version() -> str:
    for p in (REPO_ROOT / "node_modules" / "pyodide" / "package.json", REPO_ROOT / "package.json"):
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        v = data.get("version") if p.parent.name == "pyodide" else data.get("dependencies", {}).get("pyodide")
        if v:
            return str(v).lstrip("^~=")
    return PYODIDE_VERSION_FALLBACK


def pyodide_settings(config) -> tuple[str, bool]:
    """(index, cdn): ``assets/pyodide/`` relative to the site root, or the jsDelivr URL of the
    pinned Pyodide when ``extra.tafl.pyodide_cdn`` is true."""
    cdn = bool(_tafl_extra(config).get("pyodide_cdn", False))
    if cdn:
        return f"https://cdn.jsdelivr.net/pyodide/v{_pyodide_version()}/full/", True
    return "assets/pyodide/", False


# --------------------------------------------------------------------------- events


_RUN = {"command": None}
#: The sources of the language being built (on_files), for the example boards of hand-written
#: pages (on_page_markdown): {"site": SiteSources, "pyodide": (index, cdn)}.
_BUILT: dict = {}


def on_startup(command, dirty):
    """Remember whether this is ``mkdocs serve`` (see :func:`on_pre_build`)."""
    _RUN["command"] = command


def on_pre_build(config):
    """Under ``mkdocs serve`` every rebuild validates the sources first (``make site`` validates
    before it builds): a fault is printed as ``path:line: message`` and the rebuild stops, so the
    served site keeps its last valid state instead of showing a source that contradicts itself.

    Raises:
        mkdocs.exceptions.Abort: the sources have faults.
    """
    if _RUN["command"] != "serve":
        return
    from mkdocs.exceptions import Abort

    from build_tools.validate import validate_tree

    faults = validate_tree(sources_root(config))
    if faults:
        for fault in faults:
            log.error(str(fault))
        raise Abort(f"{len(faults)} fault(s) in the variant sources: the site was not rebuilt "
                    "(fix them; the served pages are the last valid build)")


def on_config(config):
    """Register the markdown extension for ``/// original`` blocks (once)."""
    from build_tools.md_ext import OriginalExtension

    if not any(isinstance(e, OriginalExtension) for e in config.markdown_extensions):
        config.markdown_extensions.append(OriginalExtension())
    return config


def _dest(src_uri: str, lang: str, default: str, config) -> File:
    f = File(src_uri, None, config.site_dir, config.use_directory_urls)
    if lang != default:
        f.dest_uri = f"{lang}/{f.dest_uri}"
    return f


def on_files(files, config):
    """Add the generated pages of the current language (see module docstring)."""
    lang, default, langs = _languages(config)
    t0 = time.perf_counter()
    site = _pages.load_site_sources(sources_root(config))
    t1 = time.perf_counter()
    _BUILT["site"], _BUILT["pyodide"] = site, pyodide_settings(config)
    STATS["load_seconds"] += t1 - t0
    for slug, why in sorted(site.broken.items()):
        log.warning(f"variant '{slug}' left out of the site: {why} (run `python -m build_tools validate`)")
    taken = {getattr(f, "norm_src_uri", None) or f.src_uri for f in files}
    pyodide_index, cdn = pyodide_settings(config)

    def url_of(src_uri: str) -> str:
        return _dest(src_uri, lang, default, config).url

    made = []
    for src_uri, content in _pages.generated_pages(site, lang, url_of=url_of, site_url=config.site_url,
                                                    pyodide_index=pyodide_index, cdn=cdn):
        if src_uri in taken:
            log.warning(f"docs/ already holds a page at '{src_uri}'; the generated one is not used")
            continue
        f = File.generated(config, src_uri, content=content)
        if lang != default:
            f.dest_uri = f"{lang}/{f.dest_uri}"
        f.alternates = {other: (f if other == lang else _dest(src_uri, other, default, config)) for other in langs}
        for other, alt in f.alternates.items():
            alt.locale = other
            alt.locale_alternate_of = other
            alt.localization = None if other == default else other
            alt.norm_src_uri = src_uri
        files.append(f)
        made.append(f)
    i18n = _i18n(config)
    if i18n is not None and hasattr(i18n, "i18n_files_per_language"):
        i18n.i18n_files_per_language[lang] = files.documentation_pages()
    STATS["generate_seconds"] += time.perf_counter() - t1
    STATS["pages"] += len(made)
    STATS["variant_pages"] += len(site.variants)
    return files


# ```tafl-position
# <id in build_tools/mechanics.toml>
# ```
_POSITION_FENCE = re.compile(r"^```+\s*tafl-position\s*\n\s*([A-Za-z0-9_-]+)\s*\n```+\s*$", re.MULTILINE)
_mechanics_cache: dict = {}


def load_mechanics_positions(path: Path = MECHANICS_FILE) -> dict:
    """The example positions of the mechanics pages: ``{id: {"size", "diagram", "throne",
    "corners", "camps", "marks", "caption": {"de", "en"}}}`` from ``mechanics.toml``
    (cached by mtime)."""
    st = path.stat().st_mtime_ns
    hit = _mechanics_cache.get(path)
    if hit and hit[0] == st:
        return hit[1]
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    _mechanics_cache[path] = (st, data)
    return data


def position_figure(pos_id: str, lang: str, n: int) -> str:
    """The diagram of mechanics position ``pos_id`` in ``lang`` (raw HTML). Raises KeyError for
    an unknown id and ``tafl_core.PositionError`` for a broken diagram."""
    from tafl_core import parse_diagram

    entry = load_mechanics_positions()[pos_id]
    position = parse_diagram(entry["diagram"], path=str(MECHANICS_FILE))
    special = {k: list(entry.get(k, [])) for k in ("throne", "corners", "camps")}
    caption = entry.get("caption", {}).get(lang, "")
    return str(_pages._diagram.render_figure(
        position, special, lang=lang, dom_id=f"diagram-{pos_id}-{n}", caption_prefix=caption,
        marks=entry.get("marks", []), position_id=pos_id))


# The opening tag of an example board on a hand-written page (notes/CONTRACTS.md, mechanics pages).
_EXAMPLE_BOARD = re.compile(r'^<div class="tafl-board" id="board" data-variant="([a-z0-9-]{1,64})" data-example="[^"]*"[^>]*>$',
                            re.MULTILINE)


def example_rules(markdown: str, lang: str, where: str, *, own_sources: bool = True) -> str:
    """Give each example board of a hand-written page (``div.tafl-board#board[data-example]``)
    the rules it plays: the board-data of the variant it names (``data-variant``; same
    language), as ``<script type="application/json" data-role="example-rules">`` right after the
    opening tag, so the board needs no request for them. A variant that is unknown or has no
    board is logged as a warning (the strict build fails on it), and the board is left without
    rules (it shows its engine error); with another sources root than the project's own
    (``own_sources`` false: TAFL_SOURCES_ROOT, the site benchmark's synthetic sources) the
    hand-written pages' variants may be absent, and that is only said (info)."""
    site = _BUILT.get("site")

    def repl(m: re.Match) -> str:
        slug = m.group(1)
        v = next((x for x in site.variants if x.slug == slug), None) if site else None
        if v is None or v.text_only:
            (log.warning if own_sources else log.info)(
                f"{where}: the example board plays the rules of '{slug}', which has no board on the site")
            return m.group(0)
        index, cdn = _BUILT["pyodide"]
        data = _pages.board_json(_pages.board_data(v, lang, pyodide_index=index, cdn=cdn))
        return f'{m.group(0)}\n<script type="application/json" data-role="example-rules">{data}</script>'

    return _EXAMPLE_BOARD.sub(repl, markdown)


def on_page_markdown(markdown, page, config, files):
    """Replace ```` ```tafl-position ```` fences with diagrams and give example boards their
    rules (:func:`example_rules`) on hand-written pages."""
    lang = getattr(page.file, "locale", None) or _languages(config)[0]
    if 'data-example="' in markdown:
        own = sources_root(config).resolve() == (REPO_ROOT / "variants_src").resolve()
        markdown = example_rules(markdown, lang, page.file.src_uri, own_sources=own)
    if "tafl-position" not in markdown:
        return markdown
    counter = iter(range(1, 10_000))

    def repl(m: re.Match) -> str:
        try:
            return "\n" + position_figure(m.group(1), lang, next(counter)) + "\n"
        except KeyError:
            log.warning(f"{page.file.src_uri}: unknown tafl-position '{m.group(1)}' (build_tools/mechanics.toml)")
            return m.group(0)

    return _POSITION_FENCE.sub(repl, markdown)


def on_serve(server, config, builder):
    """``mkdocs serve``: also watch the variants root in use (it may be outside the repository
    via ``TAFL_SOURCES_ROOT``) and the mechanics positions."""
    root = sources_root(config)
    if root.is_dir():
        server.watch(str(root))
    server.watch(str(MECHANICS_FILE))
    return server


def on_post_build(config):
    """After the last language: install the Pyodide assets (board owner's module), remove the
    sitemaps MkDocs writes without ``site_url`` (every address in them reads "None"), then write
    :data:`STATS` for the benchmark."""
    i18n = _i18n(config)
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested language build; the outer build finishes last
    if not config.site_url:
        _, default, langs = _languages(config)
        for folder in [""] + [f"{x}/" for x in langs if x != default]:
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                (Path(config.site_dir) / f"{folder}{name}").unlink(missing_ok=True)
    if os.environ.get("TAFL_SKIP_PYODIDE") != "1":
        try:
            mod = importlib.import_module("build_tools.pyodide_assets")
        except ModuleNotFoundError:
            mod = None
        if mod is not None and hasattr(mod, "install"):
            _, cdn = pyodide_settings(config)
            mod.install(Path(config.site_dir), cdn=cdn)
    out = os.environ.get("TAFL_STATS_FILE")
    if out:
        Path(out).write_text(json.dumps(STATS), encoding="utf-8")


# --------------------------------------------------------------------------- tripwire

#: URL-valued attributes whose scheme is checked.
URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "poster", "data", "background",
             "srcset", "cite", "ping")
#: Schemes a rendered page may link to or load from (relative URLs have none).
SAFE_SCHEMES = ("http", "https", "mailto")
#: Elements that never belong in page content.
FORBIDDEN_ELEMENTS = ("iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link",
                      "form", "portal")


def _scheme(url: str) -> str | None:
    """The scheme of ``url`` as a browser reads it (lower case), or None when relative
    (blanks and control characters removed first; ``html.parser`` already decoded
    character references)."""
    t = re.sub(r"[\x00-\x20\x7f\\]", "", url).lower()
    m = re.match(r"([a-z][a-z0-9+.-]*):", t)
    return m.group(1) if m else None


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
                for url in urls:
                    scheme = _scheme(url)
                    if scheme is not None and scheme not in SAFE_SCHEMES:
                        self.problems.append(f"line {line}: <{tag} {name}> uses the scheme {scheme}:")

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
    no_scheme = r"[^{q}<>&:]*"
    safe = rf"(?:(?:{any_of(s + ':' for s in SAFE_SCHEMES)}|[#/.?])[^{{q}}<>]*|{no_scheme})"
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


def _parse(html: str, elements: bool) -> list[str]:
    """The full check: ``html`` tokenized with :class:`_Tripwire` (``html.parser``)."""
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
    return _parse(html, elements=True)


def unsafe_attributes(html: str) -> list[str]:
    """Like :func:`unsafe_markup` but for a whole output page (the theme's scripts, styles and
    meta/link elements are its own): only event attributes and URL schemes are reported.
    A page the strict grammar proves clean (:func:`proven_clean`) is not parsed."""
    if _CLEAN_PAGE.fullmatch(html):
        return []
    return _parse(html, elements=False)


#: The theme's language alternates in the page head (Material base.html).
_ALTERNATE_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def without_site_url_alternates(output: str, config) -> str:
    """Without ``site_url`` (the deployment address is unknown) the theme's
    ``<link rel="alternate" hreflang>`` tags are relative, which search engines do not take,
    and Material's language selector fetches ``sitemap.xml`` beside each of them: two 404s per
    page. They are left out then (the language selector's own links stay and keep the reader on
    the same page); with ``site_url`` set (``TAFL_SITE_URL``) the page is left as it is."""
    if config.site_url:
        return output
    return _ALTERNATE_LINK.sub("", output)


def on_post_page(output, page, config):
    """The tripwire over the whole output page (title, navigation and table of contents come
    from source text too): event attributes or unsafe URL schemes fail the build. The page's
    content, inserted verbatim by the theme, was already checked (more strictly) by
    :func:`on_page_content`, so the rest of the page is what is parsed here. Language
    alternates without ``site_url``: :func:`without_site_url_alternates`."""
    output = without_site_url_alternates(output, config)
    content = getattr(page, "content", None) or ""
    rest = output.replace(content, "", 1) if len(content) > 200 and content in output else output
    problems = unsafe_attributes(rest)
    if problems:
        src = getattr(page.file, "src_uri", "?")
        shown = "; ".join(problems[:5]) + (f"; … ({len(problems)} in all)" if len(problems) > 5 else "")
        raise PluginError(f"unsafe HTML in the output page of {src} (run `python -m build_tools validate`): {shown}")
    return output


def on_page_content(html, page, config, files):
    """The tripwire (module docstring): raise ``PluginError`` naming the page when its
    rendered content holds anything :func:`unsafe_markup` reports."""
    problems = unsafe_markup(html)
    if problems:
        src = getattr(page.file, "src_uri", "?")
        shown = "; ".join(problems[:5]) + (f"; … ({len(problems)} in all)" if len(problems) > 5 else "")
        raise PluginError(f"unsafe HTML in the rendered page {src} (run `python -m build_tools validate`): {shown}")
    return html
