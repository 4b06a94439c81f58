"""Notation (squares, moves, OpenTafl records) and the rules file loader: round trips, the
OpenTafl start strings from shared/reference/README.md (verbatim data from OpenTafl), and
errors that name the file and line."""

from __future__ import annotations

import pytest

from tafl_core.opentafl import to_opentafl
from tafl_core import (Move, NotationError, Position, PositionError, Ruleset, RulesFileError,
                       load_ruleset, parse_diagram, parse_square, square_name)

from .helpers import BASE_TOML, REPO, playable_rules_files

# OpenTafl's own start records (reference README, "OpenTafl rules strings"): first row = rank 1.
OPENTAFL_STARTS = {
    "copenhagen-hnefatafl": "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "fetlar-hnefatafl": "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "brandubh": "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "linnaeus-tablut": "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    "sea-battle": "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
}


@pytest.mark.parametrize("slug", sorted(OPENTAFL_STARTS))
def test_layout_equals_opentafl_start_record(slug):
    rs = load_ruleset(REPO / "variants_src" / slug)
    assert rs.layout.to_otn() == OPENTAFL_STARTS[slug]
    assert Position.from_otn(OPENTAFL_STARTS[slug]) == rs.layout


def test_squares():
    assert square_name(0, 9) == "a1" and square_name(80, 9) == "i9"
    assert parse_square("E5", 9) == 40
    for bad in ("", "e", "5e", "e0", "j1", "e10"):
        with pytest.raises(NotationError):
            parse_square(bad, 9)


def test_move_notation():
    m = Move.parse("e1-e5", 9)
    assert str(m) == "e1-e5" and Move.parse("e1e5", 9) == m
    assert Move.parse("e5-e8xe9/f8", 11) == Move(parse_square("e5", 11), parse_square("e8", 11), 11)
    with pytest.raises(NotationError):
        Move.parse("e1-", 9)


def test_diagram_with_and_without_labels():
    labelled = "7 . . . A . . .\n6 . . . A . . .\n5 . . . D . . .\n4 A A D K D A A\n3 . . . D . . .\n2 . . . A . . .\n1 . . . A . . .\n  A B C D E F G\n"
    bare = "\n".join(line[2:] for line in labelled.splitlines()[:-1])
    assert parse_diagram(labelled) == parse_diagram(bare)
    assert parse_diagram(labelled).to_otn() == OPENTAFL_STARTS["brandubh"]
    assert parse_diagram(parse_diagram(labelled).to_diagram()) == parse_diagram(labelled)


@pytest.mark.parametrize("text,line,msg", [
    ("7 . . .\n6 . . .\n", 1, "diagram has 2 rows"),
    ("\n".join(f"{r} . . . . . . ." for r in (7, 6, 5, 3, 2, 1, 0)), 4, "rank label 3 where 4 was expected"),
    ("\n".join(f"{r} . . . . . . ." for r in range(7, 0, -1)) + "\n  A B C D E F H", 8, "file letters"),
    ("\n".join(f"{r} . . . . . ." for r in range(7, 0, -1)), 1, "not square"),
])
def test_diagram_errors_name_the_line(text, line, msg):
    with pytest.raises(PositionError) as exc:
        parse_diagram(text, "x.txt", 1)
    assert exc.value.line == line and msg in exc.value.message and str(exc.value).startswith(f"x.txt:{line}:")


