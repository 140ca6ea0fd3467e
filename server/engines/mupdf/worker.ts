import { parentPort } from "node:worker_threads";
import type { TaskName, tasks as Tasks } from "./tasks.js";

/**
 * One MuPDF worker thread: runs one task at a time on the pool's request. A WebAssembly heap only ever grows, so
 * each reply says whether this worker's heap has grown past the limit; the pool then retires it and starts afresh.
 */

const HEAP_LIMIT_BYTES = 96 * 1024 * 1024;

// MuPDF's module object is read from this global when the library loads; keeping a hand on it shows the heap size.
const wasmModule: { HEAPU8?: Uint8Array } = {};
(globalThis as Record<string, unknown>).$libmupdf_wasm_Module = wasmModule;
const { tasks } = (await import("./tasks.js")) as { tasks: typeof Tasks };

interface Request {
  id: number;
  task: TaskName;
  args: unknown;
}

parentPort!.on("message", (req: Request) => {
  const progress = (fraction: number) => parentPort!.postMessage({ id: req.id, progress: fraction });
  const retire = () => (wasmModule.HEAPU8?.length ?? 0) > HEAP_LIMIT_BYTES;
  try {
    const fn = tasks[req.task] as (args: unknown, progress: (f: number) => void) => unknown;
    const result = fn(req.args, progress);
    parentPort!.postMessage({ id: req.id, ok: true, result, retire: retire() });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err), retire: retire() });
  }
});
