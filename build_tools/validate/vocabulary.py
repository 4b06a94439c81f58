"""One vocabulary and German quotation marks, so that the pages use one term per concept.

- The glossary file ``_glossary.toml`` (read by :mod:`build_tools.glossary`) is itself checked
  (:func:`glossary_faults`, :func:`glossary_file_faults`: once per tree, ``path:line`` faults).
- :func:`check_glossary_terms`: no discouraged synonym (``de_avoid`` / ``en_avoid``) in the
  prose of a page of that language, nor in the rules.toml notes shown on it
  (``variants_src/x/de.md:12: use "Randflucht", not "Kantenflucht"``). Not prose, so never a
  fault: code (fences and spans), link targets and URLs, attribute lists, the front matter's
  keys, the original text in section 8 (``/// original`` blocks), quoted lines (``>``) and
  text between quotation marks („…“, “…”, "…", »…«, «…»): quotations are quoted exactly.
- :func:`check_german_quotes`: in the prose of ``de.md`` (not code, URLs, front matter or the
  original text) a „ closes with “ (U+201C) in the same paragraph; a ” (U+201D) or an ASCII
  ``"`` used as a quotation mark is a fault, and so is a “ that closes nothing.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Iterator

from build_tools.format import BLOCK_CLOSE, ORIGINAL_OPEN
from build_tools.format import LANGS
from build_tools.glossary import ENTRY_KEYS, GLOSSARY_FILE, KEY_RE, Term, avoided_pattern, load_glossary, read_glossary_file
from build_tools.sources import Variant, rel_path, toml_lines
from build_tools.validate.core import Context, Fault, fault, pages_of
from build_tools.validate.markup import blank_code, markdown_faults, toml_texts

__all__ = ["glossary_faults", "glossary_file_faults", "check_glossary_terms", "check_german_quotes", "prose_text",
           "quote_faults", "term_faults"]

_LINK_TARGET = re.compile(r"\]\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\)")
_AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9+.-]*:[^\s<>]*>")
_BARE_URL = re.compile(r"\b(?:https?|mailto):[^\s<>()\[\]]+")
_ATTR_LIST = re.compile(r"\{[:#. ][^{}\n]*\}")
#: A raw HTML tag (a fault of its own, build_tools.validate.markup), its quoted attribute values
#: included, possibly over several lines; bounded so that unclosed quotes stay linear.
_RAW_TAG = re.compile(r"<[A-Za-z!/?](?:\"[^\"]{0,2000}\"|'[^']{0,2000}'|[^'\"<>]){0,4000}>?")
_IN = r"(?:[^{stop}\n]|\n(?![ \t]*\n)){{0,3000}}"
#: Text between quotation marks, within one paragraph (it may run over line ends).
_QUOTED = re.compile("|".join([
    "„" + _IN.format(stop="„“”") + "[“”]", "“" + _IN.format(stop="“”") + "”", '"' + _IN.format(stop='"') + '"',
    "»" + _IN.format(stop="»«") + "«", "«" + _IN.format(stop="»«") + "»", "‚" + _IN.format(stop="‚‘") + "‘"]))


def _blank(s: str) -> str:
    return re.sub(r"[^\n]", " ", s)


def prose_text(text: str) -> str:
    """``text`` (a whole ``de.md`` / ``en.md``) with everything that is not prose blanked out,
    same length and lines: the front matter's delimiters and keys (its values stay), code
    fences and spans, ``/// original`` blocks, link targets ``](…)``, autolinks, bare URLs,
    attribute lists and raw HTML tags (a fault of their own)."""
    lines = _RAW_TAG.sub(lambda m: _blank(m.group(0)), blank_code(text)).split("\n")
    out, in_original, in_front = [], False, bool(lines) and lines[0].strip() == "---"
    for i, line in enumerate(lines):
        if in_front:
            if i > 0 and line.strip() == "---":
                in_front = False
                out.append(_blank(line))
                continue
            m = re.match(r"^(\s*[A-Za-z0-9_-]+\s*:\s*)(.*)$", line)
            out.append(_blank(line) if i == 0 else (" " * len(m.group(1)) + m.group(2) if m else line))
            continue
        if in_original:
            out.append(_blank(line))
            if BLOCK_CLOSE.match(line):
                in_original = False
            continue
        if ORIGINAL_OPEN.match(line):
            in_original = True
            out.append(_blank(line))
            continue
        for rx in (_LINK_TARGET, _AUTOLINK, _BARE_URL, _ATTR_LIST):
            line = rx.sub(lambda m: " " * len(m.group(0)), line)
        out.append(line)
    return "\n".join(out)


def _front_matter_end(lines: list[str]) -> int:
    """Index of the first line after the front matter (0 if there is none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return i + 1
    return 0


def term_faults(text: str, terms: list[Term], lang: str, *, first_line: int = 1) -> list[tuple[int, str]]:
    """``(line, message)`` for every discouraged term of ``lang`` in ``text`` (already reduced to
    prose by the caller), except in quoted lines (``>``) and between quotation marks."""
    out = []
    # Longest synonym first, one fault per concept and line ("King's squares" is not also
    # reported as "King's square").
    checks = [(t, [avoided_pattern(w) for w in sorted(t.avoid.get(lang, ()), key=len, reverse=True)]) for t in terms]
    checks = [(t, rxs) for t, rxs in checks if rxs]
    if not checks:
        return out
    text = _QUOTED.sub(lambda m: _blank(m.group(0)), text)
    for n, line in enumerate(text.split("\n"), first_line):
        if line.lstrip().startswith(">"):
            continue
        for term, rxs in checks:
            m = next((m for m in (rx.search(line) for rx in rxs) if m), None)
            if m:
                out.append((n, f'use "{term.preferred[lang]}", not "{m.group(0)}" (glossary: {GLOSSARY_FILE} [{term.key}])'))
    return out


def quote_faults(prose: str) -> list[tuple[int, str]]:
    """``(line, message)`` for German quotation marks in ``prose`` (:func:`prose_text` of a
    ``de.md``, front matter blanked too) that are not „…“: a „ not closed by “ within its
    paragraph (or opened again before), a ” or an ASCII ``"`` used as a quotation mark, a “
    that closes nothing. Linear."""
    out = []
    open_line = None
    for n, line in enumerate(prose.split("\n"), 1):
        if not line.strip():
            if open_line is not None:
                out.append((open_line, "„ is not closed with “ in its paragraph (German quotes are „…“)"))
            open_line = None
            continue
        for ch in line:
            if ch == "„":
                if open_line is not None:
                    out.append((open_line, "„ is not closed with “ before the next „ (German quotes are „…“; inner quotes ‚…‘)"))
                open_line = n
            elif ch == "“":
                if open_line is None:
                    out.append((n, "“ closes no „ (German quotes are „…“)"))
                open_line = None
            elif ch == "”":
                out.append((n, "” (U+201D) as a quotation mark: German quotes close with “ (U+201C), „…“"))
                open_line = None
            elif ch == '"':
                out.append((n, 'ASCII " as a quotation mark in German text: write „…“'))
    if open_line is not None:
        out.append((open_line, "„ is not closed with “ in its paragraph (German quotes are „…“)"))
    return _dedupe(out)


def _dedupe(items: list[tuple[int, str]]) -> list[tuple[int, str]]:
    seen, out = set(), []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def glossary_faults(root: Path) -> list[tuple[int, str]]:
    """Every fault of ``<root>/_glossary.toml`` as ``(line, message)``, in file order: not
    readable or not TOML; a key that is not a concept table; a table without a non-empty ``de``
    and ``en``, without ``definition.de`` and ``definition.en``, with ``*_avoid`` other than a
    list of non-empty strings, ``*_forms`` other than a list of non-empty strings, or with an
    unknown key; a preferred term given by two concepts;
    a discouraged term that is some concept's preferred term, or discouraged twice; raw HTML or
    an unsafe link in any text (the glossary page shows them). An absent
    file has no faults (and no terms)."""
    text, data, out = read_glossary_file(root)
    if data is None:
        return out
    lines = toml_lines(text)
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
            if k not in ENTRY_KEYS:
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


def glossary_file_faults(root) -> list[Fault]:
    """Every fault of ``<root>/_glossary.toml`` (:func:`glossary_faults`) as a :class:`Fault`
    at its line."""
    f = Path(root) / GLOSSARY_FILE
    rel = rel_path(f, Path(root))
    return [Fault(rel, line, message) for line, message in glossary_faults(Path(root))]


def _terms(root) -> list[Term]:
    """The glossary's terms (read again when the file's modification time changed)."""
    f = Path(root) / GLOSSARY_FILE
    try:
        stamp = f.stat().st_mtime_ns
    except OSError:
        return []
    return _terms_of(str(root), stamp)


@functools.lru_cache(maxsize=8)
def _terms_of(root: str, _mtime_ns: int) -> list[Term]:
    return load_glossary(Path(root))


def check_glossary_terms(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """No discouraged synonym of the glossary in a page's prose or in the rules.toml notes of
    its language (module docstring)."""
    terms = _terms(ctx.root)
    if not terms:
        return
    for page in pages_of(variant):
        for line, message in term_faults(prose_text(page.text), terms, page.lang):
            yield fault(variant, page.path, line, message)
    for what, line, text in toml_texts(variant):
        lang = what.rsplit(".", 1)[-1]
        if what == "name" or lang not in ("de", "en"):
            continue
        for _, message in term_faults(text.replace("\n", " "), terms, lang):
            yield fault(variant, variant.rules_path, line, f"{what}: {message}")


def check_german_quotes(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """German quotation marks „…“ in ``de.md`` (module docstring)."""
    page = variant.pages.get("de")
    if page is None:
        return
    lines = prose_text(page.text).split("\n")
    end = _front_matter_end(page.text.split("\n"))
    for i in range(end):
        lines[i] = " " * len(lines[i])
    for line, message in quote_faults("\n".join(lines)):
        yield fault(variant, page.path, line, message)
