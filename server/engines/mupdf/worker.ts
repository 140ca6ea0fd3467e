import { parentPort } from "node:worker_threads";
import { tasks, type TaskName } from "./tasks.js";

/** One MuPDF worker thread: runs one task at a time on the pool's request. */

interface Request {
  id: number;
  task: TaskName;
  args: unknown;
}

parentPort!.on("message", (req: Request) => {
  const progress = (fraction: number) => parentPort!.postMessage({ id: req.id, progress: fraction });
  try {
    const fn = tasks[req.task] as (args: unknown, progress: (f: number) => void) => unknown;
    const result = fn(req.args, progress);
    parentPort!.postMessage({ id: req.id, ok: true, result });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
