"""Command line: ``python -m tafl_core play|moves|bench`` and, from :mod:`tafl_core.cli_search`,
``best|match|bench-search`` (see notes/engine.md).

Malformed input (unknown variant, broken rules file or position, bad square or move) exits 2
with one line on stderr naming the file, line and fault. An illegal move is not malformed
input: ``play`` reports it in its output and exits 0.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import cli_review, cli_search, engine_protocol, limits
from .bench import run_bench
from .bounds import check_cli_args
from .cli_common import Parser, UsageError, add_game_arguments, resolve_variant, run_cli, setup
from .errors import IllegalMove, TaflError
from .game import Game
from .ruleset import load_ruleset
from .squares import parse_square, square_name

#: Longest ``bench --seconds``.
MAX_BENCH_SECONDS = 3600.0


def board_text(game: Game) -> str:
    """The current position as a diagram with labels, for readable output."""
    return game.position().to_diagram()


def _play_moves(game: Game, texts: list[str]) -> tuple[list[dict], list[str]]:
    """Play ``texts`` in order until the first illegal one: (one report per move tried, the
    moves after an illegal one, which are not played). A malformed move raises NotationError."""
    n = game.size
    limits.check_move_count(len(texts))
    moves = []
    for i, text in enumerate(texts):
        try:
            move = game.parse_move(text)  # NotationError -> exit 2
        except IllegalMove as exc:        # "end" outside a berserk turn
            moves.append({"move": text, "legal": False, "error": exc.message, "reason": exc.refusal.as_dict()})
            break
        why = game.why_illegal(move)
        if why:
            moves.append({"move": text, "legal": False, "error": str(why), "reason": why.as_dict()})
            return moves, list(texts[i + 1:])
        played = game.play(move)
        moves.append({"move": text, "legal": True, "notation": played.notation(),
                      "captured": [square_name(c.square, n) for c in played.captures],
                      "result": played.result.as_dict() if played.result else None})
    return moves, []


def cmd_play(args) -> int:
    slug, ruleset, game = setup(args)
    moves, not_played = _play_moves(game, args.moves)
    out = {"variant": slug, "moves": moves,
           "result": game.result.as_dict() if game.result else None, "to_move": game.to_move,
           "berserker": game.berserk_turn.square if game.berserk_turn else None}
    if not_played:
        out["not_played"] = not_played
    if args.json:
        print(json.dumps(out))
        return 0
    for m in moves:
        if not m["legal"]:
            print(f"{m['move']}: illegal ({m['error']})")
            continue
        caps = f" captures {', '.join(m['captured'])}" if m["captured"] else ""
        print(f"{m['move']}{caps}")
    if not_played:
        print(f"not played (after the illegal move): {' '.join(not_played)}")
    print(board_text(game), end="")
    if game.result:
        r = game.result
        print(f"result: {r.winner or 'draw'} ({r.reason})")
    elif game.berserk_turn:
        print(f"{game.to_move} to move: berserk turn, only the piece on {game.berserk_turn.square} may move again")
    else:
        print(f"{game.to_move} to move")
    return 0


def cmd_moves(args) -> int:
    slug, ruleset, game = setup(args)
    played, not_played = _play_moves(game, args.moves)
    if played and not played[-1]["legal"]:
        raise UsageError(f"{played[-1]['move']}: illegal ({played[-1]['error']}); the moves before it were legal")
    frm = square_name(parse_square(args.frm, ruleset.size), ruleset.size) if args.frm else None
    moves = [str(m) for m in game.legal_moves(frm)]
    turn = game.berserk_turn
    berserker = turn.square if turn else None
    why = None
    if not moves:
        if game.result is not None:
            why = f"the game is over: {game.result.winner or 'draw'} ({game.result.reason})"
        elif frm is not None:
            kind = game.piece_at(frm)
            if not kind:
                why = f"there is no piece on {frm}"
            elif berserker and frm != berserker:
                why = f"in this berserk turn only the piece on {berserker} may move"
            elif (kind in ("attacker", "commander")) != (game.to_move == "attackers"):
                why = f"the piece on {frm} belongs to the other side; the {game.to_move} are to move"
            else:
                why = f"the piece on {frm} has no legal move"
    if args.json:
        print(json.dumps({"variant": slug, "to_move": game.to_move, "moves": moves, "berserker": berserker,
                          **({"why_none": why} if why else {})}))
    else:
        print(board_text(game), end="")
        turn = f" (berserk turn: only the piece on {berserker} moves on)" if berserker else ""
        print(f"{game.to_move} to move{turn}: {len(moves)} legal moves" + (f" - {why}" if why else ""))
        print(" ".join(moves))
    return 0


def cmd_bench(args) -> int:
    if not 0 < args.seconds <= MAX_BENCH_SECONDS:  # also rejects nan
        raise UsageError(f"--seconds must be more than 0 and at most {MAX_BENCH_SECONDS:.0f}")
    rules_path = resolve_variant(args.variant)
    ruleset = load_ruleset(rules_path)
    out = {"variant": rules_path.parent.name, **run_bench(ruleset, args.seconds, args.seed)}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['variant']}: {out['plies_per_s']:,.0f} plies/s over {out['playouts']} random playouts "
              f"({out['seconds']} s, seed {out['seed']}); all {out['start_moves']} legal moves of the start "
              f"listed in {out['movegen_median_us']} µs median ({out['legal_moves_median_us']} µs as Move objects)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m tafl_core", description="tafl_core rules engine")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    for name, help_ in (("play", "play moves and report captures and results"),
                        ("moves", "list legal moves")):
        sp = sub.add_parser(name, help=help_)
        add_game_arguments(sp)
        sp.add_argument("--json", action="store_true")
        if name == "play":
            sp.add_argument("moves", nargs="*", metavar="MOVE")
        else:
            sp.add_argument("--from", dest="frm", metavar="SQUARE")
            sp.add_argument("moves", nargs="*", metavar="MOVE", help="moves to play first (e.g. a berserk turn under way)")
    sp = sub.add_parser("bench", help="random-playout and move-generation benchmark")
    sp.add_argument("--variant", required=True)
    sp.add_argument("--seconds", type=float, default=5.0)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--json", action="store_true")
    cli_search.add_parsers(sub)   # best, match, bench-search
    cli_review.add_parser(sub)   # review
    engine_protocol.add_parser(sub)   # engine (tafl_core/engine_protocol.py)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit code: 0 ok, 2 malformed input or unwritable output, 1 the
    reader of the output went away, 3 a fault of tafl_core (see :func:`cli_common.run_cli`)."""
    return run_cli(lambda: _main(argv))


def _main(argv: list[str] | None = None) -> int:
    """The commands; malformed input exits 2 with one line on stderr."""
    try:
        args = build_parser().parse_args(argv)
        check_cli_args(args, UsageError)   # every number finite and in range (tafl_core/bounds.py)
        return {"play": cmd_play, "moves": cmd_moves, "bench": cmd_bench, **cli_search.COMMANDS, **cli_review.COMMANDS,
                "engine": engine_protocol.cmd_engine}[args.cmd](args)
    except (UsageError, TaflError) as exc:
        print(f"error: {exc}".replace("\n", " "), file=sys.stderr)
        return 2
    except IllegalMove as exc:  # pragma: no cover - play reports these in its output
        print(f"error: {exc}", file=sys.stderr)
        return 2
