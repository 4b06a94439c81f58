"""The PlayTaflOnline game names that the OpenTafl engine definitions give for a ``PTOConstants``
layout are the names OpenTafl's PlayTaflOnline reader really maps to that layout.

A definition named ``PTOConstants.X_LAYOUT (PlayTaflOnline 'a')`` claims that OpenTafl's
``PlayTaflOnlineJsonTranslator.getLayoutForName`` returns ``PTOConstants.X_LAYOUT`` for the game
name ``a``. The translator is read from the OpenTafl checkout (``$OPENTAFL_DIR``, default
``/work/ext/OpenTafl``): a name given to another layout (``hhardri`` is the Brandub cross there,
only ``ardri`` is ``ARD_RI_LAYOUT``) fails.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

DEFINITIONS = Path(__file__).resolve().parent / "engine_definitions" / "engines" / "opentafl.toml"
TRANSLATOR = "src/com/manywords/softworks/tafl/notation/playtaflonline/PlayTaflOnlineJsonTranslator.java"
NAME = re.compile(r"PTOConstants\.(\w+) \(PlayTaflOnline ((?:'[a-z0-9]+'(?:, )?)+)\)")


def _opentafl_dir() -> Path:
    return Path(os.environ.get("OPENTAFL_DIR", "/work/ext/OpenTafl"))


def layout_names(java: str) -> dict[str, str]:
    """``{game name: layout constant}`` from the ``getLayoutForName`` method of the translator's
    source: every ``name.equals("a") || … return PTOConstants.X;`` branch."""
    body = java[java.index("String getLayoutForName("):]
    body = body[:body.index("\n    }")]
    out: dict[str, str] = {}
    for line in body.split("\n"):
        m = re.search(r"return PTOConstants\.(\w+);", line)
        if m:
            for name in re.findall(r'name\.equals\("([^"]+)"\)', line):
                out.setdefault(name, m.group(1))
    return out


def _claims() -> list[tuple[str, str, str]]:
    data = tomllib.loads(DEFINITIONS.read_text(encoding="utf-8"))
    out = []
    for d in data.get("definition", []):
        m = NAME.fullmatch(d.get("name", ""))
        if m:
            for game in re.findall(r"'([a-z0-9]+)'", m.group(2)):
                out.append((d["name"], game, m.group(1)))
    return out


def test_the_definitions_name_playtaflonline_games():
    """The file has such claims at all (a renamed pattern would leave the next test empty)."""
    games = {game for _, game, _ in _claims()}
    assert {"ardri", "coppergate1", "coppergate2", "lewiscross", "seabattlecircle"} <= games


@pytest.mark.parametrize("definition,game,layout", _claims(), ids=lambda v: v if isinstance(v, str) and " " not in v else None)
def test_playtaflonline_name_maps_to_the_layout(definition, game, layout):
    path = _opentafl_dir() / TRANSLATOR
    if not path.is_file():
        pytest.skip(f"the OpenTafl checkout is absent ({path}); set OPENTAFL_DIR")
    names = layout_names(path.read_text(encoding="utf-8"))
    assert names.get(game) == layout, (
        f"{definition}: OpenTafl's translator maps {game!r} to {names.get(game)!r}, not {layout!r}")


def test_layout_names_reads_the_translator_shape():
    """The reader on a two-branch excerpt in the translator's own form."""
    java = '''    private static String getLayoutForName(String name) {
        if(name.equals("hhbrandubh") || name.equals("hhardri")) return PTOConstants.BRANDUB_LAYOUT;
        else if(name.equals("ardri")) return PTOConstants.ARD_RI_LAYOUT;
        else return null;
    }
'''
    assert layout_names(java) == {"hhbrandubh": "BRANDUB_LAYOUT", "hhardri": "BRANDUB_LAYOUT", "ardri": "ARD_RI_LAYOUT"}
