"""A minimal stand-in for the built site, for developing and testing the board alone.

`build_fixture_site(out)` writes one page per variant source and language
(`out/<lang>/<slug>/index.html`) with exactly the board markup of notes/CONTRACTS.md
("Variant page ↔ board"): the static SVG from build_tools.diagram, the board-data JSON, the
board's scripts from docs/assets/board/ and Pyodide from build_tools.pyodide_assets. The real
tests run against the site MkDocs builds (`make site`); this one is used when that build is not
available (TAFL_TEST_SITE=fixture forces it).
"""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pyodide_version() -> str:
    return json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]


#: Where the site loads Pyodide from with `extra.tafl.pyodide_cdn: true`.
CDN_INDEX = f"https://cdn.jsdelivr.net/pyodide/v{_pyodide_version()}/full/"

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="../../assets/board/board.css">
</head><body>
<h1>{title}</h1>
{sections}
<h2 id="play">{play}</h2>
<div class="tafl-board" id="board" data-variant="{slug}" data-state="loading" data-lang="{lang}" data-site-root="../../" data-to-move="{first}">
{figure}
<script type="application/json" data-role="board-data">{data}</script>
</div>
<script type="module" src="../../assets/board/board.js"></script>
</body></html>
"""


def _json_for_html(value) -> str:
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def build_fixture_site(out: Path, *, cdn: bool = False) -> Path:
    """Write the fixture site into `out` (created) and return it."""
    from build_tools.diagram import render_figure
    from build_tools.pages import assumption_data
    from build_tools.pyodide_assets import install
    from tafl_core import load_ruleset

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "docs" / "assets" / "board", out / "assets" / "board", dirs_exist_ok=True)
    install(out, cdn=cdn)
    from conftest import variant_slugs
    for vdir in (ROOT / "variants_src" / slug for slug in variant_slugs()):
        rs = load_ruleset(vdir / "rules.toml")
        rules_toml = (vdir / "rules.toml").read_text(encoding="utf-8")
        refs = sorted({r.ref for r in rs.rules.values() if r.ref} | {"4", "5"})
        for lang in ("de", "en"):
            sections = {ref: f"#sec-{ref.replace('.', '-')}" for ref in refs}
            data = {
                "variant": vdir.name, "lang": lang, "size": rs.size, "title": rs.name,
                "rules_toml": rules_toml, "pieces": dict(rs.layout.pieces),
                "special": rs.special_squares(), "first_mover": rs.value("first_mover"),
                "assumptions": [_plain(assumption_data(r, lang)) for r in rs.assumptions()],
                "sections": sections,
                "pyodide": {"index": CDN_INDEX if cdn else "assets/pyodide/", "cdn": cdn},
            }
            figure = render_figure(rs.layout, rs.special_squares(), lang=lang, dom_id=f"board-caption-{lang}")
            secs = "\n".join(f'<h3 id="{a[1:]}">{html.escape(ref)}</h3><p>Rule {html.escape(ref)}.</p>'
                             for ref, a in sections.items())
            page = PAGE.format(lang=lang, title=html.escape(rs.name), slug=vdir.name, sections=secs,
                               play="Spielen" if lang == "de" else "Play", first=rs.value("first_mover"),
                               figure=figure, data=_json_for_html(data))
            dest = out / lang / vdir.name / "index.html"
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(page, encoding="utf-8")
    return out


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


if __name__ == "__main__":
    import sys
    print(build_fixture_site(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/tafl-fixture-site")))
