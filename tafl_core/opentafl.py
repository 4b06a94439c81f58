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
from .rulekeys import condition_holds
from .ruleset import Ruleset, toml_value
from .ruletable import OPENTAFL_MAX_SIZE, TABLE, RuleKey
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


def opentafl_unsaid(entry: RuleKey, value: Any) -> str | None:
    """Why OpenTafl cannot say ``value`` of the rule key ``entry`` (its ``unsaid`` reason; ``"*"``
    stands for every value but a ``fixed`` one), None when it can or when the entry's group
    decides. A list value is compared as a tuple.

    Raises:
        ValueError: a value with neither a letter nor a reason (a value added to the table
            without its OpenTafl mapping).
    """
    ot = entry.opentafl
    value = tuple(value) if isinstance(value, list) else value
    if ot.map == "fixed":
        if value == ot.fixed:
            return None
    elif ot.map != "letters" or value in ot.write:
        return None
    why = ot.unsaid.get(value, ot.unsaid.get("*"))
    if why is None:
        raise ValueError(f"tafl_core/ruletable.py: {entry.key} = {value!r} has neither an OpenTafl letter nor a reason")
    return why


def _letters_of(kinds) -> str:
    """The OpenTafl letter list (in OpenTafl's order) for a list of this engine's kinds."""
    chosen = set("".join(KIND_LETTERS[k] for k in kinds))
    return "".join(c for c in LETTERS if c in chosen)


#: The order in which the export writes OpenTafl's keys (the order of OpenTafl's serializer).
_ORDER = ("dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "cj", "nj", "cor", "cen", "cenh", "cenhe", "cenp",
          "cens", "cenre", "corh", "corp", "cors", "corre", "sw", "swf", "efe", "ber", "start")


def _group_cen(rs) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The throne's keys (``cen`` and its lists) and the refusals ``(rule key, why)``."""
    return _square_group(rs, "cen", "throne")


def _group_cor(rs) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The corners' keys (``cor`` and its lists) and the refusals ``(rule key, why)``."""
    return _square_group(rs, "cor", "corner")


#: The export of each OpenTafl group the table names (tafl_core.ruletable: ``OpenTafl("group", name)``).
_GROUPS = {"cen": _group_cen, "cor": _group_cor}


