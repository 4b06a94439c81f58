"""``python -m tafl_core engine``: the engine as an external engine of OpenTafl, speaking the
OpenTafl Engine Protocol (OpenTafl's ``opentafl-engine-protocol.txt``; the host's side as
``ExternalEngineHost.java`` sends it) over stdin/stdout, one US-ASCII command a line.

OpenTafl -> engine: ``rules <rules string>`` (read by :func:`tafl_core.opentafl.ruleset_from_opentafl`;
a rule this engine cannot play is answered ``error -1 <why>``), ``position <record>``,
``side <attackers|defenders>``, ``clock <att-ms>[*] <def-ms>[*] <overtime-s> <att-overtimes>
<def-overtimes>``, ``analyze <count> <seconds>``, ``play <side>``, ``move <record>`` (our move
was made: the board after it), ``opponent-move <move|move...> <record>``, ``error <code>`` (our
move was refused), ``finish <code>``, ``goodbye``.

Engine -> OpenTafl: ``hello`` (at start), ``simple-moves on``, ``move <a1-a4>``,
``analysis <count> <move|pv...> <score> ...``, ``status <text>``, ``error <-1|0> <message>``, and
the requests ``rules``/``position`` (sent when ``play`` comes before any rules: the host answers
with its rules and board).

Every input line is handled without a traceback: a malformed one is answered ``error 0 <why>``
(non-critical) and the session goes on. Lines longer than :data:`MAX_LINE` are refused unread.
The engine keeps its own game; where the host's board disagrees (``move``/``opponent-move``
records), the host's board is taken, with the side to move it implies.
"""

from __future__ import annotations

import io
import os
import queue
import sys
import threading
from typing import Callable, TextIO

from .errors import TaflError
from .game import Game
from .opentafl import OpenTaflRulesError, ruleset_from_opentafl, to_opentafl
from .position import Position
from .moves import Move
from .search import LEVELS, WIN, WIN_BOUND, Search, level_limits

#: Longest command line read (characters): a 25x25 position record with every square written
#: out, or a rules string, is far below it.
MAX_LINE = 20_000
#: Share of the remaining main time a move may spend (OpenTafl's clock: main time, then
#: overtime periods).
MAIN_TIME_SHARE = 1 / 30
#: Share of an overtime period a move may spend.
OVERTIME_SHARE = 0.5
#: Most seconds one move may take, whatever the clock says.
MAX_MOVE_SECONDS = 600.0
#: After ``play``, how long to wait for a ``clock`` line that may follow it (seconds): OpenTafl
#: sends the clock just before ``play``, the protocol text says just after.
CLOCK_GRACE = 0.05
_SIDES = ("attackers", "defenders")


