"""Check of ``[layout] origin`` in rules.toml: where the start layout comes from is said with
the page's own sources, cited as on the page (``[key]`` or ``[key1; key2]``), so that the
origin names listed sources only (notes/source-format.md, "rules.toml")."""

from __future__ import annotations

from typing import Iterator

from build_tools.format import CITATION, KEY_RE
from build_tools.sources import Variant
from build_tools.validate.core import Context, Fault, fault, pages_of, toml_lines

__all__ = ["check_layout_origin", "origin_keys"]


def origin_keys(origin: str) -> list[str]:
    """The source keys cited in an origin text, in order (``[a; b]`` gives a and b); bracketed
    text that is not a list of keys is not a citation."""
    out = []
    for m in CITATION.finditer(origin):
        parts = [p.strip() for p in m.group(1).split(";")]
        if all(KEY_RE.fullmatch(p) for p in parts):
            out.extend(parts)
    return out


def check_layout_origin(variant: Variant, ctx: Context) -> Iterator[Fault]:
    """``[layout] origin``, when given, cites at least one source, and every key it cites is
    listed in section 9 of both languages."""
    data = variant.rules_data
    layout = data.get("layout") if isinstance(data, dict) else None
    if variant.text_only or not isinstance(layout, dict) or not isinstance(layout.get("origin"), str):
        return
    line = toml_lines(variant.rules_text or "").get(("layout", "origin"), 1)
    keys = origin_keys(layout["origin"])
    if not keys:
        yield fault(variant, variant.rules_path, line,
                    "[layout] origin cites no source: name where the layout comes from with the page's "
                    "source keys, e.g. [opentafl]")
    for page in pages_of(variant):
        listed = {e.key for e in page.sources if e.key}
        for key in dict.fromkeys(keys):
            if key not in listed:
                yield fault(variant, variant.rules_path, line,
                            f"[layout] origin cites [{key}], which section 9 of {page.path.name} does not list")
