"""Small builders for engine tests: a neutral 9x9 ruleset whose rules each test switches."""

from __future__ import annotations

from pathlib import Path

from tafl_core import Game, Position, Ruleset, parse_diagram

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"

BASE_TOML = '''
[variant]
name = "Test 9x9"
historicity = "modern"

[layout]
diagram = """
9 . . . A A A . . .
8 . . . . A . . . .
7 . . . . D . . . .
6 A . . . D . . . A
5 A A D D K D D A A
4 A . . . D . . . A
3 . . . . D . . . .
2 . . . . A . . . .
1 . . . A A A . . .
  A B C D E F G H I
"""

[rules.first_mover]
value = "attackers"
ref = "5.1"
[rules.escape]
value = "corners"
ref = "4"
[rules.king_armed]
value = "yes"
ref = "5.4"
[rules.king_capture]
value = "custodial"
ref = "5.4"
[rules.throne]
value = true
ref = "5.3"
[rules.throne_stop]
value = ["king"]
ref = "5.3"
[rules.throne_pass]
value = ["attacker", "defender", "king"]
ref = "5.3"
[rules.throne_reenter]
value = ["king"]
ref = "5.3"
[rules.throne_hostile]
value = []
ref = "5.3"
[rules.throne_hostile_empty]
value = []
ref = "5.3"
[rules.corners]
value = "single"
ref = "5.3"
[rules.corner_stop]
value = ["king"]
ref = "5.3"
[rules.corner_pass]
value = []
ref = "5.3"
[rules.corner_reenter]
value = ["king"]
ref = "5.3"
[rules.corner_hostile]
value = []
ref = "5.3"
[rules.corner_hostile_empty]
value = []
ref = "5.3"
[rules.camps]
value = []
ref = "5.3"
[rules.shieldwall]
value = "off"
ref = "5.2"
[rules.shieldwall_flank]
value = false
ref = "5.2"
[rules.exit_fort]
value = false
ref = "4"
[rules.encirclement]
value = false
ref = "4"
[rules.repetition]
value = "ignored"
ref = "5.5"
[rules.repetition_count]
value = 3
ref = "5.5"
[rules.no_moves]
value = "none"
ref = "5.5"
'''

_BASE = Ruleset.from_toml(BASE_TOML, "base.toml")


def playable_rules_files() -> list[Path]:
    """rules.toml of every variant with a board (text-only variants, ``board = false``, have none)."""
    import tomllib
    out = []
    for p in sorted((REPO / "variants_src").glob("*/rules.toml")):
        if tomllib.loads(p.read_text(encoding="utf-8")).get("variant", {}).get("board", True) is not False:
            out.append(p)
    return out


def ruleset(**overrides) -> Ruleset:
    """The neutral 9x9 test ruleset with some rules switched (lists given as lists)."""
    return _BASE.with_overrides({k: tuple(v) if isinstance(v, list) else v for k, v in overrides.items()})


def game(diagram: str, to_move: str = "attackers", **overrides) -> Game:
    """A game under ``ruleset(**overrides)`` from ``diagram`` (9x9, top rank first)."""
    rs = ruleset(**overrides)
    return Game(rs, parse_diagram(diagram), to_move)


def captured(played) -> list[str]:
    """Sorted names of the squares a played move captured."""
    from tafl_core import square_name
    return sorted(square_name(c.square, played.move.size) for c in played.captures)


def pieces_from_spec(spec: str, size: int = 9) -> Position:
    """A position from a piece list like ``"K e4; A d4 f4 e1; D c3; C b2; N g7"`` (no square
    twice; C commander, N knight)."""
    kinds = {"K": "king", "A": "attacker", "D": "defender", "C": "commander", "N": "knight"}
    pieces = {}
    for part in spec.split(";"):
        part = part.strip()
        if not part:
            continue
        letter, *squares = part.split()
        for sq in squares:
            assert sq not in pieces, f"{sq} given twice"
            pieces[sq] = kinds[letter]
    return Position(size, pieces)


def setup(spec: str, to_move: str = "attackers", size: int = 9, **overrides) -> Game:
    """A game from a piece list (:func:`pieces_from_spec`) under ``ruleset(**overrides)``."""
    return Game(ruleset(**overrides), pieces_from_spec(spec, size), to_move)


def capture_squares_reference(g, side: int) -> set[int]:
    """The squares where a move of ``side`` could close a custodial capture in ``g``, found by
    looking at each enemy piece: an empty neighbour of an enemy other than the king whose
    opposite neighbour holds a piece of ``side`` or is hostile to that enemy (always, or while
    empty). The slow reference for the search's ordering and its bitboard shifts."""
    from tafl_core.tables import KNG, SIDE_OF
    t, board = g.tables, g.board
    hits = set()
    for e in g.pieces[1 - side]:
        if board[e] == KNG:
            continue
        h = t.hostile[board[e]]
        for nb in t.adj[e]:
            opp = 2 * e - nb
            if opp in t.adj[e] and not board[nb]:
                c = board[opp]
                if (c and SIDE_OF[c] == side) or h[opp] == 1 or (h[opp] == 2 and not c):
                    hits.add(nb)
    return hits
