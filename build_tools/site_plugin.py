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
- ``on_page_markdown``: fills in the examples of hand-written pages (the mechanics pages):
  ```` ```tafl-position ```` fences and example boards (:mod:`build_tools.mechanics`).
- ``on_page_content``: the tripwire behind the validator (:mod:`build_tools.tripwire`): the
  rendered content of every page (generated and hand-written) holding anything that could run
  script fails the build (``PluginError`` naming the page). The theme's own scripts are in its
  templates, not in page content, and are not checked.
- ``on_post_page``: the same tripwire over the whole output page (navigation, title and table
  of contents included), for event attributes and URL schemes only.
- ``on_post_build`` (after the last language): installs the Pyodide assets
  (:func:`build_tools.pyodide_assets.install`) unless ``TAFL_SKIP_PYODIDE=1``.

What the events share lives in one object, :data:`STATE` (:class:`BuildState`): the MkDocs
command, the sources of the language being built and the generation statistics (written as JSON
to the file named by ``TAFL_STATS_FILE`` after the build, for the benchmark).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from build_tools import mechanics, offline_copy, pyodide_assets
from build_tools import pages as _pages
from build_tools.text import collation_key
from build_tools.tripwire import unsafe_attributes, unsafe_markup

log = logging.getLogger("mkdocs.plugins.tafl")

REPO_ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION_FALLBACK = "314.0.7"


def _zero_stats() -> dict:
    return {"generate_seconds": 0.0, "load_seconds": 0.0, "pages": 0, "variant_pages": 0}


@dataclass
class BuildState:
    """What the MkDocs events of one process share: ``command`` (``"build"`` / ``"serve"``, from
    ``on_startup``), ``site`` (the :class:`~build_tools.pages.SiteSources` of the language being
    built, from ``on_files``) with its ``pyodide`` settings ``(index, cdn)``, for the example
    boards of hand-written pages; and ``stats``: seconds spent generating and pages made."""
    command: str | None = None
    site: _pages.SiteSources | None = None
    pyodide: tuple[str, bool] = ("assets/pyodide/", False)
    stats: dict = field(default_factory=_zero_stats)


#: The state of this process's build (one MkDocs run; ``mkdocs serve`` keeps it across rebuilds).
STATE = BuildState()


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


def on_startup(command, dirty):
    """Remember whether this is ``mkdocs serve`` (see :func:`on_pre_build`)."""
    STATE.command = command


def on_pre_build(config):
    """Under ``mkdocs serve`` every rebuild validates the sources first (``make site`` validates
    before it builds): a fault is printed as ``path:line: message`` and the rebuild stops, so the
    served site keeps its last valid state instead of showing a source that contradicts itself.

    Raises:
        mkdocs.exceptions.Abort: the sources have faults.
    """
    if STATE.command != "serve":
        return
    from mkdocs.exceptions import Abort

    from build_tools.validate import validate_tree

    faults = validate_tree(sources_root(config))
    if faults:
        for fault in faults:
            log.error(str(fault))
        raise Abort(f"{len(faults)} fault(s) in the variant sources: the site was not rebuilt "
                    "(fix them; the served pages are the last valid build)")


#: The script on every page that registers the service worker (docs/assets/offline-copy.js).
OFFLINE_SCRIPT = "assets/offline-copy.js"


def on_config(config):
    """Register the markdown extension for ``/// original`` blocks (once). Under ``mkdocs
    serve`` the pages do not register the service worker (:data:`OFFLINE_SCRIPT` is left out):
    a development server's pages change with every edit, and no cache may stand between them
    and the reader, nor between MkDocs' live reload and the server."""
    from build_tools.md_ext import OriginalExtension

    if not any(isinstance(e, OriginalExtension) for e in config.markdown_extensions):
        config.markdown_extensions.append(OriginalExtension())
    if STATE.command == "serve":
        config.extra_javascript = [e for e in config.extra_javascript if str(e) != OFFLINE_SCRIPT]
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
    STATE.site, STATE.pyodide = site, pyodide_settings(config)
    STATE.stats["load_seconds"] += t1 - t0
    for slug, why in sorted(site.broken.items()):
        log.warning(f"variant '{slug}' left out of the site: {why} (run `python -m build_tools validate`)")
    taken = {getattr(f, "norm_src_uri", None) or f.src_uri for f in files}
    pyodide_index, cdn = STATE.pyodide

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
    mechanics.english_addresses(files, config.site_dir)  # /en/mechanics/<English words>/
    i18n = _i18n(config)
    if i18n is not None and hasattr(i18n, "i18n_files_per_language"):
        i18n.i18n_files_per_language[lang] = files.documentation_pages()
    STATE.stats["generate_seconds"] += time.perf_counter() - t1
    STATE.stats["pages"] += len(made)
    STATE.stats["variant_pages"] += len(site.variants)
    return files


def on_page_markdown(markdown, page, config, files):
    """Fill in the examples of a hand-written page (:mod:`build_tools.mechanics`): example boards
    get their rules, ```` ```tafl-position ```` fences become diagrams. An example board whose
    variant has no board on the site is a warning (the strict build fails on it); with another
    sources root than the project's own (TAFL_SOURCES_ROOT, the site benchmark's synthetic
    sources) the hand-written pages' variants may be absent, and that is only said (info)."""
    lang = getattr(page.file, "locale", None) or _languages(config)[0]
    where = page.file.src_uri
    if 'data-example="' in markdown:
        own = sources_root(config).resolve() == (REPO_ROOT / "variants_src").resolve()
        markdown = mechanics.example_rules(markdown, lang, where, site=STATE.site, pyodide=STATE.pyodide,
                                           warn=log.warning if own else log.info)
    return mechanics.render_positions(markdown, lang, where, warn=log.warning)


