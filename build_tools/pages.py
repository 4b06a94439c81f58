"""Generated site pages (markdown) from the parsed variant sources.

Every function here takes plain values (``build_tools.sources`` objects, a ``tafl_core``
ruleset) and returns a markdown string that MkDocs renders like a hand-written page; the MkDocs
hook (:mod:`build_tools.site_plugin`) adds them with ``File.generated``. Page paths (the same
for both languages; English pages live under ``/en/``):

==========================  ===========================================================
``variants/index.md``       all variants, a sortable and filterable table
``variants/<slug>.md``      a variant page (or a short stub for a not-yet-documented slug)
``comparison.md``           every ruleset side by side
``glossary.md``             the site's terms (``variants_src/_glossary.toml``)
``sources.md``              every cited source once (:mod:`build_tools.sources_index`)
==========================  ===========================================================

Templates are Jinja2 with autoescaping on (``build_tools/templates``); the only values marked
safe are markdown from the sources (title, lead, section bodies), markup this module builds
from escaped parts, and markdown rendered by Python-Markdown.

Anchors on a variant page (stable, the same in both languages): section N ``#sec-N``,
subsection N.M ``#sec-N-M``, source ``key`` ``#src-<key lowercased, runs of other characters
as '-'>`` (``Murray1952`` -> ``#src-murray1952``), the board ``#board``, the assumptions
``#assumptions``, "cite this page" ``#cite``.

A *text-only* variant (``board = false`` in rules.toml, ``Variant.text_only``) has a page with
the same ten sections but no board, no start diagram, no assumptions and no "Spielen/Play"
button: section 3 ends with its ``board_note`` (``div.tafl-no-board``) where the board would
be, and nothing on the site links to its ``#board``. In the index its board-dependent columns
show "—"; the comparison page leaves it out and names it below the table.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import markdown as _markdown
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from tafl_core.ruleset import OPTIONAL_DEFAULTS, Ruleset

from build_tools import diagram as _diagram
from build_tools import first_moves as _first_moves
from build_tools import pyodide_assets as _pyodide_assets
from build_tools import families as _families
from build_tools import sources
from build_tools import sources_index as _sources_index
from build_tools.glossary import load_glossary, term_anchor
from build_tools.text import collation_key
from build_tools.format import (CITATION, REF_DEFINITION, RELATED_LINK, RULES, SOURCES, START, atx_heading, code_spans,
                                fenced_lines, section_role, subsection_heading)
from build_tools.labels import (CAPTURE_REASON_NAMES, LANGS, PIECE_NAMES, RULE_NAMES, UI, name_colon, rule_and_value, rule_name,
                                reason_words, value_name, value_words)

__all__ = [
    "SiteSources", "load_site_sources", "source_anchor", "section_anchor", "variant_markdown",
    "stub_markdown", "index_markdown", "comparison_markdown", "board_data", "board_json",
    "transform_body", "generated_pages", "assumption_data", "alternative_label", "piece_count_cell",
    "special_piece_counts", "glossary_markdown",
]

TEMPLATES = Path(__file__).resolve().parent / "templates"

_env = Environment(
    loader=FileSystemLoader(str(TEMPLATES)),
    autoescape=select_autoescape(enabled_extensions=("html", "md", "j2"), default_for_string=True, default=True),
    keep_trailing_newline=True, auto_reload=False)


def _cell(value) -> Markup:
    """Escape for HTML and for a markdown table cell (``|``)."""
    return Markup(str(escape(value)).replace("|", "&#124;"))


_env.filters["cell"] = _cell

# --------------------------------------------------------------------------- anchors


def source_anchor(key: str) -> str:
    """The id of source ``key`` in the numbered source list: ``src-`` + the key in lower case
    with every run of characters other than a-z and 0-9 replaced by ``-``."""
    return "src-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")


def section_anchor(number) -> str:
    """The id of section ``number`` (``4`` -> ``sec-4``, ``"5.3"`` -> ``sec-5-3``)."""
    return "sec-" + str(number).replace(".", "-")


# --------------------------------------------------------------------------- loading (cached)


@dataclass
class SiteSources:
    """The parsed sources of one variants root: ``variants`` (every variant whose ruleset and
    both pages are usable, or text-only with both pages; sorted by slug), ``broken`` (slug ->
    why it was left out), ``stubs`` (slug -> {"de": name, "en": name}) for not-yet-documented
    slugs that have no folder, ``glossary`` the :class:`~build_tools.glossary.Term` values of
    ``_glossary.toml`` (empty when absent)."""
    root: Path
    variants: list = field(default_factory=list)
    broken: dict[str, str] = field(default_factory=dict)
    stubs: dict[str, dict[str, str]] = field(default_factory=dict)
    glossary: list = field(default_factory=list)

    def title(self, slug: str, lang: str) -> str | None:
        """The display name of ``slug`` in ``lang`` (page title or stub name), or None."""
        for v in self.variants:
            if v.slug == slug:
                return v.pages[lang].title or v.name or v.slug
        if slug in self.stubs:
            return self.stubs[slug][lang]
        return None


def _stamp(d: Path) -> tuple:
    out = []
    for name in ("rules.toml", "de.md", "en.md"):
        try:
            st = (d / name).stat()
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def load_site_sources(root: Path, *, cache: dict[Path, tuple[tuple, Any]] | None = None) -> SiteSources:
    """Parse every variant under ``root`` through ``build_tools.sources``. With ``cache`` (a
    dict the caller keeps: the site plugin's, since MkDocs builds once per language and
    ``mkdocs serve`` rebuilds on every change) the parse of a folder whose three files have not
    changed (mtime and size) since it was stored there is reused, and new parses are stored."""
    root = Path(root).resolve()
    site = SiteSources(root=root)
    for d in sources.variant_dirs(root):
        stamp = _stamp(d)
        hit = cache.get(d) if cache is not None else None
        if hit and hit[0] == stamp:
            v = hit[1]
        else:
            v = sources.load_variant(d)
            if cache is not None:
                cache[d] = (stamp, v)
        problem = None
        if v.text_only:
            if "rules.toml" in v.missing or any(lang not in v.pages for lang in LANGS):
                problem = "missing or unreadable: " + ", ".join(v.missing + sorted(v.unreadable))
        elif v.ruleset is None:
            problem = f"rules.toml not usable: {v.rules_error or v.unreadable.get('rules.toml') or 'missing'}"
        elif any(lang not in v.pages for lang in LANGS):
            problem = "missing or unreadable: " + ", ".join(v.missing + sorted(v.unreadable))
        if problem:
            site.broken[v.slug] = problem
        else:
            site.variants.append(v)
    have = {v.slug for v in site.variants} | set(site.broken)
    site.stubs = {s: n for s, n in sources.load_stubs(root).items() if s not in have}
    site.glossary = load_glossary(root)
    return site


# --------------------------------------------------------------------------- body transforms

def _outside_code(line: str, fn) -> str:
    """Apply ``fn`` to the parts of ``line`` that are not inline code."""
    out, pos = [], 0
    for a, b in code_spans(line):
        out.append(fn(line[pos:a]))
        out.append(line[a:b])
        pos = b
    out.append(fn(line[pos:]))
    return "".join(out)


def transform_body(body: str, *, keys: set[str], titles: dict[str, str]) -> str:
    """Turn a section body as written into the markdown the site renders:

    - ``[[slug]]`` / ``[[slug|label]]`` -> ``[label](slug.md)`` (label: ``titles[slug]``, else
      the slug; the link is relative to ``variants/<slug>.md``);
    - ``[key]`` / ``[key1; key2]`` whose keys are all in ``keys`` -> ``\\[[key](#src-key)\\]``;
    - ``### 5.3 Title`` -> ``### 5.3 Title { #sec-5-3 }``.

    Fenced code blocks and inline code are left alone.
    """
    def related(m: re.Match) -> str:
        slug = m.group(1).strip()
        label = m.group(2).strip() if m.group(2) else titles.get(slug, slug)
        return f"[{label}]({slug}.md)"

    def cite(m: re.Match) -> str:
        parts = [p.strip() for p in m.group(1).split(";")]
        if not parts or not all(p in keys for p in parts):
            return m.group(0)
        return "\\[" + "; ".join(f"[{p}](#{source_anchor(p)})" for p in parts) + "\\]"

    def prose(text: str) -> str:
        return CITATION.sub(cite, RELATED_LINK.sub(related, text))

    out = []
    for line, fenced in fenced_lines(body.split("\n")):
        heading = None if fenced else atx_heading(line)
        numbered = subsection_heading(heading[1]) if heading and heading[0] >= 3 else None
        if fenced or REF_DEFINITION.match(line):
            out.append(line)
        elif numbered:
            number, title = numbered
            out.append(f"{'#' * heading[0]} {number} {_outside_code(title, prose)} {{ #{section_anchor(number)} }}")
        else:
            out.append(_outside_code(line, prose))
    return "\n".join(out)


_inline_md = _markdown.Markdown(extensions=["pymdownx.smartsymbols"], output_format="html")


@functools.lru_cache(maxsize=4096)
def _inline(text: str) -> Markup:
    """Render one line of source markdown as inline HTML (no surrounding ``<p>``)."""
    html = _inline_md.reset().convert(text)
    if html.startswith("<p>") and html.endswith("</p>"):
        html = html[3:-4]
    return Markup(html)


def _sources_list(page, lang: str) -> Markup:
    entries = []
    for e in page.sources:
        if e.key is None:
            continue
        url = e.url if e.url and re.match(r"https?://", e.url) else None
        entries.append({"key": e.key, "anchor": source_anchor(e.key), "text": _inline(e.text),
                        "url": url, "plain_url": e.url if not url else None,
                        "background": e.background, "index": _sources_index.index_href(e)})
    return Markup(_env.get_template("sources.html.j2").render(
        entries=entries, background=("Hintergrund" if lang == "de" else "background"),
        index_label=_sources_index.index_label(lang)))


def _around_source_items(body: str, section, page) -> tuple[str, str]:
    """The sources section's body without its ``- [key] …`` items (and their continuation
    lines), split where the numbered list takes the place of the first item: ``(before,
    after)`` (``after`` is "" when the section has no item)."""
    lines = body.split("\n")
    item_idx = {e.line - section.line - 1 for e in page.sources if e.key is not None}
    before: list[str] = []
    after: list[str] | None = None
    skipping = False
    for i, line in enumerate(lines):
        if i in item_idx:
            skipping = True
            if after is None:
                after = []
            continue
        if skipping and line.strip() and line.startswith((" ", "\t")):
            continue
        skipping = False
        (before if after is None else after).append(line)
    return "\n".join(before), "\n".join(after or [])


# --------------------------------------------------------------------------- board


def _site_root_rel(url: str) -> str:
    """Relative path from a page at ``url`` (e.g. ``en/variants/x/``) to the site root."""
    depth = len([p for p in url.split("/") if p])
    return "../" * depth if depth else "./"


def alternative_label(lang: str, key: str, alternative) -> str | None:
    """The words for an assumption's alternative in ``lang``: one value (``"nein"``), or for an
    alternative that switches several keys ``"Name: value; Name: value"``; None when the rule
    has no alternative."""
    if alternative is None:
        return None
    if isinstance(alternative, dict):
        return "; ".join(rule_and_value(rule_name(lang, k), value_name(lang, k, x)) for k, x in alternative.items())
    return value_name(lang, key, alternative)


def assumption_data(rule, lang: str) -> dict:
    """One entry of board-data ``assumptions``: the rule's ``key``, ``value``, ``alternative``
    (None, a value, or {key: value}) and ``note`` in ``lang``, with the words the site's tables
    use (:mod:`build_tools.labels`): ``label`` (the rule's name), ``value_label`` and
    ``alternative_label`` (an empty list of piece kinds reads "niemand"/"nobody", of squares
    "keine"/"none")."""
    return {"key": rule.key, "value": rule.value, "alternative": rule.alternative,
            "note": (rule.note or {}).get(lang, ""),
            "label": rule_name(lang, rule.key), "value_label": value_name(lang, rule.key, rule.value),
            "alternative_label": alternative_label(lang, rule.key, rule.alternative)}


def board_data(v, lang: str, *, pyodide_index: str, cdn: bool, snapshot: bool = True) -> dict:
    """The board-data JSON object of variant ``v`` in ``lang`` (notes/CONTRACTS.md), plus
    ``names`` (:func:`names_data`: the site's words for piece kinds and capture reasons);
    ``pyodide_index``, ``cdn``, ``snapshot``: :func:`pyodide_data`."""
    rs = v.ruleset
    page = v.pages[lang]
    sections = {}
    for s in page.sections:
        if s.number is not None:
            sections[str(s.number)] = "#" + section_anchor(s.number)
            for sub in s.subsections:
                if sub.number:
                    sections[sub.number] = "#" + section_anchor(sub.number)
    assumptions = [assumption_data(rule, lang) for rule in rs.assumptions()]
    return {
        "variant": v.slug, "lang": lang, "size": rs.size, "title": page.title or rs.name,
        "rules_toml": v.rules_text,
        "pieces": dict(sorted(rs.layout.pieces.items())),
        "special": rs.special_squares(),
        "first_mover": rs.value("first_mover"),
        "assumptions": assumptions,
        "sections": sections,
        "pyodide": pyodide_data(pyodide_index, cdn, snapshot),
        "names": names_data(lang),
        "reasons": reason_words(lang),
        # the start position's legal moves and what each does, so that the board can answer a
        # first move before its engine has started (build_tools/first_moves.py)
        "first_moves": _first_moves.table(v.rules_text),
    }


@functools.lru_cache(maxsize=8)
def _pyodide_build(_stamp) -> tuple[str, str, dict]:
    return _pyodide_assets.wheel_name(), _pyodide_assets.build_key(), _pyodide_assets.lock_info()


def pyodide_data(pyodide_index: str, cdn: bool, snapshot: bool = True) -> dict:
    """board-data ``pyodide``: ``index`` (where Pyodide's files are), ``cdn``, ``snapshot``
    (the memory snapshot's file name beside the wheel, or None when the build makes none), and for the
    worker's direct start (no package manager at start-up) ``wheel`` (the tafl_core wheel's file name beside them in
    ``assets/pyodide/``), ``build`` (the hash naming this build's engine files, the service
    worker's cache version) and ``lock_info`` (Pyodide's lock-file ``info``: the worker loads
    no package by name, so it needs no lock file)."""
    stamp = tuple((f.name, f.stat().st_mtime_ns) for f in sorted((_pyodide_assets.ROOT / "tafl_core").rglob("*.py")))
    wheel, build, info = _pyodide_build(stamp)
    return {"index": pyodide_index, "cdn": bool(cdn), "wheel": wheel, "build": build, "lock_info": info,
            "snapshot": _pyodide_assets.SNAPSHOT if snapshot else None}


def names_data(lang: str) -> dict:
    """board-data ``names``: the site's words in ``lang`` for the piece kinds
    (``{"pieces": {kind: [singular, plural]}}``, commander and knight included) and the capture
    reasons (``{"capture_reasons": {reason: words}}``) and rule values (``{"values": ...}``,
    :func:`~build_tools.labels.value_words`), from :mod:`build_tools.labels`."""
    return {"pieces": {k: list(v) for k, v in PIECE_NAMES[lang].items()},
            "capture_reasons": dict(CAPTURE_REASON_NAMES[lang]),
            "values": value_words(lang)}   # rule values in words (records.js valueName)


def board_json(data: dict) -> Markup:
    """``data`` as JSON safe inside ``<script type="application/json">``: ``<``, ``>`` and ``&``
    written as ``\\u003c``, ``\\u003e``, ``\\u0026`` (so neither ``</script>`` nor ``<!--`` can
    occur), non-ASCII kept."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return Markup(text)


@functools.lru_cache(maxsize=2048)
def _start_svg(rules_text: str) -> Markup:
    """The start diagram's SVG of the rules.toml text ``rules_text`` (one that loaded), the same
    on both language pages."""
    ruleset = Ruleset.from_toml(rules_text)
    return _diagram.render_svg(ruleset.layout, ruleset.special_squares(), caption_id="board-caption")


def board_size_text(rs, lang: str) -> str:
    """The board's size as the index and the comparison show it: ``11×11``, or for a hex board
    its side, ``4×4 (hex)``."""
    side = getattr(rs.size, "side", None)
    return UI[lang]["hex_board_size"].format(side=side) if side else f"{rs.size}×{rs.size}"


def _board_html(v, lang: str, *, page_url: str, pyodide_index: str, cdn: bool, snapshot: bool) -> Markup:
    rs = v.ruleset
    title = v.pages[lang].title or rs.name
    side = getattr(rs.size, "side", None)
    if side:
        # The board (docs/assets/board/) draws and moves on square boards only: a hex variant
        # shows its start diagram and says so, and mounts no board.
        figure = _diagram.render_figure(
            rs.layout, rs.special_squares(), lang=lang, dom_id="board-caption",
            caption_prefix=UI[lang]["hex_diagram_caption"].format(title=title, side=side), svg=_start_svg(v.rules_text))
        return Markup(_env.get_template("hex_board.html.j2").render(slug=v.slug, figure=figure,
                                                                    note=UI[lang]["hex_board_note"]))
    figure = _diagram.render_figure(
        rs.layout, rs.special_squares(), lang=lang, dom_id="board-caption",
        caption_prefix=UI[lang]["diagram_caption"].format(title=title, size=rs.size),
        svg=_start_svg(v.rules_text))
    return Markup(_env.get_template("board.html.j2").render(
        slug=v.slug, lang=lang, site_root=_site_root_rel(page_url), first_mover=rs.value("first_mover"),
        figure=figure, data=board_json(board_data(v, lang, pyodide_index=pyodide_index, cdn=cdn, snapshot=snapshot)),
        file_message=UI[lang]["board_file_protocol"]))


def _no_board_html(v, lang: str) -> Markup:
    """The note that takes the board's place in section 3 of a text-only variant: its
    ``board_note`` in ``lang`` (escaped text), in ``div.tafl-no-board[data-variant]``."""
    return Markup(_env.get_template("no_board.html.j2").render(
        ui=UI[lang], slug=v.slug, note=v.board_note.get(lang, "")))


def _assumptions_html(v, lang: str) -> Markup:
    items = []
    for rule in v.ruleset.assumptions():
        alt_text = alternative_label(lang, rule.key, rule.alternative)
        name = rule_name(lang, rule.key)
        items.append({"key": rule.key, "name": name, "colon": name_colon(name),
                      "value": value_name(lang, rule.key, rule.value), "alternative": alt_text,
                      "note": (rule.note or {}).get(lang, "")})
    if not items:
        return Markup("")
    return Markup(_env.get_template("assumptions.html.j2").render(ui=UI[lang], items=items))


# --------------------------------------------------------------------------- pages


def _cite(v, lang: str, *, url: str) -> dict:
    """The "cite this page" parts of ``v``'s page in ``lang``: ``url`` the page's address
    (absolute when the site's address is known, else the path from the root, which
    ``docs/assets/cite.js`` replaces with the page's own address without query or fragment).
    The access date is never the build date: the page carries a placeholder that cite.js
    replaces with the reader's own date on load and again when the reader copies.

    Returns ``{"url", "title", "key", "plain_before", "plain_middle", "plain_after",
    "bib_before", "bib_middle", "bib_after", "no_date"}``: the plain text (APA style: author.
    (n.d.). Title. Retrieved DATE, from URL) and BibTeX (``@online`` with ``url`` and
    ``urldate``), each split around the URL and the date so the template can mark them."""
    title = v.pages[lang].title or v.name or v.slug
    ui = UI[lang]
    retrieved = ui["cite_retrieved"]
    d_at, u_at = retrieved.index("{date}"), retrieved.index("{url}")
    assert d_at < u_at, "cite_retrieved names the date before the URL"
    plain_before = f"Tafl-Kompendium. ({ui['cite_no_year']}). {title}. " + retrieved[:d_at]
    plain_middle = retrieved[d_at + len("{date}"):u_at]
    plain_after = retrieved[u_at + len("{url}"):]
    bib_title = re.sub(r"([{}\\&%#$_])", r"\\\1", title)
    key = f"tafl-kompendium-{v.slug}-{lang}"
    bib_before = "\n".join([
        f"@online{{{key},",
        "  author = {{Tafl-Kompendium}},",
        f"  title = {{{bib_title}}},",
        f"  langid = {{{'ngerman' if lang == 'de' else 'english'}}},",
        f"  note = {{{ui['cite_bibtex_note']}}},",
        "  url = {"])
    bib_middle = "},\n  urldate = {"
    bib_after = "}\n}"
    return {"url": url, "title": title, "key": key, "plain_before": plain_before, "plain_middle": plain_middle,
            "plain_after": plain_after, "bib_before": bib_before, "bib_middle": bib_middle, "bib_after": bib_after,
            "no_date": ui["cite_no_date"]}


def variant_markdown(v, lang: str, site: SiteSources, *, page_url: str, site_url: str | None = None,
                     pyodide_index: str = "assets/pyodide/", cdn: bool = False, snapshot: bool = True) -> str:
    """The markdown of variant ``v``'s page in ``lang``. ``page_url`` is the page's URL relative
    to the site root (``variants/x/`` or ``en/variants/x/``); ``site_url`` the site's absolute
    URL if known (for "cite this page"); ``pyodide_index``, ``cdn``, ``snapshot``: :func:`pyodide_data`."""
    page = v.pages[lang]
    keys = {e.key for e in page.sources if e.key}
    titles = {s: site.title(s, lang) or s for s in ({r.slug for r in page.related})}
    if v.text_only:
        board = _no_board_html(v, lang)
        assumptions = Markup("")
    else:
        board = _board_html(v, lang, page_url=page_url, pyodide_index=pyodide_index, cdn=cdn, snapshot=snapshot)
        assumptions = _assumptions_html(v, lang)
    # What follows a section's body, by its role (build_tools.format.SECTIONS).
    after = {START: board, RULES: assumptions}
    sections = []
    for s in page.sections:
        if s.number == SOURCES:
            before, rest = _around_source_items(transform_body(s.body, keys=set(), titles=titles), s, page)
            body = before.rstrip() + "\n\n" + _sources_list(page, lang) + "\n\n" + rest.lstrip()
        else:
            body = transform_body(s.body, keys=keys, titles=titles)
        sections.append({"number": s.number, "role": section_role(s.number), "title": s.title,
                         "anchor": section_anchor(s.number) if s.number else None,
                         "body": Markup(body), "after": after.get(s.number) or None})
    url = (site_url.rstrip("/") + "/" if site_url else "/") + page_url.lstrip("/")
    return _env.get_template("variant.md.j2").render(
        subtitle=_families.nav_subtitle(None if v.text_only else v.ruleset.size, lang),
        ui=UI[lang], title=Markup(page.title or v.name or v.slug), lead=Markup(page.lead or ""),
        lang=lang, sections=sections, playable=not v.text_only and not hasattr(v.ruleset.size, "side"), cite=_cite(v, lang, url=url),
        cite_absolute=bool(site_url))


def stub_markdown(slug: str, names: dict[str, str], lang: str) -> str:
    """The short "not yet documented" page of ``slug``."""
    return _env.get_template("stub.md.j2").render(ui=UI[lang], name=names[lang], slug=slug)


def _assumed(rs, key: str) -> dict | None:
    rule = rs.rules.get(key)
    if rule is None or not rule.assumed:
        return None
    return rule


def _value_cell(rs, key: str, lang: str) -> Markup:
    rule = rs.rules.get(key)
    if rule is None:
        if key in OPTIONAL_DEFAULTS:  # left out: the rule of every variant without it ("nein"/"no")
            return _cell(value_name(lang, key, OPTIONAL_DEFAULTS[key]))
        return Markup(UI[lang]["not_applicable"])
    text = _cell(value_name(lang, key, rule.value))
    if rule.assumed:
        note = (rule.note or {}).get(lang, "") or UI[lang]["assumed_mark"]
        text = Markup(f'{text}<abbr class="tafl-assumed" title="{_cell(note)}">*</abbr>')
    return text


def index_markdown(site: SiteSources, lang: str) -> str:
    """The variants overview (``variants/index.md``) in ``lang``: one HTML table, one ``tbody``
    per family (:mod:`build_tools.families`, in their order) headed by a row with the family's
    name (``th#family-<key>``); each variant row carries ``data-family`` and ``data-board``
    (``yes`` / ``no``) for the filters of ``docs/assets/variants-table.js``."""
    rows = []
    dash = Markup(UI[lang]["no_board_cell"])
    for v in site.variants:
        if v.text_only:
            rows.append({
                "slug": v.slug, "title": Markup(v.pages[lang].title or v.name or v.slug),
                "board": dash, "escape": dash, "king_capture": dash, "king_armed": dash,
                "first_mover": dash, "historicity": _cell(value_name(lang, "historicity", v.historicity)),
            })
            continue
        rs = v.ruleset
        rows.append({
            "slug": v.slug, "title": Markup(v.pages[lang].title or rs.name),
            "board": board_size_text(rs, lang),
            "escape": _value_cell(rs, "escape", lang),
            "king_capture": _value_cell(rs, "king_capture", lang),
            "king_armed": _value_cell(rs, "king_armed", lang),
            "first_mover": _value_cell(rs, "first_mover", lang),
            "historicity": _cell(value_name(lang, "historicity", rs.historicity)),
        })
    for r, v in zip(rows, site.variants):
        r["title_html"] = _inline(str(r["title"]))
        r["has_board"] = not v.text_only
    rows.sort(key=lambda r: collation_key(str(r["title"])))  # as the navigation orders them
    groups = [{"key": f.key, "name": f.name[lang], "rows": members}
              for f, members in _families.grouped(rows, lambda r: r["slug"])]
    stubs = [{"slug": s, "name": n[lang]} for s, n in sorted(site.stubs.items())]
    return _env.get_template("index.md.j2").render(ui=UI[lang], groups=groups, stubs=stubs,
                                                   any_text_only=any(v.text_only for v in site.variants))


def special_piece_counts(layout) -> dict[str, int]:
    """How many commanders and knights ``layout`` (a ``tafl_core.Position``) has:
    ``{"commander": n, "knight": n}`` with only the kinds present (empty for every layout without
    special pieces)."""
    c = layout.counts()
    return {k: c[k] for k in ("commander", "knight") if c.get(k)}


def piece_count_cell(layout, lang: str) -> str:
    """The comparison's pieces cell "attackers : defenders + king", whole sides counted
    (``Position.side_counts()``: commanders are attackers, the knight a defender), e.g.
    ``"16 : 8 + 1"``; with special pieces their numbers follow in brackets:
    ``"24 : 12 + 1 (4 Kommandanten, 1 Ritter)"`` / ``"24 : 12 + 1 (4 commanders, 1 knight)"``."""
    sides = layout.side_counts()
    text = f"{sides['attackers']} : {sides['defenders']} + {layout.counts().get('king', 0)}"
    special = special_piece_counts(layout)
    if special:
        words = []
        for kind, n in special.items():
            name = PIECE_NAMES[lang][kind][0 if n == 1 else 1]
            words.append(f"{n} {name if lang == 'de' else name.lower()}")
        text += f" ({', '.join(words)})"
    return text


def comparison_markdown(site: SiteSources, lang: str) -> str:
    """The rules comparison (``comparison.md``): one row per rule key (README.md order), one
    column per variant with a board; assumed values marked with ``*``. Text-only variants have
    no ruleset to compare: they are listed below the table (linked, with their board note)."""
    playable = [v for v in site.variants if not v.text_only]
    keys = list(RULE_NAMES[lang])
    extra = []
    for v in playable:
        extra.extend(k for k in v.ruleset.rules if k not in keys and k not in extra)
    keys += extra
    cols = [{"slug": v.slug, "title": Markup(v.pages[lang].title or v.ruleset.name)} for v in playable]
    rows = [{"name": UI[lang]["col_board"], "cells": [board_size_text(v.ruleset, lang) for v in playable]},
            {"name": UI[lang]["col_historicity"],
             "cells": [_cell(value_name(lang, "historicity", v.ruleset.historicity)) for v in playable]}]
    counts = [piece_count_cell(v.ruleset.layout, lang) for v in playable]
    rows.append({"name": f"{UI[lang]['attackers']} : {UI[lang]['defenders']} + {UI[lang]['king']}", "cells": counts})
    for key in keys:
        if not any(key in v.ruleset.rules for v in playable):
            continue
        rows.append({"name": rule_name(lang, key), "cells": [_value_cell(v.ruleset, key, lang) for v in playable]})
    text_only = [{"slug": v.slug, "title": Markup(v.pages[lang].title or v.name or v.slug),
                  "note": v.board_note.get(lang, "")} for v in site.variants if v.text_only]
    return _env.get_template("comparison.md.j2").render(ui=UI[lang], cols=cols, rows=rows, text_only=text_only)


def glossary_markdown(terms, lang: str) -> str:
    """The glossary page in ``lang`` (``glossary.md``; German ``/glossary/``, English
    ``/en/glossary/``): every concept of ``_glossary.toml`` under its preferred term, in the
    order of those terms (accents ignored), with its definition, its term in the other language
    and the discouraged synonyms. Anchor of a concept: ``#term-<key with '_' as '-'>``. Without a
    glossary file the page has its title and lead only (the home page links to it)."""
    other = "en" if lang == "de" else "de"
    items = [{"anchor": term_anchor(t.key), "term": t.preferred[lang], "definition": t.definition[lang],
              "other": t.preferred[other], "other_lang": other, "avoid": list(t.avoid.get(lang, ()))}
             for t in sorted(terms, key=lambda t: collation_key(t.preferred[lang]))]
    return _env.get_template("glossary.md.j2").render(ui=UI[lang], items=items)


def generated_pages(site: SiteSources, lang: str, *, url_of, site_url: str | None = None,
                    pyodide_index: str = "assets/pyodide/", cdn: bool = False,
                    snapshot: bool = True) -> Iterable[tuple[str, str]]:
    """Every generated page of ``lang`` as ``(src_uri, markdown)``. ``url_of(src_uri)`` gives
    the page's URL relative to the site root in this language; ``pyodide_index``, ``cdn``,
    ``snapshot``: :func:`pyodide_data`."""
    yield "variants/index.md", index_markdown(site, lang)
    yield "comparison.md", comparison_markdown(site, lang)
    yield "glossary.md", glossary_markdown(site.glossary, lang)
    yield "sources.md", _sources_index.sources_index_markdown(site, lang, inline=_inline)
    for v in site.variants:
        src = f"variants/{v.slug}.md"
        yield src, variant_markdown(v, lang, site, page_url=url_of(src), site_url=site_url,
                                    pyodide_index=pyodide_index, cdn=cdn, snapshot=snapshot)
    for slug, names in sorted(site.stubs.items()):
        yield f"variants/{slug}.md", stub_markdown(slug, names, lang)
