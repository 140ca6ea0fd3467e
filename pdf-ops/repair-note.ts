/** A note for the reply when a file had to be repaired before the tool could work on it. */
export function repairNote(pdfs: ReadonlyArray<{ name: string; repaired: boolean }>): string | undefined {
  const names = pdfs.filter((p) => p.repaired).map((p) => p.name);
  return names.length > 0 ? `Repaired on the way: ${names.join(", ")} had a damaged structure.` : undefined;
}
