"""Self-hosted Pyodide for the playable board (no third-party server needed at reading time).

`install(site_dir, cdn=...)` puts everything the board's worker needs under
`site_dir/assets/pyodide/`, once per site (all pages and both languages share it):

- the Pyodide core files from the npm package (`node_modules/pyodide`, pinned in
  package.json): pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip;
- the `tafl_core` wheel (`py3-none-any`, built with pypa `build` from the repository's
  pyproject.toml: the same wheel `pyodide build` makes for a pure-Python package);
- tafl-snapshot.bin.gz: a Pyodide memory snapshot with tafl_core imported (made with Node by
  build_tools/make_snapshot.mjs; the worker loads it and skips Python's start-up);
- pyodide-lock.json: Pyodide's lock file with the wheel registered by pyodide-build's
  `pyodide lockfile add-wheels`, so the worker loads it by name (`loadPackage("tafl-core")`)
  and Pyodide checks its sha256.

With `cdn=True` the Pyodide core files are not copied (the worker loads them from the CDN);
the wheel and the lock file that names it are still written, since no CDN hosts the
project's own package.

The wheel and the patched lock file are cached in `.cache/pyodide-assets/`, keyed by a hash
of the engine's sources, pyproject.toml and Pyodide's lock file, so repeated builds
(`mkdocs serve`) only copy files.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE_DIR = ROOT / ".cache" / "pyodide-assets"
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"
PACKAGE_NAME = "tafl-core"
#: The memory snapshot of Pyodide with tafl_core imported (build_tools/make_snapshot.mjs).
SNAPSHOT = "tafl-snapshot.bin.gz"
TARGET = Path("assets") / "pyodide"


class PyodideAssetsError(RuntimeError):
    """The Pyodide files could not be installed (npm package missing, wheel build failed,
    lock file not written). The message says what to run."""


def _venv_bin(name: str) -> str:
    """Path of a console script next to the running interpreter (the project's .venv)."""
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.exists() else name


#: The wheel's long description (see :func:`build_cached`).
WHEEL_README = "tafl_core: the rules engine of the Tafl-Kompendium (pure Python, standard library only).\n"


def _source_hash() -> str:
    """sha256 over everything that changes the wheel or the lock file: tafl_core/**/*.py,
    pyproject.toml, this module (it writes the wheel's README), the snapshot maker and Pyodide's
    own lock file; not README.md. Hex string."""
    h = hashlib.sha256()
    files = sorted(f for f in (ROOT / "tafl_core").rglob("*")
                   if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc")
    extra = [ROOT / n for n in ("pyproject.toml", "LICENSE", "build_tools/make_snapshot.mjs", "build_tools/pyodide_assets.py")
             if (ROOT / n).is_file()]
    for f in files + extra + [NODE_PYODIDE / LOCK_FILE]:
        h.update(str(f.relative_to(ROOT)).encode())
        h.update(b"\0")
        h.update(f.read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:20]


def wheel_name() -> str:
    """The file name of the tafl_core wheel the build writes (``tafl_core-<version>-py3-none-any.whl``,
    the version from pyproject.toml), which the worker fetches directly (board-data
    ``pyodide.wheel``)."""
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return f"{meta['name'].replace('-', '_')}-{meta['version']}-py3-none-any.whl"


def build_key() -> str:
    """A short hash naming this build's engine files (board-data ``pyodide.build``): the
    source hash of the wheel and lock file (:func:`_source_hash`) and Pyodide's own files'
    sizes and version. The board asks for the wheel and the snapshot with ``?build=<key>``, so
    no HTTP cache answers a new build with an old engine (the offline copy has its own hash
    over the whole site: build_tools/offline_copy.py)."""
    h = hashlib.sha256(_source_hash().encode())
    for name in CORE_FILES + ("package.json",):
        f = NODE_PYODIDE / name
        h.update(f"{name}:{f.stat().st_size if f.is_file() else -1}".encode())
    if (NODE_PYODIDE / "package.json").is_file():
        h.update((NODE_PYODIDE / "package.json").read_bytes())
    return h.hexdigest()[:12]


def lock_info() -> dict:
    """``info`` of Pyodide's lock file ({abi_version, arch, platform, python, ...}): the worker
    hands loadPyodide a lock file of just this and no packages (``lockFileContents``), so that
    no lock file is fetched or resolved at run time (the wheel is loaded directly). {} when
    node_modules/pyodide is missing."""
    f = NODE_PYODIDE / LOCK_FILE
    if not f.is_file():
        return {}
    return json.loads(f.read_text(encoding="utf-8")).get("info", {})


def _run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise PyodideAssetsError(f"{what} failed (exit {proc.returncode}): {' '.join(cmd)}\n{tail}")


def build_cached(*, snapshot: bool = True) -> Path:
    """Build (or reuse) the tafl_core wheel and the lock file that registers it, and with
    ``snapshot`` the memory snapshot beside them (:func:`_snapshot`).

    Returns the cache folder holding exactly one `tafl_core-*-py3-none-any.whl` and
    `pyodide-lock.json`. Raises PyodideAssetsError when node_modules/pyodide is missing or
    a build step fails.
    """
    if not (NODE_PYODIDE / LOCK_FILE).is_file():
        raise PyodideAssetsError(
            f"{NODE_PYODIDE} is missing: run `npm ci` (or `make node`) first")
    key = _source_hash()
    out = CACHE_DIR / key
    if (out / LOCK_FILE).is_file() and list(out.glob("*.whl")):
        if snapshot:
            _snapshot(out)
        return out
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="wheel-", dir=CACHE_DIR) as tmp:
        tmp_path = Path(tmp)
        wheel_dir = tmp_path / "dist"
        # Build from a clean copy: setuptools' build/ folder in the work tree would keep
        # modules that were deleted since, and parallel builds would share it.
        src = tmp_path / "src"
        shutil.copytree(ROOT / "tafl_core", src / "tafl_core",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in ("pyproject.toml", "LICENSE"):
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, src / name)
        # The wheel's long description (pyproject's readme) is a fixed line, not README.md, so that
        # an edit of the README (every benchmark run quotes its figures there) leaves the engine
        # files and their cache key as they are.
        (src / "README.md").write_text(WHEEL_README, encoding="utf-8")
        _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(wheel_dir), str(src)],
             "building the tafl_core wheel (pypa build)")
        wheels = sorted(wheel_dir.glob("tafl_core-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise PyodideAssetsError(f"expected one py3-none-any wheel, found {wheels}")
        stage = tmp_path / "stage"
        stage.mkdir()
        wheel = stage / wheels[0].name
        shutil.copy2(wheels[0], wheel)
        _run([_venv_bin("pyodide"), "lockfile", "add-wheels",
              "--input", str(NODE_PYODIDE / LOCK_FILE),
              "--output", str(stage / LOCK_FILE),
              "--base-path", str(stage), str(wheel)],
             "registering the wheel (pyodide lockfile add-wheels)")
        lock = json.loads((stage / LOCK_FILE).read_text(encoding="utf-8"))
        entry = lock.get("packages", {}).get(PACKAGE_NAME)
        if not entry or entry.get("file_name") != wheel.name:
            raise PyodideAssetsError(f"{PACKAGE_NAME} not registered in {LOCK_FILE}: {entry!r}")
        if (out / LOCK_FILE).is_file() and list(out.glob("*.whl")):
            return out  # a parallel build (pytest beside mkdocs serve) finished first
        if out.exists():
            shutil.rmtree(out, ignore_errors=True)
        try:
            stage.rename(out)
        except OSError:
            if not (out / LOCK_FILE).is_file():
                raise
    if snapshot:
        _snapshot(out)
    # Keep the cache small: only the current key.
    for old in CACHE_DIR.iterdir():
        if old.is_dir() and old.name != key and not old.name.startswith("wheel-"):
            shutil.rmtree(old, ignore_errors=True)
    return out


def _snapshot(out: Path) -> None:
    """Make the memory snapshot (:data:`SNAPSHOT`) beside the wheel in the cache folder `out`,
    once (it is keyed by the same hash). A failure (no node, Pyodide refuses) only warns: the
    board then starts Pyodide as usual."""
    target = out / SNAPSHOT
    if target.is_file():
        return
    node = shutil.which("node")
    wheels = sorted(out.glob("tafl_core-*-py3-none-any.whl"))
    if not node or not wheels:
        print("pyodide_assets: no memory snapshot (node or the wheel is missing)", file=sys.stderr)
        return
    tmp = out / (SNAPSHOT + f".{os.getpid()}.tmp")
    proc = subprocess.run([node, str(ROOT / "build_tools" / "make_snapshot.mjs"), str(NODE_PYODIDE),
                           str(wheels[0]), str(tmp)], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0 or not tmp.is_file():
        tmp.unlink(missing_ok=True)
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-5:])
        print(f"pyodide_assets: no memory snapshot (make_snapshot.mjs failed):\n{tail}", file=sys.stderr)
        return
    tmp.replace(target)


def _place(src: Path, dst: Path) -> None:
    """Hard-link src to dst when possible (fast, no extra space), else copy."""
    if dst.exists():
        dst.unlink()
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def install(site_dir: Path, *, cdn: bool, snapshot: bool = True) -> None:
    """Install the board's Python runtime into `site_dir/assets/pyodide/`.

    site_dir: the built site (MkDocs `config["site_dir"]`, called from `on_post_build`).
    cdn: True when mkdocs.yml sets `extra.tafl.pyodide_cdn`; the Pyodide core files are then
    loaded from the CDN and not copied, only the wheel and its lock file are written.
    snapshot: False when mkdocs.yml sets `extra.tafl.no_snapshot` (`TAFL_NO_SNAPSHOT=1`): no
    memory snapshot is made (one made by an earlier build of the same engine is still copied).
    Raises PyodideAssetsError (with the command to run) when a step fails.
    """
    built = build_cached(snapshot=snapshot)
    target = Path(site_dir) / TARGET
    target.mkdir(parents=True, exist_ok=True)
    if not cdn:
        for name in CORE_FILES:
            src = NODE_PYODIDE / name
            if not src.is_file():
                raise PyodideAssetsError(f"{src} is missing: run `npm ci` (or `make node`)")
            _place(src, target / name)
    for src in built.iterdir():
        _place(src, target / src.name)


if __name__ == "__main__":  # python -m build_tools.pyodide_assets SITE_DIR [--cdn] [--no-snapshot]
    args = sys.argv[1:]
    install(Path(args[0] if args and not args[0].startswith("-") else "site"), cdn="--cdn" in args,
            snapshot="--no-snapshot" not in args)
