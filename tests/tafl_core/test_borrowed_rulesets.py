"""Variant pages whose rules are, by their own text, another page's: their rules.toml repeats
those values (the board reads one file per variant), so each copy is tied here to its original.
Coppergate II plays "the rules of the Coppergate Hnefatafl page … with the same readings"; the
relaxed-shieldwall Copenhagen page keeps every rule of the Copenhagen page "apart from the
shieldwall", where OpenTafl's relaxed variant drops only the flanking condition
(``mStrictShieldwallRule = false``). Copenhagen on the Bell set-up ("Copenhagen Bell" in
aagenielsen.dk's chat) plays the Copenhagen rules unchanged on the start of the Bell tawlbwrdd
page. hnefatafl.org plays the Copenhagen rules on 13×13 with its own repetition rule."""

from __future__ import annotations

import pytest

from tafl_core import load_ruleset

from .helpers import REPO

#: (page, page whose rules it takes, the keys in which it differs by its own text).
BORROWED = [
    ("coppergate-ii", "coppergate-hnefatafl", set()),
    ("copenhagen-relaxed-shieldwall", "copenhagen-hnefatafl", {"shieldwall_flank"}),
    ("copenhagen-hnefatafl-bell", "copenhagen-hnefatafl", set()),
    # hnefatafl.org's rules page: the Copenhagen rules, the repetition rule replaced
    ("copenhagen-hnefatafl-13", "copenhagen-hnefatafl", {"repetition", "repetition_count"}),
]

#: (page, page whose start it takes): the same pieces on the same squares.
BORROWED_LAYOUTS = [
    ("copenhagen-hnefatafl-bell", "tawlbwrdd-bell"),
]


@pytest.mark.parametrize(("slug", "original", "own"), BORROWED, ids=[b[0] for b in BORROWED])
def test_borrowed_rules_equal_the_original(slug, original, own):
    """Same keys, values and assumptions (with their alternatives) as the original, except the
    keys the page itself says differ."""
    copy = load_ruleset(REPO / "variants_src" / slug)
    orig = load_ruleset(REPO / "variants_src" / original)
    assert set(copy.rules) == set(orig.rules)
    differing = {k for k in copy.rules
                 if (copy.value(k), copy.rules[k].assumed, copy.rules[k].alternative)
                 != (orig.value(k), orig.rules[k].assumed, orig.rules[k].alternative)}
    assert differing == own


def test_relaxed_shieldwall_drops_only_the_flanking_condition():
    """OpenTafl's relaxed variant: a shieldwall, closed by a corner too, without the flanking
    move; the Copenhagen page keeps the flanking move."""
    relaxed = load_ruleset(REPO / "variants_src" / "copenhagen-relaxed-shieldwall")
    assert relaxed.value("shieldwall") == "corner"
    assert relaxed.value("shieldwall_flank") is False


@pytest.mark.parametrize(("slug", "original"), BORROWED_LAYOUTS, ids=[b[0] for b in BORROWED_LAYOUTS])
def test_borrowed_layout_equals_the_original(slug, original):
    """The start is the original page's, square for square (OpenTafl's "Bell layout")."""
    copy = load_ruleset(REPO / "variants_src" / slug)
    orig = load_ruleset(REPO / "variants_src" / original)
    assert copy.layout.size == orig.layout.size
    assert copy.layout.pieces == orig.layout.pieces
