"""The engine's refusals on the board, in the page's words (notes/CONTRACTS.md "Worker
protocol", Reasons): the bridge gives a refusal as a code with params, board-data `reasons` gives
its template per language, and the board fills it (docs/assets/board/reasons.js, unit-tested in
tests/js/reasons.test.mjs). These tests take the expected words from the page's own board-data,
so they check that the board shows exactly those, for a move, a link and a set-up position."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SLUG = "ealdfaeder-taefl"


def template(bp, code: str) -> str:
    """The template of `code` in the page's board-data (build_tools/labels.py reason_words)."""
    return bp.page.evaluate("""(code) => JSON.parse(document.querySelector(
        '#board script[data-role="board-data"]').textContent).reasons.templates[code]""", code)


def diagonal_move(bp) -> tuple[str, str]:
    """A piece that may move and an empty square diagonally next to it."""
    pieces = bp.pieces()
    movable = bp.page.evaluate("() => document.querySelector('#board').tbBoard.st.movable")
    size = bp.page.evaluate("() => document.querySelector('#board').tbBoard.size")
    for sq in movable:
        f, r = ord(sq[0]) - 97, int(sq[1:]) - 1
        for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            g, s = f + df, r + dr
            to = chr(97 + g) + str(s + 1)
            if 0 <= g < size and 0 <= s < size and to not in pieces:
                return sq, to
    raise AssertionError("no piece with an empty diagonal neighbour")


@pytest.mark.parametrize("lang, sentence", [
    ("de", "Der Zug {mv} ist nicht erlaubt: {why}."),
    ("en", "The move {mv} is not legal: {why}."),
])
def test_a_refused_move_is_worded_from_board_data(open_board, lang, sentence):
    bp = open_board(SLUG, lang)
    bp.start()
    frm, to = diagonal_move(bp)
    bp.select(frm)
    bp.click(to)  # no target: the engine refuses it
    bp.page.wait_for_selector('#board [data-role="message"]:not([hidden])')
    words = template(bp, "not_along_line")
    assert "{from}" in words and "{to}" in words
    why = words.replace("{from}", frm).replace("{to}", to)
    assert bp.message() == sentence.format(mv=f"{frm}-{to}", why=why)
    if lang == "de":
        assert why == f"{frm}-{to} führt nicht entlang einer Reihe oder Linie"
    assert bp.moves() == []
    bp.start()


def test_a_refused_link_and_set_up_are_worded_from_board_data(open_board):
    bp = open_board(SLUG, "de")
    # a move from an empty square in a link: its ply and move are the board's, the why the engine's
    bp.load("#moves=a2-a3")
    assert bp.message() == ("Der Link enthält keine gültige Partie (Zug 1 (a2-a3) ist nicht erlaubt: "
                            + template(bp, "no_piece").replace("{square}", "a2") + "). Es gilt die Startaufstellung.")
    # a position without a king, in a link and from the editor (check_position)
    no_king = template(bp, "no_king")
    assert no_king == "die Stellung hat keinen König"
    bp.load("#pos=/9/9/9/9/9/9/9/9/9/")
    assert bp.message() == f"Der Link enthält keine gültige Partie (Stellung: {no_king}). Es gilt die Startaufstellung."
    bp.start()
    bp.action("edit")
    bp.page.click('#board [data-editor="clear"]')
    bp.page.click('#board [data-editor="play"]')
    bp.page.wait_for_selector('#board [data-role="message"]:not([hidden])')
    assert bp.message() == f"Diese Stellung ist nicht möglich: {no_king}"
    bp.page.click('#board [data-editor="cancel"]')
    bp.start()


@pytest.mark.parametrize("lang, words", [
    ("de", {"d4": "Die Figur auf d4 kann jetzt nicht ziehen: Am Zug sind die Angreifer.",
            "e1": "Die Figur auf e1 kann jetzt nicht ziehen: Sie hat in dieser Stellung keinen erlaubten Zug."}),
    ("en", {"d4": "The piece on d4 cannot move now: it is the attackers' turn.",
            "e1": "The piece on e1 cannot move now: it has no legal move in this position."}),
])
def test_a_piece_that_cannot_move_says_why(open_board, lang, words):
    """Ealdfæder Tæfl's start (variants_src/ealdfaeder-taefl: attackers first; attackers d1 e1 f1
    e2, defenders d4 e4 f4 around the king e5): the defender d4 waits for the attackers' move,
    and the attacker e1 has d1, f1, e2 and the board's edge around it."""
    bp = open_board(SLUG, lang)
    bp.start()
    for sq, sentence in words.items():
        bp.click(sq)
        assert bp.message() == sentence
        assert bp.attr("data-to-move") == "attackers" and bp.moves() == []
    assert bp.errors == []
