"""Per-ruleset lookup tables of the engine: piece and square codes, square kinds (throne,
corners, camps), who may stop on / pass / re-enter each square, hostility of special squares,
precomputed rays and neighbours, escape squares, Zobrist keys, and the rule values the hot
loops read. Built once per ruleset (:func:`tables_for`); everything else only indexes them.

Squares are ints (``rank * size + file``, ``a1`` = 0). Pieces are small ints: ``EMPTY`` 0,
``ATT`` 1 (attacker), ``DEF`` 2 (defender), ``KNG`` 3 (king), ``CMD`` 4 (commander, attackers'
side), ``KNT`` 5 (knight, defenders' side). Sides: ``ATTACKERS`` 0, ``DEFENDERS`` 1.
"""

from __future__ import annotations

import random

from .position import ATTACKER, COMMANDER, DEFENDER, KING, KNIGHT, SOLDIER_OF
from .rulekeys import SPECIAL_KINDS
from .errors import RulesFileError
from .ruleset import Ruleset, corner_squares
from .geometry import directions, is_edge_cell, on_board, turning_order
from .geometry import rays as geometry_rays
from .squares import parse_square

EMPTY, ATT, DEF, KNG, CMD, KNT = 0, 1, 2, 3, 4, 5
ATTACKERS, DEFENDERS = 0, 1
SIDE_NAMES = ("attackers", "defenders")
KIND_CODE = {ATTACKER: ATT, DEFENDER: DEF, KING: KNG, COMMANDER: CMD, KNIGHT: KNT}
CODE_KIND = {ATT: ATTACKER, DEF: DEFENDER, KNG: KING, CMD: COMMANDER, KNT: KNIGHT}
SIDE_OF = (None, ATTACKERS, DEFENDERS, DEFENDERS, ATTACKERS, DEFENDERS)
#: 1 for the codes of the attackers' side (attacker, commander), per code.
IS_ATT = (0, 1, 0, 0, 1, 0)
#: The ordinary piece of each side: the only kind a jump may go over (aagenielsen rule 4b).
ORDINARY = (ATT, DEF)
JUMP_NONE, JUMP_PLAIN, JUMP_CAPTURE, JUMP_RESTRICTED = 0, 1, 2, 3
_JUMP_CODE = {"none": JUMP_NONE, "jump": JUMP_PLAIN, "free": JUMP_PLAIN, "capture": JUMP_CAPTURE,
              "restricted": JUMP_RESTRICTED}
#: king_armed -> (the king captures as the moving piece: hammer, as the standing one: anvil).
_KING_ARMED = {"yes": (True, True), "no": (False, False), "anvil": (False, True), "hammer": (True, False)}
_BERSERK = {"off": 0, "capture": 1, "capture_or_escape": 2}
#: The values the engine plays, per key of kind enum or count (tafl_core.ruletable.TABLE): the
#: Python form of a ``match`` that must name every value. A ruleset with another value is
#: refused when its tables are built; tests/tafl_core/test_rule_table.py ties these to the table.
ENGINE_VALUES: dict[str, frozenset] = {
    "first_mover": frozenset(("attackers", "defenders")),
    "escape": frozenset(("corners", "edge")),
    "king_armed": frozenset(_KING_ARMED),
    "king_capture": frozenset(("custodial", "four_sides", "four_attackers", "throne_graded", "surrounded_edge",
                               "throne_four", "throne_alternate")),
    "shieldwall": frozenset(("off", "on", "corner")),
    "repetition": frozenset(("ignored", "draw", "loss_repeater", "loss_defenders", "forbidden_defenders")),
    "repetition_count": frozenset((2, 3, 4)),
    "no_moves": frozenset(("loss", "draw", "none")),
    "king_jump": frozenset(("none", "restricted", "free")),
    "commander_jump": frozenset(("none", "jump", "capture")),
    "knight_jump": frozenset(("none", "jump", "capture")),
    "commander_king_capture": frozenset(("none", "custodial")),
    "berserk": frozenset(_BERSERK),
    "geometry": frozenset(("square", "hex")),
    "corner_capture": frozenset(("ordinary", "edge_neighbours")),
}
NORMAL, THRONE, CORNER, CAMP = 0, 1, 2, 3
#: Square kind code -> the special square's name, the prefix of its rule keys (``throne_stop``, ...).
SPECIAL_NAME = dict(zip((THRONE, CORNER, CAMP), SPECIAL_KINDS))
#: The squares a "restricted" king jump starts or ends on (Berserk rule 4b: throne and corners).
RESTRICTED = (THRONE, CORNER)
ZOBRIST_SEED = 0x7AF1


