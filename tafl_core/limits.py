"""Bounds on untrusted input.

Everything the engine reads from outside (a ``rules.toml``, a position file, moves on the
command line) is bounded here, so that hostile or broken input ends in one
:class:`~tafl_core.errors.TaflError` naming what and where, never in a traceback or in unbounded
work. The bounds are stated in notes/source-format.md ("Limits"); each one is far above what a real source
needs (the largest ``rules.toml`` of the project has 7 KB and nests 1 deep):

=========================  ===========  ==================================================
bound                      value        where it is checked
=========================  ===========  ==================================================
``MAX_RULES_BYTES``        64 KiB       :func:`read_text_file` (``load_ruleset``),
                                        :func:`check_rules_text` (``Ruleset.from_toml``)
``MAX_TOML_DEPTH``         8            :func:`check_rules_text`: arrays / inline tables
``MAX_NUMBER_DIGITS``      64           :func:`check_rules_text`: one TOML number or date
``MAX_LABEL_DIGITS``       2            :func:`check_rank_label` (``parse_diagram``)
``MAX_POSITION_BYTES``     64 KiB       ``--position FILE|-`` of the command line
``MAX_RECORD_MOVES``       100,000      moves given to one command (:func:`check_move_count`)
``MAX_GAME_RECORD_CHARS``  2,000,000    a game record read (``records.import_record``; the
                                        board checks it too, before sending: records.js)
``MAX_GAME_RECORD_LINE``   20,000       one line of a game record (``records.import_record``)
``MAX_RECORD_COMMENTS``    10,000       comments kept from one game record (``records.read_record``)
``MAX_COMMENT_CHARS``      10,000       one comment of a game record (``records.read_record``)
``MAX_ENGINE_QUEUE``       256          engine protocol lines waiting while the engine
                                        thinks (``engine_protocol.serve``; more are refused)
=========================  ===========  ==================================================

Why these matter: Python's ``tomllib`` parses nested arrays and inline tables recursively (a
few thousand levels raise ``RecursionError``), and ``int()`` refuses more than 4,300 digits
(``ValueError``, CPython's integer string conversion limit); both are caught before they happen.

Standard library only, like the rest of ``tafl_core``.
"""

from __future__ import annotations

import os

from .errors import PositionError, RulesFileError, TaflError

#: Largest rules file read, in bytes (UTF-8). The project's largest is about 7 KB.
MAX_RULES_BYTES = 64 * 1024
#: Deepest nesting of TOML arrays and inline tables (a table header ``[a]`` counts as one level,
#: ``[[a]]`` as two). Real rules files nest 1 deep (``note = {de = …, en = …}``, lists of squares).
MAX_TOML_DEPTH = 8
#: Longest run of digit-like characters in one bare TOML value (a number or a date-time):
#: ``0x`` + 5,000 hex digits or an integer of 5,000 digits would stop ``tomllib`` with a ValueError.
MAX_NUMBER_DIGITS = 64
#: Most digits in a diagram's rank label: boards have at most 25 ranks (``squares.MAX_SIZE``).
MAX_LABEL_DIGITS = 2
#: Largest ``--position`` file or standard input read by the command line, in bytes.
MAX_POSITION_BYTES = 64 * 1024
#: Most moves one command plays (``play``/``moves`` MOVE arguments) or one game record holds;
#: ``bridge.MAX_MOVES``, the bound of the board's ``play_all``, is this number.
MAX_RECORD_MOVES = 100_000
#: Longest game record read (OpenTafl's or plain moves), in characters (code points): about
#: 300,000 moves of ``a10-a11xa12`` with separators, more than :data:`MAX_RECORD_MOVES` moves.
#: The board's ``records.js`` (``RECORD_MAX_CHARS``) refuses a longer paste or file before
#: sending it to the worker; a test holds the two equal.
MAX_GAME_RECORD_CHARS = 2_000_000
#: Longest line of a game record, in characters (a move line of a long berserk turn is short;
#: a tag's value at most a rules string of the largest board).
MAX_GAME_RECORD_LINE = 20_000
#: Most comments kept from one game record (each ``|``-part of a ``[...|...]`` comment that is not
#: empty counts, and a ``start-comment`` tag): a comment on every ply of a 5,000-move game.
MAX_RECORD_COMMENTS = 10_000
#: Longest comment on one move, in characters (the longest of OpenTafl's annotated Fetlar game,
#: saved-games/replays/Fish-Nasa-2015-Fetlar.otg, has about 1,300); a comment may run over
#: several lines.
MAX_COMMENT_CHARS = 10_000
#: Most lines of the engine protocol (``python -m tafl_core engine``) waiting while the engine
#: thinks, each at most ``engine_protocol.MAX_LINE`` characters (about 5 MB in all); OpenTafl
#: sends a few (clock updates, ``finish``, ``goodbye``) during a move. A line beyond them is
#: refused by ``error 0`` at once.
MAX_ENGINE_QUEUE = 256

