"""The size limits the README's map promises: every module of ``tafl_core`` under 600 lines,
every module of ``build_tools`` and of the board (``docs/assets/board/``, checked with the board's
node tests in tests/js/components.test.mjs) under 700, so each stays one concept a reader can
hold."""

from __future__ import annotations

import pytest

from .tafl_core.helpers import REPO

LIMITS = {"tafl_core": 600, "build_tools": 700}


def _modules():
    out = []
    for package, limit in LIMITS.items():
        files = sorted((REPO / package).rglob("*.py"))
        assert files, f"no modules found under {package}/"
        out += [pytest.param(path, limit, id=str(path.relative_to(REPO))) for path in files]
    return out


@pytest.mark.parametrize("path,limit", _modules())
def test_module_is_under_its_line_limit(path, limit):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines < limit, f"{path.relative_to(REPO)} has {lines} lines; the limit is under {limit}"
