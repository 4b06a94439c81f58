"""The documents that list all of something agree with the code they describe: README.md's make
targets with the Makefile, its benchmark quote with the log, notes/source-format.md's rules table
with ``tafl_core.rulekeys``, notes/CONTRACTS.md's ``build_tools.sources`` fields and board host
interface with the code, the regular-expression audits with every pattern; and README.md is a
front door of at most 300 lines.

Each expected value is read from the code or the Makefile, never from the document under test.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from pathlib import Path

import pytest

from build_tools import bench_log, sources
from build_tools.page_source import Page, Section
from tafl_core.rulekeys import ALL_RULE_KEYS, BOOL_KEYS, ENUM_VALUES, REPETITION_COUNTS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
NOTES = ROOT / "notes"
CONTRACTS = (NOTES / "CONTRACTS.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text after ``heading`` up to the next heading of level 2 (``\\n## ``)."""
    return text.split(heading, 1)[1].split("\n## ", 1)[0]


def table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of the rows of the first table whose header row begins with ``header``."""
    part = text.split(header, 1)[1]
    rows = []
    for line in part.splitlines()[1:]:
        if not line.startswith("|"):
            break
        if set(line) <= {"|", "-", " ", ":"}:
            continue
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


# --- README.md -------------------------------------------------------------------------------------

def test_the_readme_is_at_most_300_lines():
    assert len(README.splitlines()) <= 300


def test_the_readme_counts_the_rulesets_and_boards():
    import tomllib
    folders = [p for p in (ROOT / "variants_src").iterdir() if (p / "rules.toml").is_file()]
    rules = {p: tomllib.loads((p / "rules.toml").read_text(encoding="utf-8")) for p in folders}
    layouts = [p for p in folders if "layout" in rules[p]]
    square = [p for p in layouts if rules[p].get("rules", {}).get("geometry", {}).get("value", "square") == "square"]
    assert (f"The site documents {len(folders)} rulesets, {len(layouts)} of them with a start layout and "
            f"{len(square)} with a board to play") in " ".join(README.split())


def makefile_targets() -> set[str]:
    """The Makefile's targets with a name (not a file such as ``$(VENV)/.stamp``)."""
    return set(re.findall(r"(?m)^([a-z][a-z0-9-]*):(?!=)", MAKEFILE))


def test_the_makefile_declares_its_targets_phony():
    phony = set(re.search(r"(?m)^\.PHONY:(.*)$", MAKEFILE).group(1).split())
    assert phony == makefile_targets()


def test_the_readme_lists_every_make_target():
    listed = [re.fullmatch(r"`([a-z0-9-]+)`", row[0]).group(1) for row in table_rows(README, "| make target |")]
    assert len(listed) == len(set(listed))
    assert set(listed) == makefile_targets()


