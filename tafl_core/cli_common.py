"""What the command line's modules share (:mod:`tafl_core.cli` with ``play``, ``moves``, ``bench`` and
:mod:`tafl_core.cli_search` with ``best``, ``match``, ``bench-search``): the exit codes, the
handling of stream faults (:func:`run_cli`), :class:`UsageError` for malformed input, the argument
parser, and reading ``--variant`` and ``--position`` into a game (:func:`setup`).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import Callable

from . import limits
from .errors import TaflError
from .game import Game
from .position import Position, check_kings, parse_diagram
from .ruleset import Ruleset, load_ruleset
from .squares import shown_text

REPO_ROOT = Path(__file__).resolve().parent.parent

#: Exit codes of the command line (notes/engine.md, "Command line").
EXIT_OK = 0
EXIT_BROKEN_PIPE = 1      # the reader of standard output went away (``| head``): quiet
EXIT_USAGE = 2            # malformed input, an unreadable file, or output that cannot be written
EXIT_INTERNAL = 3         # a fault in tafl_core itself (one line; the fuzz suite looks for these)
EXIT_INTERRUPTED = 130    # Ctrl-C (128 + SIGINT, as a shell reports it)

_WRITE_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EBADF", "EPIPE")
                          if hasattr(errno, name))


class UsageError(Exception):
    """Bad command-line input (exit 2)."""


def resolve_variant(spec: str) -> Path:
    """Path of the rules file for ``--variant``: a slug under ``variants_src/`` (current folder
    first, then the project checkout this package lives in), or a path to a folder or file.

    Raises:
        UsageError: nothing found.
    """
    shown = shown_text(spec, 60)
    try:
        p = Path(spec)
        candidates = [p / "rules.toml" if p.is_dir() else p] if p.exists() else []
    except (OSError, ValueError):
        raise UsageError(f"unknown variant '{shown}'") from None
    if not candidates and "/" not in spec and not spec.endswith(".toml"):
        for root in (Path.cwd() / "variants_src", REPO_ROOT / "variants_src"):
            if (root / spec / "rules.toml").is_file():
                candidates.append(root / spec / "rules.toml")
                break
    if not candidates or not candidates[0].is_file():
        raise UsageError(f"unknown variant '{shown}' (no variants_src/{shown}/rules.toml and no such file)")
    return candidates[0]


def read_position(spec: str, size: int) -> Position:
    """Read ``--position`` (a file, or ``-`` for stdin): an ASCII diagram or an OpenTafl record."""
    name = "<stdin>" if spec == "-" else spec
    try:
        if spec == "-":
            if sys.stdin is None:  # limits: standard input closed (<&-)
                raise UsageError("<stdin>: cannot read position: standard input is closed")
            raw = sys.stdin.buffer.read(limits.MAX_POSITION_BYTES + 1)
        else:
            with open(spec, "rb") as fh:
                raw = fh.read(limits.MAX_POSITION_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"{name}: cannot read position: {exc.strerror or exc}") from None
    if len(raw) > limits.MAX_POSITION_BYTES:
        raise UsageError(f"{name}: position file is larger than {limits.MAX_POSITION_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: position is not UTF-8 text (byte {exc.start})") from None
    stripped = text.strip()
    if stripped.startswith("/"):
        line = 1 + text[: text.index("/")].count("\n")
        pos = Position.from_otn(stripped, name, line)
    else:
        pos = parse_diagram(text, name, 1)
        check_kings(pos, name, 1, 1 + next(i for i, l in enumerate(text.split("\n")) if l.strip()))
    if pos.size != size:
        raise UsageError(f"{name}:1: position is {pos.size}x{pos.size}, the variant's board is {size}x{size}")
    return pos


def setup(args) -> tuple[str, Ruleset, Game]:
    """The game a command works on, from ``args.variant``, ``args.position`` and ``args.to_move``
    (:func:`add_game_arguments`): (the variant's folder name, its ruleset, the game).

    Raises:
        UsageError: no such variant, an unreadable position or one the game refuses.
        TaflError: a broken rules file or position.
    """
    rules_path = resolve_variant(args.variant)
    ruleset = load_ruleset(rules_path)
    position = read_position(args.position, ruleset.size) if args.position else None
    try:
        game = Game(ruleset, position, args.to_move)
    except TaflError as exc:
        where = "<stdin>" if args.position == "-" else (args.position or str(rules_path))
        raise UsageError(f"{where}: {exc.message}") from None
    slug = rules_path.parent.name
    return slug, ruleset, game


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one :class:`UsageError` (exit 2) instead of a usage
    text and ``sys.exit``."""

    def error(self, message):  # one line, exit 2
        raise UsageError(message)

    def _print_message(self, message, file=None):  # limits: argparse drops write errors; run_cli reports them
        if message:
            (file or sys.stderr).write(message)


def add_game_arguments(sp: argparse.ArgumentParser) -> None:
    """The arguments :func:`setup` reads: ``--variant``, ``--position``, ``--to-move``."""
    sp.add_argument("--variant", required=True, help="slug (variants_src/SLUG) or path")
    sp.add_argument("--position", help="file with an ASCII diagram or OpenTafl record, or - for stdin")
    sp.add_argument("--to-move", choices=("attackers", "defenders"))


# -- the streams ----------------------------------------------------------------------------------

def run_cli(body: Callable[[], int]) -> int:
    """Run a command-line body and turn every stream fault into its documented exit code.

    * standard output closed before the start (``>&-``), or a write to it failing (a full disk,
      ``/dev/full``): one line ``error: cannot write to standard output: …`` on standard error
      (when that is open) and :data:`EXIT_USAGE` (2);
    * the reader of standard output gone (``… | head``): no message, :data:`EXIT_BROKEN_PIPE` (1),
      as a program stopped by SIGPIPE would be quiet;
    * a text standard output whose encoding cannot write a character (``PYTHONIOENCODING=ascii``
      and a "µs", a non-UTF-8 argument echoed to a strict UTF-8 output): the same one line and
      :data:`EXIT_USAGE`, naming the encoding and the character;
    * any other exception escaping ``body`` is a fault of tafl_core: one line
      ``error: internal error (…)`` and :data:`EXIT_INTERNAL` (3), never a traceback;
    * Ctrl-C: ``error: interrupted`` and :data:`EXIT_INTERRUPTED` (130).

    Standard output is flushed here, so that a failing write is seen while the exit code can
    still say so; after a fault it is pointed at the null device so that the interpreter's own
    flush at exit stays quiet.

    Args:
        body: does the command's work, returns its exit code; it reports malformed input itself.

    Returns:
        The exit code.
    """
    if sys.stdout is None:
        _say("error: cannot write to standard output: it is closed")
        return EXIT_USAGE
    try:
        try:
            code = body()
        except SystemExit as exc:   # argparse's --help; its output is flushed below like any other
            code = exc.code if isinstance(exc.code, int) else (EXIT_OK if exc.code is None else EXIT_USAGE)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if not _is_stdout_fault(exc):
            _say(f"error: internal error ({type(exc).__name__}: {exc})")
            return EXIT_INTERNAL
        _silence_stdout()
        _say(f"error: cannot write to standard output: {exc.strerror or exc}")
        return EXIT_USAGE
    except UnicodeEncodeError as exc:  # tafl_core encodes nothing strictly: it is a print's
        _silence_stdout()
        _say(f"error: cannot write to standard output: its encoding {exc.encoding} cannot write "
             f"{ascii(exc.object[exc.start:exc.end])[:40]} (set PYTHONIOENCODING=utf-8:backslashreplace)")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _say("error: interrupted")
        return EXIT_INTERRUPTED
    except BaseException as exc:  # noqa: BLE001 - the promise is: no traceback, ever
        _say(f"error: internal error ({type(exc).__name__}: {str(exc)[:200]})".replace("\n", " "))
        return EXIT_INTERNAL


def _is_stdout_fault(exc: OSError) -> bool:
    """True when ``exc`` is a failed write to standard output: its flush still fails, or the
    error is one that writes raise (the body reads files only through functions that turn
    their OSError into a TaflError, so an escaping write error is standard output's)."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return exc.errno in _WRITE_ERRNOS


def _silence_stdout() -> None:
    """Point file descriptor 1 at the null device and drop what is still buffered."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        if fd != sys.stdout.fileno():
            os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass


def _say(line: str) -> None:
    """Write one line to standard error if it is open; a closed or full one is left alone."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


__all__ = ["EXIT_OK", "EXIT_BROKEN_PIPE", "EXIT_USAGE", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "REPO_ROOT",
           "UsageError", "Parser", "resolve_variant", "read_position", "setup", "add_game_arguments", "run_cli"]
