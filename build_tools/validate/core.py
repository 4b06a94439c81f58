"""The validator's one fault type and what every check shares.

A check is a function ``(Variant, Context) -> Iterable[Fault]`` (:data:`Check`); a
:class:`Fault` prints as ``path:line: message``. The helpers here read a parsed variant the
way every topic needs: its pages, a facts row by role, a rule's value and line, the line of a
key in rules.toml.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from build_tools.format import FACT_KEYS, LANGS
from build_tools.sources import Page, Variant, rel_path, toml_lines


__all__ = ["Fault", "Context", "Check", "fault", "pages_of", "fact_row", "quote", "diff_snippets",
           "toml_lines", "rule_of", "show", "both_pages", "section_line", "toml_show", "top_level_line",
           "variant_key_line", "toml_value_line", "sorted_faults"]


@dataclass(frozen=True, order=True)
class Fault:
    """One fault: ``path`` (relative to the repository root, forward slashes), 1-based
    ``line`` and a one-line ``message``; ``str(fault) == "path:line: message"``."""
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{quote_path(self.path)}:{self.line}: {one_line(self.message)}"


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_QUOTED = re.compile(r'[\x00-\x1f\x7f\\"]')
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", '"': '\\"'}


def _escape(m: re.Match) -> str:
    c = m.group(0)
    return _ESCAPES.get(c) or f"\\x{ord(c):02x}"


def quote_path(path: str) -> str:
    """``path`` as a fault prints it: as it is, or, when it holds a control character (a line
    break in a folder name would split ``path:line: message`` over two lines), in double quotes
    with ``\\n``, ``\\t``, ``\\xNN``, ``\\\\`` and ``\\"`` escapes."""
    if not _CONTROL.search(path):
        return path
    return '"' + _QUOTED.sub(_escape, path) + '"'


def one_line(message: str) -> str:
    """``message`` with its control characters escaped (``\\n``, ``\\xNN``), so that a fault
    is always one line whatever source text it quotes."""
    return _CONTROL.sub(_escape, message) if _CONTROL.search(message) else message


@dataclass
class Context:
    """What a variant is checked against: the variants ``root``, the slugs that have a source
    folder and the not-yet-documented stubs (``{slug: {"de": name, "en": name}}``)."""
    root: Path
    known_slugs: set[str] = field(default_factory=set)
    stubs: dict[str, dict[str, str]] = field(default_factory=dict)


Check = Callable[[Variant, Context], Iterable[Fault]]


@functools.lru_cache(maxsize=4096)
def _rel(path: Path, root: Path) -> str:
    return rel_path(path, root)


def fault(variant: Variant, path: Path, line: int | None, message: str) -> Fault:
    """A :class:`Fault` of ``variant`` in file ``path`` (reported relative to the repository
    root) at ``line`` (1 when None or 0)."""
    return Fault(_rel(Path(path), Path(variant.root)), line if line else 1, message)


def pages_of(variant: Variant) -> Iterator[Page]:
    for lang in LANGS:
        if lang in variant.pages:
            yield variant.pages[lang]


def fact_row(page: Page, role: str):
    """The facts row for ``role`` (first match), or None."""
    for r, key, prefix in FACT_KEYS[page.lang]:
        if r == role:
            for f in page.facts:
                if (f.key.startswith(key) if prefix else f.key == key):
                    return f
    return None


def quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


def diff_snippets(a: str, b: str, before: int = 20, after: int = 30) -> tuple[str, str]:
    """Quoted excerpts of ``a`` and ``b`` around their first differing character."""
    c = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, c - before)

    def cut(s: str) -> str:
        part = s[start:c + after]
        return repr(("…" if start else "") + part + ("…" if c + after < len(s) else ""))
    return cut(a), cut(b)


def rule_of(variant: Variant, key: str):
    """(value, assumed, line) of rule ``key``: from the tafl_core Ruleset when it loaded, else
    from the raw TOML (so the facts can be checked while another rule is broken); None if
    absent or if the variant is text-only (its rules are not given; a stray ``[rules]`` table
    is reported by :func:`check_text_only`)."""
    if variant.text_only:
        return None
    if variant.ruleset is not None:
        rule = variant.ruleset.rules.get(key)
        if rule is None:
            return None
        return rule.value, bool(rule.assumed), rule.line
    rules = (variant.rules_data or {}).get("rules")
    if not isinstance(rules, dict) or not isinstance(rules.get(key), dict) or "value" not in rules[key]:
        return None
    line = toml_lines(variant.rules_text or "").get((f"rules.{key}", ""), 1)
    return rules[key]["value"], bool(rules[key].get("assumed", False)), line


def show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def both_pages(variant: Variant):
    if all(lang in variant.pages for lang in LANGS):
        return variant.pages["de"], variant.pages["en"]
    return None


def section_line(page: Page, number: int) -> int:
    s = page.section(number)
    return s.line if s else 1


def toml_show(value) -> str:
    """A TOML value as it would be written (``true``, ``"no"``, ``3``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def top_level_line(text: str, name: str) -> int | None:
    """First line of rules.toml that opens top-level table ``name``: a header ``[name]``,
    ``[name.x]``, ``[[name]]``, or a key ``name = …`` / ``name.x = …`` before any header."""
    in_root = True
    pat = re.compile(r"^\s*\[\[?\s*" + re.escape(name) + r"\s*[\].]")
    key = re.compile(r"^\s*" + re.escape(name) + r"\s*[=.]")
    for idx, line in enumerate(text.split("\n")):
        if pat.match(line):
            return idx + 1
        if line.lstrip().startswith("["):
            in_root = False
        elif in_root and key.match(line):
            return idx + 1
    return None


def variant_key_line(variant: Variant, *dotted: str) -> int:
    """Line of the first of the ``[variant]`` keys ``dotted`` that rules.toml writes (as
    ``board_note.de = …`` in ``[variant]`` or ``de = …`` in ``[variant.board_note]``); else the
    ``[variant]`` header; else 1."""
    lines = toml_lines(variant.rules_text or "")
    for key in dotted:
        head, _, last = key.rpartition(".")
        for where in (("variant", key), (f"variant.{head}", last) if head else None):
            if where and where in lines:
                return lines[where]
        if head and (f"variant.{key}", "") in lines:
            return lines[(f"variant.{key}", "")]
    return lines.get(("variant", ""), 1)


def toml_value_line(lines: dict, table: str, dotted: str) -> int:
    """Line of ``dotted`` (``note.de``) in ``[table]``: written dotted, in a sub-table, or as
    an inline table; else the table header; else 1."""
    head, _, last = dotted.rpartition(".")
    for where in ((table, dotted), (f"{table}.{head}", last) if head else None,
                  (table, head) if head else None, (table, ""), (table.rpartition(".")[0], table.rpartition(".")[2])):
        if where and where in lines:
            return lines[where]
    return 1


def sorted_faults(faults: list[Fault]) -> list[Fault]:
    unique = list(dict.fromkeys(faults))
    return sorted(unique, key=lambda f: (f.path, f.line))
