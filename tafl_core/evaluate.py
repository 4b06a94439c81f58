"""Static evaluation for the search, read from the ruleset (never from a variant's name).

Terms, each from the defenders' point of view (:meth:`Evaluator.terms`), weighted by
:data:`WEIGHTS` (the one table of weights):

* ``material``: defenders minus attackers on the board (the king not counted), a defender worth
  as much as the attackers' start count over the defenders' start count of attackers (so the
  two armies are worth the same at the start, whatever the layout);
* ``king_paths``: escape squares (corners or edge squares, per ``escape``) the king reaches in
  one move; two or more with the attackers to move is nearly a won game;
* ``king_distance``: steps (rank plus file distance) from the king to the nearest escape square,
  counted negative;
* ``king_pressure``: the king's neighbours that are attackers or squares hostile to him (the
  ruleset's ``throne_hostile`` / ``corner_hostile`` / ``camp_hostile`` lists, ``_empty`` ones
  only while empty; the board edge where ``king_capture = surrounded_edge``), counted negative
  and scaled by how many sides a capture of the king needs (2 for ``custodial``, 4 otherwise);
* ``king_mobility``: the king's legal moves;
* ``king_fork``: with the defenders to move and no free path yet, 1 when one king move reaches
  a square from which two lines run free to escape squares (a fork, two plies before the
  escape), else 0;
* ``blockade``: attackers on the gates - the squares next to an escape square - counted
  negative;
* ``lanes`` (only where there are at most :data:`LANE_ESCAPES` escape squares, e.g. corner
  escape): empty squares the king could stop on from which a line runs free to an escape
  square - the corners' open lanes, which the attackers close to keep the king in;
* ``king_threats`` (same condition): the king's moves onto such squares, each a threat to
  escape on the next move that the attackers must answer;
* ``corner_guard`` (same condition): attackers on the guard squares of a corner - the squares
  two steps (rank plus file distance) from an escape square in a corner of the board, such as
  a3, b2 and c1 for a1 - counted negative: held together they close the corner, the king can
  then reach neither of its neighbours;
* ``corner_closed`` (same condition): corners whose guard squares are all held by attackers,
  counted negative.

:meth:`Evaluator.score` is the weighted sum from the side to move's point of view (an int, in
centipawn-like units: an attacker is 100).
"""

from __future__ import annotations

from .tables import ATT, ATTACKERS, CMD, DEFENDERS, KNG, Tables

#: The weights of the terms (the one table; see the module docstring for the terms).
WEIGHTS: dict[str, int] = {
    "attacker": 100,        # value of one attacker; a defender's value follows from the layout
    "king_paths": 350,      # one free path to an escape square
    "king_paths_two": 4000, # two or more free paths (a fork the attackers can rarely answer)
    "king_distance": 15,    # per step from the nearest escape square
    "king_pressure": 45,    # per hostile neighbour of the king (scaled by 4 / sides needed)
    "king_mobility": 4,     # per legal move of the king
    "king_fork": 1500,      # the defenders to move, the king can reach a square with two free paths
    "blockade": 25,         # per attacker on a gate next to an escape square
    "lanes": 12,            # per empty square with a free line to an escape square
    "king_threats": 70,     # per king move onto such a square
    "corner_guard": 40,     # per attacker on a guard square of a corner (a3, b2, c1 for a1)
    "corner_closed": 150,   # per corner whose guard squares are all held by attackers
}

TERMS = ("material", "king_paths", "king_distance", "king_pressure", "king_mobility", "king_fork", "blockade",
         "lanes", "king_threats", "corner_guard", "corner_closed")

#: The lane terms are counted only with at most this many escape squares (corners, or a few
#: marked squares): under edge escape nearly every square has a free line to the edge.
LANE_ESCAPES = 8
#: Lane counts kept per occupancy of the lane squares before the cache starts afresh.
LANE_CACHE = 4096


