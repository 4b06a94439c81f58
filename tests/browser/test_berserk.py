"""Berserk Hnefatafl on the board in a real browser: commanders and knights, jumps and berserk
turns (notes/CONTRACTS.md, "Special pieces, jumps and berserk turns").

The expected values come from the variant's rules (variants_src/berserk-hnefatafl/rules.toml,
after Aage Nielsen's Berserk rules and the OpenTafl / AbstractPlay readings it marks as
assumed), not from the engine:

- 11×11, attackers move first (§5.1); the start layout is the rules file's diagram, with four
  commanders (C, attackers' side) and one knight (N, defenders' side);
- §5.4: a custodial capture takes an enemy piece between the moving piece and another of its
  side; the knight may jump over one adjacent ordinary enemy piece onto the empty square beyond
  and takes it (`knight_jump = "capture"`);
- berserk (assumed `berserk = "capture"`, `berserk_compulsory = false`): after a capturing move
  the same piece may move again, but only with a capturing move, and the player may end the turn
  instead; under the alternative `berserk_compulsory = true` the turn must go on while it can
  capture;
- `commander_king_capture = "custodial"` (assumed): a commander moving next to the king takes
  him against another commander, except on the throne (f6).
"""

from __future__ import annotations

import tomllib

import pytest

from conftest import ROOT, wait_idle

pytestmark = pytest.mark.browser

BERSERK = "berserk-hnefatafl"
COPENHAGEN = "copenhagen-hnefatafl"
FILES = "abcdefghijklmnopqrstuvwxy"
DIAGRAM_KIND = {"A": "attacker", "D": "defender", "K": "king", "C": "commander", "N": "knight"}
OTN_LETTER = {"attacker": "t", "defender": "T", "king": "K", "commander": "c", "knight": "N"}


def layout_from_rules(slug: str) -> dict[str, str]:
    """The start layout of a variant, read from its rules.toml diagram (top rank first, rank
    labels on the left, file letters in the last line)."""
    rules = tomllib.loads((ROOT / "variants_src" / slug / "rules.toml").read_text(encoding="utf-8"))
    out = {}
    for line in rules["layout"]["diagram"].strip().splitlines():
        cells = line.split()
        if not cells or not cells[0].isdigit():
            continue
        for f, c in enumerate(cells[1:]):
            if c in DIAGRAM_KIND:
                out[FILES[f] + cells[0]] = DIAGRAM_KIND[c]
    return out


def otn(pieces: dict[str, str], size: int = 11) -> str:
    """OpenTafl position record (first row = rank 1) of a {square: kind} map, written here
    independently of the board's own writer."""
    out = "/"
    for r in range(1, size + 1):
        run = 0
        for f in range(size):
            kind = pieces.get(FILES[f] + str(r))
            if not kind:
                run += 1
                continue
            out += (str(run) if run else "") + OTN_LETTER[kind]
            run = 0
        out += (str(run) if run else "") + "/"
    return out


START = layout_from_rules(BERSERK)

# Attackers c1 c4 f2 h2, defenders c3 e2, king h8; attackers to move. c1-c2 takes c3 between
# c2 and c4 (§5.4); from c2 the same piece can capture again: c2-d2 takes e2 between d2 and f2.
# That is the only capturing move from c2 (c3, b2, a2, c1 take nothing).
TWO_CAPTURES = {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                "c3": "defender", "e2": "defender", "h8": "king"}
TWO_CAPTURES_OTN = otn(TWO_CAPTURES)
AFTER_C2 = {k: v for k, v in TWO_CAPTURES.items() if k not in ("c1", "c3")} | {"c2": "attacker"}

# Knight e4, attackers e5, e7, b2, king h8; defenders to move. The knight jumps e4 over e5 to
# e6 and takes e5; from e6 it can capture again only by jumping e7 to e8.
KNIGHT = {"e4": "knight", "e5": "attacker", "e7": "attacker", "b2": "attacker", "h8": "king"}

# King d4 (not the throne), commanders d3 and a5, a defender on k10; a5-d5 brings the second
# commander next to the king: he is taken between the two commanders, the attackers win.
COMMANDERS = {"d4": "king", "d3": "commander", "a5": "commander", "k10": "defender"}


def notations(bp) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]',
                                        "els => els.map(e => e.dataset.notation)")


def continuations(bp) -> list[bool]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]',
                                        "els => els.map(e => e.hasAttribute('data-continuation'))")


