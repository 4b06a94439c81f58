"""A game record's ``rules`` tag compared with the rules the record is read under: which rule
keys differ as OpenTafl's code reads them, and the switch of the page's assumptions that would
make the record playable (the board offers it). Used by :mod:`tafl_core.records`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import TaflError
from .opentafl import OpenTaflRulesError, reading, ruleset_from_opentafl, to_opentafl
from .opentafl_export import nearest_rules, rules_note
from .ruleset import Ruleset


@dataclass
class RulesComparison:
    """The rules a record's ``rules`` tag names, compared with the rules it is read under.

    Attributes:
        readable: whether :func:`~tafl_core.opentafl.ruleset_from_opentafl` reads the tag (an
            OpenTafl rule this engine does not play, such as ``linc:y``, makes it unreadable;
            then ``differ`` is empty and nothing is said about the rules).
        differ: ``[{"key", "record", "page"}]`` the rule keys whose values differ, in the page's
            rule order (values as in rules.toml: str, bool, int, list); empty when OpenTafl
            reads the two rule sets the same (:func:`~tafl_core.opentafl.reading`).
        switch: ``{key: value}``, the alternatives of the page's assumed rules that make the
            page's rules the record's (every difference an assumption with the record's value
            as its alternative), else None. :func:`read_record` keeps it only where the record
            then reads.
        assumptions: the keys of the page's assumptions whose alternatives make ``switch`` (the
            switches the reader turns; empty without a switch).
    """

    readable: bool
    differ: list[dict] = field(default_factory=list)
    switch: dict[str, Any] | None = None
    assumptions: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """JSON form: ``{"readable", "differ", "switch", "assumptions"}``."""
        return {"readable": self.readable, "differ": [dict(d) for d in self.differ],
                "switch": None if self.switch is None else dict(self.switch),
                "assumptions": list(self.assumptions) if self.switch is not None else []}


def _norm(value: Any) -> Any:
    return tuple(sorted(value)) if isinstance(value, (list, tuple)) else value


def _differences(page: Ruleset, other: Ruleset) -> list[dict]:
    keys = list(page.rules) + [k for k in other.rules if k not in page.rules]
    out = []
    for key in keys:
        try:
            a, b = page.value(key), other.value(key)
        except KeyError:
            continue
        if _norm(a) != _norm(b):
            out.append({"key": key, "record": b, "page": a})
    return out


def compare_rules(page: Ruleset, tag: str) -> RulesComparison:
    """Compare an OpenTafl rules string ``tag`` (a record's ``rules`` tag) with ``page``.

    Two rule sets OpenTafl reads the same (:func:`~tafl_core.opentafl.reading` of the tag and
    of :func:`~tafl_core.opentafl.to_opentafl` of the page) do not differ; otherwise every rule
    key whose value differs is listed, leaving out a key whose record value the page's reading
    does not see (two ways of writing one rule, such as the king listed on an empty throne's
    hostility where OpenTafl asks per side). The switch is the union of the alternatives
    (:meth:`Rule.alternative_overrides`) of the page's assumptions that set a differing rule, each
    to the record's value, offered when they cover every difference and
    the page with it differs from the record in nothing shown (a difference the page's own
    reading did not see, such as the king on an empty throne's hostility list where a king
    captured on four sides counts the throne anyway, may stay).
    """
    try:
        record = ruleset_from_opentafl(tag)
    except (OpenTaflRulesError, TaflError, ValueError):
        return RulesComparison(False)
    want = _reading(tag)
    differ = _seen_differences(page, record, want)
    if not differ:
        return RulesComparison(True)
    switch: dict[str, Any] = {}
    chosen: list[str] = []
    record_value = {d["key"]: d["record"] for d in differ}
    for key, rule in page.rules.items():
        alt = rule.alternative_overrides() if rule.assumed else None
        # an assumption whose alternative sets a rule that differs, to the record's value for
        # every such rule it sets (an alternative may set several: a throne and its squares' rules)
        if not alt or not set(alt) & set(record_value):
            continue
        if any(k in record_value and _norm(v) != _norm(record_value[k]) for k, v in alt.items()):
            continue
        switch.update(alt)
        chosen.append(key)
    if not set(record_value) <= set(switch):
        switch = {}
    if switch:
        try:
            switched = page.with_overrides(switch)
        except (TaflError, ValueError):
            switched = None
        # What is left after the switch may only be ways of writing a rule that the page's own
        # reading did not tell apart (the king listed on an empty throne's hostility, which
        # OpenTafl asks per side): the reader was shown the differences, and the switch covers
        # every one of them. read_record keeps the switch only where the record then reads.
        unseen = {d["key"] for d in _differences(page, record)} - {d["key"] for d in differ}
        if switched is None or any(d["key"] not in unseen for d in _seen_differences(switched, record, want)):
            switch = {}
    return RulesComparison(True, differ, switch or None, chosen if switch else [])


def is_own_opentafl_rules(page: Ruleset, tag: str, start_comment: str) -> bool:
    """Whether a record is one this site wrote for ``page`` under OpenTafl's nearest rules
    (:func:`~tafl_core.opentafl_export.nearest_rules`, where OpenTafl cannot say the page's):
    its rules tag ``tag`` is that string and its start comment ``start_comment`` holds the
    site's note naming the rules written otherwise
    (:func:`~tafl_core.opentafl_export.rules_note`). Its rules are the page's, however
    OpenTafl's grammar had to write them; a record from elsewhere with the same string is
    compared like any other."""
    near = nearest_rules(page)
    return (near is not None and near.differ != () and str(tag).strip() == near.text
            and rules_note(near, page.name) in str(start_comment))


def _seen_differences(page: Ruleset, record: Ruleset, want: dict | None) -> list[dict]:
    """The rule keys in which ``page`` differs from ``record`` (read from a rules string whose
    OpenTafl reading is ``want``), as OpenTafl would see them (:func:`compare_rules`)."""
    own = to_opentafl(page)
    if own is not None and want is not None and _reading(own) == want:
        return []
    differ = _differences(page, record)
    if own is not None and want is not None:
        mine = _reading(own)
        differ = [d for d in differ if not _same_reading(page, {d["key"]: d["record"]}, mine)]
    return differ


def _reading(text: str) -> dict | None:
    try:
        return reading(text)
    except (OpenTaflRulesError, TaflError, ValueError):
        return None


def _same_reading(page: Ruleset, overrides: dict, want: dict) -> bool:
    """Whether ``page`` with ``overrides`` still reads (in OpenTafl) as ``want``."""
    try:
        text = to_opentafl(page.with_overrides(overrides))
    except (TaflError, ValueError):
        return False
    return text is not None and _reading(text) == want


__all__ = ["RulesComparison", "compare_rules", "is_own_opentafl_rules"]
