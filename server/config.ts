import { DEFAULT_MAX_PAGES } from "../pdf-ops/limits.js";
import os from "node:os";
import path from "node:path";
import { MAX_FILE_BYTES, MAX_FILES } from "../catalog/file-kinds.js";
import { DEFAULT_FILE_TTL_SECONDS } from "../catalog/lifetime.js";
import { PUBLIC_WEB, type EgressPolicy } from "./engines/egress/addresses.js";
import type { EnginePoolLimits } from "./engines/engine-pool.js";
import type { DeadlineSettings } from "./jobs/job-deadline.js";
import type { S3Settings } from "./storage/s3-store.js";

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
  /**
   * Jobs running at once (default: twice the cores); the rest wait in a bounded queue. A light job spends most of its
   * time off the cores (its upload fetched, its engines' sandboxes built, its result published), so as many jobs as
   * cores leave cores idle; the engines' own caps keep heavy jobs from crowding the cores.
   */
  jobConcurrency: number;
  queueLimit: number;
  /** The longest any one engine run may take. */
  engineTimeoutMs: number;
  /** Ceilings on single engines (ENGINE_TIMEOUT_<ENGINE>_SECONDS, e.g. ENGINE_TIMEOUT_OCRMYPDF_SECONDS), over any run's own. */
  engineTimeLimitsMs: Record<string, number>;
  maxPages: number;
  /** poppler processes one page-image job splits its pages over, and the most running at once (RENDER_PROCESSES). */
  renderProcesses: number;
  /**
   * MuPDF's processes: killed past MUPDF_MEMORY_LIMIT_MB of resident memory while working (the task fails as too
   * large), replaced when holding more than MUPDF_RECYCLE_MB after a task, or after MUPDF_TASKS_PER_PROCESS tasks.
   */
  mupdf: EnginePoolLimits;
  /** Job folders prepared with a MuPDF child already started in them (MUPDF_CHILDREN_AHEAD). */
  mupdfChildrenAhead: number;
  /** Each job's deadline: a base, plus a share per megabyte of input and per page, up to a cap (JOB_DEADLINE_*_SECONDS). */
  jobDeadline: DeadlineSettings;
  /** Jobs run on BullMQ over this Redis (REDIS_URL), by `npm run worker` processes; unset: in this process. */
  redisUrl?: string;
  /** How long a worker's hold on a job lasts without renewal: a worker that died is noticed after about twice this. */
  jobLockMs: number;
  /** Uploads and results in S3-compatible object storage (S3_BUCKET and friends); unset: in dataDir. */
  s3?: S3Settings;
  /** The RFC 3161 time-stamp authority for signatures (TSA_URL), and how long to wait for it; no URL: no time stamps. */
  tsaUrl?: string;
  tsaTimeoutMs: number;
  /**
   * Where a page printed from a web address (HTML to PDF) may fetch from: public addresses on web ports. Not set
   * from the environment; tests put a local server in its place.
   */
  egressPolicy: EgressPolicy;
  /** Work started per client address per minute (0: no limit); whether X-Forwarded-For names the client. */
  rateLimitPerMinute: number;
  trustProxy: boolean;
  /** Form fields (not files) a request may carry, and their bytes together. */
  maxFormFields: number;
  maxFormFieldsBytes: number;
  /** Slow clients: the headers must arrive within this, the whole request within that; an idle keep-alive closes. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** An upload that sends nothing for this long is dropped with its partial files. */
  uploadStallMs: number;
  /** Open connections from one client address (0: no cap; off by default behind a proxy, where all share one). */
  maxConnectionsPerAddress: number;
  /** Each API call writes where its time went to standard error (PHASE_TIMING=1; lib/request-timeline.ts). */
  phaseTiming: boolean;
}

