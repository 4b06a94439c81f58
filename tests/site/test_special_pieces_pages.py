"""Commanders and the knight (Berserk Hnefatafl) on the generated pages, without a build: the
static SVG carries them as data-piece="commander" / "knight" with a mark of their own (not
colour alone), the legend and the text alternative name them in both languages, the
comparison counts them with their sides, and layouts without them render as before.

Expected squares and numbers: shared reference layout berserk-11-special (aagenielsen.dk
berserk rules; tests/build_tools/test_special_pieces.py checks the fixture against the file):
commanders f10, b6, j6, f2; knight e7; king f6; 24 attackers and 12 defenders in all.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from build_tools import diagram, pages

from .conftest import ROOT


BERSERK = """
11 . . . A A A A A . . .
10 . . . . . C . . . . .
9 . . . . . . . . . . .
8 A . . . . D . . . . A
7 A . . . N D D . . . A
6 A C . D D K D D . C A
5 A . . . D D D . . . A
4 A . . . . D . . . . A
3 . . . . . . . . . . .
2 . . . . . C . . . . .
1 . . . A A A A A . . .
  A B C D E F G H I J K
"""
SPECIAL = {"throne": ["f6"], "corners": ["a1", "a11", "k1", "k11"], "camps": []}
COMMANDERS = ["b6", "f2", "f10", "j6"]
KNIGHT = "e7"
ATTACKERS, DEFENDERS = 24, 12

TINY = """
7 . . . A . . .
6 . . . A . . .
5 . . . D . . .
4 A A D K D A A
3 . . . D . . .
2 . . . A . . .
1 . . . A . . .
"""

FIXTURES = ROOT / "tests" / "build_tools" / "fixtures"


def _position(text: str):
    from tafl_core import parse_diagram

    return parse_diagram(text)


def _piece_groups(svg: str) -> dict[str, tuple[str, str]]:
    """square -> (kind, inner markup) of every ``<g data-piece>`` of ``svg``."""
    out = {}
    for m in re.finditer(r'<g class="tafl-piece [^"]*" data-piece="(\w+)" data-square="(\w+)">(.*?)</g>', svg):
        out[m.group(2)] = (m.group(1), m.group(3))
    return out


def _disc_fill(inner: str) -> str:
    return re.match(r'<circle [^>]*fill="([^"]+)"', inner).group(1)


def _mark_shape(inner: str) -> str:
    """What is drawn on the disc, colour left out: '' (nothing), 'ring' (unfilled circle),
    'filled path' or 'stroked path'."""
    rest = inner.split("/>", 1)[1]
    if not rest:
        return ""
    if rest.startswith("<circle") and 'fill="none"' in rest:
        return "ring"
    if rest.startswith("<path"):
        return "stroked path" if 'fill=' not in rest else "filled path"
    return rest


def _centre(square: str, size: int, cell: int = 40, margin: int = 28) -> tuple[float, float]:
    """Centre of ``square`` by the geometry of notes/CONTRACTS.md."""
    f, r = ord(square[0]) - ord("a"), int(square[1:])
    return margin + f * cell + cell / 2, margin + (size - r) * cell + cell / 2


def test_svg_carries_commanders_and_knight():
    svg = str(diagram.render_svg(_position(BERSERK), SPECIAL, caption_id="c"))
    groups = _piece_groups(svg)
    assert sorted(sq for sq, (k, _) in groups.items() if k == "commander") == sorted(COMMANDERS)
    assert [sq for sq, (k, _) in groups.items() if k == "knight"] == [KNIGHT]
    assert [sq for sq, (k, _) in groups.items() if k == "king"] == ["f6"]
    kinds = [k for k, _ in groups.values()]
    assert kinds.count("attacker") + kinds.count("commander") == ATTACKERS
    assert kinds.count("defender") + kinds.count("knight") == DEFENDERS


def test_special_pieces_have_side_colour_and_own_mark():
    """A commander is an attacker-coloured disc, the knight a defender-coloured one; each carries
    a mark of its own shape: ordinary pieces none, the king a stroked cross, the commander a
    ring, the knight a filled diamond. Marks sit on the square's centre."""
    groups = _piece_groups(str(diagram.render_svg(_position(BERSERK), SPECIAL, caption_id="c")))
    attacker = next(inner for k, inner in groups.values() if k == "attacker")
    defender = next(inner for k, inner in groups.values() if k == "defender")
    king = groups["f6"][1]
    knight = groups[KNIGHT][1]
    assert _disc_fill(knight) == _disc_fill(defender)
    assert _mark_shape(attacker) == "" and _mark_shape(defender) == ""
    assert _mark_shape(king) == "stroked path"
    assert _mark_shape(knight) == "filled path"
    for sq in COMMANDERS:
        inner = groups[sq][1]
        assert _disc_fill(inner) == _disc_fill(attacker)
        assert _mark_shape(inner) == "ring"
        cx, cy = _centre(sq, 11)
        assert re.search(rf'<circle class="tafl-mark" cx="{cx:g}" cy="{cy:g}" ', inner), (sq, inner)
    # the knight's diamond has its corners on the square's centre lines
    cx, cy = _centre(KNIGHT, 11)
    points = [tuple(map(float, p)) for p in re.findall(r"[ML]([\d.]+) ([\d.]+)", knight.split("/>", 1)[1])]
    assert len(points) == 4
    assert {x for x, _ in points} >= {cx} and {y for _, y in points} >= {cy}
    # a ring light on the dark disc: the mark's colour is not the disc's
    ring_colour = re.search(r'class="tafl-mark"[^>]*stroke="([^"]+)"', groups["b6"][1]).group(1)
    assert ring_colour != _disc_fill(groups["b6"][1])


