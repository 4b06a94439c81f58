"""The game's moves sent to the board as changes only (the worker protocol's "line").

A board that asks with ``have`` (tafl_core.bridge.Dispatcher.call) holds its own copy of the
game's *line*: every move played and then every move taken back, in game order (the bridge
state's ``history`` followed by its ``future``), one entry per ply in the shape of a history
entry. Its state answers then carry, instead of ``history``, ``future`` and ``future_plies``,
only what changed since the answer before: the entries from the first ply that differs on
(notes/CONTRACTS.md, "Worker protocol", "State answers by changes"). Undo, Redo and ``goto``
leave the line as it is (only ``cursor`` moves), so their answers carry no entry at all however
long the game; a move played after Undo sends the line from that ply on; a new game, an import
or switched rules the whole line once.
"""

from __future__ import annotations

from typing import Callable

#: The state key under which :meth:`tafl_core.bridge.Session.state` leaves the moves for the
#: dispatcher to send as changes (a :class:`PendingLine`; never sent as it is).
PENDING_KEY = "__line__"


class PendingLine:
    """The line of one state, not yet compared with what the board holds.

    Args:
        played: the moves played (``Game.moves_played``, oldest first).
        undone: the moves taken back (``Game.undone_moves``, next to redo first).
        entry: makes the history entry (a JSON-friendly dict) of one of those moves.
    """

    __slots__ = ("moves", "entry")

    def __init__(self, played: list, undone: list, entry: Callable[[object], dict]):
        self.moves = played + undone
        self.entry = entry


class LineMirror:
    """What the board holds of the line: the moves last sent (the objects, to compare by
    identity first) and their entries, under a number ``seq`` that grows with every change.

    The board applies every answer in the order sent (one worker, its messages in order), so
    each answer is a change of the one before; ``reset()`` (the board holds nothing: it asked
    with ``have`` 0) makes the next answer carry the whole line.
    """

    def __init__(self):
        self.seq = 0
        self.moves: list = []
        self.entries: list[dict] = []

    def reset(self) -> None:
        """Forget what was sent: the next answer carries the whole line (``seq`` keeps growing,
        so that no number names two different lines)."""
        self.moves, self.entries = [], []

    def answer(self, pending: PendingLine) -> dict:
        """The state's moves as a change of the line last sent, and that change remembered:
        ``{"line_seq", "line_base", "line_from", "line", "line_length"}`` — the entries of plies
        ``line_from`` to ``line_length`` (0-based, the end excluded) replace the held line's
        from ``line_from`` on; ``line_base`` the ``seq`` of the line they apply to (0 when
        ``line_from`` is 0: nothing kept), ``line_seq`` the line's number after them.

        Linear in the line's length: a move compared by identity, and by its entry only where
        the object differs (a move redone is a new object with the same entry).
        """
        moves, old_moves, old_entries = pending.moves, self.moves, self.entries
        common = min(len(moves), len(old_moves))
        first, first_entry = common, None
        for i in range(common):
            played = moves[i]
            if played is old_moves[i]:
                continue
            entry = pending.entry(played)
            if entry == old_entries[i]:
                old_moves[i] = played   # the same move, replayed
                continue
            first, first_entry = i, entry
            break
        new = [first_entry] if first_entry is not None else []
        new += [pending.entry(p) for p in moves[first + len(new):]]
        base = self.seq
        if first < len(old_moves) or new:
            self.seq += 1
            del old_moves[first:]
            old_moves.extend(moves[first:])
            del old_entries[first:]
            old_entries.extend(new)
        return {"line_seq": self.seq, "line_base": base if first else 0, "line_from": first, "line": new,
                "line_length": len(moves)}


def send_changes(out, mirror: LineMirror | None) -> None:
    """Replace the pending line of the state in the answer ``out`` (the state itself, or a dict
    with it under ``"state"``) by its change against ``mirror`` (:meth:`LineMirror.answer`);
    without a mirror (a caller that did not ask by changes) nothing is pending. In place."""
    if not isinstance(out, dict):
        return
    for holder in (out, out.get("state")):
        if isinstance(holder, dict) and PENDING_KEY in holder:
            pending = holder.pop(PENDING_KEY)
            if mirror is not None:
                holder.update(mirror.answer(pending))


__all__ = ["PENDING_KEY", "PendingLine", "LineMirror", "send_changes"]
