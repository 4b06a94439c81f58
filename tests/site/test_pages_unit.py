"""Page and diagram generation without a build: anchors, body transforms, escaping, the
diagram geometry of notes/CONTRACTS.md, and a name for every rule value the sources use."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from build_tools import diagram, pages
from build_tools.labels import LANGS, RULE_NAMES, VALUE_NAMES

from .conftest import ROOT, VARIANTS, board_slugs

TINY = """
7 . . . A . . .
6 . . . A . . .
5 . . . D . . .
4 A A D K D A A
3 . . . D . . .
2 . . . A . . .
1 . . . A . . .
"""


def test_source_anchor_is_stable_and_lowercase():
    """Contract: #src-murray1952 for [Murray1952]; other characters become '-'."""
    assert pages.source_anchor("Murray1952") == "src-murray1952"
    assert pages.source_anchor("cyningstan-eald") == "src-cyningstan-eald"
    assert pages.source_anchor("MS122") == "src-ms122"
    assert pages.source_anchor("Lewis:1940/2") == "src-lewis-1940-2"


def test_section_anchor():
    assert pages.section_anchor(4) == "sec-4"
    assert pages.section_anchor("5.3") == "sec-5-3"


def test_transform_body_links_citations_related_and_headings():
    body = "\n".join([
        "Text [a; Murray1952] and [x](https://example.org) and [unknown] and `[a]`.",
        "### 5.3 Königsfelder",
        "- [[brandubh]]: also 7×7. [[fetlar-hnefatafl|Fetlar]]",
        "```diagram",
        "[a]",
        "```",
    ])
    out = pages.transform_body(body, keys={"a", "Murray1952"}, titles={"brandubh": "Brandubh"}).split("\n")
    assert out[0] == ("Text \\[[a](#src-a); [Murray1952](#src-murray1952)\\] and [x](https://example.org) "
                      "and [unknown] and `[a]`.")
    assert out[1] == "### 5.3 Königsfelder { #sec-5-3 }"
    assert out[2] == "- [Brandubh](brandubh.md): also 7×7. [Fetlar](fetlar-hnefatafl.md)"
    assert out[4] == "[a]"


def test_board_json_cannot_close_the_script_element():
    raw = pages.board_json({"t": "</script><script>alert(1)</script> & <!--"})
    assert "<" not in raw and ">" not in raw and "&" not in raw
    assert json.loads(str(raw)) == {"t": "</script><script>alert(1)</script> & <!--"}


def test_stub_markdown_escapes_names():
    md = pages.stub_markdown("x", {"de": "<b>Name</b>", "en": "N"}, "de")
    assert "&lt;b&gt;Name&lt;/b&gt;" in md and "<b>" not in md


def test_assumption_notes_are_escaped():
    """A note from rules.toml is text: markup in it reaches the page escaped."""
    from tafl_core import Ruleset

    for slug in board_slugs():
        text = (VARIANTS / slug / "rules.toml").read_text(encoding="utf-8")
        rs = Ruleset.from_toml(text)
        assumed = [r for r in rs.assumptions() if f'note.de = "{r.note["de"]}"' in text]
        if assumed:
            break
    assert assumed, "a variant with a board has an assumed rule with a German note"
    key = assumed[0].key
    evil = text.replace(f'note.de = "{assumed[0].note["de"]}"', 'note.de = "<img src=x onerror=alert(1)>"')
    assert evil != text

    class V:  # the parts of build_tools.sources.Variant the function reads
        ruleset = Ruleset.from_toml(evil)

    html = str(pages._assumptions_html(V, "de"))
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "<img" not in html
    assert f'data-rule="{key}"' in html


def test_diagram_geometry_matches_contract():
    """Square (file f, rank r) has its top-left corner at (margin + f*cell, margin + (size-r)*cell);
    the viewBox is 2*margin + size*cell wide and high."""
    from tafl_core import parse_diagram

    pos = parse_diagram(TINY)
    svg = str(diagram.render_svg(pos, {"throne": ["d4"], "corners": ["a1", "g1", "a7", "g7"], "camps": []},
                                 caption_id="c"))
    g = diagram.Geometry(7)
    assert f'viewBox="0 0 {2 * g.margin + 7 * g.cell} {2 * g.margin + 7 * g.cell}"' in svg
    assert f'data-size="7" data-cell="{g.cell}" data-margin="{g.margin}"' in svg
    assert diagram.square_xy("a1", g) == (g.margin, g.margin + 6 * g.cell)
    assert diagram.square_xy("g7", g) == (g.margin + 6 * g.cell, g.margin)
    pieces = re.findall(r'data-piece="(\w+)" data-square="(\w+)"', svg)
    assert sorted(pieces) == sorted((k, s) for s, k in pos.pieces.items())
    assert len(pieces) == 13
    assert svg.count('data-special="corner"') == 4 and svg.count('data-special="throne"') == 1
    # files and ranks are labelled
    for label in list("abcdefg") + [str(i) for i in range(1, 8)]:
        assert f">{label}</text>" in svg


def test_text_alternative_lists_every_piece():
    from tafl_core import parse_diagram

    pos = parse_diagram(TINY)
    text = diagram.text_alternative(pos, {"throne": ["d4"], "corners": [], "camps": []}, "en")
    assert text.startswith("King: d4. Defenders (4): c4, d3, d5, e4. Attackers (8): a4, b4, d1, d2, d6, d7, f4, g4.")
    assert "Throne: d4." in text
    de = diagram.text_alternative(pos, {"throne": ["d4"], "corners": [], "camps": []}, "de")
    assert de.startswith("König: d4. Verteidiger (4):")


