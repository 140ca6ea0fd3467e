import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { childScript } from "../child-script.js";
import type { EngineContext } from "../context.js";
import { EnginePool, type EnginePoolLimits, type EnginePoolOptions } from "../engine-pool.js";
import { JobBoundPools } from "../job-bound-pools.js";
import { processFolder } from "../process-folder.js";
import { engineSandboxState } from "../sandbox.js";
import { timeLimitFor } from "../process-runner.js";
import type { TaskArgs, TaskName, TaskResult } from "./tasks.js";

/**
 * MuPDF in child processes (see engine-pool.ts): a file that makes MuPDF's WebAssembly trap or swell costs its own
 * task, never the server. With the engine sandbox on, each child serves one job and sees only that job's folder
 * (job-bound-pools.ts); without it, warm children, one per core, serve every job. Tasks take and return small plain data; files go by path, and large
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
 * Where the shared children run and what every child may use. Shared children serve many jobs, so they run in the
 * data folder's work area (each job's files are under it) rather than in one job's folder.
 */
export function configureMupdf(settings: { workDir: string; limits: EnginePoolLimits }): void {
  workDir = settings.workDir;
  limits = settings.limits;
}

/**
 * The folder of this process's own that holds the pool's folders and files below: readable by the sandboxed children,
 * which read the stand-in package.json in it.
 */
const ownFolder = () => processFolder("pdf-toolbox-mupdf-", { mode: 0o755 });

