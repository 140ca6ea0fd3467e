import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EngineContext } from "../context.js";
import { EnginePool, type EnginePoolLimits } from "../engine-pool.js";
import { timeLimitFor } from "../process-runner.js";
import type { TaskArgs, TaskName, TaskResult } from "./tasks.js";

/**
 * MuPDF in warm child processes, one per core (see engine-pool.ts): a file that makes MuPDF's WebAssembly trap or
 * swell costs its own task, never the server. Tasks take and return small plain data; files go by path, and large
 * results (rendered pages, pixels) are written to files in the job's folder.
 */

export const DEFAULT_MUPDF_LIMITS: EnginePoolLimits = {
  memoryLimitBytes: 1536 * 1024 * 1024,
  recycleBytes: 300 * 1024 * 1024,
  tasksPerProcess: 200,
};

let limits = DEFAULT_MUPDF_LIMITS;
let workDir: string | undefined;

/**
 * Where the children run and what they may use. The children serve many jobs, so they run in the data folder's
 * work area (each job's files are under it) rather than in one job's folder.
 */
export function configureMupdf(settings: { workDir: string; limits: EnginePoolLimits }): void {
  workDir = settings.workDir;
  limits = settings.limits;
}

/** Before any configuration (the engine probe at start-up), a folder of the pool's own. */
function childWorkDir(): string {
  workDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "pdf-toolbox-mupdf-"));
  return workDir;
}

// Sources run under tsx in development and tests; the build runs plain JavaScript.
const runningFromSource = import.meta.url.endsWith(".ts");
const entry = fileURLToPath(new URL(runningFromSource ? "./child.ts" : "./child.js", import.meta.url));
const tsxLoader = runningFromSource ? import.meta.resolve("tsx") : undefined;

function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** What a MuPDF child reads: Node.js, its own script and the modules beside it, the mupdf package (and tsx from source). */
function readOnlyPaths(): string[] {
  // The package's entry is dist/mupdf.js; the WebAssembly beside it is read too.
  const mupdfPackage = path.dirname(path.dirname(fileURLToPath(import.meta.resolve("mupdf"))));
  const paths = [process.execPath, path.dirname(entry), path.dirname(path.dirname(entry)), mupdfPackage];
  if (tsxLoader) paths.push(path.dirname(path.dirname(fileURLToPath(tsxLoader))));
  return [...new Set(paths.map(realPath))];
}

export function createMupdfPool(overrides: { entry?: string; execArgv?: string[]; size?: number } = {}): EnginePool {
  return new EnginePool({
    engine: "mupdf",
    child: {
      entry: overrides.entry ?? entry,
      execArgv: overrides.execArgv ?? (tsxLoader ? ["--import", tsxLoader] : []),
      readOnly: readOnlyPaths(),
      // From source, tsx keeps its compile cache in the temporary folder: the system's, not the jobs' work area.
      ...(tsxLoader ? { env: { TMPDIR: os.tmpdir() } } : {}),
    },
    workDir: childWorkDir,
    size: overrides.size ?? Math.max(1, os.availableParallelism()),
    limits: () => limits,
  });
}

let pool: EnginePool | undefined;

function mupdfPool(): EnginePool {
  pool ??= createMupdfPool();
  return pool;
}

/** Starts the pool's processes ahead of the first task. */
export function warmUpMupdf(): void {
  mupdfPool().warmUp();
}

export async function runMupdf<T extends TaskName>(
  task: T,
  args: TaskArgs<T>,
  ctx: Pick<EngineContext, "signal" | "timeoutMs">,
  onProgress?: (fraction: number) => void,
): Promise<TaskResult<T>> {
  return (await mupdfPool().run(task, args, { signal: ctx.signal, timeoutMs: timeLimitFor("mupdf", ctx.timeoutMs), onProgress })) as TaskResult<T>;
}
