"""Sources linked in from outside the variants root are refused, not read: a page, a rules file
or a whole variant folder that is a symbolic link to a place outside the tree would otherwise be
validated and published as if it were part of it. A link inside the tree is a source like any
other. The build reads sources through the same function (build_tools.sources.read_source_text),
so it leaves such a variant out (a warning, which fails the strict build)."""

from __future__ import annotations

import os
import shutil

import pytest

from build_tools import pages

MESSAGE = "is a symbolic link to a place outside the variants root; a source must lie in the tree"

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this system")


def test_a_page_linked_from_outside_is_refused(tree, tmp_path):
    outside = tmp_path / "elsewhere.md"
    shutil.copy(tree.path("tiny-tafl/de.md"), outside)
    tree.path("tiny-tafl/de.md").unlink()
    os.symlink(outside, tree.path("tiny-tafl/de.md"))
    assert f"variants_src/tiny-tafl/de.md:1: {MESSAGE}" in tree.new_faults()
    site = pages.load_site_sources(tree.root)
    assert "tiny-tafl" in site.broken and "tiny-tafl" not in {v.slug for v in site.variants}


def test_a_variant_folder_linked_from_outside_is_refused(tree, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "tiny-linked"
    shutil.copytree(tree.path("tiny-tafl"), elsewhere)
    os.symlink(elsewhere, tree.path("tiny-linked"), target_is_directory=True)
    faults = tree.new_faults()
    for name in ("rules.toml", "de.md", "en.md"):
        assert f"variants_src/tiny-linked/{name}:1: {MESSAGE}" in faults, faults
    assert "tiny-linked" in pages.load_site_sources(tree.root).broken


def test_the_stub_list_linked_from_outside_is_refused(tree, tmp_path):
    outside = tmp_path / "stubs.toml"
    shutil.copy(tree.path("_not_yet_documented.toml"), outside)
    tree.path("_not_yet_documented.toml").unlink()
    os.symlink(outside, tree.path("_not_yet_documented.toml"))
    assert f"variants_src/_not_yet_documented.toml:1: {MESSAGE}" in tree.new_faults()


def test_a_link_inside_the_tree_is_a_source_like_any_other(tree):
    shutil.move(tree.path("tiny-tafl/en.md"), tree.path("_en-copy.md"))
    os.symlink("../_en-copy.md", tree.path("tiny-tafl/en.md"))
    assert tree.new_faults() == []
