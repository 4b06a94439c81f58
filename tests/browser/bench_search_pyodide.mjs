// Search benchmark inside Pyodide (the interpreter the board's worker runs), under Node.js:
// loads tafl_core's sources and two rules files into Pyodide's file system and prints the depth
// reached in 1 s and the time of depth 3 from the Copenhagen and Alea Evangelii start positions.
// Run: node tests/browser/bench_search_pyodide.mjs   (make bench-search-pyodide); needs `make node`.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(path.join(repo, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide") + "/" });
py.FS.mkdirTree("/bench/tafl_core");
for (const f of fs.readdirSync(path.join(repo, "tafl_core"))) {
  if (f.endsWith(".py")) py.FS.writeFile("/bench/tafl_core/" + f, fs.readFileSync(path.join(repo, "tafl_core", f)));
}
const variants = ["copenhagen-hnefatafl", "alea-evangelii"];
for (const v of variants) {
  py.FS.writeFile(`/bench/${v}.toml`, fs.readFileSync(path.join(repo, "variants_src", v, "rules.toml")));
}
const version = JSON.parse(fs.readFileSync(path.join(repo, "node_modules/pyodide/package.json"))).version;
const out = py.runPython(`
import sys, time
sys.path.insert(0, "/bench")
from tafl_core import Game, load_ruleset
from tafl_core.search import best_move
lines = []
for v in ${JSON.stringify(variants)}:
    g = Game(load_ruleset("/bench/%s.toml" % v))
    r1 = best_move(g, seconds=1.0)
    t0 = time.perf_counter()
    r3 = best_move(g, depth=3)
    el = time.perf_counter() - t0
    lines.append("%s: 1 s -> depth %d (%d nodes, %d nodes/s); depth 3: %d nodes in %.2f s"
                 % (v, r1["depth"], r1["nodes"], r1["nps"], r3["nodes"], el))
"\\n".join(lines) + "\\n(Python %s in Pyodide" % sys.version.split()[0]
`);
console.log(out + ` ${version}, Node.js ${process.version})`);
