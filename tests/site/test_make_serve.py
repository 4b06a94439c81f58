"""`make serve`: the development server builds the site once (mkdocs serve's own build, no
`make site` before it), and its pages ask for no sitemap that is not there (the theme fetches
``sitemap.xml`` beside every ``<link rel="alternate" hreflang>`` of a page; mkdocs serve sets
``site_url`` to its own address, so the links were kept and each page made two 404s)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from build_tools import site_plugin

REPO = Path(__file__).resolve().parents[2]
ALTERNATES = ('<head>\n    <link rel="alternate" href="./" hreflang="de">\n'
              '    <link rel="alternate" href="../en/variants/brandubh/" hreflang="en">\n</head>')


@pytest.fixture
def command():
    """Set the MkDocs command site_plugin saw at startup; the one before is restored after."""
    before = site_plugin.STATE.command
    yield lambda name: site_plugin.on_startup(name, False)
    site_plugin.STATE.command = before


def test_pages_under_mkdocs_serve_ask_for_no_sitemap(command):
    command("serve")
    served = SimpleNamespace(site_url="http://127.0.0.1:8000/")  # as mkdocs serve sets it
    assert site_plugin.without_site_url_alternates(ALTERNATES, served) == "<head>\n</head>"


def test_a_build_with_a_site_url_keeps_the_language_alternates(command):
    command("build")
    deployed = SimpleNamespace(site_url="https://tafl.example.org/")
    assert site_plugin.without_site_url_alternates(ALTERNATES, deployed) == ALTERNATES
    assert site_plugin.without_site_url_alternates(ALTERNATES, SimpleNamespace(site_url=None)) == "<head>\n</head>"


def test_make_serve_builds_the_site_once():
    """`make -n serve` (what make would run): mkdocs serve, and no `build_tools site` before it."""
    out = subprocess.run(["make", "-n", "serve"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    builds = [line for line in out.splitlines() if re.search(r"-m (mkdocs (serve|build)|build_tools site)\b", line)]
    assert len(builds) == 1 and "-m mkdocs serve" in builds[0], out
