"""``python -m build_tools site``: validate, then build the site.

``main_site``: validate the variant sources (every fault printed as ``path:line: message``,
exit 1, nothing written), then ``mkdocs build`` into a temporary folder beside ``site/`` and
swap it in only when the build succeeded, so a failing build leaves the previous ``site/``
as it was. A build asked to stop (SIGTERM, SIGHUP, Ctrl-C) ends its mkdocs child and removes
its temporary folder. The benchmark of the build is :mod:`build_tools.bench_site`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

__all__ = ["main_site", "build_site", "run_mkdocs"]


# --------------------------------------------------------------------------- site


def run_mkdocs(config: Path, site_dir: Path, *, sources_root: Path | None = None,
               env: dict | None = None, quiet: bool = True) -> subprocess.CompletedProcess:
    """Run ``python -m mkdocs build`` for ``config`` into ``site_dir`` in a subprocess (the
    repository root on ``PYTHONPATH``; ``TAFL_SOURCES_ROOT`` set when ``sources_root`` is
    given). Returns the finished process (output captured)."""
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(REPO)] + ([e["PYTHONPATH"]] if e.get("PYTHONPATH") else []))
    e.setdefault("NO_MKDOCS_2_WARNING", "1")
    if sources_root is not None:
        e["TAFL_SOURCES_ROOT"] = str(Path(sources_root).resolve())
    if env:
        e.update(env)
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(site_dir)]
    if quiet:
        cmd.append("-q")
    # its own process group: whatever ends this process (SIGTERM, Ctrl-C) ends mkdocs and the
    # processes it started (Node making the snapshot) too
    proc = None
    try:
        proc = subprocess.Popen(cmd, cwd=str(Path(config).resolve().parent), env=e, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        out, err = proc.communicate()
    except BaseException:
        if proc is not None:
            _end_group(proc)
        raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def _end_group(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """Terminate ``proc``'s process group (SIGTERM, then SIGKILL after ``grace`` seconds) and
    reap ``proc``."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        try:
            proc.wait(timeout=grace)
            break
        except subprocess.TimeoutExpired:
            continue
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass


class Terminated(SystemExit):
    """Raised in the main thread when the build is asked to stop (SIGTERM, SIGHUP), so that it
    unwinds like Ctrl-C: the mkdocs child ends and the temporary folder is removed."""


def _on_signal(signum, frame):
    raise Terminated(128 + signum)


def build_site(*, root: Path, site_dir: Path, config: Path, out=sys.stdout, err=sys.stderr,
               env: dict | None = None) -> int:
    """Validate ``root``, build into a temporary sibling of ``site_dir``, then replace
    ``site_dir``. Returns the exit code (0 built, 1 faults or failed build)."""
    from build_tools.validate import validate_tree

    faults = validate_tree(Path(root))
    if faults:
        for f in faults:
            print(str(f), file=err)
        print(f"site: {len(faults)} fault(s) in {root}; nothing built, {site_dir} left as it was", file=err)
        return 1
    site_dir = Path(site_dir).resolve()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    handlers = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            handlers[sig] = signal.signal(sig, _on_signal)
    tmp = Path(tempfile.mkdtemp(prefix=".site-build-", dir=site_dir.parent))
    try:
        t0 = time.perf_counter()
        proc = run_mkdocs(Path(config), tmp, sources_root=Path(root), env=env, quiet=False)
        if proc.returncode != 0:
            for line in mkdocs_failure(proc.stdout + "\n" + proc.stderr):
                print(line, file=err)
            print(f"site: mkdocs build failed (exit {proc.returncode}); {site_dir} left as it was", file=err)
            return 1
        old = None
        if site_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=".site-old-", dir=site_dir.parent))
            old.rmdir()
            site_dir.rename(old)
        tmp.rename(site_dir)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        print(f"site: built {site_dir} in {time.perf_counter() - t0:.1f} s", file=out)
        return 0
    finally:
        for _ in range(3):  # a process of the group still dying may write one more file
            if not tmp.exists():
                break
            shutil.rmtree(tmp, ignore_errors=True)
            if tmp.exists():
                time.sleep(0.2)
        for sig, old_handler in handlers.items():
            signal.signal(sig, old_handler)


def mkdocs_failure(output: str, limit: int = 40) -> list[str]:
    """The lines of a failed ``mkdocs build``'s ``output`` that say why: its ``ERROR`` and
    ``WARNING`` lines (a warning fails the strict build), and of a Python traceback only its last
    line (the exception); the last lines of the output when it has neither. At most ``limit``
    lines (``TAFL_DEBUG=1``: the whole output)."""
    lines = [ln.rstrip() for ln in output.splitlines() if ln.strip()]
    if os.environ.get("TAFL_DEBUG") == "1":
        return lines
    said = [ln for ln in lines if ln.lstrip().startswith(("ERROR", "WARNING"))]
    if any(ln.startswith("Traceback") for ln in lines):
        last = next((ln for ln in reversed(lines) if not ln.startswith((" ", "\t"))), "")
        said.append(f"mkdocs stopped with {last} (TAFL_DEBUG=1 shows the traceback)")
    return (said or lines[-10:])[-limit:]


def main_site(argv: list[str]) -> int:
    """``python -m build_tools site [--root DIR] [--site-dir DIR] [--config FILE]``: 0 built, 1
    faults in the sources or a failed build, 2 a root or configuration that is not there (one
    line on stderr)."""
    p = argparse.ArgumentParser(prog="python -m build_tools site",
                                description="Validate the variant sources, then build the site.")
    p.add_argument("--root", type=Path, default=REPO / "variants_src", help="variants root")
    p.add_argument("--site-dir", type=Path, default=REPO / "site", help="output folder")
    p.add_argument("--config", type=Path, default=REPO / "mkdocs.yml", help="MkDocs configuration")
    a = p.parse_args(argv)
    if not a.root.is_dir():
        print(f"build_tools site: {a.root}: the variants root is not a directory", file=sys.stderr)
        return 2
    if a.site_dir.exists() and not a.site_dir.is_dir():
        print(f"build_tools site: {a.site_dir}: the output folder exists and is not a directory", file=sys.stderr)
        return 2
    if not a.config.is_file():
        print(f"build_tools site: {a.config}: no MkDocs configuration there", file=sys.stderr)
        return 2
    return build_site(root=a.root, site_dir=a.site_dir, config=a.config)
