"""In the built site: the sources index (/sources/, /en/sources/) lists every source that a
variant page's section 9 gives (read here from the markdown with plain patterns), and every
entry of every page's source list links to its source on the index, to an anchor that exists
there and whose block links back to that page."""

from __future__ import annotations

import posixpath
import re

import pytest

from .conftest import VARIANTS, doc, page_path, variant_slugs

LANGS = ("de", "en")


def _section9_urls_and_keys(slug: str, lang: str) -> list[tuple[str, str | None]]:
    text = (VARIANTS / slug / f"{lang}.md").read_text(encoding="utf-8")
    sec9 = text.split("\n## 9.", 1)[1].split("\n## 10.", 1)[0]
    out = []
    for m in re.finditer(r"^[-*+]\s+\[([^\]]+)\](.*)$", sec9, re.M):
        url = re.search(r"—\s*(https?://\S+?)\s*(?:\((?:Hintergrund|background)\))?\s*$", m.group(2))
        out.append((m.group(1), url.group(1) if url else None))
    return out


def _normal(url: str) -> str:
    host, _, rest = re.sub(r"^https?://", "", url).partition("/")
    return (host.lower().removeprefix("www.") + ("/" + rest if rest else "")).rstrip("/")


def _blocks(html: str) -> dict[str, str]:
    """{anchor: HTML of the source's block} of the index page."""
    return {m.group(1): m.group(2) for m in
            re.finditer(r'<div class="tafl-index-source" id="([^"]+)">(.*?)</div>', html, re.S)}


@pytest.mark.parametrize("lang", LANGS)
def test_index_lists_every_cited_source(built_site, lang):
    html = page_path(built_site, lang, "sources/").read_text(encoding="utf-8")
    blocks = _blocks(html)
    assert blocks
    for slug in variant_slugs():
        for key, url in _section9_urls_and_keys(slug, lang):
            holding = [a for a, b in blocks.items() if f"[{key}]" in b and f"../variants/{slug}/" in b]
            assert len(holding) == 1, (slug, key, holding)
            if url:  # the same address (http or https, with or without www.) is one source
                hrefs = {_normal(h.replace("&amp;", "&")) for h in re.findall(r'href="(https?://[^"]+)"', blocks[holding[0]])}
                assert _normal(url) in hrefs, (slug, key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", variant_slugs())
def test_every_source_list_entry_links_to_the_index(built_site, slug, lang):
    path = page_path(built_site, lang, f"variants/{slug}/")
    text = path.read_text(encoding="utf-8")
    ol = text.split('<ol class="tafl-sources">', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li id=\"src-[^\"]+\">(.*?)</li>", ol, re.S)
    assert len(items) == len(_section9_urls_and_keys(slug, lang))
    index_path = page_path(built_site, lang, "sources/")
    index = doc(index_path)
    blocks = _blocks(index_path.read_text(encoding="utf-8"))
    for item in items:
        m = re.search(r'<a class="tafl-source-index" href="([^"#]+)#([^"]+)">', item)
        assert m, item[:120]
        target = posixpath.normpath(posixpath.join(f"{'en/' if lang == 'en' else ''}variants/{slug}/", m.group(1)))
        assert target == ("en/sources" if lang == "en" else "sources")
        assert m.group(2) in index.ids
        assert f"../variants/{slug}/" in blocks[m.group(2)]
