"""The theme's search dialog gets a name (axe-core `aria-dialog-name`, serious):
build_tools.site_plugin.named_search_dialog, over Material's own markup."""

from __future__ import annotations

from build_tools.site_plugin import named_search_dialog

# Material for MkDocs' search partial as the site renders it (site/index.html)
PAGE = ('<div class="md-search" data-md-component="search" role="dialog">\n'
        '<label class="md-search__overlay" for="__search"></label>\n<div class="md-search__inner" role="search">'
        '<input type="text" class="md-search__input" name="query" aria-label="Suche" placeholder="Suche" '
        'autocapitalize="off" required>')


def test_the_dialog_takes_its_search_fields_name():
    out = named_search_dialog(PAGE)
    assert out.startswith('<div class="md-search" data-md-component="search" role="dialog" aria-label="Suche">')
    assert out.count('aria-label="Suche"') == 2
    assert named_search_dialog(PAGE.replace("Suche", "Search")).count('aria-label="Search"') == 2


def test_a_page_without_the_theme_markup_is_left_alone():
    assert named_search_dialog("<p>no search here</p>") == "<p>no search here</p>"
    no_input = PAGE.split("<input")[0]
    assert named_search_dialog(no_input) == no_input
    odd = PAGE.replace('aria-label="Suche"', 'aria-label="a<b"')
    assert named_search_dialog(odd) == odd