def status(bp) -> str:
    return bp.page.eval_on_selector('#board [data-role="status"]', "e => e.hidden ? '' : e.textContent")


def captures(bp) -> list[tuple[str, str, str]]:
    return bp.page.eval_on_selector_all('#board [data-role="captures"] li',
                                        "els => els.map(e => [e.dataset.capture, e.dataset.reason, e.textContent])")


def end_button(bp) -> dict:
    return bp.page.eval_on_selector('#board [data-action="end"]',
                                    "e => ({hidden: e.hidden || e.hasAttribute('data-reserved'), disabled: e.disabled, text: e.textContent})")


def wait_targets(bp) -> list[str]:
    bp.page.wait_for_selector("#board [data-target]")
    return bp.targets()


def berserker_square(bp) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-square][data-berserker]', "els => els.map(e => e.dataset.square)")


def selected(bp) -> list[str]:
    return bp.page.eval_on_selector_all("#board .tb-sq.tb-selected", "els => els.map(e => e.dataset.square)")


def live(bp) -> str:
    return bp.page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")


def drag(bp, frm: str, to: str):
    """Drag the piece on `frm` to `to` with the mouse (pointer down, move, up)."""
    page = bp.page
    page.locator("#board svg.tb-svg").scroll_into_view_if_needed()
    a = bp.square(frm).bounding_box()
    b = bp.square(to).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"], a["y"] + a["height"] / 2, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=5)
    page.mouse.up()
    wait_idle(page)


def future(bp) -> list[dict]:
    """The move list's entries for moves taken back (Redo replays them)."""
    return bp.page.eval_on_selector_all(
        '#board [data-role="move-list"] li[data-future]',
        """els => els.map(e => ({notation: e.dataset.notation, value: e.value,
                                  continuation: e.hasAttribute('data-continuation'),
                                  grey: getComputedStyle(e).color !== getComputedStyle(e.parentElement).color
                                        && getComputedStyle(e).fontStyle === 'italic'}))""")


def marks_key(bp) -> list[str]:
    return bp.page.eval_on_selector(
        '#board [data-role="move-marks"]', "e => e.hidden ? [] : [...e.children].map(li => li.textContent)")


def _fresh(bp):
    if bp.page.get_attribute("#board", "data-mode") == "edit":
        bp.page.click('#board [data-editor="cancel"]')
    bp.start()
    bp.page.evaluate("() => window.scrollTo(0, 0)")


@pytest.fixture(params=["de", "en"])
def berserk_any(request, open_board):
    bp = open_board(BERSERK, request.param)
    _fresh(bp)
    yield bp
    _fresh(bp)  # test_board.py's every-page test expects the start position on these pages


@pytest.fixture
def berserk(open_board):
    bp = open_board(BERSERK, "de")
    _fresh(bp)
    yield bp
    _fresh(bp)


@pytest.fixture
def berserk_en(open_board):
    bp = open_board(BERSERK, "en")
    _fresh(bp)
    yield bp
    _fresh(bp)


# ---------------------------------------------------------------- start, pieces

def test_start_layout_and_first_move(berserk_any):
    """The Berserk board is ready in both languages, shows the rules file's layout with its four
    commanders and one knight, and plays a first move: the attackers begin (§5.1); d1 moves up
    file d over the empty d2–d5 (d6 is a defender) or left to c1, b1 (a1 is a corner, §5.3)."""
    bp = berserk_any
    assert bp.attr("data-state") == "ready"
    assert sum(k == "commander" for k in START.values()) == 4
    assert [sq for sq, k in START.items() if k == "knight"] == ["e7"]
    assert bp.pieces() == START
    # distinct marks, the same kinds as the static diagram draws
    marks = bp.page.eval_on_selector_all(
        "#board .tb-pieces [data-piece]",
        "els => els.map(e => [e.dataset.piece, !!e.querySelector('.tb-commander-ring'), !!e.querySelector('.tb-knight-diamond')])")
    for kind, ring, diamond in marks:
        assert ring == (kind == "commander") and diamond == (kind == "knight")
    assert bp.attr("data-to-move") == "attackers"
    assert bp.select("d1") == ["b1", "c1", "d2", "d3", "d4", "d5"]
    bp.click("d3")
    wait_idle(bp.page)
    assert bp.pieces() == {k: v for k, v in START.items() if k != "d1"} | {"d3": "attacker"}
    assert bp.attr("data-to-move") == "defenders"
    assert notations(bp) == ["d1-d3"]
    lang = bp.attr("data-lang")
    assert status(bp) == ("Verteidiger am Zug" if lang == "de" else "Defenders to move")
    assert end_button(bp)["hidden"]
    assert bp.errors == []


