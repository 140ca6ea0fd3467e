import { UserError } from "../pdf-ops/errors.js";

export * from "../pdf-ops/errors.js";

export class BusyError extends UserError {
  constructor(readonly retryAfterSeconds: number) {
    super("The server is busy right now. Please try again in a moment.", 429, "busy");
  }
}

/** The job was cancelled (the visitor left or pressed Cancel). */
export class AbortedError extends Error {
  constructor() {
    super("The job was cancelled.");
    this.name = "AbortedError";
  }
}

/** The sentence a visitor sees for any error: a UserError's own, a fixed one for everything else. */
export function publicMessage(err: unknown): string {
  if (err instanceof UserError) return err.message;
  if (err instanceof AbortedError) return err.message;
  return "Something went wrong on our side. Please try again.";
}
