import { loadConfig } from "./config.js";
import { buildApp } from "./http/app.js";
import { InProcessQueue } from "./jobs/queue.js";
import { warmUpMupdf } from "./engines/mupdf/pool.js";
import { LocalStore } from "./storage/local-store.js";
import { startSweeper } from "./storage/sweeper.js";

/** `npm start`: the web app and the API on one port, with local storage and in-process jobs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const store = new LocalStore(config.dataDir);
  await store.init();
  const queue = new InProcessQueue(config.jobConcurrency, config.queueLimit);
  const app = await buildApp({ config, store, queue });
  const sweeper = startSweeper(store, config.fileTtlMs, config.sweepIntervalMs, (msg) => app.log.info(msg));
  await sweeper.done;
  await app.listen({ port: config.port, host: config.host });
  warmUpMupdf();
  const stop = async () => {
    sweeper.stop();
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
