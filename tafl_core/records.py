"""Game records: write a game as an OpenTafl game record or as plain move text, and read either
back, strictly, into a new :class:`~tafl_core.game.Game`.

OpenTafl game record (opentafl-notation-spec.txt, "Game Records"; GameSerializer.java reads the
tags, then the numbered move lines)::

    [variant:Copenhagen Hnefatafl]
    [date:2026.12.02]
    [result:1]                 # 1 attackers won, 0 draw, -1 defenders won, ? other
    [position:/3ttttt3/.../]   # only when the game did not start from the layout
    [rules:dim:11 ... start:/.../]   # OpenTafl's rules string, the last tag; left out where
                                     # OpenTafl cannot express the rules (opentafl.to_opentafl)

    1. d1-d3 h6-h9
    2. e1-e3xe4 ...

A numbered line holds one turn of the side that moved first and one of the other side; a
berserk turn is its moves in a row (``e6-e8xe9 e8=e4xd4 end``), as the engine writes them
(:meth:`PlayedMove.notation`, with OpenTafl's letter before a king's, commander's or knight's
move: ``Kf6-f10``). Plain move text is the moves alone, a turn pair a line (``d1-d3 h6-h9``).
Comment lines (``[...]`` after the first move line) are skipped; OpenTafl's variations
(``2a.1.1a.`` lines) are refused as a wrong turn number. Where OpenTafl cannot express the
rules there is no rules tag, and OpenTafl itself (which needs one) cannot open the record;
the ``end`` of a berserk turn and a board wider than 19 are this engine's, not OpenTafl's.

The reader works line by line with string methods and one anchored regular expression per
move (:meth:`Move.parse`, inputs of at most 80 characters), so its time is linear in the input;
the input is bounded (:data:`MAX_RECORD_CHARS`, :data:`MAX_LINE_CHARS`, :data:`MAX_RECORD_MOVES`,
all from :mod:`tafl_core.limits`). A ``variant`` tag must name the variant of the rules the
record is read under (:func:`same_variant_name`), else the record is refused.
A fault is a :class:`RecordError` whose refusal names the first bad line.
"""

from __future__ import annotations

import datetime

from .errors import IllegalMove, NotationError, PositionError, TaflError
from .game import Game
from .limits import MAX_GAME_RECORD_CHARS, MAX_GAME_RECORD_LINE, MAX_RECORD_MOVES
from .moves import END_MOVE, Move
from .opentafl import to_opentafl
from .position import Position
from .reasons import Reason, Refusal, refusal
from .ruleset import Ruleset
from .squares import parse_square, shown_text, square_name

#: Bounds of a record read (characters, characters per line, moves): tafl_core.limits.
MAX_RECORD_CHARS = MAX_GAME_RECORD_CHARS
MAX_LINE_CHARS = MAX_GAME_RECORD_LINE
FORMATS = ("opentafl", "text")
_RESULT_TAG = {"attackers": "1", None: "0", "defenders": "-1"}


class RecordError(ValueError):
    """A game record that cannot be read: ``refusal`` (a :class:`Refusal` whose params carry
    ``line``, 1-based) says where and why; the message is its English text."""

    def __init__(self, why: Refusal):
        super().__init__(why.text())
        self.refusal = why


def start_of(game: Game) -> tuple[Position, str]:
    """The position the game started from and the side that moved first in it (the game is
    taken back to its start and replayed; it is left as it was, redo list included). The moves
    are replayed by :meth:`Game.redo` (a full :meth:`Game.play`), so every move played keeps
    what the board reads of it (the kind of piece that moved, jumps, berserk turns)."""
    n = len(game.moves_played)
    for _ in range(n):
        game.undo()
    pos, side = game.position(), game.to_move
    for _ in range(n):
        game.redo()
    return pos, side


_PREFIX = {"king": "K", "commander": "c", "knight": "N"}


