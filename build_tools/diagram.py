"""Static SVG board diagrams, drawn at build time from a ``tafl_core.Position``.

The diagram is what a reader sees without JavaScript, and what the board (docs/assets/board/)
replaces in place with the same geometry (notes/CONTRACTS.md, "Variant page ↔ board"):

- ``viewBox="0 0 W H"`` with ``W == H == 2 * margin + size * cell`` (user units);
- the square with 0-based file ``f`` (a = 0) and rank ``r`` (1 = bottom) has its top-left
  corner at ``(margin + f * cell, margin + (size - r) * cell)``;
- file letters below the board, rank numbers on its left;
- special squares (throne, corners, camps) are filled rects with ``data-special``; a throne
  carries a diagonal cross, a corner a single diagonal;
- every piece is a ``<g data-piece="attacker|defender|king|commander|knight" data-square="e5">``.

Pieces are told apart by fill *and* by a mark, never by colour alone: attackers are dark,
defenders light; the king carries a cross, a commander (attackers' side, Berserk Hnefatafl) a
light ring inside its dark disc, the knight (defenders' side) a dark diamond inside its light
disc (notes/CONTRACTS.md, "Special pieces, jumps and berserk turns").

Functions take plain values (a position, a dict of special squares) and return markup
(:class:`markupsafe.Markup`); all text goes through Jinja2's autoescaping.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from build_tools.labels import UI

__all__ = ["Geometry", "HexGeometry", "render_hex_svg", "square_xy", "render_svg", "render_figure", "text_alternative",
           "legend_items", "PIECE_ORDER"]

TEMPLATES = Path(__file__).resolve().parent / "templates"

_env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(
    enabled_extensions=("html", "svg", "j2"), default_for_string=True, default=True),
    trim_blocks=False, lstrip_blocks=False, auto_reload=False)

#: Order in which piece kinds are listed in legends and text alternatives: the defenders' side
#: (king, knight, defenders), then the attackers' (commanders, attackers).
PIECE_ORDER = ("king", "knight", "defender", "commander", "attacker")

_LIGHT, _DARK = "#f4f1ea", "#1f1f1f"
_PIECE_STYLE = {  # kind -> (fill, stroke, mark: None | "cross" | "ring" | "diamond")
    "king": (_LIGHT, _DARK, "cross"),
    "defender": (_LIGHT, _DARK, None),
    "attacker": (_DARK, "#000000", None),
    "commander": (_DARK, "#000000", "ring"),
    "knight": (_LIGHT, _DARK, "diamond"),
}
#: Colour of a piece's mark: the king's cross and the knight's diamond dark, the commander's
#: ring light (it stands on a dark disc).
_MARK_COLOUR = {"cross": _DARK, "ring": _LIGHT, "diamond": _DARK}
_SPECIAL_FILL = {"throne": "#b98b4e", "corners": "#9c6b3a", "camps": "#d7b57a"}
_SPECIAL_KIND = {"throne": "throne", "corners": "corner", "camps": "camp"}


def _n(x: float) -> str:
    """A coordinate as short text (no trailing .0)."""
    r = round(x, 2)
    return str(int(r)) if r == int(r) else str(r)


@dataclass(frozen=True)
class Geometry:
    """Sizes of a diagram in SVG user units: ``size`` squares per side, ``cell`` the side of a
    square, ``margin`` the band around the board that holds the labels."""
    size: int
    cell: int = 40
    margin: int = 28

    @property
    def inner(self) -> int:
        """Side of the board itself."""
        return self.size * self.cell

    @property
    def width(self) -> int:
        """Width (and height) of the whole viewBox."""
        return self.inner + 2 * self.margin

    height = width

    @property
    def radius(self) -> str:
        """Radius of a piece."""
        return _n(self.cell * 0.38)

    @property
    def font(self) -> str:
        """Font size of the file and rank labels."""
        return _n(self.cell * 0.42)


def square_xy(square: str, g: Geometry) -> tuple[int, int]:
    """Top-left corner of ``square`` ("e5": file letter, rank number from 1 at the bottom).
    Raises ValueError for a square that is not on the board."""
    f = ord(square[0].lower()) - ord("a")
    r = int(square[1:])
    if not (0 <= f < g.size and 1 <= r <= g.size):
        raise ValueError(f"square {square!r} is not on a {g.size}x{g.size} board")
    return g.margin + f * g.cell, g.margin + (g.size - r) * g.cell


def _sort_key(square: str) -> tuple[int, int]:
    return ord(square[0].lower()), int(square[1:])


def _grid_path(g: Geometry) -> str:
    parts = []
    lo, hi = g.margin, g.margin + g.inner
    for i in range(g.size + 1):
        p = g.margin + i * g.cell
        parts.append(f"M{lo} {p}H{hi}M{p} {lo}V{hi}")
    return "".join(parts)


def _symbol_path(kind: str, x: int, y: int, cell: int) -> str:
    i = cell * 0.2
    a, b, c, d = _n(x + i), _n(y + i), _n(x + cell - i), _n(y + cell - i)
    if kind == "throne":
        return f"M{a} {b}L{c} {d}M{c} {b}L{a} {d}"
    if kind == "corner":
        return f"M{a} {b}L{c} {d}"
    return ""


def _specials(special: Mapping[str, Iterable[str]] | None, g: Geometry):
    out, symbols = [], []
    for group in ("camps", "corners", "throne"):
        for sq in (special or {}).get(group, ()) or ():
            x, y = square_xy(sq, g)
            kind = _SPECIAL_KIND[group]
            out.append({"kind": kind, "name": sq, "x": x, "y": y, "fill": _SPECIAL_FILL[group]})
            symbols.append(_symbol_path(kind, x, y, g.cell))
    return out, "".join(symbols)


def _piece_mark(mark: str | None, cx: float, cy: float, radius: float) -> dict[str, str]:
    """The mark drawn on a piece of radius ``radius`` centred at (``cx``, ``cy``), as template
    fields: ``cross`` (path data of the king's upright cross), ``ring`` (radius of the
    commander's light ring), ``diamond`` (path data of the knight's filled diamond); the fields
    of the other marks are empty. ``mark`` None: no mark (ordinary pieces)."""
    r = radius * 0.6
    out = {"cross": "", "ring": "", "diamond": "", "mark_colour": _MARK_COLOUR.get(mark or "", "")}
    if mark == "cross":
        out["cross"] = f"M{_n(cx)} {_n(cy - r)}V{_n(cy + r)}M{_n(cx - r)} {_n(cy)}H{_n(cx + r)}"
    elif mark == "ring":
        out["ring"] = _n(radius * 0.58)
    elif mark == "diamond":
        h, w = radius * 0.62, radius * 0.46
        out["diamond"] = f"M{_n(cx)} {_n(cy - h)}L{_n(cx + w)} {_n(cy)}L{_n(cx)} {_n(cy + h)}L{_n(cx - w)} {_n(cy)}Z"
    return out


@dataclass(frozen=True)
class HexGeometry:
    """Sizes of a hex board's diagram in SVG user units: ``n`` the side of the axial array
    (:class:`tafl_core.geometry.HexSize`), ``cell`` the width of a cell (pointy-top hexagons,
    rows of cells horizontal as AbstractPlay draws them), ``margin`` the band for the row letters."""
    n: int
    cell: int = 40
    margin: int = 28

    @property
    def side(self) -> int:
        """Cells along one edge of the hexagon."""
        return (self.n + 1) // 2

    @property
    def row_step(self) -> float:
        """Vertical distance between the centres of two rows."""
        return self.cell * 3 ** 0.5 / 2

    @property
    def width(self) -> str:
        """Width of the viewBox: the middle row of n cells and a margin on each side."""
        return _n(self.n * self.cell + 2 * self.margin)

    @property
    def height(self) -> str:
        """Height of the viewBox: n rows of pointy-top hexagons and a margin on each side."""
        return _n((self.n - 1) * self.row_step + 2 * self.cell / 3 ** 0.5 + 2 * self.margin)

    @property
    def radius(self) -> str:
        """Radius of a piece."""
        return _n(self.cell * 0.38)

    @property
    def font(self) -> str:
        """Font size of the row letters."""
        return _n(self.cell * 0.42)

    def centre(self, s: int) -> tuple[float, float]:
        """Centre of cell ``s`` (``rank * n + file``)."""
        r, f = divmod(s, self.n)
        x = self.margin + self.cell / 2 + self.cell * (f - r / 2 + (self.side - 1) / 2)
        y = self.margin + self.cell / 3 ** 0.5 + self.row_step * (self.n - 1 - r)
        return x, y

    def points(self, s: int, inset: float = 0) -> str:
        """The six corners of cell ``s`` (an SVG ``points`` list), ``inset`` units inside it."""
        import math
        cx, cy = self.centre(s)
        rad = self.cell / 3 ** 0.5 - inset
        return " ".join(f"{_n(cx + rad * math.cos(math.radians(a)))},{_n(cy + rad * math.sin(math.radians(a)))}"
                        for a in range(30, 390, 60))


def render_hex_svg(position, special: Mapping[str, Iterable[str]] | None = None, *,
                   caption_id: str, marks: Iterable[str] = ()) -> Markup:
    """The ``<svg>`` of a position on a hex board (``position.size`` a ``HexSize``): one
    ``<polygon data-cell="d4">`` per cell, special cells with ``data-special`` (a throne with a
    cross, a corner with a bar, as on square boards), pieces as on square boards, row letters on
    the left of each row. Raises ValueError (NotationError) for a cell off the board."""
    from tafl_core.geometry import board_cells
    from tafl_core.squares import parse_square, square_name
    n = position.size
    g = HexGeometry(n)
    kind_of = {}
    for group in ("camps", "corners", "throne"):
        for name in (special or {}).get(group, ()) or ():
            kind_of[parse_square(name, n)] = group
    cells, symbols = [], []
    for s in board_cells(n):
        group = kind_of.get(s)
        cells.append({"name": square_name(s, n), "points": g.points(s),
                      "special": _SPECIAL_KIND[group] if group else "",
                      "fill": _SPECIAL_FILL[group] if group else "#e9d3a5"})
        if group:
            cx, cy = g.centre(s)
            x, y = cx - g.cell / 2, cy - g.cell / 2
            symbols.append(_symbol_path(_SPECIAL_KIND[group], x, y, g.cell))
    mark_list = [{"name": name, "points": g.points(parse_square(name, n), 3)} for name in marks]
    labels = []
    for r in range(n):
        first = min(s for s in board_cells(n) if s // n == r)
        cx, cy = g.centre(first)
        labels.append({"x": _n(cx - g.cell * 0.85), "y": _n(cy), "text": square_name(first, n)[0]})
    pieces = []
    radius = g.cell * 0.38
    for name in sorted(position.pieces, key=_sort_key):
        kind = position.pieces[name]
        cx, cy = g.centre(parse_square(name, n))
        fill, stroke, mark = _PIECE_STYLE.get(kind, ("#8a8a8a", "#1f1f1f", None))
        pieces.append({"kind": kind, "square": name, "cx": _n(cx), "cy": _n(cy), "fill": fill, "stroke": stroke,
                       **_piece_mark(mark, cx, cy, radius)})
    return Markup(_env.get_template("diagram-hex.svg.j2").render(
        g=g, cells=cells, marks=mark_list, symbols="".join(symbols), labels=labels, pieces=pieces,
        caption_id=caption_id))


def render_svg(position, special: Mapping[str, Iterable[str]] | None = None, *,
               caption_id: str, marks: Iterable[str] = (), geometry: Geometry | None = None) -> Markup:
    """The ``<svg>`` of ``position`` (anything with ``.size`` and ``.pieces``, a dict square ->
    kind, as ``tafl_core.Position``), with the special squares of ``special``
    (``{"throne": [...], "corners": [...], "camps": [...]}`` as ``Ruleset.special_squares()``)
    and a red frame around each square in ``marks``. ``caption_id`` is the id of the element
    that labels the SVG (``aria-labelledby``). Raises ValueError for off-board squares."""
    if hasattr(position.size, "side"):    # a hex board (tafl_core.geometry.HexSize)
        return render_hex_svg(position, special, caption_id=caption_id, marks=marks)
    g = geometry or Geometry(position.size)
    specials, symbols = _specials(special, g)
    mark_list = []
    for sq in marks:
        x, y = square_xy(sq, g)
        mark_list.append({"name": sq, "x": x, "y": y})
    labels = []
    half = g.cell / 2
    for i in range(g.size):
        labels.append({"x": _n(g.margin + i * g.cell + half), "y": _n(g.margin + g.inner + g.margin / 2),
                       "text": chr(ord("a") + i)})
        labels.append({"x": _n(g.margin / 2), "y": _n(g.margin + (g.size - 1 - i) * g.cell + half),
                       "text": str(i + 1)})
    pieces = []
    radius = g.cell * 0.38
    for sq in sorted(position.pieces, key=_sort_key):
        kind = position.pieces[sq]
        x, y = square_xy(sq, g)
        fill, stroke, mark = _PIECE_STYLE.get(kind, ("#8a8a8a", "#1f1f1f", None))
        cx, cy = x + half, y + half
        pieces.append({"kind": kind, "square": sq, "cx": _n(cx), "cy": _n(cy), "fill": fill, "stroke": stroke,
                       **_piece_mark(mark, cx, cy, radius)})
    return Markup(_env.get_template("diagram.svg.j2").render(
        g=g, specials=specials, symbols=symbols, marks=mark_list, grid=_grid_path(g), labels=labels,
        pieces=pieces, caption_id=caption_id))


def text_alternative(position, special: Mapping[str, Iterable[str]] | None, lang: str,
                     marks: Iterable[str] = ()) -> str:
    """The pieces and special squares in words, e.g. "König: e5. Verteidiger (8): d4, d5, ….
    Angreifer (16): …. Thron: e5. Eckfelder: a1, a9, i1, i9." (``lang`` "de" | "en")."""
    ui = UI[lang]
    by_kind: dict[str, list[str]] = {}
    for sq, kind in position.pieces.items():
        by_kind.setdefault(kind, []).append(sq)
    parts = []
    kinds = [k for k in PIECE_ORDER if k in by_kind] + sorted(k for k in by_kind if k not in PIECE_ORDER)
    for kind in kinds:
        squares = sorted(by_kind[kind], key=_sort_key)
        name = ui.get(kind + "s", kind) if len(squares) > 1 else ui.get(kind, kind)
        count = f" ({len(squares)})" if len(squares) > 1 else ""
        parts.append(f"{name}{count}: {', '.join(squares)}.")
    if not by_kind:
        parts.append(ui["empty_board"] + ".")
    for group in ("throne", "corners", "camps"):
        squares = sorted((special or {}).get(group, ()) or (), key=_sort_key)
        if squares:
            name = ui[group] if group == "throne" or len(squares) > 1 else ui[_SPECIAL_KIND[group]]
            parts.append(f"{name}: {', '.join(squares)}.")
    marks = sorted(marks, key=_sort_key)
    if marks:
        parts.append(f"{ui['marked'].capitalize()}: {', '.join(marks)}.")
    return " ".join(parts)


