"""OpenTafl's rules strings (``dim:11 name:Copenhagen atkf:y tfr:w ... start:/.../``): write a
:class:`~tafl_core.ruleset.Ruleset` as one, read one the way OpenTafl's code reads it, and read one
into a Ruleset.

Facts carried over from OpenTafl v0.4.8.0b (github.com/jslater89/OpenTafl,
``notation/RulesSerializer.java``, ``rules/Rules.java``, ``rules/GenericRules.java``,
``engine/GameState.java``, ``rules/Taflman.java``):

* A rules string is split on spaces, each part on ``:``; ``key:`` is an empty value. Absent keys
  take OpenTafl's defaults (:data:`DEFAULTS`); an unknown value of a scalar key falls back to a
  fixed reading (``tfr:i`` reads as a draw: "ignored" cannot be said at all).
* Piece-type lists are letters of ``tcnkmTCNKM`` (lower case the attacking side: taflman,
  commander, knight, king, mercenary). A list's entry counts only for the pieces that exist.
* Hostility of a special square is asked per *side* (``GenericRules.isSpaceHostileToSide``
  reads only the ``t`` and ``T`` entries); the king is captured against squares hostile to the
  defenders. The centre uses ``cenh`` while occupied and ``cenhe`` while empty (not both).
* Re-entry (``cenre``, ``corre``) limits both stopping on and passing through a special square
  for a piece that does not start on a square of the same kind; on a one-square centre that is
  every move onto or over it.
* ``corre`` is read only when ``cenre`` is present (and is then empty if absent): a string with
  ``cenre`` must carry ``corre`` too, or no piece may stop on a corner.
* ``tfr:w``: after the third occurrence of a position the side *to move* wins (the code checks
  after the turn has passed), so the side that repeated loses - this engine's ``loss_repeater``.
  ``tfr:l`` lets the repeating side win, a rule this engine does not have.
"""

from __future__ import annotations

from typing import Any

from .errors import PositionError, RulesFileError
from .position import Position
from .ruleset import Ruleset, toml_value
from .squares import parse_square, square_name

#: OpenTafl's piece letters in its order (``TaflmanCodes.inverse`` without the guards).
LETTERS = "tcnkmTCNKM"
#: The letters a kind of this engine stands for in a list: an "attacker" is every piece of the
#: attacking side (a commander counts as an attacker), a "defender" every defending piece but
#: the king (a knight counts as a defender).
KIND_LETTERS = {"attacker": "tcnkm", "defender": "TCNM", "king": "K"}
#: OpenTafl's defaults (RulesSerializer.defaults; the scalar ones as GenericRules starts them).
DEFAULTS: dict[str, str] = {
    "esc": "c", "surf": "y", "atkf": "y", "tfr": "d", "ka": "y", "ks": "s", "kj": "n", "nj": "c", "cj": "j",
    "sw": "n", "swf": "y", "efe": "n", "linc": "n", "ber": "n", "spd": "-1", "afor": "", "dfor": "",
    "corh": "tcnkmTCNKM", "cenh": "tcnkm", "cenhe": "tcnkmTCNKM", "corp": "K", "cenp": "tcnkmTCNKM",
    "cors": "K", "cens": "K", "corre": "tcnkmTCNKM", "cenre": "tcnkmTCNKM",
}
#: Keys this module reads; any other key in a string read into a Ruleset is refused.
_KNOWN = set(DEFAULTS) | {"dim", "name", "start", "starti", "cor", "cen", "mj", "gj", "aforp", "afors", "aforh",
                          "aforre", "dforp", "dfors", "dforh", "dforre"}
_TFR = {"w": "w", "l": "l"}                           # anything else: draws
_KA = ("y", "h", "a", "n")                            # anything else: armed
_KS = {"s": "s", "y": "s", "c": "c", "m": "m", "w": "w", "n": "w"}   # anything else: strong
_JUMP = ("c", "j", "r")                               # anything else: no jump
_PRESENT_LETTER = {"attacker": "t", "defender": "T", "king": "K", "commander": "c", "knight": "N"}
_KING_CAPTURE = {"custodial": "w", "four_sides": "s", "throne_graded": "c", "surrounded_edge": "m"}
_KING_ARMED = {"yes": "y", "no": "n", "anvil": "a", "hammer": "h"}
_SHIELDWALL = {"off": "n", "on": "w", "corner": "s"}
_KING_JUMP = {"none": "n", "restricted": "r", "free": "j"}
_PIECE_JUMP = {"none": "n", "jump": "j", "capture": "c"}
_PLAIN_KINDS = ("attacker", "defender", "king")