@pytest.mark.parametrize("lang, commander, knight, commanders_caption, knight_caption", [
    ("de", "Kommandant", "Ritter", "Kommandanten (4): b6, f2, f10, j6.", "Ritter: e7."),
    ("en", "Commander", "Knight", "Commanders (4): b6, f2, f10, j6.", "Knight: e7."),
])
def test_legend_and_caption_name_them(lang, commander, knight, commanders_caption, knight_caption):
    fig = str(diagram.render_figure(_position(BERSERK), SPECIAL, lang=lang, dom_id="cap"))
    legend = fig.split('<ul class="tafl-legend"', 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li>(<svg .*?</svg>) ([^<]+)</li>", legend)
    labels = [label for _, label in items]
    assert commander in labels and knight in labels
    swatch = dict((label, s) for s, label in items)
    king, defender, attacker = (("König", "Verteidiger", "Angreifer") if lang == "de"
                                else ("King", "Defender", "Attacker"))
    assert len({swatch[commander], swatch[attacker], swatch[knight], swatch[defender], swatch[king]}) == 5
    caption = re.search(r'<figcaption id="cap">(.*?)</figcaption>', fig).group(1)
    assert commanders_caption in caption and knight_caption in caption
    assert f'aria-labelledby="cap"' in fig


def test_layout_without_special_pieces_renders_as_before():
    """The markup of pieces without commanders or knights is the one from before they existed
    (commit 0d2f79e): no mark element, the king's cross as it was; legend and caption as before."""
    pos = _position(TINY)
    svg = str(diagram.render_svg(pos, {"throne": ["d4"], "corners": [], "camps": []}, caption_id="c"))
    assert "tafl-mark" not in svg
    groups = _piece_groups(svg)
    assert groups["d4"] == ("king", '<circle cx="168" cy="168" r="15.2" fill="#f4f1ea" stroke="#1f1f1f" '
                            'stroke-width="1.5"/><path d="M168 158.88V177.12M158.88 168H177.12" '
                            'stroke="#1f1f1f" stroke-width="3" stroke-linecap="round"/>')
    assert groups["a4"] == ("attacker", '<circle cx="48" cy="168" r="15.2" fill="#1f1f1f" stroke="#000000" '
                            'stroke-width="1.5"/>')
    fig = str(diagram.render_figure(pos, {"throne": ["d4"], "corners": [], "camps": []}, lang="de", dom_id="c"))
    assert re.findall(r"</svg> ([^<]+)</li>", fig) == ["König", "Verteidiger", "Angreifer", "Thron"]


def test_comparison_counts_whole_sides():
    assert pages.piece_count_cell(_position(BERSERK), "de") == "24 : 12 + 1 (4 Kommandanten, 1 Ritter)"
    assert pages.piece_count_cell(_position(BERSERK), "en") == "24 : 12 + 1 (4 commanders, 1 knight)"
    assert pages.piece_count_cell(_position(TINY), "de") == "8 : 4 + 1"
    assert pages.special_piece_counts(_position(TINY)) == {}
    assert pages.special_piece_counts(_position(BERSERK)) == {"commander": 4, "knight": 1}


@pytest.fixture
def special_site(tmp_path):
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURES / "variants_src", root)
    shutil.copytree(FIXTURES / "special_src" / "berserk-fixture", root / "berserk-fixture")
    return pages.load_site_sources(root)


