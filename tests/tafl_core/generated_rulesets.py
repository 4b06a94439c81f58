"""Rulesets generated from the table of rule keys (:data:`tafl_core.ruletable.TABLE`): a
hypothesis strategy that draws every key the table declares by its kind and condition (so a value
no variant uses yet is reached as soon as the table has it), on boards of
:data:`~tafl_core.squares.MIN_SIZE` to 13 squares, with a random legal start layout, and reads
it through the loader (``Ruleset.from_toml``), so that only rulesets a ``rules.toml`` could hold
come out.

``FUZZ_EXAMPLES`` (tests/fuzz/budget.py) sets the number of examples of the tests that use it;
``make fuzz`` runs them longer.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from tafl_core import Position, Ruleset
from tafl_core.position import PIECE_KINDS
from tafl_core.rulekeys import condition_holds, corner_squares
from tafl_core.ruleset import toml_value
from tafl_core.ruletable import TABLE
from tafl_core.squares import MIN_SIZE, parse_square, square_name

#: The largest board drawn (the engine plays up to 25; 13 keeps an example fast).
MAX_GENERATED_SIZE = 13


def _value(draw, entry, size: int, values: dict, sayable: bool = False):
    """One value of ``entry`` by its kind (tafl_core.ruletable.KINDS); with ``sayable`` only
    values OpenTafl can say (its ``letters`` or its ``fixed`` value; hostility lists that name
    the defenders and the king together, as OpenTafl asks per side).

    Raises:
        ValueError: a kind the strategy cannot draw (a kind added to the table without a
            branch here).
    """
    kind = entry.kind
    ot = entry.opentafl
    if sayable and ot.map == "fixed":
        return list(ot.fixed) if isinstance(ot.fixed, tuple) else ot.fixed
    if sayable and ot.map == "letters":
        return draw(st.sampled_from(sorted(ot.write)))
    if sayable and kind == "kinds" and "hostile" in entry.key:
        side = draw(st.sets(st.sampled_from(("attacker", "defender"))))
        return sorted(side | ({"king"} if "defender" in side else set()))
    if entry.key == "geometry":
        return "square"         # the layouts drawn here are square boards (a hex board: test_hex_rules.py)
    if kind in ("enum", "count"):
        return draw(st.sampled_from(entry.values))
    if kind == "bool":
        if entry.key == "throne" and size % 2 == 0:
            return False        # an even board has no centre square
        return draw(st.booleans())
    if kind == "const":
        return entry.values[0]
    if kind == "kinds":
        return sorted(draw(st.sets(st.sampled_from(PIECE_KINDS))))
    if kind == "corners":
        if draw(st.integers(0, 3)) == 0:      # a list of squares: some of the four corners
            four = [square_name(s, size) for s in (0, size - 1, size * size - size, size * size - 1)]
            return sorted(draw(st.sets(st.sampled_from(four), min_size=1)))
        return draw(st.sampled_from(entry.values))
    if kind == "squares":
        # camps: a few squares in the middle of an edge (where the throne and the corners are not)
        mid = size // 2
        edge = [square_name(s, size) for s in (mid, (size - 1) * size + mid, mid * size, mid * size + size - 1)]
        return sorted(draw(st.sets(st.sampled_from(edge), max_size=4)))
    raise ValueError(f"generated_rulesets does not draw values of kind {kind!r} (rule {entry.key})")


@st.composite
def rule_values(draw, size: int, kinds: set[str], sayable: bool = False) -> dict:
    """Every rule key whose condition holds (tafl_core.rulekeys.condition_holds), each drawn by
    its kind (with ``sayable``, as OpenTafl can say it: :func:`_value`), the optional ones
    sometimes left out; then the combinations the loader refuses made legal (an exit fort with
    jumps)."""
    values: dict = {}
    for entry in TABLE:
        if not condition_holds(entry.when, values, kinds):
            continue
        if entry.when == "optional" and draw(st.booleans()):
            continue
        values[entry.key] = _value(draw, entry, size, values, sayable)
    if values.get("exit_fort") and any(values.get(k, "none") != "none" for k in ("king_jump", "commander_jump", "knight_jump")):
        values["exit_fort"] = False
    return values


def _special(size: int, values: dict) -> tuple[set[int], set[int], int]:
    """(corner squares, camp squares, throne square or -1) of the drawn values."""
    corners = set(corner_squares(values["corners"], size))
    camps = {parse_square(c, size) for c in values["camps"]}
    throne = (size // 2) * size + size // 2 if values["throne"] else -1
    return corners, camps, throne


@st.composite
def layouts(draw, size: int, values: dict, kinds: set[str]) -> dict[str, str]:
    """A random legal start layout: the king on an ordinary square that is no escape square (or on
    the throne when he may stand there), the other pieces of ``kinds`` on ordinary squares at a
    random density, at least one attacker."""
    corners, camps, throne = _special(size, values)
    n2 = size * size
    edge = {s for s in range(n2) if s // size in (0, size - 1) or s % size in (0, size - 1)}
    escape = edge if values["escape"] == "edge" else (corners or {0, size - 1, n2 - size, n2 - 1})
    ordinary = [s for s in range(n2) if s not in corners and s not in camps and s != throne]
    king_squares = [s for s in ordinary if s not in escape]
    if throne >= 0 and "king" in values.get("throne_stop", ()):
        king_squares.append(throne)
    king = draw(st.sampled_from(king_squares))
    pieces = {square_name(king, size): "king"}
    others = [k for k in ("attacker", "defender", "commander", "knight") if k in kinds]
    density = draw(st.sampled_from((0.1, 0.25, 0.4)))
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    for s in ordinary:
        if s != king and rnd.random() < density:
            pieces[square_name(s, size)] = rnd.choice(others)
    for kind in kinds - {"king"}:      # every kind the rules were drawn for stands on the board
        if kind not in pieces.values():
            free = [s for s in ordinary if square_name(s, size) not in pieces]
            pieces[square_name(rnd.choice(free), size)] = kind
    return pieces


def ruleset_from(size: int, pieces: dict[str, str], values: dict, name: str = "Generated") -> Ruleset:
    """The ruleset of these rule values and this layout, read from the rules.toml that states
    them (every rule with ``ref = "1"``), so that the loader's checks apply.

    Raises:
        tafl_core.RulesFileError: a combination the loader refuses.
    """
    diagram = Position(size, pieces).to_diagram().rstrip("\n")
    lines = ["[variant]", f"name = {toml_value(name)}", "", "[layout]", 'diagram = """', diagram, '"""']
    for key, value in values.items():
        lines += ["", f"[rules.{key}]", f"value = {toml_value(value)}", 'ref = "1"']
    return Ruleset.from_toml("\n".join(lines) + "\n", "<generated>")


@st.composite
def rulesets(draw, min_size: int = MIN_SIZE, max_size: int = MAX_GENERATED_SIZE, sayable: bool = False) -> Ruleset:
    """A small legal ruleset drawn from the table: a board of ``min_size`` to ``max_size``
    squares, the special pieces (commanders, a knight) now and then, every rule key drawn by its
    kind (``sayable``: mostly as OpenTafl can say it), a random legal layout."""
    size = draw(st.integers(min_size, max_size))
    kinds = {"king", "attacker", "defender"}
    if draw(st.integers(0, 3)) == 0:
        kinds.add("commander")
    if draw(st.integers(0, 3)) == 0:
        kinds.add("knight")
    values = draw(rule_values(size, kinds, sayable))
    pieces = draw(layouts(size, values, kinds))
    return ruleset_from(size, pieces, values)


__all__ = ["rulesets", "rule_values", "layouts", "ruleset_from", "MAX_GENERATED_SIZE"]
