import { useCallback, useEffect, useState } from "react";

/**
 * A module that the page needs only once the visitor reaches for something (a menu, a tooltip): it loads when the
 * browser is idle after the page has painted, or at once when `request` is called (a pointer over the control, a
 * focus, a click), so it is not part of the first download. Each loader is fetched once for all its users.
 */
const loaded = new Map<() => Promise<unknown>, unknown>();
const pending = new Map<() => Promise<unknown>, Promise<unknown>>();

function start<T>(load: () => Promise<T>): Promise<T> {
  let promise = pending.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then((module) => {
      loaded.set(load, module);
      return module;
    });
    pending.set(load, promise);
  }
  return promise;
}

const whenIdle = (callback: () => void): (() => void) => {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1000);
  return () => clearTimeout(handle);
};

export function useOnDemand<T>(load: () => Promise<T>): { module: T | undefined; request(): void } {
  // The first render matches the prerendered HTML (no module yet), even when another control loaded it already.
  const [module, setModule] = useState<T | undefined>(undefined);
  const request = useCallback(() => {
    void start(load).then(setModule);
  }, [load]);
  useEffect(() => {
    const known = loaded.get(load) as T | undefined;
    if (known) {
      setModule(known);
      return;
    }
    return whenIdle(request);
  }, [load, request]);
  return { module, request };
}