@pytest.mark.parametrize("record,msg", [
    ("3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "must look like"),
    ("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/", "unknown character 'x'"),
    ("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t4/", "row 7 has 8 squares"),
    ("/4/4/4/4/", "4 rows"),
    ("/" + "1" * 5000 + "/", "too long"),
])
def test_opentafl_record_errors(record, msg):
    with pytest.raises(PositionError) as exc:
        Position.from_otn(record)
    assert msg in exc.value.message


def test_ruleset_round_trip_all_variants():
    for path in playable_rules_files():
        rs = load_ruleset(path)
        again = Ruleset.from_toml(rs.to_toml())
        assert again.layout == rs.layout and again.name == rs.name
        assert {k: (r.value, r.assumed, r.ref, r.note, r.alternative) for k, r in again.rules.items()} == \
               {k: (r.value, r.assumed, r.ref, r.note, r.alternative) for k, r in rs.rules.items()}


def _line_of(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


@pytest.mark.parametrize("edit,needle,msg", [
    (lambda t: t.replace('[rules.escape]\nvalue = "corners"\nref = "4"\n', ""), None, "rule 'escape' is missing"),
    (lambda t: t.replace('[rules.escape]\nvalue = "corners"\nref = "4"', '[rules.escape]\nvalue = "corners"'), "[rules.escape]",
     "rule 'escape' is neither stated"),
    (lambda t: t.replace('[rules.escape]\nvalue = "corners"\nref = "4"', '[rules.escape]\nvalue = "corners"\nassumed = true'),
     "[rules.escape]", "assumed rule 'escape' needs note.de and note.en"),
    (lambda t: t + '\n[rules.berserker]\nvalue = true\nref = "5"\n', "[rules.berserker]", "unknown rule 'berserker'"),
    (lambda t: t.replace('value = "attackers"\nref = "5.1"', 'value = "white"\nref = "5.1"'), 'value = "white"',
     "'white' is not one of attackers, defenders"),                 # the line of the bad value
    (lambda t: t.replace("5 A A D D K D D A A", "5 A A D D K D D A K"), "5 A A D D K D D A K", "2 kings"),
    (lambda t: t.replace("5 A A D D K D D A A", "5 A A D D Q D D A A"), "5 A A D D Q D D A A", "unknown symbol 'Q' at e5"),
    (lambda t: t.replace("5 A A D D K D D A A", "5 A A D D . D D A A").replace("4 A . . . D . . . A", "4 A . . . K . . . A"),
     None, "a defender on e5"),
])
def test_rules_file_errors_name_file_and_line(edit, needle, msg):
    text = edit(BASE_TOML)
    if msg == "a defender on e5":
        text = text.replace("7 . . . . D . . . .", "7 . . . . . . . . .").replace("5 A A D D . D D A A", "5 A A D D D D D A A")
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text, "v/rules.toml")
    if msg == "a defender on e5":
        assert "the layout puts a defender on e5, a throne square it may not stand on" in exc.value.message
        return
    assert msg in exc.value.message
    if needle:
        assert exc.value.line == _line_of(text, needle)
        assert str(exc.value).startswith(f"v/rules.toml:{exc.value.line}: ")


def test_opentafl_export_for_copenhagen():
    """Where expressible, the ruleset exports as an OpenTafl rules record whose start and
    dimension match OpenTafl's own Copenhagen string."""
    rs = load_ruleset(REPO / "variants_src" / "copenhagen-hnefatafl")
    # Copenhagen's "defenders lose on repetition" has no OpenTafl key: not expressible.
    assert to_opentafl(rs) is None
    fetlar = REPO / "variants_src" / "fetlar-hnefatafl"
    rec = to_opentafl(load_ruleset(fetlar))
    fields = dict(part.split(":", 1) for part in rec.split())
    assert fields["dim"] == "11" and fields["atkf"] == "y" and fields["start"] == OPENTAFL_STARTS["fetlar-hnefatafl"]


def test_alternative_that_makes_the_layout_illegal_is_refused():
    """An assumption whose alternative would put the king off his throne square cannot be offered
    on the board: the loader names the rule and its line."""
    text = BASE_TOML.replace('[rules.throne_stop]\nvalue = ["king"]\nref = "5.3"',
                             '[rules.throne_stop]\nvalue = ["king"]\nassumed = true\nalternative = []\n'
                             'note.de = "Annahme."\nnote.en = "Assumption."')
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text, "v/rules.toml")
    assert "rule 'throne_stop': with its alternative the layout puts a king on e5" in exc.value.message
    assert exc.value.line == _line_of(text, "[rules.throne_stop]")


@pytest.mark.parametrize("text,msg", [('variant = "x"\n', "[variant] must be a table"),
                                      ('layout = 5\n[variant]\nname = "x"\n', "[layout] must be a table")])
def test_top_level_tables_must_be_tables(text, msg):
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text, "v/rules.toml")
    assert msg in exc.value.message and exc.value.line == 1


@pytest.mark.parametrize("edit,msg", [
    (lambda t: t.replace('[rules.throne]\nvalue = true', '[rules.throne]\nvalue = false'),
     "rule 'throne_stop' applies only when throne = true"),
    (lambda t: t.replace('[rules.escape]\nvalue = "corners"\nref = "4"', '[rules.escape]\nvalue = "corners"\nref = "4"\nnote.de = "x"\nnote.en = "y"'),
     "only assumed rules have a note"),
    (lambda t: t.replace('[rules.king_armed]\nvalue = "yes"\nref = "5.4"',
                         '[rules.king_armed]\nvalue = "yes"\nassumed = true\nalternative = "yes"\nnote.de = "x"\nnote.en = "y"'),
     "the alternative is the same as the value"),
])
def test_rules_that_do_not_apply_or_say_nothing_are_refused(edit, msg):
    """Reported by a new author: rules that cannot take effect were accepted silently."""
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(edit(BASE_TOML), "v/rules.toml")
    assert msg in exc.value.message


