"""Game records: write a game as an OpenTafl game record or as plain move text, and read either
back, strictly, into a new :class:`~tafl_core.game.Game`.

OpenTafl game record (opentafl-notation-spec.txt, "Game Records"; GameSerializer.java reads the
tags, then the numbered move lines)::

    [variant:Copenhagen Hnefatafl]
    [date:2026.12.02]
    [result:1]                 # 1 attackers won, 0 draw, -1 defenders won, ? other
    [termination:king_captured]      # how the game ended (OpenTafl: human-readable text)
    [position:/3ttttt3/.../]   # only when the game did not start from the layout
    [rules:dim:11 ... start:/.../]   # OpenTafl's rules string, the last tag: the site's rules,
                                     # else OpenTafl's nearest where the moves replay the same
                                     # under them (opentafl_export), else left out

    1. d1-d3 h6-h9
    [a comment on d1-d3|a comment on h6-h9]
    2. e1-e3xe4 ...

A numbered line holds one turn of the side that moved first and one of the other side; a
berserk turn is its moves in a row (``e6-e8xe9 e8=e4xd4``), as the engine writes them
(:meth:`PlayedMove.notation`, with OpenTafl's letter before a king's, commander's or knight's
move: ``Kf6-f10``). A record with a rules tag never holds this engine's ``end`` (OpenTafl ends a
berserk turn by itself when the piece cannot capture again; a game that ended one earlier plays
otherwise there and gets no rules tag); one without keeps it, for this engine's reader. Plain move text is the moves alone, a turn pair a line (``d1-d3 h6-h9``).
A comment (``[first-half|second-half]`` after a move line, the spec's commentary; it may run over
several lines up to its ``]``) is kept as plain text on the move it follows: its ``|``-parts go
to the moves of the line before in order (OpenTafl's ``getCommentedStringForMoves`` writes one
part per move), an empty part is no comment. OpenTafl's ``[start-comment:...]`` tag is the
comment on the start (ply 0). OpenTafl's variations (``2a.1.1a.`` lines) are refused as a wrong
turn number. A record without a move (only tags, only turn numbers) is refused like empty text.

:func:`read_record` also returns the record's ``result`` and ``termination`` tags and compares
its ``rules`` tag with the rules it is read under (:func:`compare_rules`): a move that is not
legal here in a record played under other rules is refused naming a rule that differs
(``game_record_rules``), and where every difference is an assumption of the page whose
alternative is the record's value, the switch that plays the record is offered. The rules
string the site writes for the rules read under (OpenTafl's nearest), with the site's note on
it in the start comment, is those rules, and the note is dropped on reading. Where no OpenTafl rules fit the game
(:class:`~tafl_core.opentafl_export.OpenTaflPlan` says why) there is no rules tag, and OpenTafl
itself (which needs one) cannot open the record.

The reader works line by line with string methods and one anchored regular expression per
move (:meth:`Move.parse`, inputs of at most 80 characters), so its time is linear in the input;
the input is bounded (:data:`MAX_RECORD_CHARS`, :data:`MAX_LINE_CHARS`, :data:`MAX_RECORD_MOVES`,
:data:`MAX_RECORD_COMMENTS`, :data:`MAX_COMMENT_CHARS`, all from :mod:`tafl_core.limits`). A ``variant`` tag must name the variant of the rules the
record is read under (:func:`same_variant_name`), else the record is refused.
A fault is a :class:`RecordError` whose refusal names the first bad line.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from .errors import IllegalMove, NotationError, PositionError, TaflError
from .game import Game
from .limits import (MAX_COMMENT_CHARS, MAX_GAME_RECORD_CHARS, MAX_GAME_RECORD_LINE, MAX_RECORD_COMMENTS,
                     MAX_RECORD_MOVES)
from .moves import END_MOVE
from .opentafl_export import OpenTaflPlan, opentafl_plan, rules_note, without_rules_note
from .position import Position
from .reasons import Reason, Refusal, refusal
from .record_rules import RulesComparison, compare_rules, is_own_opentafl_rules
from .ruleset import Ruleset
from .squares import parse_square, shown_text, square_name

#: Bounds of a record read (characters, characters per line, moves): tafl_core.limits.
MAX_RECORD_CHARS = MAX_GAME_RECORD_CHARS
MAX_LINE_CHARS = MAX_GAME_RECORD_LINE
FORMATS = ("opentafl", "text")
_RESULT_TAG = {"attackers": "1", None: "0", "defenders": "-1"}
#: The winner a ``result`` tag names (opentafl-notation-spec.txt, "Game Records": "1" attackers
#: win, "0" draw, "-1" defenders win, "?" other).
_TAG_WINNER = {"1": "attackers", "0": None, "-1": "defenders", "?": None}
#: The tag OpenTafl writes for a comment on the start position (realgamelog.otg).
START_COMMENT_TAG = "start-comment"


class RecordError(ValueError):
    """A game record that cannot be read: ``refusal`` (a :class:`Refusal` whose params carry
    ``line``, 1-based) says where and why; the message is its English text. ``rules`` is the
    record's rules tag compared with the rules read under (:class:`RulesComparison`), or None."""

    def __init__(self, why: Refusal):
        super().__init__(why.text())
        self.refusal = why
        self.rules: RulesComparison | None = None
        self.tags: dict | None = None   # the tags read up to the fault
        self.ply = 0                    # the ply of the move refused (1 the first), 0 for no move


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
                  date: datetime.date | None = None, comments: dict[int, str] | None = None,
                  record_result: tuple[str, str | None] | None = None, plan: OpenTaflPlan | None = None) -> str:
    """The game as text: ``fmt`` ``"opentafl"`` (an OpenTafl game record: tags, then numbered
    move lines) or ``"text"`` (the moves alone, a turn pair a line). ``variant`` names the
    variant in the ``variant`` tag (default: the ruleset's name); ``date`` defaults to today.

    ``comments`` (OpenTafl records only): ply -> text, ply 1 the first move, 0 the start (written
    as a ``start-comment`` tag); after each move line a ``[...|...]`` line with one part per move
    of the line where any of them has a comment (OpenTafl's layout). A ``]`` in a text is written
    as ``)`` and a ``|`` as ``/`` (the grammar has no escape; a comment read never holds them),
    a line break in the start comment as a space. ``record_result`` (the ``result`` tag's value
    and the ``termination`` text, as :func:`read_record` read them) is written when the moves do
    not end the game (a resignation); the game's own result always wins.

    The ``rules`` tag (OpenTafl records) holds OpenTafl's rules for the game
    (:func:`~tafl_core.opentafl_export.opentafl_plan`, or ``plan`` when given): the site's own
    where OpenTafl can say them, else OpenTafl's nearest rules where the moves replay identically
    under them, every rule that differs then named in the start comment
    (:func:`~tafl_core.opentafl_export.rules_note`); without such rules there is no rules tag
    and the record is this engine's only (OpenTafl cannot open it).

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
    comments = comments or {}
    rs: Ruleset = game.ruleset
    start, side = start_of(game)
    d = date or datetime.date.today()
    res = game.result
    tags = [("variant", _tag_value(variant or rs.name)), ("date", f"{d.year:04d}.{d.month:02d}.{d.day:02d}")]
    if res:
        tags += [("result", _RESULT_TAG[res.winner]), ("termination", res.reason)]
    elif record_result and (record_result[0] in _TAG_WINNER or record_result[1]):
        tags.append(("result", record_result[0] if record_result[0] in _TAG_WINNER else "?"))
        if record_result[1]:
            tags.append(("termination", _tag_value(record_result[1], MAX_COMMENT_CHARS)))
    else:
        tags.append(("result", "?"))
    if start != rs.layout:
        tags.append(("position", start.to_otn()))
    if side != rs.value("first_mover"):
        tags.append(("start-side", side))
    if plan is None:
        plan = opentafl_plan(game, start, side)
    start_comment = without_rules_note(comments.get(0) or "")
    if plan.rules is not None and plan.rules.differ:
        note = rules_note(plan.rules, rs.name)
        # the note last and whole: the reader's own comment is cut to leave it room
        room = max(0, MAX_COMMENT_CHARS - len(note) - 1)
        start_comment = f"{start_comment[:room]} {note}" if start_comment[:room] else note
    if start_comment:
        tags.append((START_COMMENT_TAG, _tag_value(_comment_text(start_comment), MAX_COMMENT_CHARS)))
    if plan.rules is not None:
        tags.append(("rules", plan.rules.text))
    lines += [f"[{k}:{v}]" for k, v in tags]
    lines.append("")
    ply = 0
    for i, pair in enumerate(pairs, 1):
        moves = [m for t in pair for m in t]
        lines.append(f"{i}. " + " ".join(moves))
        notes = [_comment_text(comments.get(ply + k, "")) for k in range(1, len(moves) + 1)]
        ply += len(moves)
        if any(notes):
            lines.append("[" + "|".join(notes) + "]")
    return "\n".join(lines) + "\n"


def _comment_text(text: str) -> str:
    """A comment as it can stand inside ``[...|...]`` (no ``]`` or ``|``, which end it)."""
    return str(text).replace("]", ")").replace("|", "/")


def _tag_value(text: str, limit: int = 200) -> str:
    return "".join(" " if c in "\n\r" else c for c in str(text) if c not in "[]")[:limit]


def _bad(code: Reason, **params) -> RecordError:
    return RecordError(refusal(code, **params))


@dataclass
class GameRecord:
    """A game record read by :func:`read_record`.

    Attributes:
        game: the new game, every move played.
        comments: ply -> comment text (ply 1 follows the first move, 0 is the start), plain
            untrusted text as written (line breaks kept), at most :data:`MAX_COMMENT_CHARS`
            characters each and :data:`MAX_RECORD_COMMENTS` in all.
        result_tag: the ``result`` tag's value (``1`` ``0`` ``-1`` ``?``) or None.
        termination: the ``termination`` tag's text (OpenTafl: "human-readable definition of how
            the game ended"; this engine writes a result reason code) or None.
        rules: the ``rules`` tag compared with the rules read under (None without the tag).
    """

    game: Game
    comments: dict[int, str] = field(default_factory=dict)
    result_tag: str | None = None
    termination: str | None = None
    rules: RulesComparison | None = None

    def result(self) -> dict | None:
        """``{"winner", "draw", "termination", "reason"}`` or None when the record says nothing of
        its end (no or a ``?`` result tag, no termination tag, moves that do not end the game).
        ``winner`` ``attackers``/``defenders``/None and ``draw`` are the game's own result where
        the moves end it (a contradicting tag was refused), else the result tag's; ``reason`` is
        the engine's result reason code where the moves end the game, else None; ``termination``
        the tag's text or None."""
        res = self.game.result
        tag = self.result_tag if self.result_tag in _TAG_WINNER else None
        if res is None and tag in (None, "?") and not self.termination:
            return None
        if res is not None:
            winner, draw, reason = res.winner, res.winner is None, str(res.reason)
        else:
            winner, draw, reason = _TAG_WINNER.get(tag), tag == "0", None
        return {"winner": winner, "draw": draw, "termination": self.termination, "reason": reason}

    def comment_list(self) -> list[dict]:
        """``[{"ply", "text"}]`` in ply order (the bridge's form)."""
        return [{"ply": p, "text": t} for p, t in sorted(self.comments.items())]


