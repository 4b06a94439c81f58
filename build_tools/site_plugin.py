"""The MkDocs side of the site: the plugin :class:`TaflPlugin`, which ``build_tools/mkdocs_hooks.py``
instantiates once per process and whose event methods it hands to MkDocs.

Its settings are :class:`TaflConfig`, read from ``extra.tafl`` in mkdocs.yml in ``on_config``
(the one place the build's environment variables are read: mkdocs.yml names them with
``!ENV``); what the events share lives on the plugin instance, which ``mkdocs serve`` keeps
across rebuilds (MkDocs loads a hooks file once per process).

What happens in a build (``mkdocs build`` / ``mkdocs serve``; mkdocs-static-i18n runs the
whole build once per language, German first):

- ``on_config``: reads :class:`TaflConfig`; registers the ``/// original`` markdown block
  (:mod:`build_tools.md_ext`).
- ``on_files`` (priority -200, after the i18n plugin at -100, which would drop generated files
  it does not know): parses the sources (a variant folder whose files have not changed is
  parsed once per process, across the language passes and serve rebuilds,
  :func:`build_tools.pages.load_site_sources`) and adds every generated page of the
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
  (:func:`build_tools.pyodide_assets.install`) unless ``install_pyodide`` is off, and writes
  the generation statistics to ``stats_file`` when one is named (for the site benchmark).
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config, ValidationError
from mkdocs.exceptions import Abort, PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File

from build_tools import families, glossary_links, mechanics, offline_copy, pyodide_assets
from build_tools import pages as _pages
from build_tools.text import collation_key
from build_tools.tripwire import unsafe_attributes, unsafe_markup

log = logging.getLogger("mkdocs.plugins.tafl")

REPO_ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION_FALLBACK = "314.0.7"
#: The key under ``extra`` in mkdocs.yml that holds :class:`TaflConfig`.
CONFIG_KEY = "tafl"


class Switch(config_options.BaseConfigOption[bool]):
    """A yes/no setting: ``true``/``false``, or ``1``/``0`` as an environment variable read
    with ``!ENV`` gives them (``TAFL_SKIP_PYODIDE=1``); unset or empty is ``default``.

    Raises:
        ValidationError: any other value.
    """

    def __init__(self, default: bool) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> bool:
        if value is None or value == "":
            return self.default
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise ValidationError(f"expected true or false (or 1 or 0), got {value!r}")


class TaflConfig(Config):
    """The site generator's settings (``extra.tafl`` in mkdocs.yml; relative paths are relative
    to mkdocs.yml):

    - ``sources_root``: the variants root (a folder that must exist; default ``variants_src``);
    - ``pyodide_cdn``: the board loads Pyodide from the jsDelivr CDN instead of
      ``site/assets/pyodide/``;
    - ``skip_pyodide``: do not install the Pyodide assets after the build (site tests, the site
      benchmark: their pages are checked, not played);
    - ``no_snapshot``: build the board's engine files without the Pyodide memory snapshot;
    - ``stats_file``: where to write the generation statistics as JSON after the build, or none.
    """
    sources_root = config_options.Dir(exists=True, default="variants_src")
    pyodide_cdn = Switch(default=False)
    skip_pyodide = Switch(default=False)
    no_snapshot = Switch(default=False)
    stats_file = config_options.Optional(config_options.File(exists=False))


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


def pyodide_index(cdn: bool) -> str:
    """Where the board loads Pyodide from: ``assets/pyodide/`` relative to the site root, or
    the jsDelivr URL of the pinned Pyodide when ``cdn``."""
    if cdn:
        return f"https://cdn.jsdelivr.net/pyodide/v{_pyodide_version()}/full/"
    return "assets/pyodide/"


#: The script on every page that registers the service worker (docs/assets/offline-copy.js).
OFFLINE_SCRIPT = "assets/offline-copy.js"


def _dest(src_uri: str, lang: str, default: str, config) -> File:
    f = File(src_uri, None, config.site_dir, config.use_directory_urls)
    if lang != default:
        f.dest_uri = f"{lang}/{f.dest_uri}"
    return f


def page_title(file) -> str | None:
    """The title a page will carry, read before MkDocs renders it: the front matter's
    ``title:`` (a front matter opened and closed by ``---`` lines), else the first ``# ``
    heading of its markdown (generated or on disk), without trailing blanks and ``#``; None if
    it has neither or cannot be read. One pass over the lines (the patterns this replaced took
    quadratic time on an unclosed front matter of many ``title:`` lines)."""
    try:
        text = file.content_string
    except (OSError, UnicodeDecodeError, AttributeError):
        return None
    lines = text.split("\n")
    if lines and lines[0].rstrip(" \t") == "---":
        title = None
        for line in lines[1:]:
            if line.rstrip(" \t") == "---":
                if title is not None:
                    return title
                break
            if title is None and line.startswith("title:") and line[6:].strip(" \t"):
                title = line[6:].strip(" \t").strip("\"'")
    for line in lines:
        if line.startswith("#") and line[1:2] in (" ", "\t"):
            body = line[1:].strip(" \t")
            if body:
                return (body.rstrip(" \t#") or body[:1]).strip()
    return None


def ordered_nav(nav, config, files):
    """Every section of the navigation (the variants, the mechanics) lists its pages in the
    order of their titles in the page's own language (MkDocs orders them by file name, which
    are German for the mechanics pages in both languages); a section's index page stays first.
    The variant pages are then grouped in one section per family (:mod:`build_tools.families`).
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
    families.group_variants_nav(nav.items, _languages(config)[0])
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


