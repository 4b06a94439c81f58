"""Issue 16, round 2 (helper "breaker"): hostile variant sources the validator used to crash on
or pass while the build then failed. Each test states the input and the promise of README.md
("Limits"): a ``path:line: message`` fault (exit 1) or one line on stderr (exit 2), never a
traceback or an "unexpected error"."""

from __future__ import annotations

import subprocess
import sys

from .helpers import REPO_ROOT

P = "variants_src/tiny-tafl"
RULES = "tiny-tafl/rules.toml"
STUBS = "_not_yet_documented.toml"


def _validate(root) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "build_tools", "validate", "--root", str(root)],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)


def test_rules_integer_of_5000_digits_is_a_fault_at_its_line(tree):
    """tomllib's int() refuses more than 4,300 digits with a plain ValueError (CPython's integer
    string conversion limit), which escaped build_tools.sources.parse_toml as "unexpected error",
    exit 2. README.md (tafl_core limits): a TOML number has at most 64 digits
    (MAX_NUMBER_DIGITS), refused with a message naming the file and line."""
    tree.write(RULES, tree.text(RULES) + "\nhuge = " + "9" * 5000 + "\n")
    line = tree.line_of(RULES, "huge = ")
    faults = tree.new_faults()
    assert len(faults) == 1 and faults[0].startswith(f"{P}/rules.toml:{line}: "), faults
    assert "64 digits" in faults[0]
    r = _validate(tree.root)
    assert r.returncode == 1 and "unexpected error" not in r.stderr and "Traceback" not in r.stderr
    assert f"{P}/rules.toml:{line}: " in r.stdout


def test_stubs_file_integer_of_5000_digits_is_a_fault_at_its_line(tree):
    """The same ValueError from the stubs file (read by the same parse_toml)."""
    path = tree.path(STUBS)
    path.write_text(path.read_text(encoding="utf-8") + "huge = " + "9" * 5000 + "\n", encoding="utf-8")
    line = tree.line_of(STUBS, "huge = ")
    assert any(f.startswith(f"variants_src/{STUBS}:{line}: ") and "64 digits" in f for f in tree.new_faults())
    r = _validate(tree.root)
    assert r.returncode == 1 and "unexpected error" not in r.stderr and "Traceback" not in r.stderr
