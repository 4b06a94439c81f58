"""A fault is one line ``path:line: message`` whatever the names in the tree: a folder name with
a line break (or another control character) is printed quoted with escapes, so the line is not
split and a reader (an editor's error list) still finds path, line and message."""

from __future__ import annotations

import io
import re
import shutil
from contextlib import redirect_stdout

from build_tools.validate import Fault, main


def test_plain_paths_print_as_they_are():
    assert str(Fault("variants_src/tiny-tafl/de.md", 3, "Fehler in „ü“")) == "variants_src/tiny-tafl/de.md:3: Fehler in „ü“"


def test_control_characters_in_a_path_are_quoted_and_escaped():
    assert str(Fault("variants_src/a\nb/de.md", 1, "x")) == '"variants_src/a\\nb/de.md":1: x'
    assert str(Fault('variants_src/a"\\\tb\x01/de.md', 2, "x")) == '"variants_src/a\\"\\\\\\tb\\x01/de.md":2: x'
    assert str(Fault("p", 1, "folder name 'a\nb' is not a slug")) == "p:1: folder name 'a\\nb' is not a slug"


def test_a_folder_name_with_a_line_break_gives_one_line_per_fault(tree):
    shutil.copytree(tree.path("tiny-tafl"), tree.path("bad\nname"))
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["--root", str(tree.root)])
    assert code == 1
    lines = out.getvalue().splitlines()
    ours = [ln for ln in lines if ln.startswith('"variants_src/bad\\nname/')]
    assert ours, lines
    for ln in lines:  # every line a whole fault: a quoted or a plain path, a line, a message
        assert re.fullmatch(r'(?:"(?:[^"\\]|\\.)*"|[^"\s:][^:]*):\d+: .+', ln), ln
    assert not [ln for ln in lines if ln.startswith("name/")], lines
