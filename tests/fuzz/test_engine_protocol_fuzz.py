"""Fuzzing ``python -m tafl_core engine`` (the OpenTafl Engine Protocol, OpenTafl's
opentafl-engine-protocol.txt) with random command sequences: rules readable and not, positions
of running and of ended games, moves and boards that fit the engine's game or do not, clocks,
analyses, plays for either side, errors, finishes, unknown, empty, over-long and non-ASCII lines.

Whatever comes, the engine stays alive and answers in its protocol (README.md, "Engine protocol"):
every line it writes is one of the engine's commands in US-ASCII, never a traceback and never
``internal error`` (a fault of tafl_core it caught); after the sequence it still plays a legal
move under new rules and ends with exit 0 on ``goodbye``.

Two drivers: the process over its pipes (seeded sequences, ``random.Random(seed)``), and
:func:`tafl_core.engine_protocol.serve` in-process on text streams (hypothesis, which shrinks a
failing sequence). The fast part is a few seconds of ``make test-fast``; the slow part runs more
and longer sequences. Budget: tests/fuzz/budget.py (``FUZZ_EXAMPLES``)."""

from __future__ import annotations

import io
import queue
import random
import subprocess
import sys
import threading

import pytest
from hypothesis import given, strategies as st

from tafl_core import Game
from tafl_core.engine_protocol import MAX_LINE, serve
from tafl_core.opentafl import ruleset_from_opentafl

from .budget import examples, fuzz_settings
from .harness import REPO

