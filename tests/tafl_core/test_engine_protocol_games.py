"""``python -m tafl_core engine`` over a pipe: where one game ends and the next begins. The
protocol text (OpenTafl's opentafl-engine-protocol.txt): "When receiving a 'rules' command, the
engine should initialize to the starting board position"; 'finish' ends a game; 'position' sets
the board; an engine that cannot answer 'play' says so with 'error -1' (critical: the host ends
the game instead of waiting for a move)."""

from __future__ import annotations

from tafl_core import Game, Position
from tafl_core.engine_protocol import EngineSession
from tafl_core.opentafl import ruleset_from_opentafl

from .test_engine_protocol import BRANDUB, GUARD_SECONDS, Host, engine_move

# OpenTafl's Alea Evangelii (core rules) start, three empty lines added on every side: a 25x25
# board, which no OpenTafl rules string of tafl_core's own (to_opentafl) can say.
ALEA_25 = ("dim:25 name:Alea_Evangelii_(core_rules) atkf:y tfr:w cenh: start:/25/25/25/5t2t7t2t5/25/3t4t7t4t3/"
           "10t1t1t10/9t1T1T1t9/3t1t2t7t2t1t3/7t4T4t7/6t4T1T4t6/7T2T1T1T2T7/6t2T1TKT1T2t6/7T2T1T1T2T7/"
           "6t4T1T4t6/7t4T4t7/3t1t2t7t2t1t3/9t1T1T1t9/10t1t1t10/3t4t7t4t3/25/5t2t7t2t5/25/25/25/")
# Another 25x25 game: a king, two defenders and two attackers on the middle line.
SPARSE_25 = "dim:25 name:Sparse atkf:y start:/" + "25/" * 12 + "8t2TKT2t8/" + "25/" * 12
# A Brandub position in which the defenders win at once: the king on c7 (a record's rows run
# from rank 1 up) goes to the corner a7 or g7; the attackers have two pieces.
KING_NEXT_TO_ESCAPE = "/7/7/7/6t/7/t6/2K4/"


def start_host() -> Host:
    h = Host("--depth", "2")
    h.expect("simple-moves")
    return h


def finish(h: Host) -> None:
    try:
        assert h.close() == 0
    finally:
        if h.proc.poll() is None:
            h.proc.kill()
            h.proc.wait()


def test_play_after_the_game_ended_is_answered_by_error_and_the_engine_stays_alive():
    """The king escapes with the engine's move; 'play' for either side, 'analyze' and 'side'
    then get the protocol's error, and the engine plays the next game the host sets up."""
    h = start_host()
    try:
        h.send("rules " + BRANDUB)
        h.send("position " + KING_NEXT_TO_ESCAPE)
        h.send("play defenders")
        game = Game(ruleset_from_opentafl(BRANDUB), Position.from_otn(KING_NEXT_TO_ESCAPE), "defenders")
        engine_move(h, game)
        assert game.result is not None and game.result.winner == "defenders"
        for line in ("play attackers", "play defenders", "analyze 2 0"):
            h.send(line)
            assert h.expect("error").startswith(("error -1 ", "error 0 "))
        h.send("rules " + BRANDUB)
        h.send("play attackers")
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB)))
    finally:
        finish(h)


def test_a_new_game_under_the_same_rules_after_finish_starts_at_the_layout():
    """After a game that ended and 'finish', the same rules again start a new game."""
    h = start_host()
    try:
        h.send("rules " + BRANDUB)
        h.send("position " + KING_NEXT_TO_ESCAPE)
        h.send("play defenders")
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB), Position.from_otn(KING_NEXT_TO_ESCAPE), "defenders"))
        h.send("finish 3")
        h.send("rules " + BRANDUB)
        h.send("play attackers")
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB)))
    finally:
        finish(h)


def test_play_after_finish_without_new_rules_asks_the_host_for_the_board():
    h = start_host()
    try:
        h.send("rules " + BRANDUB)
        h.send("play attackers")
        game = Game(ruleset_from_opentafl(BRANDUB))
        engine_move(h, game)
        h.send("finish 0")
        h.send("play attackers")
        assert h.expect("rules") == "rules"
        assert h.expect("position") == "position"
        h.send("rules " + BRANDUB)
        h.send("position " + KING_NEXT_TO_ESCAPE)
        h.send("side attackers")
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB), Position.from_otn(KING_NEXT_TO_ESCAPE), "attackers"))
    finally:
        finish(h)


def test_new_rules_on_boards_over_19x19_start_their_own_game():
    """Two rules strings that tafl_core could not write back as OpenTafl strings (25x25) are
    still two games: the second one's layout is played."""
    h = start_host()
    try:
        h.send("rules " + ALEA_25)
        h.send("play attackers")
        engine_move(h, Game(ruleset_from_opentafl(ALEA_25)))
        h.send("rules " + SPARSE_25)
        h.send("play attackers")
        engine_move(h, Game(ruleset_from_opentafl(SPARSE_25)))
    finally:
        finish(h)


def test_a_position_sent_before_the_rules_is_the_board_played():
    """'position' before 'rules' is kept and set up under the rules that follow: the engine
    wins at once there (from the layout no defender can reach a corner)."""
    h = start_host()
    try:
        h.send("position " + KING_NEXT_TO_ESCAPE)
        h.send("rules " + BRANDUB)
        h.send("play defenders")
        assert h.expect("move ") in ("move c7-a7", "move c7-g7")
    finally:
        finish(h)


def test_input_that_ends_right_after_play_gets_the_move():
    h = Host("--depth", "2")
    try:
        h.send("rules " + BRANDUB)
        h.send("play attackers")
        h.proc.stdin.close()
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB)))
        assert h.proc.wait(timeout=GUARD_SECONDS) == 0
    finally:
        if h.proc.poll() is None:
            h.proc.kill()
            h.proc.wait()


def test_a_dim_of_thousands_of_digits_is_a_critical_error_in_words():
    """Python reads at most 4,300 digits into an int; the engine refuses such a dim before,
    naming the largest board, with the protocol's critical error."""
    h = start_host()
    try:
        h.send("rules dim:" + "9" * 5000 + " start:/7/7/7/3K3/7/7/7/")
        line = h.expect("error")
        assert line.startswith("error -1 ") and "25x25" in line and "4300" not in line
        h.send("rules " + BRANDUB)
        h.send("play attackers")
        engine_move(h, Game(ruleset_from_opentafl(BRANDUB)))
    finally:
        finish(h)


def test_a_position_before_the_rules_that_does_not_fit_them_is_refused_by_name():
    """A 9x9 board sent before Brandub's 7x7 rules: the rules stand at their start, the board is
    refused with an error naming the position."""
    sent: list[str] = []
    s = EngineSession(sent.append, depth=1)
    s.handle("position /9/9/9/9/4K4/9/9/9/9/")
    assert sent == []
    s.handle("rules " + BRANDUB)
    assert len(sent) == 1 and sent[0].startswith("error 0 position") and "9x9" in sent[0]
    assert s.game.position() == ruleset_from_opentafl(BRANDUB).layout
