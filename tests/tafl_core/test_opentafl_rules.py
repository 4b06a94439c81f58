"""OpenTafl rules strings (tafl_core.opentafl): the site's rulesets written in OpenTafl's grammar,
read back as OpenTafl's code reads them, compared with the strings OpenTafl ships, and game
records exported by the site read again through their own rules tag."""

from __future__ import annotations

import random

import pytest

from tafl_core import Game, Move, load_ruleset
from tafl_core.opentafl import OpenTaflRulesError, opentafl_refusals, reading, ruleset_from_opentafl, split_rules, to_opentafl
from tafl_core.records import export_record, import_record

from .helpers import REPO

# OpenTafl's built-in rules strings (OpenTafl v0.4.8.0b, Variants.java / the rules classes'
# serialised strings; copied verbatim from shared/reference/README.md, "OpenTafl rules strings").
OPENTAFL_COPENHAGEN = ("dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y "
                       "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/")
OPENTAFL_BRANDUB = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
OPENTAFL_FETLAR = ("dim:11 name:Fetlar atkf:y nj:n cj:n "
                   "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/")
OPENTAFL_TABLUT = ("dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y "
                   "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")


def rules(slug):
    return load_ruleset(REPO / "variants_src" / slug)


def copenhagen_as_opentafl():
    """Copenhagen as OpenTafl plays it: the side that repeats a position a third time loses
    (OpenTafl's tfr:w), where the site follows the rules page (the defenders lose)."""
    return rules("copenhagen-hnefatafl").with_overrides({"repetition": "loss_repeater"})


def brandubh_as_opentafl():
    """Brandubh under OpenTafl's Brandub reading: the alternatives the variant's rules.toml
    names as OpenTafl's (a king taken on two sides, a centre hostile to no one, no encirclement
    win, repetition a draw)."""
    rs = rules("brandubh")
    alts = {}
    for key in ("king_capture", "throne_hostile_empty", "encirclement", "repetition"):
        alts.update(rs.rules[key].alternative_overrides())
    return rs.with_overrides(alts)


def without_name(read):
    return {k: v for k, v in read.items() if k != "name"}


@pytest.mark.parametrize("make,builtin", [(copenhagen_as_opentafl, OPENTAFL_COPENHAGEN),
                                          (brandubh_as_opentafl, OPENTAFL_BRANDUB)])
def test_export_equals_opentafl_builtin_string(make, builtin):
    ours = to_opentafl(make())
    assert ours is not None
    assert reading(ours) == reading(builtin)
    # Keys left out where OpenTafl's default says the same: the same keys OpenTafl writes.
    assert {k: v for k, v in split_rules(ours).items() if k != "name"} == \
           {k: v for k, v in split_rules(builtin).items() if k != "name"}


def test_throne_tags_are_piece_lists_opentafl_can_read():
    """cenre is a list of piece letters (OpenTafl fails on ``cenre:y``); every list key holds
    only OpenTafl's letters, and a string with cenre also carries corre (OpenTafl reads corre
    only when cenre is there, and as empty when it is missing)."""
    # Berserk under OpenTafl's reading: the berserk move goes on while the berserker can capture.
    berserk = rules("berserk-hnefatafl").with_overrides({"berserk_compulsory": True})
    for slug, rs in [(slug, rules(slug)) for slug in ("tablut-smith", "brandubh", "linnaeus-tablut", "coppergate-hnefatafl")] + \
            [("berserk-hnefatafl", berserk)]:
        text = to_opentafl(rs)
        assert text is not None, slug
        keys = split_rules(text)
        for key in ("cenre", "corre", "cenp", "cens", "cenh", "cenhe", "corp", "cors", "corh"):
            if key in keys:
                assert set(keys[key]) <= set("tcnkmTCNKM"), (slug, key, keys[key])
        if "cenre" in keys and keys.get("cor", "x"):
            assert "corre" in keys, slug


def test_repetition_reading():
    """tfr:w is 'the side that repeated loses' (OpenTafl checks after the turn has passed, and
    the side to move wins); tfr:l, the repeating side winning, is no rule of this engine;
    tfr:i is read by OpenTafl as a draw, so 'ignored' is not exported."""
    assert ruleset_from_opentafl(OPENTAFL_COPENHAGEN).value("repetition") == "loss_repeater"
    assert ruleset_from_opentafl(OPENTAFL_BRANDUB).value("repetition") == "draw"
    with pytest.raises(OpenTaflRulesError, match="tfr:l"):
        ruleset_from_opentafl(OPENTAFL_BRANDUB.replace("ks:w", "ks:w tfr:l"))
    assert reading(OPENTAFL_BRANDUB.replace("ks:w", "ks:w tfr:i"))["tfr"] == "d"
    assert rules("tawlbwrdd-bell").value("repetition") == "ignored"
    assert to_opentafl(rules("tawlbwrdd-bell")) is None


