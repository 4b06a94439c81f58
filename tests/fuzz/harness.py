"""In-process runs of the command line for the fuzz suite, and the promise they check."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from tafl_core import cli, cli_common

REPO = Path(__file__).resolve().parents[2]
RULES_FILES = sorted((REPO / "variants_src").glob("*/rules.toml"))
SLUGS = [p.parent.name for p in RULES_FILES]
RULES_BYTES = {p.parent.name: p.read_bytes() for p in RULES_FILES}


def call(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run ``main(argv)`` with captured streams; returns (exit code, stdout, stderr). Standard
    input holds ``stdin`` (None: closed, as ``<&-`` leaves it)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = None if stdin is None else io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as exc:      # argparse's --help
                code = exc.code
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], stdin: bytes | None = b"") -> tuple[int, str, str]:
    """:func:`call`, asserting the command line's promise about exits and standard error."""
    code, out, err = call(argv, stdin)
    assert code != cli_common.EXIT_INTERNAL, f"internal fault for {argv!r}: {err}"
    assert code in (0, 2), (code, argv, err)
    if code == 0:
        assert err == "", (argv, err)
    else:
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert out == "", (argv, out)
    return code, out, err


def with_short_bench(argv: list[str]) -> list[str]:
    """``bench`` runs for --seconds (default 5): every argument list naming it gets a tiny one last."""
    return argv + ["--seconds", "0.01"] if "bench" in argv else argv
