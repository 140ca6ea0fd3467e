import type { DeviceMessage } from "./protocol.js";

/**
 * After a tool first runs on the device, the service worker is registered and what the tool needed is stored in its
 * cache: the page, the scripts and styles it loaded, and the worker's script, engines and WebAssembly, so that the
 * next visit works without a network. Never on the home page's way: it starts only after a successful run.
 */

/** The service worker's cache (web/public/sw.js). */
const CACHE = "pdf-toolbox-device-v1";

function sameOriginAsset(url: string): boolean {
  const parsed = new URL(url, location.href);
  return parsed.origin === location.origin && parsed.pathname.startsWith("/assets/");
}

/** Asks the worker what it fetched, once every engine is loaded. */
function workerAssets(worker: Worker): Promise<string[]> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent<DeviceMessage>) => {
      if (event.data.type !== "assets") return;
      worker.removeEventListener("message", onMessage);
      resolve(event.data.urls);
    };
    worker.addEventListener("message", onMessage);
    worker.postMessage({ type: "assets" });
  });
}

export async function keepForOffline(worker: Worker): Promise<void> {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  await navigator.serviceWorker.register("/sw.js");
  const fromPage = performance.getEntriesByType("resource").map((entry) => entry.name);
  const urls = [...new Set([...fromPage, ...(await workerAssets(worker))].filter(sameOriginAsset))];
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const url of [location.pathname, ...urls]) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}
