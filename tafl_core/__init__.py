"""tafl_core: one rules engine for every tafl ruleset on the Tafl-Kompendium site.

Pure Python, standard library only (Python 3.12+ and Pyodide). Typical use::

    >>> from tafl_core import load_ruleset, Game
    >>> game = Game(load_ruleset("variants_src/ealdfaeder-taefl"))
    >>> game.to_move
    'attackers'
    >>> played = game.play("d1-d3")
    >>> played.captures, played.result
    ((), None)

Modules (README.md has the map): ``squares`` (names), ``position`` (diagram and OpenTafl
records), ``ruletable`` (the one table of rule keys: kinds, values, defaults, OpenTafl mapping,
readers), ``rulekeys`` (the key lists and value checks derived from it), ``ruleset`` (rules as data from
rules.toml), ``tables`` (per-ruleset lookup tables), ``moves`` (Move, Capture, Result,
PlayedMove), ``movegen`` (the move generator: legality and refusal reasons), ``captures``,
``outcomes`` (results), ``game`` (Game: play, undo, redo), ``reasons`` (refusals as codes),
``bridge`` (JSON-friendly API and the browser worker's dispatcher), ``cli`` (``python -m tafl_core``).
"""

from .errors import IllegalMove, NotationError, PositionError, RulesFileError, TaflError
from .game import Capture, Game, Move, PlayedMove, Result
from .position import Position, check_kings, parse_diagram
from .reasons import Reason, Refusal
from .ruleset import Rule, Ruleset, load_ruleset
from .squares import parse_square, square_name

__version__ = "0.1.0"

__all__ = ["TaflError", "RulesFileError", "PositionError", "NotationError", "IllegalMove",
           "Game", "Move", "Capture", "PlayedMove", "Result", "Position", "parse_diagram",
           "check_kings", "Reason", "Refusal", "Rule", "Ruleset", "load_ruleset", "parse_square", "square_name"]