def import_record(ruleset: Ruleset, text: str) -> Game:
    """Read a game record (OpenTafl's, or plain move text) into a new game under ``ruleset``:
    :func:`read_record`'s game (comments, result and rules comparison left out).

    Raises:
        RecordError: the first fault, its refusal naming the line (params ``line`` and more).
    """
    return read_record(ruleset, text).game


def read_record(ruleset: Ruleset, text: str) -> GameRecord:
    """Read a game record (OpenTafl's, or plain move text) into a new game under ``ruleset``:
    the start position (``position`` tag, else the rules tag's ``start:``, else the layout),
    the side that moved first (``start-side`` tag, else the rules), then every move played and
    checked (legal; where the record lists captures, the same squares), with the record's
    comments, result, termination and its rules tag compared with ``ruleset``
    (:class:`GameRecord`). Nothing outside the new game changes.

    A record whose rules differ from ``ruleset`` and whose move is not legal here (or captures
    otherwise) is refused as ``game_record_rules`` naming the line, the move and one rule that
    differs (``first_mover`` where the first move fails and it differs, else the first
    difference that no switch covers, else the first), with ``RecordError.rules`` set; its
    ``switch`` stays only where the record reads under ``ruleset`` switched so.

    Raises:
        RecordError: the first fault, its refusal naming the line (params ``line`` and more);
            ``.rules`` the rules comparison where the record has a readable rules tag.
    """
    try:
        return _read(ruleset, text)
    except RecordError as exc:
        rules_tag = exc.tags.get("rules") if exc.tags else None
        if rules_tag is None:
            raise
        cmp = compare_rules(ruleset, rules_tag[0])
        exc.rules = cmp
        why = exc.refusal
        if not cmp.differ or why.code not in (Reason.GAME_RECORD_ILLEGAL, Reason.GAME_RECORD_CAPTURES):
            raise
        if cmp.switch is not None:
            try:
                _read(ruleset.with_overrides(cmp.switch), text)
            except (RecordError, TaflError, ValueError):
                cmp.switch = None
        keys = [d["key"] for d in cmp.differ]
        if "first_mover" in keys and exc.ply == 1:
            rule = "first_mover"
        else:
            covered = set(cmp.switch or ())
            rule = next((k for k in keys if k not in covered), keys[0])
        new = RecordError(refusal(Reason.GAME_RECORD_RULES, line=why.params["line"], move=why.params["move"],
                                  rule=rule))
        new.rules = cmp
        raise new from None