_TITLE_LINE = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
_FRONT_TITLE = re.compile(r"\A---[ \t]*\n(?:.*\n)*?title:[ \t]*(.+?)[ \t]*\n(?:.*\n)*?---[ \t]*\n")


def page_title(file) -> str | None:
    """The title a page will carry, read before MkDocs renders it: the front matter's
    ``title:``, else the first ``# `` heading of its markdown (generated or on disk); None if
    it has neither or cannot be read."""
    try:
        text = file.content_string
    except (OSError, UnicodeDecodeError, AttributeError):
        return None
    m = _FRONT_TITLE.match(text)
    if m:
        return m.group(1).strip("\"'")
    m = _TITLE_LINE.search(text)
    return m.group(1).strip() if m else None


def on_nav(nav, config, files):
    """Every section of the navigation (the variants, the mechanics) lists its pages in the
    order of their titles in the page's own language (MkDocs orders them by file name, which
    are German for the mechanics pages in both languages); a section's index page stays first.
    Previous/next links follow the new order."""
    from mkdocs.structure.nav import Section
    from mkdocs.structure.pages import Page

    # the offline page (docs/offline.md) is shown by the service worker, never navigated to
    nav.items = [i for i in nav.items if not _is_offline_page(i)]

    def visit(items):
        for item in items:
            if isinstance(item, Section):
                first = [c for c in item.children if isinstance(c, Page) and c.is_index]
                rest = [c for c in item.children if c not in first]

                def key(c):
                    t = (page_title(c.file) or c.file.name) if isinstance(c, Page) else (c.title or "")
                    return collation_key(t)
                item.children = first + sorted(rest, key=key)
                visit(item.children)
    visit(nav.items)
    # Previous/next links follow the new order.
    ordered = [p for p in _flatten(nav.items)]
    nav.pages = ordered
    for i, p in enumerate(ordered):
        p.previous_page = ordered[i - 1] if i else None
        p.next_page = ordered[i + 1] if i + 1 < len(ordered) else None
    return nav


def _is_offline_page(item) -> bool:
    """Whether a navigation item is the offline page of a language (``offline.md``,
    ``offline.en.md`` at the top of docs/)."""
    f = getattr(item, "file", None)
    return f is not None and f.src_uri.split(".")[0] == "offline"