class Evaluator:
    """The evaluation of positions of ``game``'s ruleset (built once per search).

    Args:
        game: a :class:`~tafl_core.game.Game`; its tables and start layout give the escape
            squares, hostile squares and the piece values.
        weights: a table like :data:`WEIGHTS` (default: :data:`WEIGHTS`).
    """

    def __init__(self, game, weights: dict[str, int] | None = None):
        self.w = dict(WEIGHTS if weights is None else weights)
        t: Tables = game.tables
        self.t = t
        n = t.n
        counts = game.ruleset.layout.side_counts()   # the king left out
        na = max(1, counts["attackers"])
        nd = max(1, counts["defenders"])
        self.att_value = self.w["attacker"]
        self.def_value = max(self.att_value, round(self.att_value * na / nd))
        esc = [s for s in range(n * n) if t.escape[s]]
        self.escapes = esc
        self.dist = [min(abs(s // n - e // n) + abs(s % n - e % n) for e in esc) if esc else 0 for s in range(n * n)]
        self.gates = bytes(1 if not t.escape[s] and any(t.escape[a] for a in t.adj[s]) else 0 for s in range(n * n))
        self.king_hostile = t.hostile[KNG]
        self.edge_hostile = t.king_capture == "surrounded_edge"
        needed = 2 if t.king_capture in ("custodial", "throne_alternate") else 4
        self.pressure_scale = 4 / needed
        stop = t.stop[KNG]
        pas = t.passable[KNG]
        # the lines out of each escape square the king may stop on, each up to the first square
        # he may not pass or another escape square, for the lane terms
        self.lane_rays = None
        self.lane_nostop: tuple[int, ...] = ()
        self.guards: tuple[tuple[int, ...], ...] = ()
        if len(esc) <= LANE_ESCAPES:
            # the guard squares of each escape square in a corner (two neighbours on the board)
            self.guards = tuple(
                tuple(q for q in range(n * n) if abs(q // n - e // n) + abs(q % n - e % n) == 2 and not t.escape[q])
                for e in esc if len(t.adj[e]) == 2)
            rays = []
            for e in esc:
                if not stop[e]:
                    continue
                for ray in t.rays[e]:
                    cut = []
                    for q in ray:
                        if t.escape[q]:
                            break
                        if not pas[q]:   # he may still stand on it and leave along the line
                            if stop[q]:
                                cut.append(q)
                            break
                        cut.append(q)
                    if cut:
                        rays.append(tuple(cut))
            self.lane_rays = tuple(rays)
            self.lane_nostop = tuple(sorted({q for r in rays for q in r if not stop[q]}))
            self.lane_bits = sum(1 << q for q in {q for r in rays for q in r})
        self.lane_cache: dict[int, tuple[list[int], int]] = {}
        # the guard squares and the gates as bitboards (bit s for square s), counted against the
        # attackers' bitboard of the game (Game.bits)
        self.guard_bits = tuple(sum(1 << q for q in guard) for guard in self.guards)
        self.gate_bits = sum(1 << s for s in range(n * n) if self.gates[s])

    def terms(self, game) -> dict[str, int]:
        """The unweighted terms of ``game``'s position, each from the defenders' point of view
        (a higher value is better for the defenders); ``material`` already in piece values."""
        t = self.t
        board = game.board
        pieces = game.pieces
        natt = len(pieces[ATTACKERS])
        ndef = len(pieces[DEFENDERS])
        k = game.king
        out = {"material": 0, "king_paths": 0, "king_distance": 0, "king_pressure": 0, "king_mobility": 0,
               "king_fork": 0, "blockade": 0, "lanes": 0, "king_threats": 0, "corner_guard": 0, "corner_closed": 0}
        if k >= 0:
            ndef -= 1
            codes = game.plain_codes(DEFENDERS, k)
            esc = t.escape
            paths = len([m for m in codes if esc[m & 1023]])   # a comprehension runs inline
            out["king_paths"] = paths
            lines = None
            if self.lane_rays is not None:
                lines, free = self._lanes_of(game, k)
                out["lanes"] = free - (1 if lines[k] else 0)
                if not paths:
                    out["king_threats"] = len([m for m in codes if lines[m & 1023]])
            if not paths and game.side == DEFENDERS:
                if lines is not None:
                    out["king_fork"] = 1 if [m for m in codes if lines[m & 1023] >= 2] else 0
                else:
                    out["king_fork"] = 1 if self._fork(game, codes) else 0
            out["king_mobility"] = len(codes)
            out["king_distance"] = -self.dist[k]
            hostile = self.king_hostile
            pressure = 0
            for a in t.adj[k]:
                c = board[a]
                if c == ATT or c == CMD:
                    pressure += 1
                elif hostile[a] == 1 or (hostile[a] == 2 and not c):
                    pressure += 1
            if self.edge_hostile:
                pressure += 4 - len(t.adj[k])
            out["king_pressure"] = -pressure
        held = closed = 0
        attackers = game.bits[ATTACKERS]   # attackers and commanders
        for guard in self.guard_bits:
            on = attackers & guard
            held += on.bit_count()
            closed += on == guard
        out["corner_guard"] = -held
        out["corner_closed"] = -closed
        out["material"] = ndef * self.def_value - natt * self.att_value
        out["blockade"] = -(attackers & self.gate_bits).bit_count()
        return out

    def _lanes(self, board, k: int) -> list[int]:
        """Per square, the free lines from it to an escape square - over squares the king may
        pass, the king's own square counted as empty (as it is once he moves) - where he may
        stop on it, else 0: a list of ``n * n`` counts."""
        lines = [0] * len(board)
        for ray in self.lane_rays:
            for q in ray:
                if board[q] and q != k:
                    break
                lines[q] += 1
        for q in self.lane_nostop:
            lines[q] = 0
        return lines

    def _lanes_of(self, game, k: int) -> tuple[list[int], int]:
        """:meth:`_lanes` of ``game``'s board with the king on ``k``, and how many squares have a
        free line. They depend only on which squares of the lane rays are occupied, the king's
        not counted, so they are kept per that occupancy (at most :data:`LANE_CACHE` of them):
        few moves of a search touch the lanes. The list is shared: read it, never change it."""
        bits = game.bits
        key = (bits[0] | bits[1] ^ 1 << k) & self.lane_bits
        hit = self.lane_cache.get(key)
        if hit is None:
            lines = self._lanes(game.board, k)
            if len(self.lane_cache) >= LANE_CACHE:
                self.lane_cache.clear()
            hit = self.lane_cache[key] = (lines, len(lines) - lines.count(0))
        return hit

    def _fork(self, game, codes) -> bool:
        """True when one of the king's moves ``codes`` reaches a square with two lines free to
        an escape square where he may stop (passing only squares he may pass)."""
        t = self.t
        esc = t.escape
        board = game.board
        k = game.king
        pas = t.passable[KNG]
        stop = t.stop[KNG]
        rays = t.rays
        for m in codes:
            free = 0
            for ray in rays[m & 1023]:
                for q in ray:
                    if board[q] and q != k:
                        break
                    if esc[q]:
                        free += stop[q]
                        break
                    if not pas[q]:
                        break
            if free >= 2:
                return True
        return False

    def defenders_score(self, game) -> int:
        """The weighted sum of :meth:`terms` from the defenders' point of view."""
        w = self.w
        tm = self.terms(game)
        paths = tm["king_paths"]
        s = tm["material"]
        if paths >= 2 and game.side == ATTACKERS:
            s += w["king_paths_two"]
        elif paths:
            s += w["king_paths"] * paths
        s += w["king_distance"] * tm["king_distance"]
        s += round(w["king_pressure"] * self.pressure_scale * tm["king_pressure"])
        s += w["king_mobility"] * tm["king_mobility"]
        s += w["king_fork"] * tm["king_fork"]
        s += w["blockade"] * tm["blockade"]
        s += w["lanes"] * tm["lanes"]
        s += w["king_threats"] * tm["king_threats"]
        s += w["corner_guard"] * tm["corner_guard"] + w["corner_closed"] * tm["corner_closed"]
        return s

    def score(self, game) -> int:
        """The evaluation from the point of view of the side to move (int)."""
        s = self.defenders_score(game)
        return s if game.side == DEFENDERS else -s


__all__ = ["Evaluator", "WEIGHTS", "TERMS"]
