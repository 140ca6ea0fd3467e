import path from "node:path";

/**
 * File names come from visitors and end up in headers, ZIP entries and messages: keep letters of any script,
 * drop path parts, control and reserved characters, and bound the length.
 */
export function safeFileName(name: string, fallback = "file"): string {
  const base = path.posix.basename(path.win32.basename(name.normalize("NFC")));
  const cleaned = base
    // Control characters would end up in headers and ZIP entries.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[<>:"/\\|?*;]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (cleaned === "") return fallback;
  if (cleaned.length <= 150) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, 150 - ext.length) + ext;
}

/** The name without its extension ("report.final.pdf" gives "report.final"). */
export function stemOf(name: string): string {
  const ext = path.extname(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/** Makes names unique within one set, as "a.pdf", "a (2).pdf". */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      candidate = `${stemOf(name)} (${n})${path.extname(name)}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
