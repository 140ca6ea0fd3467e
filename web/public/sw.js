/**
 * The service worker of the tools that run on the device. It is registered only once such a tool has run, and
 * the page then stores in its cache what the tool needed (the page, its scripts, the device worker and the
 * engines' WebAssembly), so that a second visit works offline for these tools.
 *
 * Hashed files under /assets/ never change: they are served from the cache first, and stored as they are fetched.
 * Pages are asked of the server first and served from the cache only when it cannot be reached. The API is never
 * cached: it carries visitors' files and results.
 */

const CACHE = "pdf-toolbox-device-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("pdf-toolbox-device-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(request, { ignoreSearch: true }).then((cached) => cached || Response.error())));
  }
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    // Stored beside the answer: a failure to store must not fail the fetch.
    caches
      .open(CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined);
  }
  return response;
}
