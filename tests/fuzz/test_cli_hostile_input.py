"""Hostile input to the command line as fixed examples, each through the real command line
(``python -m tafl_core`` in a subprocess): binary and deeply nested rules files, 5,000-digit
labels and numbers, closed or full standard streams, output encodings that cannot write the
text, arguments that are not UTF-8, overlong moves. Each must end in one line on standard error
naming what and where, and the documented exit (notes/engine.md, "Command line"): 2 for malformed
input and for output that cannot be written, 1 (quiet) when the reader of the output went
away; never a traceback."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tafl_core import cli_common, limits

from .harness import RULES_BYTES, SLUGS, check

REPO = Path(__file__).resolve().parents[2]
BRANDUBH = REPO / "variants_src" / "brandubh" / "rules.toml"
SH = "/bin/sh"

#: Brandubh's start (variants_src/brandubh/rules.toml), as a --position diagram.
BRANDUBH_START = """\
7 . . . A . . .
6 . . . A . . .
5 . . . D . . .
4 A A D K D A A
3 . . . D . . .
2 . . . A . . .
1 . . . A . . .
"""


def run(*args: str, redirect: str = "", stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """``python -m tafl_core ARGS`` from the project folder; ``redirect`` is shell syntax
    applied to the call (``>&-`` closes standard output, ``<&-`` standard input)."""
    cmd = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "tafl_core", *args))
    return subprocess.run([SH, "-c", f"{cmd} {redirect}"], cwd=REPO, input=stdin, capture_output=True, timeout=120)


def one_error_line(p: subprocess.CompletedProcess) -> str:
    """The single line on standard error (asserting there is exactly one and no traceback)."""
    err = p.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("error: "), err
    return lines[0]


def line_of(text: str, needle: str) -> int:
    """1-based number of the first line of ``text`` that contains ``needle``."""
    return next(i for i, line in enumerate(text.split("\n"), start=1) if needle in line)


# -- rules files, positions and streams that once ended in a traceback ---------------------------

def test_binary_rules_file(tmp_path):
    """A binary file (a PNG header, then every byte value) given as --variant: was
    UnicodeDecodeError. The first byte, 0x89, is no UTF-8 start byte."""
    f = tmp_path / "rules.toml"
    f.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    p = run("play", "--variant", str(f))
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p) == f"error: {f}:1: the rules file is not UTF-8 text (byte 0 is 0x89)"


@pytest.mark.parametrize("opening,closing", [("[", "]"), ("{a = ", "}")], ids=["arrays", "inline-tables"])
def test_deeply_nested_values(tmp_path, opening, closing):
    """A rule value nested 5,000 deep in arrays or in inline tables: was RecursionError."""
    text = BRANDUBH.read_text(encoding="utf-8").replace(
        '[rules.escape]\nvalue = "corners"', f"[rules.escape]\nvalue = {opening * 5000}1{closing * 5000}")
    assert opening * 5000 in text
    f = tmp_path / "rules.toml"
    f.write_text(text, encoding="utf-8")
    p = run("moves", "--variant", str(f))
    assert p.returncode == 2 and p.stdout == b""
    line = line_of(text, opening * 50)
    assert one_error_line(p) == (f"error: {f}:{line}: arrays or inline tables nested more than "
                                 f"{limits.MAX_TOML_DEPTH} deep")


def test_rank_label_of_5000_digits_in_rules_file(tmp_path):
    """The top rank label of Brandubh's layout written with 5,000 digits: was ValueError
    (CPython's integer string conversion limit, 4,300 digits)."""
    text = BRANDUBH.read_text(encoding="utf-8").replace("\n7 . . . A . . .\n", "\n" + "7" * 5000 + " . . . A . . .\n")
    f = tmp_path / "rules.toml"
    f.write_text(text, encoding="utf-8")
    p = run("play", "--variant", str(f))
    assert p.returncode == 2 and p.stdout == b""
    msg = one_error_line(p)
    assert msg.startswith(f"error: {f}:{line_of(text, '7' * 5000)}: rank label '77777777…' has 5000 digits")


def test_rank_label_of_5000_digits_in_position_file(tmp_path):
    f = tmp_path / "pos.txt"
    f.write_text(BRANDUBH_START.replace("7 . . .", "7" * 5000 + " . . .", 1), encoding="utf-8")
    p = run("play", "--variant", "brandubh", "--position", str(f))
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p).startswith(f"error: {f}:1: rank label '77777777…' has 5000 digits")


def test_position_from_closed_standard_input():
    p = run("play", "--variant", "brandubh", "--position", "-", redirect="<&-")
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p) == "error: <stdin>: cannot read position: standard input is closed"


@pytest.mark.parametrize("args", [("play", "--variant", "brandubh", "d1-c1"), ("moves", "--variant", "brandubh", "--json")],
                         ids=["play", "moves-json"])
def test_closed_standard_output(args):
    p = run(*args, redirect=">&-")
    assert p.returncode == 2
    assert one_error_line(p) == "error: cannot write to standard output: it is closed"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full (a device that is always full) is Linux's")
@pytest.mark.parametrize("args", [("play", "--variant", "brandubh", "d1-c1"), ("moves", "--variant", "brandubh", "--json"),
                                  ("bench", "--variant", "brandubh", "--seconds", "0.05"), ("play", "--help")],
                         ids=["play", "moves-json", "bench", "help"])
