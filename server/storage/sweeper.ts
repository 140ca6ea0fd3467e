/** Anything that deletes its own expired entries: the file store, the local work folders. */
export interface Sweepable {
  sweep(): Promise<number>;
}

/** Deletes expired files now (also after a restart) and then at every interval. */
export function startSweeper(
  targets: readonly Sweepable[],
  intervalMs: number,
  log: (msg: string) => void,
): { stop(): void; done: Promise<void> } {
  const run = async () => {
    for (const target of targets) {
      try {
        const removed = await target.sweep();
        if (removed > 0) log(`expired ${removed} stored item(s)`);
      } catch (err) {
        log(`sweep failed: ${(err as Error).message}`);
      }
    }
  };
  const done = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), done };
}
