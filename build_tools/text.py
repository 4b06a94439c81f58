"""Text helpers shared by the page generator (:mod:`build_tools.pages`) and the MkDocs hooks
(:mod:`build_tools.site_plugin`), kept apart from both so that neither imports the other.
"""

from __future__ import annotations

import unicodedata


def collation_key(title: str) -> tuple[str, str]:
    """Sort key of a title or term in either language: accents dropped and case folded
    (``Königsfang`` sorts as ``konigsfang``, before ``Randfestung``), the title itself to
    break ties."""
    base = "".join(c for c in unicodedata.normalize("NFD", title) if not unicodedata.combining(c))
    return base.casefold(), title


__all__ = ["collation_key"]