class OpenTaflRulesError(ValueError):
    """An OpenTafl rules string this engine cannot read or cannot play as OpenTafl would; the
    message says which key and why."""


def split_rules(text: str) -> dict[str, str]:
    """The keys of a rules string as OpenTafl splits them (``getRulesMap``): parts between
    spaces, ``key:value``; ``key:`` and a bare ``key`` are the empty value; a later key wins."""
    out: dict[str, str] = {}
    for part in str(text).split(" "):
        key, _, value = part.partition(":")
        out[key] = value.split(":", 1)[0]
    return out


def _letters(s: str | None) -> frozenset[str]:
    return frozenset(s or "") & frozenset(LETTERS)


def _corner_default(n: int) -> frozenset[str]:
    return frozenset(square_name(s, n) for s in (0, n - 1, (n - 1) * n, n * n - 1))


def _square_set(value: str, n: int) -> frozenset[str]:
    out = set()
    for name in value.split(","):
        if name:
            out.add(square_name(parse_square(name, n), n))
    return frozenset(out)


def reading(text: str) -> dict[str, Any]:
    """What OpenTafl's code decides from the rules string ``text``, for the pieces its start
    record holds: two strings with equal readings play the same game in OpenTafl.

    Returns a dict: the scalar keys as OpenTafl's parse functions map them (``tfr``, ``ka``,
    ``ks``, ``esc``, ``surf``, ``atkf``, ``sw``, ``swf`` only with a shieldwall, ``efe``,
    ``linc``, ``ber``, ``kj``, ``cj``/``nj`` only with commanders/knights, ``spd``), ``dim``,
    ``start``, the square sets ``cor`` and ``cen``, and per special square kind who may stop on
    it coming from elsewhere (``cen_stop``), pass it (``cen_pass``; corners only where a corner
    square lies between two squares), stop within a group of such squares (``cor_within``), and
    to which side (``t``/``T``) it is hostile (``cen_h`` occupied, ``cen_he`` empty, ``cor_h``).
    ``name`` is left out. Raises :class:`OpenTaflRulesError` without ``dim`` or a start record.
    """
    raw = split_rules(text)
    if not raw.get("dim") or not (raw.get("start") or raw.get("starti")):
        raise OpenTaflRulesError("a rules string needs dim and start")
    if not raw["dim"].isdigit():
        raise OpenTaflRulesError(f"dim:{raw['dim'][:10]} is not a number")
    n = int(raw["dim"])
    start = raw.get("start") or raw.get("starti")
    present = frozenset(c for c in start if c in LETTERS)

    def get(key: str) -> str:
        return raw[key] if key in raw else DEFAULTS[key]

    out: dict[str, Any] = {"dim": n, "start": start, "starti": "starti" in raw and "start" not in raw}
    out["esc"] = "c" if get("esc") == "c" else "e"
    for key in ("surf", "atkf", "efe", "linc"):
        out[key] = get(key) == "y"
    out["tfr"] = _TFR.get(get("tfr"), "d")
    out["ka"] = get("ka") if get("ka") in _KA else "y"
    out["ks"] = _KS.get(get("ks"), "s")
    out["kj"] = get("kj") if get("kj") in _JUMP else "n"
    if present & {"c", "C"}:
        out["cj"] = get("cj") if get("cj") in _JUMP else "n"
    if present & {"n", "N"}:
        out["nj"] = get("nj") if get("nj") in _JUMP else "n"
    out["sw"] = get("sw") if get("sw") in ("s", "w") else "n"
    if out["sw"] != "n":
        out["swf"] = get("swf") == "y"
    out["ber"] = get("ber") if get("ber") in ("m", "c") else "n"
    out["spd"] = get("spd")
    out["forts"] = (get("afor"), get("dfor"))
    try:
        cor = _square_set(raw["cor"], n) if "cor" in raw else _corner_default(n)
        middle = (n - 1) // 2
        cen = _square_set(raw["cen"], n) if "cen" in raw else frozenset({square_name(middle * n + middle, n)})
    except Exception as exc:   # a square name outside the board
        raise OpenTaflRulesError(f"a corner or centre square is not on the {n}x{n} board") from exc
    out["cor"], out["cen"] = cor, cen
    # corre is read only when cenre is present (RulesSerializer.loadRulesRecord).
    corre = _letters(raw.get("corre")) if "cenre" in raw else _letters(DEFAULTS["corre"])
    for tag, squares, re_ in (("cen", cen, _letters(get("cenre"))), ("cor", cor, corre)):
        if not squares:
            continue
        stop, pas = _letters(get(tag + "s")), _letters(get(tag + "p"))
        out[tag + "_stop"] = present & stop & re_
        if _group_has_neighbours(squares, n):
            out[tag + "_within"] = present & stop
        if any(_between(s, n) for s in squares):
            out[tag + "_pass"] = present & pas & re_
    if cen:
        out["cen_h"] = _letters(get("cenh")) & {"t", "T"}
        out["cen_he"] = _letters(get("cenhe")) & {"t", "T"}
    if cor:
        out["cor_h"] = _letters(get("corh")) & {"t", "T"}
    return out


