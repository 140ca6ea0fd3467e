import type { ErrorKind } from "../serve-tasks.js";

/**
 * How MuPDF's errors read. MuPDF reports what it cannot read in a file as plain Errors ("cycle in page tree",
 * "invalid page number: 1", "not a dict (null)"): the file's fault. JavaScript's own error classes (TypeError and
 * the like) mean a mistake in a task, which is ours.
 */
export function mupdfErrorKind(err: unknown): ErrorKind {
  // MuPDF throws the strings "TRYLATER" and "ABORT" from inside its C code.
  if (typeof err === "string") return "damaged";
  if (!(err instanceof Error)) return "bug";
  if (err instanceof RangeError && /allocation failed|Invalid array length|Invalid typed array length/i.test(err.message)) return "too-large";
  // Looking inside an object the file lacks: MuPDF's binding answers a missing key with a shared null object whose
  // own get() throws this TypeError. The file left out what every reader expects there (a page's resources, a
  // dictionary that is null), so it is the file's fault, as MuPDF's own "not a dict (null)" is.
  if (err instanceof TypeError && err.message.includes("reading '_fromPDFObject")) return "damaged";
  if (err.constructor !== Error) return "bug";
  if (/password/i.test(err.message)) return "encrypted";
  if (/too many pixels|out of memory|cannot allocate|malloc/i.test(err.message)) return "too-large";
  return "damaged";
}
