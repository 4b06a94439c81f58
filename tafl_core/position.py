"""Positions: which piece stands on which square, read from and written to the two
text forms the project uses.

* The ASCII diagram of the variant sources (top rank first; ``.`` empty, ``A`` attacker,
  ``D`` defender, ``K`` king, ``C`` commander, ``N`` knight; rank labels on the left and a
  file-letter footer, both optional).
* The OpenTafl position record (OpenTafl notation spec, "position record"): ``/row/.../row/``,
  **first row = rank 1**, runs of empty squares as numbers, ``t`` attacker, ``T`` defender,
  ``K`` king, ``c`` commander, ``N`` knight.

Commanders belong to the attackers and the knight to the defenders (Berserk Hnefatafl,
aagenielsen.dk rule 1: "one of the defenders is the king's knight, and four of the attackers
are viking commanders"); OpenTafl's letters for the other combinations (``C``, ``n``) are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import limits
from .errors import PositionError
from .reasons import Reason, refusal
from .geometry import MAX_HEX_SIDE, MIN_HEX_SIDE, HexSize, hex_board
from .squares import FILES, MAX_SIZE, MIN_SIZE, parse_square, square_name

ATTACKER, DEFENDER, KING = "attacker", "defender", "king"
COMMANDER, KNIGHT = "commander", "knight"
#: The kinds that rule lists (``throne_stop = ["king"]`` ...) name; a commander counts as an
#: attacker and a knight as a defender in them (see SOLDIER_OF).
PIECE_KINDS = (ATTACKER, DEFENDER, KING)
#: Special pieces (Berserk Hnefatafl): commanders on the attackers' side, the knight on the
#: defenders' side.
SPECIAL_PIECES = (COMMANDER, KNIGHT)
ALL_KINDS = PIECE_KINDS + SPECIAL_PIECES
#: The kind whose list entries apply to a piece (itself for the three basic kinds).
SOLDIER_OF = {ATTACKER: ATTACKER, DEFENDER: DEFENDER, KING: KING, COMMANDER: ATTACKER, KNIGHT: DEFENDER}
#: The side a kind belongs to.
SIDE_OF_KIND = {ATTACKER: "attackers", COMMANDER: "attackers", DEFENDER: "defenders", KNIGHT: "defenders",
                KING: "defenders"}
DIAGRAM_SYMBOLS = {"A": ATTACKER, "D": DEFENDER, "K": KING, "C": COMMANDER, "N": KNIGHT}
SYMBOL_OF = {v: k for k, v in DIAGRAM_SYMBOLS.items()}
OTN_SYMBOLS = {"t": ATTACKER, "T": DEFENDER, "K": KING, "c": COMMANDER, "N": KNIGHT}
OTN_OF = {v: k for k, v in OTN_SYMBOLS.items()}
#: Longest OpenTafl position record accepted (25x25 with every square written out, plus slashes).
MAX_OTN_LENGTH = MAX_SIZE * MAX_SIZE + MAX_SIZE + 1


@dataclass(frozen=True)
class Position:
    """A board of ``size``×``size`` squares and the pieces on it.

    Attributes:
        size: board side length, 5..25.
        pieces: square name (``"e5"``) -> ``"attacker"`` | ``"defender"`` | ``"king"`` |
            ``"commander"`` | ``"knight"``.
    """

    size: int
    pieces: dict[str, str] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """Number of pieces per kind: ``{"attacker": n, "defender": n, "king": n}``, plus
        ``"commander"`` / ``"knight"`` where the position has any. Commanders and knights are
        counted under their own kind only; :meth:`side_counts` counts whole sides."""
        out = {kind: 0 for kind in PIECE_KINDS}
        for kind in self.pieces.values():
            out[kind] = out.get(kind, 0) + 1
        return out

    def side_counts(self) -> dict[str, int]:
        """Pieces per side, the king left out: ``{"attackers": n, "defenders": n}`` (commanders
        count as attackers, the knight as a defender)."""
        out = {"attackers": 0, "defenders": 0}
        for kind in self.pieces.values():
            if kind != KING:
                out[SIDE_OF_KIND[kind]] += 1
        return out

    def king_square(self) -> str | None:
        """Name of the king's square, or None when there is no king."""
        for name, kind in self.pieces.items():
            if kind == KING:
                return name
        return None

    def to_diagram(self, labels: bool = True) -> str:
        """The ASCII diagram (top rank first), with rank labels and a file footer when ``labels``;
        on a hex board the rows of the hexagon, top row first, each indented to its place and
        led by its row letter (:func:`parse_hex_diagram`)."""
        if isinstance(self.size, HexSize):
            return _hex_diagram(self)
        lines = []
        for rank in range(self.size, 0, -1):
            cells = [SYMBOL_OF.get(self.pieces.get(f"{FILES[f]}{rank}", ""), ".") for f in range(self.size)]
            row = " ".join(cells)
            lines.append(f"{rank} {row}" if labels else row)
        if labels:
            lines.append("  " + " ".join(FILES[: self.size].upper()))
        return "\n".join(lines) + "\n"

    def to_otn(self) -> str:
        """The OpenTafl position record, first row = rank 1, e.g. ``/3t3/.../``."""
        rows = []
        for rank in range(1, self.size + 1):
            out, run = [], 0
            for f in range(self.size):
                kind = self.pieces.get(f"{FILES[f]}{rank}")
                if kind is None:
                    run += 1
                    continue
                if run:
                    out.append(str(run))
                    run = 0
                out.append(OTN_OF[kind])
            if run:
                out.append(str(run))
            rows.append("".join(out))
        return "/" + "/".join(rows) + "/"

    @classmethod
    def from_otn(cls, text: str, path: str | None = None, line: int | None = None) -> "Position":
        """Read an OpenTafl position record (first row = rank 1).

        Raises:
            PositionError: malformed record, rows of unequal length, a size outside 5..25, or
                an unknown piece letter. Strict: only digits, ``t T K c N`` and ``/`` are accepted
                (an attacking knight ``n`` or a defending commander ``C`` is refused by name).
        """
        src = text.strip()
        if len(src) > MAX_OTN_LENGTH:
            raise PositionError(refusal(Reason.RECORD_TOO_LONG, length=len(src)), path, line)
        if not re.fullmatch(r"/(?:[0-9tTKcN]+/)+", src):
            bad = next((c for c in src if c not in "0123456789tTKcN/"), None)
            if bad == "n":
                raise PositionError(refusal(Reason.ATTACKING_KNIGHT), path, line)
            if bad == "C":
                raise PositionError(refusal(Reason.DEFENDING_COMMANDER), path, line)
            if bad is not None:
                raise PositionError(refusal(Reason.UNKNOWN_CHARACTER, char=bad), path, line)
            raise PositionError(refusal(Reason.RECORD_FORMAT), path, line)
        rows = src.strip("/").split("/")
        size = len(rows)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise PositionError(refusal(Reason.ROW_COUNT, rows=size, min=MIN_SIZE, max=MAX_SIZE), path, line)
        pieces: dict[str, str] = {}
        for rank, row in enumerate(rows, start=1):
            f = 0
            for token in re.findall(r"\d+|[tTKcN]", row, re.ASCII):
                if token.isdigit():
                    if int(token) == 0:
                        raise PositionError(refusal(Reason.EMPTY_RUN, row=rank), path, line)
                    if token[0] == "0":
                        raise PositionError(refusal(Reason.LEADING_ZERO, row=rank, run=token), path, line)
                    f += int(token)
                else:
                    if f < size:
                        pieces[f"{FILES[f]}{rank}"] = OTN_SYMBOLS[token]
                    f += 1
                if f > size:
                    break
            if f != size:
                raise PositionError(refusal(Reason.ROW_LENGTH, row=rank, count=f, size=size), path, line)
        return cls(size, pieces)


