"""The command line's engine commands (``python -m tafl_core best|match|bench-search``; the
parsers are added by :func:`add_parsers`, :mod:`tafl_core.cli` dispatches to :data:`COMMANDS`).

* ``best``: the engine's move in a position, with ``--json`` the reply of
  :meth:`tafl_core.search.Search.reply`;
* ``match``: players (levels, ``random``, ``greedy``) against each other, alternating sides, each
  pair of games from the same seeded opening; wins/draws/losses and the Elo difference;
* ``bench-search``: nodes per second of the search in start positions.
"""

from __future__ import annotations

import json
import math
import random
import time

from .cli_common import UsageError, add_game_arguments, resolve_variant, setup
from .game import Game
from .ruleset import load_ruleset
from .search import LEVELS, best_move
from .tables import SIDE_NAMES

#: Players of ``match`` besides the levels.
PLAYERS = ("random", "greedy", *LEVELS)
#: Plies after which a ``match`` game is scored a draw.
MATCH_MAX_PLIES = 300
#: Random plies (one per side) that open each pair of ``match`` games.
OPENING_PLIES = 2


def cmd_best(args) -> int:
    """``best``: search the position; prints the move (or ``--json`` the reply)."""
    if args.seconds is not None and not 0 < args.seconds <= 3600:
        raise UsageError("--seconds must be more than 0 and at most 3600")
    if args.depth is not None and not 1 <= args.depth <= 64:
        raise UsageError("--depth must be 1 to 64")
    if args.level is not None and args.level not in LEVELS:
        raise UsageError(f"--level must be one of {', '.join(LEVELS)}")
    slug, ruleset, game = setup(args)
    seconds = args.seconds if args.seconds is not None or args.depth is not None else 2.0
    reply = best_move(game, depth=args.depth, seconds=seconds, level=args.level, seed=args.seed)
    if args.json:
        print(json.dumps({k: reply[k] for k in ("move", "score", "depth", "nodes", "nps", "pv", "turn")}))
    elif reply["move"] is None:
        print("no move: " + (f"the game is over ({game.result.winner or 'draw'}, {game.result.reason})"
                             if game.result else "the side to move has no legal move"))
    else:
        print(f"{' '.join(reply['turn'])}  score {reply['score']} depth {reply['depth']} nodes {reply['nodes']} "
              f"({reply['nps']} nodes/s); pv {' '.join(reply['pv'])}")
    return 0


def greedy_move(game: Game, rng: random.Random) -> int:
    """The ``greedy`` player's move (1 ply): a move that wins at once, else the one that
    captures most, ties broken by ``rng``. Returns a move code."""
    me = game.to_move
    enemy = game.pieces[1 - game.side]
    best, best_val = [], -2
    for m in game.move_codes():
        before = len(enemy)
        r = game.play_code(m)
        caps = before - len(enemy)
        game.undo_code()
        val = 1000 if r is not None and r.winner == me else caps
        if r is not None and r.winner not in (None, me):
            val = -1
        if val > best_val:
            best, best_val = [m], val
        elif val == best_val:
            best.append(m)
    return rng.choice(best)


def _player_move(name: str, game: Game, rng: random.Random, seconds: float, seed: int) -> int:
    if name == "random":
        return rng.choice(game.move_codes())
    if name == "greedy":
        return greedy_move(game, rng)
    reply = best_move(game, seconds=seconds, level=name, seed=seed)   # the level's share of seconds
    mv = game.parse_move(reply["move"])
    return mv.frm << 10 | mv.to


