import { stemOf } from "../names.js";
import { countOfPages, msg, type Message } from "../message.js";

/** Extract Text's name and reply, the same on the server and in the browser. */

export function textFileName(documentName: string): string {
  return `${stemOf(documentName)}.txt`;
}

export function extractTextMessage(characters: number, pages: number, notes: readonly Message[]): Message[] {
  const all = [msg("text.extracted", { count: characters, pages: countOfPages(pages) }), ...notes];
  if (characters === 0) all.push(msg("text.noneFound"));
  return all;
}