def _between(name: str, n: int) -> bool:
    """Whether the square lies between two squares of a line (a piece can move over it)."""
    s = parse_square(name, n)
    r, f = divmod(s, n)
    return 0 < r < n - 1 or 0 < f < n - 1


def _group_has_neighbours(squares: frozenset[str], n: int) -> bool:
    idx = {parse_square(x, n) for x in squares}
    return any((s + 1 in idx and (s + 1) % n) or s + n in idx for s in idx)


def _letters_of(kinds) -> str:
    """The OpenTafl letter list (in OpenTafl's order) for a list of this engine's kinds."""
    chosen = set("".join(KIND_LETTERS[k] for k in kinds))
    return "".join(c for c in LETTERS if c in chosen)


def to_opentafl(rs) -> str | None:
    """The ruleset ``rs`` as an OpenTafl rules string that OpenTafl reads as the same rules, or
    None where OpenTafl cannot say them: camps, pieces moving one square, a king taken only by
    four attackers, repetition ignored, losing for the defenders or counted other than at the
    third occurrence, no rule or a draw for a side without moves, berserk escapes, a board over
    19 squares, hostility that differs between a defender and the king (OpenTafl asks per side),
    re-entry that differs from passing, commanders that do not take the king.

    Keys equal to OpenTafl's defaults under :func:`reading` are left out, as OpenTafl's own
    serializer does, so a ruleset OpenTafl ships comes out as OpenTafl's string (but the name).
    """
    v = rs.value
    n = rs.size
    if (v("camps") or v("one_step") or v("king_capture") not in _KING_CAPTURE or n > 19
            or v("repetition") not in ("draw", "loss_repeater") or v("repetition_count") != 3
            or v("no_moves") != "loss" or v("berserk") == "capture_or_escape"
            # OpenTafl's boards are square and it has no capture on a corner by its flanks
            or v("geometry") != "square" or v("corner_capture") != "ordinary"):
        return None
    kinds_present = set(rs.layout.pieces.values())
    if "commander" in kinds_present and v("commander_king_capture") != "custodial":
        return None
    sq = rs.special_squares()
    corners, throne = sq["corners"], sq["throne"]
    parts: list[tuple[str, str]] = [("dim", str(n)), ("name", "_".join(rs.name.split())),
                                    ("esc", "c" if v("escape") == "corners" else "e"), ("surf", "y" if v("encirclement") else "n"),
                                    ("atkf", "y" if v("first_mover") == "attackers" else "n"),
                                    ("tfr", "w" if v("repetition") == "loss_repeater" else "d"),
                                    ("ka", _KING_ARMED[v("king_armed")]), ("ks", _KING_CAPTURE[v("king_capture")]),
                                    ("kj", _KING_JUMP[v("king_jump")])]
    if "commander" in kinds_present:
        parts.append(("cj", _PIECE_JUMP[v("commander_jump")]))
    if "knight" in kinds_present:
        parts.append(("nj", _PIECE_JUMP[v("knight_jump")]))
    parts.append(("cor", ",".join(corners) + ("," if corners else "")))
    parts.append(("cen", ",".join(throne) + ("," if throne else "")))
    king_counts_throne = v("king_capture") != "custodial"
    for tag, prefix, present in (("cen", "throne", bool(throne)), ("cor", "corner", bool(corners))):
        if not present:
            continue
        stop, pas, reent = (set(v(f"{prefix}_{f}")) for f in ("stop", "pass", "reenter"))
        no_return = stop - reent
        if no_return & pas:
            return None   # OpenTafl's re-entry also bars passing
        always, empty = set(v(f"{prefix}_hostile")), set(v(f"{prefix}_hostile_empty"))
        if tag == "cor":
            if (empty - always) and (stop - {"king"}):
                return None   # a corner another piece may stand on, hostile only while empty
            hostile_lists = [("corh", always | empty, False)]
        else:
            hostile_lists = [("cenh", always, None), ("cenhe", always | empty, king_counts_throne)]
        for key, kinds, king_extra in hostile_lists:
            if king_extra is not None and ("defender" in kinds) != ("king" in kinds or king_extra):
                return None   # OpenTafl captures the king against squares hostile to the defenders
            parts.append((key, _letters_of(sorted(kinds & {"attacker", "defender"}))
                          + ("K" if "defender" in kinds else "")))
        parts += [(tag + "p", _letters_of(sorted(pas))), (tag + "s", _letters_of(sorted(stop))),
                  (tag + "re", _letters_of(k for k in _PLAIN_KINDS if k not in no_return))]
    parts.append(("sw", _SHIELDWALL[v("shieldwall")]))
    if v("shieldwall") != "off":
        parts.append(("swf", "y" if v("shieldwall_flank") else "n"))
    parts.append(("efe", "y" if v("exit_fort") else "n"))
    parts.append(("ber", "c" if v("berserk") == "capture" else "n"))
    parts.append(("start", rs.layout.to_otn()))
    # Normalise the hostility lists' letter order, then leave out what OpenTafl reads the same
    # without it (repeat until nothing more can go: cenre and corre depend on each other).
    parts = [(k, "".join(c for c in LETTERS if c in val) if k in ("cenh", "cenhe", "corh") else val) for k, val in parts]
    full = _join(parts)
    want = reading(full)
    dropped = True
    while dropped:
        dropped = False
        for i, (key, _) in enumerate(parts):
            if key in ("dim", "name", "start", "atkf"):
                continue
            trial = parts[:i] + parts[i + 1:]
            if reading(_join(trial)) == want:
                parts = trial
                dropped = True
                break
    return _join(parts)


