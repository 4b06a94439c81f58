// Tafl-Kompendium: the site's service worker (issue 14, item 2; registered by the board,
// docs/assets/board/offline.js, as `sw.js?build=<hash>` with the site root as its scope).
//
// One cache per build, `tafl-<build>` (the build hash of board-data `pyodide.build`): a new build
// never serves an old wheel or an old Pyodide, and when it activates the caches of older builds
// are deleted. The board sends the files of the page it runs on ({keep: [urls]}); they are
// copied into the cache from the HTTP cache only (the first visit downloaded them; one the HTTP
// cache did not keep is cached when it is next requested through this worker).
// Requests: the engine's files (assets/pyodide/: Pyodide and the tafl_core wheel) from the
// cache first; every other GET of this site from the network first, the cache when offline
// (so a page visited before, and its board, open offline too). Nothing else is touched.

const BUILD = new URL(self.location.href).searchParams.get("build") || "dev";
const CACHE = `tafl-${BUILD}`;
const ENGINE = /\/assets\/pyodide\/[^/]+$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tafl-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls.slice(0, 200)) {
      if (typeof url !== "string") continue;
      try {
        if (await cache.match(url)) continue;
        // only from the HTTP cache: never a second download (what is not there is kept when
        // it is next fetched through this worker)
        const r = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
        if (r.ok) await cache.put(url, r);
      } catch { /* offline meanwhile: kept next time */ }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  const ours = url.origin === self.location.origin;
  if (ENGINE.test(url.pathname) && (ours || url.hostname === "cdn.jsdelivr.net")) {
    // a file of another build (the wheel and the snapshot carry `?build=`): the network only
    const build = url.searchParams.get("build");
    if (build && build !== BUILD) return;
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req);
      if (hit) return hit;
      const r = await fetch(req);
      if (r.ok) cache.put(req, r.clone());
      return r;
    })());
    return;
  }
  if (!ours) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const r = await fetch(req);
      if (r.ok && (req.mode === "navigate" || (await cache.match(req)))) cache.put(req, r.clone());
      return r;
    } catch (e) {
      const hit = await cache.match(req, { ignoreSearch: true }) || (req.mode === "navigate" ? await cache.match(url.href.split("#")[0]) : null);
      if (hit) return hit;
      throw e;
    }
  })());
});