def _read(ruleset: Ruleset, text: str) -> GameRecord:
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
    comments: dict[int, str] = {}
    expected = 1
    count = 0
    in_moves = False
    line_plies: list[int] = []    # the plies of the last move line (for the comment after it)
    open_comment: list[str] | None = None
    comment_line = 0
    comment_chars = 0
    try:
        for lineno, raw in enumerate(text.split("\n"), 1):
            if len(raw) > MAX_LINE_CHARS:
                raise _bad(Reason.GAME_RECORD_LINE_TOO_LONG, line=lineno, max=MAX_LINE_CHARS)
            if open_comment is not None:
                # A comment runs on to its "]" (OpenTafl's parser ends it at the first one).
                close = raw.find("]")
                open_comment.append(raw if close < 0 else raw[:close])
                comment_chars += len(open_comment[-1]) + 1
                if comment_chars > MAX_COMMENT_CHARS * max(1, len(line_plies)) + 1:
                    raise _bad(Reason.GAME_RECORD_COMMENT, line=comment_line, max=MAX_COMMENT_CHARS)
                if close < 0:
                    continue
                if raw[close + 1:].strip():
                    raise _bad(Reason.GAME_RECORD_TAG, line=lineno, text=shown_text(raw.strip(), 40))
                _keep_comment(comments, "\n".join(open_comment), line_plies, count, comment_line)
                open_comment = None
                continue
            line = raw.strip()
            if not line:
                continue
            if line.startswith("["):
                if in_moves:
                    body = line[1:]
                    close = body.find("]")
                    if close < 0:
                        open_comment, comment_line, comment_chars = [body], lineno, len(body)
                        continue
                    if body[close + 1:].strip():
                        raise _bad(Reason.GAME_RECORD_TAG, line=lineno, text=shown_text(line, 40))
                    _keep_comment(comments, body[:close], line_plies, count, lineno)
                    continue
                name = _read_tag(line, lineno, tags, n)
                if name == "variant":
                    _check_variant(tags["variant"][0], lineno, ruleset)
                elif name == START_COMMENT_TAG:
                    _keep_comment(comments, tags[name][0], [], 0, lineno)
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
            line_plies = []
            for tok in tokens:
                count += 1
                if count > MAX_RECORD_MOVES:
                    raise _bad(Reason.GAME_RECORD_TOO_MANY_MOVES, max=MAX_RECORD_MOVES)
                try:
                    _play_token(game, tok, lineno)
                except RecordError as exc:
                    exc.ply = count
                    raise
                line_plies.append(count)
        if open_comment is not None:
            raise _bad(Reason.GAME_RECORD_COMMENT, line=comment_line, max=MAX_COMMENT_CHARS)
        if game is None and tags:
            game = _new_game(ruleset, tags)   # a bad start position is named before "no moves"
        if game is None or (count == 0 and "position" not in tags):
            # Only tags, only turn numbers or nothing: no game to read (never an empty one). A
            # set-up position without moves (a ``position`` tag) is a game: the board exports it.
            raise _bad(Reason.GAME_RECORD_EMPTY)
        _check_result(game, tags)
    except RecordError as exc:
        exc.tags = tags
        raise
    termination = tags["termination"][0][:MAX_COMMENT_CHARS] if tags.get("termination", ("",))[0] else None
    rules = compare_rules(ruleset, tags["rules"][0]) if "rules" in tags else None
    if 0 in comments and "rules" in tags and is_own_opentafl_rules(ruleset, tags["rules"][0], comments[0]):
        # the site's own record of these rules: they are the page's, and its note on the rules
        # written for OpenTafl says nothing on this page
        rules = RulesComparison(True)
        kept = without_rules_note(comments[0])
        if kept:
            comments[0] = kept
        else:
            del comments[0]
    if rules is not None and rules.switch is not None:
        try:
            _read(ruleset.with_overrides(rules.switch), text)
        except (RecordError, TaflError, ValueError):
            rules.switch = None
    return GameRecord(game, comments, tags["result"][0] if "result" in tags else None, termination, rules)


