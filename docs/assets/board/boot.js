// Tafl-Kompendium board: the boot script, so that the engine starts early. A classic script (mkdocs.yml
// extra_javascript, before board.js): it runs as soon as the parser reaches it, before the
// board's ES modules have even been fetched, and starts the engine worker (worker.js) with its
// `init` at once, so that Pyodide downloads while the modules load. engine.js sharedEngine()
// adopts the worker from `window.taflBoot` {worker, early: [events before the board], url}.
// The URLs are worked out as engine.js engineArgs does. On a file:// page (no module, no
// worker can load there) it shows the page's own note, p[data-role=file-protocol] (words:
// build_tools/labels.py board_file_protocol = words.js fileProtocol). No game rule here.
(function () {
  "use strict";
  var root = document.querySelector(".tafl-board#board");
  if (!root || window.taflBoot) return;
  if (location.protocol === "file:") {
    var note = root.querySelector('[data-role="file-protocol"]');
    if (note) note.hidden = false;
    root.setAttribute("data-state", "error");
    return;
  }
  var dataEl = root.querySelector('script[data-role="board-data"]');
  if (!dataEl || typeof Worker === "undefined") return; // an example board: board.js starts it
  try {
    performance.mark("tafl-boot");
    var data = JSON.parse(dataEl.textContent);
    var site = new URL(root.getAttribute("data-site-root") || "./", location.href);
    var py = data.pyodide || {};
    var build = typeof py.build === "string" && /^[0-9a-f]{6,64}$/.test(py.build) ? "?build=" + py.build : "";
    var index = new URL(py.index || "assets/pyodide/", site).href.replace(/[^/]$/, "$&/");
    var url = new URL("assets/board/worker.js", site).href;
    var wheel = typeof py.wheel === "string" && /^[\w.+-]+\.whl$/.test(py.wheel)
      ? new URL("assets/pyodide/" + py.wheel + build, site).href : null;
    var w = new Worker(url, { type: "module" });
    var boot = { worker: w, early: [], url: url };
    w.onmessage = function (e) { if (boot.early) boot.early.push(e); };
    w.onerror = function (e) { if (boot.early) boot.early.push(e); };
    w.postMessage({ id: "boot", cmd: "init", args: {
      indexURL: index, lockFileURL: new URL("assets/pyodide/pyodide-lock.json", site).href,
      wheelURL: wheel, lockInfo: py.lock_info && typeof py.lock_info === "object" ? py.lock_info : null,
      snapshotURL: typeof py.snapshot === "string" && /^[\w.+-]+\.gz$/.test(py.snapshot)
        ? new URL("assets/pyodide/" + py.snapshot + build, site).href : null,
    } });
    window.taflBoot = boot;
    performance.mark("tafl-worker-created");
  } catch (e) {
    console.warn("tafl board boot:", e); // board.js starts the worker itself
  }
})();
