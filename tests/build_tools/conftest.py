"""Fixtures for the build_tools tests (helpers: tests/build_tools/helpers.py)."""

from __future__ import annotations

import pytest

from .helpers import FIXTURE_ROOT, REAL_ROOT, SPECIAL_ROOT, Tree, copy_tree


@pytest.fixture
def tree(tmp_path) -> Tree:
    """A copy of the fixture root: tiny-tafl (with a board), tiny-text (board = false) and a
    stub (valid: no faults once tafl_core is available)."""
    return copy_tree(FIXTURE_ROOT, tmp_path)


@pytest.fixture
def real_tree(tmp_path) -> Tree:
    """A copy of the repository's variants_src."""
    return copy_tree(REAL_ROOT, tmp_path)


@pytest.fixture
def special_tree(tmp_path) -> Tree:
    """The fixture root plus berserk-fixture: the Berserk Hnefatafl start layout (24 attackers
    of which 4 commanders, 12 defenders of which 1 knight, 1 king) with tiny-tafl's rules and
    the special-piece rules (valid: no faults once tafl_core reads special pieces)."""
    return copy_tree(FIXTURE_ROOT, tmp_path, extra=SPECIAL_ROOT)
