"""Validate the variant sources: one check, one function, one fault type.

Every check takes a parsed :class:`~build_tools.sources.Variant` and a :class:`Context` and
returns :class:`Fault` values, printed as ``path:line: message`` with the path relative to the
repository root (``variants_src/alea-evangelii/de.md:14: …``). The checks implement the source
format of README.md ("Writing a variant source", defined in :mod:`build_tools.format`), by topic:

=================================  ==========================================================
:mod:`~build_tools.validate.layout`     files (present, readable, within the size bounds), slug,
                                        rules.toml (tafl_core's errors), the start layout,
                                        ``board = false``, refs, the section-8 diagram, stubs file
:mod:`~build_tools.validate.structure`  front matter, the ten sections, subsections, the
                                        ``/// original`` block, unique titles
:mod:`~build_tools.validate.facts`      the facts table against rules.toml and the layout
:mod:`~build_tools.validate.citations`  citations and the source list (section 9)
:mod:`~build_tools.validate.languages`  German and English agreeing; related variants resolving
:mod:`~build_tools.validate.markup`     sources are markdown: no raw HTML, safe attribute lists
                                        and link schemes, relative links to site pages, line
                                        length (the security checks)
:mod:`~build_tools.validate.vocabulary` the glossary file; its discouraged synonyms in every
                                        page and note; German quotation marks „…“
:mod:`~build_tools.validate.differences` ``[[differences]]``: the named differences from other
                                        engines point at words in both languages
:mod:`~build_tools.validate.origin`     ``[layout] origin`` cites the page's listed sources
=================================  ==========================================================

A text-only variant (``board = false``) skips every check that needs a ruleset or layout and
keeps the rest. The build has a second line of defence: :mod:`build_tools.tripwire` fails the
MkDocs build on rendered HTML that could run script.

``validate_tree(root)`` and ``python -m build_tools validate`` never write files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Iterable

from build_tools.format import FACT_KEYS, HISTORICITY, LINE_LIMIT, SECTION_TITLES, STUBS_FILE
from build_tools.glossary import GLOSSARY_FILE
from build_tools.sources import Variant, load_stubs, load_variant, variant_dirs
from build_tools.validate.citations import (check_citations_listed, check_source_entries, check_source_keys_unique,
                                            check_source_url_attempt, check_source_urls, check_sources_cited)
from build_tools.validate.core import Check, Context, Fault, sorted_faults
from build_tools.validate.differences import check_differences
from build_tools.validate.origin import check_layout_origin
from build_tools.validate.facts import (ASSUMPTION_MARKERS, check_facts_assumptions, check_facts_board,
                                        check_facts_duplicate_rows, check_facts_escape, check_facts_first_mover,
                                        check_facts_keys, check_facts_king_armed, check_facts_pieces,
                                        check_facts_throne)
from build_tools.validate.languages import (check_languages_original, check_languages_related,
                                            check_languages_sources, check_related_resolve)
from build_tools.validate.layout import (check_board_flag, declared_stubs, check_files_present, check_layout,
                                         check_original_diagram, check_readable, check_refs, check_rules_file,
                                         check_slug, check_stubs_file, check_tables, check_text_only)
from build_tools.validate.markup import (ALLOWED_SCHEMES, attr_lists, blank_code, bracket_faults, check_attr_lists,
                                         check_brackets, check_nesting, nesting_faults,
                                         check_line_length, check_link_schemes, check_paragraph_length, check_raw_html,
                                         check_relative_links, check_toml_texts, link_targets, long_lines, long_paragraphs,
                                         markdown_faults, raw_html, toml_texts, unsafe_links, url_scheme)
from build_tools.validate.vocabulary import check_german_quotes, check_glossary_terms, glossary_file_faults
from build_tools.validate.structure import (check_front_matter, check_original_block, check_page_parse,
                                            check_sections, check_sections_not_empty, check_subsections,
                                            check_unique_titles)


__all__ = ["Fault", "Context", "Check", "CHECKS", "validate_variant", "validate_tree", "main", "default_root",
           "SECTION_TITLES", "FACT_KEYS", "HISTORICITY", "ASSUMPTION_MARKERS", "ALLOWED_SCHEMES", "LINE_LIMIT",
           "raw_html", "attr_lists", "link_targets", "unsafe_links", "url_scheme", "markdown_faults",
           "blank_code", "bracket_faults", "nesting_faults", "long_lines", "long_paragraphs", "toml_texts", "check_stubs_file", "check_unique_titles"]


#: Every per-variant check, in reporting order.
CHECKS: list[Check] = [
    check_files_present, check_slug, check_rules_file, check_layout,
    check_board_flag, check_text_only, check_page_parse, check_front_matter, check_sections, check_sections_not_empty,
    check_subsections, check_facts_keys, check_facts_board, check_facts_pieces,
    check_facts_throne, check_facts_escape, check_facts_king_armed, check_facts_first_mover,
    check_facts_assumptions, check_facts_duplicate_rows, check_original_block, check_original_diagram,
    check_citations_listed, check_sources_cited, check_source_keys_unique,
    check_source_entries, check_source_url_attempt, check_source_urls, check_languages_sources,
    check_languages_original, check_languages_related, check_related_resolve,
    check_readable, check_tables, check_line_length, check_paragraph_length, check_raw_html, check_attr_lists,
    check_link_schemes, check_relative_links, check_toml_texts, check_refs, check_brackets,
    check_nesting, check_glossary_terms, check_german_quotes, check_differences,
    check_layout_origin,
]


def validate_variant(variant: Variant, known_slugs: Iterable[str], stubs: dict, root: Path | None = None) -> list[Fault]:
    """All faults of one parsed variant, sorted by path and line (stable within a line).

    ``known_slugs``: slugs with a source folder; ``stubs``: :func:`load_stubs` of the root.
    """
    ctx = Context(Path(root) if root else variant.root, set(known_slugs), dict(stubs))
    faults: list[Fault] = []
    for check in CHECKS:
        faults.extend(check(variant, ctx))
    return sorted_faults(faults)


def validate_tree(root: Path = Path("variants_src")) -> list[Fault]:
    """All faults of every variant in ``root`` and of its stubs file, sorted by path and line."""
    root = Path(root)
    if not root.is_dir():
        return [Fault(root.as_posix(), 1, "variants root does not exist")]
    dirs = variant_dirs(root)
    known = {d.name for d in dirs}
    stubs = load_stubs(root)
    # A stub with a fault of its own (reported by check_stubs_file) still declares its slug.
    for slug in declared_stubs(root):
        stubs.setdefault(slug, {})
    faults = check_stubs_file(root, known) + glossary_file_faults(root)
    variants = [load_variant(d) for d in dirs]
    for v in variants:
        faults.extend(validate_variant(v, known, stubs, root))
    faults.extend(check_unique_titles(variants))
    return sorted_faults(faults)


def default_root() -> Path:
    """``variants_src`` next to the build_tools package (the repository's)."""
    return Path(__file__).resolve().parents[2] / "variants_src"


def main(argv: list[str] | None = None) -> int:
    """``python -m build_tools validate [--root DIR]``: print every fault as
    ``path:line: message`` to stdout, a summary to stderr; return 1 on any fault, else 0.
    Writes no files."""
    parser = argparse.ArgumentParser(prog="python -m build_tools validate",
                                     description="Check the variant sources (README.md, 'Writing a variant source').")
    parser.add_argument("--root", type=Path, default=None, help="variants folder (default: the repository's variants_src)")
    args = parser.parse_args(argv)
    root = args.root if args.root is not None else default_root()
    if not root.is_dir():
        print(f"build_tools validate: {root} is not a directory", file=sys.stderr)
        return 2
    faults = validate_tree(root)
    try:
        for f in faults:
            print(f)
    except UnicodeEncodeError as exc:  # an ASCII or strict UTF-8 stdout and a name such as "würfel"
        print(f"build_tools validate: cannot write to standard output: its encoding {exc.encoding} cannot "
              f"write {ascii(exc.object[exc.start:exc.end])[:40]} (set PYTHONIOENCODING=utf-8:backslashreplace)", file=sys.stderr)
        return 2
    slugs = {d.name for d in variant_dirs(root)}
    n = len(slugs)
    if faults:
        bad = {part for f in faults for part in f.path.split("/")[-2:-1] if part in slugs}
        print(f"{len(faults)} fault{'s' if len(faults) != 1 else ''} in {len(bad)} of {n} variants"
              + (" and the stubs file" if any(f.path.endswith(STUBS_FILE) for f in faults) else "")
              + (" and the glossary" if any(f.path.endswith(GLOSSARY_FILE) for f in faults) else ""), file=sys.stderr)
        return 1
    print(f"{n} variant{'s' if n != 1 else ''} valid", file=sys.stderr)
    return 0
