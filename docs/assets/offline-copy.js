// Tafl-Kompendium: the offline copy's registration, on every page (a classic script; the
// build leaves it out under `mkdocs serve`, build_tools/site_plugin.py on_config).
//
// Registers the service worker (docs/sw.js, at the site root: its scope covers every page),
// which copies the whole site, one build, into its cache. On a page with a board it waits until
// the board has started (or failed), so the first start never shares the connection with the
// copy. When a new build's copy takes over a page that an older build's copy served, the page
// says so and offers to reload (its later requests would otherwise be the new build's).
// The page's <html> gets data-offline-copy="<build>" once a complete copy controls it.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  var me = document.currentScript;
  if (!me || !me.src) return;
  var root = new URL("../", me.src); // this file is <root>/assets/offline-copy.js
  var WORDS = {
    de: { text: "Eine neue Fassung dieser Website ist da.", reload: "Neu laden" },
    en: { text: "A new version of this site is available.", reload: "Reload" },
  };
  var sw = navigator.serviceWorker;
  var servedByCopy = !!sw.controller;

  function say(build) {
    if (document.querySelector(".tafl-new-build")) return;
    var words = WORDS[(document.documentElement.lang || "de").slice(0, 2)] || WORDS.de;
    var box = document.createElement("div");
    box.className = "tafl-new-build";
    box.setAttribute("role", "status");
    var p = document.createElement("span");
    p.textContent = words.text + " ";
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button";
    b.textContent = words.reload;
    b.addEventListener("click", function () { location.reload(); });
    box.appendChild(p);
    box.appendChild(b);
    document.body.appendChild(box);
    box.dataset.build = build;
  }

  sw.addEventListener("message", function (ev) {
    var build = ev.data && typeof ev.data.taflBuild === "string" ? ev.data.taflBuild : null;
    if (!build) return;
    document.documentElement.setAttribute("data-offline-copy", build);
    if (servedByCopy && !ev.data.current) say(build);
    servedByCopy = true;
  });

  function register() {
    sw.register(new URL("sw.js", root).href, { scope: root.href }).then(function () {
      // a copy already in charge of this page (a later visit) names its build
      if (sw.controller) sw.controller.postMessage({ taflHello: true });
    }).catch(function (e) {
      console.warn("Tafl-Kompendium: no offline copy:", e && e.message ? e.message : e);
    });
  }

  function whenBoardStarted(then) {
    var board = document.querySelector(".tafl-board[data-state]");
    if (!board) return then();
    var done = false;
    function check() {
      if (done || board.getAttribute("data-state") === "loading") return;
      done = true;
      obs.disconnect();
      then();
    }
    var obs = new MutationObserver(check);
    obs.observe(board, { attributes: true, attributeFilter: ["data-state"] });
    setTimeout(function () { if (!done) { done = true; obs.disconnect(); then(); } }, 60000);
    check();
  }

  function start() { whenBoardStarted(register); }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