BRANDUB = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
#: The last commands of every sequence: the game under way finished (a play still waiting for the
#: rules and board it asked for is dropped), a new one at Brandub's start (a position sent while no
#: rules held is set up under the rules that follow; this one replaces it), and a play.
FINAL = ["finish 0", "rules " + BRANDUB, "position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "play attackers"]
#: Rules the engine reads (Brandub with other flags, a 25x25 board with few pieces) and rules it
#: refuses (Tablut's Linnaean capture, a dim of 5,000 digits, a start record of the wrong size,
#: no start, an unknown key).
RULES = [BRANDUB, BRANDUB.replace("atkf:y", "atkf:n"), BRANDUB.replace("ks:w", "ks:s"),
         BRANDUB.replace("surf:n", "surf:y"), BRANDUB.replace("cenhe:", "cenhe:tcnkTCNK"),
         "dim:25 name:Sparse atkf:y start:/" + "25/" * 12 + "8t2TKT2t8/" + "25/" * 12,
         "dim:9 name:Tablut esc:e atkf:y ks:c linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
         "dim:" + "9" * 5000 + " start:/7/", "dim:9 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "dim:7",
         "dim:7 frob:1 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", ""]
#: Brandub boards that end at once or have ended: the king next to a corner (defenders win in
#: one), on a corner (escaped), surrounded; a board without attackers; a board without king.
ENDINGS = ["/7/7/7/6t/7/t6/2K4/", "/7/7/7/6t/7/t6/K6/", "/7/7/7/2t4/1tKt3/2t4/7/", "/7/7/7/3K3/7/7/7/",
           "/7/7/7/3t3/7/7/3T3/"]
#: The commands drawn, ``play`` and ``position`` more often than the rest (a game's end needs a
#: board and plays after it).
WORDS = ("play", "play", "play", "position", "position", "rules", "side", "clock", "analyze", "move",
         "opponent-move", "error", "finish", "hello", "frobnicate")
#: The first word of every line the engine may write (protocol text, "Engine -> OpenTafl").
ENGINE_WORDS = {"hello", "simple-moves", "move", "analysis", "status", "error", "rules", "position"}
GUARD_SECONDS = 120


def _playouts(n: int, seed: int) -> list[tuple[str, str]]:
    """(move, board after it) pairs from random Brandub games: moves and records the engine's
    own game may or may not hold."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        g = Game(ruleset_from_opentafl(BRANDUB))
        for _ in range(rng.randrange(1, 40)):
            if g.result is not None:
                break
            m = str(rng.choice(list(g.legal_moves())))
            g.play(m)
            out.append((m, g.position().to_otn()))
    return out


PLAYED = _playouts(12, 7)


def _record(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(PLAYED)[1]
    if pick < 0.7:
        return rng.choice(ENDINGS)
    if pick < 0.85:   # a record with a few characters changed
        rec = list(rng.choice(PLAYED)[1])
        for _ in range(rng.randrange(1, 4)):
            rec[rng.randrange(len(rec))] = rng.choice("/tTkK0123456789x ")
        return "".join(rec)
    return rng.choice(["/9/", "/", "", "/7/7/7/7/7/7/7/7/", "/" + "9" * 40 + "/", "/25/" * 25, "\u00e9/7/"])


def _number(rng: random.Random) -> str:
    """A clock field: milliseconds (or, in the last three places, seconds and counts) small
    enough that no move takes more than a second or two (a move may spend half an overtime
    period: engine_protocol.OVERTIME_SHARE), and malformed ones."""
    return rng.choice([str(rng.randrange(0, 3000)), str(rng.randrange(0, 3000)) + "*", "-5", "x", "9" * 30, "",
                       "0", "1", "2", "1e9", "nan"])


def _game_run(rng: random.Random) -> list[str]:
    """The commands of a stretch of real play: rules, a board (the start or one about to end),
    then plays and the host's answers to them (some of them right, some wrong)."""
    out = ["rules " + rng.choice(RULES[:5])]
    if rng.random() < 0.6:
        out.append("position " + rng.choice(ENDINGS[:1] + [rng.choice(PLAYED)[1]]))
    for _ in range(rng.randrange(1, 5)):
        out.append("play " + rng.choice(["attackers", "defenders"]))
        if rng.random() < 0.5:
            move, record = rng.choice(PLAYED)
            out.append(rng.choice([f"move {record}", f"opponent-move {move} {record}", "error 2"]))
    return out


def commands(rng: random.Random, slow: bool = False) -> list[str]:
    """One random command line, or a few for a stretch of real play (no ``goodbye``)."""
    if rng.random() < 0.06:
        return _game_run(rng)
    return [command(rng, slow)]


def command(rng: random.Random, slow: bool = False) -> str:
    """One random command line (no ``goodbye``)."""
    word = rng.choice(WORDS)
    side = rng.choice(["attackers", "defenders", "attackers", "defenders", "north", "", "ATTACKERS"])
    if word == "play":
        return "play " + side
    if word == "side":
        return "side " + side
    if word == "rules":
        return "rules " + rng.choice(RULES)
    if word == "position":
        return "position " + _record(rng)
    if word == "clock":
        return "clock " + " ".join(_number(rng) for _ in range(rng.randrange(0, 6)))
    if word == "analyze":
        secs = rng.choice(["0", "0", "0", "1"] if slow else ["0"])
        return "analyze " + rng.choice([str(rng.randrange(0, 45)), "x", "-1", "9" * 20]) + " " + rng.choice([secs, "x", ""])
    if word == "move":
        return "move " + _record(rng)
    if word == "opponent-move":
        move, record = rng.choice(PLAYED)
        if rng.random() < 0.3:
            move = rng.choice(["zz-zz", "a1-a9", "d1-d1", move + "|" + move, "", "end"])
        return f"opponent-move {move} {_record(rng) if rng.random() < 0.4 else record}"
    if word in ("error", "finish"):
        return word + " " + rng.choice(["0", "1", "2", "3", "4", "-1", "99", "x", ""])
    if word == "hello":
        return "hello"
    return rng.choice(["frobnicate", "", "   ", "x" * (MAX_LINE + 10), "play", "rules", "\u00e9\u00e8 ok",
                       "opponent-move", "clock *", "\t", "status hi"])


def check_output(lines: list[str]) -> None:
    for line in lines:
        assert line.isascii(), line[:80]
        assert line.split(" ", 1)[0] in ENGINE_WORDS, line[:120]
        assert "internal error" not in line and "Traceback" not in line, line[:300]


class Engine:
    """The engine process; :meth:`sync` waits until it has handled every line sent so far."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "tafl_core", "engine", "--depth", "1", "--seconds", "0.05"],
                                     cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        self.marks = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("ascii", "replace").rstrip("\n"))
        self.lines.put(None)

    def send(self, lines: list[str]) -> None:
        self.proc.stdin.write("".join(ln + "\n" for ln in lines).encode("utf-8", "surrogatepass"))
        self.proc.stdin.flush()

    def sync(self) -> None:
        """Send a marker (an unknown command) and read up to its answer: the engine is alive and
        has handled every line before it."""
        self.marks += 1
        mark = f"sync{self.marks}"
        self.send([mark])
        while True:
            line = self.lines.get(timeout=GUARD_SECONDS)
            assert line is not None, f"the engine ended; its last lines: {self.seen[-5:]}"
            self.seen.append(line)
            if line == f"error 0 unknown command {mark}":
                return


def run_sequence(seed: int, length: int, slow: bool = False) -> None:
    """About ``length`` random commands to one engine process, handled in chunks of ten draws
    (at most 50 lines: well under the queue's bound, so that no line is refused for waiting), then
    a game under Brandub."""
    rng = random.Random(seed)
    eng = Engine()
    try:
        sent = 0
        while sent < length:
            chunk = [ln for _ in range(min(10, length - sent)) for ln in commands(rng, slow)]
            sent += 10
            eng.send(chunk)
            eng.sync()
        before = len(eng.seen)
        eng.send(FINAL)
        eng.sync()
        moves = [ln for ln in eng.seen[before:] if ln.startswith("move ")]
        assert len(moves) == 1 and Game(ruleset_from_opentafl(BRANDUB)).is_legal(moves[-1].split(" ", 1)[1]), eng.seen[-5:]
        eng.send(["goodbye"])
        assert eng.proc.wait(timeout=GUARD_SECONDS) == 0
        while (line := eng.lines.get(timeout=GUARD_SECONDS)) is not None:
            eng.seen.append(line)
        check_output(eng.seen)
        assert eng.proc.stderr.read() == b""
    finally:
        if eng.proc.poll() is None:
            eng.proc.kill()
            eng.proc.wait()


def test_random_command_sequences_over_the_pipe():
    run_sequence(seed=1, length=200)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 2 + examples(6)))
def test_long_random_command_sequences_over_the_pipe(seed):
    run_sequence(seed=seed, length=600, slow=True)


@fuzz_settings(20)
@given(seed=st.integers(0, 2 ** 32 - 1), length=st.integers(1, 30))
def test_random_command_sequences_in_process(seed, length):
    """:func:`serve` on a text stream: the sequence, then a play under Brandub; it returns 0 at
    the end of the input, with the move for that play written."""
    rng = random.Random(seed)
    lines = [ln for _ in range(length) for ln in commands(rng)] + FINAL
    out = io.StringIO()
    inp = io.StringIO("".join(ln + "\n" for ln in lines).encode("ascii", "replace").decode("ascii"))
    assert serve(inp, out, depth=1, seconds=0.05) == 0
    written = out.getvalue().splitlines()
    check_output(written)
    last = written[-1]
    assert last.startswith("move ") and Game(ruleset_from_opentafl(BRANDUB)).is_legal(last.split(" ", 1)[1]), written[-4:]