def test_keyboard_names_commander_and_knight(berserk_any):
    """Moving the keyboard focus onto a commander (f2) and onto the knight (e7) names them."""
    bp = berserk_any
    page = bp.page
    page.focus("#board svg.tb-svg")
    for _ in range(10):
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")    # a1
    for _ in range(5):
        page.keyboard.press("ArrowRight")   # f1
    page.keyboard.press("ArrowUp")          # f2
    live = lambda: page.eval_on_selector('#board [aria-live="polite"]', "e => e.textContent")
    de = bp.attr("data-lang") == "de"
    # (the English page names kinds as the site does, with a capital: "Commander")
    norm = lambda t: t if de else t.lower()
    assert norm(live()) == ("f2: Kommandant" if de else "f2: commander")
    for _ in range(5):
        page.keyboard.press("ArrowUp")      # f7
    page.keyboard.press("ArrowLeft")        # e7
    assert norm(live()) == ("e7: Ritter" if de else "e7: knight")


# ---------------------------------------------------------------- berserk turns

def test_berserk_link_shows_end_button_and_end_passes_the_turn(berserk):
    """A link whose move c1-c2 captures: the attackers stay to move with only c2 (which can
    capture again); the status says so, the End button is offered, c2 is marked and selected
    with its one capturing move d2; another piece cannot move; End passes the turn to the
    defenders and e2 stays on the board."""
    bp = berserk
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    assert bp.message() == ""
    assert bp.pieces() == AFTER_C2
    assert bp.attr("data-to-move") == "attackers"
    assert bp.attr("data-berserker") == "c2"
    assert berserker_square(bp) == ["c2"]
    assert "Berserkerzug: nur die Figur auf c2 zieht weiter und muss schlagen" in status(bp)
    assert end_button(bp) == {"hidden": False, "disabled": False, "text": "Zug beenden"}
    assert wait_targets(bp) == ["d2"]
    assert captures(bp)[0][:2] == ["c3", "custodial"]
    # another attacker: only c2 moves on
    bp.click("f2")
    assert "nur die Figur auf c2" in bp.message()
    assert bp.pieces() == AFTER_C2
    assert bp.attr("data-to-move") == "attackers"
    # a move of the berserker that captures nothing (dragged there: a click is answered by the
    # board itself, see test_click_on_the_berserker_keeps_it_selected) is refused with the
    # engine's reason
    drag(bp, "c2", "b2")
    assert bp.message() == "Der Zug c2-b2 ist nicht erlaubt: c2-b2 schlägt nichts; ein Berserkerzug muss schlagen."
    assert bp.pieces() == AFTER_C2
    bp.action("end")
    assert bp.attr("data-to-move") == "defenders"
    assert bp.attr("data-berserker") is None and berserker_square(bp) == []
    assert end_button(bp)["hidden"]
    assert bp.pieces() == AFTER_C2          # e2 was not taken
    assert notations(bp) == ["c1-c2xc3", "end"]
    assert continuations(bp) == [False, True]
    assert status(bp) == "Verteidiger am Zug"
    # "end" moves no piece: c1 and c2 of the turn stay marked as the last move
    assert sorted(bp.page.eval_on_selector_all("#board .tb-last", "els => els.map(e => e.dataset.square)")) == ["c1", "c2"]
    bp.action("share")
    link = bp.page.input_value('#board [data-role="share-link"]')
    assert "moves=c1-c2,end" in link and "turn=attackers" in link
    assert bp.errors == []