@pytest.mark.parametrize("slug", board_slugs())
def test_every_rule_and_value_has_a_name(slug):
    """The comparison and index pages show words, not raw keys: every rule key and every
    enumerated value used by a ruleset has a German and an English name."""
    from tafl_core import Ruleset

    rs = Ruleset.from_toml((VARIANTS / slug / "rules.toml").read_text(encoding="utf-8"))
    for lang in LANGS:
        for key, rule in rs.rules.items():
            assert key in RULE_NAMES[lang], (lang, key)
            values = list(rule.value) if isinstance(rule.value, (list, tuple)) else [rule.value]
            for v in values:
                if isinstance(v, str) and re.fullmatch(r"[a-y]\d{1,2}", v):
                    continue  # a square name
                names = {**VALUE_NAMES[lang]["*"], **VALUE_NAMES[lang].get(key, {})}
                assert str(v) in names, (lang, key, v)


# --------------------------------------------------------------------------- text-only variants

#: The validator's fixture root: tiny-tafl (with a board), tiny-text (board = false), a stub.
FIXTURE = ROOT / "tests" / "build_tools" / "fixtures" / "variants_src"


@pytest.fixture
def fixture_site():
    return pages.load_site_sources(FIXTURE)


def _text_only(site):
    return next(v for v in site.variants if v.slug == "tiny-text")


def test_text_only_variant_is_on_the_site(fixture_site):
    """board = false with both pages: a variant of the site, not left out as broken."""
    assert [v.slug for v in fixture_site.variants] == ["tiny-tafl", "tiny-text"]
    assert fixture_site.broken == {}
    assert fixture_site.title("tiny-text", "en") == "Tiny Text"


@pytest.mark.parametrize("lang", LANGS)
def test_text_only_page_markdown(fixture_site, lang):
    """Ten sections, the board note in section 3 (escaped text), no board, no Play link, no
    assumptions."""
    v = _text_only(fixture_site)
    md = pages.variant_markdown(v, lang, fixture_site, page_url=("" if lang == "de" else "en/") + "variants/tiny-text/")
    for n in range(1, 11):
        assert f"{{ #sec-{n} }}" in md
    assert "#board" not in md and 'id="board"' not in md and "tafl-board" not in md
    assert 'id="assumptions"' not in md and "<svg" not in md
    note = v.board_note[lang]
    assert f'<p class="admonition-title">{note}</p>' in md
    assert md.index("{ #sec-3 }") < md.index("tafl-no-board") < md.index("{ #sec-4 }")


def test_text_only_board_note_is_escaped(fixture_site):
    v = _text_only(fixture_site)
    v2 = type(v)(**{**v.__dict__, "board_note": {"de": "<b>x</b> & y", "en": "n"}})
    md = pages.variant_markdown(v2, "de", fixture_site, page_url="variants/tiny-text/")
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in md and "<b>x</b>" not in md


@pytest.mark.parametrize("lang", LANGS)
def test_text_only_index_row_and_comparison(fixture_site, lang):
    """Index: the row exists, the board-dependent columns show "—", historicity by name.
    Comparison: no column, but a linked entry with the note below the table."""
    index = pages.index_markdown(fixture_site, lang)
    row = next(line for line in index.split("\n") if 'href="tiny-text/"' in line)
    assert 'data-board="no"' in row
    cells = re.findall(r"<td>(.*?)</td>", row)
    historicity = "Regeln rekonstruiert" if lang == "de" else "rules reconstructed"
    assert cells[1:] == ["—", "—", "—", "—", "—", historicity]
    comparison = pages.comparison_markdown(fixture_site, lang)
    table, _, after = comparison.partition("</div>")
    assert "variants/tiny-tafl.md" in table and "variants/tiny-text.md" not in table
    v = _text_only(fixture_site)
    assert f"- [Tiny Text](variants/tiny-text.md) — {v.board_note[lang]}" in after


@pytest.mark.parametrize("lang", LANGS)
def test_assumption_names_with_a_colon_take_no_second_colon(lang):
    """Not "Ecken: feindlich für: Angreifer" (two colons): a sub-rule name that
    holds a colon (labels.py: "Ecken: feindlich für" / "Corners: hostile to") takes its value
    after a space; a plain name keeps its colon (Ealdfæder Tæfl: corner_hostile and king_armed
    are assumed, corner_hostile's alternative is attackers and defenders)."""
    from tafl_core import Ruleset
    from build_tools.labels import rule_and_value

    assert rule_and_value("Ecken: feindlich für", "Angreifer") == "Ecken: feindlich für Angreifer"
    assert rule_and_value("Thron", "nein") == "Thron: nein"

    class V:
        ruleset = Ruleset.from_toml((VARIANTS / "ealdfaeder-taefl" / "rules.toml").read_text(encoding="utf-8"))

    html = str(pages._assumptions_html(V, lang))
    corners = RULE_NAMES[lang]["corner_hostile"]
    armed = RULE_NAMES[lang]["king_armed"]
    assert ":" in corners and ":" not in armed
    assert f"<strong>{corners}</strong> " in html
    assert f"<strong>{armed}:</strong> " in html
    for name in re.findall(r"<strong>([^<]*)</strong>", html):
        assert not (name.endswith(":") and ":" in name[:-1]), name