def _turns(game: Game, opentafl: bool) -> list[list[str]]:
    """The moves played, grouped by turn (a berserk turn's moves together): OpenTafl move
    records (``Kf6-f10``, ``g7-g10xf10``, ``e8=e4xd4``; the king, a commander and a knight
    carry their letter, as OpenTafl writes them) or plain moves (``f6-f10``)."""
    played = game.moves_played
    if opentafl and any(not p.piece for p in played):
        start, side = start_of(game)   # moves from the fast path carry no piece kind: replay them
        replay = Game(game.ruleset, start, side)
        played = [replay.play(p.move) for p in played]
    out: list[list[str]] = []
    cur: list[str] = []
    for p in played:
        if opentafl:
            cur.append(("" if p.move.is_end else _PREFIX.get(p.piece, "")) + p.notation())
        else:
            cur.append(str(p.move))
        if not p.continues:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def export_record(game: Game, fmt: str = "opentafl", variant: str | None = None,
                  date: datetime.date | None = None) -> str:
    """The game as text: ``fmt`` ``"opentafl"`` (an OpenTafl game record: tags, then numbered
    move lines) or ``"text"`` (the moves alone, a turn pair a line). ``variant`` names the
    variant in the ``variant`` tag (default: the ruleset's name); ``date`` defaults to today.

    Raises:
        ValueError: an unknown format.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown record format '{shown_text(str(fmt))}' (one of {', '.join(FORMATS)})")
    turns = _turns(game, fmt == "opentafl")
    lines = []
    pairs = [turns[i:i + 2] for i in range(0, len(turns), 2)]
    if fmt == "text":
        return "".join(" ".join(m for t in pair for m in t) + "\n" for pair in pairs)
    rs: Ruleset = game.ruleset
    start, side = start_of(game)
    d = date or datetime.date.today()
    res = game.result
    tags = [("variant", _tag_value(variant or rs.name)), ("date", f"{d.year:04d}.{d.month:02d}.{d.day:02d}"),
            ("result", _RESULT_TAG[res.winner] if res else "?")]
    if res:
        tags.append(("termination", res.reason))
    if start != rs.layout:
        tags.append(("position", start.to_otn()))
    if side != rs.value("first_mover"):
        tags.append(("start-side", side))
    rules = to_opentafl(rs)
    if rules:
        tags.append(("rules", rules))
    lines += [f"[{k}:{v}]" for k, v in tags]
    lines.append("")
    lines += [f"{i}. " + " ".join(m for t in pair for m in t) for i, pair in enumerate(pairs, 1)]
    return "\n".join(lines) + "\n"


def _tag_value(text: str) -> str:
    return "".join(c for c in str(text) if c not in "[]\n\r")[:200]


def _bad(code: Reason, **params) -> RecordError:
    return RecordError(refusal(code, **params))


def import_record(ruleset: Ruleset, text: str) -> Game:
    """Read a game record (OpenTafl's, or plain move text) into a new game under ``ruleset``:
    the start position (``position`` tag, else the rules tag's ``start:``, else the layout),
    the side that moved first (``start-side`` tag, else the rules), then every move played and
    checked (legal; where the record lists captures, the same squares). Nothing outside the
    new game changes.

    Raises:
        RecordError: the first fault, its refusal naming the line (params ``line`` and more).
    """
    if not isinstance(text, str):
        raise _bad(Reason.GAME_RECORD_EMPTY)
    if len(text) > MAX_RECORD_CHARS:
        raise _bad(Reason.GAME_RECORD_TOO_LONG, max=MAX_RECORD_CHARS)
    if text.startswith("\ufeff"):
        text = text[1:]   # a byte order mark, as editors on Windows save a text file
    # Line ends: CR LF (Windows) and a lone CR (old Mac files) count as LF, so line numbers are
    # those an editor shows.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    n = ruleset.size
    tags: dict[str, tuple[str, int]] = {}
    game: Game | None = None
    expected = 1
    count = 0
    in_moves = False
    for lineno, raw in enumerate(text.split("\n"), 1):
        if len(raw) > MAX_LINE_CHARS:
            raise _bad(Reason.GAME_RECORD_LINE_TOO_LONG, line=lineno, max=MAX_LINE_CHARS)
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            if in_moves:
                if not line.endswith("]"):
                    raise _bad(Reason.GAME_RECORD_TAG, line=lineno, text=shown_text(line, 40))
                continue   # a comment line
            if _read_tag(line, lineno, tags, n) == "variant":
                _check_variant(tags["variant"][0], lineno, ruleset)
            continue
        if game is None:
            game = _new_game(ruleset, tags)
        in_moves = True
        tokens = line.split()
        if tokens[0].endswith("."):
            if tokens[0] != f"{expected}.":
                raise _bad(Reason.GAME_RECORD_TURN, line=lineno, text=shown_text(line, 40), expected=expected)
            tokens = tokens[1:]
            expected += 1
        elif "opentafl" in tags or "rules" in tags or "variant" in tags:
            raise _bad(Reason.GAME_RECORD_TURN, line=lineno, text=shown_text(line, 40), expected=expected)
        for tok in tokens:
            count += 1
            if count > MAX_RECORD_MOVES:
                raise _bad(Reason.GAME_RECORD_TOO_MANY_MOVES, max=MAX_RECORD_MOVES)
            _play_token(game, tok, lineno)
    if game is None:
        if not tags:
            raise _bad(Reason.GAME_RECORD_EMPTY)
        game = _new_game(ruleset, tags)
    _check_result(game, tags)
    return game


def _check_result(game: Game, tags: dict) -> None:
    """A ``result`` tag that contradicts how the moves end the game refuses the record (naming
    the tag's line): when the moves end the game (a win or a draw under these rules), a result
    other than ``?`` must be that one (opentafl-notation-spec.txt, "Game Records": 1 attackers
    won, 0 draw, -1 defenders won). A result for a game the moves leave unfinished stands (a
    resignation or a loss on time: OpenTafl's realgamelog.otg is ``[result:-1]`` with Black
    resigning)."""
    if "result" not in tags or game.result is None:
        return
    value, lineno = tags["result"]
    if value != "?" and value != _RESULT_TAG[game.result.winner]:
        raise _bad(Reason.GAME_RECORD_RESULT_MOVES, line=lineno, tag=value)


def same_variant_name(a: str, b: str) -> bool:
    """Whether two variant names are the same name: compared case-folded, letters and digits
    only (``"Copenhagen Hnefatafl"`` = ``"copenhagen-hnefatafl"``; ``"Copenhagen"`` is not)."""
    key = lambda s: "".join(c for c in str(s).casefold() if c.isalnum())   # noqa: E731
    return key(a) == key(b)


def _check_variant(value: str, lineno: int, ruleset: Ruleset) -> None:
    """A ``variant`` tag naming another variant than ``ruleset`` (its ``[variant] name``, which
    :func:`export_record` writes) refuses the record: a game of another variant is not read
    under these rules, even where its moves would happen to be legal here."""
    if value and not same_variant_name(value, ruleset.name):
        raise _bad(Reason.GAME_RECORD_VARIANT, line=lineno, variant=shown_text(value, 60),
                   board=shown_text(ruleset.name, 60))


def _read_tag(line: str, lineno: int, tags: dict, n: int) -> str:
    """Read one header tag ``[name:value]`` into ``tags`` (name -> (value, line)); returns the
    name (lower case). Raises RecordError for a malformed tag, result, board size or side."""
    colon = line.find(":")
    name = line[1:colon] if colon > 0 else ""
    if not line.endswith("]") or colon < 0 or not name or not all(c.isascii() and (c.isalnum() or c == "-") for c in name):
        raise _bad(Reason.GAME_RECORD_TAG, line=lineno, text=shown_text(line, 40))
    value = line[colon + 1:-1].strip()
    name = name.lower()
    if name == "result" and value not in ("1", "0", "-1", "?"):
        raise _bad(Reason.GAME_RECORD_RESULT, line=lineno)
    if name == "rules":
        for part in value.split():
            if part.startswith("dim:"):
                dim = part[4:]
                if not (dim.isascii() and dim.isdigit()) or int(dim) != n:
                    raise _bad(Reason.GAME_RECORD_BOARD, line=lineno, size=shown_text(dim, 4), board=n)
    if name == "start-side" and value not in ("attackers", "defenders"):
        raise _bad(Reason.GAME_RECORD_TAG, line=lineno, text=shown_text(line, 40))
    tags[name] = (value, lineno)
    return name


def _new_game(ruleset: Ruleset, tags: dict) -> Game:
    pos = None
    where = 1
    if "position" in tags:
        otn, where = tags["position"]
    elif "rules" in tags:
        otn, where = next(((p[6:], tags["rules"][1]) for p in tags["rules"][0].split() if p.startswith("start:")),
                          (None, 1))
    else:
        otn = None
    side = tags["start-side"][0] if "start-side" in tags else None
    try:
        if otn is not None:
            pos = Position.from_otn(otn)
            if pos.size != ruleset.size:
                raise _bad(Reason.GAME_RECORD_BOARD, line=where, size=pos.size, board=ruleset.size)
            if pos == ruleset.layout:
                pos = None
        return Game(ruleset, pos, side)
    except (PositionError, NotationError):
        raise _bad(Reason.GAME_RECORD_POSITION, line=where) from None


def _play_token(game: Game, tok: str, lineno: int) -> None:
    """Play one move record ``tok`` (checking listed captures); RecordError naming the line."""
    n = game.size
    shown = shown_text(tok, 20)
    try:
        mv = game.parse_move(tok)
    except NotationError:
        raise _bad(Reason.GAME_RECORD_MOVE, line=lineno, text=shown) from None
    except IllegalMove:
        raise _bad(Reason.GAME_RECORD_ILLEGAL, line=lineno, move=shown) from None
    try:
        played = game.play(mv)
    except TaflError:
        raise _bad(Reason.GAME_RECORD_ILLEGAL, line=lineno, move=shown) from None
    if tok.lower() == END_MOVE or "x" not in tok:
        return
    listed = set()
    for part in tok.split("x", 1)[1].replace("x", "/").rstrip("+").split("/"):
        part = part[1:] if part[:1] in "tTcCnNkK" and len(part) > 1 and part[1].isalpha() else part
        listed.add(parse_square(part, n))
    found = {c.square for c in played.captures}
    if listed != found:
        game.undo()
        names = lambda s: ",".join(sorted(square_name(q, n) for q in s)) or "-"   # noqa: E731
        raise _bad(Reason.GAME_RECORD_CAPTURES, line=lineno, move=str(mv), found=names(found), listed=names(listed))


def record_moves(game: Game) -> list[str]:
    """The moves of ``game`` as texts for :meth:`Game.play` (``e1-e5``, ``end``)."""
    return [str(p.move) for p in game.moves_played]


__all__ = ["export_record", "import_record", "start_of", "record_moves", "RecordError", "MAX_RECORD_CHARS",
           "MAX_LINE_CHARS", "MAX_RECORD_MOVES", "FORMATS", "same_variant_name"]
