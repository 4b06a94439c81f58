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

Every input line is handled without a traceback and the engine stays alive: a malformed one is
answered ``error 0 <why>`` (non-critical) and the session goes on; a ``play`` it cannot answer with
a move (no rules, the game over on its board, no legal move) is answered ``error -1 <why>`` (the
protocol's critical error: the host ends the game rather than wait for a move). Lines longer than
:data:`MAX_LINE` are refused unread; while the engine thinks at most
:data:`~tafl_core.limits.MAX_ENGINE_QUEUE` lines wait, and each line beyond them is refused
by ``error 0`` at once. The engine keeps its own game; where the host's board disagrees
(``move``/``opponent-move`` records), the host's board is taken, with the side to move it implies.

Every ``rules`` starts a new game at the rules' start layout (the protocol's ``rules``: "initialize
to the starting board position"); a ``position`` that came before any rules is set up once they
arrive. After ``finish`` a ``play`` that no new ``rules`` or ``position`` preceded asks the host
for both, as a ``play`` before any rules does. When the host stops reading the engine's output, the
engine ends (exit :data:`~tafl_core.cli_common.EXIT_BROKEN_PIPE`, as the command line does).
"""

from __future__ import annotations

import io
import os
import queue
import sys
import threading
import time
from typing import Callable, TextIO

from .cli_common import EXIT_BROKEN_PIPE
from .errors import TaflError
from .game import Game
from .limits import MAX_ENGINE_QUEUE
from .opentafl import OpenTaflRulesError, ruleset_from_opentafl, split_rules
from .position import Position
from .moves import Move
from .search import LEVELS, WIN, WIN_BOUND, Search, level_limits
from .squares import MAX_SIZE

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
#: ``analyze``: a further root move is searched on its own only while at least this many seconds
#: are left for each of the moves still to score; past it the moves left keep the scores the
#: best move's search gave them (bounds from its null windows), so the answer comes within the
#: budget however many moves are asked for.
MIN_ANALYSIS_SECONDS = 0.005
_SIDES = ("attackers", "defenders")


class EngineSession:
    """One engine's state between commands: the rules, the game, the clock, the side.

    Args:
        send: writes one line (without its newline) to the host.
        seconds: seconds a move when the host sends no clock.
        depth: most plies a search goes (None: as deep as the time allows).
        level: a key of :data:`tafl_core.search.LEVELS`.
        seed: the seed of a noisy level.
        clock: seconds as a float, for every time limit (default ``time.perf_counter``; a test
            injects its own).
    """

    def __init__(self, send: Callable[[str], None], seconds: float = 1.0, depth: int | None = None,
                 level: str = "strong", seed: int = 0, clock: Callable[[], float] = time.perf_counter):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}'")
        self.send = send
        self.seconds, self.depth, self.level, self.seed = seconds, depth, level, seed
        self.clock_fn = clock
        self.ruleset = None
        self.rules_text: str | None = None     # the host's rules string of self.ruleset
        self.pending_position: str | None = None   # a position record sent before any rules
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
        except (TaflError, ValueError, IndexError) as exc:
            self.send(f"error 0 {cmd}: " + _ascii(str(exc))[:300])
        except Exception as exc:   # noqa: BLE001 - a fault of tafl_core: said, and the session goes on
            self.send(f"error 0 {cmd}: " + _internal(exc))
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
        # Every rules line starts a new game at the start layout. The protocol keeps the board
        # only for the host's answer to the engine's own request once a game has begun; the
        # engine asks only when it has no game under way (no rules yet, or after 'finish').
        self.awaiting.discard("rules")
        if arg == self.rules_text and self.ruleset is not None:
            rs = self.ruleset   # the same rules: the same object, and the table of its keys kept
        else:
            try:
                rs = ruleset_from_opentafl(_checked_dim(arg))
            except OpenTaflRulesError as exc:
                self.ruleset = self.game = self.rules_text = self.pending_position = None
                self.pending_play = None
                self.awaiting = set()
                self.send("error -1 tafl_core cannot play these rules: " + _ascii(str(exc))[:300])
                return
            self._tt = {}
        self.ruleset, self.rules_text = rs, arg
        self.game, self.my_last, self.finished = Game(rs), None, None
        record, self.pending_position = self.pending_position, None
        if record is not None:
            try:
                self._set_board(record, self.game.to_move)
            except (TaflError, ValueError) as exc:   # the rules stand; the board is their start
                self.send("error 0 position (sent before the rules): " + _ascii(str(exc))[:300])

    def _cmd_position(self, arg: str) -> None:
        self.awaiting.discard("position")
        if self.game is None:
            Position.from_otn(arg)   # read now, so that a malformed record is refused now
            self.pending_position = arg
            return
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
        if self.game is None or self.finished is not None:
            # no rules yet, or the last game finished and nothing set up the next: ask the host
            # for its rules and board, play when both are here
            self.awaiting = {"rules", "position"}
            self.send("rules")
            self.send("position")
        else:
            self.awaiting = set()   # a request still unanswered: the host says to play on this board

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
        self.send(self.analysis(count, secs))

    def analysis(self, count: int, seconds: float) -> str:
        """The ``analysis`` line for up to ``count`` root moves of the game under way (which
        must have a move), within ``seconds`` (the session's clock): half of them for the best
        move and its line, the rest shared by the next moves' own scores, each move played and
        answered by a search a ply shallower (the root's other scores are only bounds). The
        clock is read before each of those searches; once less than
        :data:`MIN_ANALYSIS_SECONDS` is left for each move still to score, the moves left keep
        the bound the best move's search gave them. Scores are from the side to move's view."""
        g = self.game
        begun = self.clock_fn()
        s = self._search(seconds / 2)
        rep = s.reply()
        out = [("|".join(rep["pv"]) or rep["move"], rep["score"])]
        scores = s.root_scores()
        others = sorted((m for m in scores if str(Move(m >> 10, m & 1023, g.size)) != rep["move"]),
                        key=lambda m: (-scores[m], m))[: count - 1]
        me = g.to_move
        for i, m in enumerate(others):
            text = str(Move(m >> 10, m & 1023, g.size))
            share = (seconds - (self.clock_fn() - begun)) / (len(others) - i)
            g.play(text)
            try:
                if g.result is not None:
                    score = 0 if g.result.winner is None else (WIN - 1 if g.result.winner == me else -(WIN - 1))
                elif share < MIN_ANALYSIS_SECONDS:
                    score = scores[m]
                else:
                    # the best move's evaluator (built for this game's rules: on 25x25 its
                    # tables cost more than a short search) and its table
                    sub = Search(g, tt=self._tt, evaluator=s.evaluator, clock=self.clock_fn).run(max(1, rep["depth"] - 1), share)
                    score = sub["score"] if g.to_move == me else -sub["score"]
            finally:
                g.undo()
            out.append((text, score))
        return f"analysis {len(out)} " + " ".join(f"{mv} {sc}" for mv, sc in out)

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
        """Answer the pending ``play``: search, send ``move`` and play it on our board; where
        no move can be made (no rules, the game over on our board, no legal move, a board on
        which ``side`` cannot be to move) ``error -1`` saying why. Never raises."""
        side, self.pending_play = self.pending_play, None
        try:
            self._think(side)
        except (TaflError, ValueError, IndexError) as exc:
            self.send(f"error -1 tafl_core cannot play {side} here: " + _ascii(str(exc))[:300])
        except Exception as exc:   # noqa: BLE001 - a fault of tafl_core: said, and the session goes on
            self.send("error -1 play: " + _internal(exc))

    def _think(self, side: str) -> None:
        if self.game is None:
            self.send("error -1 tafl_core has no rules to play (send 'rules' first)")
            return
        g = self.game
        if g.result is not None:
            self.send(f"error -1 tafl_core sees the game as ended ({_ascii(str(g.result.reason))}); "
                      "send rules or position for a new one")
            return
        self._set_side(side)
        g = self.game
        if not g.move_codes():
            self.send(f"error -1 tafl_core sees the game as ended (the {side} have no legal move)")
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
        s = Search(self.game, noise=noise, seed=self.seed, tt=self._tt, clock=self.clock_fn)
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
        self.my_last = self.finished = None

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


def _internal(exc: BaseException) -> str:
    """The words for a fault of tafl_core itself (no traceback): the fuzz of the protocol looks
    for ``internal error``."""
    return _ascii(f"internal error ({type(exc).__name__}: {exc})")[:300]


def _checked_dim(rules: str) -> str:
    """``rules`` unchanged when its ``dim`` is at most as long as :data:`MAX_SIZE` written out
    (so that no number of thousands of digits reaches ``int()``, whose limit is 4,300 digits).

    Raises:
        OpenTaflRulesError: naming the ``dim`` and the largest board.
    """
    dim = split_rules(rules.strip()).get("dim", "")
    if len(dim.lstrip("0")) > len(str(MAX_SIZE)):
        raise OpenTaflRulesError(f"dim:{_ascii(dim[:8])}... ({len(dim)} characters) is no board size; "
                                 f"tafl_core plays boards of at most {MAX_SIZE}x{MAX_SIZE}")
    return rules


def serve(inp: TextIO, out: TextIO, queued: int = MAX_ENGINE_QUEUE, **options) -> int:
    """Run the protocol on ``inp``/``out`` until ``goodbye`` or the end of the input (a ``play``
    just before the end is answered first); ``options`` are :class:`EngineSession`'s.

    A reader thread takes the input while the engine thinks: at most ``queued`` lines wait, and
    each line beyond them is answered ``error 0`` at once and dropped (``goodbye`` and the end
    of the input always wait their turn).

    Returns:
        0; :data:`~tafl_core.cli_common.EXIT_BROKEN_PIPE` (1) when the host stopped reading the
        output (a write failed: the session ends at once, as nobody hears it).
    """
    gone = threading.Event()
    write_lock = threading.Lock()

    def send(line: str) -> None:
        if gone.is_set():
            return
        with write_lock:   # the reader thread refuses lines while the main thread answers
            try:
                out.write(line + "\n")
                out.flush()
            except (OSError, ValueError):   # the host closed its end (or the stream is closed)
                gone.set()

    lines: queue.Queue = queue.Queue(maxsize=queued)

    def reader() -> None:
        try:
            while not gone.is_set():
                line = inp.readline(MAX_LINE + 1)
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    while True:   # skip the rest of the over-long line
                        more = inp.readline(MAX_LINE)
                        if not more or more.endswith("\n"):
                            break
                if not line or line.split(None, 1)[:1] == ["goodbye"]:
                    lines.put(line or None)   # waits for room: the session's last line
                    return
                try:
                    lines.put_nowait(line)
                except queue.Full:
                    send(f"error 0 {queued} commands are waiting while the engine thinks; "
                         f"'{_ascii(line.strip()[:40])}' refused")
        except (OSError, ValueError):   # the input closed or unreadable: as its end
            lines.put(None)

    threading.Thread(target=reader, daemon=True).start()
    session = EngineSession(send, **options)
    send("hello")
    send("simple-moves on")
    while not gone.is_set():
        if session.ready_to_play():
            # a 'clock' line may follow 'play' (the protocol text says so; OpenTafl sends it
            # before): wait a moment for it; any other line waits until the move is sent
            try:
                line = lines.get(timeout=CLOCK_GRACE)
            except queue.Empty:
                line = ""
            if line and line.startswith("clock"):
                session.handle(line)
                continue
            session.think()
        else:
            line = lines.get()
        if line is None or not session.handle(line):
            break
    return EXIT_BROKEN_PIPE if gone.is_set() else 0


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
    except (OSError, ValueError):
        pass
    os._exit(code)


__all__ = ["EngineSession", "serve", "add_parser", "cmd_engine", "MAX_LINE"]