def _flatten(items):
    from mkdocs.structure.pages import Page
    for item in items:
        if isinstance(item, Page):
            yield item
        elif getattr(item, "children", None):
            yield from _flatten(item.children)


def on_serve(server, config, builder):
    """``mkdocs serve``: also watch the variants root in use (it may be outside the repository
    via ``TAFL_SOURCES_ROOT``) and the mechanics positions."""
    root = sources_root(config)
    if root.is_dir():
        server.watch(str(root))
    server.watch(str(mechanics.MECHANICS_FILE))
    return server


def on_post_build(config):
    """After the last language: install the Pyodide assets (:mod:`build_tools.pyodide_assets`),
    remove the sitemaps MkDocs writes without ``site_url`` (every address in them reads "None"),
    then write ``STATE.stats`` for the benchmark."""
    i18n = _i18n(config)
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested language build; the outer build finishes last
    if not config.site_url:
        _, default, langs = _languages(config)
        for folder in [""] + [f"{x}/" for x in langs if x != default]:
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                (Path(config.site_dir) / f"{folder}{name}").unlink(missing_ok=True)
    _, default, langs = _languages(config)
    mechanics.write_old_english_addresses(Path(config.site_dir))
    split_search_index(Path(config.site_dir), default, [x for x in langs if x != default])
    index, cdn = pyodide_settings(config)
    if os.environ.get("TAFL_SKIP_PYODIDE") != "1":
        pyodide_assets.install(Path(config.site_dir), cdn=cdn)
    if STATE.command != "serve":  # under `mkdocs serve` the service worker retires (docs/sw.js)
        try:
            offline_copy.write_service_worker(Path(config.site_dir), langs, default, index if cdn else None)
        except offline_copy.OfflineCopyError as e:
            raise PluginError(str(e)) from None
    out = os.environ.get("TAFL_STATS_FILE")
    if out:
        Path(out).write_text(json.dumps(STATE.stats), encoding="utf-8")