def test_berserk_second_capture_ends_the_turn(berserk_en):
    """English: the berserker's capturing move c2-d2 takes e2 between d2 and f2; d2 can take
    nothing more, so the turn passes to the defenders by itself. The move list shows OpenTafl's
    berserk notation, marked as the turn's continuation; the captures of the whole turn are
    listed and marked."""
    bp = berserk_en
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    assert "Berserk move: only the piece on c2 moves on, and it must capture" in status(bp)
    assert end_button(bp)["text"] == "End turn"
    assert wait_targets(bp) == ["d2"]
    bp.click("d2")
    wait_idle(bp.page)
    assert bp.pieces() == {"c4": "attacker", "d2": "attacker", "f2": "attacker", "h2": "attacker", "h8": "king"}
    assert bp.attr("data-to-move") == "defenders"
    assert bp.attr("data-berserker") is None
    assert notations(bp) == ["c1-c2xc3", "c2=d2xe2"]
    assert continuations(bp) == [False, True]
    assert [c[:2] for c in captures(bp)] == [["c3", "custodial"], ["e2", "custodial"]]
    assert captures(bp)[1][2].startswith("Defender on e2 taken between d2 and f2")
    marks = sorted(bp.page.eval_on_selector_all("#board [data-captured]", "els => els.map(e => e.dataset.captured)"))
    assert marks == ["c3", "e2"]
    # the turn ended by itself (no further capture from d2): said visibly, and in whole sentences
    assert status(bp) == "The berserk turn is over: the piece on d2 cannot capture again. Defenders to move"
    assert live(bp) == ("Attackers: c2=d2xe2. Defender on e2 taken between d2 and f2. "
                        "The berserk turn is over: the piece on d2 cannot capture again. Defenders to move.")
    # OpenTafl's "=" is explained: on the move itself and in the key under the list
    berserk_li = bp.page.locator('#board [data-role="move-list"] li[data-notation="c2=d2xe2"]')
    assert "= berserk move: the same piece moves on after a capture" in berserk_li.get_attribute("title")
    assert marks_key(bp) == ["x captures (followed by the square of the piece taken)",
                             "= berserk move: the same piece moves on after a capture"]
    # one turn, one number: both plies are item 1 of the list
    assert bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.value)") == [1, 1]
    bp.action("undo")
    assert bp.attr("data-berserker") == "c2" and bp.attr("data-to-move") == "attackers"
    # the move taken back stays in the list, greyed, as the rest of turn 1 that Redo replays
    assert future(bp) == [{"notation": "c2=d2xe2", "value": 1, "continuation": True, "grey": True}]
    assert "Berserk move" in status(bp)
    bp.action("redo")
    assert future(bp) == [] and notations(bp) == ["c1-c2xc3", "c2=d2xe2"]
    assert bp.errors == []


def test_link_with_end_replays(berserk):
    """`end` in a link's move list ends the berserk turn; the defenders then move (e2-e3)."""
    bp = berserk
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2,end,e2-e3")
    assert bp.message() == ""
    assert notations(bp) == ["c1-c2xc3", "end", "e2-e3"]
    assert continuations(bp) == [False, True, False]
    assert bp.attr("data-to-move") == "attackers"
    assert bp.pieces() == {k: v for k, v in AFTER_C2.items() if k != "e2"} | {"e3": "defender"}
    bp.action("undo")
    assert bp.attr("data-to-move") == "defenders" and bp.attr("data-berserker") is None


def test_compulsory_berserk_turn(berserk):
    """Under the alternative `berserk_compulsory = true` the turn goes on while the piece can
    capture: End is shown but disabled, and a link that ends the turn is refused with the
    engine's reason, in German."""
    bp = berserk
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2&alt=berserk_compulsory")
    assert bp.attr("data-berserker") == "c2"
    assert end_button(bp) == {"hidden": False, "disabled": True, "text": "Zug beenden"}
    assert "der Zug muss weitergehen" in status(bp)
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2,end&alt=berserk_compulsory")
    msg = bp.message()
    # `end` belongs to turn 1 (c1-c2xc3 and its continuation are one turn, §5: numbered as
    # the move list numbers turns), not "move 2" of the link's list
    assert msg.startswith("Der Link enthält keine gültige Partie (Zug 1 (end) ist nicht erlaubt")
    assert "der Berserkerzug muss weitergehen: die Figur auf c2 kann noch schlagen" in msg
    assert bp.pieces() == START


@pytest.mark.parametrize("fragment", [
    "#moves=end",                   # no berserk turn to end
    "#moves=d1-d3,ende",
    "#moves=end,end,end,end," + "end," * 600,
    "#moves=END",
])
def test_broken_end_links(berserk, fragment):
    bp = berserk
    bp.load(fragment)
    assert bp.message().startswith("Der Link enthält keine gültige Partie")
    assert bp.pieces() == START and bp.moves() == []


# ---------------------------------------------------------------- jumps, commanders

