"""The site's vocabulary: ``variants_src/_glossary.toml`` read into :class:`Term` values.

The file holds one table per concept (README.md, "The glossary")::

    [edge_escape]
    de = "Randflucht"                 # the term the German pages use
    en = "edge escape"                # the term the English pages use
    de_avoid = ["Kantenflucht"]       # synonyms the German pages do not use in their prose
    en_avoid = ["edge flight"]
    de_forms = ["Randfluchten"]       # optional: inflected forms of the term, found like the term
    en_forms = []                     #   when its first use on a mechanics page is linked
    definition.de = "…"               # one sentence in each language
    definition.en = "…"

:func:`load_glossary` returns the well-formed terms and :func:`glossary_faults` every fault
of the file as ``(line, message)``; the validator (:mod:`build_tools.validate.vocabulary`)
reports them as ``variants_src/_glossary.toml:line: message`` and applies the terms to every
variant source. :func:`avoided_pattern` is the one matcher of a discouraged term;
:func:`term_anchor` the one anchor of a concept on the glossary page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.format import LANGS
from build_tools.sources import parse_toml, read_source_text

__all__ = ["GLOSSARY_FILE", "Term", "load_glossary", "glossary_faults", "avoided_pattern", "KEY_RE", "term_anchor"]

#: The glossary's file name in the variants root.
GLOSSARY_FILE = "_glossary.toml"
#: A concept's table name.
KEY_RE = re.compile(r"[a-z][a-z0-9_]*")
_ALLOWED = {"de", "en", "de_avoid", "en_avoid", "de_forms", "en_forms", "definition"}


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


def _lines(text: str) -> dict[tuple[str, str], int]:
    from build_tools.validate.core import toml_lines
    return toml_lines(text)


def _read(root: Path):
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


def glossary_faults(root: Path) -> list[tuple[int, str]]:
    """Every fault of ``<root>/_glossary.toml`` as ``(line, message)``, in file order: not
    readable or not TOML; a key that is not a concept table; a table without a non-empty ``de``
    and ``en``, without ``definition.de`` and ``definition.en``, with ``*_avoid`` other than a
    list of non-empty strings, or with an unknown key; a preferred term given by two concepts;
    a discouraged term that is some concept's preferred term, or discouraged twice; raw HTML or
    an unsafe link in any text (the glossary page shows them). An absent
    file has no faults (and no terms)."""
    text, data, out = _read(root)
    if data is None:
        return out
    lines = _lines(text)
    preferred_at: dict[tuple[str, str], str] = {}
    avoided_at: dict[tuple[str, str], str] = {}
    for key, entry in data.items():
        line = lines.get((key, ""), lines.get(("", key), 1))
        if not isinstance(entry, dict):
            out.append((line, f"'{key}' must be a table [{key}] with de, en, de_avoid, en_avoid and definition"))
            continue
        if not KEY_RE.fullmatch(key):
            out.append((line, f"concept '{key}': the table name is lower case letters, digits and '_'"))
        for k in entry:
            if k not in _ALLOWED:
                out.append((lines.get((key, k), line), f"concept '{key}': unknown key '{k}' (de, en, de_avoid, en_avoid, de_forms, en_forms, definition.de, definition.en)"))
        for lang in LANGS:
            term = entry.get(lang)
            if not isinstance(term, str) or not term.strip():
                out.append((lines.get((key, lang), line), f"concept '{key}' has no {lang} term"))
            else:
                other = preferred_at.setdefault((lang, term.casefold()), key)
                if other != key:
                    out.append((lines.get((key, lang), line), f"concept '{key}': {lang} term {term!r} is already the term of '{other}'"))
        definition = entry.get("definition")
        for lang in LANGS:
            d = definition.get(lang) if isinstance(definition, dict) else None
            if not isinstance(d, str) or not d.strip():
                out.append((lines.get((key, f"definition.{lang}"), line), f"concept '{key}' has no definition.{lang}"))
        if isinstance(definition, dict):
            for k in definition:
                if k not in LANGS:
                    out.append((lines.get((key, f"definition.{k}"), line), f"concept '{key}': unknown language 'definition.{k}'"))
        for lang in LANGS:
            name = f"{lang}_avoid"
            avoid = entry.get(name, [])
            at = lines.get((key, name), line)
            if not isinstance(avoid, list) or not all(isinstance(a, str) and a.strip() for a in avoid):
                out.append((at, f"concept '{key}': {name} must be a list of non-empty strings"))
                continue
            for a in avoid:
                other = avoided_at.setdefault((lang, a.casefold()), key)
                if other != key:
                    out.append((at, f"concept '{key}': {a!r} is already discouraged by '{other}'"))
        for lang in LANGS:
            forms = entry.get(f"{lang}_forms", [])
            if not isinstance(forms, list) or not all(isinstance(a, str) and a.strip() for a in forms):
                out.append((lines.get((key, f"{lang}_forms"), line), f"concept '{key}': {lang}_forms must be a list of non-empty strings"))
        # The texts reach the glossary page: markdown without raw HTML, as every source.
        from build_tools.validate.markup import markdown_faults
        texts = [(lang, entry.get(lang)) for lang in LANGS]
        if isinstance(definition, dict):
            texts += [(f"definition.{lang}", definition.get(lang)) for lang in LANGS]
        for lang in LANGS:
            if isinstance(entry.get(f"{lang}_avoid"), list):
                texts += [(f"{lang}_avoid", a) for a in entry[f"{lang}_avoid"]]
        for name, value in texts:
            if isinstance(value, str):
                for _, message in markdown_faults(value.replace("\n", " ")):
                    out.append((lines.get((key, name), line), f"concept '{key}' {name}: {message}"))
    # A synonym that is a preferred term would forbid the site's own word.
    for (lang, word), key in avoided_at.items():
        owner = preferred_at.get((lang, word))
        if owner is not None:
            at = lines.get((key, f"{lang}_avoid"), lines.get((key, ""), 1))
            out.append((at, f"concept '{key}': {lang}_avoid names {word!r}, the preferred term of '{owner}'"))
    return sorted(out, key=lambda p: p[0])


def load_glossary(root: Path) -> list[Term]:
    """The well-formed concepts of ``<root>/_glossary.toml``, in file order (an entry with a
    fault of its own is left out; :func:`glossary_faults` names it). ``[]`` when the file is
    absent or unreadable."""
    text, data, _ = _read(root)
    if data is None:
        return []
    lines = _lines(text)
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
