/* eslint-env serviceworker */
// pegrace's service worker (issue 54): the page's shell kept, so that the front page and the
// rules open without the server (games need it). The static files are answered from the kept
// copy: the version is a digest of their contents, so a changed file is a new worker with a
// new cache. Pages, the games' catalog and the language catalogs are asked of the network
// first (the page's request starts while the worker wakes: navigation preload), so a page
// online is as fresh as without a worker; only when the network fails is the kept copy
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
    .then(() => self.registration.navigationPreload?.enable())
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
  const key = page ? "/" : url.pathname;
  const asked = url.pathname.startsWith("/static/") ? keptFirst(request, key) : networkFirst(request, key, event.preloadResponse);
  // kept while the answer streams to the page, not before it
  event.respondWith(asked.then(([response, keeping]) => {
    if (keeping && !(page && url.pathname.startsWith("/game/"))) event.waitUntil(keep(key, keeping));
    return response;
  }));
});

/** Kept under ``key`` in this version's cache. @param {string} key @param {Response} response */
async function keep(key, response) {
  await (await caches.open(CACHE)).put(key, response);
}

/** A static file as kept (the version's own), else the network's answer and a copy to keep.
 * @param {Request} request @param {string} key @returns {Promise<[Response, Response | null]>}
 */
async function keptFirst(request, key) {
  const kept = await (await caches.open(CACHE)).match(key);
  if (kept) return [kept, null];
  const response = await fetch(request);
  return [response, response.ok ? response.clone() : null];
}

/** The network's answer and a copy to keep, else the kept one: every page is the one shell.
 * @param {Request} request @param {string} key
 * @param {Promise<Response | undefined>} preloaded a page's request, already made
 * @returns {Promise<[Response, Response | null]>}
 */
async function networkFirst(request, key, preloaded) {
  try {
    const response = (await preloaded) || await fetch(request);
    return [response, response.ok ? response.clone() : null];
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(key);
    if (kept) return [kept, null];
    throw error;
  }
}
