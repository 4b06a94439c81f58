"""``python -m tafl_core engine``, the OpenTafl Engine Protocol (OpenTafl's
opentafl-engine-protocol.txt): a scripted host drives the engine process over stdin/stdout the
way OpenTafl's ExternalEngineHost does (rules, clock before play, move confirmations with the
board, opponent moves with the board, a refused move, analysis, finish, goodbye)."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading

import pytest

from tafl_core import Game, Position
from tafl_core.engine_protocol import MAX_LINE, EngineSession
from tafl_core.opentafl import ruleset_from_opentafl

from .helpers import REPO

# OpenTafl's Brandub rules string (shared/reference/README.md, verbatim from OpenTafl).
BRANDUB = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
TABLUT = ("dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y "
          "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")
#: Guard against a hung engine process (not a timing assertion: depth-2 searches on 7x7 take
#: milliseconds).
GUARD_SECONDS = 120


class Host:
    """The engine as a child process, with OpenTafl's side of the conversation."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, "-m", "tafl_core", "engine", *args], cwd=REPO,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="ascii")
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, *prefixes: str) -> str:
        """The next line starting with one of ``prefixes`` (status lines and the greeting before
        it are passed over)."""
        while True:
            line = self.lines.get(timeout=GUARD_SECONDS)
            assert line is not None, f"engine exited; saw {self.seen[-5:]}"
            self.seen.append(line)
            if line.startswith(prefixes):
                return line
            assert line.startswith(("status ", "hello", "simple-moves ")), f"unexpected line {line!r}"

    def close(self) -> int:
        self.send("goodbye")
        self.proc.stdin.close()
        return self.proc.wait(timeout=GUARD_SECONDS)


@pytest.fixture
def host():
    h = Host("--depth", "2")
    yield h
    if h.proc.poll() is None:
        h.proc.kill()
        h.proc.wait()


def engine_move(host: Host, game: Game) -> str:
    """Read the engine's move, check it on the host's board and play it there."""
    line = host.expect("move ")
    move = line.split(" ", 1)[1]
    assert game.is_legal(move), (move, game.position().to_otn())
    game.play(move)
    return move


def test_a_game_as_opentafl_drives_it(host):
    assert host.expect("hello") == "hello"
    assert host.expect("simple-moves") == "simple-moves on"
    game = Game(ruleset_from_opentafl(BRANDUB))
    host.send("rules " + BRANDUB)
    for _ in range(4):
        # OpenTafl sends the clock, then play (ExternalEngineHost.playForCurrentSide)
        host.send("clock 60000 60000 5 3 3 ")
        host.send("play attackers")
        engine_move(host, game)
        host.send("move " + game.position().to_otn())
        if game.result is not None:
            break
        reply = sorted(str(m) for m in game.legal_moves())[0]
        game.play(reply)
        host.send(f"opponent-move {reply} {game.position().to_otn()}")
        if game.result is not None:
            break
    host.send("finish 0")
    assert host.close() == 0


def test_a_refused_move_is_taken_back(host):
    """OpenTafl answers a move it refuses with 'error 2', then 'opponent-move' with the prior
    move and the board before the refused move, then 'play' (protocol text, 'opponent-move')."""
    host.expect("simple-moves")
    game = Game(ruleset_from_opentafl(BRANDUB))
    host.send("rules " + BRANDUB)
    host.send("play attackers")
    first = engine_move(host, game)
    host.send("move " + game.position().to_otn())
    game.play("d5-c5")
    host.send("opponent-move d5-c5 " + game.position().to_otn())
    host.send("play attackers")
    refused = host.expect("move ").split(" ", 1)[1]
    assert game.is_legal(refused)
    host.send("error 2")
    host.send("opponent-move d5-c5 " + game.position().to_otn())
    host.send("play attackers")
    again = engine_move(host, game)   # legal on the board without the refused move
    assert first and again
    assert host.close() == 0


def test_play_before_rules_asks_the_host(host):
    host.expect("simple-moves")
    host.send("play defenders")
    assert host.expect("rules") == "rules"
    assert host.expect("position") == "position"
    game = Game(ruleset_from_opentafl(BRANDUB))
    game.play("d1-c1")
    host.send("rules " + BRANDUB)
    host.send("position " + game.position().to_otn())
    engine_move(host, game)
    assert host.close() == 0


