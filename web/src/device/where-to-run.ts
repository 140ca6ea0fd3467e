import { useSyncExternalStore } from "react";

/**
 * The visitor's choice to send on-device tools to the server instead, remembered in this browser. Only the tools
 * of catalog/on-device.ts read it; every other tool runs on the server whatever it says.
 */

const KEY = "pdf-toolbox-use-server";
const listeners = new Set<() => void>();
/** The choice where storage is refused (some private windows): it holds for this page only. */
let unstored = false;

export function prefersServer(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return unstored;
  }
}

export function setPrefersServer(value: boolean): void {
  unstored = value;
  try {
    if (value) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // Kept in `unstored` instead.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function usePrefersServer(): boolean {
  return useSyncExternalStore(subscribe, prefersServer, () => false);
}
