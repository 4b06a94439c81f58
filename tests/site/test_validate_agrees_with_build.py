"""What the build refuses, the validator refuses first: a page with a bare ``ftp://`` address
(the site's markdown makes it a link) or a NUL in a link target fails the MkDocs build (the
tripwire, build_tools.tripwire) and is reported by ``python -m build_tools validate`` on the line
that holds it; the same page without it passes both."""

from __future__ import annotations

import shutil

import pytest

from build_tools.site_cmd import run_mkdocs
from build_tools.validate import validate_tree

from .conftest import ROOT

FIXTURE = ROOT / "tests" / "build_tools" / "fixtures" / "variants_src"
ANCHOR = "- Mit 13 Figuren ist Tiny Tafl kleiner als die meisten historischen Varianten."


@pytest.mark.parametrize("line", [
    "- Die Regeln liegen unter ftp://example.org/regeln.txt bereit.",
    "- Siehe [die Regeln](http://exa\x00mple.org/).",
])
def test_validator_and_build_refuse_the_same_link(tmp_path, line):
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    de = root / "tiny-tafl" / "de.md"
    text = de.read_text(encoding="utf-8")
    assert text.count(ANCHOR) == 1
    de.write_text(text.replace(ANCHOR, ANCHOR + "\n" + line), encoding="utf-8")
    at = de.read_text(encoding="utf-8").split("\n").index(line) + 1
    faults = [str(f) for f in validate_tree(root)]
    assert [f for f in faults if f.startswith(f"variants_src/tiny-tafl/de.md:{at}: ")], faults
    proc = run_mkdocs(ROOT / "mkdocs.yml", tmp_path / "site", sources_root=root, env={"TAFL_SKIP_PYODIDE": "1"})
    assert proc.returncode != 0
    assert "unsafe HTML in the rendered page variants/tiny-tafl.md" in proc.stdout + proc.stderr
