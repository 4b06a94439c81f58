"""The address follows the board's game, and the board's controls never act on a stale game
(notes/board.md "Share links"; notes/CONTRACTS.md "New games, assumption switches and example boards").

Each test is one way the address and the game could part, replayed in Debian's Chromium:

- Back after an in-page anchor (a § link) reloaded the old link and dropped the moves played;
- a switch toggled while a link loaded left the switches showing other rules than the board played;
- a hash change during a switch or Restart was overwritten by the older game;
- the editor ignored an address changed meanwhile, and "Play from here" left the old link;
- a double click on "End turn" hit Undo, which slid under the pointer;
- a switch on a game of more than 500 moves cleared the address, and a link of such a game
  ended by repetition reopened unfinished;
- a switch dropped the moves taken back without a word;
- after the editor's Cancel the berserker was no longer selected.

Positions are written from the rules of the variants named (EALD: Ealdfæder Tæfl, 9×9,
attackers first; BERSERK: Berserk Hnefatafl, 11×11, §5.4 berserk turns).
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, wait_idle, wait_ready

pytestmark = pytest.mark.browser

EALD = "ealdfaeder-taefl"
BERSERK = "berserk-hnefatafl"
# Berserk Hnefatafl: attackers c1 c4 f2 h2, defenders c3 e2, king h8; c1-c2 takes c3 between c2
# and c4 (§5.4), and the attacker on c2 may go on (c2-d2 takes e2): a berserk turn under way.
TWO_CAPTURES_OTN = "/2t8/4Tt1t3/2T8/2t8/11/11/11/7K3/11/11/11/"


def set_hash(page, fragment: str):
    """Navigate within the page to `fragment` (a new history entry) and wait for the board."""
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.wait_for_timeout(50)
    wait_idle(page)


def traverse(page, step: str):
    """Back (`step` "back") or Forward ("forward") in the history, then wait for the board."""
    getattr(page, f"go_{step}")()
    page.wait_for_timeout(100)
    wait_idle(page)


def reload(page):
    """Reload the page and wait until its board is ready and idle."""
    page.reload()
    wait_ready(page)
    wait_idle(page)


def address(page) -> str:
    return page.evaluate("() => location.hash")


def board_js(page, body: str):
    return page.evaluate("() => { const B = document.querySelector('#board').tbBoard; " + body + " }")


def fresh_board(open_board, slug: str):
    """The shared German page of `slug`, out of the editor, at its start position (also after
    the test, for the next one)."""
    bp = open_board(slug, "de")
    if bp.attr("data-mode") == "edit":
        bp.page.click('#board [data-editor="cancel"]')
    bp.start()
    yield bp
    bp.start()


@pytest.fixture
def eald(open_board):
    yield from fresh_board(open_board, EALD)


def test_back_after_an_anchor_keeps_the_moves_played(eald):
    page = eald.page
    set_hash(page, "#moves=d1-d3")
    eald.move("d4", "c4")
    eald.move("e2", "g2")
    assert address(page) == "#moves=d1-d3,d4-c4,e2-g2"      # the address follows every move
    set_hash(page, "#board")                                 # an anchor: no game
    eald.move("d6", "c6")                                    # a move after the anchor
    traverse(page, "back")
    assert eald.moves() == ["d1-d3", "d4-c4", "e2-g2", "d6-c6"]
    assert address(page) == "#moves=d1-d3,d4-c4,e2-g2,d6-c6"
    assert eald.message() == ""


def test_back_to_another_game_opens_it(eald):
    page = eald.page
    set_hash(page, "#moves=d1-d3")
    set_hash(page, "#moves=e2-g2")
    assert eald.moves() == ["e2-g2"]
    traverse(page, "back")
    assert eald.moves() == ["d1-d3"]


def test_switch_clicked_while_a_link_loads_shows_the_rules_played(open_board):
    bp = open_board(EALD, "en")
    page = bp.page
    bp.start()
    data = json.loads(page.eval_on_selector('#board script[data-role="board-data"]', "e => e.textContent"))
    switches = {a["key"]: a for a in data["assumptions"] if a.get("alternative") is not None}
    assert "king_armed" in switches and "corner_hostile" in switches
    page.evaluate("""(L) => { location.hash = L;
        setTimeout(() => document.querySelector('#board [data-alternative="king_armed"]').click(), 0); }""",
                  "#moves=d1-d3&alt=corner_hostile")
    page.wait_for_timeout(300)
    wait_idle(page)
    ticked = sorted(k for k in switches if page.is_checked(f'#board [data-alternative="{k}"]'))
    played = sorted(board_js(page, "return [...B.alt];"))
    info = page.evaluate("async () => await document.querySelector('#board').tbBoard.engine.call('rules_info')")
    assert ticked == played and "corner_hostile" in played
    for key, a in switches.items():
        alt = a["alternative"] if isinstance(a["alternative"], dict) else {key: a["alternative"]}
        for k, v in alt.items():
            if key in played:
                assert info[k]["value"] == v, (key, k)
            else:
                assert info[k]["value"] != v, (key, k)
    bp.start()


@pytest.mark.parametrize("trigger", ['#board [data-alternative="king_armed"]', '#board [data-action="reset"]'])
def test_hash_change_during_a_switch_or_restart_wins(eald, trigger):
    page = eald.page
    set_hash(page, "#moves=d1-d3,d4-c4")
    page.evaluate("(sel) => { document.querySelector(sel).click(); location.hash = '#moves=e2-g2'; }", trigger)
    page.wait_for_timeout(300)
    wait_idle(page)
    assert eald.moves() == ["e2-g2"]
    assert address(page) == "#moves=e2-g2"
    reload(page)
    assert eald.moves() == ["e2-g2"]


def test_editor_and_the_address(eald):
    page = eald.page
    set_hash(page, "#moves=d1-d3")
    eald.action("edit")
    page.evaluate("() => { location.hash = '#moves=e2-g2'; }")
    page.wait_for_timeout(200)
    page.click('#board [data-editor="cancel"]')              # Cancel: the address changed meanwhile opens
    page.wait_for_timeout(100)
    wait_idle(page)
    assert eald.moves() == ["e2-g2"]
    eald.action("edit")
    page.click('#board [data-editor="clear"]')
    for tool, sq in [("king", "c3"), ("attacker", "a2")]:
        page.check(f'#board input[data-tool="{tool}"]')
        eald.click(sq)
    page.check('#board input[data-editor-turn="defenders"]')
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    expected = {"c3": "king", "a2": "attacker"}
    assert eald.pieces() == expected
    # first row = rank 1: a2 on rank 2, c3 on rank 3
    assert address(page) == "#pos=/9/t8/2K6/9/9/9/9/9/9/&turn=defenders"
    reload(page)
    assert eald.pieces() == expected and eald.attr("data-to-move") == "defenders"


@pytest.fixture
def berserk(open_board):
    yield from fresh_board(open_board, BERSERK)


def selected(bp) -> list[str]:
    return bp.page.eval_on_selector_all("#board .tb-sq.tb-selected", "els => els.map(e => e.dataset.square)")


def test_double_click_on_end_does_not_undo(berserk):
    page = berserk.page
    set_hash(page, f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    assert berserk.attr("data-berserker") == "c2"
    end = page.locator('#board [data-action="end"]')
    end.scroll_into_view_if_needed()
    box = end.bounding_box()
    undo_before = page.locator('#board [data-action="undo"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(150)
    # the button left the reader's reach: the board has the focus (keys go on playing)
    assert page.evaluate("() => document.activeElement.matches('#board svg.tb-svg')")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(150)
    wait_idle(page)
    notations = page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.dataset.notation)")
    assert notations == ["c1-c2xc3", "end"]                  # the second click undid nothing
    assert page.locator('#board [data-action="undo"]').bounding_box() == undo_before
    assert not end.is_visible() and end.get_attribute("data-reserved") is not None


def test_berserker_selected_again_after_editor_cancel(berserk):
    page = berserk.page
    set_hash(page, f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2")
    assert selected(berserk) == ["c2"]
    berserk.action("edit")
    page.click('#board [data-editor="cancel"]')
    wait_idle(page)
    page.wait_for_selector("#board [data-target]")
    assert selected(berserk) == ["c2"]


def test_switch_says_that_moves_taken_back_are_dropped(open_board):
    bp = open_board(EALD, "en")
    page = bp.page
    bp.load("#moves=d1-d3,d4-c4")
    bp.action("undo")
    page.check('#board [data-alternative="king_armed"]')
    wait_idle(page)
    assert bp.message() == ("Rules changed: the game goes on under the new rules; its move is legal "
                            "under them too. The move taken back is dropped.")
    assert address(page) == "#moves=d1-d3&alt=king_armed"
    bp.start()


def play_long_game(open_board, moves: list[str]):
    """The English Berserk page with `moves` on its board: the first 500 from a link (the most a
    link holds), the rest played one by one. Returns the BoardPage."""
    bp = open_board(BERSERK, "en")
    bp.load("#moves=" + ",".join(moves[:500]))
    assert bp.message() == ""
    for mv in moves[500:]:
        bp.page.evaluate("(m) => document.querySelector('#board').tbBoard.play(m)", mv)
        wait_idle(bp.page)
    return bp


def _game_ending_in_repetition(prefix_len: int):
    """A game of Berserk Hnefatafl: `prefix_len` seeded random moves that end nothing, then two
    pieces shuffling back and forth until the repetition rule of the page's rules ends it (the
    moves are found with the engine; the result is the rule's, read from rules.toml)."""
    from tafl_core import Game, Move, load_ruleset
    from test_links_robust import _long_game
    rs = load_ruleset(ROOT / "variants_src" / BERSERK)
    moves = _long_game(prefix_len, seed=2)
    g = Game(rs)
    for mv in moves:
        g.play(mv)
    assert g.berserker < 0, "the prefix must end between turns"

    def quiet(game):
        out = []
        for m in game.move_codes():
            played = game.play(Move(m >> 10, m & 1023, rs.size))
            ok = not played.captures and played.result is None and game.berserker < 0
            game.undo()
            if ok:
                out.append(Move(m >> 10, m & 1023, rs.size))
        return out

    for a in quiet(g)[:40]:
        g.play(a)
        for b in quiet(g)[:40]:
            g.play(b)
            cycle = [a, b, Move(a.to, a.frm, rs.size), Move(b.to, b.frm, rs.size)]
            tail, ok = [], True
            g.undo()
            g.undo()
            for mv in cycle * 3:
                if g.why_illegal(mv):
                    ok = False
                    break
                g.play(mv)
                tail.append(str(mv))
                if g.result is not None:
                    break
            result = g.result
            for _ in tail:
                g.undo()
            if ok and result is not None and result.reason == "repetition":
                g.play(a)
                return moves + tail, result
            g.play(a)
        g.undo()
    raise AssertionError("no repetition found")


