// Review benchmark inside Pyodide (the interpreter of the board's worker), under Node.js: the
// same 100-ply Copenhagen game as tests/tafl_core/bench_review.py, reviewed at the review's
// default time per position. Run: node tests/browser/bench_review_pyodide.mjs (make bench-review).
import fs from "fs";
import path from "path";
import os from "os";
import { fileURLToPath } from "url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(path.join(repo, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/bench/tafl_core");
for (const f of fs.readdirSync(path.join(repo, "tafl_core"))) {
  if (f.endsWith(".py")) py.FS.writeFile("/bench/tafl_core/" + f, fs.readFileSync(path.join(repo, "tafl_core", f)));
}
py.FS.writeFile("/bench/bench_review.py", fs.readFileSync(path.join(repo, "tests/tafl_core/bench_review.py")));
py.FS.writeFile("/bench/copenhagen.toml", fs.readFileSync(path.join(repo, "variants_src/copenhagen-hnefatafl/rules.toml")));
const version = JSON.parse(fs.readFileSync(path.join(repo, "node_modules/pyodide/package.json"))).version;
const out = py.runPython(`
import sys
sys.path.insert(0, "/bench")
import bench_review
bench_review.run("/bench/copenhagen.toml")
`);
console.log(`${out}; Pyodide ${version}, Node.js ${process.version}, load ${os.loadavg()[0].toFixed(2)}`);
