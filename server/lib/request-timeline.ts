import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

/**
 * Where one API call's time goes (PHASE_TIMING=1): each step marks the moment it ends, in milliseconds from the
 * request's arrival, from the upload through the queue, the job's folder, each engine run (its turn, its start, its
 * end) and the checks of the outputs to the reply, and the marks are written to standard error as one JSON line
 * when the reply has gone. The marks follow the request through its promises (AsyncLocalStorage), also into the job
 * the queue starts for it. Off, nothing is kept and a mark costs one lookup.
 */

export class RequestTimeline {
  private readonly start = performance.now();
  readonly marks: Array<[string, number]> = [];

  mark(step: string): void {
    this.marks.push([step, Math.round((performance.now() - this.start) * 10) / 10]);
  }
}

const current = new AsyncLocalStorage<RequestTimeline>();

/** The timeline of the request this code runs for, if it is timed. */
export function requestTimeline(): RequestTimeline | undefined {
  return current.getStore();
}

/** Marks the end of a step of the request this code runs for, if it is timed. */
export function markStep(step: string): void {
  current.getStore()?.mark(step);
}

/** Runs `handle` for a request, timed when `enabled`: the line is written once `response` has been sent. */
export function timedRequest<T>(enabled: boolean, response: ServerResponse, handle: () => T): T {
  if (!enabled) return handle();
  const timeline = new RequestTimeline();
  response.once("finish", () => {
    timeline.mark("replied");
    process.stderr.write(`${JSON.stringify({ requestTimeline: timeline.marks })}\n`);
  });
  return current.run(timeline, handle);
}
