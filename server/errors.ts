import { UserError } from "../pdf-ops/errors.js";
import { inEnglish } from "./i18n/i18n.js";
import { msg, type Text } from "./i18n/message.js";

export * from "../pdf-ops/errors.js";

export class BusyError extends UserError {
  constructor(readonly retryAfterSeconds: number) {
    super(msg("errors.busy"), 429, "busy");
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
  return inEnglish(publicText(err));
}

/** What a visitor is told about `err`, to be said in their language: its own sentence, or the general one for a bug. */
export function publicText(err: unknown): Text {
  if (err instanceof UserError) return err.text;
  if (err instanceof AbortedError) return msg("errors.cancelled");
  return msg("errors.unexpected");
}
