"""Every reason the engine gives on the board is shown in German on the German pages.

The engine (tafl_core) words its refusals in English; the board (docs/assets/board/board.js,
`engineText`) puts them into German with one pattern each. A pattern missing for a new reason
showed English on a German page (breaker round 2: Ard Rí's "a defender moves only one square at
a time"). This test asks the engine itself for its reasons: every move refusal from the start
position and from positions reached by seeded random play (berserk turns included) of every
variant with a board, and the refusals of the position checks the editor and links run; each
must come out of engineText(…, "de") changed and without English words.
"""

from __future__ import annotations

import random
import re

import pytest

from conftest import ROOT, variant_slugs

pytestmark = pytest.mark.browser

# Words of the engine's English that never appear in German text.
ENGLISH = re.compile(r"\b(the|may|is|are|not|only|must|move|piece|square|position|row|king|jump|captures?)\b")


def _move_reasons() -> set[str]:
    """Reasons of Game.why_illegal for moves along ranks and files (and one diagonal), from the
    start and from positions after seeded random play, for every variant with a board."""
    from tafl_core import Game, Move, load_ruleset
    reasons: set[str] = set()
    for slug in variant_slugs():
        rs = load_ruleset(ROOT / "variants_src" / slug)
        n = rs.size
        for seed in range(4):
            rng = random.Random(seed)
            g = Game(rs)
            for ply in range(40):
                if ply % 10 == 0 or g.berserker >= 0:
                    for frm in range(n * n):
                        r, f = divmod(frm, n)
                        targets = {r * n + x for x in range(n)} | {y * n + f for y in range(n)}
                        if r + 1 < n and f + 1 < n:
                            targets.add(frm + n + 1)
                        for to in targets:
                            why = g.why_illegal(Move(frm, to, n))
                            if why:
                                reasons.add(why)
                codes = g.move_codes()
                if g.result is not None or not codes:
                    break
                m = rng.choice(codes)
                g.play(Move(m >> 10, m & 1023, n))
            if g.result is not None:
                reasons.add(g.why_illegal(Move(0, 1, n)))
    return reasons