def test_analysis(host):
    host.expect("simple-moves")
    game = Game(ruleset_from_opentafl(BRANDUB))
    game.play("d1-c1")
    host.send("rules " + BRANDUB)
    host.send("position " + game.position().to_otn())
    host.send("side defenders")
    host.send("clock 60000 60000 0 0 0")
    host.send("analyze 3 1")
    parts = host.expect("analysis ").split()
    count = int(parts[1])
    # ExternalEngineHost.handleAnalysisCommand: after the count, move-list/evaluation pairs
    assert 1 <= count <= 3 and len(parts) == 2 + 2 * count
    for lst, score in zip(parts[2::2], parts[3::2]):
        float(score)
        assert game.is_legal(lst.split("|")[0]), lst
    assert len({lst.split("|")[0] for lst in parts[2::2]}) == count
    assert host.close() == 0


def test_rules_it_cannot_play_are_a_critical_error(host):
    host.expect("simple-moves")
    host.send("rules " + TABLUT)
    line = host.expect("error")
    assert line.startswith("error -1 ") and "linc" in line
    assert host.close() == 0


@pytest.mark.parametrize("line", ["clock x y", "analyze a b", "side north", "play sideways",
                                  "opponent-move zz-zz /bad/", "rules dim:7", "position /9/", "frobnicate",
                                  "x" * (MAX_LINE + 5)])
def test_malformed_commands_are_non_critical_errors(host, line):
    host.expect("simple-moves")
    host.send("rules " + BRANDUB)
    host.send(line)
    err = host.expect("error")
    assert err.startswith(("error 0 ", "error -1 ")) and "Traceback" not in err
    # the engine still plays (after rules it could not read, once it has rules again)
    host.send("rules " + BRANDUB)
    host.send("position " + Position.from_otn(BRANDUB.split("start:")[1]).to_otn())
    host.send("play attackers")
    host.expect("move ")
    assert host.close() == 0


def test_clock_sets_the_time_of_a_move():
    """A share of the main time left plus half an overtime period while periods are left; half
    the period under way once main time is spent (the clock's '*')."""
    s = EngineSession(lambda line: None, seconds=3.0)
    assert s.move_seconds("attackers") == 3.0
    s.handle("clock 300000 60000 10 3 0 ")
    assert s.move_seconds("attackers") == pytest.approx(300 / 30 + 10 * 0.5)
    assert s.move_seconds("defenders") == pytest.approx(60 / 30)
    s.handle("clock 8000* 60000 10 2 0")
    assert s.move_seconds("attackers") == pytest.approx(4.0)


def test_error_takes_back_the_engines_move():
    """The host's 'error 2' (an illegal move) takes the engine's last move back off its board."""
    sent = []
    s = EngineSession(sent.append, depth=1)
    s.handle("rules " + BRANDUB)
    s.handle("play attackers")
    assert s.ready_to_play()
    s.think()
    assert sent[-1].startswith("move ") and len(s.game.moves_played) == 1
    s.handle("error 2")
    assert len(s.game.moves_played) == 0
    assert s.game.position() == ruleset_from_opentafl(BRANDUB).layout


def test_goodbye_ends_the_process_while_its_input_stays_open(host):
    """OpenTafl may keep the pipe open after 'goodbye': the engine exits 0 all the same (its
    reader thread is still inside a read of stdin; an interpreter shutting down around it
    would abort)."""
    host.expect("simple-moves")
    host.send("goodbye")
    assert host.proc.wait(timeout=GUARD_SECONDS) == 0


def test_the_transposition_table_is_kept_between_a_games_moves(monkeypatch):
    """Each move's search starts from the table the searches before it filled, under the same
    rules; rules of another game start an empty one (its keys would mean other positions)."""
    import tafl_core.engine_protocol as ep
    started = []

    class Spy(ep.Search):
        def __init__(self, game, **kw):
            super().__init__(game, **kw)
            started.append((self.tt, len(self.tt)))   # the table kept alive: compared by identity

    monkeypatch.setattr(ep, "Search", Spy)
    sent = []
    s = EngineSession(sent.append, depth=3)
    s.handle("rules " + BRANDUB)
    s.handle("play attackers")
    s.think()
    first = sent[-1].split()[1]
    g = Game(ruleset_from_opentafl(BRANDUB))
    g.play(first)
    reply = next(str(m) for m in g.legal_moves())
    g.play(reply)
    s.handle(f"opponent-move {reply} {g.position().to_otn()}")
    s.handle("play attackers")
    s.think()
    assert started[0][1] == 0 and started[1][0] is started[0][0] and started[1][1] > 0
    s.handle("rules " + BRANDUB.replace("atkf:y", "atkf:n"))
    s.handle("play attackers")
    s.think()
    assert started[2][1] == 0 and started[2][0] is not started[0][0]
