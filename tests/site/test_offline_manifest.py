"""The offline copy's manifest (build_tools/offline_copy.py), on a small built-site tree: every
page of both languages by its folder address, the engine's files, no source maps, sitemaps or
lunr files of other languages; the build hash changes with any file; the service worker gets
the manifest exactly once, and a site without its manifest line is an error, not a silent
worker without a copy."""

from __future__ import annotations

import json
import re

import pytest

from build_tools.offline_copy import MANIFEST_LINE, OfflineCopyError, manifest, write_service_worker

from .conftest import ROOT

FILES = {
    "index.html": "de home", "en/index.html": "en home", "variants/brandubh/index.html": "de brandubh",
    "en/variants/brandubh/index.html": "en brandubh", "offline/index.html": "offline de",
    "en/offline/index.html": "offline en", "404.html": "404", "search/search_index.json": "{}",
    "en/search/search_index.json": "{}", "assets/site.css": "css", "assets/pyodide/pyodide.asm.wasm": "wasm",
    "assets/pyodide/tafl_core-0.1.0-py3-none-any.whl": "wheel", "assets/pyodide/tafl-snapshot.bin.gz": "snap",
    "assets/javascripts/bundle.js.map": "map", "sitemap.xml": "<urlset/>",
    "assets/javascripts/lunr/min/lunr.de.min.js": "de", "assets/javascripts/lunr/min/lunr.ja.min.js": "ja",
    "assets/javascripts/lunr/min/lunr.stemmer.support.min.js": "s", "assets/javascripts/lunr/tinyseg.js": "t",
}


@pytest.fixture
def site(tmp_path):
    for rel, text in FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    (tmp_path / "sw.js").write_text((ROOT / "docs" / "sw.js").read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_the_copy_holds_every_page_and_the_engine_and_nothing_unneeded(site):
    files = manifest(site, ["de", "en"], "de")["files"]
    for address in ["", "en/", "variants/brandubh/", "en/variants/brandubh/", "offline/", "en/offline/", "404.html",
                    "search/search_index.json", "en/search/search_index.json", "assets/pyodide/pyodide.asm.wasm",
                    "assets/pyodide/tafl-snapshot.bin.gz", "assets/pyodide/tafl_core-0.1.0-py3-none-any.whl",
                    "assets/javascripts/lunr/min/lunr.de.min.js",
                    "assets/javascripts/lunr/min/lunr.stemmer.support.min.js"]:
        assert address in files, address
    for left_out in ["assets/javascripts/bundle.js.map", "sitemap.xml", "assets/javascripts/lunr/min/lunr.ja.min.js",
                     "assets/javascripts/lunr/tinyseg.js", "sw.js", "index.html"]:
        assert left_out not in files, left_out
    import hashlib
    assert files["variants/brandubh/"] == hashlib.sha256(b"de brandubh").hexdigest()


def test_any_changed_file_is_a_new_build(site):
    first = manifest(site, ["de", "en"], "de")["build"]
    assert manifest(site, ["de", "en"], "de")["build"] == first
    (site / "assets" / "site.css").write_text("css 2", encoding="utf-8")
    assert manifest(site, ["de", "en"], "de")["build"] != first


def test_the_service_worker_gets_the_manifest_once(site):
    build = write_service_worker(site, ["de", "en"], "de")
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert MANIFEST_LINE not in text
    m = re.search(r"^const MANIFEST = (.*);$", text, re.M)
    data = json.loads(m.group(1))
    assert data["build"] == build and data["offline"] == {"": "offline/", "en/": "en/offline/"}
    with pytest.raises(OfflineCopyError):
        write_service_worker(site, ["de", "en"], "de")  # no manifest line left to fill


def test_a_site_without_its_offline_page_is_an_error(site):
    (site / "en" / "offline" / "index.html").unlink()
    with pytest.raises(OfflineCopyError, match="offline page"):
        write_service_worker(site, ["de", "en"], "de")
