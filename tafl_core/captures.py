"""Captures: what the piece that has just moved takes.

* custodial capture: only the moving piece captures; an enemy is removed when it stands between
  the moved piece and a friendly piece or a square hostile to it (``<kind>_hostile`` always,
  ``<kind>_hostile_empty`` only while empty); moving between two enemies is safe; one move may
  capture several pieces;
* the king as hammer/anvil per ``king_armed``; the king captured per ``king_capture``
  (custodial, four sides, all attackers, throne-graded, surrounded with the edge);
* commanders (``commander_king_capture``; OpenTafl's Berserk rules) and the knight's capturing
  jump (``knight_jump = capture``; aagenielsen.dk rule 4b);
* shieldwall (``shieldwall``, ``shieldwall_flank``; Copenhagen rules).

Each capture is a :class:`~tafl_core.moves.Capture` with its reason code and the rule key behind
it. :class:`Captures` is a part of :class:`tafl_core.game.Game` (it reads the game's board).
"""

from __future__ import annotations

from .moves import Capture
from .position import COMMANDER, KING
from .reasons import CaptureReason
from .tables import CAMP, CMD, CODE_KIND, CORNER, EMPTY, IS_ATT, JUMP_CAPTURE, KNG, SIDE_OF, SPECIAL_NAME, THRONE

#: The capture reason of a piece enclosed against a hostile special square, per square kind.
HOSTILE_REASON = {THRONE: CaptureReason.HOSTILE_THRONE, CORNER: CaptureReason.HOSTILE_CORNER,
                  CAMP: CaptureReason.HOSTILE_CAMP}


