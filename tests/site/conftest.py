"""Fixtures for the site tests: the real site, built once per session into a temporary folder
with `mkdocs build` (strict; Pyodide assets skipped: they are the board's business), and an
independent reading of the variant sources (tomllib and plain text, not build_tools)."""

from __future__ import annotations

import html.parser
import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The variants root the site is built from (TAFL_SOURCES_ROOT, as for the MkDocs hook).
VARIANTS = Path(os.environ.get("TAFL_SOURCES_ROOT") or ROOT / "variants_src").resolve()


def variant_slugs() -> list[str]:
    """Folders of variants_src with rules.toml, de.md and en.md."""
    return sorted(p.name for p in VARIANTS.iterdir()
                  if p.is_dir() and not p.name.startswith(("_", "."))
                  and all((p / f).is_file() for f in ("rules.toml", "de.md", "en.md")))


def _variant_table(slug: str) -> dict:
    data = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    return data.get("variant", {})


def text_only_slugs() -> list[str]:
    """Variants without a board: ``board = false`` in rules.toml's [variant] table (README.md)."""
    return [s for s in variant_slugs() if _variant_table(s).get("board") is False]


def board_slugs() -> list[str]:
    """Variants with a board (rules.toml has [layout] and [rules])."""
    return [s for s in variant_slugs() if _variant_table(s).get("board") is not False]


def is_hex(slug: str) -> bool:
    """Whether ``slug``'s rules.toml declares a hex board (``[rules.geometry] value = "hex"``)."""
    data = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    return data.get("rules", {}).get("geometry", {}).get("value") == "hex"


def board_note(slug: str, lang: str) -> str:
    """The one-line reason of a text-only variant, read straight from rules.toml."""
    return _variant_table(slug)["board_note"][lang]


def stub_slugs() -> list[str]:
    """Slugs of _not_yet_documented.toml that have no folder."""
    f = VARIANTS / "_not_yet_documented.toml"
    if not f.is_file():
        return []
    data = tomllib.loads(f.read_text(encoding="utf-8"))
    return sorted(s for s in data if not (VARIANTS / s).is_dir())


def layout_pieces(slug: str) -> dict[str, str]:
    """The start position of ``slug`` read straight from rules.toml: square -> kind, counting
    the letters A, D, K and the special pieces C (commander), N (knight) of the diagram (top
    rank first, rank labels and footer optional; README.md and tafl_core.position)."""
    data = tomllib.loads((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    kinds = {"A": "attacker", "D": "defender", "K": "king", "C": "commander", "N": "knight"}
    if is_hex(slug):
        # a hex board: each row led by its letter, its cells numbered from the left (AbstractPlay)
        out = {}
        for line in data["layout"]["diagram"].splitlines():
            if line.split():
                letter, *cells = "".join(line.split())
                out.update({f"{letter}{x + 1}": kinds[c] for x, c in enumerate(cells) if c in kinds})
        return out
    rows = []
    for line in data["layout"]["diagram"].splitlines():
        cells = line.split()
        if not cells:
            continue
        if cells[0].isdigit():
            cells = cells[1:]
        if all(len(c) == 1 and c.isalpha() for c in cells) and not set(cells) <= set("ADKCN"):
            continue  # the file-letter footer
        rows.append(cells)
    size = len(rows)
    kinds = {"A": "attacker", "D": "defender", "K": "king", "C": "commander", "N": "knight"}
    out = {}
    for i, cells in enumerate(rows):
        rank = size - i
        for f, c in enumerate(cells):
            if c in kinds:
                out[f"{chr(ord('a') + f)}{rank}"] = kinds[c]
    return out


class Doc(html.parser.HTMLParser):
    """A parsed HTML file: ``ids``, ``links`` [(tag, attr, url)], ``lang``, and the elements
    with ``data-piece`` ([(kind, square)])."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str, dict]] = []
        self.lang = None
        self.pieces: list[tuple[str, str]] = []
        self.elements: list[tuple[str, dict]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag == "html":
            self.lang = a.get("lang")
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for attr in ("href", "src"):
            if a.get(attr) is not None and tag in ("a", "link", "script", "img", "iframe", "source"):
                self.links.append((tag, attr, a[attr], a))
        if "data-piece" in a:
            self.pieces.append((a["data-piece"], a.get("data-square")))

    handle_startendtag = handle_starttag


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site built once per session from the repository's mkdocs.yml and variants_src."""
    from build_tools.site_cmd import run_mkdocs

    out = tmp_path_factory.mktemp("site") / "site"
    proc = run_mkdocs(ROOT / "mkdocs.yml", out, env={"TAFL_SKIP_PYODIDE": "1"}, quiet=False)
    if proc.returncode != 0:
        pytest.fail("mkdocs build failed:\n" + proc.stdout[-6000:] + proc.stderr[-6000:])
    return out


_docs: dict[Path, Doc] = {}


def doc(path: Path) -> Doc:
    """The parsed HTML file ``path`` (cached)."""
    if path not in _docs:
        _docs[path] = Doc(path.read_text(encoding="utf-8"))
    return _docs[path]


def page_path(site: Path, lang: str, rel: str) -> Path:
    """The built file of page ``rel`` (e.g. ``variants/brandubh/``) in ``lang``."""
    base = site if lang == "de" else site / lang
    return base / rel / "index.html"
