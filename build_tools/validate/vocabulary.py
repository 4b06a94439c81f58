"""One vocabulary and German quotation marks, so that the pages use one term per concept.

- The glossary file ``_glossary.toml`` (:mod:`build_tools.glossary`) is itself checked
  (:func:`glossary_file_faults`, once per tree, ``path:line`` faults).
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

import re
from typing import Iterator

from build_tools.format import BLOCK_CLOSE, ORIGINAL_OPEN
from build_tools.glossary import GLOSSARY_FILE, Term, avoided_pattern, glossary_faults, load_glossary
from build_tools.sources import Variant, rel_path
from build_tools.validate.core import Context, Fault, fault, pages_of
from build_tools.validate.markup import blank_code, toml_texts

__all__ = ["glossary_file_faults", "check_glossary_terms", "check_german_quotes", "prose_text", "quote_faults",
           "term_faults"]

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


def glossary_file_faults(root) -> list[Fault]:
    """Every fault of ``<root>/_glossary.toml`` (:func:`build_tools.glossary.glossary_faults`)
    as a :class:`Fault` at its line."""
    from pathlib import Path
    f = Path(root) / GLOSSARY_FILE
    rel = rel_path(f, Path(root))
    return [Fault(rel, line, message) for line, message in glossary_faults(Path(root))]


_TERMS_CACHE: dict[str, tuple[float, list[Term]]] = {}


def _terms(root) -> list[Term]:
    from pathlib import Path
    f = Path(root) / GLOSSARY_FILE
    try:
        stamp = f.stat().st_mtime_ns
    except OSError:
        return []
    key = str(f.resolve())
    hit = _TERMS_CACHE.get(key)
    if hit and hit[0] == stamp:
        return hit[1]
    terms = load_glossary(Path(root))
    _TERMS_CACHE[key] = (stamp, terms)
    return terms


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