def _keep_comment(comments: dict[int, str], body: str, plies: list[int], count: int, lineno: int) -> None:
    """Attach the ``|``-parts of one comment to the moves of the line before (in order; parts
    beyond the last move go to the last move, on a new line); with no move on that line, to the
    ply reached (``count``). Empty parts are no comments."""
    targets = plies or [count]
    for i, part in enumerate(body.split("|")):
        if not part.strip():
            continue
        if len(part) > MAX_COMMENT_CHARS:
            raise _bad(Reason.GAME_RECORD_COMMENT, line=lineno, max=MAX_COMMENT_CHARS)
        ply = targets[min(i, len(targets) - 1)]
        if ply not in comments and len(comments) >= MAX_RECORD_COMMENTS:
            raise _bad(Reason.GAME_RECORD_TOO_MANY_COMMENTS, max=MAX_RECORD_COMMENTS)
        joined = comments[ply] + "\n" + part if ply in comments else part
        if len(joined) > MAX_COMMENT_CHARS:
            raise _bad(Reason.GAME_RECORD_COMMENT, line=lineno, max=MAX_COMMENT_CHARS)
        comments[ply] = joined


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
                # Compared as digits, never through int(): a size of thousands of digits
                # would raise Python's int-limit error (English, with no line) instead of this.
                if not (dim.isascii() and dim.isdigit()) or (dim.lstrip("0") or "0") != str(n):
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


__all__ = ["export_record", "import_record", "read_record", "compare_rules", "GameRecord", "RulesComparison",
           "start_of", "record_moves", "RecordError", "MAX_RECORD_CHARS", "MAX_LINE_CHARS", "MAX_RECORD_MOVES",
           "MAX_RECORD_COMMENTS", "MAX_COMMENT_CHARS", "START_COMMENT_TAG", "FORMATS", "same_variant_name"]
