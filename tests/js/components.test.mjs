// The board's shape (docs/assets/board/): components attached to the host never import one
// another, no class inherits from another, and no module grows past 700 lines.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const DIR = new URL("../../docs/assets/board/", import.meta.url);
const COMPONENTS = ["editor.js", "assumptions.js", "analysis.js", "early.js", "opponent.js", "arrival.js", "orientation.js",
  "wide.js", "analysismode.js", "review.js", "positionstring.js", "sidelines.js", "movenotes.js"];
const source = (name) => readFileSync(new URL(name, DIR), "utf8");
const imports = (name) => [...source(name).matchAll(/^import[^;]*?from "\.\/([\w.]+)";/gms)].map((m) => m[1]);

test("each component is attached with attachX(host) and imports no other component nor the controller", () => {
  for (const c of COMPONENTS) {
    assert.match(source(c), /^export function attach[A-Z]\w*\(host\)/m, c);
    const own = imports(c);
    // (a component without imports has no line that begins with `import`)
    assert.ok(own.length > 0 || !/^import\b/m.test(source(c)), `${c}: its imports were read`);
    for (const other of [...COMPONENTS, "controller.js", "board.js", "links.js", "dom.js", "draw.js", "input.js"]) {
      assert.ok(!own.includes(other), `${c} imports ${other}`);
    }
  }
});

test("only board.js attaches the components", () => {
  for (const name of readdirSync(DIR).filter((n) => n.endsWith(".js") && n !== "board.js")) {
    for (const c of COMPONENTS) assert.ok(!imports(name).includes(c), `${name} imports ${c}`);
  }
});

test("no class chain: no class extends another; every module is under 700 lines", () => {
  for (const name of readdirSync(DIR).filter((n) => n.endsWith(".js"))) {
    const text = source(name);
    assert.equal((text.match(/\bclass\s+\w+\s+extends\b/g) || []).length, 0, name);
    assert.ok(text.split("\n").length < 700, `${name}: ${text.split("\n").length} lines`);
  }
});

test("the components and the action registry use only the members the host interface declares", () => {
  const typedef = source("host.js");
  const declared = new Set([...typedef.matchAll(/@property\s+\{.*?\}\s+\[?(\w+)/g)].map((m) => m[1]));
  assert.ok(declared.has("exclusive") && declared.has("dispatch") && declared.size > 40, [...declared].join(" "));
  for (const name of [...COMPONENTS, "actions.js"]) {
    const code = source(name).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    // `host` and `h` name the host in these files
    const used = new Set([...code.matchAll(/\b(?:host|h)\.(\w+)/g)].map((m) => m[1]));
    assert.ok(used.size > 0, name);
    for (const m of used) assert.ok(declared.has(m), `${name} uses host.${m}, which host.js does not declare`);
  }
});