const MB = 1024 * 1024;

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Expected a non-negative number, got "${value}"`);
  return n;
}

/** ENGINE_TIMEOUT_LIBREOFFICE_SECONDS=60 gives { libreoffice: 60000 }; underscores in the engine's name are dashes. */
function engineTimeLimitsFrom(env: NodeJS.ProcessEnv): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const [name, value] of Object.entries(env)) {
    const engine = /^ENGINE_TIMEOUT_([A-Z0-9_]+)_SECONDS$/.exec(name)?.[1];
    if (engine) limits[engine.toLowerCase().replaceAll("_", "-")] = intFrom(value, 0) * 1000;
  }
  return limits;
}

function s3From(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE === "true",
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cores = os.availableParallelism();
  const trustProxy = env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true";
  return {
    port: intFrom(env.PORT, 5000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? path.join(os.tmpdir(), "pdf-toolbox-data")),
    fileTtlMs: intFrom(env.FILE_TTL_SECONDS, DEFAULT_FILE_TTL_SECONDS) * 1000,
    sweepIntervalMs: intFrom(env.SWEEP_INTERVAL_SECONDS, 60) * 1000,
    maxFileBytes: intFrom(env.MAX_FILE_BYTES, MAX_FILE_BYTES),
    maxFiles: intFrom(env.MAX_FILES, MAX_FILES),
    jobConcurrency: intFrom(env.JOB_CONCURRENCY, 2 * cores),
    queueLimit: intFrom(env.QUEUE_LIMIT, 100),
    engineTimeoutMs: intFrom(env.ENGINE_TIMEOUT_SECONDS, 300) * 1000,
    engineTimeLimitsMs: engineTimeLimitsFrom(env),
    maxPages: intFrom(env.MAX_PAGES, DEFAULT_MAX_PAGES),
    renderProcesses: Math.max(1, intFrom(env.RENDER_PROCESSES, cores)),
    mupdf: {
      memoryLimitBytes: intFrom(env.MUPDF_MEMORY_LIMIT_MB, 1536) * MB,
      recycleBytes: intFrom(env.MUPDF_RECYCLE_MB, 300) * MB,
      tasksPerProcess: intFrom(env.MUPDF_TASKS_PER_PROCESS, 200),
    },
    mupdfChildrenAhead: intFrom(env.MUPDF_CHILDREN_AHEAD, 1),
    jobDeadline: {
      baseMs: intFrom(env.JOB_DEADLINE_BASE_SECONDS, 60) * 1000,
      perMbMs: intFrom(env.JOB_DEADLINE_PER_MB_SECONDS, 5) * 1000,
      perPageMs: intFrom(env.JOB_DEADLINE_PER_PAGE_SECONDS, 2) * 1000,
      maxMs: intFrom(env.JOB_DEADLINE_MAX_SECONDS, 3600) * 1000,
    },
    redisUrl: env.REDIS_URL?.trim() || undefined,
    jobLockMs: intFrom(env.JOB_LOCK_SECONDS, 30) * 1000,
    s3: s3From(env),
    tsaUrl: env.TSA_URL?.trim() || undefined,
    tsaTimeoutMs: intFrom(env.TSA_TIMEOUT_SECONDS, 15) * 1000,
    egressPolicy: PUBLIC_WEB,
    rateLimitPerMinute: intFrom(env.RATE_LIMIT_PER_MINUTE, 300),
    trustProxy,
    maxFormFields: intFrom(env.MAX_FORM_FIELDS, 200),
    maxFormFieldsBytes: intFrom(env.MAX_FORM_FIELDS_BYTES, 2 * 1024 * 1024),
    headersTimeoutMs: intFrom(env.HEADERS_TIMEOUT_SECONDS, 20) * 1000,
    requestTimeoutMs: intFrom(env.REQUEST_TIMEOUT_SECONDS, 1800) * 1000,
    keepAliveTimeoutMs: intFrom(env.KEEP_ALIVE_TIMEOUT_SECONDS, 10) * 1000,
    uploadStallMs: intFrom(env.UPLOAD_STALL_SECONDS, 30) * 1000,
    maxConnectionsPerAddress: intFrom(env.MAX_CONNECTIONS_PER_ADDRESS, trustProxy ? 0 : 64),
    phaseTiming: env.PHASE_TIMING === "1" || env.PHASE_TIMING === "true",
  };
}
