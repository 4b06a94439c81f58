"""The first-move table of a board: board-data ``first_moves``.

The board takes a first move from the start position before its engine (tafl_core in Pyodide)
has started: a lookup in this table, written at build time by the engine itself
(:class:`tafl_core.bridge.Session`), so no rule is decided in JavaScript
(``docs/assets/board/firstmove.js`` reads it).

Shape (notes/CONTRACTS.md, "board-data ``first_moves``")::

    {"v": 1,
     "to_move": "defenders",             # the side to move in the start position
     "next": "attackers",                # the side to move after a plain move
     "targets": {"e3": "e2 e1 d3", ...}, # movable square -> its legal targets (space-separated,
                                         #   in the bridge's order: Session.targets)
     "effects": {"e3-e2": {...}}}        # only the moves that do more than move one piece

A *plain* move ``a-b`` moves the piece on ``a`` to ``b`` and nothing else: its history entry is
``{"move": "a-b", "notation": "a-b", "side": to_move, "captures": [], "result": None,
"jump": False, "berserk": False, "continues": False, "jumped": None, "piece": <kind on a>}``,
and afterwards ``next`` moves, no berserk turn, no result, not stuck. ``effects[move]`` holds
what differs for that move, as the bridge reports it: ``ply`` (the history entry's fields that
differ: ``captures`` with square, piece, reason, partners, rule, § ref; ``result``; ``notation``;
``jump``/``jumped``; ``berserk``/``continues``) and ``state`` (``to_move``, ``berserk``,
``result``, ``stuck``; ``pieces`` only if they differ from the rule below). The pieces after the move are the start pieces with the moved piece on
its target and the ``captures`` squares emptied (the table's own data: no rule).

Size: a start position has some dozens to a few hundred legal moves (Alea Evangelii 19×19:
184 and 588 in the core rules); no start move of the site's variants captures, so ``effects``
is empty there and the table costs a few kB per page (notes/benchmarks.md, "Board benchmark"
names the figures).
"""

from __future__ import annotations

import functools

from tafl_core.bridge import Session

#: Fields of a history entry (tafl_core.bridge Session._played_dict) the table reproduces.
PLY_FIELDS = ("move", "notation", "side", "captures", "result", "jump", "berserk", "continues",
              "jumped", "piece")
#: Fields of the state after the move that the table reproduces (besides pieces and history).
STATE_FIELDS = ("to_move", "berserk", "result", "stuck")

def plain_ply(move: str, side: str, piece: str) -> dict:
    """The history entry of a plain move (see the module docstring)."""
    return {"move": move, "notation": move, "side": side, "captures": [], "result": None,
            "jump": False, "berserk": False, "continues": False, "jumped": None, "piece": piece}


def after_pieces(pieces: dict, move: str, captures: list) -> dict:
    """The start ``pieces`` ({square: kind}) after ``move`` ("a-b") with ``captures`` (the
    bridge's capture dicts) removed: what firstmove.js shows without an ``effects`` ``pieces``."""
    frm, to = move.split("-")
    out = dict(pieces)
    out[to] = out.pop(frm)
    for c in captures:
        out.pop(c["square"], None)
    return out


@functools.lru_cache(maxsize=512)
def table(rules_toml: str, otn: str | None = None, to_move: str | None = None) -> dict | None:
    """The first-move table of the position ``otn`` (None: the layout) with ``to_move`` moving
    (None: the rules' first mover) under ``rules_toml``; None when the engine refuses the rules
    or the position (the board then simply waits for its engine). Cached by its arguments."""
    try:
        session = Session(rules_toml)
        start = session.start(otn, to_move)
    except ValueError:
        return None
    side = start["to_move"]
    pieces = start["pieces"]
    targets: dict[str, str] = {}
    effects: dict[str, dict] = {}
    nexts: dict[str, int] = {}
    played: list[tuple[str, dict]] = []
    for frm in start["movable"]:
        session.start(otn, to_move)
        tos = session.targets(frm)
        targets[frm] = " ".join(tos)
        for to in tos:
            session.start(otn, to_move)
            move = f"{frm}-{to}"
            r = session.play(move)
            if not r["ok"]:  # a target the engine lists is legal; never reached
                raise RuntimeError(f"first-move table: {move} refused: {r['error']}")
            st = r["state"]
            played.append((move, st))
            nexts[st["to_move"]] = nexts.get(st["to_move"], 0) + 1
    nxt = max(nexts, key=nexts.get) if nexts else ("attackers" if side == "defenders" else "defenders")
    for move, st in played:
        ply = st["history"][0]
        default_ply = plain_ply(move, side, pieces[move.split("-")[0]])
        default_state = {"to_move": nxt, "berserk": None, "result": None, "stuck": False}
        diff_ply = {k: ply[k] for k in PLY_FIELDS if ply.get(k) != default_ply[k]}
        diff_state = {k: st[k] for k in STATE_FIELDS if st.get(k) != default_state[k]}
        if st["pieces"] != after_pieces(pieces, move, ply["captures"]):
            diff_state["pieces"] = st["pieces"]  # an effect beyond the move and its captures
        if diff_ply or diff_state:
            effects[move] = {k: v for k, v in (("ply", diff_ply), ("state", diff_state)) if v}
    return {"v": 1, "to_move": side, "next": nxt, "targets": targets, "effects": effects}
