"""How OpenTafl's code reads a rules string (:func:`tafl_core.opentafl.reading` and
:func:`~tafl_core.opentafl.split_rules`), key by key, after OpenTafl v0.4.8.0b
``notation/RulesSerializer.java``: ``getRulesMap`` (split on spaces, then on ``:``; a bare key
is the empty value), the parse functions (``ks``: ``s``/``y`` strong, ``c`` strong at the
centre, ``m`` middleweight, ``w``/``n`` weak, anything else strong; ``ka``: ``y``, ``h``, ``a``,
``n``, anything else armed; jumps ``c``, ``j``, ``r``, anything else none; yes/no: only ``y`` is
yes), the defaults (``RulesSerializer.defaults``), the default corners (the four corners) and
centre (the middle square ``(dim - 1) / 2``), and ``corre`` read only beside ``cenre``."""

from __future__ import annotations

import pytest

from tafl_core.opentafl import DEFAULTS, OpenTaflRulesError, reading, split_rules

START9 = "start:/9/9/9/9/ttttKTTTT/9/9/9/9/"
BASE = "dim:9 name:x " + START9


def read(extra: str) -> dict:
    return reading(f"{BASE} {extra}".strip())


def test_split_rules_as_getrulesmap():
    assert split_rules("dim:9 a: b c:d:e c:f") == {"dim": "9", "a": "", "b": "", "c": "f"}
    assert split_rules("x:1:2") == {"x": "1"}


@pytest.mark.parametrize("letter,strength", [("s", "s"), ("y", "s"), ("c", "c"), ("m", "m"), ("w", "w"), ("n", "w"),
                                             ("q", "s"), ("", "s")])
def test_king_strength(letter, strength):
    assert read(f"ks:{letter}")["ks"] == strength
    assert read("")["ks"] == "s"


@pytest.mark.parametrize("letter,armed", [("y", "y"), ("h", "h"), ("a", "a"), ("n", "n"), ("z", "y")])
def test_king_armed(letter, armed):
    assert read(f"ka:{letter}")["ka"] == armed


@pytest.mark.parametrize("letter,jump", [("c", "c"), ("j", "j"), ("r", "r"), ("n", "n"), ("x", "n")])
def test_jumps(letter, jump):
    assert read(f"kj:{letter}")["kj"] == jump
    with_pieces = reading(f"dim:9 name:x cj:{letter} nj:{letter} start:/9/9/9/9/ttttKTTTT/9/9/4N4/4c4/")
    assert (with_pieces["cj"], with_pieces["nj"]) == (jump, jump)


def test_piece_jumps_only_for_pieces_on_the_board():
    r = read("cj:c nj:c")
    assert "cj" not in r and "nj" not in r
    r = reading("dim:9 name:x start:/9/9/9/9/ttttKTTTT/9/9/4N4/4c4/")
    assert (r["cj"], r["nj"]) == ("j", "c")        # OpenTafl's defaults cj:j, nj:c


@pytest.mark.parametrize("key", ["surf", "atkf", "efe", "linc"])
def test_yes_no_keys_are_yes_only_for_y(key):
    assert read(f"{key}:y")[key] is True
    assert read(f"{key}:n")[key] is False
    assert read(f"{key}:Y")[key] is False
    assert read("")[key] is (DEFAULTS[key] == "y")


def test_repetition_escape_berserk_shieldwall():
    assert [read(f"tfr:{x}")["tfr"] for x in "wldi"] == ["w", "l", "d", "d"]
    assert read("")["tfr"] == "d"
    assert [read(f"esc:{x}")["esc"] for x in "ceq"] == ["c", "e", "e"]
    assert [read(f"ber:{x}")["ber"] for x in "mcnq"] == ["m", "c", "n", "n"]
    assert [read(f"sw:{x}")["sw"] for x in "swnq"] == ["s", "w", "n", "n"]
    assert "swf" not in read("sw:n swf:y") and read("sw:s swf:n")["swf"] is False and read("sw:w")["swf"] is True
    assert read("spd:2")["spd"] == "2" and read("")["spd"] == "-1"
    assert read("afor:a1 dfor:")["forts"] == ("a1", "")


def test_default_corners_and_centre():
    r = read("")
    assert r["cor"] == {"a1", "a9", "i1", "i9"} and r["cen"] == {"e5"}
    r = reading("dim:8 name:x start:/8/8/8/3tK3/8/8/8/8/")
    assert r["cen"] == {"d4"}                       # (8 - 1) // 2 = 3: the square d4
    assert read("cor: cen:")["cor"] == frozenset() and "cen_h" not in read("cor: cen:")
    assert read("cor:b2,c3,")["cor"] == {"b2", "c3"}
    with pytest.raises(OpenTaflRulesError, match="not on the 9x9 board"):
        read("cor:z99")


def test_special_square_lists():
    """Stopping from elsewhere needs the stop and the re-entry letters; passing, the pass and
    the re-entry letters (a centre between squares); within a group of corners only the stop
    list counts; hostility is asked per side (t, T)."""
    r = read("cens:tT cenre:T cenp:tTK corre:tcnkmTCNKM")
    assert r["cen_stop"] == {"T"} and r["cen_pass"] == {"T"}
    r = read("cor:a1,a2,b1,b2, cors:tK corre:K cenre:tcnkmTCNKM")
    assert r["cor_stop"] == {"K"} and r["cor_within"] == {"t", "K"} and "cor_pass" in r
    assert "cor_within" not in read("") and "cor_pass" not in read("")
    r = read("cenh:tTK cenhe:T corh:K")
    assert (r["cen_h"], r["cen_he"], r["cor_h"]) == ({"t", "T"}, {"T"}, frozenset())


def test_corre_is_read_only_beside_cenre():
    assert read("cors:tK corre:K")["cor_stop"] == {"t", "K"}      # corre ignored without cenre
    assert read("cors:tK corre:K cenre:tTK")["cor_stop"] == {"K"}
    assert read("cors:tK cenre:tTK")["cor_stop"] == frozenset()   # cenre without corre: corre empty


@pytest.mark.parametrize("text,msg", [("name:x " + START9, "dim and start"), ("dim:9 name:x", "dim and start"),
                                      ("dim:x9 " + START9, "not a number")])
def test_strings_without_dim_or_start_are_refused(text, msg):
    with pytest.raises(OpenTaflRulesError, match=msg):
        reading(text)


def test_an_inverted_start_record_is_read_as_such():
    r = reading("dim:9 name:x starti:/9/9/9/9/ttttKTTTT/9/9/9/9/")
    assert r["starti"] is True and r["start"] == "/9/9/9/9/ttttKTTTT/9/9/9/9/"
    assert read("")["starti"] is False