def test_knight_jump_captures(berserk):
    """§5.4: the knight on e4 jumps over the attacker e5 onto e6 and takes it; the captures
    panel names the jump and its rule section. The knight may go on (berserk): its only capture
    is the jump over e7 to e8; after it the attackers move."""
    bp = berserk
    bp.load(f"#pos={otn(KNIGHT)}&turn=defenders")
    assert bp.pieces() == KNIGHT
    targets = bp.select("e4")
    assert "e6" in targets and "e5" not in targets and "e7" not in targets
    bp.click("e6")
    wait_idle(bp.page)
    assert bp.pieces() == {"e6": "knight", "e7": "attacker", "b2": "attacker", "h8": "king"}
    caps = captures(bp)
    assert [c[:2] for c in caps] == [["e5", "jump"]]
    assert caps[0][2] == "Angreifer auf e5 geschlagen durch den Sprung des Ritters, §5.4"
    assert bp.attr("data-to-move") == "defenders" and bp.attr("data-berserker") == "e6"
    assert wait_targets(bp) == ["e8"]
    # the announcement names the capture and the berserk turn (selecting e6 does not replace it)
    said = live(bp)
    assert said.startswith("Verteidiger: e4^e6xe5. Angreifer auf e5 geschlagen durch den Sprung des Ritters. ")
    assert "Berserkerzug: nur die Figur auf e6 zieht weiter und muss schlagen" in said
    bp.click("e8")
    wait_idle(bp.page)
    assert bp.pieces() == {"e8": "knight", "b2": "attacker", "h8": "king"}
    assert bp.attr("data-to-move") == "attackers"
    assert notations(bp) == ["e4^e6xe5", "e6^=e8xe7"]
    assert [c[2] for c in captures(bp)] == ["Angreifer auf e5 geschlagen durch den Sprung des Ritters, §5.4",
                                           "Angreifer auf e7 geschlagen durch den Sprung des Ritters, §5.4"]
    # From e8 the knight can take nothing more (b2 is far, no attacker beside it): the turn ended
    # by itself, and the board says so visibly, not only "Angreifer am Zug".
    assert status(bp) == "Der Berserkerzug ist vorbei: Die Figur auf e8 kann nicht weiter schlagen. Angreifer am Zug"
    # the announcement: whole sentences, each with its full stop (it read "… des Ritters Angreifer am Zug.")
    assert live(bp) == ("Verteidiger: e6^=e8xe7. Angreifer auf e7 geschlagen durch den Sprung des Ritters. "
                        "Der Berserkerzug ist vorbei: Die Figur auf e8 kann nicht weiter schlagen. Angreifer am Zug.")


def test_commanders_capture_the_king(berserk_en):
    """A commander moving next to the king off the throne takes him against another commander:
    the attackers win; the captures panel says how."""
    bp = berserk_en
    bp.load(f"#pos={otn(COMMANDERS)}&turn=attackers")
    bp.move("a5", "d5")
    assert bp.attr("data-result") == "attackers" and bp.attr("data-reason") == "king_captured"
    (sq, reason, text), = captures(bp)
    assert (sq, reason) == ("d4", "king_commanders")
    assert text.startswith("King on d4 captured between the commander on d5 and the commander on d3")


# ---------------------------------------------------------------- editor

def test_editor_offers_commander_and_knight_on_berserk_only(berserk, open_board):
    """The editor has commander and knight tools where the layout has them (Berserk), not on
    Copenhagen; a set-up position with a commander and the knight is played, and its link
    carries their OpenTafl letters."""
    bp = berserk
    page = bp.page
    tools = lambda p: p.eval_on_selector_all("#board [data-tool]", "els => els.map(e => e.dataset.tool)")
    assert tools(page) == ["attacker", "defender", "king", "commander", "knight", "remove"]
    bp.action("edit")
    page.click('#board [data-editor="clear"]')
    for tool, sq in (("king", "h8"), ("commander", "c1"), ("knight", "e4"), ("attacker", "e5")):
        page.check(f'#board [data-tool="{tool}"]')
        bp.click(sq)
    page.check('#board [data-editor-turn="defenders"]')
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert bp.message() == ""
    assert bp.attr("data-mode") == "play"
    assert bp.pieces() == {"h8": "king", "c1": "commander", "e4": "knight", "e5": "attacker"}
    bp.action("share")
    link = page.input_value('#board [data-role="share-link"]')
    assert "pos=/2c8/11/11/4N6/4t6/11/11/7K3/11/11/11/" in link and "turn=defenders" in link

    cph = open_board(COPENHAGEN, "de")
    assert tools(cph.page) == ["attacker", "defender", "king", "remove"]
    # a commander in a Copenhagen link: the engine has no rules for it, said in German
    cph.load("#pos=/2c8/11/11/11/11/7K3/11/11/11/11/11/&turn=attackers")
    assert "diese Regeln kennen keine Kommandanten (c1)" in cph.message()
    cph.start()


