"""build_tools.pyodide_assets: the Pyodide files and the tafl_core wheel in the site (no browser)."""

from __future__ import annotations

import hashlib
import json
import time
import zipfile

import pytest

from conftest import ROOT

NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

pytestmark = pytest.mark.skipif(not (NODE_PYODIDE / "pyodide-lock.json").is_file(),
                                reason="node_modules/pyodide is missing (npm ci)")


def test_install_self_hosted(tmp_path):
    from build_tools.pyodide_assets import install
    install(tmp_path, cdn=False)
    target = tmp_path / "assets" / "pyodide"
    for name in CORE:
        assert (target / name).read_bytes() == (NODE_PYODIDE / name).read_bytes(), name
    lock = json.loads((target / "pyodide-lock.json").read_text())
    original = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text())
    assert lock["info"] == original["info"]
    entry = lock["packages"]["tafl-core"]
    wheel = target / entry["file_name"]
    assert wheel.name.startswith("tafl_core-") and wheel.name.endswith("-py3-none-any.whl")
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["tafl_core"] and entry["depends"] == []
    names = zipfile.ZipFile(wheel).namelist()
    assert all(n.startswith(("tafl_core/", "tafl_core-")) for n in names), names
    assert "tafl_core/bridge.py" in names
    # the other packages are Pyodide's own, untouched
    assert {k: v for k, v in lock["packages"].items() if k != "tafl-core"} == original["packages"]


def test_install_cdn_copies_no_pyodide_core(tmp_path):
    from build_tools.pyodide_assets import install
    install(tmp_path, cdn=True)
    target = tmp_path / "assets" / "pyodide"
    assert not any((target / n).exists() for n in CORE)
    lock = json.loads((target / "pyodide-lock.json").read_text())
    assert (target / lock["packages"]["tafl-core"]["file_name"]).is_file()


def test_repeated_install_uses_the_cache(tmp_path):
    """mkdocs serve rebuilds often: with unchanged sources no wheel is built again."""
    from build_tools.pyodide_assets import install
    install(tmp_path / "a", cdn=False)
    t0 = time.perf_counter()
    install(tmp_path / "b", cdn=False)
    assert time.perf_counter() - t0 < 1.5
    assert (tmp_path / "b" / "assets" / "pyodide" / "pyodide-lock.json").read_bytes() == \
        (tmp_path / "a" / "assets" / "pyodide" / "pyodide-lock.json").read_bytes()