def _join(parts: list[tuple[str, str]]) -> str:
    return " ".join(f"{k}:{val}" for k, val in parts)


def _kinds(letters: frozenset[str], present: frozenset[str], key: str, hostility: bool = False) -> list[str]:
    """This engine's kinds for an OpenTafl letter list; refuses a list that splits a side's
    pieces that exist (a commander unlike the attackers, a knight unlike the defenders)."""
    out = []
    if "t" in letters:
        out.append("attacker")
    if "c" in present and ("c" in letters) != ("t" in letters):
        raise OpenTaflRulesError(f"{key}: commanders differ from the attackers; this engine counts a commander as an attacker")
    if "T" in letters:
        out.append("defender")
    if "N" in present and ("N" in letters) != ("T" in letters):
        raise OpenTaflRulesError(f"{key}: the knight differs from the defenders; this engine counts a knight as a defender")
    if ("T" if hostility else "K") in letters:
        out.append("king")
    return out


def ruleset_from_opentafl(text: str):
    """The :class:`~tafl_core.ruleset.Ruleset` that plays as OpenTafl reads the rules string
    ``text`` (the inverse of :func:`to_opentafl` under :func:`reading`).

    Raises:
        OpenTaflRulesError: a string without ``dim``/``start``, a start record this engine cannot
            read, or a rule it cannot play as OpenTafl does (Linnaean capture, speed limits,
            forts, ``tfr:l``, berserk on any move, a centre other than the middle square, a
            mercenary or guard, mixed letter lists, king hostility that OpenTafl asks
            differently, a start record of another size).
    """

    if not isinstance(text, str) or len(text) > 20000:
        raise OpenTaflRulesError("a rules string must be text of at most 20000 characters")
    raw = split_rules(text.strip())
    unknown = sorted(k for k in raw if k and k not in _KNOWN)
    if unknown:
        raise OpenTaflRulesError(f"unknown rules key '{unknown[0][:20]}'")
    r = reading(text.strip())
    if r["starti"]:
        raise OpenTaflRulesError("starti (an inverted start record) is not supported; use start")
    try:
        layout = Position.from_otn(r["start"])
    except PositionError as exc:
        raise OpenTaflRulesError(f"start: {exc.message}") from None
    n = r["dim"]
    if layout.size != n:
        raise OpenTaflRulesError(f"start has {layout.size} rows, dim says {n}")
    present = frozenset(c for c in r["start"] if c in LETTERS)
    why = [(r["linc"], "linc:y (Linnaean capture)"), (r["spd"] not in ("-1", ""), "spd (speed limits)"),
           (any(r["forts"]), "afor/dfor (forts)"), (r["tfr"] == "l", "tfr:l (the repeating side wins)"),
           (r["ber"] == "m", "ber:m (berserk on any move)"),
           (any(raw.get(k, "n") not in ("n", "") for k in ("mj", "gj")), "mj/gj (mercenaries, guards)")]
    for bad, what in why:
        if bad:
            raise OpenTaflRulesError(f"{what} is a rule this engine does not play")
    middle = square_name(((n - 1) // 2) * n + (n - 1) // 2, n)
    if r["cen"] and (r["cen"] != {middle} or n % 2 == 0):
        raise OpenTaflRulesError("cen: this engine's throne is the one middle square of an odd board")
    rules: dict[str, Any] = {
        "first_mover": "attackers" if r["atkf"] else "defenders",
        "escape": "corners" if r["esc"] == "c" else "edge",
        "king_armed": {v: k for k, v in _KING_ARMED.items()}[r["ka"]],
        "king_capture": {v: k for k, v in _KING_CAPTURE.items()}[r["ks"]],
        "throne": bool(r["cen"]),
        "corners": ("single" if r["cor"] == _corner_default(n) else
                    sorted(r["cor"], key=lambda s: parse_square(s, n)) or "none"),
        "camps": [],
        "shieldwall": {v: k for k, v in _SHIELDWALL.items()}[r["sw"]],
        "shieldwall_flank": r.get("swf", False),   # without a shieldwall it does not arise
        "exit_fort": r["efe"], "encirclement": r["surf"],
        "repetition": "loss_repeater" if r["tfr"] == "w" else "draw", "repetition_count": 3, "no_moves": "loss",
        "king_jump": {"n": "none", "r": "restricted", "j": "free", "c": "free"}[r["kj"]],
    }
    if r["ks"] == "c" and not r["cen"]:
        rules["king_capture"] = "custodial"   # strong only on or beside a centre there is not
    king_counts_throne = rules["king_capture"] != "custodial"
    for tag, prefix in (("cen", "throne"), ("cor", "corner")):
        if not r[tag]:
            continue
        stop_letters = _letters(raw.get(tag + "s", DEFAULTS[tag + "s"]))
        rules[f"{prefix}_stop"] = _kinds(stop_letters & present, present, tag + "s")
        rules[f"{prefix}_reenter"] = _kinds(r[tag + "_stop"], present, tag + "re")
        pas = r.get(tag + "_pass", frozenset())
        rules[f"{prefix}_pass"] = _kinds(pas, present, tag + "p")
        if tag == "cen":
            occ, emp = r["cen_h"], r["cen_he"]
            if king_counts_throne and "T" not in emp:
                raise OpenTaflRulesError("cenhe: the empty centre is not hostile to the defenders, but this engine's "
                                         "strong king always counts the empty throne against him")
            rules["throne_hostile"] = _kinds(occ & emp, present, "cenh", hostility=True)
            rules["throne_hostile_empty"] = _kinds(emp - occ, present, "cenhe", hostility=True)
            if occ - emp:
                raise OpenTaflRulesError("cenh: a centre hostile only while occupied is not a rule of this engine")
        else:
            rules["corner_hostile"] = _kinds(r["cor_h"], present, "corh", hostility=True)
            rules["corner_hostile_empty"] = []
    if "c" in present:
        rules["commander_jump"] = {"n": "none", "j": "jump", "c": "capture", "r": "jump"}[r["cj"]]
        rules["commander_king_capture"] = "custodial"
    if "N" in present:
        rules["knight_jump"] = {"n": "none", "j": "jump", "c": "capture", "r": "jump"}[r["nj"]]
    if r["ber"] == "c":
        rules["berserk"] = "capture"
        rules["berserk_compulsory"] = True   # OpenTafl keeps the turn while a capture is possible
    name = " ".join(raw.get("name", "").replace("_", " ").split())[:80] or "Unknown Tafl"
    lines = ["[variant]", f"name = {toml_value(name)}", "", "[layout]", 'origin = "OpenTafl rules string"',
             'diagram = """', layout.to_diagram().rstrip("\n"), '"""']
    for key, value in rules.items():
        lines += ["", f"[rules.{key}]", f"value = {toml_value(value)}", 'ref = "1"']
    try:
        return Ruleset.from_toml("\n".join(lines) + "\n", "<OpenTafl rules>")
    except RulesFileError as exc:
        raise OpenTaflRulesError(exc.message if hasattr(exc, "message") else str(exc)) from None


__all__ = ["DEFAULTS", "LETTERS", "KIND_LETTERS", "OpenTaflRulesError", "split_rules", "reading", "to_opentafl",
           "ruleset_from_opentafl"]
