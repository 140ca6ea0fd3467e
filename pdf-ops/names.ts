/**
 * Names of results, made from the visitor's file names the same way wherever a tool runs. No node:path here: this
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
