"""Rule values in the site's words on the board (docs/assets/board/records.js ``valueName``, fed
with board-data ``names.values`` from build_tools/labels.py ``value_words``) are the words the
site's rule tables use (labels.py ``value_name``), in both languages, for every rule value of every
variant with a board and for the values a record from other rules brings (each key's allowed
values, empty lists, booleans). The board's function runs in Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from build_tools.labels import LANGS, VALUE_NAMES, value_name, value_words
from tafl_core import load_ruleset

ROOT = Path(__file__).resolve().parents[2]

NODE_SCRIPT = """
import { valueName } from "%s";
const input = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify(input.cases.map(([key, value]) => valueName(input.words, key, value))));
"""


def cases() -> list[tuple[str, object]]:
    """(key, value) pairs: every rule value of every board variant, every named value of each key,
    and an empty list and a boolean for every key."""
    out = set()
    for path in sorted((ROOT / "variants_src").glob("*/rules.toml")):
        try:
            rs = load_ruleset(path)
        except Exception:   # noqa: BLE001 - a page without a board
            continue
        for key in rs.rules:
            value = rs.value(key)
            out.add((key, json.dumps(list(value) if isinstance(value, tuple) else value)))
            out.add((key, "[]"))
            out.add((key, "true"))
            out.add((key, "false"))
    for lang in LANGS:
        for key, words in VALUE_NAMES[lang].items():
            for value in words:
                out.add((key, json.dumps(value)))
    return [(k, json.loads(v)) for k, v in sorted(out)]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
@pytest.mark.parametrize("lang", LANGS)
def test_the_board_words_rule_values_as_the_site_s_tables_do(lang, tmp_path):
    script = tmp_path / "values.mjs"
    script.write_text(NODE_SCRIPT % (ROOT / "docs" / "assets" / "board" / "records.js").as_uri(), encoding="utf-8")
    todo = cases()
    assert len(todo) > 150
    proc = subprocess.run(["node", str(script)], input=json.dumps({"words": value_words(lang), "cases": todo}),
                          capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    want = [value_name(lang, key, value) for key, value in todo]
    assert [(k, v, g) for (k, v), g, w in zip(todo, got, want) if g != w] == []
    # no raw code of a named value is left on the page (throne_graded, loss_repeater, ...)
    named = {(k, v) for k, words in VALUE_NAMES[lang].items() for v in words if k != "*"}
    assert not [g for (k, v), g in zip(todo, got) if isinstance(v, str) and (k, v) in named and g == v != VALUE_NAMES[lang][k][v]]
