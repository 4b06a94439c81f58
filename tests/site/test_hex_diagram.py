"""The start diagram of a hex board (build_tools/diagram.py, render_hex_svg): one hexagon per
cell under AbstractPlay's cell names, the pieces and special cells where the ruleset has them,
and a true hexagonal tiling (neighbouring cells one cell width apart, each row on one line)."""

from __future__ import annotations

import math
import re

import pytest

from build_tools.diagram import HexGeometry, render_svg
from tafl_core import Game, load_ruleset
from tafl_core.geometry import board_cells
from tafl_core.squares import square_name

from tests.tafl_core.helpers import REPO


@pytest.mark.parametrize("slug, cells", [("hexentafl-4", 37), ("hexentafl-5", 61)])
def test_hex_diagram_cells_pieces_and_specials(slug, cells):
    rs = load_ruleset(REPO / "variants_src" / slug)
    svg = str(render_svg(rs.layout, rs.special_squares(), caption_id="c"))
    names = re.findall(r'<polygon class="tafl-cell[^"]*"(?: data-special="[a-z]+")? data-cell="([a-z]\d+)"', svg)
    assert sorted(names) == sorted(square_name(s, rs.size) for s in board_cells(rs.size))
    assert len(names) == cells
    pieces = dict(re.findall(r'data-piece="([a-z]+)" data-square="([a-z]\d+)"', svg))
    assert sorted((sq, kind) for kind, sq in re.findall(r'data-piece="([a-z]+)" data-square="([a-z]\d+)"', svg)) \
        == sorted(rs.layout.pieces.items())
    assert pieces
    specials = re.findall(r'data-special="([a-z]+)" data-cell="([a-z]\d+)"', svg)
    assert sorted(sq for kind, sq in specials if kind == "corner") == sorted(rs.special_squares()["corners"])
    assert [sq for kind, sq in specials if kind == "throne"] == rs.special_squares()["throne"]


def test_hex_diagram_is_a_hexagonal_tiling():
    rs = load_ruleset(REPO / "variants_src" / "hexentafl-4")
    g = HexGeometry(rs.size)
    t = Game(rs).tables
    for s in board_cells(rs.size):
        x, y = g.centre(s)
        for a in t.adj[s]:
            ax, ay = g.centre(a)
            assert math.isclose(math.hypot(ax - x, ay - y), g.cell, rel_tol=1e-9)
        # the east neighbour lies on the same row, to the right
        east = t.step[s][0]
        if east >= 0:
            assert g.centre(east)[1] == y and g.centre(east)[0] > x
