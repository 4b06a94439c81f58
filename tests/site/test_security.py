"""The build-time tripwire (build_tools.tripwire via build_tools.site_plugin.on_page_content): markup that could run
script fails the MkDocs build even when it got past the validator. The build is run with
``mkdocs build`` directly (``site_cmd.run_mkdocs``, no validation) on a copy of the
validator's small fixture root with one payload each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from build_tools.site_cmd import run_mkdocs
from build_tools.tripwire import unsafe_markup
from build_tools.validate import validate_tree

from .conftest import ROOT

FIXTURE = ROOT / "tests" / "build_tools" / "fixtures" / "variants_src"
ANCHOR = "- Mit 13 Figuren ist Tiny Tafl kleiner als die meisten historischen Varianten."


def _root_with(tmp_path: Path, payload: str) -> Path:
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    de = root / "tiny-tafl" / "de.md"
    text = de.read_text(encoding="utf-8")
    assert ANCHOR in text
    de.write_text(text.replace(ANCHOR, f"{ANCHOR}\n\n{payload}\n", 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("payload, finding", [
    ('[hover me](https://example.org){ onmouseover="alert(1)" }', "<a> has an event attribute onmouseover="),
    ("![x](https://invalid.invalid/x.png){ onerror=alert(1) }", "<img> has an event attribute onerror="),
    ("[klick](javascript:alert(1))", "<a href> uses the scheme javascript:"),
])
def test_tripwire_fails_the_build(tmp_path, payload, finding):
    root = _root_with(tmp_path, payload)
    assert validate_tree(root), "the validator must also reject this payload"
    proc = run_mkdocs(ROOT / "mkdocs.yml", tmp_path / "site", sources_root=root,
                      env={"TAFL_SKIP_PYODIDE": "1"}, quiet=True)
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "unsafe HTML in the rendered page variants/tiny-tafl.md" in output
    assert finding in output


def test_fixture_builds_with_the_tripwire(tmp_path):
    """The project's own templates (board data script, SVG, sources, assumptions) pass."""
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    proc = run_mkdocs(ROOT / "mkdocs.yml", tmp_path / "site", sources_root=root,
                      env={"TAFL_SKIP_PYODIDE": "1"}, quiet=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "site" / "variants" / "tiny-tafl" / "index.html").is_file()


def test_unsafe_markup_findings():
    assert unsafe_markup('<script type="application/json" data-role="board-data">{"a": "\\u003c"}</script>') == []
    assert unsafe_markup('<a href="#board">x</a><a href="../comparison/">y</a><a href="https://x.org">z</a>') == []
    assert unsafe_markup('<p>\n<img src=x onerror="alert(1)"></p>') == ["line 2: <img> has an event attribute onerror="]
    assert unsafe_markup('<a href="&#106;ava&#9;script:alert(1)">x</a>') == ["line 1: <a href> uses the scheme javascript:"]
    assert unsafe_markup("<script>alert(1)</script>") == ["line 1: <script> that is not JSON data"]
    assert unsafe_markup('<iframe src="https://x.org"></iframe>') == ["line 1: <iframe> element"]


def test_unsafe_attributes_on_whole_pages():
    """The whole-page check leaves the theme's scripts alone but not event attributes."""
    from build_tools.tripwire import unsafe_attributes

    page = ('<html><head><meta charset="utf-8"><link rel="stylesheet" href="../assets/x.css">'
            '<script>var palette = 1</script></head><body><a href="../">x</a></body></html>')
    assert unsafe_attributes(page) == []
    assert unsafe_attributes('<nav><a href="vbscript:x" onclick="y()">t</a></nav>') == [
        "line 1: <a href> uses the scheme vbscript:", "line 1: <a> has an event attribute onclick="]


def test_real_site_pages_pass_both_checks(built_site):
    """Every page of the real site (the session's build, which ran both hooks) passes both
    checks again here: the build did not trip on the project's own templates."""
    from build_tools.tripwire import unsafe_attributes

    pages = list(built_site.rglob("*.html"))
    assert len(pages) > 40
    for f in pages:
        assert unsafe_attributes(f.read_text(encoding="utf-8")) == [], f