def play_match(ruleset, p1: str, p2: str, games: int, seconds: float, seed: int = 1, log=None,
               max_plies: int = MATCH_MAX_PLIES, progress: bool = False) -> dict:
    """``games`` games of ``p1`` against ``p2`` under ``ruleset``, ``seconds`` the time budget
    of a move (each level spends its share, :func:`tafl_core.search.level_limits`): game ``i``
    has ``p1`` on the attackers' side when ``i`` is even; games ``2k`` and ``2k+1`` open with
    the same :data:`OPENING_PLIES` random plies (seed ``seed * 1000 + k``); a game not over
    after ``max_plies`` plies (default :data:`MATCH_MAX_PLIES`) is a draw. ``log`` gets one line
    per game, with ``progress`` followed by the tally so far (so a run cut off still gives a
    figure). Returns ``{"wins", "draws", "losses"}`` from ``p1``'s view plus ``elo`` and
    ``elo_error`` (see :func:`elo_difference`), and ``by_side``: ``p1``'s wins, draws and
    losses as attackers and as defenders."""
    w = d = l = 0
    by_side = {SIDE_NAMES[0]: [0, 0, 0], SIDE_NAMES[1]: [0, 0, 0]}
    for i in range(games):
        rng = random.Random(seed * 1000 + i // 2)
        game = Game(ruleset)
        for _ in range(OPENING_PLIES):
            codes = game.move_codes()
            if not codes or game.result is not None:
                break
            game.play_code(rng.choice(codes))
        side_of_p1 = SIDE_NAMES[0] if i % 2 == 0 else SIDE_NAMES[1]
        ply = 0
        while game.result is None and ply < max_plies:
            if not game.move_codes():
                break
            name = p1 if game.to_move == side_of_p1 else p2
            game.play_code(_player_move(name, game, rng, seconds, seed * 7919 + i * 131 + ply))
            ply += 1
        winner = game.result.winner if game.result else None
        if winner is None:
            d += 1
            by_side[side_of_p1][1] += 1
        elif winner == side_of_p1:
            w += 1
            by_side[side_of_p1][0] += 1
        else:
            l += 1
            by_side[side_of_p1][2] += 1
        if log:
            how = game.result.reason if game.result else f"no result in {max_plies} plies"
            line = f"game {i + 1}: {p1} as {side_of_p1}: {winner or 'draw'} ({how}) after {len(game.moves_played)} plies"
            if progress:
                elo, err = elo_difference(w, d, l)
                line += f"; so far {w}-{d}-{l} (W-D-L for {p1}), Elo {elo:+.0f} ± {err:.0f}"
            log(line)
    elo, err = elo_difference(w, d, l)
    return {"wins": w, "draws": d, "losses": l, "elo": elo, "elo_error": err,
            "by_side": {k: dict(zip(("wins", "draws", "losses"), v)) for k, v in by_side.items()}}


def elo_difference(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """The Elo difference of a score of ``wins``/``draws``/``losses`` and its error (95 %,
    1.96 standard errors of the mean score carried through the logistic curve): ``-400 *
    log10(1/p - 1)``, ``p`` the mean score (a draw half a point), kept within ``[1/(2N), 1 -
    1/(2N)]`` so that a clean sweep gives a finite value."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, 0.0
    p = (wins + 0.5 * draws) / n
    lo, hi = 1 / (2 * n), 1 - 1 / (2 * n)
    pc = min(max(p, lo), hi)
    elo = -400 * math.log10(1 / pc - 1)
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n
    if var == 0:   # all results alike: the binomial spread of the clipped score instead
        var = pc * (1 - pc)
    se = math.sqrt(var / n)
    err = 1.96 * se * 400 / (math.log(10) * pc * (1 - pc))
    return round(elo, 1), round(err, 1)


def cmd_match(args) -> int:
    """``match``: prints one line per game and the totals."""
    for p in args.players:
        if p not in PLAYERS:
            raise UsageError(f"unknown player '{p}' (one of {', '.join(PLAYERS)})")
    if not 1 <= args.games <= 10_000:
        raise UsageError("--games must be 1 to 10000")
    if not 0 < args.seconds <= 600:
        raise UsageError("--seconds must be more than 0 and at most 600")
    ruleset = load_ruleset(resolve_variant(args.variant))
    p1, p2 = args.players
    if not 1 <= args.max_plies <= 100_000:
        raise UsageError("--max-plies must be 1 to 100000")
    log = None if args.json else (lambda text: print(text, flush=True))
    out = play_match(ruleset, p1, p2, args.games, args.seconds, args.seed, log, args.max_plies, args.progress)
    if args.json:
        print(json.dumps({"players": [p1, p2], "games": args.games, **out}))
    else:
        print(f"{p1} vs {p2}: {out['wins']} wins, {out['draws']} draws, {out['losses']} losses for {p1}; "
              f"Elo difference {out['elo']:+.0f} ± {out['elo_error']:.0f} (95 %); as attackers "
              + ", as defenders ".join(f"{v['wins']}-{v['draws']}-{v['losses']}" for v in out["by_side"].values()))
    return 0


def cmd_bench_search(args) -> int:
    """``bench-search``: nodes per second and depth reached in the start positions."""
    for spec in args.variants:
        rs = load_ruleset(resolve_variant(spec))
        game = Game(rs)
        t0 = time.perf_counter()
        reply = best_move(game, seconds=args.seconds)
        el = time.perf_counter() - t0
        print(f"{spec}: depth {reply['depth']} in {args.seconds} s, {reply['nodes']} nodes, "
              f"{reply['nps']} nodes/s ({el:.2f} s wall); best {reply['move']} score {reply['score']}")
    return 0


def add_parsers(sub) -> None:
    """Add the ``best``, ``match`` and ``bench-search`` subparsers to ``sub``."""
    sp = sub.add_parser("best", help="the engine's best move")
    add_game_arguments(sp)
    sp.add_argument("--seconds", type=float, help="time budget (default 2 without --depth)")
    sp.add_argument("--depth", type=int)
    sp.add_argument("--level", help="beginner | easy | medium | strong")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--json", action="store_true")
    sp = sub.add_parser("match", help="engine players against each other")
    sp.add_argument("--variant", required=True)
    sp.add_argument("--games", type=int, required=True)
    sp.add_argument("--seconds", type=float, default=0.2,
                    help="time budget of a move (the strong level's; weaker levels spend their share)")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--max-plies", type=int, default=MATCH_MAX_PLIES,
                    help=f"a game not over after this many plies is a draw (default {MATCH_MAX_PLIES})")
    sp.add_argument("--progress", action="store_true", help="the tally so far after every game")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("players", nargs=2, metavar="PLAYER", help="random | greedy | " + " | ".join(LEVELS))
    sp = sub.add_parser("bench-search", help="search speed in start positions")
    sp.add_argument("--seconds", type=float, default=1.0)
    sp.add_argument("variants", nargs="*", default=["copenhagen-hnefatafl", "alea-evangelii"])


COMMANDS = {"best": cmd_best, "match": cmd_match, "bench-search": cmd_bench_search}

__all__ = ["cmd_best", "cmd_match", "cmd_bench_search", "add_parsers", "play_match", "greedy_move",
           "elo_difference", "COMMANDS", "PLAYERS"]
