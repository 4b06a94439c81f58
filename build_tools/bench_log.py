"""``python -m build_tools.bench_log -- COMMAND [ARG ...]``: run a benchmark command and log it.

The ``make bench*`` targets run each of their commands through this. The command's standard
output is passed through as it comes; when it succeeds, one dated line is appended to the log
(:data:`LOG`, notes/benchmarks.md)::

    - 2026-12-07 20:14 UTC · commit 4e0e7d9 · load 1.23 · `python -m tafl_core bench …` · <figures>

with the commit (``+changes`` when tracked files differ from it), the one-minute load average
before the run, the command and its output (lines joined by `` / ``, blanks collapsed, at most
:data:`MAX_FIGURES` characters), and README.md's quote of the latest line (between
:data:`QUOTE_START` and :data:`QUOTE_END`) is set to it. A failing command logs nothing and
its exit code is returned.
"""

from __future__ import annotations

import datetime
import os
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The benchmark log: a line per command, newest last.
LOG = REPO / "notes" / "benchmarks.md"
README = REPO / "README.md"
#: The markers around README.md's quote of the log's latest line.
QUOTE_START = "<!-- latest benchmark line (build_tools/bench_log.py) -->"
QUOTE_END = "<!-- end of the latest benchmark line -->"
#: The longest figures part of a line, in characters.
MAX_FIGURES = 800
#: What begins every line of the log.
LINE_PREFIX = "- "


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def commit() -> str:
    """The checked-out commit, short, with ``+changes`` when tracked files differ from it;
    ``unknown`` outside a git checkout."""
    head = _git("rev-parse", "--short", "HEAD") or "unknown"
    changed = _git("status", "--porcelain", "--untracked-files=no")
    return head + ("+changes" if changed else "")


def shown_command(argv: list[str]) -> str:
    """``argv`` as the log shows it: a Python interpreter named ``python`` (whatever its path),
    the rest quoted as a shell would need."""
    first = Path(argv[0]).name if argv else ""
    head = ["python"] if first.startswith("python") else [argv[0]]
    return shlex.join(head + argv[1:])


def figures(output: str) -> str:
    """The figures part of a line: ``output``'s non-blank lines, blanks collapsed, joined by
    `` / ``, cut to :data:`MAX_FIGURES` characters (ending in ``…`` when cut); backticks become
    quotes so that the line's markdown stays whole."""
    text = " / ".join(" ".join(line.split()) for line in output.splitlines() if line.strip())
    text = text.replace("`", "'")
    return text if len(text) <= MAX_FIGURES else text[:MAX_FIGURES - 1] + "…"


def log_line(*, when: datetime.datetime, commit_id: str, load: float, command: str, output: str) -> str:
    """One line of the log (module docstring); ``when`` in UTC."""
    return (f"{LINE_PREFIX}{when:%Y-%m-%d %H:%M} UTC · commit {commit_id} · load {load:.2f} · "
            f"`{command}` · {figures(output)}")


def latest_line(log_text: str) -> str | None:
    """The last line of the log's entries in ``log_text`` (None when there is none)."""
    lines = [ln for ln in log_text.split("## Log", 1)[-1].splitlines() if ln.startswith(LINE_PREFIX)]
    return lines[-1] if lines else None


def quoted_line(readme_text: str) -> str | None:
    """README.md's quote of the latest line (the text between the markers, stripped), or None
    without the markers."""
    start = readme_text.find(QUOTE_START)
    end = readme_text.find(QUOTE_END, start + 1)
    if start < 0 or end < 0:
        return None
    return readme_text[start + len(QUOTE_START):end].strip()


def with_quote(readme_text: str, line: str) -> str:
    """``readme_text`` with the quote between the markers set to ``line``.

    Raises:
        ValueError: the markers are missing.
    """
    start = readme_text.find(QUOTE_START)
    end = readme_text.find(QUOTE_END, start + 1)
    if start < 0 or end < 0:
        raise ValueError(f"README.md has no {QUOTE_START!r} … {QUOTE_END!r}")
    return readme_text[:start + len(QUOTE_START)] + "\n" + line + "\n" + readme_text[end:]


def run(argv: list[str], *, log: Path = LOG, readme: Path = README) -> int:
    """Run ``argv``, pass its standard output through, and on success append its line to
    ``log`` and quote it in ``readme``. Returns the command's exit code."""
    load = os.getloadavg()[0]
    when = datetime.datetime.now(datetime.timezone.utc)
    commit_id = commit()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, cwd=REPO)
    out = []
    assert proc.stdout is not None
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        out.append(line)
    code = proc.wait()
    if code != 0:
        return code
    line = log_line(when=when, commit_id=commit_id, load=load, command=shown_command(argv), output="".join(out))
    text = log.read_text(encoding="utf-8")
    log.write_text(text.rstrip("\n") + "\n" + line + "\n", encoding="utf-8")
    readme.write_text(with_quote(readme.read_text(encoding="utf-8"), line), encoding="utf-8")
    print(f"bench_log: logged in {log.relative_to(REPO) if log.is_relative_to(REPO) else log}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m build_tools.bench_log -- COMMAND [ARG ...]`` (module docstring); exit 2 on a
    usage error."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--"]:
        args = args[1:]
    if not args:
        print("usage: python -m build_tools.bench_log -- COMMAND [ARG ...]", file=sys.stderr)
        return 2
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
