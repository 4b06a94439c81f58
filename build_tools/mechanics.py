"""The examples of the hand-written mechanics pages (``docs/mechanics/``).

Two things a hand-written page may hold, filled in at build time by
:func:`build_tools.site_plugin.on_page_markdown`:

- a ```` ```tafl-position ```` fence naming a position of ``build_tools/mechanics.toml``: it
  becomes that position's diagram (:func:`render_positions`, :func:`position_figure`);
- an example board, ``<div class="tafl-board" id="board" data-variant="…" data-example="…">``
  (notes/CONTRACTS.md, mechanics pages): it gets the board-data of the variant it names
  (:func:`example_rules`).
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Callable

from build_tools import diagram, pages
from build_tools.format import CLOSE, OPEN, FenceScanner

__all__ = ["MECHANICS_FILE", "ENGLISH_SLUGS", "load_mechanics_positions", "position_figure", "render_positions",
           "example_rules", "english_addresses", "write_old_english_addresses"]

MECHANICS_FILE = Path(__file__).resolve().parent / "mechanics.toml"
#: The repository's variant sources: where an entry with ``start = true`` finds its layout.
VARIANTS_ROOT = Path(__file__).resolve().parent.parent / "variants_src"

#: The id of a ```` ```tafl-position ```` fence: its one line of code.
_POSITION_ID = re.compile(r"[ \t]*+([A-Za-z0-9_-]++)[ \t]*+")

# The opening tag of an example board on a hand-written page (notes/CONTRACTS.md, mechanics pages).
_EXAMPLE_BOARD = re.compile(r'^<div class="tafl-board" id="board" data-variant="([a-z0-9-]{1,64})" data-example="[^"]*"[^>]*>$',
                            re.MULTILINE)


def load_mechanics_positions(path: Path = MECHANICS_FILE) -> dict:
    """The example positions of the mechanics pages: ``{id: {"size", "diagram", "throne",
    "corners", "camps", "marks", "caption": {"de", "en"}}}`` from ``mechanics.toml``
    (read again when the file's modification time changed)."""
    return _parsed_positions(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=4)
def _parsed_positions(path: Path, _mtime_ns: int) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def position_figure(pos_id: str, lang: str, n: int) -> str:
    """The diagram of mechanics position ``pos_id`` in ``lang`` (raw HTML); ``n`` numbers the
    figures of one page (their ids). An entry with ``start = true`` shows the start layout of
    the variant ``rules`` names (its rules.toml in :data:`VARIANTS_ROOT`) instead of a diagram
    of its own. Raises KeyError for an unknown id, ``tafl_core.PositionError`` for a broken
    diagram and the loader's errors for a missing or broken rules.toml."""
    from tafl_core import load_ruleset, parse_diagram

    entry = load_mechanics_positions()[pos_id]
    if entry.get("start") is True:
        # the start layout of the variant `rules` names, from its rules.toml (the one home of it)
        ruleset = load_ruleset(VARIANTS_ROOT / entry["rules"] / "rules.toml")
        position, special = ruleset.layout, ruleset.special_squares()
    else:
        position = parse_diagram(entry["diagram"], path=str(MECHANICS_FILE))
        special = {k: list(entry.get(k, [])) for k in ("throne", "corners", "camps")}
    caption = entry.get("caption", {}).get(lang, "")
    return str(diagram.render_figure(
        position, special, lang=lang, dom_id=f"diagram-{pos_id}-{n}", caption_prefix=caption,
        marks=entry.get("marks", []), position_id=pos_id))


def render_positions(markdown: str, lang: str, where: str, warn: Callable[[str], None]) -> str:
    """``markdown`` with every ```` ```tafl-position ```` fence replaced by its diagram
    (:func:`position_figure`): a backtick fence whose one line of code is the id of a position
    of ``mechanics.toml``, fences read by :class:`~build_tools.format.FenceScanner` (so one shown
    inside another code block stays text). An unknown id is passed to ``warn`` (naming the page
    ``where``) and its fence left as it is."""
    if "tafl-position" not in markdown:
        return markdown
    out: list[str] = []
    block: list[str] = []           # the lines of an open tafl-position fence, its opener first
    fences = FenceScanner()
    figures = 0
    for line in markdown.split("\n"):
        kind = fences.read(line)
        if kind == OPEN and fences.fence.info == "tafl-position" and fences.fence.char == "`":
            block = [line]
            continue
        if not block:
            out.append(line)
            continue
        block.append(line)
        if kind != CLOSE:
            continue
        m = _POSITION_ID.fullmatch(block[1]) if len(block) == 3 else None
        figure = None
        if m:
            try:
                figure = position_figure(m.group(1), lang, figures + 1)
                figures += 1
            except KeyError:
                warn(f"{where}: unknown tafl-position '{m.group(1)}' (build_tools/mechanics.toml)")
        out.extend(["", figure, ""] if figure is not None else block)
        block = []
    out.extend(block)               # a fence never closed stays as it is
    return "\n".join(out)


def example_rules(markdown: str, lang: str, where: str, *, site, pyodide: tuple[str, bool, bool],
                  warn: Callable[[str], None]) -> str:
    """Give each example board of a hand-written page (``div.tafl-board#board[data-example]``)
    the rules it plays: the board-data of the variant it names (``data-variant``; same
    language; ``site`` the :class:`~build_tools.pages.SiteSources` being built, ``pyodide`` its
    ``(index, cdn, snapshot)``, :func:`~build_tools.pages.pyodide_data`), as ``<script type="application/json" data-role="example-rules">`` right
    after the opening tag, so the board needs no request for them. A variant that is unknown or
    has no board is passed to ``warn`` and the board left without rules (it shows its engine
    error)."""

    def repl(m: re.Match) -> str:
        slug = m.group(1)
        v = next((x for x in site.variants if x.slug == slug), None) if site else None
        if v is None or v.text_only:
            warn(f"{where}: the example board plays the rules of '{slug}', which has no board on the site")
            return m.group(0)
        index, cdn, snapshot = pyodide
        data = pages.board_json(pages.board_data(v, lang, pyodide_index=index, cdn=cdn, snapshot=snapshot))
        return f'{m.group(0)}\n<script type="application/json" data-role="example-rules">{data}</script>'

    return _EXAMPLE_BOARD.sub(repl, markdown)


#: The English address of each mechanics page (``/en/mechanics/<slug>/``), by its source file's
#: (German) name: the English pages are found under English words. The old addresses
#: (``/en/mechanics/koenigsfang/``) lead there (:func:`write_old_english_addresses`).
ENGLISH_SLUGS = {
    "feindliche-felder": "hostile-squares",
    "koenigsfang": "king-capture",
    "randfestung": "exit-fort",
    "schildwall": "shieldwall",
    "umzingelung": "encirclement",
}
_EN_MECHANICS_DEST = re.compile(r"en/mechanics/([a-z-]+)/index\.html")


def english_addresses(files, site_dir: str) -> None:
    """Give the English mechanics pages among MkDocs ``files`` (and among every page's language
    alternates, which the language selector links) their English address (:data:`ENGLISH_SLUGS`):
    destination ``en/mechanics/<english>/index.html``, URL ``en/mechanics/<english>/``. Links
    to ``mechanics/<name>.md`` follow, as MkDocs resolves them through these files. Other files
    are left as they are; a file already moved is not moved again."""
    seen: set[int] = set()
    for f in files.documentation_pages():
        for g in [f, *getattr(f, "alternates", {}).values()]:
            if id(g) in seen:
                continue
            seen.add(id(g))
            m = _EN_MECHANICS_DEST.fullmatch(g.dest_uri)
            if m and m.group(1) in ENGLISH_SLUGS:
                dest = f"en/mechanics/{ENGLISH_SLUGS[m.group(1)]}/index.html"
                g.dest_uri = dest
                g.abs_dest_path = str(Path(site_dir) / dest)
                g.url = f"en/mechanics/{ENGLISH_SLUGS[m.group(1)]}/"


_REDIRECT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=../{slug}/">
<link rel="canonical" href="../{slug}/">
</head>
<body>
<p>This page has moved: <a href="../{slug}/">{title}</a>.</p>
</body>
</html>
"""


def write_old_english_addresses(site_dir: Path) -> None:
    """Write a page at each old English address of a mechanics page
    (``en/mechanics/<german name>/index.html``) that leads to its English address (an HTML
    refresh and a link), so links and bookmarks to the old addresses keep working. Only where
    the English page was built."""
    for old, new in ENGLISH_SLUGS.items():
        target = Path(site_dir) / "en" / "mechanics" / new / "index.html"
        if not target.is_file():
            continue
        m = re.search(r"<title>([^<]*)</title>", target.read_text(encoding="utf-8"))
        page = Path(site_dir) / "en" / "mechanics" / old / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(_REDIRECT_PAGE.format(title=m.group(1) if m else new, slug=new), encoding="utf-8")
