/**
 * File names, from the visitor's to the results', made the same way wherever a tool runs. No node:path here: this
 * runs in the browser too.
 */

/** The name's extension with its dot (".pdf"), "" where there is none; a leading dot starts no extension. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}

/** The name without its extension ("report.final.pdf" gives "report.final"). */
export function stemOf(name: string): string {
  const ext = extensionOf(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/** "page-3" or "pages-4-6": how a part of a split document is named. */
export function rangeLabel(from: number, to: number): string {
  return from === to ? `page-${from}` : `pages-${from}-${to}`;
}

/**
 * Bidirectional controls make a name read in another order than it is stored ("invoice\u202Efdp.exe" shows as
 * "invoiceexe.pdf"); they carry nothing a file name needs.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Characters drawn like a slash or a backslash, which make a name look like a path ("docs\u2215invoice.pdf"): the
 * division and fraction slashes, the big and fullwidth solidi, box-drawing diagonals, set minus, and a few
 * strokes and radicals of other scripts drawn the same way.
 */
const SLASH_LOOK_ALIKES = /[\u1735\u2044\u2215\u2216\u2571\u2572\u29f5\u29f8\u29f9\u2afd\u2f03\u3033\u31d3\ufe68\uff0f\uff3c]/g;

/** Removes what makes a name read differently from what it is, keeping its folders (for ZIP entries). */
export function cleanNameCharacters(name: string): string {
  return name.replace(BIDI_CONTROLS, "").replace(SLASH_LOOK_ALIKES, "_");
}

/**
 * File names come from visitors and end up in headers, ZIP entries and messages: keep letters of any script,
 * drop path parts, control and reserved characters, and bound the length.
 */
export function safeFileName(name: string, fallback = "file"): string {
  const base = lastPart(cleanNameCharacters(name.normalize("NFC")));
  const cleaned = base
    // Control characters would end up in headers and ZIP entries.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[<>:"/\\|?*;]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (cleaned === "") return fallback;
  if (cleaned.length <= 150) return cleaned;
  const ext = extensionOf(cleaned).slice(0, 10);
  return cleaned.slice(0, 150 - ext.length) + ext;
}


/**
 * Makes names unique within one set, as "a.pdf", "a (2).pdf"; `used` (lower-cased) holds names taken before, and
 * receives these.
 */
export function uniqueNames(names: readonly string[], used = new Set<string>()): string[] {
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      candidate = `${stemOf(name)} (${n})${extensionOf(name)}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The last part of a path written for Windows or for Unix ("C:\\docs\\a.pdf", "docs/a.pdf/" give "a.pdf"): a
 * drive letter and trailing separators go, then everything up to the last separator. One pass, no pattern.
 */
function lastPart(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === "/" || name[end - 1] === "\\")) end--;
  const start = Math.max(name.lastIndexOf("/", end - 1), name.lastIndexOf("\\", end - 1)) + 1;
  const hasDrive = start === 0 && end >= 2 && name[1] === ":" && /^[A-Za-z]$/.test(name[0]!);
  return name.slice(hasDrive ? 2 : start, end);
}
