/**
 * The app's service worker (dist/sw.js): precaches every file of the app on install,
 * in a cache named for their content hash, and answers from it, so that after one visit
 * the app starts with the network off. A new build has a new hash: the new worker
 * caches the new files, takes over, and deletes the old caches.
 *
 * PRECACHE and VERSION are written in by www/app-build.mjs.
 */
declare const PRECACHE: string[];
declare const VERSION: string;

// The service worker's global scope, as far as this file uses it (the page's tsconfig
// has the DOM's types, not the WebWorker ones).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface Scope {
  addEventListener(type: "install" | "activate", f: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", f: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}
const sw = self as unknown as Scope;

const PREFIX = "chess960-app-";
const CACHE = PREFIX + VERSION;

sw.addEventListener("install", (e) => {
  e.waitUntil(
    caches.open(CACHE)
      // "reload": past the HTTP cache, so that the files are the ones of this version.
      .then((c) => c.addAll(PRECACHE.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== sw.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = (await cache.match(req, { ignoreSearch: true })) ??
      (req.mode === "navigate" ? await cache.match("index.html") : undefined);
    return hit ?? fetch(req);
  })());
});
