"""Analysis stepping and game records on the board in a real browser:
the move list in numbered rows of two turns, each move a button that shows the position after
it, ←/→/Home/End in the list (Shift+← on the board), export as an OpenTafl game record or as
plain moves, import by paste or file, and refused records named by their first bad line with
the game kept.

The positions expected are worked out here from the variants' rules texts (the start layout of
`variants_src/<slug>/rules.toml`, read by this file) and the moves played, none of which
captures, not read back from the engine:

- Copenhagen Hnefatafl, 11×11, attackers first: the first five moves of the game record
  OpenTafl ships (saved-games/replays/realgamelog.otg, aagenielsen.dk 2015):
  `1. d1-d3 h6-h9  2. k4-i4 f8-c8  3. d11-d9` (its first capture is move 4, g7-g10xf10);
- Brandubh, 7×7, attackers first: d1-b1, d3-c3, b1-b2, c3-c2, a4-a3 (a defender may move in
  between two attackers, c3-c2 beside b2 and d2, and is not taken: §5.4).

OpenTafl game record shape (opentafl-notation-spec, "Game Records"): tags `[name:value]`, the
rules tag last, a blank line, then numbered lines of two turns, `1. d1-d3 h6-h9`.
"""

from __future__ import annotations

import re
import tomllib

import pytest

from conftest import ROOT, wait_idle

pytestmark = pytest.mark.browser

FILES = "abcdefghijklmnopqrstuvwxy"
KIND = {"A": "attacker", "D": "defender", "K": "king", "C": "commander", "N": "knight"}

GAMES = {
    "copenhagen-hnefatafl": ["d1-d3", "h6-h9", "k4-i4", "f8-c8", "d11-d9"],
    "brandubh": ["d1-b1", "d3-c3", "b1-b2", "c3-c2", "a4-a3"],
}
NAMES = {"copenhagen-hnefatafl": "Copenhagen Hnefatafl", "brandubh": "Brandubh"}
WORDS = {
    "de": {"export": "Partie exportieren", "import": "Partie importieren", "start": "Ausgangsstellung",
           "copy": "Kopieren", "download": "Als Datei speichern", "run": "Importieren", "cancel": "Abbrechen",
           "formats": ["OpenTafl-Partienotation (.otg)", "Nur die Züge (.txt)"], "line": "Zeile",
           "kept": "Die bisherige Partie bleibt, wie sie war.", "help": "gedrückter Umschalttaste"},
    "en": {"export": "Export game", "import": "Import game", "start": "Starting position",
           "copy": "Copy", "download": "Save as file", "run": "Import", "cancel": "Cancel",
           "formats": ["OpenTafl game record (.otg)", "Moves only (.txt)"], "line": "line",
           "kept": "The current game stays as it was.", "help": "with Shift held"},
}


def layout(slug: str) -> dict[str, str]:
    """The start layout from the variant's rules.toml diagram (top rank first)."""
    rules = tomllib.loads((ROOT / "variants_src" / slug / "rules.toml").read_text(encoding="utf-8"))
    out = {}
    for line in rules["layout"]["diagram"].strip().splitlines():
        cells = line.split()
        if cells and cells[0].isdigit():
            for f, c in enumerate(cells[1:]):
                if c in KIND:
                    out[FILES[f] + cells[0]] = KIND[c]
    return out


def after(slug: str, plies: int) -> dict[str, str]:
    """The position after the first `plies` moves of GAMES[slug] (none captures)."""
    pieces = layout(slug)
    for mv in GAMES[slug][:plies]:
        frm, to = mv.split("-")
        pieces[to] = pieces.pop(frm)
    return pieces


