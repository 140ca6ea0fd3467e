import { loadConfig } from "./config.js";
import { warmUpOffice } from "./engines/libreoffice.js";
import { warmUpMupdf } from "./engines/mupdf/pool.js";
import { startRedisWorker } from "./jobs/redis-worker.js";
import { jobRunner } from "./jobs/run-job.js";
import { sandboxWarning } from "./engines/sandbox.js";
import { openStorage } from "./storage/open-store.js";
import { startSweeper } from "./storage/sweeper.js";

/**
 * `npm run worker`: runs jobs from the Redis at REDIS_URL, JOB_CONCURRENCY at once, on any machine. Files come from
 * and go to the store the API servers use: S3 (S3_BUCKET), or a DATA_DIR they share.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (msg: string) => console.log(`${new Date().toISOString()} worker ${process.pid}: ${msg}`);
  if (!config.redisUrl) {
    console.error("REDIS_URL is not set: a worker takes its jobs from Redis. Without it, `npm start` runs jobs itself.");
    process.exit(1);
  }
  const { store, workDirs } = await openStorage(config);
  if (!config.s3) log(`files are in ${config.dataDir}: the API servers must use the same folder (or set S3_BUCKET)`);
  const sweeper = startSweeper([store, workDirs], config.sweepIntervalMs, log);
  await sweeper.done;
  const sandboxProblem = sandboxWarning();
  if (sandboxProblem) log(sandboxProblem);
  warmUpMupdf();
  warmUpOffice();
  const worker = await startRedisWorker(jobRunner({ config, store, workDirs }), {
    url: config.redisUrl,
    concurrency: config.jobConcurrency,
    lockMs: config.jobLockMs,
    log,
  });
  log(`ready, ${config.jobConcurrency} job(s) at once`);
  const stop = async () => {
    sweeper.stop();
    // Running jobs finish first; a second signal does not wait.
    process.once("SIGTERM", () => process.exit(1));
    process.once("SIGINT", () => process.exit(1));
    await worker.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
