"""The offline copy of the site: the service worker's manifest, written at the end of a build.

:func:`write_service_worker` replaces the line ``const MANIFEST = null;`` of the service worker
the build copied from ``docs/sw.js`` (``<site>/sw.js``) by this build's manifest (the format is
described at the top of docs/sw.js): every file a reader needs offline with its sha256, and a
``build`` hash over all of them, so that the cache the worker fills (``tafl-<build>``) is always
one build, and any change of a page or an engine file is a new build. Under ``mkdocs serve`` the
line stays as it is, and the worker retires itself (docs/sw.js).

What the copy holds (:func:`offline_files`): every page of every language (``index.html`` as its
folder's address, ``variants/brandubh/``), the 404 and offline pages, the search indexes, the
theme's and the site's styles, scripts and images, the search's lunr files of the built languages
only, and Pyodide's folder (core files, the tafl_core wheel, the memory snapshot, the lock
file); not source maps, sitemaps or the lunr files of other languages. With Pyodide from the CDN
(``extra.tafl.pyodide_cdn``) its core files are listed by their CDN address, whose version
names them (no sha256).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from build_tools.pyodide_assets import CORE_FILES, SNAPSHOT, TARGET, build_key

__all__ = ["MANIFEST_LINE", "OFFLINE_PAGE", "offline_files", "manifest", "write_service_worker",
           "OfflineCopyError"]

#: The line of docs/sw.js the build replaces (it must occur exactly once).
MANIFEST_LINE = "const MANIFEST = null; // replaced by the build"
#: The offline page's folder in each language's root (docs/offline.md, docs/offline.en.md).
OFFLINE_PAGE = "offline/"
SERVICE_WORKER = "sw.js"
_LUNR = "assets/javascripts/lunr/"


class OfflineCopyError(RuntimeError):
    """The built site has no service worker to complete (``sw.js`` missing or without its
    manifest line): the offline copy would silently be missing."""


def _address(rel: str) -> str:
    """The address a file is requested by, relative to the site root: a page's ``index.html``
    as its folder (``variants/brandubh/``; the root page as ``""``)."""
    if rel == "index.html":
        return ""
    if rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def offline_files(site_dir: Path, langs: list[str]) -> list[str]:
    """Relative paths (POSIX) of the built files that make up the offline copy, sorted; see the
    module docstring. ``langs``: the built languages (their lunr files are kept)."""
    keep_lunr = {f"{_LUNR}min/lunr.{x}.min.js" for x in langs} | {
        f"{_LUNR}min/lunr.stemmer.support.min.js", f"{_LUNR}min/lunr.multi.min.js"}
    out = []
    for f in sorted(site_dir.rglob("*")):
        if not f.is_file() or f.is_symlink():
            continue
        rel = f.relative_to(site_dir).as_posix()
        name = f.name
        if rel == SERVICE_WORKER or name.endswith(".map") or name.startswith("sitemap.xml"):
            continue
        if rel.startswith(_LUNR) and rel not in keep_lunr:
            continue
        if name.startswith("."):
            continue
        out.append(rel)
    return out


def manifest(site_dir: Path, langs: list[str], default: str, cdn_index: str | None = None) -> dict:
    """The manifest of the built site in ``site_dir`` (format: docs/sw.js). ``cdn_index``: the
    CDN folder of Pyodide when its core files come from there."""
    files: dict[str, str | None] = {}
    for rel in offline_files(site_dir, langs):
        files[_address(rel)] = hashlib.sha256((site_dir / rel).read_bytes()).hexdigest()
    if cdn_index:
        for name in CORE_FILES:
            files[cdn_index + name] = None
    build = hashlib.sha256("\n".join(f"{k}\t{v}" for k, v in sorted(files.items())).encode()).hexdigest()[:16]
    # The board asks for the wheel and the snapshot with `?build=<engine build>` (board-data
    # pyodide.build, from build_key()); the copy is made from the same addresses, so that what
    # the board has just downloaded is taken from the browser's HTTP cache, not downloaded again.
    engine = TARGET.as_posix() + "/"
    tagged = [k for k in files if k.startswith(engine) and (k.endswith(".whl") or k == engine + SNAPSHOT)]
    fetch = {k: f"{k}?build={build_key()}" for k in tagged} if tagged else {}
    offline = {("" if x == default else f"{x}/"): ("" if x == default else f"{x}/") + OFFLINE_PAGE
               for x in [default] + [x for x in langs if x != default]}
    return {"build": build, "files": files, "offline": offline, "fetch": fetch}


def write_service_worker(site_dir: Path, langs: list[str], default: str, cdn_index: str | None = None) -> str:
    """Write the manifest into ``<site_dir>/sw.js``; returns the build hash.

    Raises:
        OfflineCopyError: no ``sw.js`` in the site, or its manifest line is not there once.
    """
    sw = Path(site_dir) / SERVICE_WORKER
    try:
        text = sw.read_text(encoding="utf-8")
    except OSError as e:
        raise OfflineCopyError(f"{sw}: the service worker is missing ({e.strerror})") from None
    if text.count(MANIFEST_LINE) != 1:
        raise OfflineCopyError(f"{sw}: the line {MANIFEST_LINE!r} must occur once (docs/sw.js)")
    m = manifest(Path(site_dir), langs, default, cdn_index)
    for lang, page in m["offline"].items():
        if page not in m["files"]:
            raise OfflineCopyError(f"the offline page of '{lang or default}' ({page}) is not in the site")
    data = json.dumps(m, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # "</" cannot end a script here, but keep the JSON inert wherever it is pasted
    data = data.replace("<", "\\u003c")
    sw.write_text(text.replace(MANIFEST_LINE, f"const MANIFEST = {data};"), encoding="utf-8")
    return m["build"]