class EngineSession:
    """One engine's state between commands: the rules, the game, the clock, the side.

    Args:
        send: writes one line (without its newline) to the host.
        seconds: seconds a move when the host sends no clock.
        depth: most plies a search goes (None: as deep as the time allows).
        level: a key of :data:`tafl_core.search.LEVELS`.
        seed: the seed of a noisy level.
    """

    def __init__(self, send: Callable[[str], None], seconds: float = 1.0, depth: int | None = None,
                 level: str = "strong", seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}'")
        self.send = send
        self.seconds, self.depth, self.level, self.seed = seconds, depth, level, seed
        self.ruleset = None
        self.game: Game | None = None
        self.clock: dict | None = None
        self.pending_play: str | None = None
        self.awaiting: set[str] = set()
        self.my_last = None          # the game's length after our last move (to take it back)
        self.finished: int | None = None
        # the searches' transposition table, kept between the moves under one ruleset (a new
        # one with every new ruleset: its keys would mean other positions)
        self._tt: dict = {}

    # -- dispatch -----------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Handle one command line from the host; False after ``goodbye``."""
        if len(line) > MAX_LINE:
            self.send(f"error 0 command longer than {MAX_LINE} characters ignored")
            return True
        line = line.strip()
        if not line:
            return True
        cmd, _, arg = line.partition(" ")
        arg = arg.strip()
        handler = getattr(self, "_cmd_" + cmd.replace("-", "_"), None) if cmd in _COMMANDS else None
        if handler is None:
            self.send("error 0 unknown command " + _ascii(cmd[:40]))
            return True
        try:
            return handler(arg) is not False
        except (TaflError, OpenTaflRulesError, ValueError, IndexError) as exc:
            self.send(f"error 0 {cmd}: " + _ascii(str(exc))[:300])
            return True

    def ready_to_play(self) -> bool:
        """Whether a ``play`` waits and everything it needs has arrived."""
        return self.pending_play is not None and not self.awaiting

    # -- commands -----------------------------------------------------------------------------
    def _cmd_hello(self, arg: str) -> None:
        return None

    def _cmd_goodbye(self, arg: str) -> bool:
        return False

    def _cmd_rules(self, arg: str) -> None:
        self.awaiting.discard("rules")
        try:
            rs = ruleset_from_opentafl(arg)
        except OpenTaflRulesError as exc:
            self.ruleset = self.game = None
            self.pending_play = None
            self.send("error -1 tafl_core cannot play these rules: " + _ascii(str(exc))[:300])
            return
        started = self.game is not None and (self.game.moves_played or self.my_last is not None)
        if self.game is not None and started and to_opentafl(rs) == to_opentafl(self.ruleset):
            return   # the host's answer to our request once the game has begun: keep the board
        self.ruleset, self.game, self.my_last, self.finished = rs, Game(rs), None, None
        self._tt = {}

    def _cmd_position(self, arg: str) -> None:
        self.awaiting.discard("position")
        self._need_game()
        self._set_board(arg, self.game.to_move)

    def _cmd_side(self, arg: str) -> None:
        self._need_game()
        self._set_side(_side(arg))

    def _cmd_clock(self, arg: str) -> None:
        parts = arg.split()
        if len(parts) < 2:
            raise ValueError("clock needs at least the two players' milliseconds")
        vals = []
        for p in parts[:2]:
            ms = p.rstrip("*")
            if not ms.lstrip("-").isdigit() or len(ms) > 15:
                raise ValueError(f"clock: '{_ascii(p[:20])}' is not milliseconds")
            vals.append((max(0, int(ms)), p.endswith("*")))
        nums = [int(p) if p.isdigit() and len(p) < 10 else 0 for p in parts[2:5]] + [0, 0, 0]
        self.clock = {"attackers": vals[0], "defenders": vals[1], "overtime": nums[0],
                      "overtimes": {"attackers": nums[1], "defenders": nums[2]}}

    def _cmd_play(self, arg: str) -> None:
        side = _side(arg)
        self.pending_play = side
        if self.game is None:
            # no rules yet: ask the host for its rules and board, play when both are here
            self.awaiting = {"rules", "position"}
            self.send("rules")
            self.send("position")

    def _cmd_analyze(self, arg: str) -> None:
        self._need_game()
        parts = arg.split()
        if len(parts) != 2 or not all(p.isdigit() and len(p) < 7 for p in parts):
            raise ValueError("analyze needs a count and seconds (whole numbers)")
        count, secs = max(1, int(parts[0])), min(MAX_MOVE_SECONDS, max(0.05, int(parts[1]) * 0.9))
        g = self.game
        if g.result is not None or not g.move_codes():
            self.send("error 0 no move to analyse: the game has ended")
            return
        # half the time for the best move and its line, half for the next moves' own scores
        # (each played and answered by a search a ply shallower: the root's other scores are
        # only bounds)
        s = self._search(secs / 2)
        rep = s.reply()
        out = [("|".join(rep["pv"]) or rep["move"], rep["score"])]
        scores = s.root_scores()
        others = sorted((m for m in scores if str(Move(m >> 10, m & 1023, g.size)) != rep["move"]),
                        key=lambda m: (-scores[m], m))[: count - 1]
        me = g.to_move
        for m in others:
            text = str(Move(m >> 10, m & 1023, g.size))
            g.play(text)
            try:
                if g.result is not None:
                    score = 0 if g.result.winner is None else (WIN - 1 if g.result.winner == me else -(WIN - 1))
                else:
                    sub = Search(g).run(max(1, rep["depth"] - 1), secs / 2 / len(others))["score"]
                    score = sub if g.to_move == me else -sub
            finally:
                g.undo()
            out.append((text, score))
        self.send(f"analysis {len(out)} " + " ".join(f"{mv} {sc}" for mv, sc in out))

    def _cmd_move(self, arg: str) -> None:
        # our move was made; the host's board after it
        self._need_game()
        self._check_board(arg, self.game.to_move)

    def _cmd_opponent_move(self, arg: str) -> None:
        self._need_game()
        moves, _, record = arg.partition(" ")
        record = record.strip()
        g = self.game
        if record and g.position().to_otn() == record and self.my_last is None:
            return
        mover = g.to_move
        ok = True
        for text in moves.split("|"):
            if not text:
                continue
            try:
                g.play(text)
            except TaflError:
                ok = False
                break
        self.my_last = None
        if record and (not ok or g.position().to_otn() != record):
            self._set_board(record, _SIDES[1 - _SIDES.index(mover)])

    def _cmd_error(self, arg: str) -> None:
        # the host refused our last move (codes 1-4): take it back; the host sends the board next
        if self.game is not None and self.my_last is not None:
            while len(self.game.moves_played) >= self.my_last and self.game.moves_played:
                self.game.undo()
            self.my_last = None
        self.send("status tafl_core: move refused by the host (error " + _ascii(arg[:10]) + ")")

    def _cmd_finish(self, arg: str) -> None:
        self.pending_play = None
        self.finished = int(arg) if arg.isdigit() and len(arg) < 3 else 0

    # -- thinking -----------------------------------------------------------------------------
    def think(self) -> None:
        """Answer the pending ``play``: search, send ``move`` and play it on our board."""
        side, self.pending_play = self.pending_play, None
        if self.game is None:
            self.send("error -1 tafl_core has no rules to play (send 'rules' first)")
            return
        self._set_side(side)
        g = self.game
        if g.result is not None or not g.move_codes():
            why = g.result.reason if g.result else "no legal move"
            self.send(f"error -1 tafl_core sees the game as ended ({_ascii(why)})")
            return
        s = self._search(self.move_seconds(side))
        rep = s.reply()
        move = rep["move"]
        self.send(f"status tafl_core: depth {rep['depth']}, score {rep['score']}"
                  + (" (decided)" if abs(rep["score"]) >= WIN_BOUND else "")
                  + f", {rep['nodes']} nodes, {rep['nps']} nodes/s")
        self.my_last = len(g.moves_played) + 1
        self.send("move " + move)
        g.play(move)

    def move_seconds(self, side: str) -> float:
        """Seconds for this move: without a clock the session's ``seconds``; with one, a share
        of the main time left (:data:`MAIN_TIME_SHARE`) plus half an overtime period if any
        are left, or half the overtime period under way; never more than
        :data:`MAX_MOVE_SECONDS`, never less than 0.05."""
        if not self.clock:
            return self.seconds
        ms, overtime = self.clock[side]
        period = self.clock["overtime"]
        if overtime:
            secs = ms / 1000 * OVERTIME_SHARE
        else:
            secs = ms / 1000 * MAIN_TIME_SHARE
            if self.clock["overtimes"][side] > 0:
                secs += period * OVERTIME_SHARE
        return max(0.05, min(MAX_MOVE_SECONDS, secs))

    def _search(self, seconds: float) -> Search:
        depth, secs, _, noise = level_limits(self.level, self.depth, seconds)
        s = Search(self.game, noise=noise, seed=self.seed, tt=self._tt)
        s.run(depth, secs)
        return s

    # -- helpers ------------------------------------------------------------------------------
    def _need_game(self) -> None:
        if self.game is None:
            raise ValueError("no rules yet")

    def _set_side(self, side: str) -> None:
        if self.game.to_move != side:
            self.game = Game(self.ruleset, self.game.position(), side)

    def _set_board(self, record: str, side: str) -> None:
        pos = Position.from_otn(record)
        self.game = Game(self.ruleset, pos, side)
        self.my_last = None

    def _check_board(self, record: str, side: str) -> None:
        if self.game.position().to_otn() != record.strip():
            self._set_board(record, side)
            self.send("status tafl_core: board taken from the host")
        self.my_last = None


