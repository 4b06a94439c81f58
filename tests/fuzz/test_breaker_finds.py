"""Issue 16, round 2 (helper "breaker"): command lines of ``python -m tafl_core`` that still
broke the README's promise (README.md, "Command line": every path ends in one line on stderr,
never a traceback; exit 2 for output that cannot be written), each run in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(args: list[str | bytes], **env: str) -> subprocess.CompletedProcess:
    """``python -m tafl_core ARGS`` from the project folder with ``env`` added to the
    environment; output as bytes."""
    e = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-m", "tafl_core", *args], cwd=REPO, env=e,
                          capture_output=True, timeout=120)


def _one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert text.count("\n") == 1 and text.endswith("\n"), text
    assert "Traceback" not in text and "internal error" not in text, text
    return text


def test_output_encoding_that_cannot_write_the_text_is_exit_2():
    """With an ASCII standard output (PYTHONIOENCODING=ascii) the bench line's "µs" cannot be
    written: that was UnicodeEncodeError, reported as a fault of tafl_core (exit 3). It is
    output that cannot be written: exit 2, one line naming standard output."""
    r = run(["bench", "--variant", "brandubh", "--seconds", "0.01"], PYTHONIOENCODING="ascii")
    assert r.returncode == 2
    assert _one_line(r.stderr).startswith("error: cannot write to standard output: ")


def test_move_not_utf8_echoed_to_a_strict_utf8_output_is_exit_2():
    """A command-line argument that is not UTF-8 (byte 0xff) is echoed in ``not played`` after
    an illegal first move (a1-a2: no piece on a1 in Brandubh's start); a strict UTF-8 standard
    output (PYTHONIOENCODING=utf-8) cannot write it. Exit 2, one line naming standard output."""
    r = run(["play", "--variant", "brandubh", "a1-a2", b"\xff"], PYTHONIOENCODING="utf-8")
    assert r.returncode == 2
    assert _one_line(r.stderr).startswith("error: cannot write to standard output: ")


def test_move_of_more_than_80_characters_is_named_in_its_message():
    """A move argument longer than 80 characters (a square with 100 digits) was refused as a
    bare "error: malformed move", naming neither the argument nor its place; a shorter one
    (``a9999999999-a1``) is named: "'a99…' is not a move". README.md: one line on stderr naming
    what is wrong; exit 2 for malformed input."""
    move = "a" + "9" * 100 + "-a1"
    r = run(["play", "--variant", "brandubh", move])
    assert r.returncode == 2
    line = _one_line(r.stderr)
    assert line.startswith("error: 'a999") and "is not a move" in line and len(line) < 200
