import type { LocalStore } from "./local-store.js";

/** Deletes expired files now (also after a restart) and then at every interval. */
export function startSweeper(
  store: LocalStore,
  ttlMs: number,
  intervalMs: number,
  log: (msg: string) => void,
): { stop(): void; done: Promise<void> } {
  const run = async () => {
    try {
      const removed = await store.sweep(ttlMs);
      if (removed > 0) log(`expired ${removed} stored item(s)`);
    } catch (err) {
      log(`sweep failed: ${(err as Error).message}`);
    }
  };
  const done = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), done };
}