# ---------------------------------------------------------------- what the board says in a berserk turn

BERSERK_MARKED = {
    "de": "In diesem Berserkerzug sind nur die markierten Felder möglich: Die Figur auf c2 zieht nur "
          "weiter, wenn sie dabei schlägt. Sonst „Zug beenden“.",
    "en": "In this berserk turn only the marked squares are possible: the piece on c2 moves on only "
          "with a move that captures. Otherwise “End turn”.",
}


def test_click_on_the_berserker_keeps_it_selected(berserk_any):
    """In the berserk turn after c1-c2xc3 the berserker c2 is selected with its one capturing
    move d2. Clicking c2 again (once, twice) must not unselect it: the turn looked stuck, as a
    click on d2 then did nothing. An empty square that is no target (b2: c2-b2 takes nothing;
    a5: not even on c2's lines) says, in the page's language, that only the marked squares are
    possible and why; Escape keeps the selection too. Then d2 plays c2-d2xe2."""
    bp = berserk_any
    lang = bp.attr("data-lang")
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    assert wait_targets(bp) == ["d2"] and selected(bp) == ["c2"]
    for _ in range(2):
        bp.click("c2")
        wait_idle(bp.page)
        assert selected(bp) == ["c2"]
        assert wait_targets(bp) == ["d2"]
    assert bp.message() == ""
    for sq in ("b2", "a5"):
        bp.click(sq)
        bp.page.wait_for_selector('#board [data-role="message"]:not([hidden])')
        wait_idle(bp.page)
        assert bp.message() == BERSERK_MARKED[lang]
        assert live(bp) == BERSERK_MARKED[lang]
        assert bp.pieces() == AFTER_C2 and notations(bp) == ["c1-c2xc3"]
        assert selected(bp) == ["c2"] and bp.targets() == ["d2"]
    bp.page.focus("#board svg.tb-svg")
    bp.page.keyboard.press("Escape")
    wait_targets(bp)
    assert selected(bp) == ["c2"]
    bp.click("d2")
    wait_idle(bp.page)
    assert notations(bp) == ["c1-c2xc3", "c2=d2xe2"]
    assert bp.pieces() == {"c4": "attacker", "d2": "attacker", "f2": "attacker", "h2": "attacker", "h8": "king"}
    assert bp.message() == ""
    assert bp.errors == []


def test_click_on_the_berserker_after_escape_and_a_target_plays(berserk):
    """Even with nothing selected (the reader pressed Escape, the board selected the berserker
    again), a click straight on a target of the berserker plays it."""
    bp = berserk
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    wait_targets(bp)
    bp.page.evaluate("() => { const b = document.querySelector('#board').tbBoard; b.clearSelection(); b.render(); }")
    assert selected(bp) == []
    bp.click("d2")
    wait_idle(bp.page)
    assert notations(bp) == ["c1-c2xc3", "c2=d2xe2"]


# Commander b6, defender b7 (b8 empty), king h4, attacker c3 (so the attackers keep a piece
# of their own kind); attackers to move. commander_jump = "jump" (§5.4): b6 jumps over b7 onto
# b8 and takes nothing (b6 is empty afterwards, so no custodial capture either).
COMMANDER_JUMP = {"b6": "commander", "b7": "defender", "h4": "king", "c3": "attacker"}


