"""Under `mkdocs serve` every rebuild validates the sources first (a facts table contradicting
the layout must not be served without a warning)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import Abort

from build_tools.site_plugin import TaflPlugin

REPO = Path(__file__).resolve().parents[2]


def _config(root: Path):
    return SimpleNamespace(extra={"tafl": {"sources_root": str(root)}}, config_file_path=str(REPO / "mkdocs.yml"))


def _plugin(command: str, root: Path) -> TaflPlugin:
    plugin = TaflPlugin()
    plugin.on_startup(command=command, dirty=False)
    plugin.read_settings(_config(root))
    return plugin


def test_serve_rebuild_stops_on_a_fault(tmp_path, caplog):
    root = tmp_path / "variants_src"
    shutil.copytree(REPO / "variants_src", root)
    serve = _plugin("serve", root)
    serve.on_pre_build(config=_config(root))                # the real sources are valid
    de = root / "ealdfaeder-taefl" / "de.md"
    de.write_text(de.read_text().replace("| Brettgröße | 9×9", "| Brettgröße | 7×7"))
    with pytest.raises(Abort):
        serve.on_pre_build(config=_config(root))
    assert any("facts 'Brettgröße' says 7×7" in r.getMessage() for r in caplog.records)
    # plain builds are validated by `make site`
    _plugin("build", root).on_pre_build(config=_config(root))
