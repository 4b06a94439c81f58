"""Input bounds of the validator: input it used to pass (or crash on) while the build then failed or ran
for a very long time. A source that is not a regular file, is larger than its bound (notes/source-format.md,
"Limits"; build_tools/format.py) or is TOML nested too deeply is a ``path:line: message`` fault;
a command that cannot run on its input says so in one line on stderr, exit 2, no traceback.
Hostile sources (a 5,000-digit integer, a lead that opens a code fence, a fault standard output
cannot encode, a site folder that is a file) are a fault or one line, never a traceback or an
"unexpected error"."""

from __future__ import annotations

import subprocess
import sys

from build_tools import __main__ as cli
from build_tools.format import MAX_PAGE_BYTES, MAX_TOML_BYTES

from .helpers import REPO_ROOT

P = "variants_src/tiny-tafl"
DE = "tiny-tafl/de.md"
RULES = "tiny-tafl/rules.toml"


def _grow_section_6(tree, rel: str, size: int) -> None:
    """Make ``rel`` exactly ``size`` bytes with valid trivia lines at the end of section 6, in
    paragraphs of 49 lines (every 50th line is blank: 100 bytes of spaces), each well within the
    paragraph bound."""
    text = tree.text(rel)
    cut = text.index("## 7. ")
    need = size - len(text.encode("utf-8")) - 1
    lines = [" " * 99 if k % 50 == 49 else "Wissenswertes " + "x" * 85 for k in range(need // 100)]
    rest = need - 100 * len(lines)
    if rest:
        lines.append("y" * (rest - 1))
    tree.write(rel, text[:cut] + "\n".join(lines) + "\n\n" + text[cut:])
    assert tree.path(rel).stat().st_size == size


def test_rules_toml_that_is_a_directory_is_a_fault(tree):
    tree.path(RULES).unlink()
    tree.path(RULES).mkdir()
    assert tree.new_faults() == [f"{P}/rules.toml:1: is a directory; a variant source must be a text file"]
    r = subprocess.run([sys.executable, "-m", "build_tools", "validate", "--root", str(tree.root)],
                       cwd=REPO_ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and f"{P}/rules.toml:1: is a directory" in r.stdout


def test_page_that_is_a_directory_is_a_fault(tree):
    tree.path(DE).unlink()
    tree.path(DE).mkdir()
    faults = tree.new_faults()
    assert f"{P}/de.md:1: is a directory; a variant source must be a text file" in faults
    assert not any("missing file" in f for f in faults)


def test_stubs_file_that_is_a_directory_is_a_fault(tree):
    tree.path("_not_yet_documented.toml").unlink()
    tree.path("_not_yet_documented.toml").mkdir()
    assert ("variants_src/_not_yet_documented.toml:1: is a directory; a variant source must be a text file"
            in tree.new_faults())


def test_page_at_the_size_bound_is_read(tree):
    _grow_section_6(tree, DE, MAX_PAGE_BYTES)
    assert tree.new_faults() == []


def test_page_over_the_size_bound_is_a_fault_and_not_parsed(tree):
    _grow_section_6(tree, DE, MAX_PAGE_BYTES + 1)
    faults = tree.new_faults()
    assert faults[0] == f"{P}/de.md:1: file too large ({MAX_PAGE_BYTES + 1:,} bytes; at most {MAX_PAGE_BYTES:,})"
    # The page is not read: nothing of it is checked (only what en.md has that de.md lacks).
    assert all(f.startswith(f"{P}/de.md:1: file too large") or f.startswith(f"{P}/en.md:") for f in faults)


def test_rules_file_over_the_size_bound_is_a_fault(tree):
    text = tree.text(RULES)
    lines = (MAX_TOML_BYTES - len(text.encode("utf-8"))) // 100 + 1
    tree.write(RULES, text + ("#" * 99 + "\n") * lines)   # comments: valid TOML, just too much of it
    size = tree.path(RULES).stat().st_size
    assert MAX_TOML_BYTES < size <= MAX_TOML_BYTES + 100
    assert f"{P}/rules.toml:1: file too large ({size:,} bytes; at most {MAX_TOML_BYTES:,})" in tree.new_faults()


def test_toml_nested_too_deeply_is_a_fault_at_its_line(tree):
    """tomllib recurses once per nesting level: 4,000 levels raised RecursionError out of the
    validator. Now it is one fault at the line of the deep array (its exact wording comes from
    the parser that refuses it first: build_tools.sources or tafl_core's loader)."""
    text = tree.text(RULES)
    tree.write(RULES, text + "\ndeep = " + "[" * 4000 + "]" * 4000 + "\n")
    line = tree.line_of(RULES, "deep = ")
    faults = tree.new_faults()
    assert len(faults) == 1 and faults[0].startswith(f"{P}/rules.toml:{line}: ") and "nested" in faults[0]


def test_stubs_file_nested_too_deeply_is_a_fault(tree):
    path = tree.path("_not_yet_documented.toml")
    path.write_text(path.read_text(encoding="utf-8") + "x = " + "{a = " * 1500 + "1" + "}" * 1500 + "\n",
                    encoding="utf-8")
    line = tree.line_of("_not_yet_documented.toml", "x = ")
    assert (f"variants_src/_not_yet_documented.toml:{line}: not valid TOML: arrays or tables nested too deeply"
            in tree.new_faults())


def test_site_without_a_configuration_is_one_line_exit_2(tree, tmp_path):
    r = subprocess.run([sys.executable, "-m", "build_tools", "site", "--root", str(tree.root),
                        "--config", str(tmp_path / "nope.yml"), "--site-dir", str(tmp_path / "site")],
                       cwd=REPO_ROOT, capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [f"build_tools site: {tmp_path / 'nope.yml'}: no MkDocs configuration there"]
    assert not (tmp_path / "site").exists()


def test_site_without_a_variants_root_is_one_line_exit_2(tmp_path):
    r = subprocess.run([sys.executable, "-m", "build_tools", "site", "--root", str(tmp_path / "none"),
                        "--site-dir", str(tmp_path / "site")], cwd=REPO_ROOT, capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [f"build_tools site: {tmp_path / 'none'}: the variants root is not a directory"]


def test_an_unexpected_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    import build_tools.validate as validate

    def broken(root):
        raise ValueError("cannot handle this\nsecond line")
    monkeypatch.setattr(validate, "validate_tree", broken)
    monkeypatch.delenv("TAFL_DEBUG", raising=False)
    assert cli.main(["validate", "--root", str(REPO_ROOT / "variants_src")]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == ["build_tools validate: unexpected error: ValueError: cannot handle this second line "
                                "(TAFL_DEBUG=1 shows the traceback)"]


def test_an_os_error_names_the_file(monkeypatch, capsys):
    import build_tools.validate as validate

    def unreadable(root):
        raise PermissionError(13, "Permission denied", "variants_src/x/de.md")
    monkeypatch.setattr(validate, "validate_tree", unreadable)
    assert cli.main(["validate"]) == 2
    assert capsys.readouterr().err.splitlines() == ["build_tools validate: variants_src/x/de.md: Permission denied"]


def test_brackets_close_on_their_line(tree):
    """Markdown reads the rest of a paragraph after an unclosed '[' (or an unclosed link target
    '](') as a possible link, in time that grows with the square of the paragraph: 4,000 '[' on
    one line took seconds, a page of them hours. So a bracket closes on its own line and nests
    at most 3 deep ([[slug]] is 2); an escaped \\[ and brackets in code are text."""
    text = tree.text(DE)
    cut = text.index("## 7. ")
    extra = ("Ein [Klammer ohne Ende.\n\n"
             "Ein [Link](https://example.org/a(b nicht zu.\n\n"
             "Zu tief: [ [ [ [x y] ] ] ].\n\n"
             "Das ist gut: \\[ Klammer, `[code` und [b](https://example.org/c(d)).\n\n")
    tree.write(DE, text[:cut] + extra + text[cut:])
    first = tree.line_of(DE, "Ein [Klammer ohne Ende.")
    assert tree.new_faults() == [
        f"{P}/de.md:{first}: '[' is not closed by ']' on its line (write \\[ for a bracket of its own)",
        f"{P}/de.md:{first + 2}: a link target '](' is not closed by ')' on its line",
        f"{P}/de.md:{first + 4}: brackets nested more than 3 deep",
    ]


def test_lists_nested_too_deep_are_a_fault(tree):
    """Python-Markdown renders a nested list recursively: 300 levels raised RecursionError in
    the build. A line may be indented or quoted at most 100 columns (25 list levels); fenced
    code is not looked at."""
    text = tree.text(DE)
    cut = text.index("## 7. ")
    deep = "".join("    " * k + "- Ebene\n" for k in range(30))
    code = "```text\n" + " " * 200 + "x\n```\n"
    tree.write(DE, text[:cut] + deep + "\n" + code + "\n" + text[cut:])
    first = tree.line_of(DE, " " * 104 + "- Ebene")   # level 27: 104 columns
    message = "line indented or quoted more than 100 columns deep (lists nested that deep break the markdown renderer)"
    assert tree.new_faults() == [f"{P}/de.md:{first + k}: {message}" for k in range(4)]


def test_paragraph_over_the_bound_is_a_fault_at_its_first_line(tree):
    """A paragraph longer than PARAGRAPH_LIMIT (unmatched backticks: Python-Markdown took 60 s at
    270,000 characters) is a fault at its first line; the same text
    split by blank lines is clean."""
    from build_tools.format import PARAGRAPH_LIMIT
    text = tree.text(DE)
    cut = text.index("## 7. ")
    para = "\n".join(["`a " * 30] * (PARAGRAPH_LIMIT // 90 + 1))
    assert len(para) > PARAGRAPH_LIMIT
    tree.write(DE, text[:cut] + para + "\n\n" + text[cut:])
    first = text[:cut].count("\n") + 1
    assert tree.new_faults() == [
        f"{P}/de.md:{first}: paragraph too long ({len(para):,} characters; at most {PARAGRAPH_LIMIT:,}): "
        "split it with a blank line"]
    tree.write(DE, text[:cut] + para.replace("\n", "\n\n") + "\n\n" + text[cut:])
    assert tree.new_faults() == []


# --------------------------------------------------------------------------- hostile sources

STUBS = "_not_yet_documented.toml"


def _validate(root) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "build_tools", "validate", "--root", str(root)],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)


def test_rules_integer_of_5000_digits_is_a_fault_at_its_line(tree):
    """tomllib's int() refuses more than 4,300 digits with a plain ValueError (CPython's integer
    string conversion limit), which escaped build_tools.sources.parse_toml as "unexpected error",
    exit 2. notes/engine.md (limits): a TOML number has at most 64 digits
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
    notes/source-format.md ("Limits"): every other fault ends in one line on stderr naming what, exit 2;
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
    exit 2 (notes/source-format.md, "Limits"), and the file is left as it was."""
    target = tmp_path / "sitefile"
    target.write_text("keep\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "build_tools", "site", "--root", str(tree.root),
                        "--site-dir", str(target)], cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and str(target) in r.stderr, r.stderr
    assert target.read_text(encoding="utf-8") == "keep\n"
    assert not list(tmp_path.glob(".site-*"))
