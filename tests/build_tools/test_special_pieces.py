"""Special pieces of Berserk Hnefatafl (commanders, the knight) in the build tools: the facts
pieces row check counts whole sides and the special pieces, and every new rule key, value,
piece kind and capture reason has a German and an English name.

Expected numbers come from the Berserk start layout, shared reference layout
``berserk-11-special`` (../shared/reference/layouts/berserk-11-special.txt; aagenielsen.dk
berserk rules): 24 attackers of which 4 commanders (f10, b6, j6, f2), 12 defenders of which
1 knight (e7), 1 king (f6). The fixture variant ``berserk-fixture`` carries that layout;
:func:`test_fixture_layout_is_the_reference_layout` checks it against the reference file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.labels import CAPTURE_REASON_NAMES, LANGS, PIECE_NAMES, RULE_NAMES, UI, VALUE_NAMES

from .helpers import REPO_ROOT, SPECIAL_ROOT

#: From the reference layout berserk-11-special (counted by hand from its diagram).
ATTACKERS, COMMANDERS, DEFENDERS, KNIGHTS, KINGS = 24, 4, 12, 1, 1
COMMANDER_SQUARES = ["b6", "f2", "f10", "j6"]
KNIGHT_SQUARE = "e7"

REFERENCE = REPO_ROOT.parent / "shared" / "reference" / "layouts" / "berserk-11-special.txt"
B = "variants_src/berserk-fixture"
DE, EN = "berserk-fixture/de.md", "berserk-fixture/en.md"
CONTRACTS = REPO_ROOT / "notes" / "CONTRACTS.md"
SOURCE_FORMAT = REPO_ROOT / "notes" / "source-format.md"


def _diagram_rows(text: str) -> list[list[str]]:
    """The rank rows of an ASCII diagram (top first), rank labels and file footer dropped."""
    rows = []
    for line in text.splitlines():
        cells = line.split()
        if not cells:
            continue
        if cells[0].isdigit():
            cells = cells[1:]
        elif all(len(c) == 1 and c.isalpha() for c in cells):
            continue  # the file-letter footer
        rows.append(cells)
    return rows


def test_reference_layout_counts():
    """The numbers this file expects are those of the reference layout."""
    if not REFERENCE.is_file():
        pytest.skip(f"reference layout {REFERENCE} is absent (../shared not mounted)")
    rows = _diagram_rows(REFERENCE.read_text(encoding="utf-8"))
    letters = "".join("".join(r) for r in rows)
    assert letters.count("A") + letters.count("C") == ATTACKERS
    assert letters.count("C") == COMMANDERS
    assert letters.count("D") + letters.count("N") == DEFENDERS
    assert letters.count("N") == KNIGHTS
    assert letters.count("K") == KINGS
    size = len(rows)
    where = {f"{chr(ord('a') + f)}{size - i}": c for i, r in enumerate(rows) for f, c in enumerate(r)}
    assert sorted(sq for sq, c in where.items() if c == "C") == sorted(COMMANDER_SQUARES)
    assert [sq for sq, c in where.items() if c == "N"] == [KNIGHT_SQUARE]


def test_fixture_layout_is_the_reference_layout():
    if not REFERENCE.is_file():
        pytest.skip(f"reference layout {REFERENCE} is absent (../shared not mounted)")
    import tomllib

    data = tomllib.loads((SPECIAL_ROOT / "berserk-fixture" / "rules.toml").read_text(encoding="utf-8"))
    assert _diagram_rows(data["layout"]["diagram"]) == _diagram_rows(REFERENCE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- facts pieces row


def test_special_fixture_is_clean(special_tree):
    """The right counts in both languages: no fault at all."""
    assert [f for f in special_tree.faults() if "berserk-fixture" in f] == []


def test_wrong_commander_count(special_tree):
    special_tree.edit(DE, "(davon 4 Kommandanten)", "(davon 3 Kommandanten)")
    assert special_tree.new_faults() == [
        f"{B}/de.md:{special_tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' says 3 Kommandanten, "
        f"the layout has {COMMANDERS}"]


def test_wrong_commander_count_english(special_tree):
    special_tree.edit(EN, "(4 of them commanders)", "(5 of them commanders)")
    assert special_tree.new_faults() == [
        f"{B}/en.md:{special_tree.line_of(EN, '| Pieces')}: facts 'Pieces' says 5 commanders, the layout has {COMMANDERS}"]


def test_wrong_knight_count(special_tree):
    special_tree.edit(EN, "(1 of them the knight)", "(2 of them knights)")
    assert special_tree.new_faults() == [
        f"{B}/en.md:{special_tree.line_of(EN, '| Pieces')}: facts 'Pieces' says 2 knights, the layout has {KNIGHTS}"]


def test_wrong_knight_count_german(special_tree):
    special_tree.edit(DE, "(davon 1 Ritter)", "(davon 2 Ritter)")
    assert special_tree.new_faults() == [
        f"{B}/de.md:{special_tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' says 2 Ritter, "
        f"the layout has {KNIGHTS}"]


def test_attacker_total_without_the_commanders(special_tree):
    """20 ordinary attackers + 4 commanders: the row must give the whole side, 24."""
    special_tree.edit(DE, "24 Angreifer (davon 4 Kommandanten)", "20 Angreifer (davon 4 Kommandanten)")
    assert special_tree.new_faults() == [
        f"{B}/de.md:{special_tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' says 20 Angreifer, "
        f"the layout has {ATTACKERS} (the {COMMANDERS} commanders count as attackers)"]


def test_defender_total_without_the_knight(special_tree):
    special_tree.edit(EN, "12 defenders (1 of them the knight)", "11 defenders (1 of them the knight)")
    assert special_tree.new_faults() == [
        f"{B}/en.md:{special_tree.line_of(EN, '| Pieces')}: facts 'Pieces' says 11 defenders, "
        f"the layout has {DEFENDERS} (the knight counts as a defender)"]


def test_commander_count_missing(special_tree):
    special_tree.edit(DE, " (davon 4 Kommandanten)", "")
    assert special_tree.new_faults() == [
        f"{B}/de.md:{special_tree.line_of(DE, '| Figurenverhältnis')}: facts 'Figurenverhältnis' does not state "
        f"the number of Kommandanten (the layout has {COMMANDERS})"]


def test_knight_count_missing(special_tree):
    special_tree.edit(EN, " (1 of them the knight)", "")
    assert special_tree.new_faults() == [
        f"{B}/en.md:{special_tree.line_of(EN, '| Pieces')}: facts 'Pieces' does not state the number of knights "
        f"(the layout has {KNIGHTS})"]


def test_plain_fixture_unchanged_by_special_tree(special_tree):
    """Adding a variant with special pieces leaves the plain fixtures' faults as they were."""
    assert [f for f in special_tree.faults() if "berserk-fixture" not in f] == []


