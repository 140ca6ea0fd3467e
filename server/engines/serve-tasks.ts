import type { EngineFailureKind } from "../errors.js";

/**
 * The child's side of an engine pool (see engine-pool.ts): runs one task at a time as the parent asks, over the IPC
 * channel, and says what kind of failure each error is, here where the error object itself is still at hand.
 */

export type TaskFunction = (args: never, progress: (fraction: number) => void) => unknown;

/** The kind of an error a task threw, or "bug" for a mistake in our own code (a server error). */
export type ErrorKind = EngineFailureKind | "bug";

export interface TaskRequest {
  id: number;
  task: string;
  args: unknown;
}

export type TaskReply =
  | { id: number; progress: number }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; kind: ErrorKind; error: string };

/** A trap (out-of-bounds access, unreachable code) leaves WebAssembly's memory in an unknown state. */
function isTrap(err: unknown): boolean {
  return err instanceof Error && err.name === "RuntimeError";
}

export function serveTasks(tasks: Record<string, TaskFunction>, kindOf: (err: unknown) => ErrorKind): void {
  const send = (reply: TaskReply, then?: () => void) => {
    if (!process.connected) return;
    process.send!(reply, undefined, {}, () => then?.());
  };
  process.on("message", (req: TaskRequest) => {
    const fn = tasks[req.task];
    try {
      if (!fn) throw new Error(`no task called ${req.task}`);
      const result = fn(req.args as never, (fraction) => send({ id: req.id, progress: fraction }));
      send({ id: req.id, ok: true, result });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (isTrap(err)) {
        // Nothing this process holds can be trusted any more: answer, then go.
        send({ id: req.id, ok: false, kind: "crashed", error }, () => process.exit(70));
        return;
      }
      send({ id: req.id, ok: false, kind: fn ? kindOf(err) : "bug", error });
    }
  });
  // The parent went away (or let this child go): nothing more will be asked.
  process.on("disconnect", () => process.exit(0));
}
