// Tafl-Kompendium: a Pyodide memory snapshot with tafl_core imported (so the board's worker skips
// Python's start-up and the import of the engine), made at
// site build time by build_tools/pyodide_assets.py:
//
//     node build_tools/make_snapshot.mjs <pyodide dir> <tafl_core wheel> <out.bin.gz>
//
// Pyodide (the npm package pinned in package.json) starts in Node with `_makeSnapshot`, the
// wheel is unpacked into site-packages, `tafl_core.bridge` is imported, and
// `makeMemorySnapshot()` writes the interpreter's memory, gzip-compressed. The board's worker
// loads it with `_loadSnapshot` (worker.js), which skips Python's own start-up. Both are
// private Pyodide options (see pyodide.d.ts): the worker falls back to a normal start when a
// snapshot cannot be fetched or loaded.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [dir, wheel, out] = process.argv.slice(2);
if (!dir || !wheel || !out) {
  console.error("usage: node build_tools/make_snapshot.mjs <pyodide dir> <wheel> <out.bin.gz>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "zip", { extractDir: site });
py.runPython("import importlib; importlib.invalidate_caches(); import tafl_core.bridge");
const snap = py.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snap, { level: 6 }));
console.log(`snapshot: ${snap.length} bytes, ${fs.statSync(out).size} gzip-compressed`);
