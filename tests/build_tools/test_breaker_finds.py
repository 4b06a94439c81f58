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


def test_lead_that_opens_a_code_fence_is_a_fault(tree):
    """The lead is written as a paragraph of its own at the top of the page
    (build_tools/templates/variant.md.j2); a lead of ```` ``` ```` (or ``~~~``) opened a fenced
    code block there that swallowed the page up to the next fence: the German page of a
    tiny-tafl copy with ``lead: ```` `` was built (exit 0) with only sections 9 and 10 as
    headings, while the validator reported it clean. README.md: the ten sections, none empty,
    must be on the page; a fault at the front matter line."""
    de = tree.text("tiny-tafl/de.md")
    lead = next(line for line in de.split("\n") if line.startswith("lead: "))
    tree.edit("tiny-tafl/de.md", lead, "lead: ```")
    tree.edit("tiny-tafl/en.md", next(l for l in tree.text("tiny-tafl/en.md").split("\n") if l.startswith("lead: ")),
              "lead: ~~~~ python")
    faults = tree.new_faults()
    assert [f.split(": ")[0] for f in faults] == [f"{P}/de.md:3", f"{P}/en.md:3"], faults
    assert all("code fence" in f for f in faults)


def test_fault_that_stdout_cannot_encode_is_one_line_naming_stdout(tree):
    """A fault message holding "ü" (a related variant named [[würfel]]) printed to an ASCII
    standard output (PYTHONIOENCODING=ascii) ended in "unexpected error: UnicodeEncodeError".
    README.md ("Limits"): every other fault ends in one line on stderr naming what, exit 2;
    here what cannot be written is standard output."""
    import os
    de = tree.text("tiny-tafl/de.md")
    cut = de.index("## 7. ")
    tree.write("tiny-tafl/de.md", de[:cut] + "Siehe [[würfel]].\n\n" + de[cut:])
    r = subprocess.run([sys.executable, "-m", "build_tools", "validate", "--root", str(tree.root)],
                       cwd=REPO_ROOT, capture_output=True, timeout=120,
                       env=dict(os.environ, PYTHONIOENCODING="ascii"))
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2 and err.count("\n") == 1, err
    assert err.startswith("build_tools validate: cannot write to standard output: ") and "unexpected" not in err


def test_site_dir_that_is_a_file_is_one_line_exit_2_and_the_file_is_kept(tree, tmp_path):
    """``site --site-dir FILE`` built the site, renamed the file to ``.site-old-*`` beside it
    (rmtree cannot remove a file: it stayed there) and put the site in its place. An output
    folder that is not a folder is an input the command cannot handle: one line naming it,
    exit 2 (README.md, "Limits"), and the file is left as it was."""
    target = tmp_path / "sitefile"
    target.write_text("keep\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "build_tools", "site", "--root", str(tree.root),
                        "--site-dir", str(target)], cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and str(target) in r.stderr, r.stderr
    assert target.read_text(encoding="utf-8") == "keep\n"
    assert not list(tmp_path.glob(".site-*"))