def test_full_standard_output(args):
    p = run(*args, redirect=">/dev/full")
    assert p.returncode == 2
    assert one_error_line(p) == "error: cannot write to standard output: No space left on device"


# -- next to them -------------------------------------------------------------------------------

def test_the_reader_going_away_is_quiet_exit_1():
    """``… | head``: SIGPIPE-like, no message (the reader has gone; nobody is there to read one)."""
    writer = subprocess.Popen([sys.executable, "-m", "tafl_core", "moves", "--variant", "alea-evangelii"],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer.stdout.close()          # the reader goes away before the first write
    _, err = writer.communicate(timeout=120)
    assert writer.returncode == cli_common.EXIT_BROKEN_PIPE and err == b""


def test_closed_standard_output_and_error_exit_2_silently():
    p = run("moves", "--variant", "brandubh", redirect=">&- 2>&-")
    assert p.returncode == 2 and p.stderr == b""


@pytest.mark.parametrize("value", ["9" * 5000, "0x" + "f" * 5000], ids=["decimal", "hex"])
def test_rules_file_integer_of_5000_digits(tmp_path, value):
    """``tomllib`` converts TOML integers with ``int()``: 5,000 digits raised ValueError."""
    text = BRANDUBH.read_text(encoding="utf-8").replace('[rules.repetition_count]\nvalue = 3',
                                                        f"[rules.repetition_count]\nvalue = {value}")
    assert value in text
    f = tmp_path / "rules.toml"
    f.write_text(text, encoding="utf-8")
    p = run("moves", "--variant", str(f))
    assert p.returncode == 2
    assert one_error_line(p) == (f"error: {f}:{line_of(text, value)}: a number or date of more than "
                                 f"{limits.MAX_NUMBER_DIGITS} digits")


def test_rules_file_larger_than_the_bound(tmp_path):
    """A valid rules file padded with a comment past MAX_RULES_BYTES is refused by its size."""
    text = BRANDUBH.read_text(encoding="utf-8") + "# " + "x" * limits.MAX_RULES_BYTES + "\n"
    f = tmp_path / "rules.toml"
    f.write_text(text, encoding="utf-8")
    p = run("moves", "--variant", str(f))
    assert p.returncode == 2
    assert one_error_line(p) == f"error: {f}: the rules file is larger than {limits.MAX_RULES_BYTES // 1024} KB"


def test_too_many_moves(tmp_path):
    """More MOVE arguments than MAX_RECORD_MOVES: refused before any is played."""
    moves = ["d1-c1", "d2-c2"] * (limits.MAX_RECORD_MOVES // 2 + 1)
    p = subprocess.run([sys.executable, "-m", "tafl_core", "play", "--variant", "brandubh", *moves],
                       cwd=REPO, capture_output=True, timeout=120)
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p) == (f"error: {len(moves)} moves given; at most "
                                 f"{limits.MAX_RECORD_MOVES:,} are played at once")


def test_non_utf8_arguments_are_one_line():
    """Arguments that are no UTF-8 (a Latin-1 byte; Python keeps it as a lone surrogate)."""
    p = subprocess.run([sys.executable.encode(), b"-m", b"tafl_core", b"play", b"--variant", b"brandubh", b"d1-\xe91"],
                       cwd=REPO, capture_output=True, timeout=120)
    assert p.returncode == 2 and p.stdout == b""
    assert "is not a move" in one_error_line(p)


@pytest.mark.parametrize("slug", SLUGS)
def test_real_rules_files_still_load(slug):
    """The bounds refuse nothing the project's own sources hold: each variant with a board lists
    its moves (exit 0), each text-only one says it has no board (exit 2)."""
    code, out, err = check(["moves", "--variant", slug, "--json"])
    has_board = b"board = false" not in RULES_BYTES[slug]
    assert (code == 0) == has_board, err


# -- output that cannot be written, arguments that are no moves ---------------------------------

def run_with_env(args: list[str | bytes], **env: str) -> subprocess.CompletedProcess:
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
    r = run_with_env(["bench", "--variant", "brandubh", "--seconds", "0.01"], PYTHONIOENCODING="ascii")
    assert r.returncode == 2
    assert _one_line(r.stderr).startswith("error: cannot write to standard output: ")


def test_move_not_utf8_echoed_to_a_strict_utf8_output_is_exit_2():
    """A command-line argument that is not UTF-8 (byte 0xff) is echoed in ``not played`` after
    an illegal first move (a1-a2: no piece on a1 in Brandubh's start); a strict UTF-8 standard
    output (PYTHONIOENCODING=utf-8) cannot write it. Exit 2, one line naming standard output."""
    r = run_with_env(["play", "--variant", "brandubh", "a1-a2", b"\xff"], PYTHONIOENCODING="utf-8")
    assert r.returncode == 2
    assert _one_line(r.stderr).startswith("error: cannot write to standard output: ")


def test_move_of_more_than_80_characters_is_named_in_its_message():
    """A move argument longer than 80 characters (a square with 100 digits) was refused as a
    bare "error: malformed move", naming neither the argument nor its place; a shorter one
    (``a9999999999-a1``) is named: "'a99…' is not a move". notes/engine.md: one line on stderr naming
    what is wrong; exit 2 for malformed input."""
    move = "a" + "9" * 100 + "-a1"
    r = run_with_env(["play", "--variant", "brandubh", move])
    assert r.returncode == 2
    line = _one_line(r.stderr)
    assert line.startswith("error: 'a999") and "is not a move" in line and len(line) < 200
