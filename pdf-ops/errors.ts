/**
 * Errors a visitor can act on, and what engines fail with. Shared by the server and the visitor's browser, so that
 * a tool run on either side answers the same sentences.
 */

/**
 * Each carries the HTTP status and a sentence meant for people; anything else that escapes a processor is a bug and
 * is answered with a generic 500 (the details go to the log only).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    readonly code: string = "bad_request",
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidOptionsError extends UserError {
  constructor(message: string) {
    super(message, 400, "invalid_options");
  }
}

export class UnsupportedFileError extends UserError {
  constructor(message: string) {
    super(message, 415, "unsupported_type");
  }
}

export class FileTooLargeError extends UserError {
  constructor(message: string) {
    super(message, 413, "too_large");
  }
}

/** " (name)" after a sentence's subject, or nothing where the file is not known. */
function named(fileName: string | undefined): string {
  return fileName ? ` (${fileName})` : "";
}

export class EncryptedPdfError extends UserError {
  constructor(fileName?: string) {
    super(
      `This PDF is password-protected${named(fileName)}. Unlock it first with Unlock PDF, then try again.`,
      422,
      "encrypted",
    );
  }
}

export class IncorrectPasswordError extends UserError {
  constructor() {
    super("Incorrect password. Please check the password and try again.", 400, "incorrect_password");
  }
}

export class DamagedPdfError extends UserError {
  constructor(fileName?: string) {
    super(
      `This file could not be read as a PDF${named(fileName)}. It may be damaged or not a PDF at all; try Repair PDF.`,
      422,
      "damaged",
    );
  }
}

export class TooManyPagesError extends UserError {
  constructor(limit: number) {
    super(`This document has more than ${limit} pages, the most we process at once.`, 422, "too_many_pages");
  }
}

export class EngineTimeoutError extends UserError {
  constructor() {
    super("This file took too long to process. Please try a smaller file.", 422, "timeout");
  }
}

export class NotAvailableError extends UserError {
  constructor(toolName: string) {
    super(`${toolName} is not available yet.`, 501, "not_available");
  }
}

/**
 * What went wrong inside an engine, said once by the engine's adapter so that no tool reads an engine's messages:
 * input faults (the file is encrypted, damaged, uses what the engine does not support, needs more than the limits
 * allow, or takes too long), an engine that fell over on the file, and an engine that is not there at all.
 */
export type EngineFailureKind =
  | "encrypted"
  | "wrong-password"
  | "damaged"
  | "unsupported"
  | "too-large"
  | "timed-out"
  | "crashed"
  | "not-installed";

export class EngineFailure extends Error {
  constructor(
    readonly kind: EngineFailureKind,
    readonly engine: string,
    /** The engine's own words, for the log: never shown to visitors. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${engine} failed (${kind}): ${detail}`, options);
    this.name = "EngineFailure";
  }
}

/** Whether `err` is an engine failure of one of these kinds. */
export function failedWith(err: unknown, ...kinds: EngineFailureKind[]): err is EngineFailure {
  return err instanceof EngineFailure && kinds.includes(err.kind);
}

/** The one mapping from an engine failure to what the visitor is told, with the file's name where it is known. */
export function replyForFailure(failure: EngineFailure, fileName?: string): UserError {
  switch (failure.kind) {
    case "encrypted":
      return new EncryptedPdfError(fileName);
    case "wrong-password":
      return new IncorrectPasswordError();
    case "damaged":
      return new DamagedPdfError(fileName);
    case "unsupported":
      return new UserError(`This file uses something we cannot process${named(fileName)}.`, 422, "unsupported");
    case "too-large":
      return new UserError(`This file needs more memory to process than we allow${named(fileName)}. Please try a smaller file.`, 422, "too_large");
    case "timed-out":
      return new EngineTimeoutError();
    case "crashed":
      return new UserError(
        `This file made the ${failure.engine} engine fail${named(fileName)}. It may be damaged; try Repair PDF, or try again.`,
        422,
        "engine_failed",
      );
    case "not-installed":
      return new UserError(`This tool is not available right now: ${failure.engine} is not installed on the server.`, 503, "not_installed");
  }
}