def _swatch(kind: str) -> Markup:
    if kind in _PIECE_STYLE:
        fill, stroke, mark = _PIECE_STYLE[kind]
        s = f'<circle cx="10" cy="10" r="7.5" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        if mark == "cross":
            s += f'<path d="M10 5.5V14.5M5.5 10H14.5" stroke="{stroke}" stroke-width="2"/>'
        elif mark == "ring":
            s += f'<circle cx="10" cy="10" r="4.3" fill="none" stroke="{_MARK_COLOUR[mark]}" stroke-width="1.5"/>'
        elif mark == "diamond":
            s += f'<path d="M10 5.4L13.4 10L10 14.6L6.6 10Z" fill="{_MARK_COLOUR[mark]}"/>'
        return Markup(s)
    if kind == "marked":
        return Markup('<rect x="2" y="2" width="16" height="16" fill="none" stroke="#c62828" stroke-width="3"/>')
    group = {"throne": "throne", "corner": "corners", "camp": "camps"}[kind]
    sym = _symbol_path(kind, 0, 0, 20)
    s = f'<rect x="0" y="0" width="20" height="20" fill="{_SPECIAL_FILL[group]}" stroke="#6b4f2a"/>'
    if sym:
        s += f'<path d="{sym}" stroke="#5a3b17" stroke-width="1.5"/>'
    return Markup(s)