class Captures:
    """Capture rules of a :class:`~tafl_core.game.Game` (mixin)."""

    def _captures(self, to: int, code: int, side: int, jumped: int = -1) -> list[Capture]:
        """Captures made by the piece ``code`` of ``side`` that has just arrived on ``to``
        (``jumped``: the square it jumped over, or -1)."""
        t = self._t
        board = self.board
        out = []
        if jumped != -1 and t.jump[code] == JUMP_CAPTURE:
            # The knight's jump takes the piece jumped over (aagenielsen Berserk rule 4b/5b).
            out.append(Capture(jumped, CODE_KIND[board[jumped]], CaptureReason.JUMP, (), f"{CODE_KIND[code]}_jump"))
        hammer = code != KNG or t.king_hammer    # whether the moved piece captures custodially
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
            if t.corner_pair and nb in t.corner_pair:
                cap = self._corner_capture(nb, to, victim, side)
                if cap:
                    out.append(cap)
                continue
            if beyond < 0:
                continue
            other = board[beyond]
            if other and SIDE_OF[other] == side and (other != KNG or t.king_anvil):
                rule = "king_armed" if KNG in (code, other) else "custodial"
                out.append(Capture(nb, CODE_KIND[victim], CaptureReason.CUSTODIAL, ((beyond, CODE_KIND[other]),), rule))
                continue
            hs = t.hostile[victim][beyond]
            if hs == 1 or (hs == 2 and not other):
                kname = SPECIAL_NAME[t.kind[beyond]]
                rule = f"{kname}_hostile" if hs == 1 else f"{kname}_hostile_empty"
                out.append(Capture(nb, CODE_KIND[victim], HOSTILE_REASON[t.kind[beyond]], ((beyond, kname),), rule))
        if t.shieldwall != "off":
            out.extend(self._shieldwall(to, side, {c.square for c in out}))
        return out

    def _corner_capture(self, c: int, to: int, victim: int, side: int) -> Capture | None:
        """``corner_capture = "edge_neighbours"``: the piece ``victim`` on the corner ``c`` is
        taken when the piece that moved to ``to`` and a piece of its side stand on its two
        neighbours along the board's edge (AbstractPlay's HeXentafl: the corner's two "spread"
        cells; Ludii's HeXentafl: two non-adjacent pieces around a fortress). A king as the
        second piece counts as on custodial captures (``king_armed``)."""
        t = self._t
        pair = t.corner_pair[c]
        if to not in pair:
            return None
        for other_sq in pair:
            if other_sq == to:
                continue
            other = self.board[other_sq]
            if not other or SIDE_OF[other] != side or (other == KNG and not t.king_anvil):
                return None
        partners = tuple((q, CODE_KIND[self.board[q]]) for q in pair if q != to)
        return Capture(c, CODE_KIND[victim], CaptureReason.CUSTODIAL, partners, "corner_capture")

    def _commander_king_capture(self, k: int, d: int) -> Capture | None:
        """``commander_king_capture = custodial``: the commander that moved next to the king on
        ``k`` (direction ``d`` from the commander to the king) captures him against another
        commander or an empty square hostile to the king other than the throne - never on the
        throne and never against it (OpenTafl's Berserk rules: Taflman.checkSandwichCapture,
        CommanderCaptureVictoryTest, CommanderCornerCaptureVictoryTest)."""
        t = self._t
        if k == t.throne:
            return None
        beyond = t.step[k][d]
        if beyond < 0 or beyond == t.throne:
            return None
        other = self.board[beyond]
        if other == CMD:
            return Capture(k, KING, CaptureReason.KING_COMMANDERS, ((beyond, COMMANDER),), "commander_king_capture")
        if not other and t.hostile[KNG][beyond]:
            kname = SPECIAL_NAME[t.kind[beyond]]
            return Capture(k, KING, CaptureReason.KING_COMMANDERS, ((beyond, kname),), "commander_king_capture")
        return None

    def _king_hostile_square(self, s: int, throne_counts: bool) -> str | None:
        """Kind name when square ``s`` (not a piece on it) counts against the king: a special
        square hostile to the king per the ruleset, or - when ``throne_counts`` (the king-capture
        rules that name the throne: four sides, throne-graded, surrounded) - the empty throne."""
        t = self._t
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
        ``d`` is the direction from ``mover`` to ``k``. Implements ``king_capture`` (notes/source-format.md);
        commanders count as attackers."""
        t = self._t
        board = self.board
        mode = t.king_capture
        if mode == "four_attackers":
            mode = "all_attackers"
        elif mode == "throne_alternate":
            # On the throne: every second neighbour counted around from the mover (three on a
            # hex board, AbstractPlay's and Ludii's HeXentafl; the opposite one on a square
            # board); elsewhere custodial.
            if k != t.throne:
                mode = "custodial"
            else:
                return self._king_alternate(k, mover, d)
        elif mode == "throne_four":
            # hnefatafl.org's Brandubh: four attackers round him on the throne, two elsewhere
            mode = "all_attackers" if k == t.throne else "custodial"
        elif mode == "throne_graded":
            # On the throne all four sides are attackers; next to it the four-sides rule applies,
            # the path below for every mode but custodial and all attackers; elsewhere custodial.
            if k == t.throne:
                mode = "all_attackers"
            elif t.throne not in t.adj[k]:
                mode = "custodial"
        if mode == "custodial":
            beyond = t.step[k][d]
            if beyond < 0:
                return None
            if IS_ATT[board[beyond]]:
                return Capture(k, KING, CaptureReason.KING_CUSTODIAL, ((beyond, CODE_KIND[board[beyond]]),), "king_capture")
            kname = self._king_hostile_square(beyond, False)
            if kname:
                return Capture(k, KING, CaptureReason.KING_CUSTODIAL, ((beyond, kname),), "king_capture")
            return None
        partners = []
        adj = t.adj[k]
        if len(adj) < t.ndirs and mode != "surrounded_edge":
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
        if len(adj) < t.ndirs:
            partners.append((-1, "edge"))
        return Capture(k, KING, CaptureReason.KING_SURROUNDED, tuple(partners), "king_capture")

    def _king_alternate(self, k: int, mover: int, d: int) -> Capture | None:
        """``king_capture = "throne_alternate"`` with the king on the throne ``k``: taken when
        every second neighbour of ``k``, counted around from the mover's cell (direction ``d``
        from the mover to the king), holds an attacker or a square hostile to the king."""
        t = self._t
        board = self.board
        turn = t.turn
        i = turn.index(t.opposite[d])
        partners = []
        for j in range(2, t.ndirs, 2):
            q = t.step[k][turn[(i + j) % t.ndirs]]
            if q < 0:
                return None
            if IS_ATT[board[q]]:
                partners.append((q, CODE_KIND[board[q]]))
                continue
            kname = self._king_hostile_square(q, False)
            if not kname:
                return None
            partners.append((q, kname))
        return Capture(k, KING, CaptureReason.KING_SURROUNDED, tuple(partners), "king_capture")

    def _shieldwall(self, to: int, side: int, already: set) -> list[Capture]:
        """Shieldwall captures made by the piece that moved to ``to`` (Copenhagen rules): a row of
        two or more enemies along the board edge, bracketed at both ends by the mover's pieces
        (or, with ``shieldwall = "corner"``, an empty corner square), each member with a piece of
        the mover's side on the square in front of it. The move must be a bracketing move;
        without ``shieldwall_flank`` a move onto a front square closes the wall too. A king in
        the row is never taken by it.

        The moved piece is next to a member of the row, so it stands on an end of the row or on
        that member's front square (off the edge); the flank rule thus only has to refuse moves
        off the edge."""
        t = self._t
        board = self.board
        if not t.edge[to] and t.shieldwall_flank:
            return []
        out = []
        for x in t.adj[to]:
            # A neighbour off the edge is on no edge line (_wall_through gives []). The rows found
            # from different neighbours are disjoint: opposite sides of the mover on one line, or
            # two lines whose common corner square cannot be in a row (a row's ends are on the line).
            if x in already or not board[x] or SIDE_OF[board[x]] == side:
                continue
            out.extend(cap for cap in self._wall_through(x, side, to) if cap.square not in already)
        return out

    def _wall_through(self, x: int, side: int, mover: int) -> list[Capture]:
        """The shieldwall capture of the row of enemies of ``side`` on the edge that contains ``x``
        when the row is closed (both ends pieces of ``side`` or, with ``shieldwall = "corner"``,
        an empty corner; a piece of ``side`` in front of every member); [] otherwise. The king
        takes part as ``king_armed`` says: on ``mover``, the square of the piece that moved, as
        the hammer; anywhere else as the anvil."""
        t = self._t
        n = t.n
        board = self.board
        r, f = divmod(x, n)
        # A corner square (on two lines) takes the first branch: a row through it has an end off
        # the board, so it is never closed.
        if r in (0, n - 1):
            step, inward = 1, (n if r == 0 else -n)

            def on_line(s: int) -> bool:
                return s // n == r     # the squares tried lie one step beyond the row: -1 .. n * n
        elif f in (0, n - 1):
            step, inward = n, (1 if f == 0 else -1)

            def on_line(s: int) -> bool:
                return 0 <= s < n * n
        else:
            return []

        def enemy(s: int) -> bool:
            return on_line(s) and board[s] != EMPTY and SIDE_OF[board[s]] != side

        def friend(s: int) -> bool:
            c = board[s]
            return c != EMPTY and SIDE_OF[c] == side and (c != KNG or (t.king_hammer if s == mover else t.king_anvil))

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
        return [Capture(s, CODE_KIND[board[s]], CaptureReason.SHIELDWALL,
                        tuple(partners) + ((s + inward, CODE_KIND[board[s + inward]]),), "shieldwall")
                for s in row if board[s] != KNG]


__all__ = ["Captures"]
