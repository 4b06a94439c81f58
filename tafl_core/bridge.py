"""JSON-friendly API for the board in the browser (Pyodide worker) and for tests.

Every value in and out is a str, int, bool, None, list or dict, so the worker can pass them
through ``postMessage`` unchanged. No rule lives in the browser: the board asks this module for
legal targets, plays moves and renders the returned state.
"""

from __future__ import annotations

import json
import traceback
from typing import Any, Callable

from .bounds import BOUNDS
from .bridge_review import GameReview, notes_arg, with_marks
from .bridge_line import PENDING_KEY, LineMirror, PendingLine, send_changes
from .bridge_values import (ANSWERS_WITH_STATE, DECLARED_ENDS, MAX_SEED, Failed, Fault, Refused, arg, capture_dict,
                            check_level, failure, search_args,
                            listify, load_args, move_list, number_arg, one_line, result_dict, search_limits, sq_key,
                            whole_arg)
from .position_check import check_position, check_position_ruleset
from .errors import PositionError, TaflError
from .limits import MAX_RECORD_MOVES
from .game import Game, PlayedMove
from .position import Position
from .reasons import Reason, Refusal, ResultReason, refusal
from .ruleset import Ruleset
from .squares import shown_text, square_name

#: Bounds for untrusted input from share links: at most as many moves as one command or game
#: record plays (:data:`tafl_core.limits.MAX_RECORD_MOVES`), each move text at most this long.
MAX_MOVES = MAX_RECORD_MOVES
MAX_MOVE_TEXT = 12