_COMMANDS = ("hello", "goodbye", "rules", "position", "side", "clock", "play", "analyze", "move",
             "opponent-move", "error", "finish")


def _side(arg: str) -> str:
    if arg not in _SIDES:
        raise ValueError(f"side must be attackers or defenders, not '{_ascii(arg[:20])}'")
    return arg


def _ascii(text: str) -> str:
    return text.encode("ascii", "replace").decode("ascii").replace("\n", " ").replace("\r", " ")


def serve(inp: TextIO, out: TextIO, **options) -> int:
    """Run the protocol on ``inp``/``out`` until ``goodbye`` or the end of the input; returns
    the exit code 0. ``options`` are :class:`EngineSession`'s."""
    def send(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    lines: queue.Queue = queue.Queue()

    def reader() -> None:
        try:
            while True:
                line = inp.readline(MAX_LINE + 1)
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    while True:   # skip the rest of the over-long line
                        more = inp.readline(MAX_LINE)
                        if not more or more.endswith("\n"):
                            break
                lines.put(line if line else None)
                if not line:
                    return
        except (OSError, ValueError):   # the input closed or unreadable: as its end
            lines.put(None)

    threading.Thread(target=reader, daemon=True).start()
    session = EngineSession(send, **options)
    send("hello")
    send("simple-moves on")
    while True:
        if session.ready_to_play():
            # a 'clock' line may follow 'play' (the protocol text says so; OpenTafl sends it
            # before): wait a moment for it; any other line waits until the move is sent
            try:
                line = lines.get(timeout=CLOCK_GRACE)
            except queue.Empty:
                line = ""
            if line is None:
                return 0
            if line.startswith("clock"):
                session.handle(line)
                continue
            session.think()
        else:
            line = lines.get()
        if line is None or not session.handle(line):
            return 0


def add_parser(sub) -> None:
    """The ``engine`` subcommand of ``python -m tafl_core``."""
    sp = sub.add_parser("engine", help="speak the OpenTafl Engine Protocol on stdin/stdout")
    # the numbers are checked after parsing, as every command's (tafl_core.bounds.check_cli_args)
    sp.add_argument("--seconds", type=float, default=1.0, help="seconds a move without a clock (default 1)")
    sp.add_argument("--depth", type=int, help="most plies a search goes")
    sp.add_argument("--level", choices=tuple(LEVELS), default="strong")
    sp.add_argument("--seed", type=int, default=0)


def cmd_engine(args) -> int:
    """Run the engine on the process's stdin and stdout (US-ASCII; other bytes read as ``?``).
    Ends the process itself: the reader thread may still be inside a read of stdin, and an
    interpreter shutting down around it aborts."""
    inp = io.TextIOWrapper(sys.stdin.buffer, encoding="ascii", errors="replace")
    code = serve(inp, sys.stdout, seconds=args.seconds, depth=args.depth, level=args.level, seed=args.seed)
    try:
        sys.stdout.flush()
    except OSError:
        pass
    os._exit(code)


__all__ = ["EngineSession", "serve", "add_parser", "cmd_engine", "MAX_LINE"]
