"""`make serve`: the development server builds the site once (mkdocs serve's own build, no
`make site` before it), and its pages ask for no sitemap that is not there (the theme fetches
``sitemap.xml`` beside every ``<link rel="alternate" hreflang>`` of a page; mkdocs serve sets
``site_url`` to its own address, so the links were kept and each page made two 404s)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

from build_tools.site_plugin import TaflPlugin

REPO = Path(__file__).resolve().parents[2]
ALTERNATES = ('<head>\n    <link rel="alternate" href="./" hreflang="de">\n'
              '    <link rel="alternate" href="../en/variants/brandubh/" hreflang="en">\n</head>')


def _page(command: str, site_url: str | None) -> str:
    """ALTERNATES as the plugin of a `command` run (``build`` / ``serve``) finishes the page."""
    plugin = TaflPlugin()
    plugin.on_startup(command=command, dirty=False)
    config = SimpleNamespace(site_url=site_url, plugins={}, theme={"language": "de"})
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.md", locale="de"), content="")
    return plugin.on_post_page(ALTERNATES, page=page, config=config)


def test_pages_under_mkdocs_serve_ask_for_no_sitemap():
    assert _page("serve", "http://127.0.0.1:8000/") == "<head>\n</head>"  # site_url as mkdocs serve sets it


def test_a_build_with_a_site_url_keeps_the_language_alternates():
    assert _page("build", "https://tafl.example.org/") == ALTERNATES
    assert _page("build", None) == "<head>\n</head>"


def test_make_serve_builds_the_site_once():
    """`make -n serve` (what make would run): mkdocs serve, and no `build_tools site` before it."""
    out = subprocess.run(["make", "-n", "serve"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    builds = [line for line in out.splitlines() if re.search(r"-m (mkdocs (serve|build)|build_tools site)\b", line)]
    assert len(builds) == 1 and "-m mkdocs serve" in builds[0], out