# --------------------------------------------------------------------------- labels


def _contract_table(text: str, heading: str) -> dict[str, list[str]]:
    """Rows ``| `key` | `a` \\| `b` | ... |`` of the first table after ``heading``: key -> the
    backticked values of the second column (quotes stripped; booleans as True/False)."""
    part = text.split(heading, 1)[1]
    out: dict[str, list[str]] = {}
    for line in part.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)]
        m = re.match(r"^`([a-z_]+)`", cells[1]) if line.startswith("|") and len(cells) > 3 else None
        if m:
            values = [v.strip('"') for v in re.findall(r"`([^`]+)`", cells[2])]
            out[m.group(1)] = [{"true": "True", "false": "False"}.get(v, v) for v in values]
        elif out and not line.startswith("|"):
            break
    return out


def _special_keys() -> dict[str, list[str]]:
    return _contract_table(CONTRACTS.read_text(encoding="utf-8"), "## Special pieces, jumps and berserk turns")


def test_contract_lists_the_new_keys():
    """The table the labels are checked against holds the six keys of the brief."""
    assert set(_special_keys()) == {"king_jump", "commander_jump", "commander_king_capture", "knight_jump",
                                    "berserk", "berserk_compulsory"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_special_key_and_value_has_a_name(lang):
    """Each key of the contract's special-pieces table and each of its values has a name in
    both languages (a key added there without a label fails here)."""
    for key, values in _special_keys().items():
        assert RULE_NAMES[lang].get(key), (lang, key)
        names = {**VALUE_NAMES[lang]["*"], **VALUE_NAMES[lang].get(key, {})}
        for v in values:
            assert names.get(v), (lang, key, v)


def test_every_key_and_value_of_the_source_format_has_a_name():
    """The same for the rule table of the source format (notes/source-format.md), values written there."""
    table = _contract_table(SOURCE_FORMAT.read_text(encoding="utf-8"), "The rules (all must be present")
    assert "first_mover" in table and "no_moves" in table
    for lang in LANGS:
        for key, values in table.items():
            assert RULE_NAMES[lang].get(key), (lang, key)
            names = {**VALUE_NAMES[lang]["*"], **VALUE_NAMES[lang].get(key, {})}
            for v in values:
                if key.endswith(("_stop", "_pass", "_reenter", "_hostile", "_hostile_empty")) or key == "camps":
                    continue  # lists of kinds / squares
                assert names.get(v), (lang, key, v)


def test_every_engine_rule_key_has_a_name():
    """Every rule key tafl_core knows (``ALL_RULE_KEYS``) has a name in both languages."""
    from tafl_core.rulekeys import ALL_RULE_KEYS
    for lang in LANGS:
        missing = [k for k in ALL_RULE_KEYS if k not in RULE_NAMES[lang]]
        assert missing == [], (lang, missing)


def test_field_terms():
    """The project's terms (brief): Sprung/jump, Berserkerzug/berserk move, Kommandant/
    commander, Ritter/knight; a "restricted" king jump goes only from or to the throne or a
    corner."""
    de, en = RULE_NAMES["de"], RULE_NAMES["en"]
    assert "spring" in de["king_jump"].lower() and "jump" in en["king_jump"].lower()
    assert "Kommandant" in de["commander_jump"] and "ommander" in en["commander_jump"]
    assert "Kommandant" in de["commander_king_capture"] and "ommander" in en["commander_king_capture"]
    assert "Ritter" in de["knight_jump"] and "night" in en["knight_jump"]
    assert "Berserkerzug" in de["berserk"] and "erserk move" in en["berserk"]
    assert "Berserkerzug" in de["berserk_compulsory"] and "erserk move" in en["berserk_compulsory"]
    r_de = VALUE_NAMES["de"]["king_jump"]["restricted"]
    r_en = VALUE_NAMES["en"]["king_jump"]["restricted"]
    assert "Thron" in r_de and "Eck" in r_de
    assert "throne" in r_en and "corner" in r_en
    # the jump that captures says so, the plain one says it does not
    for key in ("commander_jump", "knight_jump"):
        assert "geschlagen" in VALUE_NAMES["de"][key]["capture"] and "captured" in VALUE_NAMES["en"][key]["capture"]
        assert "ohne" in VALUE_NAMES["de"][key]["jump"] and "without" in VALUE_NAMES["en"][key]["jump"]


def test_piece_kind_names():
    """Commander and knight have singular and plural names (diagram legend and caption)."""
    assert PIECE_NAMES["de"]["commander"] == ("Kommandant", "Kommandanten")
    assert PIECE_NAMES["de"]["knight"] == ("Ritter", "Ritter")
    assert PIECE_NAMES["en"]["commander"] == ("Commander", "Commanders")
    assert PIECE_NAMES["en"]["knight"] == ("Knight", "Knights")
    for lang in LANGS:
        for kind in ("commander", "knight"):
            assert UI[lang][kind] == PIECE_NAMES[lang][kind][0]
            assert UI[lang][kind + "s"] == PIECE_NAMES[lang][kind][1]


def _capture_reasons() -> list[str]:
    text = CONTRACTS.read_text(encoding="utf-8")
    base = re.search(r"Capture reasons \(`tafl_core\.reasons\.CaptureReason`\): (.*?)\. Result reasons", text, re.S).group(1)
    added = re.search(r"Capture reasons add (.*?);", text, re.S).group(1)
    return re.findall(r"`([a-z_]+)`", base) + re.findall(r"`([a-z_]+)`", added)


def test_every_capture_reason_has_a_name():
    from tafl_core.reasons import CaptureReason
    reasons = _capture_reasons()
    assert "jump" in reasons and "king_commanders" in reasons and "custodial" in reasons
    assert sorted(reasons) == sorted(str(r) for r in CaptureReason)
    for lang in LANGS:
        assert sorted(CAPTURE_REASON_NAMES[lang]) == sorted(reasons), lang
        assert all(CAPTURE_REASON_NAMES[lang].values()), lang
    assert "Kommandant" in CAPTURE_REASON_NAMES["de"]["king_commanders"]
    assert "ommander" in CAPTURE_REASON_NAMES["en"]["king_commanders"]
    assert "sprung" in CAPTURE_REASON_NAMES["de"]["jump"].lower()
    assert "jump" in CAPTURE_REASON_NAMES["en"]["jump"]


def test_pieces_row_with_a_long_digit_run_is_checked_in_linear_time(special_tree):
    """A cell of 9,000 digits (under the line limit) is reported, not scanned once per digit:
    the quadratic regex took over a second per language and kind on it."""
    import time

    special_tree.edit(DE, "12 Verteidiger (davon 1 Ritter)", "1" * 9000 + "x Verteidiger")
    start = time.perf_counter()
    faults = special_tree.new_faults()
    assert time.perf_counter() - start < 3
    line = special_tree.line_of(DE, "| Figurenverhältnis")
    assert f"{B}/de.md:{line}: facts 'Figurenverhältnis' does not state the number of Verteidiger (the layout has {DEFENDERS})" in faults
    assert f"{B}/de.md:{line}: facts 'Figurenverhältnis' does not state the number of Ritter (the layout has {KNIGHTS})" in faults