def rows(bp) -> list:
    """The move list as shown: [row number, [[the plies of a turn (OpenTafl notation)], ...]] per row."""
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li.tb-pair', """els => els.map(li => [
        Number(li.dataset.pair),
        [...li.querySelectorAll('ol.tb-turn')].map(t => [...t.querySelectorAll('button[data-goto]')].map(b => b.closest('li').dataset.notation))])""")


def current(bp) -> str | None:
    """data-goto of the entry marked as the position shown (aria-current)."""
    return bp.page.eval_on_selector_all('#board .tb-moves [aria-current="step"]', "els => els.map(e => e.dataset.goto)")


def played(bp) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-ply]', "els => els.map(e => e.dataset.notation)")


def future(bp) -> list[str]:
    return bp.page.eval_on_selector_all('#board [data-role="move-list"] li[data-future]', "els => els.map(e => e.dataset.notation)")


def key(bp, name: str):
    bp.page.keyboard.press(name)
    wait_idle(bp.page)


def panel_open(bp, which: str) -> bool:
    return not bp.page.eval_on_selector(f'#board [data-role="{which}"]', "e => e.hidden")


def close_panels(bp):
    for which in ("export", "import"):
        if panel_open(bp, which):
            bp.page.click(f'#board button[data-record="{which}"]')


def import_message(bp) -> str:
    return bp.page.eval_on_selector('#board [data-role="import-message"]', "e => e.hidden ? '' : e.textContent")


def fresh(bp):
    if bp.page.get_attribute("#board", "data-mode") == "edit":
        bp.page.click('#board [data-editor="cancel"]')
    close_panels(bp)
    bp.start()


def play_game(bp, slug: str):
    fresh(bp)
    for mv in GAMES[slug]:
        bp.move(*mv.split("-"))
    assert played(bp) == GAMES[slug]


@pytest.fixture(params=[("copenhagen-hnefatafl", "de"), ("brandubh", "en")], ids=lambda p: f"{p[0]}-{p[1]}")
def game(request, open_board):
    slug, lang = request.param
    bp = open_board(slug, lang)
    play_game(bp, slug)
    bp.slug, bp.lang = slug, lang
    yield bp
    fresh(bp)   # the other test files expect the start position on these pages
    bp.page.evaluate("() => window.scrollTo(0, 0)")


# ---------------------------------------------------------------- stepping

def test_moves_are_paired_in_numbered_rows(game):
    m = GAMES[game.slug]
    assert rows(game) == [[1, [[m[0]], [m[1]]]], [2, [[m[2]], [m[3]]]], [3, [[m[4]]]]]
    assert current(game) == ["5"]
    assert game.page.text_content('#board button[data-goto="0"]').strip() == WORDS[game.lang]["start"]


def test_clicking_an_earlier_move_shows_the_position_after_it(game):
    slug = game.slug
    game.page.click('#board button[data-goto="2"]')
    wait_idle(game.page)
    assert game.pieces() == after(slug, 2)
    assert game.attr("data-to-move") == "attackers"
    assert played(game) == GAMES[slug][:2] and future(game) == GAMES[slug][2:]
    assert current(game) == ["2"]
    # the focus stays in the list, on the entry of the position shown (one Tab stop: roving)
    assert game.page.evaluate("document.activeElement.dataset.goto") == "2"
    assert game.page.eval_on_selector_all('#board .tb-moves button[data-goto][tabindex="0"]',
                                          "els => els.map(e => e.dataset.goto)") == ["2"]
    # a later move (taken back, greyed) jumps forward the same way
    game.page.click('#board button[data-goto="4"]')
    wait_idle(game.page)
    assert game.pieces() == after(slug, 4) and current(game) == ["4"]


def test_keys_step_through_the_game(game):
    slug = game.slug
    game.page.click('#board button[data-goto="3"]')
    wait_idle(game.page)
    key(game, "ArrowLeft")
    assert game.pieces() == after(slug, 2) and current(game) == ["2"]
    key(game, "ArrowRight")
    key(game, "ArrowRight")
    assert game.pieces() == after(slug, 4) and current(game) == ["4"]
    key(game, "Home")
    assert game.pieces() == layout(slug) and current(game) == ["0"]
    assert game.page.evaluate("document.activeElement.dataset.goto") == "0"
    key(game, "ArrowLeft")                    # nothing before the start
    assert game.pieces() == layout(slug)
    key(game, "End")
    assert game.pieces() == after(slug, 5) and current(game) == ["5"] and future(game) == []
    # on the board: the bare arrow keys move its focus square, Shift+← steps back
    game.page.focus("#board svg.tb-svg")
    key(game, "ArrowLeft")
    assert game.pieces() == after(slug, 5)
    key(game, "Shift+ArrowLeft")
    assert game.pieces() == after(slug, 4) and current(game) == ["4"]
    key(game, "Shift+Home")
    assert game.pieces() == layout(slug)
    key(game, "Shift+End")
    assert game.pieces() == after(slug, 5)
    assert game.errors == []


def test_a_move_from_an_earlier_position_drops_the_rest(game):
    slug = game.slug
    game.page.click('#board button[data-goto="2"]')
    wait_idle(game.page)
    other = {"copenhagen-hnefatafl": ("k4", "j4"), "brandubh": ("g4", "g3")}[slug]
    game.move(*other)
    assert played(game) == GAMES[slug][:2] + ["-".join(other)]
    assert future(game) == []
    assert current(game) == ["3"]


# ---------------------------------------------------------------- records

def export_text(bp, fmt: str = "opentafl") -> str:
    if not panel_open(bp, "export"):
        # the field keeps the last export while closed: empty it, so that only the export the
        # opening fetches (export_record, a replay check of the game under OpenTafl's rules
        # included) can end the wait below
        bp.page.eval_on_selector('#board textarea[data-role="export-text"]', "e => { e.value = ''; }")
        bp.page.click('#board button[data-record="export"]')
    bp.page.check(f'#board input[data-record-format="{fmt}"]')
    bp.page.wait_for_function(
        """fmt => { const t = document.querySelector('#board textarea[data-role="export-text"]').value;
                    return fmt === 'text' ? t !== '' && !t.startsWith('[') : t.startsWith('['); }""", arg=fmt)
    wait_idle(bp.page)
    return bp.page.input_value('#board textarea[data-role="export-text"]')


def import_text(bp, text: str):
    if not panel_open(bp, "import"):
        bp.page.click('#board button[data-record="import"]')
    bp.page.fill('#board textarea[data-role="import-text"]', text)
    bp.page.click('#board button[data-record="import-run"]')
    wait_idle(bp.page)


def test_export_restart_import_gives_the_same_game(game):
    slug, m = game.slug, GAMES[game.slug]
    text = export_text(game)
    head, body = text.split("\n\n", 1)
    tags = head.split("\n")
    assert tags[0] == f"[variant:{NAMES[slug]}]"
    assert re.fullmatch(r"\[date:\d{4}\.\d{2}\.\d{2}\]", tags[1])
    assert tags[2] == "[result:?]"
    assert all(re.fullmatch(r"\[[a-z-]+:[^\]\n]*\]", t) for t in tags)
    # where OpenTafl can express the rules, their tag is the last one (the spec's order)
    assert all(not t.startswith("[rules:") for t in tags[:-1])
    assert body.split("\n") == [f"1. {m[0]} {m[1]}", f"2. {m[2]} {m[3]}", f"3. {m[4]}", ""]
    assert export_text(game, "text") == f"{m[0]} {m[1]}\n{m[2]} {m[3]}\n{m[4]}\n"
    # saved as a file: the variant's name and the day, OpenTafl's extension, the same text
    game.page.check('#board input[data-record-format="opentafl"]')
    game.page.wait_for_function(
        "t => document.querySelector('#board textarea[data-role=\"export-text\"]').value === t", arg=text)
    wait_idle(game.page)
    with game.page.expect_download() as dl:
        game.page.click('#board button[data-record="download"]')
    name = dl.value.suggested_filename
    assert name.startswith(slug + "-") and name.endswith(".otg")
    assert open(dl.value.path(), encoding="utf-8").read() == text
    game.action("reset")
    assert played(game) == [] and game.pieces() == layout(slug)
    import_text(game, text)
    assert game.pieces() == after(slug, 5)
    assert rows(game) == [[1, [[m[0]], [m[1]]]], [2, [[m[2]], [m[3]]]], [3, [[m[4]]]]]
    assert not panel_open(game, "import")
    # said beside the record buttons as a note, not in the message line of refusals (red)
    assert game.message() == ""
    done = game.page.locator('#board [data-role="import-done"]')
    assert done.inner_text() == {"de": "Partie importiert (5 Züge).", "en": "Game imported (5 moves)."}[game.lang]
    assert done.evaluate("e => getComputedStyle(e).color") == game.page.eval_on_selector(
        '#board [data-role="status"]', "e => getComputedStyle(e).color")
    # the imported game steps like a played one, and Restart goes back to its start
    game.page.click('#board button[data-goto="1"]')
    wait_idle(game.page)
    assert game.pieces() == after(slug, 1)
    assert game.errors == []


def test_the_export_ends_at_the_position_shown(game):
    """As a share link: the moves taken back (greyed) are not in the record, and the panel says
    so; an open export follows the position shown."""
    m = GAMES[game.slug]
    game.page.click('#board button[data-goto="3"]')
    wait_idle(game.page)
    text = export_text(game)
    assert text.split("\n\n", 1)[1].split("\n") == [f"1. {m[0]} {m[1]}", f"2. {m[2]}", ""]
    scope = game.page.eval_on_selector('#board [data-role="export-scope"]', "e => e.hidden ? '' : e.textContent")
    assert scope == {"de": "Die Notation reicht bis zur gezeigten Stellung; die 2 zurückgenommenen Züge danach fehlen "
                           "(Ende in der Zugliste spielt sie wieder).",
                     "en": "The record ends at the position shown; the 2 moves taken back after it are not in it "
                           "(End in the move list replays them)."}[game.lang]
    game.page.click('#board button[data-goto="5"]')
    wait_idle(game.page)
    game.page.wait_for_function("mv => document.querySelector('#board textarea[data-role=\"export-text\"]').value.includes('3. ' + mv)",
                                arg=m[4])
    wait_idle(game.page)
    assert game.page.eval_on_selector('#board [data-role="export-scope"]', "e => e.hidden")


def test_import_from_a_file(game):
    slug = game.slug
    text = export_text(game, "text")
    game.action("reset")
    game.page.click('#board button[data-record="import"]')
    game.page.set_input_files('#board input[data-role="import-file"]',
                              files=[{"name": "game.txt", "mimeType": "text/plain", "buffer": text.encode()}])
    wait_idle(game.page)
    game.page.wait_for_function("() => !document.querySelector('#board').hasAttribute('aria-busy') "
                                "&& document.querySelectorAll('#board li[data-ply]').length === 5")
    assert played(game) == GAMES[slug] and game.pieces() == after(slug, 5)


BAD = {
    # line 3 is no move
    "garbage": ("1. {0} {1}\n2. {2} {3}\nzz-top\n", 3,
                {"de": "Zeile 3: „zz-top“ ist kein Zug", "en": "line 3: 'zz-top' is not a move"}),
    # markup is text: the line named, the tag shown as typed, nothing inserted into the page
    "html": ("[variant:{name}]\n\n<img src=x onerror=alert(1)>\n", 3,
             {"de": "Zeile 3: „<img src=x onerror=alert(1)>“ sollte mit der Zugnummer 1. beginnen",
              "en": "line 3: '<img src=x onerror=alert(1)>' should begin with the turn number 1."}),
    "script": ("{0}\n<script>window.pwned = 1</script>\n", 2,
               {"de": "Zeile 2: „<script>window.pwned“ ist kein Zug",
                "en": "line 2: '<script>window.pwned' is not a move"}),
    # a record of another variant (the header names it)
    "variant": ("[variant:Alea Evangelii]\n\n1. {0} {1}\n", 1,
                {"de": "Zeile 1: die Notation ist eine Partie Alea Evangelii, dieses Brett spielt {name}",
                 "en": "line 1: the record is a game of Alea Evangelii, this board plays {name}"}),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_record_is_named_by_its_line_and_the_game_kept(game, case):
    slug, m = game.slug, GAMES[game.slug]
    game.page.click('#board button[data-goto="3"]')
    wait_idle(game.page)
    before = (game.pieces(), played(game), future(game))
    template, line, words = BAD[case]
    import_text(game, template.format(*m, name=NAMES[slug]))
    msg = import_message(game)
    assert words[game.lang].format(name=NAMES[slug]) in msg
    assert msg.endswith(WORDS[game.lang]["kept"])
    assert (game.pieces(), played(game), future(game)) == before
    # the bad line is selected in the field, to mend it
    sel = game.page.eval_on_selector('#board textarea[data-role="import-text"]',
                                     "e => e.value.slice(e.selectionStart, e.selectionEnd)")
    assert sel == template.format(*m, name=NAMES[slug]).split("\n")[line - 1]
    assert game.page.locator("#board img").count() == 0
    assert game.page.evaluate("() => window.pwned === undefined")
    assert game.dialogs == [] and game.errors == []


def test_an_oversized_paste_is_refused_before_the_engine(game):
    before = (game.pieces(), played(game))
    game.page.click('#board button[data-record="import"]')
    # one character over tafl_core.limits.MAX_GAME_RECORD_CHARS (2,000,000)
    game.page.eval_on_selector('#board textarea[data-role="import-text"]', "e => { e.value = 'a'.repeat(2_000_001); }")
    game.page.click('#board button[data-record="import-run"]')
    wait_idle(game.page)
    want = {"de": "die Partienotation ist länger als 2.000.000 Zeichen",
            "en": "the game record is longer than 2,000,000 characters"}[game.lang]
    assert want in import_message(game)
    assert (game.pieces(), played(game)) == before


# ---------------------------------------------------------------- words

@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_controls_words_in_both_languages(open_board, lang):
    bp = open_board("brandubh", lang)
    fresh(bp)
    w = WORDS[lang]
    text = lambda sel: bp.page.text_content(f"#board {sel}").strip()   # noqa: E731
    assert text('button[data-record="export"]') == w["export"]
    assert text('button[data-record="import"]') == w["import"]
    assert text('button[data-goto="0"]') == w["start"]
    assert w["help"] in text('[data-role="move-help"]')
    bp.page.click('#board button[data-record="export"]')
    assert bp.page.eval_on_selector_all('#board .tb-record-format label', "els => els.map(e => e.textContent.trim())") == w["formats"]
    assert text('button[data-record="copy"]') == w["copy"]
    assert text('button[data-record="download"]') == w["download"]
    bp.page.click('#board button[data-record="import"]')
    assert not panel_open(bp, "export") and panel_open(bp, "import")
    assert text('button[data-record="import-run"]') == w["run"]
    assert text('button[data-record="import-cancel"]') == w["cancel"]
    bp.page.click('#board button[data-record="import-cancel"]')
    assert not panel_open(bp, "import")
    assert bp.errors == []


# ---------------------------------------------------------------- berserk turns

# Berserk Hnefatafl (11×11; berserk = capture, assumed): attackers c1 c4 f2 h2, defenders c3 e2,
# king h8, attackers to move. c1-c2 takes c3 between c2 and c4 (§5.4); the same piece moves on
# and c2-d2 takes e2 between d2 and f2; then d2 can take nothing more and the turn ends.
BERSERK_OTN = "/2t8/4Tt1t3/2T8/2t8/11/11/11/7K3/11/11/11/"
BERSERK_START = {"c1": "attacker", "c4": "attacker", "f2": "attacker", "h2": "attacker",
                 "c3": "defender", "e2": "defender", "h8": "king"}


def test_each_step_of_a_berserk_turn_is_a_position(open_board):
    """A berserk turn of two moves is one turn of row 1; its first step is a position of its own,
    in the turn: the piece on c2 is the one that moves on (as after Undo of the second step)."""
    bp = open_board("berserk-hnefatafl", "en")
    fresh(bp)
    bp.load(f"#pos={BERSERK_OTN}&turn=attackers&moves=c1-c2,c2-d2")
    assert rows(bp) == [[1, [["c1-c2xc3", "c2=d2xe2"]]]]
    assert bp.attr("data-to-move") == "defenders" and bp.attr("data-berserker") is None
    bp.page.click('#board button[data-goto="1"]')
    wait_idle(bp.page)
    assert bp.pieces() == {k: v for k, v in BERSERK_START.items() if k not in ("c1", "c3")} | {"c2": "attacker"}
    assert bp.attr("data-berserker") == "c2" and bp.attr("data-to-move") == "attackers"
    assert "only the piece on c2 moves on" in bp.page.text_content('#board [data-role="status"]')
    key(bp, "ArrowRight")
    assert bp.attr("data-berserker") is None and bp.attr("data-to-move") == "defenders"
    assert "e2" not in bp.pieces() and bp.pieces()["d2"] == "attacker"
    key(bp, "Home")
    assert bp.pieces() == BERSERK_START
    assert bp.errors == []
    fresh(bp)
    bp.page.evaluate("() => window.scrollTo(0, 0)")


# ---------------------------------------------------------------- what a record says beyond its moves

# Brandubh (variants_src/brandubh/rules.toml) assumes that encircling the defenders wins, with
# "no" as the alternative; OpenTafl writes rules without it as `surf:n` (tafl_core.opentafl),
# a record tafl_core.records reads here too (tests/tafl_core/test_records.py). Its moves d1-b1,
# d3-c3, b1-b2 capture nothing (§5.4); the comment after the defenders' move holds markup
# characters, which must stay text; result -1 is the defenders' win (OpenTafl record spec).
RULES_TAG = "[rules:dim:7 name:Brandubh surf:n atkf:y tfr:w ks:c cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]"
COMMENTED = ("[variant:Brandubh]\n[result:-1]\n[termination:Attackers resigned]\n" + RULES_TAG + "\n\n"
             "1. d1-b1 d3-c3\n[|<b>the defender</b> steps aside]\n2. b1-b2\n")
RECORD_WORDS = {
    "de": {"result": "Ergebnis laut Partienotation: Die Verteidiger haben gewonnen („Attackers resigned“).",
           "rules": "Die Regeln der Partienotation weichen von denen dieser Seite ab: {rule} (in der Partie: nein, hier: ja).",
           "switch": "Auf die Regeln der Partie umschalten und erneut importieren"},
    "en": {"result": "Result in the record: the defenders won (“Attackers resigned”).",
           "rules": "The record's rules differ from this page's: {rule} (in the record: no, here: yes).",
           "switch": "Switch to the record's rules and import again"},
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_imported_record_shows_its_comments_result_and_rules_and_switches_them(open_board, lang):
    """The comment under the move it follows, as text; the record's result and termination;
    the rule that differs, named as the page names it; and a button that switches the
    assumption and imports again, after which no difference is left."""
    from conftest import wait_idle as idle
    bp = open_board("brandubh", lang)
    bp.start()
    import_text(bp, COMMENTED)
    assert played(bp) == ["d1-b1", "d3-c3", "b1-b2"]
    comment = bp.page.locator('#board [data-role="move-list"] li.tb-pair[data-pair="1"] .tb-comment')
    assert comment.count() == 1 and comment.get_attribute("data-comment-ply") == "2"
    assert comment.inner_text() == "<b>the defender</b> steps aside"  # text, not markup
    assert bp.page.locator('#board [data-role="move-list"] .tb-comment b').count() == 0
    w = RECORD_WORDS[lang]
    assert bp.page.inner_text('#board [data-role="import-result"]') == w["result"]
    rule = bp.page.evaluate("document.querySelector('#board').tbBoard.data.reasons.forms.rule.encirclement")
    assert rule and rule != "encirclement"
    assert bp.page.inner_text('#board [data-role="import-rules"]') == w["rules"].format(rule=rule)
    switch = bp.page.locator('#board button[data-record="switch-rules"]')
    assert switch.is_visible() and switch.inner_text() == w["switch"]
    switch.click()
    idle(bp.page)
    bp.page.wait_for_function("document.querySelector('#board input[data-alternative=\"encirclement\"]').checked")
    assert bp.page.is_checked('#board input[data-alternative="encirclement"]')
    assert played(bp) == ["d1-b1", "d3-c3", "b1-b2"]
    assert bp.page.locator('#board [data-role="import-rules"]').is_hidden()  # nothing differs now
    assert not switch.is_visible()
    assert bp.page.locator('#board [data-role="move-list"] .tb-comment').count() == 1
    # a move of one's own from the start drops the record's comments with its moves
    bp.page.click('#board button[data-goto="0"]')
    idle(bp.page)
    bp.move("d1", "c1")
    assert bp.page.locator('#board [data-role="move-list"] .tb-comment').count() == 0
    bp.page.click('#board input[data-alternative="encirclement"]')  # the page's rules again
    idle(bp.page)
    bp.start()  # the other test files expect the start position on this shared page
    assert bp.errors == []


# Smith's Tablut (variants_src/tablut-smith/rules.toml) assumes the attackers move first, with
# the defenders as the alternative; a record from defenders-first rules (OpenTafl atkf:n) opens
# with a defender's move, e3-d3, which is not legal here: refused naming the rule, with the switch.
DEFENDERS_FIRST = ("[variant:Tablut (Smith 1811, Ludii)]\n[result:?]\n"
                   "[rules:dim:9 name:Tablut_(Smith_1811,_Ludii) esc:e surf:n atkf:n cor: cenh:tcnkmTCNKM cenp: "
                   "cenre:tcnkmTCNM start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/]\n\n"
                   "1. e3-d3 d1-d2\n2. d3-c3\n")


def test_a_record_refused_for_its_rules_names_them_and_plays_after_the_switch(open_board):
    """The refusal names the rule that differs (not only "the move is not legal"); the switch
    turns the assumption round and the record is then read, its moves on the board."""
    from conftest import wait_idle as idle
    bp = open_board("tablut-smith", "en")
    bp.start()
    import_text(bp, DEFENDERS_FIRST)
    assert played(bp) == []
    assert "First move" in import_message(bp)
    assert bp.page.inner_text('#board [data-role="import-rules"]') == (
        "The record's rules differ from this page's: First move (in the record: defenders, here: attackers).")
    bp.page.click('#board button[data-record="switch-rules"]')
    idle(bp.page)
    bp.page.wait_for_function("document.querySelectorAll('#board [data-role=\"move-list\"] li[data-ply]').length === 3")
    assert played(bp) == ["e3-d3", "d1-d2", "d3-c3"]
    assert bp.page.is_checked('#board input[data-alternative="first_mover"]')
    assert bp.page.inner_text('#board [data-role="import-done"]') == "Game imported (3 moves)."
    close_panels(bp)
    bp.page.click('#board input[data-alternative="first_mover"]')  # the page's rules again
    idle(bp.page)
    bp.start()  # the other test files expect the start position on this shared page
    assert bp.errors == []


# ---------------------------------------------------------------- hostile sizes, other rules, the end a record says

def test_a_board_size_of_thousands_of_digits_is_refused_in_the_page_s_words_at_its_line(open_board):
    """`dim` beyond Python's 4,300-digit int limit: the German page names line 2 in German
    (the board size refusal, build_tools/labels.py game_record_board), never Python's English."""
    bp = open_board("brandubh", "de")
    bp.start()
    import_text(bp, "[variant:Brandubh]\n[rules:dim:" + "7" * 5000 + " start:/7/]\n\n1. d1-b1\n")
    msg = import_message(bp)
    assert msg.startswith("Die Partienotation wurde nicht übernommen: Zeile 2: die Notation gilt für ein Brett mit 7777…")
    assert "Exceeds" not in msg and "digits" not in msg
    assert played(bp) == [] and bp.errors == []
    close_panels(bp)