def legend_items(position, special: Mapping[str, Iterable[str]] | None, lang: str,
                 marks: Iterable[str] = ()) -> list[dict]:
    """Legend entries ``{"swatch": Markup, "label": str}`` for what the diagram shows: the piece
    kinds present, then throne, corner and camp squares if any, then marked squares."""
    ui = UI[lang]
    present = set(position.pieces.values())
    items = [{"swatch": _swatch(k), "label": ui[k]} for k in PIECE_ORDER if k in present]
    for group, kind in (("throne", "throne"), ("corners", "corner"), ("camps", "camp")):
        if (special or {}).get(group):
            items.append({"swatch": _swatch(kind), "label": ui[kind]})
    if list(marks):
        items.append({"swatch": _swatch("marked"), "label": ui["marked"]})
    return items


def render_figure(position, special: Mapping[str, Iterable[str]] | None, *, lang: str, dom_id: str,
                  caption_prefix: str = "", marks: Iterable[str] = (), position_id: str | None = None,
                  svg: Markup | None = None) -> Markup:
    """A ``<figure class="tafl-diagram">``: the SVG, a legend and a ``<figcaption id=dom_id>``
    holding ``caption_prefix`` and the text alternative. One line per element and no blank
    lines, so it survives as a raw HTML block in markdown. ``svg``: the already rendered
    ``render_svg(position, special, caption_id=dom_id, marks=marks)``, if the caller has it."""
    marks = list(marks)
    caption = text_alternative(position, special, lang, marks)
    if caption_prefix:
        caption = f"{caption_prefix} {caption}"
    if svg is None:
        svg = render_svg(position, special, caption_id=dom_id, marks=marks)
    return Markup(_env.get_template("figure.html.j2").render(
        svg=svg, legend=legend_items(position, special, lang, marks), legend_label=UI[lang]["legend"],
        caption=caption, caption_id=dom_id, position_id=position_id))
