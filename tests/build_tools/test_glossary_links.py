"""The first-use glossary links of the mechanics pages (build_tools/glossary_links.py) on small
pages written here: what counts as prose, longer terms before shorter ones, inflected forms,
a term running over a line end, and pages other than the mechanics pages left alone."""

from __future__ import annotations

from build_tools.glossary import Term
from build_tools.glossary_links import link_first_uses, mechanics_page_markdown

KING = Term("king", {"de": "König", "en": "king"}, forms={"de": ("Königs",), "en": ("kings",)})
STRONG = Term("strong_king", {"de": "starker König", "en": "strong king"}, forms={"de": ("starken König",), "en": ()})
FORT = Term("exit_fort", {"de": "Randfestung", "en": "exit fort"}, forms={"de": (), "en": ()})
CORNER = Term("corner_square", {"de": "Eckfeld", "en": "corner square"},
              forms={"de": ("Eckfelder",), "en": ("corner squares",)})
TERMS = [KING, STRONG, FORT, CORNER]
G = "../glossary.md#term-"


def test_first_use_only_and_longer_terms_first():
    md = "# King capture\n\nA strong king is not a weak one. The king moves; the king wins.\n"
    out = link_first_uses(md, TERMS, "en")
    assert out == (f"# King capture\n\nA [strong king]({G}strong-king) is not a weak one. "
                   f"The [king]({G}king) moves; the king wins.\n")


def test_forms_case_and_line_ends():
    md = "Die Eckfelder und der\nKönig; eine Randfestung\nmit einem starken\nKönig.\n"
    out = link_first_uses(md, TERMS, "de")
    assert f"[Eckfelder]({G}corner-square)" in out
    assert f"[starken\nKönig]({G}strong-king)" in out
    assert f"der\n[König]({G}king)" in out
    assert f"[Randfestung]({G}exit-fort)" in out


def test_not_prose_is_never_linked():
    md = ("---\ntitle: king\n---\n"
          "## The exit fort\n\n"
          "```tafl-position\nking\n```\n\n"
          '<p class="tafl-example-intro">the king on the board</p>\n\n'
          "See `king` and [the king's page](../variants/x.md) and <span title=\"king\">x</span>{: .king }.\n\n"
          "Here the exit fort and the king.\n")
    out = link_first_uses(md, TERMS, "en")
    assert out.count("](../glossary.md") == 2
    assert out.endswith(f"Here the [exit fort]({G}exit-fort) and the [king]({G}king).\n")
    assert "## The exit fort" in out and "```tafl-position\nking\n```" in out


def test_a_term_not_on_the_page_adds_nothing():
    md = "Nothing here but squares.\n"
    assert link_first_uses(md, TERMS, "en") == md


def test_only_the_mechanics_pages():
    class Site:
        glossary = TERMS
    md = "The king.\n"
    assert mechanics_page_markdown(md, "index.md", Site, "en") == md
    assert mechanics_page_markdown(md, "mechanics/koenigsfang.en.md", Site, "en") == f"The [king]({G}king).\n"
    assert mechanics_page_markdown(md, "mechanics/koenigsfang.en.md", None, "en") == md
