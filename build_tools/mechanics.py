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

import re
import tomllib
from pathlib import Path
from typing import Callable

from build_tools import diagram, pages

__all__ = ["MECHANICS_FILE", "load_mechanics_positions", "position_figure", "render_positions", "example_rules"]

MECHANICS_FILE = Path(__file__).resolve().parent / "mechanics.toml"

# ```tafl-position
# <id in build_tools/mechanics.toml>
# ```
# (blanks within a line only: ``\s*\n\s*`` split a long run of line ends every way)
_POSITION_FENCE = re.compile(r"^```++[ \t]*+tafl-position[ \t]*+\n[ \t]*+([A-Za-z0-9_-]++)[ \t]*+\n```++\s*$",
                             re.MULTILINE)
_mechanics_cache: dict = {}

# The opening tag of an example board on a hand-written page (notes/CONTRACTS.md, mechanics pages).
_EXAMPLE_BOARD = re.compile(r'^<div class="tafl-board" id="board" data-variant="([a-z0-9-]{1,64})" data-example="[^"]*"[^>]*>$',
                            re.MULTILINE)


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
    """The diagram of mechanics position ``pos_id`` in ``lang`` (raw HTML); ``n`` numbers the
    figures of one page (their ids). Raises KeyError for an unknown id and
    ``tafl_core.PositionError`` for a broken diagram."""
    from tafl_core import parse_diagram

    entry = load_mechanics_positions()[pos_id]
    position = parse_diagram(entry["diagram"], path=str(MECHANICS_FILE))
    special = {k: list(entry.get(k, [])) for k in ("throne", "corners", "camps")}
    caption = entry.get("caption", {}).get(lang, "")
    return str(diagram.render_figure(
        position, special, lang=lang, dom_id=f"diagram-{pos_id}-{n}", caption_prefix=caption,
        marks=entry.get("marks", []), position_id=pos_id))


def render_positions(markdown: str, lang: str, where: str, warn: Callable[[str], None]) -> str:
    """``markdown`` with every ```` ```tafl-position ```` fence replaced by its diagram
    (:func:`position_figure`); an unknown id is passed to ``warn`` (naming the page ``where``)
    and its fence left as it is."""
    if "tafl-position" not in markdown:
        return markdown
    counter = iter(range(1, 10_000))

    def repl(m: re.Match) -> str:
        try:
            return "\n" + position_figure(m.group(1), lang, next(counter)) + "\n"
        except KeyError:
            warn(f"{where}: unknown tafl-position '{m.group(1)}' (build_tools/mechanics.toml)")
            return m.group(0)

    return _POSITION_FENCE.sub(repl, markdown)


def example_rules(markdown: str, lang: str, where: str, *, site, pyodide: tuple[str, bool],
                  warn: Callable[[str], None]) -> str:
    """Give each example board of a hand-written page (``div.tafl-board#board[data-example]``)
    the rules it plays: the board-data of the variant it names (``data-variant``; same
    language; ``site`` the :class:`~build_tools.pages.SiteSources` being built, ``pyodide`` its
    ``(index, cdn)``), as ``<script type="application/json" data-role="example-rules">`` right
    after the opening tag, so the board needs no request for them. A variant that is unknown or
    has no board is passed to ``warn`` and the board left without rules (it shows its engine
    error)."""

    def repl(m: re.Match) -> str:
        slug = m.group(1)
        v = next((x for x in site.variants if x.slug == slug), None) if site else None
        if v is None or v.text_only:
            warn(f"{where}: the example board plays the rules of '{slug}', which has no board on the site")
            return m.group(0)
        index, cdn = pyodide
        data = pages.board_json(pages.board_data(v, lang, pyodide_index=index, cdn=cdn))
        return f'{m.group(0)}\n<script type="application/json" data-role="example-rules">{data}</script>'

    return _EXAMPLE_BOARD.sub(repl, markdown)
