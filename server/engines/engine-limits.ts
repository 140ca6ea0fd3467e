import os from "node:os";

/**
 * The operating-system limits every engine process runs under (set with prlimit before the program starts, and
 * inherited by everything it starts in turn). One table for all engines, so that a crafted file cannot take the
 * machine with it: memory (address space: what a process may map, which is more than it really uses, so it is
 * generous), the size of any one file it writes, and the number of processes and threads. CPU time follows from the
 * run's own time limit: a program cannot legitimately use more than that time on every core.
 */

export interface ResourceLimits {
  addressSpaceBytes: number;
  fileSizeBytes: number;
  /** Processes and threads; inside the sandbox's user namespace they are counted per sandbox. */
  processes: number;
}

const GiB = 1024 ** 3;

const DEFAULT_LIMITS: ResourceLimits = { addressSpaceBytes: 4 * GiB, fileSizeBytes: 4 * GiB, processes: 1024 };

/**
 * Engines whose needs differ from the default. The office (soffice.bin) and OCRmyPDF (Python with Tesseract and
 * Ghostscript under it) map far more address space than they use: libraries, thread stacks, allocator arenas; the
 * office's limit leaves room for large image-heavy documents. The bridge that drives the office (python3-uno,
 * engine "libreoffice") needs little.
 */
const ENGINE_LIMITS: Readonly<Record<string, Partial<ResourceLimits>>> = {
  "libreoffice-daemon": { addressSpaceBytes: 8 * GiB },
  libreoffice: { addressSpaceBytes: 2 * GiB },
  ocrmypdf: { addressSpaceBytes: 8 * GiB },
  // Node.js reserves far more address space than it maps for WebAssembly memories (guard regions); the MuPDF
  // children are held to their resident memory by their pool instead.
  mupdf: { addressSpaceBytes: Infinity },
  // Chromium's JavaScript engine and allocator reserve terabytes of address space up front; its pages' memory is
  // bounded by its own flags instead (html-to-pdf).
  chromium: { addressSpaceBytes: Infinity },
};

export function resourceLimitsFor(engine: string): ResourceLimits {
  return { ...DEFAULT_LIMITS, ...ENGINE_LIMITS[engine] };
}

/** CPU seconds for a run that may last timeLimitMs: every core busy for all of it, and one second to spare. */
export function cpuSecondsFor(timeLimitMs: number): number {
  return Math.ceil(timeLimitMs / 1000) * os.availableParallelism() + 1;
}

/**
 * prlimit's options for one run of `engine`. The process count only inside the sandbox: there it counts the
 * sandbox's own processes, outside it would count every process of the server's user on the machine.
 */
export function prlimitArgs(engine: string, timeLimitMs: number, sandboxed: boolean): string[] {
  const limits = resourceLimitsFor(engine);
  const cpu = Number.isFinite(timeLimitMs) ? [`--cpu=${cpuSecondsFor(timeLimitMs)}`] : [];
  const processes = sandboxed ? [`--nproc=${limits.processes}`] : [];
  const addressSpace = Number.isFinite(limits.addressSpaceBytes) ? String(limits.addressSpaceBytes) : "unlimited";
  return [`--as=${addressSpace}`, `--fsize=${limits.fileSizeBytes}`, ...processes, ...cpu, "--core=0"];
}
