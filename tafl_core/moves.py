"""Moves and what they do, as values: :class:`Move` (from, to; the notation ``e1-e5``),
:class:`Capture` (a piece removed, its reason code and partners), :class:`Result` (the end of
a game, its reason code) and :class:`PlayedMove` (one move with its captures and result, and its
OpenTafl record ``e1-e5xe6``). No rules here: the game (:mod:`tafl_core.game`) makes them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError
from .reasons import CaptureReason, Reason, ResultReason, refusal
from .squares import parse_square, shown_text, square_name

#: The text of the move that ends a berserk turn.
END_MOVE = "end"


@dataclass(frozen=True)
class Move:
    """A move from one square to another (square ints on a board of ``size``).

    ``str(move)`` is the notation ``"e1-e5"``; :meth:`parse` reads it. ``frm == to`` is the move
    that ends a berserk turn; its text is ``"end"``.
    """

    frm: int
    to: int
    size: int

    @property
    def is_end(self) -> bool:
        """True for the move that ends a berserk turn."""
        return self.frm == self.to

    def __str__(self) -> str:
        if self.frm == self.to:
            return END_MOVE
        return f"{square_name(self.frm, self.size)}-{square_name(self.to, self.size)}"

    @classmethod
    def parse(cls, text: str, size: int) -> "Move":
        """Read ``"e1-e5"`` (also ``"e1e5"``); a capture list - OpenTafl ``e1-e5xe6/f5`` or the
        aagenielsen records' ``e1-e5xe6xf5`` - and a trailing ``+``/``++`` are accepted and
        ignored, but must be well formed. OpenTafl's marks for special pieces and berserk moves
        are read too: a piece letter before a square (``Ne6``, ``xce7``), ``^`` (jump), ``=``
        (berserk move) and ``^=``; whether the move is a jump follows from the position.
        ``"end"`` (ending a berserk turn) needs the position: use :meth:`Game.parse_move`.

        Raises:
            NotationError: malformed move or a square off the board.
        """
        if not isinstance(text, str):
            raise NotationError(refusal(Reason.MALFORMED_MOVE))
        if len(text) > 80:  # no move is this long; named (cut short) like any other non-move
            raise NotationError(refusal(Reason.NOT_A_MOVE, text=shown_text(text)))
        m = _MOVE_RE.fullmatch(text.strip())
        if not m:
            raise NotationError(refusal(Reason.NOT_A_MOVE, text=shown_text(text)))
        a, b, caps = m.group(1), m.group(2), m.group(3)
        move = cls(parse_square(a, size), parse_square(b, size), size)
        for sq in (re.split("[/x]", caps) if caps else ()):
            parse_square(_PIECE_PREFIX.sub("", sq), size)
        return move


_PIECE_PREFIX = re.compile(r"^[tTcCnNkK](?=[a-yA-Y])")
_MOVE_RE = re.compile(r"[tTcCnNkK]?([a-yA-Y][1-9][0-9]?)(?:-|\^=|\^|=)?([a-yA-Y][1-9][0-9]?)"
                      r"(?:x[tTcCnNkK]?([a-yA-Y][1-9][0-9]?(?:[/x][tTcCnNkK]?[a-yA-Y][1-9][0-9]?)*))?\+{0,2}",
                      re.ASCII)


@dataclass(frozen=True)
class Capture:
    """A piece removed by a move.

    Attributes:
        square: where it stood (square int).
        piece: ``"attacker"`` | ``"defender"`` | ``"king"`` | ``"commander"`` | ``"knight"``.
        reason: a :class:`~tafl_core.reasons.CaptureReason` (``custodial``, ``hostile_throne``,
            ``hostile_corner``, ``hostile_camp``, ``king_custodial``, ``king_surrounded``,
            ``king_commanders``, ``shieldwall``, ``jump``: taken by a capturing jump over it).
        partners: what closed the capture besides the moved piece: ``(square or -1, kind)``
            pairs, kind one of attacker, defender, king, commander, knight, throne, corner,
            camp, edge (none for ``jump``).
        rule: the rules.toml key behind the capture (``custodial`` for the basic rule every
            ruleset shares; ``king_armed`` when the king took part), for the page's section ref.
    """

    square: int
    piece: str
    reason: CaptureReason
    partners: tuple
    rule: str


@dataclass(frozen=True)
class Result:
    """The end of a game: ``winner`` is ``"attackers"``, ``"defenders"`` or None (draw);
    ``reason`` a :class:`~tafl_core.reasons.ResultReason` (``king_captured``, ``king_escaped``,
    ``encirclement``, ``exit_fort``, ``no_legal_moves``, ``repetition``); ``rule`` the rule key
    behind it."""

    winner: str | None
    reason: ResultReason
    rule: str

    def as_dict(self) -> dict:
        """``{"winner": ..., "reason": ...}`` as in the command line's JSON."""
        return {"winner": self.winner, "reason": str(self.reason)}


@dataclass(frozen=True)
class PlayedMove:
    """What one move did: the move, its captures and the result it produced (or None).

    Attributes:
        jump: the move jumped over a piece (the square between ``move.frm`` and ``move.to``).
        berserk: the move continued a berserk turn (the same piece moved again after a capture).
        continues: after this move the same side moves again (a berserk turn goes on).
        piece: the kind of the piece that moved (``""`` when not recorded).
    """

    move: Move
    side: str
    captures: tuple[Capture, ...]
    result: Result | None
    jump: bool = False
    berserk: bool = False
    continues: bool = False
    piece: str = ""

    def notation(self) -> str:
        """OpenTafl move record: ``e1-e5xe6/f5``; ``e6^e8`` a jump, ``e8=e4`` a berserk move,
        ``e6^=e8`` a berserk jump (OpenTafl notation spec, move records); ``end``."""
        if self.move.is_end:
            return END_MOVE
        n = self.move.size
        sep = ("^" if self.jump else "") + ("=" if self.berserk else "") or "-"
        s = f"{square_name(self.move.frm, n)}{sep}{square_name(self.move.to, n)}"
        if self.captures:
            s += "x" + "/".join(square_name(c.square, n) for c in self.captures)
        return s



@dataclass(frozen=True)
class BerserkTurn:
    """A berserk turn under way (Berserk Hnefatafl, aagenielsen.dk rule 5).

    Attributes:
        square: the berserker's square (name): only that piece moves, and only with a move that
            captures.
        can_end: the player may end the turn (``"end"``; not with ``berserk_compulsory``).
        escape: the berserker is the king and ``berserk = capture_or_escape``: he may also move
            onto an escape square.
    """

    square: str
    can_end: bool
    escape: bool


__all__ = ["BerserkTurn", "Move", "Capture", "Result", "PlayedMove", "END_MOVE"]