/** A folder in the pool's own, made once. */
function subfolder(name: string): string {
  const dir = path.join(ownFolder(), name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Before any configuration (the engine probe at start-up), a folder of the pool's own. */
function childWorkDir(): string {
  workDir ??= subfolder("work");
  return workDir;
}

let probeDir: string | undefined;

/** A folder for tasks of no job. */
function probeFolder(): string {
  probeDir ??= subfolder("probe");
  return probeDir;
}

// Sources run under tsx in development and tests (the child from a bundle of its sources); the build runs plain
// JavaScript.
const runningFromSource = import.meta.url.endsWith(".ts");
const entry = fileURLToPath(new URL(runningFromSource ? "./child.ts" : "./child.js", import.meta.url));
const script = () => childScript(pathToFileURL(entry));

function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** The packages a MuPDF child imports: MuPDF itself, and the pattern engine that searches pages for Redact PDF. */
const CHILD_PACKAGES = ["mupdf", "re2js"];

/**
 * What a MuPDF child reads: its own script and the modules beside it (server/engines, and below it server/lib,
 * server/i18n, the shared pdf-ops and the catalogue: the layers an engine may import), the packages it imports (CHILD_PACKAGES) where the script looks
 * for them (node_modules may be a link: its target too), from source the bundle of its script and the packages the
 * sources may need (node_modules, where the bundle is too), and Node.js itself unless the system's /usr holds it. The
 * project's package.json stays out of sight (the project's folder is never an engine's): a copy that says only that
 * the scripts are modules stands in for it.
 */
export function mupdfChildReadOnly(): NonNullable<EnginePoolOptions["child"]["readOnly"]> {
  const engines = path.dirname(path.dirname(entry));
  const project = path.resolve(engines, "..", "..", runningFromSource ? "" : "..");
  const nodeModules = path.join(project, "node_modules");
  // pdf-ops sits beside server/: the MuPDF code the browser runs too (bookmarks, ...).
  const server = path.dirname(engines);
  const root = path.dirname(server);
  const paths = [process.execPath, engines, path.join(server, "lib"), path.join(server, "i18n"), path.join(root, "pdf-ops"), path.join(root, "catalog")];
  if (runningFromSource) paths.push(nodeModules, realPath(nodeModules));
  else for (const name of CHILD_PACKAGES) paths.push(path.join(nodeModules, name), realPath(path.join(nodeModules, name)));
  const own = [...new Set(paths)].filter((p) => !realPath(p).startsWith("/usr/"));
  return [...own, { source: moduleTypeFile(), at: path.join(project, "package.json") }];
}

let moduleType: string | undefined;

function moduleTypeFile(): string {
  if (!moduleType) {
    moduleType = path.join(ownFolder(), "package.json");
    fs.writeFileSync(moduleType, '{ "type": "module" }\n', { mode: 0o644 });
  }
  return moduleType;
}

/** How the children start. */
function childOptions(overrides: { entry?: string; execArgv?: string[] }, sandboxed: boolean): EnginePoolOptions["child"] {
  return {
    entry: overrides.entry ?? script(),
    execArgv: overrides.execArgv ?? [],
    readOnly: sandboxed ? mupdfChildReadOnly() : undefined,
  };
}

const cores = () => Math.max(1, os.availableParallelism());

export function createMupdfPool(overrides: { entry?: string; execArgv?: string[]; size?: number } = {}): EnginePool {
  return new EnginePool({
    engine: "mupdf",
    child: childOptions(overrides, false),
    workDir: childWorkDir,
    size: overrides.size ?? cores(),
    limits: () => limits,
  });
}

/** MuPDF children bound to one job each, in the job's sandbox. */
export function createJobBoundMupdf(overrides: { entry?: string; execArgv?: string[]; size?: number } = {}): JobBoundPools {
  return new JobBoundPools({ engine: "mupdf", child: childOptions(overrides, true), size: overrides.size ?? cores(), limits: () => limits });
}

let pool: EnginePool | undefined;
let jobBound: JobBoundPools | undefined;

function mupdfPool(): EnginePool {
  pool ??= createMupdfPool();
  return pool;
}

function jobBoundMupdf(): JobBoundPools {
  jobBound ??= createJobBoundMupdf();
  return jobBound;
}

/** Whether MuPDF runs in children bound to one job each (the sandbox is on) rather than in shared warm ones. */
export function mupdfBoundToJobs(): boolean {
  return engineSandboxState() === "on";
}

/** Starts the shared pool's processes ahead of the first task; children bound to jobs start with their job. */
export function warmUpMupdf(): void {
  if (!mupdfBoundToJobs()) mupdfPool().warmUp();
}

/**
 * MuPDF as an engine whose children can be started in a job's folder ahead of the job (see warm-work-dirs.ts):
 * only where each job has children of its own.
 */
export const mupdfAhead = {
  prepare(folder: string): boolean {
    if (!mupdfBoundToJobs()) return false;
    jobBoundMupdf().prepare(folder);
    return true;
  },
  unused: (folder: string): boolean => jobBound?.unused(folder) ?? false,
  release: (folder: string): void => releaseMupdfChildren(folder),
};

/**
 * Starts the MuPDF child of the job whose folder is `workDir` now, where it has none yet and a place for one is free,
 * for a job that has other work to do before its first MuPDF task: loading MuPDF then overlaps that work instead of
 * following it. The job's end lets the child go as any other. Shared children are warm already.
 */
export function startMupdfForJob(workDir: string): void {
  if (mupdfBoundToJobs()) jobBoundMupdf().startEarly(workDir);
}

/** The job whose folder is `workDir` ended: its MuPDF children go. */
export function releaseMupdfChildren(workDir: string): void {
  jobBound?.release(workDir);
}

/** The process ids of MuPDF children started ahead in folders no job has used yet, for tests. */
export function mupdfChildrenAheadPids(): number[] {
  return jobBound?.aheadPids() ?? [];
}

/** The process ids of idle MuPDF children bound to the job in `workDir` (all jobs without it), for tests. */
export function mupdfChildPids(workDir?: string): number[] {
  return jobBound?.idlePids(workDir) ?? [];
}

export async function runMupdf<T extends TaskName>(
  task: T,
  args: TaskArgs<T>,
  ctx: Pick<EngineContext, "signal" | "timeoutMs"> & { workDir?: string },
  onProgress?: (fraction: number) => void,
): Promise<TaskResult<T>> {
  const controls = { signal: ctx.signal, timeoutMs: timeLimitFor("mupdf", ctx.timeoutMs), onProgress };
  if (!mupdfBoundToJobs()) return (await mupdfPool().run(task, args, controls)) as TaskResult<T>;
  if (ctx.workDir) return (await jobBoundMupdf().run(ctx.workDir, task, args, controls)) as TaskResult<T>;
  // Without a job (the engine probe), a folder of the pool's own stands for one, and its child goes when the task
  // ends rather than idle on, holding memory, for a job that never comes.
  const folder = probeFolder();
  try {
    return (await jobBoundMupdf().run(folder, task, args, controls)) as TaskResult<T>;
  } finally {
    jobBoundMupdf().release(folder);
  }
}
