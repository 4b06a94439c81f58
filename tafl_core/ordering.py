"""Move ordering of the search (:mod:`tafl_core.search`): the order in which a node tries its
moves (hash move, king to an escape square, next to the king, likely captures, killers,
history), and the moves the tactical leaf tries first because they could win at once.

Plain functions of a :class:`~tafl_core.game.Game` (its board, pieces, bitboards and
:attr:`~tafl_core.game.Game.tables`) and of what the search has learnt (its killer moves and
history, passed in); they keep no state of their own.
"""

from __future__ import annotations

from .bitboards import capture_squares
from .tables import ATTACKERS, DEFENDERS, IS_ATT, KNG, NORMAL, SIDE_OF


def win_candidates(g) -> list[int]:
    """Moves of ``g``'s side to move that could end the game in its favour at once: the king
    onto an escape square, an attacker next to the king, and every move when the other side has
    at most two pieces besides the king (a capture of the last ones, unless the king keeps a
    move whatever the attackers do: :func:`king_keeps_a_move`). Encirclement and exit forts are
    left to the full-width plies above the leaf (at the root every move's result is seen)."""
    t = g.tables
    side = g.side
    k = g.king
    if len(g.pieces[1 - side]) - (1 if side == ATTACKERS else 0) <= 2 and not (
            side == ATTACKERS and king_keeps_a_move(g, k)):
        return g.move_codes()
    if k < 0:
        return []
    if side == DEFENDERS:
        esc = t.escape
        return [m for m in g.plain_codes(DEFENDERS, k) if esc[m & 1023]]
    # the attackers' moves onto an empty neighbour of the king: from the first piece along
    # each line out of that square, or by a jump from two squares away (each checked
    # against that piece's own legal moves)
    board = g.board
    out = []
    froms = set()
    adj = t.adj[k]
    # every way of taking the king (custodial, four sides, the edge, commanders) needs a
    # square beside him other than the one moved to that already counts against him: an
    # attacker or a special square (a superset of the hostile ones); at the board's edge
    # under surrounded_edge the edge is one. A jump can take pieces otherwise.
    if not t.any_jump and (len(adj) == t.ndirs or t.king_capture != "surrounded_edge"):
        against = [a for a in adj if IS_ATT[board[a]] or t.kind[a] != NORMAL]
        if not against:
            return out
        if len(against) == 1:
            adj = [q for q in adj if q != against[0]]
    for q in adj:
        if board[q]:
            continue
        for ray in t.rays[q]:
            for f in ray:
                if board[f]:
                    if SIDE_OF[board[f]] == ATTACKERS:
                        froms.add(f)
                    break
            if t.any_jump and len(ray) > 1 and board[ray[1]] and SIDE_OF[board[ray[1]]] == ATTACKERS:
                froms.add(ray[1])
    for f in froms:
        out += [m for m in g.plain_codes(ATTACKERS, f) if (m & 1023) in adj]
    return out


def king_keeps_a_move(g, k: int) -> bool:
    """Whether the defenders of ``g`` keep a legal move after any one move of the attackers
    that does not take the king on ``k``: with ``no_moves = none`` a side without moves does not
    lose; otherwise the king has two empty neighbours he may stop on, and one move can fill only
    one of them (a capture only empties squares)."""
    t = g.tables
    if t.no_moves == "none":
        return True
    board = g.board
    stop = t.stop[KNG]
    return len([q for q in t.adj[k] if not board[q] and stop[q]]) >= 2


def ordered(g, codes: list[int], hash_move: int, killers: list[int], history: dict[int, int]) -> list[int]:
    """``codes`` (moves of ``g``'s side to move) best first: ``hash_move`` (0: none), king to an
    escape square, next to the king, likely capture, ``killers`` (the node's ply's pair, first
    and second; 0: none), then ``history`` (move code -> count; a ``defaultdict(int)``, as a
    missing move is read by subscript). Ties by the higher code, so the order is total and never
    depends on set order."""
    t = g.tables
    board = g.board
    side = g.side
    k = g.king
    # squares where a piece of the side to move would close a custodial capture
    hits = capture_squares(g, side)
    # one int per move, sorted at C speed: the ordering score above the move code
    bonus = [0] * len(board)
    while hits:
        low = hits & -hits
        bonus[low.bit_length() - 1] = 1 << 36
        hits ^= low
    for q in (t.adj[k] if k >= 0 else ()):   # next to the king
        bonus[q] += 1 << 35
    keys = [(history[m] + bonus[m & 1023]) << 20 | m for m in codes]
    k0, k1 = killers
    if k0 and k0 in codes:
        keys[codes.index(k0)] += 1 << 54
    if k1 and k1 != k0 and k1 in codes:
        keys[codes.index(k1)] += 1 << 53
    if k >= 0 and side == DEFENDERS:
        # the king's moves onto an escape square: only those on his own lines can be moves
        for e in g.lines.escape_lines[k]:
            m = k << 10 | e
            if m in codes:
                keys[codes.index(m)] += 1 << 58
    if hash_move and hash_move in codes:
        keys[codes.index(hash_move)] = 1 << 60 | hash_move
    keys.sort(reverse=True)
    return [x & 0xFFFFF for x in keys]


__all__ = ["win_candidates", "king_keeps_a_move", "ordered"]
