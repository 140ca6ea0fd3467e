import { stemOf } from "../names.js";

/** Extract Text's name and reply, the same on the server and in the browser. */

export function textFileName(documentName: string): string {
  return `${stemOf(documentName)}.txt`;
}

export function extractTextMessage(characters: number, pages: number, notes: readonly string[]): string {
  const all = [`Extracted ${characters.toLocaleString("en")} characters from ${pages} page${pages === 1 ? "" : "s"}.`, ...notes];
  if (characters === 0) all.push("No text was found on these pages.");
  return all.join(" ");
}
