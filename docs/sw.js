// Tafl-Kompendium: the site's service worker, the offline copy of the whole site.
//
// The build (build_tools/offline_copy.py) writes this file into the site with the line
// `const MANIFEST = ...` replaced by the build's manifest: {build, files: {url: sha256 | null},
// offline: {lang: url}, fetch: {url: address}}. `build` is a hash over every file of the site
// (pages of both languages, styles, scripts, search indexes, Pyodide's core files, the tafl_core
// wheel, the snapshot),
// `files` every file the copy holds (relative to this file's folder, the site root, or absolute
// for a CDN's Pyodide) with its sha256 (null: a CDN file whose address names its version),
// `offline` the offline page of each language ("" the default language's root, "en/" …), `fetch`
// the address the board itself asks for a file by (`?build=` of the wheel and the snapshot), so
// the copy takes it from the browser's HTTP cache.
//
// One build or nothing: installing downloads every file of the manifest into the cache
// `tafl-<build>` and checks each against its sha256 (a file of another build, e.g. a deployment
// happening meanwhile, fails the install; the browser tries again on a later visit); only a
// complete copy activates (skipWaiting, clients.claim), and then the caches of other builds are
// deleted. Nothing is served from a copy that is not complete. A changed build is a changed
// sw.js, which the browser notices on a visit; the pages are told (message {taflBuild}) and offer
// a reload. Requests: a file of the manifest from the cache (a query ignored, `?h=` of the
// search, except `?build=` of the engine files: one naming another build than the manifest's
// `fetch` address goes to the network); a page that is not in it from the network, offline the
// offline page of its language; everything else (other sites, MkDocs' live reload) is not
// touched at all.
//
// A page that is not in the copy but comes from the network is a page of another (newer) build:
// its scripts, styles and workers are that build's too, so every request of that page (and of a
// worker it starts) goes to the network, never to this copy (one build or nothing for a page as
// for the copy), and the worker looks for its own update at once.
//
// Without a manifest (the file as it is in docs/, and what `mkdocs serve` writes) the worker
// retires: it deletes the site's caches and unregisters itself, so a copy left by an earlier
// build never shadows the pages of a development server at the same address.

const MANIFEST = null; // replaced by the build

const PREFIX = "tafl-";
const SCOPE = new URL("./", self.location.href);
const CACHE = MANIFEST ? `${PREFIX}${MANIFEST.build}` : null;

/** The manifest's address for a request URL: the URL without query and fragment, made relative
 *  to the scope when it lies in it (absolute otherwise); null when the manifest lacks it. */
function manifestKey(url) {
  if (!MANIFEST) return null;
  const u = new URL(url);
  const bare = u.origin + u.pathname;
  const key = bare.startsWith(SCOPE.href) ? bare.slice(SCOPE.href.length) : bare;
  if (Object.prototype.hasOwnProperty.call(MANIFEST.files, key)) return key;
  // a page asked for as index.html (same folder: its relative links hold)
  const folder = key.replace(/(^|\/)index\.html$/, "$1");
  if (folder !== key && Object.prototype.hasOwnProperty.call(MANIFEST.files, folder)) return folder;
  return null;
}

/** A page asked for without its trailing slash: the address it has in the copy, to redirect to
 *  (as the server does; served under the bare address its relative links would miss), or null. */
function slashed(url) {
  const key = manifestKey(url);
  if (key !== null || !MANIFEST) return null;
  const u = new URL(url);
  u.pathname += "/";
  return manifestKey(u.href) !== null ? u.href : null;
}

/** Whether a request for the manifest's file `key` at `url` names another build of the engine
 *  files (`?build=`) than the one this copy holds (the manifest's `fetch` address): then it is
 *  not this copy's file. A request without `?build=` names none. */
function otherBuild(key, url) {
  const asked = new URL(url).searchParams.get("build");
  if (asked === null) return false;
  const own = MANIFEST.fetch && MANIFEST.fetch[key];
  return !own || new URL(own, SCOPE).searchParams.get("build") !== asked;
}

/** The clients (pages, and workers they started) of another build: pages the copy does not
 *  hold that came from the network. Their requests go to the network first. (This worker may
 *  be stopped and started again between requests: a page is then recognised by its address,
 *  foreignClient, which also holds for the offline page shown for such an address; offline,
 *  its requests fall back to the copy.) */
const FOREIGN = new Set();

/** Whether the client `id` (a FetchEvent's clientId) is a page of another build, or a worker
 *  such a page started. */
