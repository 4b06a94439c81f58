"""Refusals as data: every reason the engine gives for not playing a move or not accepting a
position is a :class:`Reason` code with parameters (in the way hnefatafl-rs has ``PlayInvalid``).

The engine, the command line and the logs word a refusal in English with :meth:`Refusal.text`;
the board words it in the page's language from the site's word tables
(``build_tools/labels.py``: ``REASON_TEMPLATES``, ``REASON_FORMS``), so no page ever parses
engine English. Parameter values are JSON scalars: squares as names (``"e5"``), piece kinds as
the engine's kind names (``attacker`` ``defender`` ``king`` ``commander`` ``knight``), sides as
``attackers`` / ``defenders``, special squares as ``throne`` / ``corner`` / ``camp`` /
``square``, counts as ints. :data:`PARAMS` lists the parameters of each code.

Capture reasons (:class:`CaptureReason`: ``custodial``, ``shieldwall``, ...) and result reasons
(:class:`ResultReason`: ``king_escaped``, ...) are the codes of :class:`tafl_core.moves.Capture`
and :class:`tafl_core.moves.Result`; they are not refusals and carry no parameters. The board
receives them as plain strings and words them from its own tables
(``docs/assets/board/words.js``, ``build_tools/labels.py`` ``CAPTURE_REASON_NAMES``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Reason(StrEnum):
    """Why a move, a position or a rules text is refused (values are the codes sent as JSON)."""

    # -- moves -------------------------------------------------------------------------------
    GAME_OVER = "game_over"
    MALFORMED_MOVE = "malformed_move"
    NOT_A_MOVE = "not_a_move"
    NO_PIECE = "no_piece"
    MOVE_NOWHERE = "move_nowhere"
    NOT_YOUR_PIECE = "not_your_piece"
    NOT_ALONG_LINE = "not_along_line"
    OCCUPIED = "occupied"
    BLOCKED = "blocked"
    MAY_NOT_PASS = "may_not_pass"
    MAY_NOT_STOP = "may_not_stop"
    ONE_STEP = "one_step"
    JUMP_OVER_OWN = "jump_over_own"
    JUMP_OVER_SPECIAL = "jump_over_special"
    KING_JUMP_RESTRICTED = "king_jump_restricted"
    KING_MAY_NOT_LAND = "king_may_not_land"
    BERSERK_MUST_CAPTURE = "berserk_must_capture"
    REPETITION_FORBIDDEN = "repetition_forbidden"
    BERSERK_OTHER_PIECE = "berserk_other_piece"
    BERSERK_MUST_GO_ON = "berserk_must_go_on"
    NO_BERSERK_TURN = "no_berserk_turn"
    TOO_MANY_MOVES = "too_many_moves"
    # -- squares -----------------------------------------------------------------------------
    NOT_A_SQUARE = "not_a_square"
    SQUARE_OFF_BOARD = "square_off_board"
    CELL_OFF_HEX_BOARD = "cell_off_hex_board"
    # -- positions ---------------------------------------------------------------------------
    NO_KING = "no_king"
    KINGS = "kings"
    MAY_NOT_STAND = "may_not_stand"
    NO_RULES_FOR_KIND = "no_rules_for_kind"
    ROW_LENGTH = "row_length"
    EMPTY_RUN = "empty_run"
    LEADING_ZERO = "leading_zero"
    UNKNOWN_CHARACTER = "unknown_character"
    ATTACKING_KNIGHT = "attacking_knight"
    DEFENDING_COMMANDER = "defending_commander"
    RECORD_FORMAT = "record_format"
    RECORD_TOO_LONG = "record_too_long"
    ROW_COUNT = "row_count"
    KING_ON_ESCAPE = "king_on_escape"
    SIZE_MISMATCH = "size_mismatch"
    BAD_SIDE = "bad_side"
    NOT_A_RECORD = "not_a_record"
    DIAGRAM = "diagram"
    # -- rules texts -------------------------------------------------------------------------
    RULES_NOT_TEXT = "rules_not_text"
    RULES_INVALID = "rules_invalid"
    OVERRIDES_NOT_A_TABLE = "overrides_not_a_table"
    # -- game records (tafl_core.records) ----------------------------------------------------
    GAME_RECORD_TOO_LONG = "game_record_too_long"
    GAME_RECORD_EMPTY = "game_record_empty"
    GAME_RECORD_LINE_TOO_LONG = "game_record_line_too_long"
    GAME_RECORD_TAG = "game_record_tag"
    GAME_RECORD_TURN = "game_record_turn"
    GAME_RECORD_MOVE = "game_record_move"
    GAME_RECORD_ILLEGAL = "game_record_illegal"
    GAME_RECORD_CAPTURES = "game_record_captures"
    GAME_RECORD_BOARD = "game_record_board"
    GAME_RECORD_POSITION = "game_record_position"
    GAME_RECORD_RESULT = "game_record_result"
    GAME_RECORD_VARIANT = "game_record_variant"
    GAME_RECORD_TOO_MANY_MOVES = "game_record_too_many_moves"
    GAME_RECORD_RESULT_MOVES = "game_record_result_moves"
    GAME_RECORD_COMMENT = "game_record_comment"
    GAME_RECORD_TOO_MANY_COMMENTS = "game_record_too_many_comments"
    GAME_RECORD_RULES = "game_record_rules"
    # -- bridge command arguments (tafl_core.bridge) -----------------------------------------
    BAD_PLY = "bad_ply"
    BAD_LIMIT = "bad_limit"
    UNKNOWN_LEVEL = "unknown_level"
    NO_SEARCH = "no_search"
    NOT_A_MOVE_LIST = "not_a_move_list"
    MISSING_ARGUMENT = "missing_argument"


class CaptureReason(StrEnum):
    """Why a piece was captured (:attr:`tafl_core.moves.Capture.reason`; the values are the codes
    sent as JSON)."""

    #: Enclosed between the moved piece and an enemy on the other side (every ruleset).
    CUSTODIAL = "custodial"
    #: Enclosed between the moved piece and a hostile throne, corner or camp
    #: (``<kind>_hostile``, ``<kind>_hostile_empty``).
    HOSTILE_THRONE = "hostile_throne"
    HOSTILE_CORNER = "hostile_corner"
    HOSTILE_CAMP = "hostile_camp"
    #: The king taken between two enemies (``king_capture = "custodial"`` or where the graded
    #: rules allow it).
    KING_CUSTODIAL = "king_custodial"
    #: The king surrounded on four sides (or on three against the edge or a hostile square).
    KING_SURROUNDED = "king_surrounded"
    #: The king taken between a commander and another enemy (``commander_king_capture``).
    KING_COMMANDERS = "king_commanders"
    #: A row of enemies on the edge closed by a shieldwall (``shieldwall``).
    SHIELDWALL = "shieldwall"
    #: Taken by a knight's or commander's capturing jump over it (``*_jump = "capture"``).
    JUMP = "jump"


class ResultReason(StrEnum):
    """How a game ended (:attr:`tafl_core.moves.Result.reason`; the values are the codes sent as
    JSON and written as an OpenTafl record's ``termination``)."""

    KING_CAPTURED = "king_captured"
    KING_ESCAPED = "king_escaped"
    #: All defenders enclosed (``encirclement``).
    ENCIRCLEMENT = "encirclement"
    #: The king built an exit fort on the edge (``exit_fort``; Copenhagen).
    EXIT_FORT = "exit_fort"
    #: The side to move has no legal move (``no_moves``).
    NO_LEGAL_MOVES = "no_legal_moves"
    #: A position repeated (``repetition``, ``repetition_count``).
    REPETITION = "repetition"
    #: A game record read says the game ended where its moves do not end it (a resignation, a
    #: ``result`` tag); never a :class:`~tafl_core.moves.Result` of the rules, only the board
    #: state of the game read (tafl_core.bridge).
    RECORD = "record"


#: The English sentence of each code (``str.format`` fields are the parameters); the words the
#: engine has always used, so messages and logs read as before.
_TEXT: dict[Reason, str] = {
    Reason.GAME_OVER: "the game is over",
    Reason.MALFORMED_MOVE: "malformed move",
    Reason.NOT_A_MOVE: "'{text}' is not a move (expected e.g. e1-e5)",
    Reason.NO_PIECE: "there is no piece on {square}",
    Reason.MOVE_NOWHERE: "a move must go somewhere",
    Reason.NOT_YOUR_PIECE: "the piece on {square} belongs to the {owner}, but the {to_move} are to move",
    Reason.NOT_ALONG_LINE: "{from}-{to} is not along a rank or file",
    Reason.OCCUPIED: "{square} is occupied",
    Reason.BLOCKED: "the way from {from} to {to} is blocked at {square}",
    Reason.MAY_NOT_PASS: "{piece|a} may not pass the {special} on {square}",
    Reason.MAY_NOT_STOP: "{piece|a} may not stop on the {special} {square}",
    Reason.ONE_STEP: "{piece|a} moves only one square at a time",
    Reason.JUMP_OVER_OWN: "a jump goes over an enemy piece, not over {over|a}",
    Reason.JUMP_OVER_SPECIAL: "a jump may only go over an ordinary enemy piece, not over {over|a_or_the}",
    Reason.KING_JUMP_RESTRICTED: "the king may jump only from or to a restricted square (throne or corner)",
    Reason.KING_MAY_NOT_LAND: "the king may not stop on {square}",
    Reason.BERSERK_MUST_CAPTURE: "{from}-{to} captures nothing; a berserk move must capture",
    Reason.REPETITION_FORBIDDEN: "{from}-{to} would bring back an earlier position, which the {to_move} may not do",
    Reason.BERSERK_OTHER_PIECE: "in this berserk turn only the piece on {square} may move again (or end the turn)",
    Reason.BERSERK_MUST_GO_ON: "the berserk turn must go on: the piece on {square} can still capture",
    Reason.NO_BERSERK_TURN: "there is no berserk turn to end",
    Reason.TOO_MANY_MOVES: "at most {max} moves",
    Reason.NOT_A_SQUARE: "'{text}' is not a square (expected a file letter and a rank, like e5)",
    Reason.SQUARE_OFF_BOARD: "square '{square}' is off the {size}x{size} board",
    Reason.CELL_OFF_HEX_BOARD: "cell '{square}' is off the hexagonal board of side {side}",
    Reason.NO_KING: "the position has no king",
    Reason.KINGS: "the position has {count} kings ({squares}); exactly one is allowed",
    Reason.MAY_NOT_STAND: "{piece|a} may not stand on {square} ({special|a} square)",
    Reason.NO_RULES_FOR_KIND: "these rules have no {piece}s ({square}): only a layout with {piece|a} has rules for it",
    Reason.ROW_LENGTH: "row {row} has {count} squares, expected {size}",
    Reason.EMPTY_RUN: "row {row}: empty run of 0 squares",
    Reason.LEADING_ZERO: "row {row}: the run {run} has a leading zero",
    Reason.UNKNOWN_CHARACTER: "unknown character {char|repr} in position record",
    Reason.ATTACKING_KNIGHT: "an attacking knight ('n') is not supported: the knight belongs to the defenders",
    Reason.DEFENDING_COMMANDER: "a defending commander ('C') is not supported: commanders belong to the attackers",
    Reason.RECORD_FORMAT: "position record must look like /row/row/.../ (first row = rank 1)",
    Reason.RECORD_TOO_LONG: "position record is too long ({length} characters)",
    Reason.ROW_COUNT: "position record has {rows} rows; boards are {min} to {max} wide",
    Reason.KING_ON_ESCAPE: "the king already stands on an escape square ({square})",
    Reason.SIZE_MISMATCH: "the position is {size}x{size}, but this board is {board}x{board}",
    Reason.BAD_SIDE: "the side to move must be attackers or defenders, not '{side}'",
    Reason.NOT_A_RECORD: "the position must be an OpenTafl position record",
    Reason.DIAGRAM: "{detail}",
    Reason.RULES_NOT_TEXT: "the rules must be the text of a rules.toml",
    Reason.RULES_INVALID: "{detail}",
    Reason.OVERRIDES_NOT_A_TABLE: "overrides must map rule keys to values",
    Reason.GAME_RECORD_TOO_LONG: "the game record is longer than {max} characters",
    Reason.GAME_RECORD_EMPTY: "the game record holds no moves",
    Reason.GAME_RECORD_LINE_TOO_LONG: "line {line} is longer than {max} characters",
    Reason.GAME_RECORD_TAG: "line {line}: '{text}' is not a tag such as [date:2024.01.31]",
    Reason.GAME_RECORD_TURN: "line {line}: '{text}' should begin with the turn number {expected}.",
    Reason.GAME_RECORD_MOVE: "line {line}: '{text}' is not a move",
    Reason.GAME_RECORD_ILLEGAL: "line {line}: the move {move} is not legal here",
    Reason.GAME_RECORD_CAPTURES: "line {line}: the move {move} captures {found}, the record says {listed}",
    Reason.GAME_RECORD_BOARD: "line {line}: the record is for a {size}x{size} board, this board is {board}x{board}",
    Reason.GAME_RECORD_POSITION: "line {line}: the start position cannot be played under these rules",
    Reason.GAME_RECORD_RESULT: "line {line}: the result must be 1, 0, -1 or ?",
    Reason.GAME_RECORD_VARIANT: "line {line}: the record is a game of {variant}, this board plays {board}",
    Reason.GAME_RECORD_TOO_MANY_MOVES: "the game record holds more than {max} moves",
    Reason.GAME_RECORD_RESULT_MOVES: "line {line}: the result tag says {tag}, but the moves end the game otherwise",
    Reason.GAME_RECORD_COMMENT: "line {line}: the comment that begins here is not closed by ] or is longer than {max} characters",
    Reason.GAME_RECORD_TOO_MANY_COMMENTS: "the game record holds more than {max} comments",
    Reason.GAME_RECORD_RULES: "line {line}: the move {move} is not legal here; the record was played under other rules: {rule} differs",
    Reason.BAD_PLY: "ply must be a whole number from 0 to {max}",
    Reason.BAD_LIMIT: "{name} must be a number from {min} to {max}",
    Reason.UNKNOWN_LEVEL: "unknown level '{level}' (one of {levels})",
    Reason.NO_SEARCH: "no search under way",
    Reason.NOT_A_MOVE_LIST: "the moves must be a list of move texts",
    Reason.MISSING_ARGUMENT: "the command needs the argument {name}",
}

#: The parameters each code carries (every one, always), for the word tables' tests.
PARAMS: dict[Reason, frozenset[str]] = {}


def _fields(template: str) -> frozenset[str]:
    out = set()
    for part in template.split("{")[1:]:
        out.add(part.split("}", 1)[0].split("|", 1)[0])
    return frozenset(out)


for _code, _template in _TEXT.items():
    PARAMS[_code] = _fields(_template)
del _code, _template

assert set(_TEXT) == set(Reason), "every Reason needs an English text"


def _a(word: str) -> str:
    return ("an " if word[:1] in ("a", "e", "i", "o", "u") else "a ") + word


def _form(value, form: str) -> str:
    if form == "a":
        return _a(str(value))
    if form == "a_or_the":
        return "the king" if value == "king" else _a(str(value))
    if form == "repr":
        return repr(value)
    return str(value)


@dataclass(frozen=True)
class Refusal:
    """One refusal: a :class:`Reason` code and its parameters.

    Attributes:
        code: the reason.
        params: parameter name -> JSON scalar (str or int), as listed in :data:`PARAMS`.
    """

    code: Reason
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """``{"code": str, "params": {...}}``, the JSON form the bridge sends."""
        return {"code": str(self.code), "params": dict(self.params)}

    def text(self) -> str:
        """The refusal as an English sentence (for the command line and logs; the site words
        refusals from its own tables)."""
        template = _TEXT[self.code]
        out = []
        rest = template
        while "{" in rest:
            head, tail = rest.split("{", 1)
            name, rest = tail.split("}", 1)
            key, _, form = name.partition("|")
            out.append(head)
            out.append(_form(self.params.get(key, key), form) if form else str(self.params.get(key, key)))
        out.append(rest)
        return "".join(out)

    def __str__(self) -> str:
        return self.text()

    def with_params(self, **extra) -> "Refusal":
        """The same refusal with more parameters (the bridge adds ``ply`` and ``move``)."""
        return Refusal(self.code, {**self.params, **extra})


def refusal(code: Reason, **params) -> Refusal:
    """A :class:`Refusal` of ``code`` with ``params`` (names that are Python keywords, such as
    ``from``, are passed as ``from_``)."""
    return Refusal(code, {k.rstrip("_"): v for k, v in params.items()})


__all__ = ["Reason", "Refusal", "refusal", "PARAMS", "CaptureReason", "ResultReason"]
