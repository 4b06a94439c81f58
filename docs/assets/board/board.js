// Tafl-Kompendium: the playable board (ES modules, no build step, no framework). This file
// mounts it: the board-data of the page (or of an example board), the controller, and the
// components attached to it.
//
// Shape (after chessground; README "Where things are in docs/assets/board/", notes/CONTRACTS.md
// "Board host interface"): config in (the page's board-data JSON), state inside (the engine's
// `st` and the board's own `ui`, changed by state.js), one controller that owns the state and
// the engine's request queue and takes intents (controller.js dispatch), drawing as functions
// of (host, dom) (dom.js, draw.js), input turned into intents (input.js), one registry of
// toolbar actions (actions.js), and components attached to the controller through its declared
// host interface (host.js), never to one another: the position editor (editor.js), the
// assumption switches (assumptions.js), analysis and game records (analysis.js), the first
// move before the engine is ready (early.js), play against the computer and the hint
// (opponent.js). Moves go to the engine in a module Web Worker running tafl_core in Pyodide
// (engine.js, worker.js; the protocol: notes/CONTRACTS.md "Worker protocol"). The board knows
// no game rule.
//
// Markup contract (notes/CONTRACTS.md, "Variant page ↔ board"): mounts at `.tafl-board#board`;
// reads `script[data-role=board-data]` and the static SVG's viewBox / data-cell / data-margin;
// exposes data-state, data-to-move, data-result, data-reason on the root, data-square on
// squares, data-piece + data-square on pieces, data-target on legal target squares,
// data-role="move-list", and a button data-action=<id> per entry of actions.js; also
// data-stuck while the side to move cannot move and the rules give no result (no_moves = none).
//
// Berserk turns (notes/CONTRACTS.md, "Special pieces, jumps and berserk turns"): while the
// engine's state has `berserk` {square, can_end}, the root and that square carry
// data-berserker, the piece is selected at once, the status line says so, and the button
// data-action="end" (enabled only while can_end) plays the move "end". Move-list entries carry
// data-notation (OpenTafl's: c2=d2xe2, c3^c5, end) and, for the later plies of a berserk turn,
// data-continuation; capture marks and the captures panel cover the whole last turn.
//
// Explanations: the captures panel (data-role="captures") has a line per capture, naming the
// kind taken (board-data `names`), and a line `li[data-jump]` per jump that took nothing, with
// the § of the jump rule. Moves taken back are listed after the played ones as `li[data-future]`
// (class tb-future), never `data-ply`; the key `ul[data-role="move-marks"]` under the list
// explains the marks that appear (x ^ = end).
//
// Example boards (mechanics pages): `.tafl-board#board[data-example]` without board-data wraps a
// static diagram; the rules are the board-data of the variant named (`data-variant`), written
// into the page by the build (script[data-role=example-rules]), the start position comes from
// the diagram and `data-to-move` (see exampleData()).
//
// Start-up (notes/CONTRACTS.md "board-data first_moves"): the worker was started by the page's
// boot script (boot.js, engine.js); until the engine is ready the board takes one first move
// from board-data `first_moves` (early.js). Phases are performance marks (tafl-boot,
// tafl-board-mounted, tafl-first-move, tafl-worker-*, tafl-engine-ready, tafl-board-ready;
// bench_board.py).

import { PIECE_KINDS, isSquare, toOtn } from "./address.js";
import { attachAnalysis } from "./analysis.js";
import { attachArrival } from "./arrival.js";
import { attachAnalysisMode } from "./analysismode.js";
import { attachAssumptions } from "./assumptions.js";
import { Controller } from "./controller.js";
import { attachEarly } from "./early.js";
import { attachEditor } from "./editor.js";
import { attachOpponent } from "./opponent.js";
import { attachMoveNotes } from "./movenotes.js";
import { attachOrientation } from "./orientation.js";
import { attachPositionString } from "./positionstring.js";
import { attachReview } from "./review.js";
import { attachSideLines } from "./sidelines.js";
import { attachWide } from "./wide.js";
import { STRINGS } from "./words.js";

/** The board on `root` with board-data `data`: the controller and its components, started.
 *  Returns the controller (root.tbBoard). */