def test_long_game_links_stay_bounded_and_keep_a_repetition(open_board):
    from test_links_robust import final_game
    moves, result = _game_ending_in_repetition(495)
    assert len(moves) > 500
    expected = final_game(moves).position().pieces
    bp = play_long_game(open_board, moves)
    page = bp.page
    assert bp.attr("data-reason") == "repetition"
    # the address follows, bounded (at most 500 moves, a start position)
    frag = address(page)
    assert "pos=" in frag and frag.count(",") < 500 and len(frag) <= 4097
    bp.action("share")
    link = page.input_value('#board [data-role="share-link"]')
    assert "too long for a link" in bp.message()
    bp.load("#" + link.split("#", 1)[1])
    assert bp.message() == ""
    assert bp.pieces() == expected
    assert bp.attr("data-reason") == "repetition"            # the repetition still counts
    assert bp.attr("data-result") == (result.winner or "draw")
    bp.start()


def test_switch_on_a_long_game_keeps_a_bounded_address(open_board):
    from test_links_robust import _long_game
    bp = play_long_game(open_board, _long_game(510, seed=1))
    page = bp.page
    pieces = bp.pieces()
    page.check('#board [data-alternative="encirclement"]')
    wait_idle(page)
    frag = address(page)
    assert "pos=" in frag and "alt=encirclement" in frag and frag.count(",") < 500
    reload(page)
    assert bp.pieces() == pieces and page.is_checked('#board [data-alternative="encirclement"]')
    # the reload opened the bounded address: the board says that the first moves are not in it
    assert bp.message().startswith("The address does not hold the whole game (too long): it starts "
                                   "from the position before the last ")
    bp.start()


