"""`python -m build_tools site` (build_tools.site_cmd.build_site): a fault in the sources or a
failing MkDocs build leaves an existing site/ untouched; a good build replaces it."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from build_tools.site_cmd import build_site

from .conftest import ROOT

#: A small valid variants root (the validator's test fixture: tiny-tafl, the text-only
#: tiny-text and a stub), so these tests do not depend on the state of variants_src.
FIXTURE = ROOT / "tests" / "build_tools" / "fixtures" / "variants_src"


def _old_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("previous build", encoding="utf-8")
    return site


def test_validation_fault_leaves_site_untouched(tmp_path):
    """One fault (section 4 heading removed from a German page): faults printed as
    path:line: message, exit 1, the previous site/ unchanged, no temporary folder left."""
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    slug = "tiny-tafl"
    de = root / slug / "de.md"
    text = de.read_text(encoding="utf-8")
    assert "\n## 4. " in text
    de.write_text(text.replace("\n## 4. ", "\n## Vier. ", 1), encoding="utf-8")
    site = _old_site(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    code = build_site(root=root, site_dir=site, config=ROOT / "mkdocs.yml", out=out, err=err)
    assert code == 1
    lines = err.getvalue().splitlines()
    assert any(line.startswith(f"variants_src/{slug}/de.md:") for line in lines), lines[:5]
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "previous build"
    assert not list(tmp_path.glob(".site-build-*"))


def test_failing_build_leaves_site_untouched(tmp_path):
    """Valid sources but a hand-written page with a broken link: the strict MkDocs build
    fails, exit 1, the previous site/ unchanged, no temporary folder left."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    (docs / "broken.md").write_text("# Broken\n\n[nowhere](does-not-exist.md)\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("docs_dir: docs", f"docs_dir: {docs}")
    text = text.replace("  - build_tools/mkdocs_hooks.py", f"  - {ROOT / 'build_tools' / 'mkdocs_hooks.py'}")
    text = text.replace("watch:\n  - variants_src\n  - build_tools\n", "")
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    config.write_text(text, encoding="utf-8")
    site = _old_site(tmp_path)
    err = io.StringIO()
    code = build_site(root=root, site_dir=site, config=config, out=io.StringIO(), err=err,
                      env={"TAFL_SKIP_PYODIDE": "1"})
    assert code == 1, err.getvalue()[-2000:]
    assert "does-not-exist.md" in err.getvalue()
    assert (site / "index.html").read_text(encoding="utf-8") == "previous build"
    assert not list(tmp_path.glob(".site-build-*"))


def test_good_build_replaces_site(tmp_path):
    """Valid sources: exit 0, site/ replaced by the new build (the old file gone, the variant
    page there in both languages), no temporary folder left."""
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    site = _old_site(tmp_path)
    err = io.StringIO()
    code = build_site(root=root, site_dir=site, config=ROOT / "mkdocs.yml", out=io.StringIO(), err=err,
                      env={"TAFL_SKIP_PYODIDE": "1"})
    assert code == 0, err.getvalue()[-3000:]
    assert "previous build" not in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "variants" / "tiny-tafl" / "index.html").is_file()
    assert (site / "en" / "variants" / "tiny-tafl" / "index.html").is_file()
    assert (site / "variants" / "brandubh" / "index.html").is_file()  # the stub
    # The text-only fixture variant (board = false): a page in both languages with its note and
    # no board.
    for base, note in ((site, "Kein Brett: Die Quelle nennt weder Brettgröße noch Aufstellung."),
                       (site / "en", "No board: the source gives neither the board size nor the layout.")):
        text = (base / "variants" / "tiny-text" / "index.html").read_text(encoding="utf-8")
        assert note in text and 'id="board"' not in text and 'href="#board"' not in text
    assert not list(tmp_path.glob(".site-build-*")) and not list(tmp_path.glob(".site-old-*"))
