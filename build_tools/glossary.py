"""The site's vocabulary: ``variants_src/_glossary.toml`` read into :class:`Term` values.

The file holds one table per concept (notes/source-format.md, "One vocabulary")::

    [edge_escape]
    de = "Randflucht"                 # the term the German pages use
    en = "edge escape"                # the term the English pages use
    de_avoid = ["Kantenflucht"]       # synonyms the German pages do not use in their prose
    en_avoid = ["edge flight"]
    de_forms = ["Randfluchten"]       # optional: inflected forms of the term, found like the term
    en_forms = []                     #   when its first use on a mechanics page is linked
    definition.de = "…"               # one sentence in each language
    definition.en = "…"

:func:`load_glossary` returns the well-formed terms; the validator
(:func:`build_tools.validate.vocabulary.glossary_faults`) reports every fault of the file as
``variants_src/_glossary.toml:line: message`` and applies the terms to every variant source. :func:`avoided_pattern` is the one matcher of a discouraged term;
:func:`term_anchor` the one anchor of a concept on the glossary page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.format import LANGS
from build_tools.sources import parse_toml, read_source_text, toml_lines

__all__ = ["GLOSSARY_FILE", "ENTRY_KEYS", "Term", "read_glossary_file", "load_glossary", "avoided_pattern", "KEY_RE", "term_anchor"]

#: The glossary's file name in the variants root.
GLOSSARY_FILE = "_glossary.toml"
#: A concept's table name.
KEY_RE = re.compile(r"[a-z][a-z0-9_]*")
#: The keys of a concept's table.
ENTRY_KEYS = ("de", "en", "de_avoid", "en_avoid", "de_forms", "en_forms", "definition")


@dataclass(frozen=True)
class Term:
    """One concept: ``key`` (the table name), ``preferred`` ``{lang: term}``, ``avoid``
    ``{lang: (synonym, …)}``, ``definition`` ``{lang: sentence}``, the ``line`` of its table
    header in the file and ``forms`` ``{lang: (inflected form, …)}`` (the term's other forms,
    ``de_forms`` / ``en_forms``; may be empty)."""
    key: str
    preferred: dict[str, str]
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    definition: dict[str, str] = field(default_factory=dict)
    line: int = 1
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)


def term_anchor(key: str) -> str:
    """The id of concept ``key`` on the glossary page: ``term-`` + the key with ``_`` as ``-``."""
    return "term-" + key.replace("_", "-")


def read_glossary_file(root: Path) -> tuple[str | None, dict | None, list[tuple[int, str]]]:
    """``<root>/_glossary.toml`` as ``(text, data, problems)``: its text and parsed TOML, or
    None for what could not be had and the ``(line, message)`` saying why (an absent file:
    ``(None, None, [])``)."""
    f = Path(root) / GLOSSARY_FILE
    if not (f.exists() or f.is_symlink()):
        return None, None, []
    text, problem = read_source_text(f, strip_bom=False, within=root)
    if problem:
        return None, None, [(1, problem)]
    data, problem = parse_toml(text)
    if problem:
        return text, None, [(problem.line, problem.message)]
    return text, data, []


def load_glossary(root: Path) -> list[Term]:
    """The well-formed concepts of ``<root>/_glossary.toml``, in file order (an entry with a
    fault of its own is left out; the validator names it). ``[]`` when the file is
    absent or unreadable."""
    text, data, _ = read_glossary_file(root)
    if data is None:
        return []
    lines = toml_lines(text)
    out = []
    for key, e in data.items():
        if not isinstance(e, dict):
            continue
        d = e.get("definition")
        if not (all(isinstance(e.get(lang), str) and e[lang].strip() for lang in LANGS)
                and isinstance(d, dict) and all(isinstance(d.get(lang), str) and d[lang].strip() for lang in LANGS)):
            continue
        avoid = {}
        for lang in LANGS:
            a = e.get(f"{lang}_avoid", [])
            avoid[lang] = tuple(x for x in a if isinstance(x, str) and x.strip()) if isinstance(a, list) else ()
        forms = {}
        for lang in LANGS:
            f = e.get(f"{lang}_forms", [])
            forms[lang] = tuple(x.strip() for x in f if isinstance(x, str) and x.strip()) if isinstance(f, list) else ()
        out.append(Term(key, {lang: e[lang].strip() for lang in LANGS}, avoid,
                        {lang: d[lang].strip() for lang in LANGS}, lines.get((key, ""), 1), forms))
    return out


def avoided_pattern(word: str) -> re.Pattern:
    """The matcher of discouraged ``word`` in prose: case-insensitive, starting at a word start
    and allowing inflection after it (``Königsfeld`` finds ``Königsfeldern``), an apostrophe
    matching both ``'`` and ``’`` and a blank any run of blanks or one line end."""
    parts = []
    for ch in word.strip():
        if ch in "'’":
            parts.append("['’]")
        elif ch.isspace():
            parts.append(r"\s+")
        else:
            parts.append(re.escape(ch))
    return re.compile(r"(?<![\w])" + "".join(parts), re.IGNORECASE)
