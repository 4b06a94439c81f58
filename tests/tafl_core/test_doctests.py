"""The usage examples in tafl_core's docstrings run as written (from the repository root)."""

import doctest
import os

import tafl_core

from .helpers import REPO


def test_package_docstring_examples():
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        result = doctest.testmod(tafl_core, verbose=False)
    finally:
        os.chdir(cwd)
    assert result.attempted >= 4 and result.failed == 0
