import { AbortedError, publicText, UserError } from "../errors.js";
import { inEnglish } from "../i18n/i18n.js";
import { msg, type Text } from "../i18n/message.js";

/**
 * How a worker says why a job failed, as the job's failure reason in Redis, so that the API server can answer the
 * visitor exactly as if the job had run in its own process.
 */
interface FailureReport {
  message: Text;
  status?: number;
  code?: string;
  cancelled?: true;
}

const WORKER_LOST_TEXT = msg("errors.workerLost");
export const WORKER_LOST = inEnglish(WORKER_LOST_TEXT);

export function describeFailure(err: unknown): string {
  const report: FailureReport =
    err instanceof AbortedError
      ? { message: publicText(err), cancelled: true }
      : err instanceof UserError
        ? { message: err.text, status: err.status, code: err.code }
        : { message: publicText(err) };
  return JSON.stringify(report);
}

/** The error a failure reason stands for. A reason that is not a report is BullMQ's own: the workers were lost. */
export function errorFromFailure(reason: string): Error {
  let report: FailureReport;
  try {
    report = JSON.parse(reason) as FailureReport;
  } catch {
    return new UserError(WORKER_LOST_TEXT, 503, "worker_lost");
  }
  if (report.cancelled) return new AbortedError();
  if (report.status) return new UserError(report.message, report.status, report.code);
  // Details of a bug stay in the worker's log; the visitor gets the general sentence.
  return new Error(typeof report.message === "string" ? report.message : "job failed");
}
