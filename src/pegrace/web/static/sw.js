/* eslint-env serviceworker */
// pegrace's service worker (issue 54): the page's shell kept, so that the front page and the
// rules open without the network (games need the server). Online it answers nothing itself:
// the browser fetches as it would without a worker (as fresh, and as fast: a worker answering
// from its cache measured slower than the browser's own cache), and the worker keeps a copy of
// each shell file once. Offline it answers from those copies. The version is a digest of the
// shell's files, so a changed file is a new worker with a new cache. The server fills in the
// shell and its version (pegrace/web/pages.py, /sw.js).

const VERSION = "__VERSION__";
/** @type {string[]} every file the page needs to draw itself */
const SHELL = ["__SHELL__"];
const CACHE = `pegrace-${VERSION}`;
// what is kept as it is fetched: the shell's files, the language catalogs, the games' catalog
// and style
const KEPT = /^\/(static\/[\w.-]+|i18n\/[\w-]+\.json|api\/catalog|games\.css|manifest\.webmanifest)?$/;

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

// a "your turn" notification (yourturn.js) clicked: its game, in a tab of its own or a new one
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((open) => {
    const there = open.find((client) => client.url === url);
    return there ? there.focus() : self.clients.openWindow(url);
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate";
  if (!page && !KEPT.test(url.pathname)) return; // games, moves, the lobby: the server's alone
  const key = page ? "/" : url.pathname; // every page is the one shell
  // online, the browser and its own cache answer faster than the worker could: the worker
  // only keeps copies (a game's page is not the shell the others are)
  if (self.navigator.onLine) {
    if (!url.pathname.startsWith("/game/")) event.waitUntil(keepCopy(request, key));
    return;
  }
  event.respondWith(keptElseNetwork(request, key));
});

/** A copy of what the page fetched, kept for offline use if this version has none yet.
 * @param {Request} request @param {string} key
 */
async function keepCopy(request, key) {
  const cache = await caches.open(CACHE);
  if (await cache.match(key)) return;
  const response = await fetch(request);
  if (response.ok) await cache.put(key, response);
}

/** Offline: the kept copy, else whatever the network says (an error, most likely).
 * @param {Request} request @param {string} key
 */
async function keptElseNetwork(request, key) {
  const kept = await (await caches.open(CACHE)).match(key);
  return kept || fetch(request);
}
