import os from "node:os";
import path from "node:path";
import { MAX_FILE_BYTES, MAX_FILES } from "../catalog/file-kinds.js";

export interface Config {
  port: number;
  host: string;
  /** Uploads, work folders and results live here; nothing outside it is written. */
  dataDir: string;
  /** How long an uploaded or produced file lives. */
  fileTtlMs: number;
  sweepIntervalMs: number;
  maxFileBytes: number;
  maxFiles: number;
  /** Jobs running at once; the rest wait in a bounded queue. */
  jobConcurrency: number;
  queueLimit: number;
  /** The longest any one engine run may take. */
  engineTimeoutMs: number;
  maxPages: number;
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Expected a non-negative number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cores = os.availableParallelism();
  return {
    port: intFrom(env.PORT, 5000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? path.join(os.tmpdir(), "pdf-toolbox-data")),
    fileTtlMs: intFrom(env.FILE_TTL_SECONDS, 3600) * 1000,
    sweepIntervalMs: intFrom(env.SWEEP_INTERVAL_SECONDS, 60) * 1000,
    maxFileBytes: intFrom(env.MAX_FILE_BYTES, MAX_FILE_BYTES),
    maxFiles: intFrom(env.MAX_FILES, MAX_FILES),
    jobConcurrency: intFrom(env.JOB_CONCURRENCY, cores),
    queueLimit: intFrom(env.QUEUE_LIMIT, 100),
    engineTimeoutMs: intFrom(env.ENGINE_TIMEOUT_SECONDS, 300) * 1000,
    maxPages: intFrom(env.MAX_PAGES, 5000),
  };
}
