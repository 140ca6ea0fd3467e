import { isMessage, msg, type Text } from "./message.js";

/**
 * Errors a visitor can act on, and what engines fail with. Shared by the server and the visitor's browser, so that
 * a tool run on either side answers the same sentences, each a catalogue message (message.ts) said in the reader's
 * language where it is shown.
 */

/**
 * How a sentence reads in English, for logs and `message`: the server puts its catalogue here (server/i18n);
 * elsewhere a message shows its key.
 */
let english: (text: Text) => string = (text) =>
  typeof text === "string" ? text : isMessage(text) ? text.key : text.map((part) => english(part)).join(" ");

export function sayEnglishWith(render: (text: Text) => string): void {
  english = render;
}

/**
 * Each carries the HTTP status and a sentence meant for people; anything else that escapes a processor is a bug and
 * is answered with a generic 500 (the details go to the log only).
 */
export class UserError extends Error {
  constructor(
    readonly text: Text,
    readonly status: number = 400,
    readonly code: string = "bad_request",
  ) {
    super();
    this.name = new.target.name;
  }
}
// English on demand rather than at construction, so that the catalogue need not be loaded to make an error.
Object.defineProperty(UserError.prototype, "message", {
  get(this: UserError) {
    return english(this.text);
  },
});

export class InvalidOptionsError extends UserError {
  constructor(message: Text) {
    super(message, 400, "invalid_options");
  }
}

export class UnsupportedFileError extends UserError {
  constructor(message: Text) {
    super(message, 415, "unsupported_type");
  }
}

export class FileTooLargeError extends UserError {
  constructor(message: Text) {
    super(message, 413, "too_large");
  }
}

export class EncryptedPdfError extends UserError {
  constructor(fileName?: string) {
    super(fileName ? msg("errors.encryptedNamed", { name: fileName }) : msg("errors.encrypted"), 422, "encrypted");
  }
}

export class IncorrectPasswordError extends UserError {
  constructor() {
    super(msg("errors.incorrectPassword"), 400, "incorrect_password");
  }
}

export class DamagedPdfError extends UserError {
  constructor(fileName?: string) {
    super(fileName ? msg("errors.damagedNamed", { name: fileName }) : msg("errors.damaged"), 422, "damaged");
  }
}

export class TooManyPagesError extends UserError {
  constructor(limit: number) {
    super(msg("errors.tooManyPages", { limit }), 422, "too_many_pages");
  }
}

export class EngineTimeoutError extends UserError {
  constructor() {
    super(msg("errors.timeout"), 422, "timeout");
  }
}

export class NotAvailableError extends UserError {
  constructor(toolId: string) {
    super(msg("errors.notAvailable", { tool: msg(`tools:${toolId}.name`) }), 501, "not_available");
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
      return new UserError(fileName ? msg("errors.unsupportedNamed", { name: fileName }) : msg("errors.unsupported"), 422, "unsupported");
    case "too-large":
      return new UserError(fileName ? msg("errors.tooMuchMemoryNamed", { name: fileName }) : msg("errors.tooMuchMemory"), 422, "too_large");
    case "timed-out":
      return new EngineTimeoutError();
    case "crashed":
      return new UserError(
        fileName ? msg("errors.engineFailedNamed", { engine: failure.engine, name: fileName }) : msg("errors.engineFailed", { engine: failure.engine }),
        422,
        "engine_failed",
      );
    case "not-installed":
      return new UserError(msg("errors.notInstalled", { engine: failure.engine }), 503, "not_installed");
  }
}
