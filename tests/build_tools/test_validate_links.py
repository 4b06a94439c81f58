"""The validator refuses every link the build's tripwire refuses, by the one rule both apply
(build_tools.tripwire.url_problem: the schemes of build_tools.format.ALLOWED_SCHEMES, no control
character): a bare ``ftp://`` address in running text (the site's markdown, pymdownx.magiclink,
makes it a link) and a NUL in a link target. That the build refuses the same pages is checked on
a real build in tests/site/test_validate_agrees_with_build.py."""

from __future__ import annotations

import pytest

from build_tools.tripwire import proven_clean, unsafe_markup, url_problem
from build_tools.validate import markdown_faults, unsafe_links

PAGE = "variants_src/tiny-tafl/de.md"
ANCHOR = "- Mit 13 Figuren ist Tiny Tafl kleiner als die meisten historischen Varianten."


def _add_line(tree, text: str) -> int:
    tree.edit("tiny-tafl/de.md", ANCHOR, ANCHOR + "\n- " + text)
    return tree.line_of("tiny-tafl/de.md", text)


@pytest.mark.parametrize("text,scheme", [
    ("Die Regeln liegen unter ftp://example.org/regeln.txt bereit.", "ftp"),
    ("Auch FTPS://example.org/x zählt.", "ftps"),
    ("Und Ftp://example.org/1 ebenso.", "ftp"),
])
def test_a_bare_address_of_another_scheme_is_refused(tree, text, scheme):
    line = _add_line(tree, text)
    assert tree.new_faults() == [
        f"{PAGE}:{line}: link with the scheme '{scheme}:' is not allowed (only http:, https:, mailto: and relative links)"]


def test_bare_addresses_of_allowed_schemes_and_code_pass(tree):
    _add_line(tree, "Siehe https://example.org/a und http://example.org/b, nicht `ftp://in-code`.")
    assert tree.new_faults() == []


def test_a_nul_in_a_link_target_is_refused(tree):
    line = _add_line(tree, "Siehe [die Regeln](http://exa\x00mple.org/).")
    assert tree.new_faults() == [f"{PAGE}:{line}: link target with the control character U+0000 is not allowed"]


def test_one_rule_for_validator_and_tripwire():
    assert url_problem("ftp://example.org") == "the scheme ftp:"
    assert url_problem("http://a\x00b") == "a control character U+0000"
    assert url_problem("https://example.org/?a=1&b=2") is None
    assert url_problem("../x/") is None
    assert unsafe_links("ftp://example.org und [a](ftp://x.org)") == [(1, "ftp")]
    # the rendered link: the tripwire reports it, and its fast path never vouches for it
    for html, problem in [('<a href="ftp://example.org/x">x</a>', "the scheme ftp:"),
                          ('<img src="http://a\x00b.org/x.png">', "a control character U+0000")]:
        assert not proven_clean(html)
        assert unsafe_markup(html) == [f"line 1: <{html[1:html.index(' ')]} {'href' if 'href' in html else 'src'}> uses {problem}"]
    assert proven_clean('<a href="https://example.org/?a=1&amp;b=2">x</a>')