# ---------------------------------------------------------------- the address while the engine works

def test_back_after_an_anchor_keeps_a_game_that_took_another_turn(eald):
    """The reader took a move back after the § link and played another one: the entry before
    the anchor holds the older game, but it is the same game in the same page, so Back keeps
    the reader's (h5-g5 then d4-d2, not the link's d4-d3)."""
    page = eald.page
    set_hash(page, "#moves=h5-g5,d4-d3")
    set_hash(page, "#sec-1")
    eald.action("undo")
    eald.move("d4", "d2")
    traverse(page, "back")
    assert eald.moves() == ["h5-g5", "d4-d2"]
    assert address(page) == "#moves=h5-g5,d4-d2"


def test_reload_after_an_anchor_restores_the_game(eald):
    """A § link puts an anchor in the address; the game played after it is kept in the entry
    (history.state) and a reload opens it, the anchor staying in the address."""
    page = eald.page
    set_hash(page, "#moves=h5-g5,d4-d3")
    set_hash(page, "#sec-1")
    eald.move("g5", "g7")
    reload(page)
    assert eald.moves() == ["h5-g5", "d4-d3", "g5-g7"]
    assert address(page) == "#sec-1"


def test_back_after_an_anchor_keeps_a_game_longer_than_the_address(open_board):
    """Over 500 plies the address holds a later start position and the last moves; Back after
    a § link still keeps the whole game (Undo reaches its first move)."""
    from test_links_robust import _long_game
    bp = play_long_game(open_board, _long_game(520, seed=3))
    page = bp.page
    assert "pos=" in address(page)
    set_hash(page, "#sec-1")
    traverse(page, "back")
    assert len(bp.moves()) == 520 and bp.message() == ""
    bp.start()


