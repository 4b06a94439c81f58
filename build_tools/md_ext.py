"""Python-Markdown extensions for the variant text format (README.md, "Writing a variant source").

``/// original | <lang>`` … ``///`` (section 8: the original rules text, verbatim, in its own
language) is a `pymdownx.blocks` block; it renders as
``<blockquote class="tafl-original" lang="<lang>">`` with the content parsed as markdown, so a
```` ```diagram ```` fence inside it stays a preformatted block; its headings start at ``h3``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

__all__ = ["OriginalBlock", "OriginalExtension", "makeExtension"]

_LANG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")


def _lang(value) -> str:
    """Validate a language tag such as ``en``, ``de``, ``la``, ``cy``, ``en-GB``."""
    value = str(value).strip()
    if not _LANG.fullmatch(value):
        raise ValueError(f"not a language tag: {value!r}")
    return value


class OriginalBlock(Block):
    """``/// original | en``: a quoted original text with its language (``lang`` attribute)."""

    NAME = "original"
    ARGUMENT = True

    def on_validate(self, parent) -> bool:
        """Accept only a language tag as argument."""
        try:
            self.lang = _lang(self.argument)
        except ValueError:
            return False
        return True

    def on_create(self, parent):
        """The ``<blockquote class="tafl-original" lang=…>`` holding the text."""
        return etree.SubElement(parent, "blockquote", {"class": "tafl-original", "lang": self.lang})

    def on_end(self, block):
        """The original's own headings move so that its top one is an ``h3``, under the
        section's ``h2`` (a leaflet's ``####`` title would skip a level of the page's outline);
        their order among themselves stays, none below ``h6``."""
        heads = [e for e in block.iter() if e.tag in _HEADINGS]
        if not heads:
            return
        shift = ORIGINAL_TOP_LEVEL - min(int(e.tag[1]) for e in heads)
        for e in heads:
            e.tag = f"h{min(6, int(e.tag[1]) + shift)}"


#: The heading level of an original text's top heading: the sections of a page are ``h2``.
ORIGINAL_TOP_LEVEL = 3
_HEADINGS = {f"h{n}" for n in range(1, 7)}


class OriginalExtension(BlocksExtension):
    """Registers :class:`OriginalBlock` with pymdownx.blocks."""

    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(OriginalBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    """Python-Markdown entry point (``build_tools.md_ext``)."""
    return OriginalExtension(*args, **kwargs)