@pytest.mark.parametrize("lang,line,key", [
    ("de", "b6 sprang über b7 (ohne zu schlagen), §5.4", "^ Sprung über eine feindliche Figur"),
    ("en", "b6 jumped over b7 (no capture), §5.4", "^ jump over an enemy piece"),
])
def test_jump_without_capture_is_explained(open_board, lang, line, key):
    """A jump that takes nothing is explained in the panel with the § of the jump rule
    (berserk-hnefatafl rules.toml: commander_jump, ref 5.4; the link leads to section 5.4), and
    the move list's "^" is explained on the move and in a key under the list."""
    bp = open_board(BERSERK, lang)
    try:
        bp.load(f"#pos={otn(COMMANDER_JUMP)}&turn=attackers")
        assert "b8" in bp.select("b6")
        bp.click("b8")
        wait_idle(bp.page)
        assert bp.pieces() == {"b8": "commander", "b7": "defender", "h4": "king", "c3": "attacker"}
        assert notations(bp) == ["b6^b8"]
        assert bp.attr("data-to-move") == "defenders"     # no capture: no berserk turn
        lines = bp.page.eval_on_selector_all('#board [data-role="captures"] li',
                                             "els => els.map(e => [e.dataset.jump, e.textContent])")
        assert lines == [["b7", line]]
        assert bp.page.get_attribute('#board [data-role="captures"] li[data-jump] a', "href") == "#sec-5-4"
        title = bp.page.get_attribute('#board [data-role="move-list"] li[data-notation="b6^b8"]', "title")
        assert key in title
        assert marks_key(bp) == [key]
        assert line.split(",")[0] in live(bp)
    finally:
        _fresh(bp)


# Commander f10 between a defender on e10 and g10, where the defender from g1 arrives (file g
# empty between them); king h4, attacker c3; defenders to move. §5.4: the commander (an attacker
# in capture rules) is taken between g10 and e10.
COMMANDER_TAKEN = {"f10": "commander", "e10": "defender", "g1": "defender", "h4": "king", "c3": "attacker"}


@pytest.mark.parametrize("lang,start", [
    ("de", "Kommandant auf f10 geschlagen zwischen g10 und e10"),
    ("en", "Commander on f10 taken between g10 and e10"),
])
def test_capture_line_names_the_kind_taken(open_board, lang, start):
    bp = open_board(BERSERK, lang)
    try:
        bp.load(f"#pos={otn(COMMANDER_TAKEN)}&turn=defenders")
        bp.move("g1", "g10")
        assert "f10" not in bp.pieces()
        (sq, reason, text), = captures(bp)
        assert (sq, reason) == ("f10", "custodial")
        assert text.startswith(start)
    finally:
        _fresh(bp)


def test_switch_keeps_the_game_or_says_which_move_fails(berserk, open_board):
    """Switching an assumption during a game keeps the game when its moves are legal under the
    new rules, and otherwise says on screen which move is not and why, then starts the new rules
    from the game's starting position; the address follows, so a reload shows the same game.

    c1-c2xc3 then `end` is legal with berserk_compulsory = false (assumed), but not under the
    alternative true: c2 can still capture (d2 takes e2), so the turn must go on."""
    bp = berserk
    page = bp.page
    bp.load(f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2,end")
    assert notations(bp) == ["c1-c2xc3", "end"]
    page.check('#board [data-alternative="berserk_compulsory"]')
    wait_idle(page)
    assert bp.message() == ("Regeln gewechselt: Zug 1 (end) ist nach den neuen Regeln nicht erlaubt (der "
                            "Berserkerzug muss weitergehen: die Figur auf c2 kann noch schlagen). Die Partie beginnt "
                            "deshalb unter ihnen wieder bei ihrer Ausgangsstellung.")
    assert live(bp) == bp.message()
    assert bp.pieces() == TWO_CAPTURES and bp.moves() == []
    assert bp.attr("data-rules-changed") is not None
    assert "moves=c1-c2" not in page.url and "alt=berserk_compulsory" in page.url
    # under the compulsory rule the same first move starts a turn that cannot be ended
    bp.move("c1", "c2")
    assert end_button(bp)["disabled"]
    # switching back: the game (c1-c2 so far) is legal under the documented rules too and goes on
    page.uncheck('#board [data-alternative="berserk_compulsory"]')
    wait_idle(page)
    assert bp.message() == ("Regeln gewechselt: Die Partie geht unter den neuen Regeln weiter; ihr Zug ist auch "
                            "nach ihnen erlaubt.")
    assert notations(bp) == ["c1-c2xc3"] and bp.pieces() == AFTER_C2
    assert bp.attr("data-berserker") == "c2" and not end_button(bp)["disabled"]
    assert "moves=c1-c2" in page.url and "alt=" not in page.url
    # a reload opens the game the board showed
    page.reload()
    from conftest import wait_ready
    wait_ready(page)
    wait_idle(page)
    assert notations(bp) == ["c1-c2xc3"] and bp.pieces() == AFTER_C2
    assert not page.is_checked('#board [data-alternative="berserk_compulsory"]')
    assert bp.errors == []