class Session:
    """One board's game.

    Args:
        rules_toml: the variant's rules.toml text.
        overrides: rule key -> value, the assumptions the reader switched (see
            :meth:`Ruleset.with_overrides`).

    Raises:
        Refused: (a ValueError) the rules text or an override is invalid (message in words,
            ``refusal`` as data).
    """

    def __init__(self, rules_toml: str, overrides: dict | None = None):
        if not isinstance(rules_toml, str):
            raise Refused(refusal(Reason.RULES_NOT_TEXT))
        if overrides is not None and not isinstance(overrides, dict):
            raise Refused(refusal(Reason.OVERRIDES_NOT_A_TABLE))
        self._search = None        # a search in slices (search_start / search_step)
        self.reviews = GameReview()  # review_start / review_step / review_stop
        self._search_key = None
        try:
            base = Ruleset.from_toml(rules_toml)
            self.ruleset = base.with_overrides({str(k): listify(v) for k, v in (overrides or {}).items()})
            self.game = Game(self.ruleset)
        except TaflError as exc:
            raise Refused(exc.refusal, exc.message if isinstance(exc, PositionError) else str(exc)) from None

    def start(self, position_otn: str | None = None, to_move: str | None = None) -> dict:
        """Start from the layout, or from an OpenTafl position record; returns the state.

        Raises:
            Refused: (a ValueError) the record or side is malformed or the position impossible.
        """
        why = check_position_ruleset(self.ruleset, position_otn, to_move)
        if why:
            raise Refused(why)
        pos = Position.from_otn(position_otn) if position_otn else None
        self.game = Game(self.ruleset, pos, to_move or None)
        return self.state()

    #: Set by the dispatcher for a board that holds its own copy of the moves (it asked with
    #: ``have``): :meth:`state` then leaves them pending (tafl_core.bridge_line) instead of
    #: building ``history``, ``future`` and ``future_plies``.
    by_changes = False

    def state(self) -> dict:
        """The board state (see notes/CONTRACTS.md); with :attr:`by_changes` the moves
        (``history``, ``future``, ``future_plies``) are left pending under
        :data:`~tafl_core.bridge_line.PENDING_KEY` for the dispatcher."""
        g = self.game
        n = g.size
        ended = self._record_end()
        movable = [] if ended else sorted({square_name(m.frm, n) for m in g.legal_moves()}, key=sq_key)
        turn = None if ended else g.berserk_turn
        position = g.position()
        out = {"size": n, "to_move": g.to_move,
               "berserk": {"square": turn.square, "can_end": turn.can_end, "escape": turn.escape} if turn else None,
               "pieces": dict(position.pieces), "special": self.ruleset.special_squares(),
               "cursor": g.ply, "can_undo": g.ply > 0, "can_redo": g.undone_count > 0,
               "result": ended or result_dict(g.result, self.ruleset), "otn": position.to_otn(), "movable": movable,
               "stuck": g.result is None and not ended and not movable}
        if self.by_changes:
            out[PENDING_KEY] = PendingLine(g.moves_played, g.undone_moves, self._played_dict)
            return out
        undone = g.undone_moves
        out["history"] = self._history()
        out["future"] = [str(p.move) for p in undone]
        out["future_plies"] = [{"move": str(p.move), "notation": p.notation(), "side": p.side,
                                "continues": p.continues, "berserk": p.berserk, "jump": p.jump} for p in undone]
        return out

    def _history(self) -> list[dict]:
        """The history entries of the moves played (:meth:`_played_dict`)."""
        g = self.game
        # The entries of moves already reported are kept (same PlayedMove object, same dict), so
        # a long game costs one new dict per move, not a rebuild of the whole history.
        # Linear in the game's length: the first entry that differs drops the cache from there
        # on once (never a copy per move).
        cache = self._history_cache if getattr(self, "_history_game", None) is g else []
        history = []
        for i, played in enumerate(g.moves_played):
            if i < len(cache):
                if cache[i][0] is played:
                    history.append(cache[i][1])
                    continue
                del cache[i:]
            entry = self._played_dict(played)
            cache.append((played, entry))
            history.append(entry)
        del cache[len(history):]
        self._history_cache, self._history_game = cache, g
        return history

    def _played_dict(self, played: PlayedMove) -> dict:
        n = played.move.size
        return {"move": str(played.move), "notation": played.notation(), "side": played.side,
                "captures": [capture_dict(c, n, self.ruleset) for c in played.captures],
                "result": result_dict(played.result, self.ruleset),
                "jump": played.jump, "berserk": played.berserk, "continues": played.continues,
                "jumped": square_name((played.move.frm + played.move.to) // 2, n) if played.jump else None,
                "piece": played.piece}

    def targets(self, square: str) -> list[str]:
        """Legal destination squares of the piece on ``square`` for the side to move ([] when none
        or when the square is malformed)."""
        if not isinstance(square, str) or len(square) > 3 or self._record_end():
            return []
        try:
            moves = self.game.legal_moves(square)
        except TaflError:
            return []
        return [square_name(m.to, m.size) for m in moves if not m.is_end]

    def _try(self, move) -> tuple[str, Refusal] | None:
        """Play one move; when it is malformed or illegal (game unchanged), the reason in words
        (``"e1-e9: the way ..."``) and as data."""
        if not isinstance(move, str) or len(move) > MAX_MOVE_TEXT:
            why = refusal(Reason.MALFORMED_MOVE)
            return why.text(), why
        if self._record_end():
            why = refusal(Reason.GAME_OVER)   # a record read ended it (a resignation, a result tag)
            return f"{move}: {why.text()}", why
        try:
            self.game.play(move)
        except TaflError as exc:
            return f"{move}: {exc.message}", exc.refusal
        return None

    def play(self, move: str) -> dict:
        """Play ``move`` (``"e1-e5"``, or ``"end"`` to end a berserk turn); ``{"ok", "error",
        "reason", "state"}``; an illegal or malformed move leaves the game unchanged and says why:
        ``error`` in English words, ``reason`` as ``{"code", "params"}`` (tafl_core.reasons;
        None when the move was played)."""
        refused = self._try(move)
        if refused:
            return {"ok": False, "error": refused[0], "reason": refused[1].as_dict(), "state": self.state()}
        return {"ok": True, "error": None, "reason": None, "state": self.state()}

    def play_all(self, moves: list) -> dict:
        """Play several moves, stopping at the first illegal or malformed one (the state is
        built once, at the end); ``{"ok", "error", "reason", "state"}`` as :meth:`play`, the
        reason's params with ``ply`` (1-based index of the refused move) and ``move`` (its text)."""
        if not isinstance(moves, list):
            why = refusal(Reason.MALFORMED_MOVE)
            return {"ok": False, "error": why.text(), "reason": why.as_dict(), "state": self.state()}
        if len(moves) > MAX_MOVES:
            why = refusal(Reason.TOO_MANY_MOVES, max=MAX_MOVES)
            return {"ok": False, "error": why.text(), "reason": why.as_dict(), "state": self.state()}
        for i, move in enumerate(moves, 1):
            refused = self._try(move)
            if refused:
                why = refused[1].with_params(ply=i, move=shown_text(move, MAX_MOVE_TEXT) if isinstance(move, str) else "")
                return {"ok": False, "error": f"move {i}: {refused[0]}", "reason": why.as_dict(),
                        "state": self.state()}
        return {"ok": True, "error": None, "reason": None, "state": self.state()}

    def rules_info(self) -> dict:
        """The rules the board plays: ``{key: {"value", "ref", "assumed"}}`` (lists as lists), for
        words and section links on the page (never to decide a move)."""
        return {key: {"value": list(r.value) if isinstance(r.value, tuple) else r.value, "ref": r.ref,
                      "assumed": bool(r.assumed)} for key, r in self.ruleset.rules.items()}

    def snapshot(self, max_moves: int = 0) -> dict:
        """The game as a start position for a share link of bounded length: ``{"otn", "to_move",
        "moves"}`` such that replaying ``moves`` from ``otn`` gives the current state. With
        ``max_moves`` (> 0) as many of the last moves as fit, starting where a turn starts (never
        inside a berserk turn), so that repetitions among them still count; without it, from the
        start of the last turn (a berserk turn under way, or the turn that ended the game). The
        moves before the start are left out, and with them their repetition history.

        Raises:
            ValueError: ``max_moves`` is not a non-negative int.
        """
        if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 0:
            raise ValueError("max_moves must be a non-negative whole number")
        g = self.game
        hist = g.moves_played
        def starts_a_turn(k: int) -> bool:   # the position k moves back is one where a turn starts
            i = len(hist) - k - 1
            return i < 0 or not hist[i].continues

        if max_moves:
            k = min(len(hist), max_moves)
            while k and not starts_a_turn(k):
                k -= 1
        else:
            k = 1 if g.result is not None and hist else 0   # the move that ended the game, and its turn
            while k < len(hist) and hist[-1 - k].continues:
                k += 1
        for _ in range(k):
            g.undo()
        otn, to_move = g.position().to_otn(), g.to_move
        moves = [str(g.redo().move) for _ in range(k)]
        return {"otn": otn, "to_move": to_move, "moves": moves}

    def undo(self) -> dict:
        """Take back the last move; returns the state."""
        self.game.undo()
        return self.state()

    def redo(self) -> dict:
        """Replay the last undone move; returns the state."""
        self.game.redo()
        return self.state()

    def goto(self, ply) -> dict:
        """Show the game after its first ``ply`` moves (plies) of the moves played and taken
        back (``history`` then ``future``): 0 is the start, ``len(history) + len(future)`` the
        end; the moves are taken back or replayed one by one (:meth:`undo` / :meth:`redo`), so
        the moves after ``ply`` stay to redo, and a move played now drops them as after Undo.
        Every ply is a target, also one inside a berserk turn (the position is then in that
        turn, its piece to move on). Returns the state.

        Raises:
            Refused: ``ply`` is not a whole number from 0 to the end (``bad_ply``).
        """
        g = self.game
        total = g.ply + g.undone_count
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= total:
            raise Refused(refusal(Reason.BAD_PLY, max=total))
        # the counts are O(1) (moves_played builds a list): each step is constant work
        while g.ply > ply:
            g.undo()
        while g.ply < ply:
            g.redo()
        return self.state()

    # -- engine moves (tafl_core.search) and game records (tafl_core.records) -------------------
    def best(self, seconds: float | None = None, depth: int | None = None, level: str | None = None,
             seed: int = 0, nodes: int | None = None) -> dict:
        """The engine's best move for the side to move, in one call: ``{"move", "score",
        "depth", "nodes", "nps", "pv", "turn"}`` as ``python -m tafl_core best --json`` prints
        (``move`` None when the game is over). The game is left as it was. The search always has
        a time bound (:func:`tafl_core.search.level_limits`: a depth or node count alone stops
        after ``DEPTH_ONLY_SECONDS``).

        Raises:
            ValueError: an unknown level or a limit out of range.
        """
        from .search import best_move
        seconds, depth, nodes = search_limits(seconds, depth, nodes)
        level, seed = check_level(level), whole_arg("seed", seed, 0, MAX_SEED)
        return best_move(self.game, depth=depth, seconds=seconds, nodes=nodes, level=level, seed=seed)

    def search_start(self, seconds: float | None = None, depth: int | None = None, level: str | None = None,
                     seed: int = 0, nodes: int | None = None) -> dict:
        """Begin a search in slices (so the worker answers other messages between them):
        the limits as :meth:`best`; then :meth:`search_step` until its ``done``. Returns
        ``{"started": True}``.

        Raises:
            ValueError: an unknown level or a limit out of range.
        """
        from .search import Search, level_limits
        seconds, depth, nodes = search_limits(seconds, depth, nodes)
        level, seed = check_level(level), whole_arg("seed", seed, 0, MAX_SEED)
        # the same limits as best_move and match: the level's depth cap, share of the time, noise,
        # and always a time bound (a depth or node count alone: DEPTH_ONLY_SECONDS)
        depth, seconds, nodes, noise = level_limits(level or None, depth, seconds, nodes)
        self._search = Search(self.game, noise=noise, seed=int(seed))
        self._search.start(depth, seconds, nodes)
        self._search_key = self._game_key()
        return {"started": True}

    def search_step(self, budget_ms: float = 50) -> dict | None:
        """Search on for about ``budget_ms`` milliseconds: the best move so far (the shape of
        :meth:`best`) plus ``done``; None when no search is under way or the game changed
        since :meth:`search_start` (the search is then dropped)."""
        srch = self._search
        if srch is None or self._search_key != self._game_key():
            self._search = None
            return None
        budget = number_arg("budget_ms", budget_ms, 1, 60_000, clamp=True) / 1000.0
        done = srch.step(budget)
        out = srch.reply()
        out["done"] = done
        if done:
            self._search = None
        return out

    def search_stop(self) -> dict:
        """Drop the search under way (if any); ``{"stopped": bool}``."""
        had = self._search is not None
        self._search = None
        return {"stopped": had}

    def _game_key(self) -> tuple:
        g = self.game
        return (id(g), g.hash, g.berserker, g.ply)

    #: The game record last read (:meth:`import_record`): the game object it made, its moves and
    #: what it said beside them, so that :meth:`export_record` writes its comments (on the moves
    #: still played as read) and its result (while the game is still the one read) again.
    _record = None

    def _record_end(self) -> dict | None:
        """The end a record read says its game had where its moves do not end it (a resignation:
        ``[result:-1]`` with the game running), while the game is the one read at the position
        read: a state ``result`` ``{"winner", "reason": "record", "rule": None, "ref": None,
        "assumed": False, "termination"}`` (the record's termination text or None); else None.
        Taking back a move leaves that position, and the game runs on from there."""
        rec = self._record
        g = self.game
        if rec is None or rec["end"] is None or rec["game"] is not g or g.result is not None:
            return None
        return rec["end"] if (g.ply, g.hash) == (rec["ply"], rec["hash"]) else None

    def export_record(self, fmt: str = "opentafl", end: str | None = None, notes: list | None = None) -> dict:
        """The game as text: ``{"format", "text"}``, ``fmt`` ``"opentafl"`` (an OpenTafl game
        record) or ``"text"`` (plain moves); tafl_core.records. ``end`` (a key of
        :data:`DECLARED_ENDS`, or None): the players ended the game where it stands (the board's
        resignation or agreed draw), written as the record's result and termination where the
        moves themselves do not end it (and instead of a record's own). An OpenTafl record of a game read
        by :meth:`import_record` keeps the record's comments on the moves still played as read
        (undo and other moves drop the comments from there on) and, while the game holds exactly
        the moves read and they do not end it, the record's ``result`` and ``termination``.
        An OpenTafl record's answer also holds ``opentafl``
        (:meth:`~tafl_core.opentafl_export.OpenTaflPlan.as_dict`: ``{"rules": bool, "differ":
        [{"key", "site", "opentafl"}], "why": None | {"code", ...}}``): whether OpenTafl can open
        it, under which rules differing from the site's, or why not.
        The marks of a review (tafl_core.bridge_review) are written as comments on the moves still
        played as reviewed, before a record's own comment on the same move. ``notes``: the
        reader's own comments ``[{"ply", "text"}]`` (ply 0 the start; at most
        :data:`~tafl_core.limits.MAX_RECORD_COMMENTS`, each at most
        :data:`~tafl_core.limits.MAX_COMMENT_CHARS` characters), written in place of a record's
        comment on the same ply (OpenTafl records only; plies after the moves played are left out).

        Raises:
            ValueError: an unknown format or ``end``, or ``notes`` not of their shape.
        """
        from .records import export_record
        if end is not None and end not in DECLARED_ENDS:
            raise ValueError(f"unknown end of a game '{shown_text(str(end), 40)}' (one of {', '.join(DECLARED_ENDS)})")
        declared = DECLARED_ENDS.get(end)
        comments, record_result = None, declared
        rec = self._record
        if rec is not None and rec["game"] is self.game and fmt == "opentafl":
            played = [str(p.move) for p in self.game.moves_played]
            same = 0
            for a, b in zip(played, rec["moves"]):
                if a != b:
                    break
                same += 1
            comments = {p: t for p, t in rec["comments"].items() if p <= same}
            if same == len(played) == len(rec["moves"]) and declared is None:
                record_result = rec["result"]
        if fmt != "opentafl":
            return {"format": fmt, "text": export_record(self.game, fmt)}
        comments = dict(comments or {})
        comments.update({p: t for p, t in notes_arg(notes).items() if p <= self.game.ply})
        comments = with_marks(comments, self.reviews.comments(self.game))
        from .opentafl_export import opentafl_plan
        from .records import start_of
        plan = opentafl_plan(self.game, *start_of(self.game))
        return {"format": fmt, "opentafl": plan.as_dict(),
                "text": export_record(self.game, fmt, comments=comments, record_result=record_result, plan=plan)}

    def import_record(self, text: str) -> dict:
        """Read a game record (OpenTafl or plain moves) as a new game: ``{"ok", "error",
        "reason", "state"}`` as :meth:`play`, plus ``rules`` always and, when read, ``origin``
        (:meth:`origin`), ``comments`` and ``result``; a refused record (reason params name the
        ``line``) leaves the current game as it was (tafl_core.records.read_record):

        - ``comments``: ``[{"ply", "text"}]``, ply 1 the first move (the cursor after the move the
          comment follows), 0 the start; plain untrusted text, line breaks kept.
        - ``result``: None, or ``{"winner": "attackers"|"defenders"|None, "draw": bool,
          "termination": str|None, "reason": str|None}`` (GameRecord.result).
        - ``rules``: None without a ``rules`` tag, else ``{"readable", "differ": [{"key",
          "record", "page"}], "switch": {key: value}|None}`` (RulesComparison); on a refusal
          ``game_record_rules`` (params ``line``, ``move``, ``rule``), the switch that makes the
          record playable under this page's assumptions, where there is one.
        """
        from .records import RecordError, read_record
        try:
            rec = read_record(self.ruleset, text)
        except RecordError as exc:
            return {"ok": False, "error": str(exc), "reason": exc.refusal.as_dict(), "state": self.state(),
                    "rules": exc.rules.as_dict() if exc.rules is not None else None}
        self.game = rec.game
        self._search = None
        end = rec.result() if rec.game.result is None and rec.result_tag in ("1", "0", "-1") else None
        self._record = {"game": rec.game, "moves": [str(p.move) for p in rec.game.moves_played],
                        "comments": dict(rec.comments), "result": (rec.result_tag, rec.termination),
                        "ply": rec.game.ply, "hash": rec.game.hash,
                        "end": None if end is None else {
                            "winner": end["winner"], "reason": str(ResultReason.RECORD), "rule": None, "ref": None, "assumed": False,
                            "termination": end["termination"]}}
        return {"ok": True, "error": None, "reason": None, "state": self.state(), "origin": self.origin(),
                "comments": rec.comment_list(), "result": rec.result(),
                "rules": rec.rules.as_dict() if rec.rules is not None else None}

    def origin(self) -> dict:
        """Where the current game started: ``{"otn", "to_move"}`` (the start position as an
        OpenTafl position record and the side that moved first), so that the board can restart
        an imported game and write its share link."""
        from .records import start_of
        pos, side = start_of(self.game)
        return {"otn": pos.to_otn(), "to_move": side}

    def playout_bench(self, seconds: float = 2.0, seed: int = 1) -> dict:
        """Random-playout speed inside this interpreter (for the board benchmark).

        Raises:
            Refused: ``bad_limit`` for seconds or a seed out of :data:`tafl_core.bounds.BOUNDS`
                (None, NaN, infinity, 1e9 seconds, a list as seed).
        """
        from .bench import run_bench
        lo, hi, _ = BOUNDS["playout_seconds"]
        seconds = number_arg("seconds", seconds, lo, hi)
        seed = whole_arg("seed", seed, *BOUNDS["seed"][:2])
        return run_bench(self.ruleset, seconds, seed)


class Dispatcher:
    """The board worker's commands (docs/assets/board/worker.js forwards every message here):
    one current :class:`Session` and :meth:`call`. Commands and replies: notes/CONTRACTS.md,
    "Worker protocol"."""

    def __init__(self):
        self.session: Session | None = None
        self.mirror = LineMirror()      # what the board holds of the game's moves (``have``)
        self._by_changes = False        # the call under way answers by changes

    def call(self, cmd: str, args_json: str, have=None) -> str:
        """Run command ``cmd`` with arguments ``args_json`` (a JSON object); the reply as JSON
        text: ``{"result": ...}``, or the one failure envelope ``{"error": "<one line>",
        "reason": {"code", "params"}}`` (:func:`failure`). ``code`` is a
        :class:`~tafl_core.reasons.Reason` for a refusal of the input, else a :class:`Fault`.
        The rule (notes/CONTRACTS.md, "Worker protocol"): a refused move or record of the
        commands in :data:`ANSWERS_WITH_STATE` is a result ``{"ok": false, "error", "reason",
        "state"}``; every other failure is this envelope. Never raises.

        ``have``: given by a board that keeps its own copy of the game's moves (worker.js), the
        number (``line_seq``) of the copy it holds, 0 for none: every state in the answer then
        carries the moves as a change of the answer before (tafl_core.bridge_line; the whole
        line after ``have`` 0). Without it (None) states carry ``history``, ``future`` and
        ``future_plies`` whole."""
        self._by_changes = have is not None
        if self._by_changes and not (isinstance(have, (int, float)) and not isinstance(have, bool) and have > 0):
            self.mirror.reset()   # the board holds nothing (or says so unreadably)
        if self.session is not None:
            self.session.by_changes = self._by_changes
        try:
            args = load_args(args_json)
        except (TypeError, ValueError) as exc:
            return json.dumps(failure(one_line(exc), Fault.BAD_REQUEST))
        try:
            out = self._run(cmd, args)
        except Failed as exc:
            return json.dumps(failure(str(exc), exc.code, **exc.params))
        except Exception as exc:   # noqa: BLE001 - every fault becomes one line for the page
            why = getattr(exc, "refusal", None)
            if isinstance(why, Refusal):
                return json.dumps({"error": one_line(exc), "reason": why.as_dict()})
            if isinstance(exc, ValueError):   # an expected refusal without a code of its own
                return json.dumps(failure(one_line(exc), Fault.BAD_ARGUMENT))
            # a fault of the engine: the traceback for the console (worker.js logs it)
            detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            return json.dumps(failure(one_line(exc), Fault.ENGINE_FAULT, detail=detail))
        if cmd in ("play_all", "new_game") and not out["ok"] and "ply" not in out["reason"]["params"]:
            # the move list itself refused (too long), not a move in it: no game answer
            return json.dumps({"error": out["error"], "reason": out["reason"]})
        send_changes(out, self.mirror if self._by_changes else None)
        return json.dumps({"result": out})

    def _new_session(self, a: dict) -> Session:
        s = Session(arg(a, "rules_toml"), a.get("overrides") or None)
        s.by_changes = self._by_changes
        return s

    def _run(self, cmd: str, a: dict):
        if not isinstance(a, dict):
            raise Failed(Fault.BAD_REQUEST, "the arguments must be a JSON object")
        entry = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if entry is None:
            shown = shown_text(str(cmd), 40)
            raise Failed(Fault.UNKNOWN_COMMAND, "unknown command " + shown, command=shown)
        needs_session, run = entry
        if needs_session and self.session is None:
            raise Failed(Fault.NO_SESSION, "no session")
        return run(self, a)

    def _session(self, a: dict) -> dict:
        self.session = self._new_session(a)
        return self.session.state()

    def _new_game(self, a: dict) -> dict:
        s = self._new_session(a)
        st = s.start(a.get("otn"), a.get("to_move"))
        out = {"ok": True, "error": None, "reason": None, "state": st}
        if a.get("moves"):
            out = s.play_all(move_list(a["moves"]))
        if out["ok"]:
            self.session = s
        return out

    def _review_step(self, a: dict) -> dict:
        out = self.session.reviews.step(a.get("budget_ms", 50), a.get("since") or 0)
        if out is None:
            raise Refused(refusal(Reason.NO_SEARCH))
        return out

    def _search_step(self, a: dict) -> dict:
        out = self.session.search_step(a.get("budget_ms", 50))
        if out is None:
            raise Refused(refusal(Reason.NO_SEARCH))
        return out


#: The worker's commands (notes/CONTRACTS.md, "Worker protocol"; a test holds the document's
#: command table equal to these names): name -> (whether it needs a session, the function of
#: the dispatcher and the command's arguments that answers it).
COMMANDS: dict[str, tuple[bool, Callable[[Dispatcher, dict], Any]]] = {
    "session": (False, Dispatcher._session),
    "new_game": (False, Dispatcher._new_game),
    "check_position": (False, lambda d, a: check_position(arg(a, "rules_toml"), a.get("otn"), a.get("to_move"))),
    "start": (True, lambda d, a: d.session.start(a.get("otn"), a.get("to_move"))),
    "state": (True, lambda d, a: d.session.state()),
    "rules_info": (True, lambda d, a: d.session.rules_info()),
    "targets": (True, lambda d, a: d.session.targets(arg(a, "square"))),
    "play": (True, lambda d, a: d.session.play(arg(a, "move"))),
    "play_all": (True, lambda d, a: d.session.play_all(move_list(a.get("moves")))),
    "snapshot": (True, lambda d, a: d.session.snapshot(whole_arg("max_moves", a.get("max_moves") or 0, 0, 10 ** 9))),
    "goto": (True, lambda d, a: d.session.goto(a.get("ply"))),
    "origin": (True, lambda d, a: d.session.origin()),
    "undo": (True, lambda d, a: d.session.undo()),
    "redo": (True, lambda d, a: d.session.redo()),
    "best": (True, lambda d, a: d.session.best(*search_args(a))),
    "search_start": (True, lambda d, a: d.session.search_start(*search_args(a))),
    "search_step": (True, Dispatcher._search_step),
    "search_stop": (True, lambda d, a: d.session.search_stop()),
    "review_start": (True, lambda d, a: d.session.reviews.start(d.session.game, a.get("seconds"), a.get("depth"))),
    "review_step": (True, Dispatcher._review_step),
    "review_stop": (True, lambda d, a: d.session.reviews.stop(a.get("forget") is True)),
    "export_record": (True, lambda d, a: d.session.export_record(a.get("format") or "opentafl", a.get("end"), a.get("notes"))),
    "import_record": (True, lambda d, a: d.session.import_record(a.get("text"))),
    "playout_bench": (True, lambda d, a: d.session.playout_bench(a.get("seconds", 2.0), a.get("seed", 1))),
}


def version() -> str:
    """``"<tafl_core version> / Python <version>"``, for the board's load report."""
    import sys
    from . import __version__
    return f"{__version__} / Python {sys.version.split()[0]}"


_DISPATCHER = Dispatcher()


def call(cmd: str, args_json: str, have=None) -> str:
    """The worker's entry point: :meth:`Dispatcher.call` on the one dispatcher of this
    interpreter (the board's worker holds one game)."""
    return _DISPATCHER.call(cmd, args_json, have)


__all__ = ["Session", "check_position", "Dispatcher", "COMMANDS", "call", "version", "Refused", "Fault", "failure",
           "ANSWERS_WITH_STATE"]
