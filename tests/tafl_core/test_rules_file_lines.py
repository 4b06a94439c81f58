"""The line a rules.toml fault names (README, "Writing a variant source": every fault names the
file and the line to change): a missing conditional rule names the rule it depends on, or the
first piece of the kind it governs in the diagram (its rank's line); a piece on a square it may
not stand on names its rank; a bad value or alternative names the ``value`` / ``alternative``
line inside its table."""

from __future__ import annotations

import pytest

from tafl_core import Ruleset, RulesFileError

from .helpers import BASE_TOML


def _line_of(text: str, needle: str, after: str | None = None) -> int:
    lines = text.splitlines()
    start = 0 if after is None else next(i for i, line in enumerate(lines) if after in line)
    return next(i for i in range(start, len(lines)) if needle in lines[i]) + 1


def _fault(text: str) -> RulesFileError:
    with pytest.raises(RulesFileError) as exc:
        Ruleset.from_toml(text, "v/rules.toml")
    return exc.value


def _without(text: str, key: str) -> str:
    """``text`` without the table ``[rules.<key>]`` (three lines: header, value, ref)."""
    lines = text.splitlines()
    i = lines.index(f"[rules.{key}]")
    return "\n".join(lines[:i] + lines[i + 3:]) + "\n"


@pytest.mark.parametrize("key,depends", [("throne_pass", "[rules.throne]"), ("corner_hostile", "[rules.corners]")])
def test_a_missing_special_square_rule_names_the_rule_it_depends_on(key, depends):
    text = _without(BASE_TOML, key)
    exc = _fault(text)
    assert f"rule '{key}' is missing" in exc.message and exc.line == _line_of(text, depends)


def test_a_missing_commander_rule_names_the_rank_of_the_top_commander():
    text = BASE_TOML.replace("8 . . . . A . . . .", "8 . . . . C . . . .").replace("2 . . . . A . . . .", "2 . . . . C . . . .")
    text += '\n[rules.commander_jump]\nvalue = "none"\nref = "5"\n'
    exc = _fault(text)
    assert "rule 'commander_king_capture' is missing" in exc.message
    assert exc.line == _line_of(text, "8 . . . . C . . . .")


def test_a_missing_berserk_rule_names_the_berserk_rule():
    text = BASE_TOML + '\n[rules.berserk]\nvalue = "capture"\nref = "5"\n'
    exc = _fault(text)
    assert "rule 'berserk_compulsory' is missing" in exc.message and exc.line == _line_of(text, "[rules.berserk]")


def test_a_missing_base_rule_names_no_line():
    exc = _fault(_without(BASE_TOML, "no_moves"))
    assert "rule 'no_moves' is missing" in exc.message and exc.line is None


def test_a_piece_on_the_throne_names_its_rank():
    text = BASE_TOML.replace("5 A A D D K D D A A", "5 A A D D D D D A A").replace("7 . . . . D . . . .", "7 . . . . K . . . .")
    exc = _fault(text)
    assert "a defender on e5" in exc.message and exc.line == _line_of(text, "5 A A D D D D D A A")


def test_a_bad_value_names_its_value_line_and_a_bad_alternative_its_alternative_line():
    text = BASE_TOML.replace('[rules.repetition]\nvalue = "ignored"\nref = "5.5"',
                             '[rules.repetition]\nref = "5.5"\n\nvalue = "often"')
    exc = _fault(text)
    assert "'often' is not one of" in exc.message and exc.line == _line_of(text, 'value = "often"')
    text = BASE_TOML.replace('[rules.repetition]\nvalue = "ignored"\nref = "5.5"',
                             '[rules.repetition]\nvalue = "ignored"\nassumed = true\nnote.de = "d"\nnote.en = "e"\n'
                             'alternative = "often"')
    exc = _fault(text)
    assert "alternative repetition" in exc.message and exc.line == _line_of(text, 'alternative = "often"')
