"""The site plugin's settings (build_tools.site_plugin.TaflConfig, ``extra.tafl`` in mkdocs.yml):
the environment variables the build documents reach them through mkdocs.yml's ``!ENV``, and a
wrong setting stops the build naming the key."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from build_tools.site_plugin import TaflPlugin

REPO = Path(__file__).resolve().parents[2]


def _settings(monkeypatch, **env):
    for name in ("TAFL_SOURCES_ROOT", "TAFL_SKIP_PYODIDE", "TAFL_NO_SNAPSHOT", "TAFL_STATS_FILE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return TaflPlugin().read_settings(load_config(str(REPO / "mkdocs.yml")))


def test_without_environment_the_settings_are_mkdocs_yml_s(monkeypatch):
    s = _settings(monkeypatch)
    assert Path(s.sources_root) == REPO / "variants_src"
    assert (s.pyodide_cdn, s.skip_pyodide, s.no_snapshot, s.stats_file) == (False, False, False, None)


def test_the_environment_variables_reach_the_settings(monkeypatch, tmp_path):
    s = _settings(monkeypatch, TAFL_SOURCES_ROOT=str(tmp_path), TAFL_SKIP_PYODIDE="1", TAFL_NO_SNAPSHOT="1",
                  TAFL_STATS_FILE=str(tmp_path / "stats.json"))
    assert Path(s.sources_root) == tmp_path
    assert s.skip_pyodide is True and s.no_snapshot is True
    assert Path(s.stats_file) == tmp_path / "stats.json"


def test_the_plugin_reports_where_pyodide_is_loaded_from(monkeypatch):
    plugin = TaflPlugin()
    plugin.read_settings(SimpleNamespace(extra={"tafl": {"pyodide_cdn": True, "no_snapshot": True}},
                                         config_file_path=str(REPO / "mkdocs.yml")))
    index, cdn, snapshot = plugin.pyodide
    assert index.startswith("https://cdn.jsdelivr.net/pyodide/v") and index.endswith("/full/")
    assert cdn is True and snapshot is False


@pytest.mark.parametrize("tafl, key", [
    ({"sources_root": "no-such-folder"}, "sources_root"),
    ({"skip_pyodide": "sometimes"}, "skip_pyodide"),
    ({"pyodide_cdn": 2}, "pyodide_cdn"),
])
def test_a_wrong_setting_stops_the_build_naming_it(tafl, key, caplog):
    config = SimpleNamespace(extra={"tafl": tafl}, config_file_path=str(REPO / "mkdocs.yml"))
    with pytest.raises(Abort):
        TaflPlugin().read_settings(config)
    assert any(r.getMessage().startswith(f"extra.tafl.{key}:") for r in caplog.records)


def test_an_unknown_setting_is_a_warning(caplog):
    config = SimpleNamespace(extra={"tafl": {"source_root": "variants_src"}}, config_file_path=str(REPO / "mkdocs.yml"))
    TaflPlugin().read_settings(config)
    assert any(r.levelname == "WARNING" and "source_root" in r.getMessage() for r in caplog.records)