# OpenTafl's custodial king (ks:w) in Brandubh's rules string (tafl_core.opentafl.to_opentafl of
# variants_src/brandubh/rules.toml has ks:c): the record differs from the page only in the king's
# capture, which the page's assumption box switches (alternative custodial).
CUSTODIAL_KING = ("[variant:Brandubh]\n[result:?]\n"
                  "[rules:dim:7 name:Brandubh atkf:y tfr:w ks:w cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n"
                  "1. d1-b1 d3-c3\n")


def test_other_rules_are_named_in_the_page_s_words_and_the_king_s_capture_is_offered_the_switch(open_board):
    """The difference is worded with the site's own names for the rule and its values, in German
    on the German page (no code such as throne_graded or custodial); the switch is offered and
    turns the assumption."""
    from conftest import wait_idle as idle
    bp = open_board("brandubh", "de")
    bp.start()
    import_text(bp, CUSTODIAL_KING)
    data = bp.page.evaluate("document.querySelector('#board').tbBoard.data")
    rule = data["reasons"]["forms"]["rule"]["king_capture"]
    words = data["names"]["values"]["keys"]["king_capture"]
    assert bp.page.inner_text('#board [data-role="import-rules"]') == (
        f"Die Regeln der Partienotation weichen von denen dieser Seite ab: {rule} "
        f"(in der Partie: {words['custodial']}, hier: {words['throne_graded']}).")
    assert words["custodial"] == "von 2 Seiten"   # build_tools/labels.py VALUE_NAMES
    switch = bp.page.locator('#board button[data-record="switch-rules"]')
    assert switch.is_visible()
    switch.click()
    idle(bp.page)
    bp.page.wait_for_function("document.querySelector('#board input[data-alternative=\"king_capture\"]').checked")
    bp.page.wait_for_function("!document.querySelector('#board [data-role=\"import-rules\"]').hidden")
    idle(bp.page)
    assert played(bp) == ["d1-b1", "d3-c3"]
    # left is what only matters once the king is taken on two sides: OpenTafl asks an empty
    # throne's hostility per side, so the record's king counts it as the defenders do
    hostile = data["reasons"]["forms"]["rule"]["throne_hostile_empty"]
    assert bp.page.inner_text('#board [data-role="import-rules"]') == (
        f"Die Regeln der Partienotation weichen von denen dieser Seite ab: {hostile} "
        "(in der Partie: Angreifer, Verteidiger, König, hier: Angreifer, Verteidiger).")
    assert not switch.is_visible()
    close_panels(bp)
    bp.page.click('#board input[data-alternative="king_capture"]')  # the page's rules again
    idle(bp.page)
    bp.start()
    assert bp.errors == []