def test_every_bench_target_logs_its_commands():
    """Each command of a ``bench*`` target runs through ``$(BENCH)`` (build_tools/bench_log.py)."""
    targets = sorted(t for t in makefile_targets() if t.startswith("bench"))
    assert targets
    for target in targets:
        recipe = MAKEFILE.split(f"\n{target}:", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
        commands = [ln.strip() for ln in recipe if ln.startswith("\t")]
        assert commands and all(c.startswith("$(BENCH) ") for c in commands), (target, commands)


LOG_LINE = re.compile(r"- \d{4}-\d\d-\d\d \d\d:\d\d UTC · commit (?:[0-9a-f]{7,40}|unknown)(?:\+changes)? · "
                      r"load \d+\.\d\d · `[^`]+` · .+")


def test_the_readme_quotes_the_latest_line_of_the_benchmark_log():
    log = (NOTES / "benchmarks.md").read_text(encoding="utf-8")
    latest = bench_log.latest_line(log)
    assert latest is not None
    assert bench_log.quoted_line(README) == latest


def test_every_line_of_the_benchmark_log_has_date_commit_load_command_and_figures():
    log = (NOTES / "benchmarks.md").read_text(encoding="utf-8").split("\n## Log", 1)[1]
    entries = [ln for ln in log.splitlines() if ln.startswith("- ")]
    assert entries
    for line in entries:
        assert LOG_LINE.fullmatch(line), line


def _docs(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "benchmarks.md"
    log.write_text("# Benchmarks\n\n## Log\n\nOne line per command.\n", encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text(f"# X\n\n{bench_log.QUOTE_START}\nold\n{bench_log.QUOTE_END}\n\nrest\n", encoding="utf-8")
    return log, readme


def test_a_benchmark_run_appends_its_line_and_the_readme_quotes_it(tmp_path, capsys):
    log, readme = _docs(tmp_path)
    code = bench_log.run([sys.executable, "-c", "print('copenhagen: 26,386 plies/s'); print(); print('depth 5')"],
                         log=log, readme=readme)
    assert code == 0
    assert "copenhagen: 26,386 plies/s" in capsys.readouterr().out     # the output passes through
    line = bench_log.latest_line(log.read_text(encoding="utf-8"))
    assert LOG_LINE.fullmatch(line)
    assert "· `python -c " in line and line.endswith("` · copenhagen: 26,386 plies/s / depth 5")
    text = readme.read_text(encoding="utf-8")
    assert bench_log.quoted_line(text) == line and text.endswith("\n\nrest\n") and "old" not in text


def test_a_failing_benchmark_logs_nothing(tmp_path):
    log, readme = _docs(tmp_path)
    before = log.read_text(encoding="utf-8"), readme.read_text(encoding="utf-8")
    assert bench_log.run([sys.executable, "-c", "import sys; print('x'); sys.exit(3)"], log=log, readme=readme) == 3
    assert (log.read_text(encoding="utf-8"), readme.read_text(encoding="utf-8")) == before


def test_long_figures_are_cut_and_backticks_kept_out():
    text = bench_log.figures("`a`\n" + "9" * 2000)
    assert len(text) == bench_log.MAX_FIGURES and text.endswith("…") and text.startswith("'a' / 999")


MAPS = [("### Where things are in `tafl_core/`", "tafl_core", (".py",)),
        ("### Where things are in `build_tools/`", "build_tools", (".py",)),
        ("### Where things are in `docs/assets/board/`", "docs/assets/board", (".js", ".css"))]


@pytest.mark.parametrize("heading, folder, suffixes", MAPS, ids=[m[1] for m in MAPS])
def test_the_readme_s_map_names_every_module_of_its_folder(heading, folder, suffixes):
    """Every module (a package's ``__init__`` and ``__main__`` aside) is in its folder's map,
    by its path relative to the folder."""
    part = README.split(heading, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    named = set(re.findall(r"`([\w/]+\.\w+)`", part))
    base = ROOT / folder
    modules = {p.relative_to(base).as_posix() for p in base.rglob("*") if p.suffix in suffixes
               and p.name not in ("__init__.py", "__main__.py") and "__pycache__" not in p.parts}
    assert sorted(modules - named) == []


# --- notes/source-format.md: the rules table ---------------------------------------------------------

def rules_table() -> dict[str, set[str]]:
    """Key -> the backticked values of its row (quotes stripped), for every key a row names."""
    text = (NOTES / "source-format.md").read_text(encoding="utf-8")
    out = {}
    for cells in table_rows(text, "| rule | values | meaning |"):
        values = {v.strip('"') for v in re.findall(r"`([^`]+)`", cells[1])}
        for key in re.findall(r"`([a-z_]+)`", cells[0]):
            out[key] = values
    return out


def test_the_rules_table_lists_every_rule_key_once():
    assert set(rules_table()) == set(ALL_RULE_KEYS)


@pytest.mark.parametrize("key", sorted(ENUM_VALUES))
def test_the_rules_table_lists_every_value_of_a_key(key):
    assert rules_table()[key] == set(ENUM_VALUES[key])


def test_the_rules_table_gives_booleans_and_counts_as_the_code_takes_them():
    table = rules_table()
    for key in BOOL_KEYS:
        assert table[key] == {"true", "false"}, key
    assert table["repetition_count"] == {str(n) for n in REPETITION_COUNTS}


# --- notes/CONTRACTS.md: build_tools.sources ---------------------------------------------------------

SOURCES = section(CONTRACTS, "## build_tools.sources")


def attributes_named(part: str) -> set[str]:
    """The attribute names a contract's bullets give: a backticked lower-case name, possibly
    with its call, followed by a colon, a closing backtick, ``->`` or ``|``."""
    return set(re.findall(r"`([a-z_]+)(?:\([^`]*\))?(?:[:`]| ->| \|)", part))


def public_members(cls) -> set[str]:
    fields = {f.name for f in dataclasses.fields(cls)}
    return fields | {n for n, v in vars(cls).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}


@pytest.mark.parametrize("cls, start, end", [
    (sources.Variant, "`Variant`:", "`Page` ("),
    (Page, "`Page` (", "`Section`:"),
    (Section, "`Section`:", None),
])
def test_the_sources_contract_names_every_field_and_no_other(cls, start, end):
    part = SOURCES.split(start, 1)[1]
    part = part.split(end, 1)[0] if end else part
    assert attributes_named(part) == public_members(cls)


def test_every_name_the_sources_contract_imports_exists():
    names = re.search(r"from build_tools\.sources import \(([^)]*)\)", SOURCES).group(1)
    for name in (n.strip() for n in names.split(",")):
        assert hasattr(sources, name), name


# --- notes/CONTRACTS.md: the board host interface ------------------------------------------------------

HOST = section(CONTRACTS, "## Board host interface")
HOST_MEMBER_BULLETS = ("- Configuration:", "- State:", "- Requests and the game:", "- Showing:")


def declared_host_members() -> set[str]:
    text = (ROOT / "docs" / "assets" / "board" / "host.js").read_text(encoding="utf-8")
    return set(re.findall(r"@property\s+\{.*?\}\s+\[?(\w+)", text))


def test_the_contract_names_every_member_host_js_declares():
    named = set(re.findall(r"`(\w+)(?:\([^`]*\))?`", HOST))
    assert declared_host_members() <= named


def test_every_member_the_contract_lists_is_declared_in_host_js():
    bullets = [b.split("\n\n", 1)[0] for b in re.split(r"\n(?=- )", HOST)]
    listed = set()
    for bullet in bullets:
        if bullet.startswith(HOST_MEMBER_BULLETS):
            text = bullet
            while re.search(r"\([^()]*\)", text):       # asides in parentheses name no member
                text = re.sub(r"\([^()]*\)", "", text)
            listed |= set(re.findall(r"`(\w+)`", text))
    assert len(listed) > 30
    assert listed <= declared_host_members()


# --- the regular-expression audits --------------------------------------------------------------------

BUILD_AUDIT = (NOTES / "regex-audit-build.md").read_text(encoding="utf-8")
RE_FUNCTIONS = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"}


def audit_rows() -> dict[str, str]:
    """Module (relative to build_tools/) -> the text of its rows in the build audit."""
    rows: dict[str, str] = {}
    for line in BUILD_AUDIT.splitlines():
        m = re.match(r"^\| `([a-z_/]+\.py)` \|(.*)$", line)
        if m:
            rows[m.group(1)] = rows.get(m.group(1), "") + m.group(2)
    return rows


def build_modules() -> dict[str, ast.Module]:
    return {str(p.relative_to(ROOT / "build_tools")): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "build_tools").rglob("*.py"))}


def uses_regex(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in RE_FUNCTIONS
               and isinstance(n.func.value, ast.Name) and n.func.value.id == "re" for n in ast.walk(tree))


def compiled_constants(tree: ast.Module) -> list[str]:
    """The module-level names bound to ``re.compile(...)``."""
    out = []
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "compile"
                and isinstance(value.func.value, ast.Name) and value.func.value.id == "re"):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out += [t.id for t in targets if isinstance(t, ast.Name)]
    return out


def test_the_build_audit_has_a_row_for_every_module_with_a_pattern():
    rows = audit_rows()
    missing = [m for m, tree in build_modules().items() if uses_regex(tree) and m not in rows]
    assert missing == []


def test_the_build_audit_names_every_compiled_pattern():
    rows = audit_rows()
    missing = {m: [c for c in compiled_constants(tree) if f"`{c}`" not in rows.get(m, "")]
               for m, tree in build_modules().items()}
    assert {m: c for m, c in missing.items() if c} == {}


def test_every_name_in_the_build_audit_is_in_its_module():
    """A row's backticked constants (``_NAME``, ``NAME``) and functions (``name()``) exist in the
    module the row names (a pattern moved or removed leaves no stale row); a row that says what
    a pattern was "replaced" by may name the old one."""
    stale = []
    for line in BUILD_AUDIT.splitlines():
        m = re.match(r"^\| `([a-z_/]+\.py)` \|(.*)$", line)
        if not m or "replaced" in m.group(2):
            continue
        path = ROOT / "build_tools" / m.group(1)
        assert path.is_file(), m.group(1)
        source = path.read_text(encoding="utf-8")
        names = re.findall(r"`(_?[A-Z][A-Z0-9_]+)`", m.group(2)) + re.findall(r"`([a-z_]+)\(\)`", m.group(2))
        stale += [f"{m.group(1)}: {n}" for n in names if not re.search(rf"\b{n}\b", source)]
    assert stale == []


#: A regular-expression literal in JavaScript: a ``/`` where an expression starts (after an
#: operator, a bracket, a comma or ``return``), not a comment, up to the closing ``/`` and flags.
JS_REGEX = re.compile(r"(?:(?<=[(,=:\[!&|?{};])|(?<=return)|^)[ \t]*"
                      r"(/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n\[])+/[dgimsuy]*)", re.M)


def js_regex_literals(path: Path) -> list[str]:
    code = path.read_text(encoding="utf-8")
    code = re.sub(r"/\*[\s\S]*?\*/", "", code)                    # block comments
    code = re.sub(r"(?m)(?<![:\\\"'])//[^\n]*", "", code)          # line comments (not in URLs)
    return [m.group(1) for m in JS_REGEX.finditer(code)]


def test_the_literal_finder_finds_literals_and_skips_division_and_comments(tmp_path):
    f = tmp_path / "x.js"
    f.write_text("const a = /^[a-z]{1,4}$/.test(s); // not /this/\nconst b = x / 2 / y;\n"
                 "if (!/[\\]/]+/g.test(t)) return /a\\/b/;\n", encoding="utf-8")
    assert js_regex_literals(f) == ["/^[a-z]{1,4}$/", "/[\\]/]+/g", "/a\\/b/"]


def test_the_board_audit_lists_every_pattern_of_docs_assets():
    audit = (NOTES / "regex-audit-board.md").read_text(encoding="utf-8")
    missing = []
    for path in sorted((ROOT / "docs" / "assets").rglob("*.js")):
        rel = path.relative_to(ROOT / "docs" / "assets").as_posix()
        for literal in js_regex_literals(path):
            if f"`{rel}`" not in audit or literal not in audit:
                missing.append(f"{rel}: {literal}")
    assert missing == []


# --- no note on how the work is organised ---------------------------------------------------------------

def test_the_documents_say_nothing_of_how_the_work_is_organised():
    assert not (NOTES / "HELPERS.md").exists()
    words = re.compile(r"\bworktrees?\b|\bwt-[a-z]+\b|\bthe lead\b|\bhelpers? and\b|\bother helpers\b", re.I)
    found = [f"{p.name}: {m.group(0)}" for p in [ROOT / "README.md", *sorted(NOTES.glob("*.md"))]
             for m in words.finditer(p.read_text(encoding="utf-8"))]
    assert found == []
