"""The board's table of which side each piece kind plays for (docs/assets/board/address.js
PIECE_SIDE, used to say why a piece cannot move) is the engine's (tafl_core.tables SIDE_OF)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tafl_core.tables import CODE_KIND, SIDE_NAMES, SIDE_OF

REPO = Path(__file__).resolve().parents[2]


def test_the_boards_piece_sides_are_the_engines():
    js = (REPO / "docs" / "assets" / "board" / "address.js").read_text(encoding="utf-8")
    m = re.search(r"export const PIECE_SIDE = Object\.freeze\((\{.*?\})\);", js, re.S)
    assert m, "PIECE_SIDE not found in address.js"
    board = json.loads(re.sub(r"(\w+):", r'"\1":', m.group(1)).replace(",\n}", "}").replace(", }", "}"))
    engine = {str(kind): SIDE_NAMES[SIDE_OF[code]] for code, kind in CODE_KIND.items()}
    assert board == engine