def test_an_imported_resigned_game_is_over_on_the_board(open_board):
    """A record whose result tag ends it (the attackers resign: result -1) is over: the result
    shown, no piece moves; Undo lets the game run on."""
    bp = open_board("brandubh", "en")
    bp.start()
    import_text(bp, "[variant:Brandubh]\n[result:-1]\n[termination:Attackers resigned]\n\n1. d1-b1 d3-c3\n")
    assert played(bp) == ["d1-b1", "d3-c3"]
    assert bp.attr("data-result") == "defenders" and bp.attr("data-reason") == "record"
    assert bp.page.inner_text('#board [data-role="result"]').startswith("The defenders win")
    close_panels(bp)
    bp.click("a4")   # an attacker, the attackers to move: nothing to select in an ended game
    wait_idle(bp.page)
    assert bp.targets() == [] and played(bp) == ["d1-b1", "d3-c3"]
    bp.action("undo")
    assert bp.attr("data-result") is None
    assert bp.select("d3") != []
    bp.start()
    assert bp.errors == []


@pytest.mark.parametrize("slug,lang", [("copenhagen-hnefatafl", "de"), ("brandubh", "en")])
def test_the_export_panel_says_under_which_rules_opentafl_opens_the_record(open_board, slug, lang):
    """Copenhagen's repetition rule (the defenders lose) is not OpenTafl's: the record carries
    OpenTafl's nearest rules and the panel names the rule written otherwise, in the page's words;
    Brandubh's rules are OpenTafl's own, and the panel says nothing."""
    bp = open_board(slug, lang)
    play_game(bp, slug)
    text = export_text(bp)
    assert "\n[rules:dim:" in text
    note = bp.page.locator('#board [data-role="export-opentafl"]')
    if slug == "brandubh":
        assert note.is_hidden()
    else:
        data = bp.page.evaluate("document.querySelector('#board').tbBoard.data")
        rule = data["reasons"]["forms"]["rule"]["repetition"]
        values = data["names"]["values"]["keys"]["repetition"]
        assert note.inner_text() == (
            "OpenTafl kennt nicht alle Regeln dieser Seite; die Datei nennt OpenTafls nächste Regeln, unter denen "
            f"diese Züge genauso verlaufen. Anders als hier: {rule} (hier: {values['loss_defenders']}, "
            f"in der Datei: {values['loss_repeater']}).")
        assert "tfr:w" in text and "[start-comment:Tafl-Kompendium:" in text
    fresh(bp)
    assert bp.errors == []


def test_the_export_panel_says_why_no_opentafl_file_can_be_made(open_board):
    """Tawlbwrdd (Bell) ignores repetition, OpenTafl's nearest rule draws at the third
    occurrence: two pieces going back and forth repeat the start a third time at ply 8."""
    bp = open_board("tawlbwrdd-bell", "en")
    bp.start()
    for mv in ["e1-d1", "f4-e4", "d1-e1", "e4-f4"] * 2:
        bp.move(*mv.split("-"))
    text = export_text(bp)
    assert "[rules:" not in text
    assert bp.page.inner_text('#board [data-role="export-opentafl"]').startswith(
        "OpenTafl cannot open this record: Under OpenTafl's nearest rules (")
    assert "ply 8 (e4-f4) would play otherwise than here. This board reads it back." in bp.page.inner_text(
        '#board [data-role="export-opentafl"]')
    close_panels(bp)
    bp.start()
    assert bp.errors == []