#: The theme's language alternates in the page head (Material base.html).
#: (?<![ \t]): a match starts only where a run of blanks starts, so a long run is scanned once.
_ALTERNATE_LINK = re.compile(r'(?<![ \t])[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def without_site_url_alternates(output: str, config, serving: bool = False) -> str:
    """Without ``site_url`` (the deployment address is unknown) the theme's
    ``<link rel="alternate" hreflang>`` tags are relative, which search engines do not take,
    and Material's language selector fetches ``sitemap.xml`` beside each of them: two 404s per
    page. They are left out then (the language selector's own links stay and keep the reader on
    the same page); with ``site_url`` set (``TAFL_SITE_URL``) the page is left as it is. Under
    ``mkdocs serve`` (``serving``), which sets ``site_url`` to its own address, they are left
    out as well: no page of the development server asks for a sitemap that is not there."""
    if config.site_url and not serving:
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


def finished_page(output, page, config, serving: bool = False):
    """The tripwire over the whole output page (title, navigation and table of contents come
    from source text too): event attributes or unsafe URL schemes fail the build. The page's
    content, inserted verbatim by the theme, was already checked (more strictly) by
    :func:`checked_content`, so the rest of the page is what is parsed here. Language
    alternates without ``site_url`` or under ``mkdocs serve`` (``serving``):
    :func:`without_site_url_alternates`."""
    output = named_section_navs(named_search_dialog(without_site_url_alternates(output, config, serving)))
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


def checked_content(html, page):
    """The tripwire (module docstring): raise ``PluginError`` naming the page when its
    rendered content holds anything :func:`unsafe_markup` reports."""
    problems = unsafe_markup(html)
    if problems:
        src = getattr(page.file, "src_uri", "?")
        shown = "; ".join(problems[:5]) + (f"; … ({len(problems)} in all)" if len(problems) > 5 else "")
        raise PluginError(f"unsafe HTML in the rendered page {src} (run `python -m build_tools validate`): {shown}")
    return html


# --------------------------------------------------------------------------- the plugin


def _zero_stats() -> dict:
    return {"generate_seconds": 0.0, "load_seconds": 0.0, "pages": 0, "variant_pages": 0}


class TaflPlugin(BasePlugin[TaflConfig]):
    """The site generator as one MkDocs plugin (module docstring). Its state, shared by the
    events of one process: ``config`` (:class:`TaflConfig`, read in :meth:`on_config`),
    ``command`` (``"build"`` / ``"serve"``, from :meth:`on_startup`), ``site`` (the
    :class:`~build_tools.pages.SiteSources` of the language being built, from :meth:`on_files`),
    ``parsed`` (the parse cache :func:`~build_tools.pages.load_site_sources` reuses) and
    ``stats`` (seconds spent generating and pages made)."""

    def __init__(self) -> None:
        super().__init__()
        self.command: str | None = None
        self.site: _pages.SiteSources | None = None
        self.parsed: dict = {}
        self.stats: dict = _zero_stats()

    # -- settings

    def read_settings(self, mkdocs_config) -> TaflConfig:
        """Read ``extra.tafl`` of ``mkdocs_config`` into :attr:`config`.

        Raises:
            mkdocs.exceptions.Abort: a setting is wrong (each fault logged as an error).
        """
        extra = mkdocs_config.extra.get(CONFIG_KEY) if hasattr(mkdocs_config.extra, "get") else None
        errors, warnings = self.load_config(dict(extra or {}), mkdocs_config.config_file_path)
        for key, warning in warnings:
            log.warning(f"extra.{CONFIG_KEY}.{key}: {warning}")
        for key, error in errors:
            log.error(f"extra.{CONFIG_KEY}.{key}: {error}")
        if errors:
            raise Abort(f"{len(errors)} error(s) in extra.{CONFIG_KEY} of mkdocs.yml")
        return self.config

    @property
    def sources_root(self) -> Path:
        """The variants root of this build (:class:`TaflConfig` ``sources_root``)."""
        return Path(self.config.sources_root)

    @property
    def pyodide(self) -> tuple[str, bool, bool]:
        """``(index, cdn, snapshot)`` of the board data: where Pyodide is loaded from
        (:func:`pyodide_index`), whether from the CDN, whether the engine files have a memory
        snapshot."""
        cdn = self.config.pyodide_cdn
        return pyodide_index(cdn), cdn, not self.config.no_snapshot

    # -- events

    def on_startup(self, *, command, dirty):
        """Remember whether this is ``mkdocs serve`` (see :meth:`on_pre_build`)."""
        self.command = command

    def on_config(self, config):
        """Read the settings; register the markdown extension for ``/// original`` blocks
        (once). Under ``mkdocs serve`` the pages do not register the service worker
        (:data:`OFFLINE_SCRIPT` is left out): a development server's pages change with every
        edit, and no cache may stand between them and the reader, nor between MkDocs' live
        reload and the server."""
        from build_tools.md_ext import OriginalExtension

        self.read_settings(config)
        if not any(isinstance(e, OriginalExtension) for e in config.markdown_extensions):
            config.markdown_extensions.append(OriginalExtension())
        if self.command == "serve":
            config.extra_javascript = [e for e in config.extra_javascript if str(e) != OFFLINE_SCRIPT]
        return config

    def on_pre_build(self, *, config):
        """Under ``mkdocs serve`` every rebuild validates the sources first (``make site``
        validates before it builds): a fault is printed as ``path:line: message`` and the
        rebuild stops, so the served site keeps its last valid state instead of showing a source
        that contradicts itself.

        Raises:
            mkdocs.exceptions.Abort: the sources have faults.
        """
        if self.command != "serve":
            return
        from build_tools.validate import validate_tree

        faults = validate_tree(self.sources_root)
        if faults:
            for fault in faults:
                log.error(str(fault))
            raise Abort(f"{len(faults)} fault(s) in the variant sources: the site was not rebuilt "
                        "(fix them; the served pages are the last valid build)")

    @event_priority(-200)  # after mkdocs-static-i18n's on_files (-100), which drops unknown generated files
    def on_files(self, files, *, config):
        """Add the generated pages of the current language (see module docstring)."""
        lang, default, langs = _languages(config)
        t0 = time.perf_counter()
        site = self.site = _pages.load_site_sources(self.sources_root, cache=self.parsed)
        t1 = time.perf_counter()
        self.stats["load_seconds"] += t1 - t0
        for slug, why in sorted(site.broken.items()):
            log.warning(f"variant '{slug}' left out of the site: {why} (run `python -m build_tools validate`)")
        taken = {getattr(f, "norm_src_uri", None) or f.src_uri for f in files}
        index, cdn, snapshot = self.pyodide

        def url_of(src_uri: str) -> str:
            return _dest(src_uri, lang, default, config).url

        made = []
        for src_uri, content in _pages.generated_pages(site, lang, url_of=url_of, site_url=config.site_url,
                                                        pyodide_index=index, cdn=cdn, snapshot=snapshot):
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
        self.stats["generate_seconds"] += time.perf_counter() - t1
        self.stats["pages"] += len(made)
        self.stats["variant_pages"] += len(site.variants)
        return files

    @event_priority(-300)  # after mkdocs-static-i18n's on_nav (-100) translated the section titles
    def on_nav(self, nav, *, config, files):
        """The navigation in the order of the titles (:func:`ordered_nav`)."""
        return ordered_nav(nav, config, files)

    def on_page_markdown(self, markdown, *, page, config, files):
        """Fill in the examples of a hand-written page (:mod:`build_tools.mechanics`): example
        boards get their rules, ```` ```tafl-position ```` fences become diagrams. An example
        board whose variant has no board on the site is a warning (the strict build fails on
        it); with another sources root than the project's own (the site benchmark's synthetic
        sources) the hand-written pages' variants may be absent, and that is only said (info)."""
        lang = getattr(page.file, "locale", None) or _languages(config)[0]
        where = page.file.src_uri
        if 'data-example="' in markdown:
            own = self.sources_root.resolve() == (REPO_ROOT / "variants_src").resolve()
            markdown = mechanics.example_rules(markdown, lang, where, site=self.site, pyodide=self.pyodide,
                                               warn=log.warning if own else log.info)
        markdown = glossary_links.mechanics_page_markdown(markdown, where, self.site, lang)
        return mechanics.render_positions(markdown, lang, where, warn=log.warning)

    def on_page_content(self, html, *, page, config, files):
        """The tripwire over the rendered content (:func:`checked_content`)."""
        return checked_content(html, page)

    def on_post_page(self, output, *, page, config):
        """The tripwire over the whole output page and its finishing touches (:func:`finished_page`)."""
        return finished_page(output, page, config, serving=self.command == "serve")

    def on_serve(self, server, *, config, builder):
        """``mkdocs serve``: also watch the variants root in use (it may be outside the
        repository) and the mechanics positions."""
        if self.sources_root.is_dir():
            server.watch(str(self.sources_root))
        server.watch(str(mechanics.MECHANICS_FILE))
        return server

    @event_priority(-200)  # after mkdocs-static-i18n's on_post_build, which runs the other languages
    def on_post_build(self, *, config):
        """After the last language: install the Pyodide assets (:mod:`build_tools.pyodide_assets`),
        remove the sitemaps MkDocs writes without ``site_url`` (every address in them reads
        "None"), then write :attr:`stats` to ``stats_file`` for the benchmark."""
        i18n = _i18n(config)
        if i18n is not None and getattr(i18n, "building", False):
            return  # a nested language build; the outer build finishes last
        _, default, langs = _languages(config)
        if not config.site_url:
            for folder in [""] + [f"{x}/" for x in langs if x != default]:
                for name in ("sitemap.xml", "sitemap.xml.gz"):
                    (Path(config.site_dir) / f"{folder}{name}").unlink(missing_ok=True)
        mechanics.write_old_english_addresses(Path(config.site_dir))
        split_search_index(Path(config.site_dir), default, [x for x in langs if x != default])
        index, cdn, snapshot = self.pyodide
        if not self.config.skip_pyodide:
            pyodide_assets.install(Path(config.site_dir), cdn=cdn, snapshot=snapshot)
        if self.command != "serve":  # under `mkdocs serve` the service worker retires (docs/sw.js)
            try:
                offline_copy.write_service_worker(Path(config.site_dir), langs, default, index if cdn else None)
            except offline_copy.OfflineCopyError as e:
                raise PluginError(str(e)) from None
        if self.config.stats_file:
            Path(self.config.stats_file).write_text(json.dumps(self.stats), encoding="utf-8")
