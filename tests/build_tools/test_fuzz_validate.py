"""Fuzz test of the validator: real variant sources, mutated -- lines deleted or
duplicated, bytes flipped, the file cut short -- give either no fault or a list of faults, each
one line ``path:line: message`` naming the mutated variant's file and a line of it; never an
exception. A mutated source that validates clean must also make its pages: every generated page
of the variant (both languages), rendered with the site's markdown extensions, holding nothing
the build's tripwire refuses.

The examples are derandomized (the same in every run) and bounded: 40 by default, more with the
environment variable FUZZ_EXAMPLES (then random, e.g. ``FUZZ_EXAMPLES=2000 pytest
tests/build_tools/test_fuzz_validate.py``)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import markdown
import yaml
from hypothesis import HealthCheck, event, given, settings, strategies as st

from build_tools import md_ext, pages
from build_tools.sources import load_stubs, load_variant, variant_dirs
from build_tools.tripwire import unsafe_markup
from build_tools.validate import Fault, validate_variant

from .helpers import REAL_ROOT, REPO_ROOT

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or 40)
SLUGS = [d.name for d in variant_dirs(REAL_ROOT)]
FILES = ("de.md", "en.md", "rules.toml")



def _extensions() -> list:
    """The markdown extensions of mkdocs.yml (names and their options), plus the /// original
    block the hook registers."""
    class Loader(yaml.SafeLoader):
        pass
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV and friends
    config = yaml.load((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        if isinstance(entry, dict):
            (name, opts), = entry.items()
            names.append(name)
            options[name] = opts or {}
        else:
            names.append(entry)
    return names + [md_ext.makeExtension()], options


EXTENSIONS, EXTENSION_OPTIONS = _extensions()


# --------------------------------------------------------------------------- mutations

def _delete_line(data: bytes, at: int) -> bytes:
    lines = data.split(b"\n")
    del lines[at % len(lines)]
    return b"\n".join(lines)


def _duplicate_line(data: bytes, at: int) -> bytes:
    lines = data.split(b"\n")
    k = at % len(lines)
    return b"\n".join(lines[:k + 1] + lines[k:])


def _flip_byte(data: bytes, at: int, bits: int) -> bytes:
    if not data:
        return data
    k = at % len(data)
    return data[:k] + bytes([data[k] ^ (bits or 1)]) + data[k + 1:]


def _truncate(data: bytes, at: int) -> bytes:
    return data[:at % (len(data) + 1)]


mutation = st.one_of(
    st.tuples(st.just("delete line"), st.integers(0, 10_000)).map(lambda t: (t[0], lambda d: _delete_line(d, t[1]))),
    st.tuples(st.just("duplicate line"), st.integers(0, 10_000)).map(lambda t: (t[0], lambda d: _duplicate_line(d, t[1]))),
    st.tuples(st.just("flip byte"), st.integers(0, 100_000), st.integers(0, 255)).map(
        lambda t: (t[0], lambda d: _flip_byte(d, t[1], t[2]))),
    st.tuples(st.just("truncate"), st.integers(0, 100_000)).map(lambda t: (t[0], lambda d: _truncate(d, t[1]))),
)

FAULT = re.compile(r"variants_src/(?P<slug>[a-z0-9-]+)/(?P<file>de\.md|en\.md|rules\.toml):(?P<line>[1-9][0-9]*): \S.*")


# --------------------------------------------------------------------------- the property

@settings(max_examples=EXAMPLES, deadline=None, derandomize="FUZZ_EXAMPLES" not in os.environ,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(slug=st.sampled_from(SLUGS), name=st.sampled_from(FILES), mutations=st.lists(mutation, min_size=1, max_size=3))
def test_mutated_sources_give_faults_or_build(slug, name, mutations):
    known = set(SLUGS)
    stubs = load_stubs(REAL_ROOT)
    with tempfile.TemporaryDirectory(prefix="tafl-fuzz-") as tmp:
        root = Path(tmp) / "variants_src"
        shutil.copytree(REAL_ROOT / slug, root / slug)
        target = root / slug / name
        data = target.read_bytes()
        for _, mutate in mutations:
            data = mutate(data)
        target.write_bytes(data)
        lines = {f: (root / slug / f).read_bytes().count(b"\n") + 1 for f in FILES}

        variant = load_variant(root / slug)
        faults = validate_variant(variant, known, stubs, root)

        for fault in faults:
            assert isinstance(fault, Fault)
            text = str(fault)
            m = FAULT.fullmatch(text)
            assert m and "\n" not in text, text
            assert m["slug"] == slug and 1 <= int(m["line"]) <= lines[m["file"]], text
        event("clean: pages made" if not faults else "faults")
        if not faults:
            _pages_are_made(variant, root, stubs)


def _pages_are_made(variant, root: Path, stubs: dict) -> None:
    """The generated pages of a clean variant render, and the tripwire finds nothing in them."""
    site = pages.SiteSources(root=root, variants=[variant], stubs=stubs)
    for lang in ("de", "en"):
        prefix = "" if lang == "de" else "en/"
        made = dict(pages.generated_pages(site, lang, url_of=lambda src, p=prefix: p + src[:-3] + "/"))
        assert f"variants/{variant.slug}.md" in made
        for src, text in made.items():
            html = markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_OPTIONS).convert(text)
            assert unsafe_markup(html) == [], (src, unsafe_markup(html)[:3])


def test_the_unmutated_sources_pass_the_same_property():
    """The property's reference point: every real variant is clean and makes its pages."""
    stubs = load_stubs(REAL_ROOT)
    for slug in SLUGS[:3]:
        variant = load_variant(REAL_ROOT / slug)
        assert validate_variant(variant, set(SLUGS), stubs, REAL_ROOT) == []
        _pages_are_made(variant, REAL_ROOT, stubs)
