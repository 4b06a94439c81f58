"""The differences between a variant page and other tafl engines that the page names.

A variant's ``rules.toml`` may hold an array of tables ``[[differences]]``, one per (engine,
rule key) where another public engine defines the same ruleset with another value (or another
start layout) and the page says so. Each entry points at the words that name it::

    [[differences]]
    engine = "opentafl"            # a key of ENGINES
    key = "king_capture"           # a rule key of tafl_core.rulekeys, or "layout"
    ref = "5.9"                    # the section or subsection that names it ("note": the rule's note)
    phrase.de = "OpenTafl fängt den König überall"   # words standing verbatim there (de.md)
    phrase.en = "OpenTafl captures the king everywhere"  # and in en.md

:mod:`build_tools.validate.differences` checks that every entry points at existing words in
both languages that name the engine; ``tests/tafl_core/test_engine_definitions.py`` checks
that every value in which a transcribed engine definition
(``tests/tafl_core/engine_definitions/engines/<engine>.toml``, listed per page in
``compared.toml``) differs from the page has an entry, and
that no entry names a difference the transcription does not show. README.md ("Writing a
variant source", "Differences from other engines") documents the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from tafl_core.rulekeys import ALL_RULE_KEYS

__all__ = ["Engine", "ENGINES", "LAYOUT_KEY", "NOTE_REF", "FIELDS", "REF_PATTERN", "Difference", "differences_of",
           "entry_faults", "normalise", "names_engine"]


class Engine(NamedTuple):
    """A public tafl engine whose definitions the site compares itself with: ``name`` as the
    pages write it, its GitHub ``repository`` (owner/name) and the ``names`` a sentence may use
    for it (matched case-insensitively)."""
    name: str
    repository: str
    names: tuple[str, ...]


#: The engines, by the id a ``[[differences]]`` entry and an engine definition use.
ENGINES: dict[str, Engine] = {
    "opentafl": Engine("OpenTafl", "jslater89/OpenTafl", ("OpenTafl",)),
    "abstractplay": Engine("AbstractPlay", "AbstractPlay/gameslib", ("AbstractPlay",)),
    "hnefatafl-rs": Engine("hnefatafl-rs", "bunburya/hnefatafl-rs", ("hnefatafl-rs",)),
    "ludii": Engine("Ludii", "Ludeme/Ludii", ("Ludii",)),
    "tafl_server": Engine("tafl_server", "K-Francis-H/tafl_server", ("tafl_server", "tafl server", "Tafl-Server")),
    "hnefatafl-org": Engine("hnefatafl.org", "dcampbell24/hnefatafl", ("hnefatafl.org",)),
}
#: The ``key`` of a difference in the start layout (any square).
LAYOUT_KEY = "layout"
#: The ``ref`` of a difference named in the rule's own note (``note.de`` / ``note.en``).
NOTE_REF = "note"
#: A ``ref`` (whole match): a section, a subsection or :data:`NOTE_REF`. A section number has at
#: most three digits (a page has ten sections), so a ref never needs a long integer conversion.
REF_PATTERN = r"\d{1,3}(?:\.\d{1,3})?|" + NOTE_REF
#: The fields of one entry.
FIELDS = ("engine", "key", "ref", "phrase")


@dataclass(frozen=True)
class Difference:
    """One named difference: ``engine`` (a key of :data:`ENGINES`), ``key`` (a rule key or
    :data:`LAYOUT_KEY`), ``ref`` (a section number such as ``"10"``, a subsection such as
    ``"5.9"``, or :data:`NOTE_REF`), ``phrase`` ({"de": …, "en": …}: words standing there) and
    ``index`` (0-based position in the ``[[differences]]`` array)."""
    engine: str
    key: str
    ref: str
    phrase: dict[str, str]
    index: int


def entry_faults(entry: Any) -> list[str]:
    """Why one raw ``[[differences]]`` entry (a dict from tomllib) is malformed, as messages
    ([] when well formed); the words it points at are checked by the validator."""
    if not isinstance(entry, dict):
        return ["each [[differences]] entry must be a table"]
    out = [f"unknown field '{k}' (expected {', '.join(FIELDS)})" for k in entry if k not in FIELDS]
    for k in FIELDS:
        if k not in entry:
            out.append(f"missing field '{k}'")
    # A value of the wrong TOML type (an array, a table, a number) is named by its type, never
    # looked up: a list or table cannot be a dict key, and its text could be any length.
    if "engine" in entry and not (isinstance(entry["engine"], str) and entry["engine"] in ENGINES):
        out.append(f"engine {_shown(entry['engine'])} not one of {', '.join(ENGINES)}")
    if "key" in entry and not (isinstance(entry["key"], str)
                               and (entry["key"] == LAYOUT_KEY or entry["key"] in ALL_RULE_KEYS)):
        out.append(f"key {_shown(entry['key'])} neither '{LAYOUT_KEY}' nor a rule key")
    if "ref" in entry and not (isinstance(entry["ref"], str) and re.fullmatch(REF_PATTERN, entry["ref"])):
        out.append(f"ref {_shown(entry['ref'])} not a section (\"10\"), a subsection (\"5.9\") or \"{NOTE_REF}\"")
    if "phrase" in entry:
        phrase = entry["phrase"]
        if not isinstance(phrase, dict) or set(phrase) != {"de", "en"} or not all(
                isinstance(v, str) and v.strip() for v in phrase.values()):
            out.append("phrase needs phrase.de and phrase.en, each a non-empty string")
    return out


def _shown(value: Any) -> str:
    """How a fault message names a wrong ``value``, up to its verb: a string quoted and cut to
    40 characters (``'chess.com' is``), any other TOML value by its type (``is an array,``)."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…") + " is"
    kinds = ((bool, "a boolean"), (int, "an integer"), (float, "a float"), (list, "an array"), (dict, "a table"))
    return "is " + next((name for kind, name in kinds if isinstance(value, kind)), "a date or time") + ","


def differences_of(rules_data: Any) -> list[Difference]:
    """The well-formed entries of ``[[differences]]`` in parsed rules.toml data (malformed ones
    are left out: :func:`entry_faults` names them); [] when there is none."""
    raw = rules_data.get("differences", []) if isinstance(rules_data, dict) else []
    if not isinstance(raw, list):
        return []
    return [Difference(e["engine"], e["key"], e["ref"], dict(e["phrase"]), i)
            for i, e in enumerate(raw) if not entry_faults(e)]


def normalise(text: str) -> str:
    """``text`` with every run of white space as one space (a phrase may span wrapped lines)."""
    return re.sub(r"\s+", " ", text).strip()


def names_engine(phrase: str, engine: str) -> bool:
    """Whether ``phrase`` names ``engine`` by one of its :attr:`Engine.names`."""
    low = phrase.lower()
    return any(n.lower() in low for n in ENGINES[engine].names)