class Tables:
    """Per-ruleset lookup tables (built once per ruleset; the hot loops only index them)."""

    def __init__(self, rs: Ruleset):
        self.n = rs.size
        self._square_kinds(rs)
        self._movement(rs.value)
        self._hostility(rs.value)
        self._geometry()
        escape = bytearray(self.n * self.n)
        for s in rs.escape_squares():
            escape[s] = 1
        self.escape = bytes(escape)
        self._rule_values(rs)
        self._zobrist()
        self.within_cache: dict[tuple[int, int], bytes] = {}   # see stop_from_special
        self.slide_cache: dict[int, list] = {}                  # see slides()

    def _square_kinds(self, rs: Ruleset) -> None:
        """``kind`` per square (NORMAL, THRONE, CORNER, CAMP), ``throne`` (-1 without) and
        ``corners``."""
        n = self.n
        self.kind = kind = [NORMAL] * (n * n)
        throne = rs.throne_square()
        self.throne = -1 if throne is None else throne
        if self.throne >= 0:
            kind[self.throne] = THRONE
        self.corners = corner_squares(rs.value("corners"), n)
        for s in self.corners:
            kind[s] = CORNER
        for s in rs.value("camps"):
            kind[parse_square(s, n)] = CAMP

    def _movement(self, v) -> None:
        """Per piece code and square, 1 where the piece may: ``stop`` (arriving from outside the
        special square's kind: ``<kind>_stop`` and ``<kind>_reenter``), ``stop_within`` (moving
        within it: ``<kind>_stop``), ``passable`` (``<kind>_pass``). A commander follows the
        attackers' lists, a knight the defenders'."""
        n2 = self.n * self.n
        self.stop, self.stop_within, self.passable = {}, {}, {}
        for code, kname in CODE_KIND.items():
            stop, within, pas = bytearray(n2), bytearray(n2), bytearray(n2)
            kname = SOLDIER_OF[kname]
            for s in range(n2):
                k = self.kind[s]
                if k == NORMAL:
                    stop[s] = within[s] = pas[s] = 1
                    continue
                p = SPECIAL_NAME[k]
                may_stop = kname in v(f"{p}_stop")
                stop[s] = 1 if may_stop and kname in v(f"{p}_reenter") else 0
                within[s] = 1 if may_stop else 0
                pas[s] = 1 if kname in v(f"{p}_pass") else 0
            self.stop[code], self.stop_within[code], self.passable[code] = bytes(stop), bytes(within), bytes(pas)

    def _hostility(self, v) -> None:
        """``hostile[code][square]``: how a special square is hostile to the piece ``code``
        standing next to it: 0 not, 1 always (``<kind>_hostile``), 2 only while empty
        (``<kind>_hostile_empty``)."""
        n2 = self.n * self.n
        self.hostile = {}
        for code, kname in CODE_KIND.items():
            kname = SOLDIER_OF[kname]
            h = bytearray(n2)
            for s in range(n2):
                k = self.kind[s]
                if k == NORMAL:
                    continue
                p = SPECIAL_NAME[k]
                if kname in v(f"{p}_hostile"):
                    h[s] = 1
                elif kname in v(f"{p}_hostile_empty"):
                    h[s] = 2
            self.hostile[code] = bytes(h)

    def _geometry(self) -> None:
        """Per square, from the board's geometry (:mod:`tafl_core.geometry`): ``rays`` (one tuple
        of squares outward per direction: N, S, E, W on a square board, the six hex directions
        in turning order on a hex board), ``nbrs`` ((neighbour, the square beyond it or -1,
        direction index) triples), ``step`` (the neighbour per direction or -1), ``adj`` (the
        neighbours), ``edge`` (1 on the board's edge) and ``onboard`` (1 on a cell of the board;
        0 on the array's cells outside a hexagon, which are in no ray). ``ndirs`` is the number
        of directions, ``turn`` their indices in turning order, ``opposite`` per direction the
        opposite one."""
        n = self.n
        self.ndirs = len(directions(n))
        self.turn = turning_order(n)
        dirs = directions(n)
        self.opposite = tuple(dirs.index((-dr, -df)) for dr, df in dirs)
        self.onboard = bytes(1 if on_board(s, n) else 0 for s in range(n * n))
        self.rays = []
        self.nbrs = []
        for s in range(n * n):
            rays = geometry_rays(s, n) if self.onboard[s] else ((),) * self.ndirs
            self.rays.append(rays)
            self.nbrs.append(tuple((ray[0], ray[1] if len(ray) > 1 else -1, d) for d, ray in enumerate(rays) if ray))
        self.step = [tuple(ray[0] if ray else -1 for ray in rays) for rays in self.rays]
        self.adj = [tuple(s2 for s2 in st if s2 >= 0) for st in self.step]
        self.edge = bytes(1 if is_edge_cell(s, n) else 0 for s in range(n * n))

    def _rule_values(self, rs: Ruleset) -> None:
        """The rule values the hot loops read, as attributes; jumps per piece code (JUMP_*),
        the commanders' king capture, berserk turns, one-step pieces, the piece codes allowed."""
        v = rs.value
        for key, played in ENGINE_VALUES.items():
            if v(key) not in played:
                raise RulesFileError(f"the engine does not play {key} = {v(key)!r}")
        self.king_hammer, self.king_anvil = _KING_ARMED[v("king_armed")]
        self.king_capture = v("king_capture")
        self.shieldwall = v("shieldwall")
        self.shieldwall_flank = v("shieldwall_flank")
        self.exit_fort = v("exit_fort")
        self.encirclement = v("encirclement")
        self.repetition = v("repetition")
        self.repetition_count = v("repetition_count")
        # the sides that may not bring back an earlier position (their repeating moves are not
        # legal; repetition then decides no game)
        self.no_repeat = (DEFENDERS,) if self.repetition == "forbidden_defenders" else ()
        self.repetition_decides = self.repetition in ("draw", "loss_repeater", "loss_defenders")
        self.no_moves = v("no_moves")
        self.jump = (JUMP_NONE, JUMP_NONE, JUMP_NONE, _JUMP_CODE[v("king_jump")],
                     _JUMP_CODE[v("commander_jump")], _JUMP_CODE[v("knight_jump")])
        self.any_jump = any(self.jump)
        self.commander_king = v("commander_king_capture") == "custodial"
        # corner_capture = "edge_neighbours": per corner its neighbours along the edge (the
        # two cells that take a piece on it); empty under the ordinary rule
        self.corner_pair = {}
        if v("corner_capture") == "edge_neighbours":
            self.corner_pair = {c: tuple(a for a in self.adj[c] if self.edge[a]) for c in self.corners}
        # pieces that move one square at a time (one_step; Ard Ri after dragonheelslair.com)
        one = set(v("one_step"))
        self.one_step = tuple(code > 0 and SOLDIER_OF[CODE_KIND[code]] in one for code in range(6))
        self.berserk = _BERSERK[v("berserk")]
        self.berserk_compulsory = bool(v("berserk_compulsory"))
        self.allowed_codes = {ATT, DEF, KNG}
        if "commander_jump" in rs.rules:
            self.allowed_codes.add(CMD)
        if "knight_jump" in rs.rules:
            self.allowed_codes.add(KNT)

    def _zobrist(self) -> None:
        """Zobrist keys per piece code and square (``zobrist``) and for the side to move
        (``z_side``), from a generator seeded by the board size."""
        n2 = self.n * self.n
        rng = random.Random(ZOBRIST_SEED + self.n)
        # codes 1..3 draw their keys first, so hashes of games without special pieces stay as they were
        self.zobrist = [[0] * n2] + [[rng.getrandbits(64) for _ in range(n2)] for _ in range(3)]
        self.z_side = rng.getrandbits(64)
        self.zobrist += [[rng.getrandbits(64) for _ in range(n2)] for _ in range(2)]

    def slides(self, code: int) -> list:
        """The sliding moves of piece ``code`` from each ordinary square, precomputed for the
        move generator: per square a tuple of rays, each ray a tuple of ``(square, move code)``
        pairs outward, cut after the first square the piece may not pass, with move code 0 on a
        square where it may not stop (it still blocks when occupied). Pieces on a special square
        move by the general loop (:func:`stop_from_special`). Built on first use, per code."""
        out = self.slide_cache.get(code)
        if out is None:
            stop, pas = self.stop[code], self.passable[code]
            out = []
            for f, rays in enumerate(self.rays):
                base = f << 10
                cut = []
                for ray in rays:
                    pairs = []
                    for sq in ray:
                        pairs.append((sq, base | sq if stop[sq] else 0))
                        if not pas[sq]:
                            break
                    if pairs:
                        cut.append(tuple(pairs))
                out.append(tuple(cut))
            self.slide_cache[code] = out
        return out