@pytest.mark.parametrize("fragment,turn", [("#moves=end", 1), ("#moves=d1-d2,end", 2)])
def test_a_refused_end_is_numbered_by_its_own_turn(berserk, fragment, turn):
    """`end` outside a berserk turn is the next side's move: Zug 1 at the start, Zug 2 after
    the attackers' d1-d2 (the move list numbers turns; §5.1: the attackers move first)."""
    set_hash(berserk.page, fragment)
    assert berserk.message().startswith(f"Der Link enthält keine gültige Partie (Zug {turn} (end) ist nicht erlaubt")


def test_keyboard_focus_stays_on_undo_and_moves_from_a_spent_button_to_the_board(eald):
    page = eald.page
    set_hash(page, "#moves=d1-d3,d4-c4")
    page.focus('#board [data-action="undo"]')
    page.keyboard.press("Enter")
    wait_idle(page)
    assert page.evaluate("() => document.activeElement.dataset.action") == "undo"
    page.keyboard.press("Enter")
    wait_idle(page)
    assert eald.moves() == []                                  # two presses, two moves back
    # Undo is spent (disabled): the focus went to the board, not to the page (nor to Redo,
    # where a third press would redo what the second undid)
    assert page.evaluate("() => document.activeElement.matches('#board svg.tb-svg')")
    page.focus('#board [data-action="redo"]')
    page.keyboard.press("Enter")
    wait_idle(page)
    page.keyboard.press("Enter")
    wait_idle(page)
    assert eald.moves() == ["d1-d3", "d4-c4"]
    # Redo is spent (disabled): the focus went to the board
    assert page.evaluate("() => document.activeElement.matches('#board svg.tb-svg')")


def test_editor_start_position_follows_a_switched_first_mover(open_board):
    """Ard Rí: who moves first is assumed (attackers; alternative defenders). With the switch on,
    the editor's "Startaufstellung" gives the defenders the move, as Restart does."""
    bp = open_board("ard-ri", "de")
    page = bp.page
    bp.start()
    page.check('#board [data-alternative="first_mover"]')
    wait_idle(page)
    bp.action("edit")
    page.click('#board [data-editor="start"]')
    assert page.is_checked('#board input[data-editor-turn="defenders"]')
    page.click('#board [data-editor="play"]')
    wait_idle(page)
    assert bp.attr("data-to-move") == "defenders"
    bp.start()


