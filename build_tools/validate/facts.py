"""Checks of the facts table (section 1): its rows (:data:`~build_tools.format.FACT_KEYS`), and
board, pieces, throne, escape, king armed and first mover agreeing with rules.toml and the
counted layout, in the words notes/source-format.md gives; a rule rules.toml marks assumed is marked so in
its cell (:data:`ASSUMPTION_MARKERS`). Every pattern here is linear in the cell's length."""

from __future__ import annotations

import re
from typing import Iterator

from build_tools.format import FACT_KEYS, LANGS, piece_word
from build_tools.sources import Page, Variant
from build_tools.validate.core import Context, Fault, fact_row, fault, pages_of, rule_of, show


#: Words that mark a facts cell as an assumption (notes/source-format.md): whole words or phrases only;
#: "offen"/"open" count only as "(offen)", "offen gelassen", "bleibt offen" / "(open)",
#: "left open", "open question" (not "open to debate").
ASSUMPTION_MARKERS = {
    "de": ["Annahme", "angenommen", "(offen)", "offen gelassen", "bleibt offen", "nicht ausdrücklich", "nicht erwähnt"],
    "en": ["assumed", "assumption", "(open)", "left open", "open question", "not stated", "not mentioned"],
}


_MARKER_RE = {
    "de": re.compile(r"(?i)\b(annahme\w*|angenommen|nicht\s+ausdrücklich|nicht\s+erwähnt|offen\s*gelassen|bleibt\s+offen)\b|\(\s*offen\s*\)"),
    "en": re.compile(r"(?i)\b(assumed|assumptions?|not\s+stated|not\s+mentioned|left\s+open|open\s+questions?)\b|\(\s*open\s*\)"),
}