_BARE_VALUE_CHARS = frozenset("0123456789abcdefABCDEF_xXoO")


def read_text_file(path: str | os.PathLike, limit: int, what: str,
                   error: type[TaflError] = TaflError) -> str:
    """Read a UTF-8 text file of at most ``limit`` bytes.

    Args:
        path: the file.
        limit: most bytes accepted (the read stops one byte after it, so a device such as
            ``/dev/zero`` costs no more than that).
        what: the file's role in words, e.g. ``"rules file"`` (used in messages).
        error: the :class:`TaflError` subclass raised.

    Returns:
        The text (a byte-order mark is kept, so that a parser can refuse it where it must).

    Raises:
        ``error``: the file cannot be read (``cannot read rules file: Is a directory``), is
            larger than ``limit`` bytes, or is not UTF-8 (naming the offset of the first bad byte).
    """
    where = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror or exc}", where) from None
    if len(raw) > limit:
        raise error(f"the {what} is larger than {_size_text(limit)}", where)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = 1 + raw[: exc.start].count(b"\n")
        raise error(f"the {what} is not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x})",
                    where, line) from None


def check_rules_text(text: str, path: str | None = None) -> None:
    """Refuse a rules file whose text would make ``tomllib`` fail outside its own error type.

    Checks, before the TOML is parsed: at most :data:`MAX_RULES_BYTES` (counted as UTF-8),
    arrays and inline tables nested at most :data:`MAX_TOML_DEPTH` deep, and no bare value (a
    number or a date-time) with a run of more than :data:`MAX_NUMBER_DIGITS` digit-like
    characters. The scan skips strings (basic, literal, multi-line) and comments as TOML
    defines them; text it misreads is TOML ``tomllib`` refuses anyway.

    Raises:
        RulesFileError: with ``path`` and the line of the fault.
    """
    where = path or "rules.toml"
    if len(text) > MAX_RULES_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RULES_BYTES:
        raise RulesFileError(f"the rules file is larger than {_size_text(MAX_RULES_BYTES)}", where)
    depth, line, i, n = 0, 1, 0, len(text)
    run, run_line = 0, 1
    while i < n:
        c = text[i]
        if c in _BARE_VALUE_CHARS:
            if run == 0:
                run_line = line
            run += 1
            if run > MAX_NUMBER_DIGITS:
                raise RulesFileError(f"a number or date of more than {MAX_NUMBER_DIGITS} digits", where, run_line)
            i += 1
            continue
        run = 0
        if c == "\n":
            line += 1
        elif c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c in "\"'":
            triple = text.startswith(c * 3, i)
            end = _string_end(text, i + (3 if triple else 1), c, triple)
            line += text.count("\n", i, end)
            i = end
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                raise RulesFileError(f"arrays or inline tables nested more than {MAX_TOML_DEPTH} deep", where, line)
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1


def _string_end(text: str, start: int, quote: str, triple: bool) -> int:
    """Index just after the string whose content begins at ``start`` (or the end of a line /
    of the text where it is unterminated; ``tomllib`` then reports it)."""
    escapes = quote == '"'
    i, n = start, len(text)
    while i < n:
        c = text[i]
        if escapes and c == "\\":
            i += 2
            continue
        if c == quote and (not triple or text.startswith(quote * 3, i)):
            return i + (3 if triple else 1)
        if c == "\n" and not triple:
            return i
        i += 1
    return n


def check_rank_label(label: str, path: str | None = None, line: int | None = None) -> None:
    """Refuse a diagram rank label (the digits before a row) longer than :data:`MAX_LABEL_DIGITS`
    digits, before ``int()`` reads it (5,000 digits would raise ValueError).

    Raises:
        PositionError: with ``path`` and ``line``.
    """
    if len(label) > MAX_LABEL_DIGITS:
        raise PositionError(f"rank label '{label[:8]}…' has {len(label)} digits; ranks have at most "
                            f"{MAX_LABEL_DIGITS} (boards are at most 25 squares wide)", path, line)


def check_move_count(count: int, what: str = "moves") -> None:
    """Refuse more than :data:`MAX_RECORD_MOVES` moves in one command or record.

    Raises:
        TaflError: naming the bound.
    """
    if count > MAX_RECORD_MOVES:
        raise TaflError(f"{count} {what} given; at most {MAX_RECORD_MOVES:,} are played at once")


def _size_text(limit: int) -> str:
    return f"{limit // 1024} KB" if limit % 1024 == 0 else f"{limit} bytes"


__all__ = ["MAX_RULES_BYTES", "MAX_TOML_DEPTH", "MAX_NUMBER_DIGITS", "MAX_LABEL_DIGITS",
           "MAX_POSITION_BYTES", "MAX_RECORD_MOVES", "MAX_GAME_RECORD_CHARS", "MAX_GAME_RECORD_LINE",
           "read_text_file", "check_rules_text", "check_rank_label", "check_move_count"]
