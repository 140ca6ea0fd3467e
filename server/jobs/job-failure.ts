import { AbortedError, publicMessage, UserError } from "../errors.js";

/**
 * How a worker says why a job failed, as the job's failure reason in Redis, so that the API server can answer the
 * visitor exactly as if the job had run in its own process.
 */
interface FailureReport {
  message: string;
  status?: number;
  code?: string;
  cancelled?: true;
}

export const WORKER_LOST = "The server processing this file stopped; please try again.";

export function describeFailure(err: unknown): string {
  const report: FailureReport =
    err instanceof AbortedError
      ? { message: err.message, cancelled: true }
      : err instanceof UserError
        ? { message: err.message, status: err.status, code: err.code }
        : { message: publicMessage(err) };
  return JSON.stringify(report);
}

/** The error a failure reason stands for. A reason that is not a report is BullMQ's own: the workers were lost. */
export function errorFromFailure(reason: string): Error {
  let report: FailureReport;
  try {
    report = JSON.parse(reason) as FailureReport;
  } catch {
    return new UserError(WORKER_LOST, 503, "worker_lost");
  }
  if (report.cancelled) return new AbortedError();
  if (report.status) return new UserError(report.message, report.status, report.code);
  // Details of a bug stay in the worker's log; the visitor gets the general sentence.
  return new Error(report.message);
}