def _square_group(rs, tag: str, prefix: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    v = rs.value
    squares = rs.special_squares()["throne" if tag == "cen" else "corners"]
    parts = [(tag, ",".join(squares) + ("," if squares else ""))]
    if not squares:
        return parts, []
    stop, pas, reent = (set(v(f"{prefix}_{f}")) for f in ("stop", "pass", "reenter"))
    no_return = stop - reent
    if no_return & pas:
        return parts, [(f"{prefix}_reenter", "OpenTafl's re-entry rule (cenre, corre) also bars passing")]
    always, empty = set(v(f"{prefix}_hostile")), set(v(f"{prefix}_hostile_empty"))
    if tag == "cor":
        if (empty - always) and (stop - {"king"}):
            return parts, [(f"{prefix}_hostile_empty", "OpenTafl has no corner hostile only while empty that a piece "
                                                       "other than the king may stand on")]
        hostile_lists = [("corh", always | empty, False)]
    else:
        hostile_lists = [("cenh", always, None), ("cenhe", always | empty, v("king_capture") != "custodial")]
    for key, kinds, king_extra in hostile_lists:
        # OpenTafl asks hostility per side: the king is captured against squares hostile to the defenders.
        if king_extra is not None and ("defender" in kinds) != ("king" in kinds or king_extra):
            which = f"{prefix}_hostile" if ("defender" in always) != ("king" in always) else f"{prefix}_hostile_empty"
            return parts, [(which, "OpenTafl asks a square's hostility per side: it cannot be hostile to a defender "
                                   "and not to the king, or the other way round")]
        parts.append((key, "".join(c for c in LETTERS if c in _letters_of(sorted(kinds & {"attacker", "defender"}))
                                   + ("K" if "defender" in kinds else ""))))
    parts += [(tag + "p", _letters_of(sorted(pas))), (tag + "s", _letters_of(sorted(stop))),
              (tag + "re", _letters_of(k for k in _PLAIN_KINDS if k not in no_return))]
    return parts, []


def _export(rs) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The OpenTafl keys of ``rs`` as ``(key, value)`` pairs in :data:`_ORDER`, before the
    defaults are left out, and the refusals ``(rule key, why)``: each rule key is written as
    its entry of :data:`tafl_core.ruletable.TABLE` says."""
    values = {k: r.value for k, r in rs.rules.items()}
    kinds = set(rs.layout.pieces.values())
    refused: list[tuple[str, str]] = []
    if rs.size > OPENTAFL_MAX_SIZE:
        refused.append(("size", f"OpenTafl plays boards of at most {OPENTAFL_MAX_SIZE}x{OPENTAFL_MAX_SIZE} squares"))
    parts: list[tuple[str, str]] = [("dim", str(rs.size)), ("name", "_".join(rs.name.split()))]
    for entry in TABLE:
        ot = entry.opentafl
        if not condition_holds(entry.when, values, kinds):
            continue
        value = rs.value(entry.key)
        why = opentafl_unsaid(entry, value)
        if why:
            refused.append((entry.key, why))
        elif ot.map == "letters":
            parts.append((ot.key, ot.write[value]))
        elif ot.map == "flag":
            parts.append((ot.key, "y" if value else "n"))
        elif ot.map == "group":
            if not any(k == ot.key for k, _ in parts):
                group, why_not = _GROUPS[ot.key](rs)
                parts += group
                refused += why_not
        elif ot.map != "fixed":
            raise ValueError(f"opentafl does not write the mapping {ot.map!r} (rule {entry.key})")
    if any(k == "corre" for k, _ in parts) and not any(k == "cenre" for k, _ in parts):
        parts.append(("cenre", DEFAULTS["cenre"]))   # OpenTafl reads corre only when cenre is there
    parts.append(("start", rs.layout.to_otn()))
    return sorted(parts, key=lambda kv: _ORDER.index(kv[0])), refused


def opentafl_refusals(rs) -> list[tuple[str, str]]:
    """Why OpenTafl cannot say the ruleset ``rs``: ``(rule key, reason)`` pairs (``"size"`` for a
    board over :data:`~tafl_core.ruletable.OPENTAFL_MAX_SIZE`), empty when it can."""
    return _export(rs)[1]


def to_opentafl(rs) -> str | None:
    """The ruleset ``rs`` as an OpenTafl rules string that OpenTafl reads as the same rules, or
    None where OpenTafl cannot say them (:func:`opentafl_refusals` names the keys and why: the
    ``unsaid`` values of :data:`tafl_core.ruletable.TABLE`, a board over 19 squares, hostility
    that differs between a defender and the king, re-entry that differs from passing).

    Keys equal to OpenTafl's defaults under :func:`reading` are left out, as OpenTafl's own
    serializer does, so a ruleset OpenTafl ships comes out as OpenTafl's string (but the name).
    """
    parts, refused = _export(rs)
    if refused:
        return None
    want = reading(_join(parts))
    # Leave out what OpenTafl reads the same without it (repeat until nothing more can go: cenre
    # and corre depend on each other).
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
    pieces that exist (a commander unlike the attackers, a knight unlike the defenders). A
    hostility list (``hostility``, as :func:`reading` gives it: only ``t`` and ``T``, since
    OpenTafl asks hostility per side) names sides, so it splits nothing."""
    out = []
    if "t" in letters:
        out.append("attacker")
    if not hostility and "c" in present and ("c" in letters) != ("t" in letters):
        raise OpenTaflRulesError(f"{key}: commanders differ from the attackers; this engine counts a commander as an attacker")
    if "T" in letters:
        out.append("defender")
    if not hostility and "N" in present and ("N" in letters) != ("T" in letters):
        raise OpenTaflRulesError(f"{key}: the knight differs from the defenders; this engine counts a knight as a defender")
    if ("T" if hostility else "K") in letters:
        out.append("king")
    return out


def _read_square_group(tag: str, prefix: str, r: dict, raw: dict, present: frozenset, rules: dict) -> None:
    """The rule keys of a special square (``throne`` or ``corners`` and their lists) as OpenTafl
    reads ``cen``/``cor`` and their lists (``r``: :func:`reading`, ``raw``: the split string),
    into ``rules``."""
    n = r["dim"]
    if tag == "cen":
        rules["throne"] = bool(r["cen"])
    else:
        rules["corners"] = ("single" if r["cor"] == _corner_default(n) else
                            sorted(r["cor"], key=lambda s: parse_square(s, n)) or "none")
    if not r[tag]:
        return
    stop_letters = _letters(raw.get(tag + "s", DEFAULTS[tag + "s"]))
    rules[f"{prefix}_stop"] = _kinds(stop_letters & present, present, tag + "s")
    rules[f"{prefix}_reenter"] = _kinds(r[tag + "_stop"], present, tag + "re")
    rules[f"{prefix}_pass"] = _kinds(r.get(tag + "_pass", frozenset()), present, tag + "p")
    if tag == "cen":
        occ, emp = r["cen_h"], r["cen_he"]
        if rules["king_capture"] != "custodial" and "T" not in emp:
            raise OpenTaflRulesError("cenhe: the empty centre is not hostile to the defenders, but this engine's "
                                     "strong king always counts the empty throne against him")
        rules["throne_hostile"] = _kinds(occ & emp, present, "cenh", hostility=True)
        rules["throne_hostile_empty"] = _kinds(emp - occ, present, "cenhe", hostility=True)
        if occ - emp:
            raise OpenTaflRulesError("cenh: a centre hostile only while occupied is not a rule of this engine")
    else:
        rules["corner_hostile"] = _kinds(r["cor_h"], present, "corh", hostility=True)
        rules["corner_hostile_empty"] = []


#: The reading of each OpenTafl group the table names (tafl_core.ruletable: ``OpenTafl("group", name)``).
_GROUP_READERS = {"cen": lambda *a: _read_square_group("cen", "throne", *a),
                  "cor": lambda *a: _read_square_group("cor", "corner", *a)}


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
           (any(r["forts"]), "afor/dfor (forts)"),
           (any(raw.get(k, "n") not in ("n", "") for k in ("mj", "gj")), "mj/gj (mercenaries, guards)")]
    for bad, what in why:
        if bad:
            raise OpenTaflRulesError(f"{what} is a rule this engine does not play")
    middle = square_name(((n - 1) // 2) * n + (n - 1) // 2, n)
    if r["cen"] and (r["cen"] != {middle} or n % 2 == 0):
        raise OpenTaflRulesError("cen: this engine's throne is the one middle square of an odd board")
    kinds = set(layout.pieces.values())
    rules: dict[str, Any] = {}
    groups: list[str] = []
    for entry in TABLE:
        ot = entry.opentafl
        if not condition_holds(entry.when, rules, kinds) or entry.when in ("throne", "corner", "camp"):
            continue
        if ot.map == "letters":
            letter = r[ot.key] if not isinstance(r[ot.key], bool) else "yn"[not r[ot.key]]
            if letter in ot.unread:
                raise OpenTaflRulesError(ot.unread[letter])
            if letter not in ot.read():
                raise OpenTaflRulesError(f"{ot.key}:{letter} has no value of {entry.key} in this engine")
            rules[entry.key] = ot.read()[letter]
        elif ot.map == "flag":
            rules[entry.key] = r.get(ot.key, False)   # swf: without a shieldwall it does not arise
        elif ot.map == "fixed":
            if entry.when != "optional" or ot.fixed != entry.default:
                rules[entry.key] = list(ot.fixed) if isinstance(ot.fixed, tuple) else ot.fixed
        elif ot.map == "group":
            groups += [ot.key] if ot.key not in groups else []
        else:
            raise ValueError(f"opentafl does not read the mapping {ot.map!r} (rule {entry.key})")
    if rules["king_capture"] == "throne_graded" and not r["cen"]:
        rules["king_capture"] = "custodial"   # strong only on or beside a centre there is not
    for group in groups:
        _GROUP_READERS[group](r, raw, present, rules)
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
           "opentafl_refusals", "opentafl_unsaid", "ruleset_from_opentafl"]
