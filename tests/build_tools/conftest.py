"""Fixtures for the build_tools tests (helpers: tests/build_tools/helpers.py)."""

from __future__ import annotations

import pytest

from .helpers import FIXTURE_ROOT, REAL_ROOT, Tree, copy_tree


@pytest.fixture
def tree(tmp_path) -> Tree:
    """A copy of the fixture root: tiny-tafl (with a board), tiny-text (board = false) and a
    stub (valid: no faults once tafl_core is available)."""
    return copy_tree(FIXTURE_ROOT, tmp_path)


@pytest.fixture
def real_tree(tmp_path) -> Tree:
    """A copy of the repository's variants_src."""
    return copy_tree(REAL_ROOT, tmp_path)