#: The theme's language alternates in the page head (Material base.html).
#: (?<![ \t]): a match starts only where a run of blanks starts, so a long run is scanned once.
_ALTERNATE_LINK = re.compile(r'(?<![ \t])[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def without_site_url_alternates(output: str, config) -> str:
    """Without ``site_url`` (the deployment address is unknown) the theme's
    ``<link rel="alternate" hreflang>`` tags are relative, which search engines do not take,
    and Material's language selector fetches ``sitemap.xml`` beside each of them: two 404s per
    page. They are left out then (the language selector's own links stay and keep the reader on
    the same page); with ``site_url`` set (``TAFL_SITE_URL``) the page is left as it is. Under
    ``mkdocs serve``, which sets ``site_url`` to its own address, they are left out as well:
    no page of the development server asks for a sitemap that is not there."""
    if config.site_url and STATE.command != "serve":
        return output
    return _ALTERNATE_LINK.sub("", output)


_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
_SEARCH_INPUT_LABEL = 'class="md-search__input" name="query" aria-label="'


def named_search_dialog(output: str) -> str:
    """The theme's search box is a ``role="dialog"`` without a name (axe-core ``aria-dialog-name``,
    serious, so a screen reader announces an unnamed dialog): it gets the name of its own search field (the theme's word, "Suche" /
    "Search"). Plain string search, no pattern; a page without that markup is left as it is."""
    at = output.find(_SEARCH_DIALOG)
    label_at = output.find(_SEARCH_INPUT_LABEL, at)
    if at < 0 or label_at < 0:
        return output
    start = label_at + len(_SEARCH_INPUT_LABEL)
    end = output.find('"', start)
    label = output[start:end] if 0 < end - start <= 80 else ""
    if not label or "<" in label or "&" in label:
        return output
    named = _SEARCH_DIALOG[:-1] + f' aria-label="{label}">'
    return output[:at] + named + output[at + len(_SEARCH_DIALOG):]


SEARCH_INDEX = "search/search_index.json"


def split_search_index(site_dir: Path, default: str, others: list[str]) -> None:
    """One search index per language. mkdocs-static-i18n writes a single index of every
    language at ``search/search_index.json`` (Material's search reads one index, at
    ``<base>/search/search_index.json``); this splits it: the pages under ``<lang>/`` go to
    ``<lang>/search/search_index.json`` with their locations made relative to that language's
    root and the lunr language set to that language alone (its stemmer and stop words, so the
    suggestions are words of the page's language); the rest stays, German only. The English
    pages read their own index because :func:`language_search_base` points their ``base``
    at ``en/``. A site without the combined index (search plugin off) is left as it is."""
    path = site_dir / SEARCH_INDEX
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    docs = data.get("docs", [])
    for lang in others:
        prefix = f"{lang}/"
        own = [{**d, "location": d["location"][len(prefix):]} for d in docs if d.get("location", "").startswith(prefix)]
        out = site_dir / lang / SEARCH_INDEX
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({**data, "config": {**data.get("config", {}), "lang": [lang]}, "docs": own},
                                  ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    rest = [d for d in docs if not d.get("location", "").startswith(tuple(f"{x}/" for x in others))]
    path.write_text(json.dumps({**data, "config": {**data.get("config", {}), "lang": [default]}, "docs": rest},
                               ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_CONFIG_SCRIPT = '<script id="__config" type="application/json">'
_BASE_KEY = '"base": "'


def language_search_base(output: str, lang: str, default: str) -> str:
    """Material's page configuration (``<script id="__config">``) names the site root as
    ``base``, where the search reads its index and resolves the results' locations; a page of
    another language than the default gets its language's root instead (``../..`` becomes
    ``../../en/``; the trailing slash keeps it a folder), so it searches its own language's index (:func:`split_search_index`).
    Material reads ``base`` for nothing else this site uses (no versions, no instant
    navigation). A page without that configuration is left as it is."""
    if lang == default:
        return output
    at = output.find(_CONFIG_SCRIPT)
    key = output.find(_BASE_KEY, at) if at >= 0 else -1
    end = output.find('"', key + len(_BASE_KEY)) if key >= 0 else -1
    if key < 0 or end < 0 or output.find("</script>", at) < end:
        return output
    base = output[key + len(_BASE_KEY):end].rstrip("/") or "."
    return output[:key + len(_BASE_KEY)] + f"{base}/{lang}/" + output[end:]


_SECTION_NAV = re.compile(r'(<nav class="md-nav" data-md-level="\d+") aria-labelledby="__nav_[\d_]+_label"'
                          r'( aria-expanded="(?:true|false)">\s*<label class="md-nav__title" for="__nav_[\d_]+">)'
                          r'((?:[^<]|<(?!/label>))*)</label>')


def named_section_navs(output: str) -> str:
    """The theme names a navigation section's ``nav`` by its toggle label, which is empty (an
    icon) for a section with an index page (``navigation.indexes``): two unnamed navigation
    landmarks (axe-core ``landmark-unique``). Each such ``nav`` is named by the section's title
    instead, the text of its own title label."""
    def name(m: re.Match) -> str:
        title = " ".join(re.sub(r"<[^>]*>", " ", m.group(3)).split())
        if not title or '"' in title:
            return m.group(0)
        return f'{m.group(1)} aria-label="{title}"{m.group(2)}{m.group(3)}</label>'
    return _SECTION_NAV.sub(name, output)


def on_post_page(output, page, config):
    """The tripwire over the whole output page (title, navigation and table of contents come
    from source text too): event attributes or unsafe URL schemes fail the build. The page's
    content, inserted verbatim by the theme, was already checked (more strictly) by
    :func:`on_page_content`, so the rest of the page is what is parsed here. Language
    alternates without ``site_url``: :func:`without_site_url_alternates`."""
    output = named_section_navs(named_search_dialog(without_site_url_alternates(output, config)))
    _, default, _langs = _languages(config)
    output = language_search_base(output, getattr(page.file, "locale", None) or default, default)
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