function createBoard(root, data) {
  const host = new Controller(root, data);
  attachEditor(host);
  attachAssumptions(host);
  attachAnalysis(host);
  attachEarly(host);
  attachOpponent(host);
  attachArrival(host);
  attachOrientation(host);

  attachWide(host);
  attachAnalysisMode(host); // after the opponent: its idle hook sees the opponent's search begun
  attachReview(host);
  attachPositionString(host);
  attachSideLines(host); // after analysis.js: its rows are drawn first
  attachMoveNotes(host); // (its editor right under the move list, before the review's panel)
  window.addEventListener("hashchange", () => host.addressChanged());
  // a page restored from the back/forward cache may show an older copy of the kept game (the
  // other language's page went on with it): the same check as Back within the page
  window.addEventListener("pageshow", (e) => { if (e.persisted) host.addressChanged(); });
  host.start();
  return host;
}

/**
 * Board data of an example board on a mechanics page: `.tafl-board#board[data-example]` around
 * a static diagram, naming the variant whose rules it plays (`data-variant`) and the side to
 * move. The rules, assumptions and section links are the variant's: its board-data, which the
 * build writes into the example as `script[data-role=example-rules]` (build_tools/site_plugin.py
 * example_rules); the position is the diagram's, and becomes the board's start (`start`
 * {otn, to_move}); rule links lead to the variant page.
 */
function exampleData(root) {
  const slug = root.getAttribute("data-variant") || "";
  const lang = root.getAttribute("data-lang") === "en" ? "en" : "de";
  const siteRoot = root.getAttribute("data-site-root") || "./";
  const toMove = root.getAttribute("data-to-move");
  if (!/^[a-z0-9-]{1,64}$/.test(slug) || !/^(?:\.\/|(?:\.\.\/){1,8})$/.test(siteRoot)
      || (toMove !== "attackers" && toMove !== "defenders")) throw new Error("example board: bad attributes");
  const rel = `${lang === "en" ? "en/" : ""}variants/${slug}/`;
  const dataEl = root.querySelector('script[data-role="example-rules"]');
  if (!dataEl) throw new Error(`example board: no rules of ${slug} in the page`);
  const data = JSON.parse(dataEl.textContent);
  if (data.variant !== slug || data.lang !== lang) throw new Error("example board: the rules of another variant or language");
  const svg = root.querySelector("svg");
  if (!svg || Number(svg.getAttribute("data-size")) !== data.size) throw new Error("example board: diagram size differs from the rules");
  const pieces = {};
  for (const g of svg.querySelectorAll("[data-piece][data-square]")) {
    const kind = g.getAttribute("data-piece"), sq = g.getAttribute("data-square");
    if (!PIECE_KINDS.includes(kind) || !isSquare(sq)) throw new Error("example board: unreadable diagram");
    pieces[sq] = kind;
  }
  data.lang = lang;
  data.layout_pieces = data.pieces; // the variant's own layout (which editor tools it needs)
  data.pieces = pieces;
  data.start = { otn: toOtn(pieces, data.size), to_move: toMove };
  data.example = root.getAttribute("data-example");
  data.sections = Object.fromEntries(Object.entries(data.sections || {})
    .filter(([, a]) => typeof a === "string" && a.startsWith("#")).map(([k, a]) => [k, siteRoot + rel + a]));
  return data;
}



function mountError(root, e) {
  root.setAttribute("data-state", "error");
  const p = document.createElement("p");
  p.className = "tb-engine tb-error";
  console.error("tafl board:", e); // the details: the console only
  p.textContent = STRINGS[root.getAttribute("data-lang") === "en" ? "en" : "de"].boardError;
  root.append(p);
}

function mount() {
  const root = document.querySelector(".tafl-board#board");
  if (!root || root.tbBoard || root.tbFailed) return;
  const dataEl = root.querySelector('script[data-role="board-data"]');
  if (!dataEl && root.hasAttribute("data-example")) {
    try {
      root.tbBoard = createBoard(root, exampleData(root));
    } catch (e) {
      root.tbFailed = true;
      mountError(root, e);
    }
    return;
  }
  try {
    root.tbBoard = createBoard(root, JSON.parse(dataEl.textContent));
  } catch (e) {
    mountError(root, e);
  }
}

function boot() {
  mount(); // at once: the sooner the worker starts, the sooner the board is ready
  // mkdocs-material's instant navigation swaps pages without reloading: it publishes document$.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mount);
}
if (document.readyState === "loading" && !document.querySelector(".tafl-board#board")) {
  document.addEventListener("DOMContentLoaded", boot);
} else {
  boot();
}
