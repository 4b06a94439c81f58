"""Helpers for the build_tools tests: a writable copy of a variants tree in tmp_path, and
ways to break one thing in it and see which faults appear."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from build_tools.validate import validate_tree

HERE = Path(__file__).resolve().parent
FIXTURE_ROOT = HERE / "fixtures" / "variants_src"
#: Variants with special pieces (commanders, a knight), kept out of FIXTURE_ROOT so the tests
#: of the plain fixtures see the tree they always saw; :func:`copy_tree` adds them on request.
SPECIAL_ROOT = HERE / "fixtures" / "special_src"
REPO_ROOT = HERE.parent.parent
REAL_ROOT = REPO_ROOT / "variants_src"



class Tree:
    """A copy of a variants root under ``tmp_path/variants_src``; paths in faults then read
    ``variants_src/<slug>/<file>``."""

    def __init__(self, root: Path):
        self.root = root
        self.baseline = [str(f) for f in validate_tree(root)]

    def path(self, rel: str) -> Path:
        return self.root / rel

    def text(self, rel: str) -> str:
        return self.path(rel).read_text(encoding="utf-8")

    def write(self, rel: str, text: str) -> None:
        self.path(rel).write_text(text, encoding="utf-8")

    def edit(self, rel: str, old: str, new: str, count: int = 1) -> None:
        """Replace ``old`` by ``new`` in ``rel``; ``old`` must occur exactly ``count`` times."""
        text = self.text(rel)
        assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {rel}"
        self.write(rel, text.replace(old, new))

    def line_of(self, rel: str, needle: str, nth: int = 1) -> int:
        """1-based line of the ``nth`` line of ``rel`` containing ``needle``."""
        hits = [i + 1 for i, line in enumerate(self.text(rel).split("\n")) if needle in line]
        assert len(hits) >= nth, f"{needle!r} not found {nth} times in {rel}"
        return hits[nth - 1]

    def faults(self) -> list[str]:
        return [str(f) for f in validate_tree(self.root)]

    def new_faults(self) -> list[str]:
        """Faults now present that the unmodified copy did not have."""
        return [f for f in self.faults() if f not in self.baseline]


def copy_tree(src: Path, tmp_path: Path, extra: Path | None = None) -> Tree:
    """A :class:`Tree` of a copy of ``src``, plus the variant folders under ``extra``."""
    root = tmp_path / "variants_src"
    shutil.copytree(src, root)
    if extra is not None:
        for d in sorted(Path(extra).iterdir()):
            if d.is_dir():
                shutil.copytree(d, root / d.name)
    return Tree(root)