def test_dropped_moves_are_counted_in_turns(berserk):
    """A berserk capture and its `end` are one turn (§5.4): taking them back and switching a
    rule counts two turns dropped when the king's h8-h9 was taken back too (three plies)."""
    page = berserk.page
    set_hash(page, f"#pos={TWO_CAPTURES_OTN}&turn=attackers&moves=c1-c2,end,h8-h9")
    berserk.action("undo")
    berserk.action("undo")
    berserk.action("undo")
    page.check('#board [data-alternative="berserk_compulsory"]')
    wait_idle(page)
    assert berserk.message() == "Regeln gewechselt. Die 2 zurückgenommenen Züge sind damit verworfen."


# ---------------------------------------------------------------- presses in quick succession

def test_reload_right_after_an_anchor_keeps_the_game(eald):
    """A § link straight after a link opened, no move in between: the anchor entry keeps the
    game at once, and a reload opens it."""
    page = eald.page
    set_hash(page, "#moves=h5-g5,d4-d3")
    set_hash(page, "#sec-5-4")
    reload(page)
    assert eald.moves() == ["h5-g5", "d4-d3"] and address(page) == "#sec-5-4"


def test_back_after_a_reload_at_an_anchor_keeps_the_move_played_there(eald):
    """Link, § link, a move, reload (the anchor entry restores the game), Back to the link's
    entry: an older copy of the same game, so the board keeps the three moves."""
    page = eald.page
    set_hash(page, "#moves=h5-g5,d4-d3")
    set_hash(page, "#sec-5-4")
    eald.move("g5", "g7")
    reload(page)
    traverse(page, "back")
    assert eald.moves() == ["h5-g5", "d4-d3", "g5-g7"]
    assert address(page) == "#moves=h5-g5,d4-d3,g5-g7"


def test_back_through_another_game_to_the_first_keeps_its_moves(eald):
    """Game A (link, § link, a move), then link B, Back (A from the anchor entry), Back again
    (A's own link entry): A as the reader left it, not its older link."""
    page = eald.page
    set_hash(page, "#moves=h5-g5,d4-d3")
    set_hash(page, "#sec-5-4")
    eald.move("g5", "g7")
    set_hash(page, "#moves=d1-d3")
    assert eald.moves() == ["d1-d3"]
    for _ in range(2):
        traverse(page, "back")
        assert eald.moves() == ["h5-g5", "d4-d3", "g5-g7"]


def test_quick_undo_presses_all_count_and_a_spent_undo_does_nothing(eald):
    """Undo pressed five times at once: no press is dropped while the engine works, and a spent
    Undo does not hand the focus to Redo. Every press queues, and those beyond the start do
    nothing: of three moves, all three are taken back."""
    page = eald.page
    set_hash(page, "#moves=d1-d3,d4-c4,e2-g2")
    page.evaluate("() => { const b = document.querySelector('#board [data-action=undo]'); for (let i = 0; i < 5; i++) b.click(); }")
    page.wait_for_timeout(300)
    wait_idle(page)
    assert eald.moves() == [] and eald.message() == ""
    future = page.eval_on_selector_all('#board [data-role="move-list"] li[data-future]', "els => els.length")
    assert future == 3


def test_editor_buttons_by_keyboard_keep_the_focus(eald):
    page = eald.page
    eald.action("edit")
    page.focus('#board [data-editor="cancel"]')
    page.keyboard.press("Enter")
    wait_idle(page)
    assert page.evaluate("() => document.activeElement.dataset.action") == "edit"
    page.keyboard.press("Enter")                               # Edit again, then Play from here
    page.focus('#board [data-editor="play"]')
    page.keyboard.press("Enter")
    wait_idle(page)
    assert eald.attr("data-mode") == "play"
    assert page.evaluate("() => document.activeElement.dataset.action") == "edit"


def test_a_set_up_is_a_game_of_its_own(eald):
    """Links A then B, Edit, Back to A's entry (applied on leaving the editor), Play from here:
    the set-up replaces A's entry, and Forward to B's entry opens B again (not the set-up)."""
    page = eald.page
    set_hash(page, "#moves=d1-d3")
    set_hash(page, "#moves=e2-g2")
    eald.action("edit")
    page.go_back()
    page.wait_for_timeout(200)
    page.click('#board [data-editor="play"]')                 # the start position, set up
    wait_idle(page)
    assert eald.moves() == [] and "pos=" in address(page)
    traverse(page, "forward")
    assert eald.moves() == ["e2-g2"]