def stop_from_special(t: Tables, code: int, f: int) -> bytes:
    """Stop table for a move that starts on a special square: squares of the same kind count as
    'within' (a piece may move about inside its own camp; re-entry rules do not apply)."""
    key = (code, t.kind[f])
    cache = t.within_cache
    table = cache.get(key)
    if table is None:
        k = t.kind[f]
        table = bytes(t.stop_within[code][s] if t.kind[s] == k else t.stop[code][s] for s in range(t.n * t.n))
        cache[key] = table
    return table


def cached_by_identity(cache: dict, obj, build):
    """``build(obj)``, kept in ``cache`` under ``id(obj)`` for the next call with the same object.
    The entry holds ``obj`` itself, so its id cannot be reused by another object while cached; the
    cache is emptied when it passes 64 entries (rulesets are few; a long session must not grow)."""
    entry = cache.get(id(obj))
    if entry is not None and entry[0] is obj:
        return entry[1]
    value = build(obj)
    if len(cache) > 64:
        cache.clear()
    cache[id(obj)] = (obj, value)
    return value


_TABLE_CACHE: dict[int, tuple[Ruleset, Tables]] = {}


def tables_for(rs: Ruleset) -> Tables:
    """The tables of ``rs`` (cached per ruleset object)."""
    return cached_by_identity(_TABLE_CACHE, rs, Tables)




__all__ = ["Tables", "tables_for", "stop_from_special", "EMPTY", "ATT", "DEF", "KNG", "CMD", "KNT",
           "ATTACKERS", "DEFENDERS", "SIDE_NAMES", "KIND_CODE", "CODE_KIND", "SIDE_OF", "IS_ATT", "ORDINARY",
           "NORMAL", "THRONE", "CORNER", "CAMP", "SPECIAL_NAME", "RESTRICTED", "ENGINE_VALUES"]
