import { loadConfig } from "./config.js";
import { buildApp } from "./http/app.js";
import { openQueue } from "./jobs/open-queue.js";
import { warmUpOffice } from "./engines/libreoffice.js";
import { warmUpMupdf } from "./engines/mupdf/pool.js";
import { sandboxWarning } from "./engines/sandbox.js";
import { openStorage } from "./storage/open-store.js";
import { startSweeper } from "./storage/sweeper.js";

/**
 * `npm start`: the web app and the API on one port. Jobs run in this process, files on local disk, unless REDIS_URL
 * (jobs on `npm run worker` processes) or S3_BUCKET (files in object storage) say otherwise.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { store, workDirs } = await openStorage(config);
  const queue = await openQueue({ config, store, workDirs });
  const app = await buildApp({ config, store, workDirs, queue });
  const sandboxProblem = sandboxWarning();
  if (sandboxProblem) app.log.warn(sandboxProblem);
  const sweeper = startSweeper([store, workDirs], config.sweepIntervalMs, (msg) => app.log.info(msg));
  await sweeper.done;
  await app.listen({ port: config.port, host: config.host });
  if (!config.redisUrl) {
    warmUpMupdf();
    warmUpOffice();
  }
  const stop = async () => {
    sweeper.stop();
    await app.close();
    await queue.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
