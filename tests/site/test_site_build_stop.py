"""`python -m build_tools site` stopped with SIGTERM while MkDocs builds: the mkdocs child (and
what it started) ends with it, no `.site-build-*` folder is left, and the previous site/ is as
it was."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT

FIXTURE = ROOT / "tests" / "build_tools" / "fixtures" / "variants_src"

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the mkdocs child")


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (from /proc)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        # the command name in parentheses may hold blanks: the fields after its ")"
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            out.append(int(d.name))
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # ended meanwhile
        return b""


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"


def test_sigterm_ends_mkdocs_and_removes_the_temporary_folder(tmp_path):
    root = tmp_path / "variants_src"
    shutil.copytree(FIXTURE, root)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("previous build", encoding="utf-8")
    env = dict(os.environ, TAFL_SKIP_PYODIDE="1", NO_MKDOCS_2_WARNING="1")
    proc = subprocess.Popen([sys.executable, "-m", "build_tools", "site", "--root", str(root), "--site-dir", str(site)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        child = None
        end = time.monotonic() + 120
        while time.monotonic() < end and proc.poll() is None:
            # the child once it runs mkdocs (not the forked copy of this command before exec)
            kids = [k for k in _children(proc.pid) if b"\0mkdocs\0build\0" in _cmdline(k)]
            if kids and list(tmp_path.glob(".site-build-*")):
                child = kids[0]
                break
            time.sleep(0.05)
        assert child is not None, f"mkdocs did not start (exit {proc.poll()}): {proc.stderr.read() if proc.poll() is not None else ''}"
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        assert proc.returncode == 128 + signal.SIGTERM
        end = time.monotonic() + 15
        while _alive(child) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(child), "the mkdocs child outlived the build"
        assert not list(tmp_path.glob(".site-build-*"))
        assert (site / "index.html").read_text(encoding="utf-8") == "previous build"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