def _berserk_reasons() -> set[str]:
    """Refusals during and around berserk turns (Berserk Hnefatafl, §5.4 and the assumed
    readings), through tafl_core.bridge as the board plays them: all moves in a berserk turn,
    `end` where it is refused, and the king's restricted jump."""
    from tafl_core import Move
    from tafl_core.bridge import Session
    text = (ROOT / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    out: set[str] = set()

    def refusal(s, move):
        r = s.play(move)
        assert not r["ok"], f"{move} was meant to be refused"
        return re.sub(r"^(?:end|[a-y]\d{1,2}-[a-y]\d{1,2}): ", "", r["error"])

    # attackers c1 c4 f2 h2, defenders c3 e2, king h8: c1-c2 takes c3 and may go on (c2-d2 takes e2)
    two = "/2t8/4Tt1t3/2T8/2t8/11/11/11/7K3/11/11/11/"
    for overrides in ({}, {"berserk_compulsory": True}):
        s = Session(text, overrides)
        s.start(two, "attackers")
        assert s.play("c1-c2")["state"]["berserk"]["square"] == "c2"
        g, n = s.game, s.game.t.n
        for frm in range(n * n):
            for to in range(n * n):
                why = g.why_illegal(Move(frm, to, n))
                if why:
                    out.add(why)
        if overrides:
            out.add(refusal(s, "end"))
    s = Session(text)
    s.start(two, "attackers")
    out.add(refusal(s, "end"))                       # no berserk turn under way
    s = Session(text)
    s.start("/11/11/2K8/2t8/11/11/11/7t3/11/11/11/", "defenders")
    out.add(refusal(s, "c3-c5"))                     # the king jumps only from or to throne/corner
    return out


def _link_reasons() -> set[str]:
    """Refusals a share link can meet beyond the board's own syntax check (squares up to y25,
    position records up to the fragment's 4 KB): a square off the board, a record too long,
    and a game too long to replay (the bridge's bound), through tafl_core.bridge."""
    from tafl_core.bridge import MAX_MOVES, Session
    text = (ROOT / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    out: set[str] = set()
    s = Session(text)
    s.start()
    out.add(re.sub(r"^[a-y]\d{1,2}-[a-y]\d{1,2}: ", "", s.play("l1-l2")["error"]))
    try:
        Session(text).start("/" + ("10t" * 12 + "/") * 25, "attackers")
    except ValueError as exc:
        out.add(str(exc))
    else:
        raise AssertionError("a 925-character record was accepted")
    out.add(Session(text).play_all(["a1-a2"] * (MAX_MOVES + 1))["error"])
    return out


def _position_reasons() -> set[str]:
    """Refusals of tafl_core.bridge.check_position (the editor's "Play from here", a link's
    `pos=`) for positions that break each check."""
    from tafl_core.bridge import check_position
    eald = (ROOT / "variants_src" / "ealdfaeder-taefl" / "rules.toml").read_text(encoding="utf-8")
    bers = (ROOT / "variants_src" / "berserk-hnefatafl" / "rules.toml").read_text(encoding="utf-8")
    cases = [
        (eald, "/9/9/9/9/4T4/9/9/9/9/", "attackers"),        # no king
        (eald, "/9/9/9/9/3KTK3/9/9/9/9/", "attackers"),      # two kings
        (eald, "/t8/9/9/9/4K4/9/9/9/9/", "attackers"),       # an attacker on the corner a1
        (eald, "/9/9/9/9/4K4/9/9/9/8K/", "attackers"),       # two kings, one on a corner
        (eald, "/9/9/9/9/4c4/9/9/9/K8/", "attackers"),       # a commander (no rules for it)
        (eald, "/K8/9/9/9/9/9/9/9/9/", "defenders"),         # king on an escape square
        (eald, "/11/11/11/11/11/5K5/11/11/11/11/11/", "attackers"),  # 11x11 on a 9x9 board
        (eald, "/9/9/9/9/4K4/9/9/9/10/", "attackers"),       # a row too long
        (eald, "/9/9/9/9/4K4/9/9/9/09/", "attackers"),       # leading zero
        (bers, "/11/11/11/11/11/5K5/11/11/11/11/N10/", "attackers"),  # knight on the corner
        (eald, "/9/9/9/9/4t4/9/9/9/K8/", "attackers"),       # an attacker on the throne e5
        (eald, "/1K7/9/9/9/4N4/9/9/9/9/", "attackers"),      # a knight (no rules for it)
    ]
    out = set()
    for case in cases:
        why = check_position(*case)
        assert why, f"the engine accepted {case[1]} ({case[2]}); this case is meant to be refused"
        out.add(why)
    return out


def _shape(text: str) -> str:
    """A reason with its squares and numbers left out: reasons of one shape need one check."""
    return re.sub(r"\b[a-y]\d{1,2}\b|\d+", "#", text)


def test_every_engine_reason_is_german_on_german_pages(open_board):
    reasons = _move_reasons() | _berserk_reasons() | _link_reasons() | _position_reasons()
    by_shape: dict[str, list[str]] = {}
    for r in sorted(reasons):
        by_shape.setdefault(_shape(r), []).append(r)
    sample = [r for rs in by_shape.values() for r in rs[:3]]
    # the shapes this corpus must reach, so that the test cannot pass on an empty list
    for must in ("an? (attacker|defender) moves only one square at a time",
                 "the piece on # belongs to the", "the way from # to # is blocked at #",
                 "a berserk move must capture", "the position has no king", "the game is over",
                 "no berserk turn to end", "the berserk turn must go on",
                 "only from or to a restricted square", "is off the", "position record is too long",
                 "at most # moves"):
        assert any(re.search(must, s) for s in by_shape), f"no engine reason like {must!r} was produced"
    bp = open_board("ealdfaeder-taefl", "de")
    shown = bp.page.evaluate("""async (msgs) => {
        const url = document.querySelector('script[type=module][src*="board.js"]').src;
        const { engineText } = await import(url);
        return msgs.map((m) => engineText(m, "de"));
    }""", sample)
    untranslated = [(en, de) for en, de in zip(sample, shown) if de == en or ENGLISH.search(de)]
    assert not untranslated, "engine reasons shown in English on German pages:\n" + "\n".join(
        f"  {en!r} -> {de!r}" for en, de in untranslated)
    # and the English pages keep the engine's words
    en = bp.page.evaluate("""async (msgs) => {
        const url = document.querySelector('script[type=module][src*="board.js"]').src;
        const { engineText } = await import(url);
        return msgs.map((m) => engineText(m, "en"));
    }""", sample)
    assert en == sample
    # German grammar the patterns must get right (dative plural after "mit")
    knight = "these rules have no knights (e5): only a layout with a knight has rules for it"
    assert knight in sample
    assert shown[sample.index(knight)] == ("diese Regeln kennen keine Ritter (e5): nur eine Aufstellung "
                                            "mit Rittern hat Regeln für sie")
