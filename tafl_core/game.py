"""Playing a game under a :class:`~tafl_core.ruleset.Ruleset`: legal moves, captures,
results, undo/redo and position hashing.

Squares are ints (``rank * size + file``, ``a1`` = 0). Pieces are small ints: ``EMPTY`` 0,
``ATT`` 1 (attacker), ``DEF`` 2 (defender), ``KNG`` 3 (king), ``CMD`` 4 (commander, attackers'
side), ``KNT`` 5 (knight, defenders' side). Sides: ``ATTACKERS`` 0, ``DEFENDERS`` 1. Moves are
ints ``from_square << 10 | to_square`` internally and :class:`Move` values at the public
surface; ``from == to`` is the move that ends a berserk turn (``"end"``).

Rules implemented (README.md, "rules.toml", lists every key):

* movement: orthogonal, any distance over empty squares; special squares (throne, corners,
  camps) restrict who may stop, pass or re-enter; commanders count as attackers and the knight
  as a defender in those lists;
* jumps (``king_jump``, ``commander_jump``, ``knight_jump``; Berserk Hnefatafl, aagenielsen.dk
  rule 4b): over one adjacent ordinary enemy piece onto the empty square beyond; the knight's
  jump captures the piece jumped;
* custodial capture: only the moving piece captures; an enemy is removed when it stands between
  the moved piece and a friendly piece or a square hostile to it (always, or only while empty);
  moving between two enemies is safe; one move may capture several pieces;
* king capture per ``king_capture``; the king as hammer/anvil per ``king_armed``; with
  ``commander_king_capture`` also by a commander against another commander or a hostile square;
* berserk turns (``berserk``): after a capture the same piece may move again with a move that
  captures (aagenielsen.dk Berserk rules; OpenTafl ``ber:c``);
* shieldwall, exit fort (``edge_fort``), encirclement, repetition and "no legal move" results.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Iterable

from .errors import IllegalMove, NotationError, PositionError
from .position import ATTACKER, COMMANDER, DEFENDER, KING, KNIGHT, SOLDIER_OF, Position, check_kings
from .reasons import Reason, Refusal, refusal
from .ruleset import Ruleset, corner_squares
from .squares import parse_square, shown_text, square_name

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
END_MOVE = "end"
NORMAL, THRONE, CORNER, CAMP = 0, 1, 2, 3
SPECIAL_NAME = {THRONE: "throne", CORNER: "corner", CAMP: "camp"}
#: The squares a "restricted" king jump starts or ends on (Berserk rule 4b: throne and corners).
_RESTRICTED = (THRONE, CORNER)
_ZOBRIST_SEED = 0x7AF1


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
        ``"end"`` (ending a berserk turn) needs the position: use :meth:`Game.play`.

        Raises:
            NotationError: malformed move or a square off the board.
        """
        if not isinstance(text, str) or len(text) > 80:
            raise NotationError(refusal(Reason.MALFORMED_MOVE))
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
        reason: ``custodial`` | ``hostile_throne`` | ``hostile_corner`` | ``hostile_camp`` |
            ``king_custodial`` | ``king_surrounded`` | ``king_commanders`` | ``shieldwall`` |
            ``jump`` (taken by the knight's jump over it).
        partners: what closed the capture besides the moved piece: ``(square or -1, kind)``
            pairs, kind one of attacker, defender, king, commander, knight, throne, corner,
            camp, edge (none for ``jump``).
        rule: the rules.toml key behind the capture (``custodial`` for the basic rule every
            ruleset shares; ``king_armed`` when the king took part), for the page's section ref.
    """

    square: int
    piece: str
    reason: str
    partners: tuple
    rule: str


@dataclass(frozen=True)
class Result:
    """The end of a game: ``winner`` is ``"attackers"``, ``"defenders"`` or None (draw);
    ``reason`` is ``king_captured`` | ``king_escaped`` | ``encirclement`` | ``edge_fort`` |
    ``no_legal_moves`` | ``repetition``; ``rule`` the rule key behind it."""

    winner: str | None
    reason: str
    rule: str

    def as_dict(self) -> dict:
        """``{"winner": ..., "reason": ...}`` as in the command line's JSON."""
        return {"winner": self.winner, "reason": self.reason}


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


class _Tables:
    """Per-ruleset lookup tables (built once per ruleset; the hot loops only index them)."""

    def __init__(self, rs: Ruleset):
        n = self.n = rs.size
        n2 = n * n
        v = rs.value
        self.kind = kind = [NORMAL] * n2
        self.throne = (n // 2) * n + n // 2 if v("throne") else -1
        if self.throne >= 0:
            kind[self.throne] = THRONE
        self.corners = corner_squares(v("corners"), n)
        for s in self.corners:
            kind[s] = CORNER
        for s in v("camps"):
            kind[parse_square(s, n)] = CAMP
        spec = {THRONE: "throne", CORNER: "corner", CAMP: "camp"}
        # stop/pass tables per piece code: 1 allowed, 0 not
        self.stop = {}
        self.stop_within = {}
        self.passable = {}
        for code, kname in CODE_KIND.items():
            stop = bytearray(n2)
            within = bytearray(n2)
            pas = bytearray(n2)
            kname = SOLDIER_OF[kname]   # a commander follows the attackers' lists, a knight the defenders'
            for s in range(n2):
                k = kind[s]
                if k == NORMAL:
                    stop[s] = within[s] = pas[s] = 1
                    continue
                p = spec[k]
                may_stop = kname in v(f"{p}_stop")
                stop[s] = 1 if may_stop and kname in v(f"{p}_reenter") else 0
                within[s] = 1 if may_stop else 0
                pas[s] = 1 if kname in v(f"{p}_pass") else 0
            self.stop[code], self.stop_within[code], self.passable[code] = bytes(stop), bytes(within), bytes(pas)
        # hostility of special squares to each victim code: 0 no, 1 always, 2 only while empty
        self.hostile = {}
        for code, kname in CODE_KIND.items():
            kname = SOLDIER_OF[kname]
            h = bytearray(n2)
            for s in range(n2):
                k = kind[s]
                if k == NORMAL:
                    continue
                p = spec[k]
                if kname in v(f"{p}_hostile"):
                    h[s] = 1
                elif kname in v(f"{p}_hostile_empty"):
                    h[s] = 2
            self.hostile[code] = bytes(h)
        # rays: per square, 4 tuples of squares outward (N, S, E, W)
        self.rays = []
        self.nbrs = []  # per square: tuple of (neighbour, beyond or -1, direction index)
        for s in range(n2):
            r, f = divmod(s, n)
            rays = []
            for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                ray = []
                rr, ff = r + dr, f + df
                while 0 <= rr < n and 0 <= ff < n:
                    ray.append(rr * n + ff)
                    rr += dr
                    ff += df
                rays.append(tuple(ray))
            self.rays.append(tuple(rays))
            self.nbrs.append(tuple((ray[0], ray[1] if len(ray) > 1 else -1, d) for d, ray in enumerate(rays) if ray))
        self.step = [tuple(ray[0] if ray else -1 for ray in rays) for rays in self.rays]
        self.adj = [tuple(s2 for s2 in st if s2 >= 0) for st in self.step]
        self.edge = bytes(1 if (s // n in (0, n - 1) or s % n in (0, n - 1)) else 0 for s in range(n2))
        self.escape = bytearray(n2)
        if v("escape") == "corners":
            for s in (self.corners or corner_squares("single", n)):
                self.escape[s] = 1
        else:
            self.escape = bytearray(self.edge)
        self.escape = bytes(self.escape)
        armed = v("king_armed")
        self.king_hammer = armed in ("yes", "hammer")
        self.king_anvil = armed in ("yes", "anvil")
        self.king_capture = v("king_capture")
        self.shieldwall = v("shieldwall")
        self.shieldwall_flank = v("shieldwall_flank")
        self.edge_fort = v("edge_fort")
        self.encirclement = v("encirclement")
        self.repetition = v("repetition")
        self.repetition_count = v("repetition_count")
        self.no_moves = v("no_moves")
        # jumps per piece code (JUMP_*), commanders' king capture, berserk turns
        self.jump = (JUMP_NONE, JUMP_NONE, JUMP_NONE, _JUMP_CODE[v("king_jump")],
                     _JUMP_CODE[v("commander_jump")], _JUMP_CODE[v("knight_jump")])
        self.any_jump = any(self.jump)
        self.commander_king = v("commander_king_capture") == "custodial"
        # pieces that move one square at a time (one_step; Ard Ri after dragonheelslair.com)
        one = set(v("one_step"))
        self.one_step = tuple(code > 0 and SOLDIER_OF[CODE_KIND[code]] in one for code in range(6))
        self.berserk = {"off": 0, "capture": 1, "capture_or_escape": 2}[v("berserk")]
        self.berserk_compulsory = bool(v("berserk_compulsory"))
        self.allowed_codes = {ATT, DEF, KNG}
        if "commander_jump" in rs.rules:
            self.allowed_codes.add(CMD)
        if "knight_jump" in rs.rules:
            self.allowed_codes.add(KNT)
        rng = random.Random(_ZOBRIST_SEED + n)
        # codes 1..3 draw their keys first, so hashes of games without special pieces stay as they were
        self.zobrist = [[0] * n2] + [[rng.getrandbits(64) for _ in range(n2)] for _ in range(3)]
        self.within_cache: dict[tuple[int, int], bytes] = {}   # see _stop_from_special
        self.slide_cache: dict[int, list] = {}                  # see slides()
        self.z_side = rng.getrandbits(64)
        self.zobrist += [[rng.getrandbits(64) for _ in range(n2)] for _ in range(2)]


    def slides(self, code: int) -> list:
        """The sliding moves of piece ``code`` from each ordinary square, precomputed for the
        move generator: per square a tuple of rays, each ray a tuple of ``(square, move code)``
        pairs outward, cut after the first square the piece may not pass, with move code 0 on a
        square where it may not stop (it still blocks when occupied). Pieces on a special square
        move by the general loop (:func:`_stop_from_special`). Built on first use, per code."""
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


class Game:
    """A game in progress under ``ruleset``, from its start layout or from ``position``.

    Args:
        ruleset: the rules.
        position: start position (default: the ruleset's layout). Must have exactly one king,
            and no piece on a square where it may not stand.
        to_move: ``"attackers"`` | ``"defenders"`` (default: the ruleset's first mover).

    Raises:
        PositionError: the position has no king or several, a different size than the
            ruleset, a piece on a square it may not stand on, or a commander or knight under
            rules that have none.

    Attributes:
        berserker: square of the piece that is in the middle of a berserk turn (it alone may
            move, and only with a move that captures), or -1.
    """

    def __init__(self, ruleset: Ruleset, position: Position | None = None, to_move: str | None = None):
        self.ruleset = ruleset
        self.t = t = _tables_for(ruleset)
        n = t.n
        pos = position if position is not None else ruleset.layout
        if pos.size != n:
            raise PositionError(refusal(Reason.SIZE_MISMATCH, size=pos.size, board=n))
        check_kings(pos)
        self.board = [EMPTY] * (n * n)
        self.pieces = (set(), set())
        self.king = -1
        for name, kind in pos.pieces.items():
            s = parse_square(name, n)
            code = KIND_CODE[kind]
            if code not in t.allowed_codes:
                raise PositionError(refusal(Reason.NO_RULES_FOR_KIND, piece=kind, square=name))
            if t.kind[s] != NORMAL and not t.stop_within[code][s]:
                raise PositionError(refusal(Reason.MAY_NOT_STAND, piece=kind, square=name, special=SPECIAL_NAME[t.kind[s]]))
            self.board[s] = code
            self.pieces[SIDE_OF[code]].add(s)
            if code == KNG:
                self.king = s
        side = to_move or ruleset.value("first_mover")
        if side not in SIDE_NAMES:
            raise PositionError(refusal(Reason.BAD_SIDE, side=shown_text(str(side))))
        self.side = SIDE_NAMES.index(side)
        h = t.z_side if self.side else 0
        for s, code in enumerate(self.board):
            if code:
                h ^= t.zobrist[code][s]
        self.hash = h
        self.result: Result | None = None
        self.berserker = -1
        self._berserk_cache: tuple = (None, [])   # ((history length, hash, berserker), its codes)
        # (PlayedMove, captured [(sq, code)], prev_result, prev_hash, mover code, prev berserker,
        #  whether the position after it was counted for repetition)
        self.history: list[tuple] = []
        self.redo_stack: list[Move] = []
        self._undone: list[PlayedMove] = []   # what the moves on redo_stack did, in the same order
        self.seen: dict[int, int] = {h: 1}
        if self.king >= 0 and t.escape[self.king]:
            raise PositionError(refusal(Reason.KING_ON_ESCAPE, square=square_name(self.king, n)))
        if t.no_moves != "none" and not self.has_move(self.side):
            # A set-up position in which the side to move is already blocked is decided at once.
            winner = None if t.no_moves == "draw" else SIDE_NAMES[1 - self.side]
            self.result = Result(winner, "no_legal_moves", "no_moves")

    # -- queries --------------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        """``"attackers"`` or ``"defenders"``."""
        return SIDE_NAMES[self.side]

    def position(self) -> Position:
        """The current position as a :class:`Position`."""
        n = self.t.n
        return Position(n, {square_name(s, n): CODE_KIND[c] for s, c in enumerate(self.board) if c})

    def piece_at(self, square: int) -> str | None:
        """``"attacker"``, ``"defender"``, ``"king"`` or None."""
        return CODE_KIND.get(self.board[square])

    def move_codes(self, side: int | None = None, frm: int | None = None) -> list[int]:
        """All legal moves of ``side`` (default: side to move) as ints ``from << 10 | to``;
        only from square ``frm`` when given. Empty when the game is over. In a berserk turn
        only the berserker's capturing moves (and, unless continuing is compulsory, the end
        move ``berserker << 10 | berserker``)."""
        if self.result is not None:
            return []
        side = self.side if side is None else side
        if self.berserker >= 0 and side == self.side:
            b = self.berserker
            if frm is not None and frm != b:
                return []
            key = (len(self.history), self.hash, b)
            if self._berserk_cache[0] != key:       # computed once per berserk step (_push did it)
                self._berserk_cache = (key, self._berserk_codes(b))
            out = list(self._berserk_cache[1])
            if not self.t.berserk_compulsory:
                out.append(b << 10 | b)
            return out
        return self._plain_codes(side, frm)

    def _plain_codes(self, side: int, frm: int | None = None) -> list[int]:
        """Slides and jumps of ``side`` (only from ``frm`` when given), berserk turns aside."""
        t = self.t
        board = self.board
        kinds, stops, passable, rays = t.kind, t.stop, t.passable, t.rays
        one_step = t.one_step
        jumps = t.jump if t.any_jump else None
        out = []
        append = out.append
        squares = (frm,) if frm is not None else self.pieces[side]
        for f in squares:
            code = board[f]
            if not code or SIDE_OF[code] != side:
                continue
            normal = kinds[f] == NORMAL
            stop = stops[code] if normal else _stop_from_special(t, code, f)
            base = f << 10
            if one_step[code]:
                for s in t.adj[f]:
                    if not board[s] and stop[s]:
                        append(base | s)
            elif normal:   # the common case: precomputed rays (t.slides), one test per square
                for ray in (t.slide_cache.get(code) or t.slides(code))[f]:
                    for s, m in ray:
                        if board[s]:
                            break
                        if m:
                            append(m)
            else:
                pas = passable[code]
                for ray in rays[f]:
                    for s in ray:
                        if board[s]:
                            break
                        if stop[s]:
                            append(base | s)
                        if not pas[s]:
                            break
            if jumps and jumps[code]:
                for to in self._jump_targets(f, code, stop):
                    append(base | to)
        return out

    def _jump_targets(self, f: int, code: int, stop: bytes) -> list[int]:
        """Landing squares of the jumps of the piece ``code`` on ``f`` (aagenielsen Berserk rule
        4b): over an adjacent ordinary enemy piece onto the empty square beyond, where the piece
        may stop; a restricted king jump starts or ends on a special square."""
        t = self.t
        board = self.board
        victim = ORDINARY[1 - SIDE_OF[code]]
        restricted = t.jump[code] == JUMP_RESTRICTED
        out = []
        for nb, beyond, _ in t.nbrs[f]:
            if beyond < 0 or board[nb] != victim or board[beyond] or not stop[beyond]:
                continue
            if restricted and t.kind[f] not in _RESTRICTED and t.kind[beyond] not in _RESTRICTED:
                continue
            out.append(beyond)
        return out

    def _jumped(self, f: int, to: int) -> int:
        """The square jumped over by the move ``f``-``to`` (a move of two squares over an
        occupied square), or -1."""
        n = self.t.n
        d = to - f
        if d in (2, -2) and f // n == to // n or d in (2 * n, -2 * n):
            mid = (f + to) // 2
            if self.board[mid]:
                return mid
        return -1

    def _capturing(self, f: int, to: int) -> bool:
        """True when the (legal) move ``f``-``to`` would capture something; the board is left
        as it was."""
        board = self.board
        code = board[f]
        jumped = self._jumped(f, to)
        king = self.king
        board[f] = EMPTY
        board[to] = code
        if code == KNG:
            self.king = to
        try:
            return bool(self._captures(to, code, SIDE_OF[code], jumped))
        finally:
            board[to] = EMPTY
            board[f] = code
            self.king = king

    def _berserk_codes(self, b: int) -> list[int]:
        """The berserker's continuations from ``b``: moves that capture, and with
        ``berserk = capture_or_escape`` the king's moves onto an escape square."""
        t = self.t
        escape = t.berserk == 2 and self.board[b] == KNG
        return [m for m in self._plain_codes(self.side, b)
                if (escape and t.escape[m & 1023]) or self._capturing(b, m & 1023)]

    def legal_moves(self, frm: int | str | None = None) -> list[Move]:
        """Legal moves of the side to move (only from ``frm`` when given) as :class:`Move` values."""
        n = self.t.n
        if isinstance(frm, str):
            frm = parse_square(frm, n)
        return [Move(m >> 10, m & 1023, n) for m in self.move_codes(frm=frm)]

    def has_move(self, side: int) -> bool:
        """True when ``side`` has at least one legal move (real move generation, early exit;
        never a shortcut such as "an empty neighbour exists")."""
        return any(self.has_move_from(f) for f in self.pieces[side])

    def why_illegal(self, move: Move) -> Refusal | None:
        """Why ``move`` is not legal for the side to move (a :class:`~tafl_core.reasons.Refusal`;
        ``str()`` of it is an English sentence); None when it is legal."""
        n = self.t.n
        t = self.t
        if self.result is not None:
            return refusal(Reason.GAME_OVER)
        f, to = move.frm, move.to
        a, b = square_name(f, n), square_name(to, n)
        if self.berserker >= 0:
            bs = square_name(self.berserker, n)
            if f == to == self.berserker:
                if t.berserk_compulsory:
                    return refusal(Reason.BERSERK_MUST_GO_ON, square=bs)
                return None
            if f != self.berserker:
                return refusal(Reason.BERSERK_OTHER_PIECE, square=bs)
        elif f == to:
            return refusal(Reason.MOVE_NOWHERE) if self.board[f] else refusal(Reason.NO_PIECE, square=a)
        code = self.board[f]
        if not code:
            return refusal(Reason.NO_PIECE, square=a)
        if SIDE_OF[code] != self.side:
            return refusal(Reason.NOT_YOUR_PIECE, square=a, owner=SIDE_NAMES[SIDE_OF[code]], to_move=self.to_move)
        if f == to:
            return refusal(Reason.MOVE_NOWHERE)
        fr, ff = divmod(f, n)
        tr, tf = divmod(to, n)
        if fr != tr and ff != tf:
            return refusal(Reason.NOT_ALONG_LINE, from_=a, to=b)
        if (f << 10 | to) in self.move_codes(frm=f):
            return None
        if self.berserker >= 0 and (f << 10 | to) in self._plain_codes(self.side, f):
            return refusal(Reason.BERSERK_MUST_CAPTURE, from_=a, to=b)
        if self.board[to]:
            return refusal(Reason.OCCUPIED, square=b)
        kind = CODE_KIND[code]
        if t.one_step[code] and to not in t.adj[f] and self._jumped(f, to) < 0:
            return refusal(Reason.ONE_STEP, piece=kind)
        jumped = self._jumped(f, to) if t.jump[code] else -1
        if jumped >= 0:
            over = CODE_KIND[self.board[jumped]]
            mode = t.jump[code]
            if SIDE_OF[self.board[jumped]] == SIDE_OF[code]:
                return refusal(Reason.JUMP_OVER_OWN, over=over)
            if self.board[jumped] != ORDINARY[1 - SIDE_OF[code]]:
                return refusal(Reason.JUMP_OVER_SPECIAL, over=over)
            if mode == JUMP_RESTRICTED:
                if t.kind[f] not in _RESTRICTED and t.kind[to] not in _RESTRICTED:
                    return refusal(Reason.KING_JUMP_RESTRICTED)
                return refusal(Reason.KING_MAY_NOT_LAND, square=b)
            return refusal(Reason.MAY_NOT_STOP, piece=kind, special=SPECIAL_NAME.get(t.kind[to], "square"), square=b)
        ray = next(r for r in self.t.rays[f] if to in r)
        for s in ray:
            if s == to:
                break
            if self.board[s]:
                return refusal(Reason.BLOCKED, from_=a, to=b, square=square_name(s, n))
            if not self.t.passable[code][s]:
                return refusal(Reason.MAY_NOT_PASS, piece=kind, special=SPECIAL_NAME[self.t.kind[s]],
                               square=square_name(s, n))
        return refusal(Reason.MAY_NOT_STOP, piece=kind, special=SPECIAL_NAME.get(self.t.kind[to], "square"), square=b)

    # -- playing --------------------------------------------------------------------------------
    def play(self, move: Move | str) -> PlayedMove:
        """Play ``move`` for the side to move (a :class:`Move`, ``"e1-e5"``, or ``"end"`` to end a
        berserk turn); returns what it did (captures, result).

        Raises:
            NotationError: a malformed move string.
            IllegalMove: the move is not legal here (the message says why).
        """
        if isinstance(move, str):
            if move.strip().lower() == END_MOVE:
                if self.result is not None:
                    raise IllegalMove(refusal(Reason.GAME_OVER))
                if self.berserker < 0:
                    raise IllegalMove(refusal(Reason.NO_BERSERK_TURN))
                move = Move(self.berserker, self.berserker, self.t.n)
            else:
                move = Move.parse(move, self.t.n)
        why = self.why_illegal(move)
        if why:
            raise IllegalMove(why)
        played = self._push(move.frm, move.to)
        self.redo_stack.clear()
        self._undone.clear()
        return played

    def play_code(self, m: int) -> Result | None:
        """Fast path for playouts: play the legal move int ``m`` (not checked); returns the result."""
        return self._push(m >> 10, m & 1023, fast=True)

    def undo(self) -> PlayedMove | None:
        """Take back the last move (restores position, side to move, hash and result); None if
        there is nothing to undo. The move can be replayed with :meth:`redo`."""
        if not self.history:
            return None
        played, captured, prev_result, prev_hash, mover_code, prev_berserker, counted = self.history.pop()
        if counted:
            self.seen[self.hash] -= 1
            if not self.seen[self.hash]:
                del self.seen[self.hash]
        f, to = played.move.frm, played.move.to
        side = SIDE_OF[mover_code]
        if f != to:
            self.board[to] = EMPTY
            self.board[f] = mover_code
            self.pieces[side].discard(to)
            self.pieces[side].add(f)
            if mover_code == KNG:
                self.king = f
        for s, code in captured:
            self.board[s] = code
            self.pieces[SIDE_OF[code]].add(s)
            if code == KNG:
                self.king = s
        self.side = side
        self.hash = prev_hash
        self.result = prev_result
        self.berserker = prev_berserker
        self.redo_stack.append(played.move)
        self._undone.append(played)
        return played

    def redo(self) -> PlayedMove | None:
        """Replay the last undone move; None if there is none."""
        if not self.redo_stack:
            return None
        move = self.redo_stack.pop()
        self._undone.pop()
        keep, keep_undone = self.redo_stack, self._undone
        self.redo_stack, self._undone = [], []
        played = self.play(move)
        self.redo_stack, self._undone = keep, keep_undone
        return played

    @property
    def undone_moves(self) -> list[PlayedMove]:
        """The moves taken back that :meth:`redo` would replay, the next one first, as they were
        played (notation, captures, whether a berserk turn went on)."""
        return list(reversed(self._undone))

    @property
    def moves_played(self) -> list[PlayedMove]:
        """The moves played so far, oldest first."""
        return [h[0] for h in self.history]

    # -- internals ------------------------------------------------------------------------------
    def _push(self, f: int, to: int, fast: bool = False):
        t = self.t
        board = self.board
        code = board[f]
        side = SIDE_OF[code]
        z = t.zobrist
        prev_hash = self.hash
        prev_result = self.result
        prev_berserker = self.berserker
        captures: list[Capture] = []
        captured = []
        h = prev_hash
        jumped = -1
        result = None
        if f != to:
            if t.any_jump:
                jumped = self._jumped(f, to)
            board[f] = EMPTY
            board[to] = code
            own = self.pieces[side]
            own.discard(f)
            own.add(to)
            h ^= z[code][f] ^ z[code][to]
            if code == KNG:
                self.king = to
            captures = self._captures(to, code, side, jumped)
            enemy = self.pieces[1 - side]
            for cap in captures:
                s = cap.square
                c = board[s]
                if not c:
                    continue
                captured.append((s, c))
                board[s] = EMPTY
                enemy.discard(s)
                h ^= z[c][s]
                if c == KNG:
                    self.king = -1
            result = self._decided_after(to, code, side, captures)
        # Berserk (aagenielsen Berserk rules; OpenTafl ber:c): after a capture the same piece may
        # move again while it has a capturing move; the side stays to move and this in-between
        # position is not counted for repetition.
        self.berserker = -1
        goes_on = False
        if t.berserk and captured and result is None:
            codes = self._berserk_codes(to)
            goes_on = bool(codes)
            self._berserk_cache = ((len(self.history) + 1, h, to), codes)
        if goes_on:
            self.berserker = to
        else:
            h ^= t.z_side
            self.side = 1 - side
            self.seen[h] = self.seen.get(h, 0) + 1
            if result is None:
                result = self._turn_result(side, h)
        self.hash = h
        self.result = result
        if fast and not (t.any_jump or t.berserk):   # playouts: the fewest fields
            played = PlayedMove(Move(f, to, t.n), SIDE_NAMES[side], tuple(captures), result)
        elif fast:
            played = PlayedMove(Move(f, to, t.n), SIDE_NAMES[side], tuple(captures), result,
                                jumped >= 0, prev_berserker >= 0 and f != to, goes_on)
        else:
            played = PlayedMove(Move(f, to, t.n), SIDE_NAMES[side], tuple(captures), result,
                                jumped >= 0, prev_berserker >= 0 and f != to, goes_on, CODE_KIND[code])
        self.history.append((played, captured, prev_result, prev_hash, code, prev_berserker, not goes_on))
        return result if fast else played

    def _captures(self, to: int, code: int, side: int, jumped: int = -1) -> list[Capture]:
        """Captures made by the piece ``code`` of ``side`` that has just arrived on ``to``
        (``jumped``: the square it jumped over, or -1)."""
        t = self.t
        board = self.board
        out = []
        if jumped >= 0 and t.jump[code] == JUMP_CAPTURE:
            # The knight's jump takes the piece jumped over (aagenielsen Berserk rule 4b/5b).
            out.append(Capture(jumped, CODE_KIND[board[jumped]], "jump", (), f"{CODE_KIND[code]}_jump"))
        if code == KNG and not t.king_hammer:
            hammer = False
        else:
            hammer = True
        for nb, beyond, d in t.nbrs[to]:
            victim = board[nb]
            if not victim or SIDE_OF[victim] == side:
                continue
            if victim == KNG:
                cap = self._king_capture(nb, to, d)
                if cap is None and code == CMD and t.commander_king:
                    cap = self._commander_king_capture(nb, d)
                if cap:
                    out.append(cap)
                continue
            if out and nb == jumped and out[0].square == jumped:
                continue
            if not hammer:
                continue
            if beyond < 0:
                continue
            other = board[beyond]
            if other and SIDE_OF[other] == side and (other != KNG or t.king_anvil):
                rule = "king_armed" if KNG in (code, other) else "custodial"
                out.append(Capture(nb, CODE_KIND[victim], "custodial", ((beyond, CODE_KIND[other]),), rule))
                continue
            hs = t.hostile[victim][beyond]
            if hs == 1 or (hs == 2 and not other):
                kname = SPECIAL_NAME[t.kind[beyond]]
                rule = f"{kname}_hostile" if hs == 1 else f"{kname}_hostile_empty"
                out.append(Capture(nb, CODE_KIND[victim], f"hostile_{kname}", ((beyond, kname),), rule))
        if t.shieldwall != "off":
            out.extend(self._shieldwall(to, side, {c.square for c in out}))
        return out

    def _commander_king_capture(self, k: int, d: int) -> Capture | None:
        """``commander_king_capture = custodial``: the commander that moved next to the king on
        ``k`` (direction ``d`` from the commander to the king) captures him against another
        commander or an empty square hostile to the king other than the throne - never on the
        throne and never against it (OpenTafl's Berserk rules: Taflman.checkSandwichCapture,
        CommanderCaptureVictoryTest, CommanderCornerCaptureVictoryTest)."""
        t = self.t
        if k == t.throne:
            return None
        beyond = t.step[k][d]
        if beyond < 0 or beyond == t.throne:
            return None
        other = self.board[beyond]
        if other == CMD:
            return Capture(k, KING, "king_commanders", ((beyond, COMMANDER),), "commander_king_capture")
        if not other and t.hostile[KNG][beyond]:
            kname = SPECIAL_NAME[t.kind[beyond]]
            return Capture(k, KING, "king_commanders", ((beyond, kname),), "commander_king_capture")
        return None

    def _king_hostile_square(self, s: int, throne_counts: bool) -> str | None:
        """Kind name when square ``s`` (not a piece on it) counts against the king: a special
        square hostile to the king per the ruleset, or - when ``throne_counts`` (the king-capture
        rules that name the throne: four sides, throne-graded, surrounded) - the empty throne."""
        t = self.t
        board = self.board
        if board[s]:
            hs = t.hostile[KNG][s]
            return SPECIAL_NAME[t.kind[s]] if hs == 1 else None
        if throne_counts and s == t.throne:
            return "throne"
        if t.hostile[KNG][s]:
            return SPECIAL_NAME[t.kind[s]]
        return None

    def _king_capture(self, k: int, mover: int, d: int) -> Capture | None:
        """King on ``k`` attacked by the attacker (or commander) that just moved to ``mover``;
        ``d`` is the direction from ``mover`` to ``k``. Implements ``king_capture`` (README.md);
        commanders count as attackers."""
        t = self.t
        board = self.board
        mode = t.king_capture
        if mode == "four_attackers":
            mode = "all_attackers"
        elif mode == "throne_graded":
            if k == t.throne:
                mode = "all_attackers"
            elif t.throne >= 0 and t.throne in t.adj[k]:
                mode = "four_sides"
            else:
                mode = "custodial"
        if mode == "custodial":
            beyond = t.step[k][d]
            if beyond < 0:
                return None
            if IS_ATT[board[beyond]]:
                return Capture(k, KING, "king_custodial", ((beyond, CODE_KIND[board[beyond]]),), "king_capture")
            kname = self._king_hostile_square(beyond, False)
            if kname:
                return Capture(k, KING, "king_custodial", ((beyond, kname),), "king_capture")
            return None
        partners = []
        adj = t.adj[k]
        if len(adj) < 4 and mode != "surrounded_edge":
            return None
        for nb in adj:
            if IS_ATT[board[nb]]:
                if nb != mover:
                    partners.append((nb, CODE_KIND[board[nb]]))
                continue
            if mode == "all_attackers":
                return None
            kname = self._king_hostile_square(nb, True)
            if not kname:
                return None
            partners.append((nb, kname))
        if len(adj) < 4:
            partners.append((-1, "edge"))
        return Capture(k, KING, "king_surrounded", tuple(partners), "king_capture")

    def _shieldwall(self, to: int, side: int, already: set) -> list[Capture]:
        """Shieldwall captures made by the piece that moved to ``to`` (Copenhagen rules): a row of
        two or more enemies along the board edge, bracketed at both ends by the mover's pieces
        (or, with ``shieldwall = "corner"``, an empty corner square), each member with a piece of
        the mover's side on the square in front of it. The move must be a bracketing move;
        without ``shieldwall_flank`` a move onto a front square closes the wall too. A king in
        the row is never taken by it."""
        t = self.t
        board = self.board
        if not t.edge[to] and t.shieldwall_flank:
            return []
        out = []
        done = set(already)
        for x in t.adj[to]:
            if not t.edge[x] or x in done or not board[x] or SIDE_OF[board[x]] == side:
                continue
            for cap in self._wall_through(x, to, side):
                if cap.square not in done:
                    done.add(cap.square)
                    out.append(cap)
        return out

    def _wall_through(self, x: int, mover: int, side: int) -> list[Capture]:
        """The shieldwall capture of the row of enemies on the edge that contains ``x``, if the
        piece on ``mover`` closes it; [] otherwise."""
        t = self.t
        n = t.n
        board = self.board
        r, f = divmod(x, n)
        if r in (0, n - 1) and 0 < f < n - 1:
            step, inward = 1, (n if r == 0 else -n)

            def on_line(s: int) -> bool:
                return 0 <= s < n * n and s // n == r
        elif f in (0, n - 1) and 0 < r < n - 1:
            step, inward = n, (1 if f == 0 else -1)

            def on_line(s: int) -> bool:
                return 0 <= s < n * n
        else:
            return []

        def enemy(s: int) -> bool:
            return on_line(s) and board[s] != EMPTY and SIDE_OF[board[s]] != side

        def friend(s: int) -> bool:
            c = board[s]
            return c != EMPTY and SIDE_OF[c] == side and (c != KNG or t.king_anvil or t.king_hammer)

        lo = hi = x
        while enemy(lo - step):
            lo -= step
        while enemy(hi + step):
            hi += step
        row = list(range(lo, hi + step, step))
        if len(row) < 2:
            return []
        partners = []
        for end in (lo - step, hi + step):
            if not on_line(end):
                return []
            if friend(end):
                partners.append((end, CODE_KIND[board[end]]))
            elif board[end] == EMPTY and t.kind[end] == CORNER and t.shieldwall == "corner":
                partners.append((end, "corner"))
            else:
                return []
        fronts = [s + inward for s in row]
        if not all(friend(s) for s in fronts):
            return []
        if mover not in (lo - step, hi + step) and (t.shieldwall_flank or mover not in fronts):
            return []
        return [Capture(s, CODE_KIND[board[s]], "shieldwall",
                        tuple(partners) + ((s + inward, CODE_KIND[board[s + inward]]),), "shieldwall")
                for s in row if board[s] != KNG]

    def _decided_after(self, to: int, code: int, side: int, captures: list[Capture] = ()) -> Result | None:
        """The result the move of ``side``'s piece ``code`` onto ``to`` (with ``captures``)
        decides on the board: king captured or escaped, exit fort, encirclement; None otherwise."""
        t = self.t
        if self.king < 0:
            rule = next((c.rule for c in captures if c.piece == KING), "king_capture")
            return Result("attackers", "king_captured", rule)
        if code == KNG and t.escape[to]:
            return Result("defenders", "king_escaped", "escape")
        if side == DEFENDERS and t.edge_fort and self._exit_fort():
            return Result("defenders", "edge_fort", "edge_fort")
        if side == ATTACKERS and t.encirclement and self._encircled():
            return Result("attackers", "encirclement", "encirclement")
        return None

    def _turn_result(self, side: int, h: int) -> Result | None:
        """The result when ``side``'s turn has ended in the position with hash ``h``:
        repetition, or the other side without a legal move; None otherwise."""
        t = self.t
        if t.repetition != "ignored" and self.seen[h] >= t.repetition_count:
            if t.repetition == "draw":
                return Result(None, "repetition", "repetition")
            if t.repetition == "loss_repeater":
                return Result(SIDE_NAMES[1 - side], "repetition", "repetition")
            return Result("attackers", "repetition", "repetition")
        if t.no_moves != "none" and not self.has_move(1 - side):
            if t.no_moves == "draw":
                return Result(None, "no_legal_moves", "no_moves")
            return Result(SIDE_NAMES[side], "no_legal_moves", "no_moves")
        return None

    def _encircled(self) -> bool:
        """True when no defender (king included) can reach the edge through squares not held by
        attackers (flood fill; Copenhagen §encirclement, Coppergate §5.5)."""
        t = self.t
        board = self.board
        edge = t.edge
        todo = list(self.pieces[DEFENDERS])
        for s in todo:
            if edge[s]:
                return False
        seen = set(todo)
        while todo:
            s = todo.pop()
            for nb, _, _ in t.nbrs[s]:
                if nb in seen or IS_ATT[board[nb]]:
                    continue
                if edge[nb]:
                    return False
                seen.add(nb)
                todo.append(nb)
        if t.any_jump:
            # A jumping defender (the knight, a jumping king) is not shut in while its jumps over
            # ordinary attackers lead it to the edge.
            for s in self.pieces[DEFENDERS]:
                if t.jump[board[s]] and self._jumps_to_edge(s, board[s]):
                    return False
        return True

    def _jumps_to_edge(self, start: int, code: int) -> bool:
        """True when the defender ``code`` on ``start`` can reach the edge by steps over squares
        free of attackers and by its jumps over ordinary attackers onto squares free of them
        (encirclement with jumps)."""
        t = self.t
        board = self.board
        restricted = t.jump[code] == JUMP_RESTRICTED
        seen = {start}
        todo = [start]
        while todo:
            s = todo.pop()
            for nb, beyond, _ in t.nbrs[s]:
                if IS_ATT[board[nb]]:
                    if board[nb] != ATT or beyond < 0 or IS_ATT[board[beyond]] or beyond in seen:
                        continue
                    if restricted and t.kind[s] not in _RESTRICTED and t.kind[beyond] not in _RESTRICTED:
                        continue
                    nb = beyond
                elif nb in seen:
                    continue
                if t.edge[nb]:
                    return True
                seen.add(nb)
                todo.append(nb)
        return False

    def _exit_fort(self) -> bool:
        """Copenhagen exit fort: the king touches the edge, can move, and sits in a region of
        empty squares enclosed by defenders (and the edge) that the attackers can never break:
        every wall defender has, on each axis, a neighbour that is the edge, inside the region or
        another wall defender, so it can never be taken custodially. Reads the board only."""
        t = self.t
        board = self.board
        k = self.king
        if k < 0 or not t.edge[k]:
            return False
        region = {k}
        todo = [k]
        walls = set()
        while todo:
            s = todo.pop()
            for nb, _, _ in t.nbrs[s]:
                if nb in region:
                    continue
                c = board[nb]
                if c == EMPTY:
                    region.add(nb)
                    todo.append(nb)
                elif c == DEF or c == KNT:
                    walls.add(nb)
                else:
                    return False  # an attacker touches the region
        if not self.has_move_from(k):
            return False
        # Greatest set of defenders that protect each other: a defender stays in the set while
        # on each axis one neighbour is off the board, inside the region, or in the set.
        n = t.n
        solid = {s for s in self.pieces[DEFENDERS] if board[s] in (DEF, KNT)}
        changed = True
        while changed:
            changed = False
            for w in list(solid):
                r, f = divmod(w, n)
                for a, b in (((r - 1, f), (r + 1, f)), ((r, f - 1), (r, f + 1))):
                    if not any(not (0 <= rr < n and 0 <= ff < n) or rr * n + ff in region or rr * n + ff in solid
                               for rr, ff in (a, b)):
                        solid.discard(w)
                        changed = True
                        break
        return walls <= solid

    def has_move_from(self, f: int) -> bool:
        """True when the piece on ``f`` has a legal move (ignoring whose turn it is)."""
        t = self.t
        code = self.board[f]
        stop = _stop_from_special(t, code, f) if t.kind[f] != NORMAL else t.stop[code]
        pas = t.passable[code]
        if t.one_step[code]:
            if any(not self.board[s] and stop[s] for s in t.adj[f]):
                return True
        else:
            for ray in t.rays[f]:
                for s in ray:
                    if self.board[s]:
                        break
                    if stop[s]:
                        return True
                    if not pas[s]:
                        break
        return bool(t.any_jump and t.jump[code] and self._jump_targets(f, code, stop))


def _stop_from_special(t: _Tables, code: int, f: int) -> bytes:
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


_TABLE_CACHE: dict[int, tuple[Ruleset, _Tables]] = {}


def _tables_for(rs: Ruleset) -> _Tables:
    entry = _TABLE_CACHE.get(id(rs))
    if entry is not None and entry[0] is rs:
        return entry[1]
    tables = _Tables(rs)
    if len(_TABLE_CACHE) > 64:
        _TABLE_CACHE.clear()
    _TABLE_CACHE[id(rs)] = (rs, tables)
    return tables


__all__ = ["Game", "Move", "Capture", "Result", "PlayedMove", "ATTACKERS", "DEFENDERS", "SIDE_NAMES"]