def _row(md: str, name: str) -> list[str]:
    for line in md.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == name:
            return cells[1:]
    raise AssertionError(f"no row {name!r}")


def test_comparison_page_with_special_pieces(special_site):
    """Columns: berserk-fixture, tiny-tafl (sorted by slug). The pieces row counts commanders as
    attackers and the knight as a defender; the new rules have rows, where tiny-tafl shows the
    rule every variant without the key plays (no king jump, no berserk move) or "–" for the
    rules of pieces it does not have."""
    assert [v.slug for v in special_site.variants if not v.text_only] == ["berserk-fixture", "tiny-tafl"]
    de = pages.comparison_markdown(special_site, "de")
    assert _row(de, "Angreifer : Verteidiger + König") == ["24 : 12 + 1 (4 Kommandanten, 1 Ritter)", "8 : 4 + 1"]
    assert _row(de, "König springt") == ["nur von oder auf Thron oder Eckfeld", "nein"]
    assert _row(de, "Berserkerzug")[1] == "nein"
    assert _row(de, "Ritter springt") == ["ja, die übersprungene Figur wird geschlagen", "–"]
    assert _row(de, "Kommandanten springen") == ["ja, ohne zu schlagen", "–"]
    en = pages.comparison_markdown(special_site, "en")
    assert _row(en, "Attackers : Defenders + King") == ["24 : 12 + 1 (4 commanders, 1 knight)", "8 : 4 + 1"]
    assert _row(en, "Knight jumps") == ["yes, the jumped piece is captured", "–"]


def test_comparison_without_special_pieces_has_no_new_rows(tmp_path):
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURES / "variants_src", root)
    md = pages.comparison_markdown(pages.load_site_sources(root), "en")
    for name in ("King jumps", "Commanders jump", "Knight jumps", "Berserk move", "Commanders capture the king"):
        assert f"| {name} |" not in md
    assert _row(md, "Attackers : Defenders + King") == ["8 : 4 + 1"]


def test_board_data_names_pieces_and_capture_reasons(special_site):
    v = next(v for v in special_site.variants if v.slug == "berserk-fixture")
    data = pages.board_data(v, "de", pyodide_index="assets/pyodide/", cdn=False)
    assert data["names"]["pieces"]["commander"] == ["Kommandant", "Kommandanten"]
    assert data["names"]["pieces"]["knight"] == ["Ritter", "Ritter"]
    assert "Kommandant" in data["names"]["capture_reasons"]["king_commanders"]
    assert sorted(sq for sq, k in data["pieces"].items() if k == "commander") == sorted(COMMANDERS)
    assert [sq for sq, k in data["pieces"].items() if k == "knight"] == [KNIGHT]
    labels = {a["key"]: a for a in data["assumptions"]}
    assert labels["berserk_compulsory"]["label"] == "Berserkerzug ist Pflicht"
    assert labels["berserk_compulsory"]["value_label"] == "nein"
    assert labels["berserk_compulsory"]["alternative_label"] == "ja"
