/* eslint-env serviceworker */
// pegrace's service worker (issue 54): the page's shell kept, so that the front page and the
// rules open without the server (games need it). Every file is asked of the network first, so
// a page online is as fresh as without a worker; only when the network fails is the kept copy
// answered. The server fills in the shell and its version (pegrace/web/pages.py, /sw.js).

const VERSION = "__VERSION__";
/** @type {string[]} every file the page needs to draw itself */
const SHELL = ["__SHELL__"];
const CACHE = `pegrace-${VERSION}`;
// what is kept as it is fetched: the shell's files, the language catalogs, the games' catalog
const KEPT = /^\/(static\/[\w.-]+|i18n\/[\w-]+\.json|api\/catalog|manifest\.webmanifest)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("pegrace-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// the page asks for its language's catalog to be kept too: { keep: ["/i18n/de.json"] }
self.addEventListener("message", (event) => {
  const wanted = Array.isArray(event.data?.keep) ? event.data.keep.filter((path) => typeof path === "string" && KEPT.test(path)) : [];
  if (wanted.length) event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(wanted)));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate";
  if (!page && !KEPT.test(url.pathname)) return; // games, moves, the lobby: the server's alone
  event.respondWith(networkFirst(request, page ? "/" : url.pathname, page));
});

/** The network's answer (kept for later), else the kept one: every page is the one shell.
 * @param {Request} request @param {string} key @param {boolean} page
 */
async function networkFirst(request, key, page) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (!page || !new URL(request.url).pathname.startsWith("/game/"))) {
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}