_RANK_RE = re.compile(r"^(\d+)\s+(.*)$", re.ASCII)  # "٣" is no rank label


def _split_cells(body: str) -> list[str]:
    tokens = body.split()
    if len(tokens) == 1 and len(tokens[0]) > 1:
        return list(tokens[0])
    return tokens


def parse_diagram(text: str, path: str | None = None, first_line: int = 1) -> Position:
    """Read an ASCII diagram (top rank first) into a :class:`Position`.

    Rank labels (``"9 . . A"``) and a file-letter footer (``"  A B C"``) are optional; if
    some rows carry rank labels, all must, descending to 1. ``first_line`` is the line number
    of the first line of ``text`` within ``path``, so errors point into the author's file.

    Raises:
        PositionError: the diagram is not square, has an unknown symbol, a wrong rank label or
            file footer, or a size outside 5..25. (The number of kings is checked by the
            ruleset and the game, not here, so that mechanics diagrams may omit the king.)
    """
    raw = text.split("\n")
    numbered = [(first_line + i, line.rstrip()) for i, line in enumerate(raw) if line.strip()]
    if not numbered:
        raise PositionError("diagram is empty", path, first_line)
    footer = None
    last_no, last = numbered[-1]
    if re.fullmatch(r"\s*[A-Za-z](\s+[A-Za-z])*\s*", last) and not set(last.split()) <= set(".ADKCN"):
        footer = (last_no, last.split())
        numbered = numbered[:-1]
    if not numbered:
        raise PositionError("diagram has no rows", path, first_line)
    rows = []
    labelled = []
    for line_no, line in numbered:
        m = _RANK_RE.match(line.strip())
        if m:
            labelled.append(True)
            limits.check_rank_label(m.group(1), path, line_no)  # limits: before int()
            rows.append((line_no, int(m.group(1)), _split_cells(m.group(2))))
        else:
            labelled.append(False)
            rows.append((line_no, None, _split_cells(line)))
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise PositionError(f"diagram has {size} rows; boards are {MIN_SIZE} to {MAX_SIZE} squares wide", path, rows[0][0])
    if any(labelled) and not all(labelled):
        line_no = rows[labelled.index(False)][0]
        raise PositionError("rank label missing (label every row or none)", path, line_no)
    pieces: dict[str, str] = {}
    for index, (line_no, label, cells) in enumerate(rows):
        rank = size - index
        if label is not None and label != rank:
            raise PositionError(f"rank label {label} where {rank} was expected (labels descend to 1)", path, line_no)
        if len(cells) != size:
            raise PositionError(f"diagram is not square: rank {rank} has {len(cells)} squares, expected {size}", path, line_no)
        _place(cells, [f"{FILES[f]}{rank}" for f in range(size)], pieces, path, line_no)
    if footer is not None:
        line_no, letters = footer
        expected = list(FILES[:size].upper())
        if [c.upper() for c in letters] != expected:
            raise PositionError(
                f"file letters '{' '.join(letters)}' do not match a {size}-wide board (expected {' '.join(expected)})",
                path, line_no)
    return Position(size, pieces)


