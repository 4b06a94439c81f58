"""The sources index (build_tools/sources_index.py) against an independent reading of the pages:
every entry of every page's section 9 is on the index once per source, and the sections listed
for a page are the numbered (sub)sections whose text cites the key, found here by a plain scan
of the markdown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.pages import load_site_sources
from build_tools.sources_index import index_anchor, index_entries, source_identity

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants_src"
LANGS = ("de", "en")
SITE = load_site_sources(VARIANTS)


def _section9_entries(text: str) -> list[tuple[str, str | None]]:
    """(key, url or None) of every ``- [key] …`` item of section 9, read with plain patterns."""
    sec9 = text.split("\n## 9.", 1)[1].split("\n## 10.", 1)[0]
    out = []
    for m in re.finditer(r"^[-*+]\s+\[([^\]]+)\](.*)$", sec9, re.M):
        url = re.search(r"—\s*(https?://\S+?)\s*(?:\((?:Hintergrund|background)\))?\s*$", m.group(2))
        out.append((m.group(1), url.group(1) if url else None))
    return out


def _citing_sections(text: str, key: str) -> list[str]:
    """Numbers of the (sub)sections outside section 9 whose lines cite ``[key]`` alone or in a
    ``[a; b]`` group, read line by line."""
    out: list[str] = []
    section = sub = None
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        h2 = re.match(r"## (\d+)\. ", line)
        h3 = re.match(r"### (\d+\.\d+) ", line)
        if h2:
            section, sub = h2.group(1), None
            continue
        if h3:
            sub = h3.group(1)
            continue
        if section is None or section == "9" or re.match(r"\s*\[[^\]]+\]:\s", line):
            continue  # outside the numbered sections, the source list, a link reference definition
        for group in re.findall(r"(?<!\])\[([^\[\]\n]+)\](?![(\[])", line):
            if key in [k.strip() for k in group.split(";")]:
                n = sub or section
                if n not in out:
                    out.append(n)
    return sorted(out, key=lambda n: tuple(int(x) for x in n.split(".")))


def _normal(url: str) -> str:
    u = re.sub(r"^https?://", "", url)
    host, _, rest = u.partition("/")
    host = host.lower().removeprefix("www.")
    return (host + ("/" + rest if rest else "")).rstrip("/")


@pytest.mark.parametrize("lang", LANGS)
def test_every_cited_source_is_listed_once(lang):
    entries = index_entries(SITE, lang)
    anchors = [s.anchor for s in entries]
    assert len(anchors) == len(set(anchors)), "two sources share an anchor"
    expected: dict[str, set[tuple[str, str]]] = {}
    for v in SITE.variants:
        text = (VARIANTS / v.slug / f"{lang}.md").read_text(encoding="utf-8")
        for key, url in _section9_entries(text):
            ident = "url:" + _normal(url) if url else "key:" + key.lower()
            expected.setdefault(ident, set()).add((v.slug, key))
    assert len(entries) == len(expected)
    got = {}
    for s in entries:
        idents = {source_identity(e) for v in SITE.variants for e in v.pages[lang].sources
                  if e.key and index_anchor(e) == s.anchor}
        assert len(idents) == 1
        got[idents.pop()] = {(u.slug, u.key) for u in s.uses}
    assert got == expected


def test_one_source_across_pages():
    """Murray's book (no address) is one source on four pages; Ludii's repository one source for
    the game files every Ludii-citing page names."""
    en = {s.text: s for s in index_entries(SITE, "en")}
    murray = [s for s in en.values() if s.url is None and any(u.key == "Murray1952" for u in s.uses)]
    assert len(murray) == 1 and len(murray[0].uses) == 4
    ludii = [s for s in en.values() if s.url and _normal(s.url) == "github.com/Ludeme/Ludii"]
    assert len(ludii) == 1 and len({u.slug for u in ludii[0].uses}) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_sections_that_lean_on_a_source(lang):
    for s in index_entries(SITE, lang):
        for u in s.uses:
            text = (VARIANTS / u.slug / f"{lang}.md").read_text(encoding="utf-8")
            assert u.sections == _citing_sections(text, u.key), (u.slug, u.key)


def test_walkers_coppergate_post_is_relied_on_where_the_page_cites_it():
    """The Coppergate page cites post 723 in its history (2), trivia (6) and assessment (10)."""
    s = next(s for s in index_entries(SITE, "en") if s.url and s.url.endswith("/post/723/some-attention-for-the-coppergate-board"))
    use = next(u for u in s.uses if u.slug == "coppergate-hnefatafl")
    assert use.sections == ["2", "6", "10"]
    assert {u.slug for u in s.uses} == {"coppergate-hnefatafl", "coppergate-ii"}


def test_headline_of_differing_entries():
    from build_tools.sources_index import headline
    york = ["Walker, Damian: York Hnefatafl.", "Walker, Damian: York Hnefatafl (context of the Coppergate find)."]
    assert headline(york, "http://tafl.cyningstan.com/page/245/york-hnefatafl", "cyningstan-york") == "Walker, Damian: York Hnefatafl"
    opentafl = ["Slater, Jay: OpenTafl, rules file unbuilt/external-rules.conf (line 2).",
                "Slater, Jay: OpenTafl, PlayTaflOnline layouts (PTOConstants.java)."]
    assert headline(opentafl, "https://github.com/jslater89/OpenTafl", "opentafl") == "Slater, Jay: OpenTafl"
    ludii = ["Ludii (Digital Ludeme Project): ArdRi.lud.", "Spielesammlung Ludii (Digital Ludeme Project): Tablut.lud."]
    assert headline(ludii, "https://github.com/Ludeme/Ludii", "ludii") == "github.com/Ludeme/Ludii"
    assert headline(["Same text."] * 3, None, "k") == "Same text."
    assert headline(["A: x (one", "A: x (two"], None, "k") == "[k]"   # no complete part to cut at


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_that_names_a_source_otherwise_shows_its_own_entry(lang):
    from build_tools.pages import _inline
    from build_tools.sources_index import sources_index_markdown
    md = sources_index_markdown(SITE, lang, inline=_inline)
    for s in index_entries(SITE, lang):
        for u in s.uses:
            if u.text != s.text:
                assert str(_inline(u.text)) in md, (u.slug, u.key)
