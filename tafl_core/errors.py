"""Exceptions raised by tafl_core.

Every error that concerns a file carries the file path and the 1-based line, so that
authors and the command line can report it as ``path:line: message``.
"""

from __future__ import annotations

from .reasons import Reason, Refusal


#: characters: the longest ``detail`` of an error raised with words only (its refusal's param).
DETAIL_MAX = 500


class TaflError(Exception):
    """Base class of all tafl_core errors.

    Args:
        message: what is wrong: a :class:`~tafl_core.reasons.Refusal` (its English text becomes
            the message), or words (one line).
        path: the file concerned, or None.
        line: the 1-based line in that file, or None.

    Attributes:
        refusal: the reason as data (:class:`~tafl_core.reasons.Refusal`); an error raised with
            words only carries the class's fallback code (:attr:`FALLBACK`) with the words as
            its ``detail``.
    """

    #: The code of an error raised with words only.
    FALLBACK = Reason.RULES_INVALID

    def __init__(self, message: "str | Refusal", path: str | None = None, line: int | None = None):
        if isinstance(message, Refusal):
            self.refusal = message
            message = message.text()
        else:
            self.refusal = None
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        if self.refusal is None:
            # bounded: the words may quote a value given (an override of 10,000 items quoted
            # whole made a 30 KB reason for the page)
            detail = str(self)
            if len(detail) > DETAIL_MAX:
                detail = detail[:DETAIL_MAX] + "…"
            self.refusal = Refusal(self.FALLBACK, {"detail": detail})

    def __str__(self) -> str:
        if self.path and self.line:
            return f"{self.path}:{self.line}: {self.message}"
        if self.path:
            return f"{self.path}: {self.message}"
        if self.line:
            return f"line {self.line}: {self.message}"
        return self.message


class RulesFileError(TaflError):
    """A rules file (``rules.toml``) is malformed, incomplete or inconsistent."""


class PositionError(TaflError):
    """A position (ASCII diagram or OpenTafl record) cannot be read or is impossible."""

    FALLBACK = Reason.DIAGRAM


class NotationError(TaflError):
    """A square or move in notation (``e5``, ``e1-e5``) cannot be read."""

    FALLBACK = Reason.MALFORMED_MOVE


class IllegalMove(TaflError):
    """A well-formed move that the rules do not allow in the current position."""

    FALLBACK = Reason.MALFORMED_MOVE