async function foreignClient(id) {
  if (!id) return false;
  if (FOREIGN.has(id)) return true;
  const client = await self.clients.get(id);
  if (!client || client.type !== "window") return false;
  const u = new URL(client.url);
  const page = u.origin + u.pathname;
  if (!page.startsWith(SCOPE.href) || manifestKey(page) !== null) return false;
  FOREIGN.add(id);
  return true;
}

function absolute(key) {
  return new URL(key, SCOPE).href;
}

async function sha256(buffer) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One file of the manifest, checked: from the HTTP cache where it is current (no second
 *  download of what the page just loaded), else from the network; a body whose sha256 is not
 *  the manifest's is fetched once more past every cache, and refused if it still differs. */
async function fetchChecked(key, want) {
  const url = absolute((MANIFEST.fetch && MANIFEST.fetch[key]) || key);
  const cross = !url.startsWith(SCOPE.origin);
  for (const mode of ["default", "reload"]) {
    const r = await fetch(url, { cache: mode, mode: cross ? "cors" : "same-origin", credentials: "omit" });
    if (!r.ok) throw new Error(`${key}: HTTP ${r.status}`);
    const body = await r.arrayBuffer();
    if (want === null || (await sha256(body)) === want) {
      return new Response(body, { status: 200, headers: r.headers });
    }
  }
  throw new Error(`${key}: not the file of build ${MANIFEST.build}`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const entries = Object.entries(MANIFEST.files);
  let next = 0;
  // a few downloads at a time: the browser's six connections per host stay free for the pages
  const lane = async () => {
    while (next < entries.length) {
      const [key, want] = entries[next++];
      if (await cache.match(absolute(key))) continue; // an earlier, interrupted install
      await cache.put(absolute(key), await fetchChecked(key, want));
    }
  };
  try {
    await Promise.all([lane(), lane(), lane()]);
  } catch (e) {
    // a mixture is never kept: the next attempt starts from nothing
    await caches.delete(CACHE);
    throw e;
  }
}

self.addEventListener("install", (event) => {
  if (!MANIFEST) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    if (!MANIFEST) {
      // the pages it served until now are reloaded from the network
      await self.clients.claim();
      await self.registration.unregister();
      for (const c of await self.clients.matchAll({ type: "window" })) c.navigate(c.url).catch(() => {});
      return;
    }
    await self.clients.claim();
    for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage({ taflBuild: MANIFEST.build });
  })());
});

self.addEventListener("message", (event) => {
  // a page asks which build serves it (docs/assets/offline-copy.js)
  if (MANIFEST && event.data && event.data.taflHello && event.source) {
    event.source.postMessage({ taflBuild: MANIFEST.build, current: true });
  }
});

function offlinePage(url) {
  const path = new URL(url).href.slice(SCOPE.href.length);
  let best = MANIFEST.offline[""] ?? null;
  for (const [lang, page] of Object.entries(MANIFEST.offline)) {
    if (lang && path.startsWith(lang)) best = page;
  }
  return best;
}

self.addEventListener("fetch", (event) => {
  if (!MANIFEST) return;
  const req = event.request;
  if (req.method !== "GET") return;
  const key = manifestKey(req.url);
  const navigate = req.mode === "navigate" && req.url.startsWith(SCOPE.href);
  if (key === null && !navigate) return; // not the site's (live reload, other sites): untouched
  const moved = navigate && key === null ? slashed(req.url) : null;
  if (moved) {
    event.respondWith(Response.redirect(moved, 301));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // another build's page (and a worker it starts, which is of that build too)
    const foreign = !navigate && await foreignClient(event.clientId);
    if (foreign && event.resultingClientId) FOREIGN.add(event.resultingClientId);
    const own = key !== null && !foreign && !otherBuild(key, req.url);
    if (own) {
      const hit = await cache.match(absolute(key));
      if (hit) return hit;
    }
    try {
      // (another build's file: asked of the server, not of the browser's HTTP cache, which may
      // still hold this build's file under the same address)
      const r = await fetch(own || navigate ? req : new Request(req, { cache: "no-cache" }));
      if (navigate && key === null && r.ok && !r.redirected) {
        // a page this copy lacks, served: another build's; its requests go past the copy, and
        // the browser is asked to look for the new build's worker
        if (event.resultingClientId) FOREIGN.add(event.resultingClientId);
        self.registration.update().catch(() => {});
      }
      return r;
    } catch (e) {
      // offline: this copy's file after all (a page recognised by its address only may be the
      // offline page shown for an address the copy lacks)
      const file = key !== null && foreign && !otherBuild(key, req.url) ? await cache.match(absolute(key)) : null;
      if (file) return file;
      const page = navigate ? offlinePage(req.url) : null;
      const hit = page !== null ? await cache.match(absolute(page)) : null;
      if (hit) return hit;
      throw e;
    }
  })());
});
