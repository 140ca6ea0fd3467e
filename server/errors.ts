/**
 * Errors a visitor can act on. Each carries the HTTP status and a sentence meant for people; anything else that
 * escapes a processor is a bug and is answered with a generic 500 (the details go to the log only).
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

export class EncryptedPdfError extends UserError {
  constructor(fileName: string) {
    super(
      `This PDF is password-protected (${fileName}). Unlock it first with Unlock PDF, then try again.`,
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
  constructor(fileName: string) {
    super(
      `This file could not be read as a PDF (${fileName}). It may be damaged or not a PDF at all; try Repair PDF.`,
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