@pytest.mark.parametrize("make,builtin", [(copenhagen_as_opentafl, OPENTAFL_COPENHAGEN),
                                          (brandubh_as_opentafl, OPENTAFL_BRANDUB),
                                          (lambda: rules("fetlar-hnefatafl"), OPENTAFL_FETLAR)])
def test_builtin_string_reads_as_the_sites_ruleset(make, builtin):
    """OpenTafl's string read into a ruleset has every rule of the site's ruleset under
    OpenTafl's reading (lists compared as sets; corner_pass cannot arise on single corners)."""
    ours, theirs = make(), ruleset_from_opentafl(builtin)
    keys = set(ours.rules) | set(theirs.rules)
    for key in sorted(keys - {"custodial", "corner_pass"}):
        a, b = ours.value(key), theirs.value(key)
        if isinstance(a, tuple):
            a, b = set(a), set(b)
        assert a == b, key
    assert theirs.layout == ours.layout


def test_unplayable_strings_are_refused_with_the_key():
    with pytest.raises(OpenTaflRulesError, match="linc"):
        ruleset_from_opentafl(OPENTAFL_TABLUT)
    with pytest.raises(OpenTaflRulesError, match="dim"):
        ruleset_from_opentafl("name:x atkf:y")
    with pytest.raises(OpenTaflRulesError, match="spd"):
        ruleset_from_opentafl(OPENTAFL_BRANDUB.replace("ks:w", "ks:w spd:1"))
    with pytest.raises(OpenTaflRulesError, match="unknown rules key"):
        ruleset_from_opentafl(OPENTAFL_BRANDUB + " zz:1")
    with pytest.raises(OpenTaflRulesError, match="start"):
        ruleset_from_opentafl(OPENTAFL_BRANDUB.replace("/3t3/3t3/3T3/", "/3t3/3t3/3T2/"))


def random_game(rs, seed, plies=80):
    rng = random.Random(seed)
    g = Game(rs)
    for _ in range(plies):
        codes = g.move_codes()
        if not codes:
            break
        m = rng.choice(codes)
        g.play(Move(m >> 10, m & 1023, g.size))
    return g


@pytest.mark.parametrize("make", [copenhagen_as_opentafl, brandubh_as_opentafl, lambda: rules("brandubh"),
                                  lambda: rules("fetlar-hnefatafl")])
@pytest.mark.parametrize("seed", [3, 4])
def test_record_read_through_its_own_rules_tag_is_the_same_game(make, seed):
    """A record the site exports, read again under the ruleset its rules tag describes, replays
    to the same positions, moves and result."""
    rs = make()
    g = random_game(rs, seed)
    text = export_record(g)
    tag = next(line for line in text.splitlines() if line.startswith("[rules:"))[len("[rules:"):-1]
    again = import_record(ruleset_from_opentafl(tag), text.replace("[variant:", "[x-variant:"))
    assert [str(p.move) for p in again.moves_played] == [str(p.move) for p in g.moves_played]
    assert again.position() == g.position() and again.to_move == g.to_move
    assert (again.result.winner, again.result.reason) == (g.result.winner, g.result.reason) if g.result else again.result is None


def test_a_corner_hostile_only_while_empty_is_said_only_where_no_piece_but_the_king_stands_on_it():
    """OpenTafl's corner hostility (corh) has no "only while empty": where only the king may stand
    on a corner (and standing there he has escaped) the two readings play alike and the export
    says it; where another piece may stand there, the export is refused naming the key."""
    from .helpers import ruleset
    base = dict(repetition="draw", no_moves="loss", corner_hostile=[], corner_hostile_empty=["attacker", "defender", "king"])
    said = ruleset(**base, corner_stop=["king"])
    assert to_opentafl(said) is not None
    assert ruleset_from_opentafl(to_opentafl(said)).value("corner_hostile") == ("attacker", "defender", "king")
    refused = ruleset(**base, corner_stop=["defender", "king"])
    assert to_opentafl(refused) is None
    assert [key for key, _ in opentafl_refusals(refused)] == ["corner_hostile_empty"]
