"""The king's escape threats in the search (:mod:`tafl_core.search`): the escape-threat extension
and its quiescence.

A position with the attackers to move in which the king has a free line to an escape square
(he could stop on it with his next move) is a threat the attackers must answer at once, as a
check is in chess. Such a node is searched a ply deeper than its depth says (the extension),
so a threat and its answer cost one ply, not two: a run of threats ending in a double threat
(the king's escape in two or three moves, a fork after a forced block) is seen by a search
whose horizon would otherwise cut it. Every threat costs the defenders a move and the extended
node's children lose depth as usual, so a line gains at most one ply for each two it plays.

At the horizon (a threat at depth 0) the extended node is a quiescence node: the attackers
try only the moves that could stop the escape - a move onto a square of a free line (the
escape square included) and a move onto a square next to the king (a capture of him) - and
the defenders' leaf after each checks the escape in one for real. With no such move the king
escapes: a loss for the attackers in two plies.

The root's escape check (:func:`allows_forced_escape`, used by
:meth:`tafl_core.root_checks.RootChecks.guard`): whether an attackers' move lets the defenders
force the escape by a run of threats (or a quiet move and then threats), searched exactly over
every answer of the attackers that could stop each threat, whatever depth the search reached.

Plain functions of a :class:`~tafl_core.game.Game` (and, for the root's check, of a ``tick``
that stops it at its deadline); they keep no state of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from .ordering import win_candidates
from .tables import ATTACKERS, DEFENDERS, KNG, SIDE_NAMES, SIDE_OF

#: The root's escape check (:func:`allows_forced_escape`) looks this many of the defenders'
#: moves ahead: up to three threats, the last of them a fork, and the escape.
FORCED_ESCAPE_MOVES = 4
#: After a quiet first move of the defenders, the check looks this many of their moves further
#: (up to two threats and the escape): every reply of the attackers to the quiet move is tried,
#: the costliest step (on Copenhagen some 50 ms a root move in CPython).
AFTER_QUIET_MOVES = 3

_DEFENDERS_NAME = SIDE_NAMES[DEFENDERS]


def threat_lines(g) -> list[int]:
    """With the attackers of ``g`` to move: the squares of every free line from the king to an
    escape square he may stop on (the escape square included, the king's own not), a list
    (empty: no threat, also when the defenders are to move or a berserk turn is under way). The
    king's slides only (one square where he moves one at a time); a jump of his is left to the
    full-width plies."""
    k = g.king
    if k < 0 or g.side != ATTACKERS or g.berserker >= 0:
        return []
    t = g.tables
    board = g.board
    esc = t.escape
    stop = t.stop[KNG]
    pas = t.passable[KNG]
    one = t.one_step[KNG]
    out: list[int] = []
    for ray in t.rays[k]:
        line = []
        for q in ray:
            if board[q]:
                break
            line.append(q)
            if esc[q]:
                if stop[q]:
                    out.extend(line)
                break
            if one or not pas[q]:
                break
    return out


def blocking_moves(g, lines: list[int]) -> list[int]:
    """The attackers' moves in ``g`` that could stop the escape along ``lines`` (from
    :func:`threat_lines`): onto one of their squares, or next to the king (which may capture
    him)."""
    near = set(lines)
    near.update(g.tables.adj[g.king])
    return [m for m in g.move_codes() if (m & 1023) in near]


def allows_forced_escape(g, m: int, tick: Callable[[], None], moves: int = FORCED_ESCAPE_MOVES) -> bool:
    """With the attackers of ``g`` to move: True when after their move ``m`` the defenders force
    the king's escape within ``moves`` of their moves by threats - each of their moves but the
    last leaves the king a free line (:func:`threat_lines`), by a move of his or of the first
    defender along one of his lines (:func:`threat_candidates`), the attackers answer each with
    every move that could stop it (:func:`blocking_moves`), the last escapes; or the first is
    any quiet move, answered by every move of the attackers, and :data:`AFTER_QUIET_MOVES` such
    moves follow. Exact for such lines, whatever the search's depth; longer build-ups are the
    search's. ``tick()`` is called before every move played and may raise (the caller's
    deadline, :class:`~tafl_core.scores.Abort`); the game is left as it was either way."""
    if g.side != ATTACKERS or g.king < 0:
        return False
    g.play_code(m)
    try:
        if g.result is not None or g.side != DEFENDERS:
            return False
        return _escape_forced(g, tick, moves, True)
    finally:
        g.undo_code()


def _escape_forced(g, tick, moves: int, quiet: bool = False) -> bool:
    """The defenders to move force the escape within ``moves`` of their moves by threats
    (``quiet``: the first of them may be any move)."""
    if moves <= 1:
        codes = win_candidates(g)
    else:
        codes = g.move_codes() if quiet else threat_candidates(g)
    for m in codes:
        tick()
        g.play_code(m)
        try:
            r = g.result
            if r is not None:
                if r.winner == _DEFENDERS_NAME:
                    return True
                continue
            if moves > 1 and g.side == ATTACKERS:
                lines = threat_lines(g)
                if lines:
                    if _every_move_fails(g, tick, blocking_moves(g, lines), moves - 1):
                        return True
                elif quiet and _replies_fail(g, tick, min(moves - 1, AFTER_QUIET_MOVES)):
                    return True
        finally:
            g.undo_code()
    return False


def threat_candidates(g) -> list[int]:
    """The defenders' moves in ``g`` that can make a threat: the king's, and those of the first
    defender along each of his lines (stepping off it may free the line)."""
    k = g.king
    board = g.board
    codes = g.plain_codes(DEFENDERS, k)
    for ray in g.tables.rays[k]:
        for q in ray:
            c = board[q]
            if c:
                if SIDE_OF[c] == DEFENDERS:
                    codes = codes + g.plain_codes(DEFENDERS, q)
                break
    return codes


def _replies_fail(g, tick, moves: int) -> bool:
    """The attackers to move, no threat: every move of theirs leaves the defenders a forced
    escape by threats within ``moves`` of their moves (the king's neighbours first, where a
    defence is likeliest)."""
    near = g.tables.adj[g.king]
    return _every_move_fails(g, tick, sorted(g.move_codes(), key=lambda c: (c & 1023) not in near), moves)


def _every_move_fails(g, tick, codes, moves: int) -> bool:
    """The attackers to move: each of their moves ``codes`` (move codes, in the order tried)
    either wins for the defenders at once or leaves them a forced escape by threats within
    ``moves`` of their moves; False at the first that does not."""
    for m in codes:
        tick()
        g.play_code(m)
        try:
            r = g.result
            if r is not None:
                if r.winner != _DEFENDERS_NAME:
                    return False
                continue
            if g.side != DEFENDERS or not _escape_forced(g, tick, moves):
                return False
        finally:
            g.undo_code()
    return True


__all__ = ["threat_lines", "blocking_moves", "allows_forced_escape", "threat_candidates",
           "FORCED_ESCAPE_MOVES", "AFTER_QUIET_MOVES"]