def check_facts_keys(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Section 1 has a facts table with every row of the language (Herkunft…/Datierung…/
    Origin…/Date… matched by prefix)."""
    for page in pages_of(variant):
        s1 = page.section(1)
        if s1 is None:
            continue  # reported by check_sections
        if not page.facts:
            yield fault(variant, page.path, s1.line, "section 1 has no facts table")
            continue
        for role, key, prefix in FACT_KEYS[page.lang]:
            if fact_row(page, role) is None:
                shown = f"{key}…" if prefix else key
                yield fault(variant, page.path, page.facts_line, f"facts table has no row '{shown}'")


def check_facts_board(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The board row states the layout's size as N×N (its first N×N); a hex board as its side
    k×k (HeXentafl's "4×4", the cells along one edge of the hexagon)."""
    if variant.layout is None:
        return
    size = getattr(variant.layout.size, "side", variant.layout.size)
    for page in pages_of(variant):
        f = fact_row(page, "board")
        if f is None:
            continue
        # (?<!\d): a number starts where its digits start (linear on a long run of digits).
        m = re.search(r"(?<!\d)(\d+)\s*[×xX]\s*(\d+)", f.value)
        if not m:
            yield fault(variant, page.path, f.line, f"facts '{f.key}' does not state the board size as N×N (the layout is {size}×{size})")
        elif (int(m.group(1)), int(m.group(2))) != (size, size):
            yield fault(variant, page.path, f.line, f"facts '{f.key}' says {m.group(1)}×{m.group(2)}, the layout is {size}×{size}")


def _either(lang: str, kind: str) -> str:
    """A pattern for the singular or the plural of piece ``kind`` in ``lang`` (the longer first:
    ``(?:defenders|defender)``), from :func:`build_tools.format.piece_word`."""
    words = dict.fromkeys((piece_word(lang, kind, True), piece_word(lang, kind, False)))
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


#: Side totals and the king in a pieces row ("12 Verteidiger + König gegen 24 Angreifer").
_PIECE_WORDS = {lang: {"defender": _either(lang, "defender"), "attacker": _either(lang, "attacker"),
                       "king": re.escape(piece_word(lang, "king", False))} for lang in LANGS}
_PIECE_NAMES = {lang: {"defender": piece_word(lang, "defender", True), "attacker": piece_word(lang, "attacker", True),
                       "king": piece_word(lang, "king", False)} for lang in LANGS}


#: The special pieces of Berserk Hnefatafl in a pieces row: the number right before the name
#: ("davon 4 Kommandanten", "davon 1 Ritter"; "4 of them commanders", "1 of them the knight");
#: linear in the cell's length like the side totals' regex.
_OF_THEM = {"de": "", "en": r"(?:of\s+them\s+)?(?:the\s+)?"}
_SPECIAL_WORDS = {lang: {kind: rf"(?<!\d)(\d+)\s+{_OF_THEM[lang]}{_either(lang, kind)}\b"
                         for kind in ("commander", "knight")} for lang in LANGS}
_SPECIAL_NAMES = {lang: {kind: piece_word(lang, kind, True) for kind in ("commander", "knight")} for lang in LANGS}


#: Side of each special kind, as the side totals of the row name it (tafl_core SIDE_OF_KIND).
_SPECIAL_SIDE = {"commander": "attacker", "knight": "defender"}


#: Added to a wrong side total when that side has special pieces (they are part of the total).
_SIDE_HINT = {
    "commander": lambda n: " (the commander counts as an attacker)" if n == 1 else f" (the {n} commanders count as attackers)",
    "knight": lambda n: " (the knight counts as a defender)" if n == 1 else f" (the {n} knights count as defenders)",
}


def check_facts_pieces(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The pieces row ("24 Verteidiger + König gegen 48 Angreifer" / "24 defenders + king
    against 48 attackers") matches the counted layout.

    The numbers are whole sides without the king (``Position.side_counts()``): a commander
    counts as an attacker, a knight as a defender. A layout with special pieces (Berserk
    Hnefatafl) also needs their numbers, in digits, right before their names: "12 Verteidiger
    (davon 1 Ritter) + König gegen 24 Angreifer (davon 4 Kommandanten)" / "12 defenders (1 of
    them the knight) + king against 24 attackers (4 of them commanders)"; a special piece the
    layout lacks may not be given a number other than 0. Layouts without special pieces are
    checked as before (the names of commanders and knights are not looked for)."""
    if variant.layout is None:
        return
    counts = variant.layout.counts()
    sides = variant.layout.side_counts()
    totals = {"defender": sides["defenders"], "attacker": sides["attackers"]}
    special = {k: counts.get(k, 0) for k in _SPECIAL_SIDE}
    has_special = any(special.values())
    for page in pages_of(variant):
        f = fact_row(page, "pieces")
        if f is None:
            continue
        words, names = _PIECE_WORDS[page.lang], _PIECE_NAMES[page.lang]
        for kind in ("defender", "attacker"):
            # (?<!\d): a number starts where its digits start, so a long run of digits is
            # scanned once (linear), not once from each of its digits.
            m = re.search(rf"(?<!\d)(\d+)\s+{words[kind]}\b", f.value, re.IGNORECASE)
            if not m:
                yield fault(variant, page.path, f.line,
                             f"facts '{f.key}' does not state the number of {names[kind]} (the layout has {totals[kind]})")
            elif int(m.group(1)) != totals[kind]:
                hint = "".join(_SIDE_HINT[k](n) for k, n in special.items() if n and _SPECIAL_SIDE[k] == kind)
                yield fault(variant, page.path, f.line,
                             f"facts '{f.key}' says {m.group(1)} {names[kind]}, the layout has {totals[kind]}{hint}")
        if not re.search(rf"\b{words['king']}\b", f.value, re.IGNORECASE):
            yield fault(variant, page.path, f.line, f"facts '{f.key}' does not mention the {names['king']}")
        if not has_special:
            continue
        for kind, n in special.items():
            name = _SPECIAL_NAMES[page.lang][kind]
            m = re.search(_SPECIAL_WORDS[page.lang][kind], f.value, re.IGNORECASE)
            if n and not m:
                yield fault(variant, page.path, f.line,
                             f"facts '{f.key}' does not state the number of {name} (the layout has {n})")
            elif m and int(m.group(1)) != n:
                yield fault(variant, page.path, f.line,
                             f"facts '{f.key}' says {m.group(1)} {name}, the layout has {n or 'none'}")


_YES_NO = {"de": ({"ja"}, {"nein", "kein", "keiner", "keins"}, "Ja", "Nein"),
           "en": ({"yes"}, {"no", "none"}, "Yes", "No")}


def check_facts_throne(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The throne row begins with Ja/Nein (Yes/No), agreeing with ``throne`` in rules.toml."""
    rule = rule_of(variant, "throne")
    if rule is None:
        return
    value = rule[0]
    for page in pages_of(variant):
        f = fact_row(page, "throne")
        if f is None:
            continue
        yes, no, yes_word, no_word = _YES_NO[page.lang]
        m = re.match(r"^\W*(\w+)", f.value)
        word = m.group(1).lower() if m else ""
        said = True if word in yes else False if word in no else None
        if said is None:
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' must begin with {yes_word} or {no_word} (rules.toml has throne = {show(value)})")
        elif said != bool(value):
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' says {m.group(1)}, rules.toml has throne = {show(value)}")


_ESCAPE = {"de": (r"\bEck", r"\b(Brett)?[Rr]and|\bKante", "Eck…", "Rand…"),
           "en": (r"\bcorner", r"\bedge", "corner", "edge")}


def _check_first_mention(variant: Variant, key: str, role: str, words: dict, values: tuple[str, str]) -> Iterator[Fault]:
    """Shared check of a facts row that names one of two alternatives (first mention counts):
    ``words[lang]`` is (regex A, regex B, word A, word B), ``values`` the rules.toml values
    (value A, value B) of rule ``key``."""
    rule = rule_of(variant, key)
    if rule is None:
        return
    value = rule[0]
    for page in pages_of(variant):
        f = fact_row(page, role)
        if f is None:
            continue
        re_a, re_b, word_a, word_b = words[page.lang]
        a = re.search(re_a, f.value, re.IGNORECASE)
        b = re.search(re_b, f.value, re.IGNORECASE)
        if not a and not b:
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' names neither {word_a} nor {word_b} (rules.toml has {key} = {value})")
            continue
        said = values[0] if a and (not b or a.start() < b.start()) else values[1]
        if said != value:
            word = word_a if said == values[0] else word_b
            yield fault(variant, page.path, f.line, f"facts '{f.key}' says {word}, rules.toml has {key} = {value}")


#: The king_armed values under which the king is armed (the facts row says "armed").
_ARMED_VALUES = ("yes", "anvil", "hammer")
#: The values of each rule key the facts checks tell apart; tests/tafl_core/test_rule_table.py
#: ties them to tafl_core/ruletable.py, so that a new value fails there, naming this module.
FACT_VALUES = {"escape": ("corners", "edge"), "first_mover": ("attackers", "defenders"),
               "king_armed": ("no", *_ARMED_VALUES)}


def check_facts_escape(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The escape row names corner (Eck…) or edge (Rand…) as in ``escape`` (first mention)."""
    yield from _check_first_mention(variant, "escape", "escape", _ESCAPE, FACT_VALUES["escape"])


_ARMED = {
    "de": (r"\b(unbewaffnet|waffenlos|nicht\s+bewaffnet)\w*", r"\bbewaffnet\w*", r"\bambo(ss|ß)", r"\bhammer",
           "bewaffnet", "unbewaffnet", "Amboss", "Hammer"),
    "en": (r"\b(unarmed|not\s+armed)\b", r"\barmed\b", r"\banvil", r"\bhammer",
           "armed", "unarmed", "anvil", "hammer"),
}


def check_facts_king_armed(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The king row says armed (bewaffnet) or unarmed (unbewaffnet/waffenlos) as in
    ``king_armed``; anvil/hammer also name Amboss/Hammer (anvil/hammer). When both words occur,
    the one after the assumption marker (``Annahme: …`` / ``assumed: …``) counts."""
    rule = rule_of(variant, "king_armed")
    if rule is None:
        return
    value = rule[0]
    for page in pages_of(variant):
        f = fact_row(page, "king")
        if f is None:
            continue
        no_re, yes_re, anvil_re, hammer_re, yes_word, no_word, anvil_word, hammer_word = _ARMED[page.lang]
        cell = f.value
        masked = re.sub(no_re, lambda m: "#" * len(m.group(0)), cell, flags=re.IGNORECASE)
        no_hits = [m.start() for m in re.finditer(no_re, cell, re.IGNORECASE)]
        yes_hits = [m.start() for m in re.finditer(yes_re, masked, re.IGNORECASE)]
        if no_hits and yes_hits:
            marker = list(_MARKER_RE[page.lang].finditer(cell))
            after = marker[-1].end() if marker else None
            if after is not None:
                nxt = [(p, False) for p in no_hits if p >= after] + [(p, True) for p in yes_hits if p >= after]
                said = min(nxt)[1] if nxt else None
            else:
                said = None
            if said is None:
                yield fault(variant, page.path, f.line,
                             f"facts '{f.key}' says both {yes_word} and {no_word}; mark the board's choice as the assumption (rules.toml has king_armed = {value})")
                continue
        elif no_hits or yes_hits:
            said = bool(yes_hits)
        else:
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' says neither {yes_word} nor {no_word} (rules.toml has king_armed = {value})")
            continue
        armed = value in _ARMED_VALUES
        if said != armed:
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' says {yes_word if said else no_word}, rules.toml has king_armed = {value}")
        elif value == "anvil" and not re.search(anvil_re, cell, re.IGNORECASE):
            yield fault(variant, page.path, f.line, f"facts '{f.key}' does not say {anvil_word} (rules.toml has king_armed = anvil)")
        elif value == "hammer" and not re.search(hammer_re, cell, re.IGNORECASE):
            yield fault(variant, page.path, f.line, f"facts '{f.key}' does not say {hammer_word} (rules.toml has king_armed = hammer)")


_FIRST = {"de": (r"\bAngreifer", r"\bVerteidiger", "Angreifer", "Verteidiger"),
          "en": (r"\battackers?\b", r"\bdefenders?\b", "attackers", "defenders")}


def check_facts_first_mover(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """The first-move row names Angreifer/Verteidiger (attackers/defenders) as in
    ``first_mover`` (first mention)."""
    yield from _check_first_mention(variant, "first_mover", "first", _FIRST, FACT_VALUES["first_mover"])


_ASSUMABLE = [("throne", "throne"), ("escape", "escape"), ("king", "king_armed"), ("king", "king_capture"),
              ("first", "first_mover")]


def _role(page: Page, key: str) -> str | None:
    """The role of a facts row key (``"first"`` for "Erster Zug"), or None."""
    for role, name, prefix in FACT_KEYS[page.lang]:
        if (key.startswith(name) if prefix else key == name):
            return role
    return None


def check_facts_duplicate_rows(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Each facts row occurs once (two "Erster Zug" rows, or two "Herkunft…" rows, are a
    fault: the checks read the first and the page would show both)."""
    for page in pages_of(variant):
        first: dict[str, tuple[str, int]] = {}
        for f in page.facts:
            ident = _role(page, f.key) or f.key
            if ident in first:
                yield fault(variant, page.path, f.line,
                             f"duplicate facts row '{f.key}' (first at line {first[ident][1]})")
            else:
                first[ident] = (f.key, f.line)


def check_facts_assumptions(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """Where rules.toml marks throne, escape, king_armed, king_capture (the King row) or
    first_mover as assumed, the facts cell says so with a marker of :data:`ASSUMPTION_MARKERS`
    (whole words: "Annahme", "assumed", "(offen)", "left open", …; "not open to debate" is
    none) — it must not state as fact what its source leaves open."""
    for role, key in _ASSUMABLE:
        rule = rule_of(variant, key)
        if rule is None or not rule[1]:
            continue
        for page in pages_of(variant):
            f = fact_row(page, role)
            if f is None or _MARKER_RE[page.lang].search(f.value):
                continue
            words = ", ".join(ASSUMPTION_MARKERS[page.lang])
            yield fault(variant, page.path, f.line,
                         f"facts '{f.key}' states {key} as fact, but rules.toml:{rule[2]} marks it assumed; the cell must say so ({words})")