def _hex_diagram(position: Position) -> str:
    """The hex board's diagram: per row (top first) its letter, an indent of one space per cell
    the row is shorter than the middle row, and its cells left to right."""
    n = position.size
    k = n.side
    lines = []
    for r in range(n - 1, -1, -1):
        width = n - abs(r - (k - 1))
        cells = [SYMBOL_OF.get(position.pieces.get(f"{FILES[r]}{x + 1}", ""), ".") for x in range(width)]
        lines.append(f"{FILES[r]} " + " " * (n - width) + " ".join(cells))
    return "\n".join(lines) + "\n"


def parse_hex_diagram(text: str, path: str | None = None, first_line: int = 1) -> Position:
    """Read the diagram of a hexagonal board (``geometry = "hex"``) into a :class:`Position`.

    One line per row of the hexagon, the top row first; each line is the row's letter
    (AbstractPlay's notation: ``a`` is the bottom row) followed by the row's cells left to right
    (``.`` empty, ``A D K C N`` as on square boards); the indentation is free. A hexagon of side k
    has 2k-1 rows of k, k+1, ..., 2k-1, ..., k cells.

    Raises:
        PositionError: a wrong row count, letter or row length, or an unknown symbol.
    """
    numbered = [(first_line + i, line.strip()) for i, line in enumerate(text.split("\n")) if line.strip()]
    rows = len(numbered)
    if rows % 2 == 0 or not MIN_HEX_SIDE <= (rows + 1) // 2 <= MAX_HEX_SIDE:
        raise PositionError(f"hex diagram has {rows} rows; a hexagon of side {MIN_HEX_SIDE} to {MAX_HEX_SIDE} "
                            f"has 2k-1 rows", path, numbered[0][0] if numbered else first_line)
    n = hex_board((rows + 1) // 2)
    pieces: dict[str, str] = {}
    for index, (line_no, line) in enumerate(numbered):
        r = n - 1 - index
        tokens = line.split()
        if tokens[0] != FILES[r]:
            raise PositionError(f"row letter '{tokens[0]}' where '{FILES[r]}' was expected (top row first)", path, line_no)
        cells = _split_cells(" ".join(tokens[1:]))
        width = n - abs(r - (n.side - 1))
        if len(cells) != width:
            raise PositionError(f"hex row {FILES[r]} has {len(cells)} cells, expected {width}", path, line_no)
        _place(cells, [f"{FILES[r]}{x + 1}" for x in range(width)], pieces, path, line_no)
    return Position(n, pieces)


def check_kings(position: Position, path: str | None = None, line: int | None = None,
                diagram_first_line: int | None = None) -> None:
    """Raise :class:`PositionError` unless the position has exactly one king.

    With ``diagram_first_line`` (the line of the diagram's top rank in ``path``) the error names
    the line of the second king in reading order; otherwise ``line``.
    """
    kings = sorted((sq for sq, kind in position.pieces.items() if kind == KING),
                   key=lambda sq: (-int(sq[1:]), sq[0]))
    if not kings:
        raise PositionError(refusal(Reason.NO_KING), path, line)
    if len(kings) > 1:
        if diagram_first_line:
            line = diagram_first_line + position.size - int(kings[1][1:])
        raise PositionError(refusal(Reason.KINGS, count=len(kings), squares=", ".join(sorted(kings))), path, line)



def _place(cells: list[str], names: list[str], pieces: dict[str, str], path, line_no: int) -> None:
    """Put the pieces of one diagram row (its ``cells``, one symbol each) on the squares or cells
    ``names`` (as many, in order) into ``pieces``.

    Raises:
        PositionError: an unknown symbol, naming its square and the line.
    """
    for name, cell in zip(names, cells):
        if cell == ".":
            continue
        kind = DIAGRAM_SYMBOLS.get(cell)
        if kind is None:
            raise PositionError(f"unknown symbol {cell!r} at {name} (use . A D K C N)", path, line_no)
        pieces[name] = kind

__all__ = ["Position", "parse_diagram", "parse_hex_diagram", "check_kings", "parse_square", "square_name",
           "ATTACKER", "DEFENDER", "KING", "COMMANDER", "KNIGHT", "PIECE_KINDS", "SPECIAL_PIECES",
           "ALL_KINDS", "SOLDIER_OF", "SIDE_OF_KIND"]
