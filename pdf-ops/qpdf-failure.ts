import type { EngineFailureKind } from "./errors.js";

/**
 * What a failed qpdf run means, from its error output, wherever qpdf ran. qpdf says "invalid password" both for a
 * wrong password and for a file that needs one when none was given; every other failure (exit 2, such as "Loop
 * detected in /Pages structure") is the file's.
 */
export function qpdfFailureKind(stderr: string, passwordGiven: boolean): EngineFailureKind {
  if (stderr.includes("invalid password")) return passwordGiven ? "wrong-password" : "encrypted";
  return "damaged";
}
