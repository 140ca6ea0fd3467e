import { list, msg, type Message } from "./message.js";

/** A note for the reply when a file had to be repaired before the tool could work on it. */
export function repairNote(pdfs: ReadonlyArray<{ name: string; repaired: boolean }>): Message | undefined {
  const names = pdfs.filter((p) => p.repaired).map((p) => p.name);
  return names.length > 0 ? msg("results.repairedOnTheWay", { count: names.length, names: list(names) }) : undefined;
}