def test_even_board_has_no_throne():
    rows = ["8 . . . . . . . .", "7 . . . A . . . .", "6 . . . . . . . .", "5 . . . . K . . .",
            "4 . . . . . . . .", "3 . . . . . . . .", "2 . . . . . . . .", "1 . . . . . . . ."]
    text = BASE_TOML[:BASE_TOML.index('diagram = """')] + 'diagram = """\n' + "\n".join(rows) + '\n"""\n' + \
        BASE_TOML[BASE_TOML.index("[rules.first_mover]"):]
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text, "v/rules.toml")
    assert "the 8x8 board has no centre square for a throne" in exc.value.message


def test_misspelt_rule_gets_a_suggestion():
    from .helpers import BASE_TOML
    from tafl_core import Ruleset, RulesFileError
    text = BASE_TOML.replace("[rules.encirclement]", "[rules.encirclment]")
    with pytest.raises(RulesFileError, match=r"unknown rule 'encirclment' \(did you mean 'encirclement'\?\)"):
        Ruleset.from_toml(text, "v/rules.toml")


def test_the_old_key_edge_fort_is_refused_naming_exit_fort():
    """The rule key is exit_fort (the field's term); a rules file with the old key says so."""
    from .helpers import BASE_TOML
    with pytest.raises(RulesFileError, match=r"rule 'edge_fort' is now called 'exit_fort'") as exc:
        Ruleset.from_toml(BASE_TOML.replace("[rules.exit_fort]", "[rules.edge_fort]"), "x.toml")
    assert exc.value.line == BASE_TOML.splitlines().index("[rules.exit_fort]") + 1


def test_rank_labels_are_ascii_digits():
    """A rank label is a number in ASCII digits: "7 . . . A . . ." is rank 7 with its label, while
    Arabic-Indic "٧" (which Python's \\d and int() accept) is no label but a cell the diagram has one
    too many of."""
    rows = [". . . A . . ."] * 7
    labelled = "\n".join(f"{7 - i} {r}" for i, r in enumerate(rows))
    assert sorted(parse_diagram(labelled).pieces) == [f"d{k}" for k in range(1, 8)]
    arabic = "\n".join(f"{chr(0x660 + 7 - i)} {r}" for i, r in enumerate(rows))
    with pytest.raises(PositionError, match="rank 7 has 8 squares"):
        parse_diagram(arabic)


@pytest.mark.parametrize("value", ["3", "[\"a\"]", "true"])
def test_layout_origin_must_be_text(value):
    """`[layout] origin` says where the layout comes from, as text; a number or a list is a fault
    at its line (not turned into text)."""
    src = (REPO / "variants_src" / "brandubh" / "rules.toml").read_text(encoding="utf-8")
    lines = [l for l in src.splitlines() if not l.startswith("origin =")]
    at = next(i for i, l in enumerate(lines) if l.strip() == "[layout]")
    lines.insert(at + 1, f"origin = {value}")
    text = "\n".join(lines) + "\n"
    with pytest.raises(RulesFileError, match="origin must be text") as err:
        Ruleset.from_toml(text, "rules.toml")
    assert err.value.line == at + 2


def _names(rs, squares):
    from tafl_core import square_name
    return sorted(square_name(s, rs.size) for s in squares)


def test_escape_squares_are_the_corners_or_the_whole_edge():
    """notes/source-format.md "rules.toml": ``escape = "corners"`` - the king escapes on a corner square (the
    board's four corners when ``corners = "none"``); ``escape = "edge"`` - on any edge square."""
    from .helpers import ruleset
    corners = ruleset(escape="corners", corners="single")
    assert _names(corners, corners.escape_squares()) == ["a1", "a9", "i1", "i9"]
    assert _names(corners, ruleset(escape="corners", corners="none").escape_squares()) == ["a1", "a9", "i1", "i9"]
    two = ruleset(escape="corners", corners="2x2")
    assert len(two.escape_squares()) == 16 and "b2" in _names(two, two.escape_squares())
    edge = ruleset(escape="edge")
    assert len(edge.escape_squares()) == 4 * 8 and "e9" in _names(edge, edge.escape_squares())
    assert "e5" not in _names(edge, edge.escape_squares())


def test_the_engine_s_escape_table_is_the_ruleset_s_escape_squares():
    from tafl_core.tables import tables_for
    from .helpers import ruleset
    for rs in (ruleset(escape="edge"), ruleset(escape="corners", corners="none")):
        table = tables_for(rs).escape
        assert [s for s in range(rs.size ** 2) if table[s]] == rs.escape_squares()
