import type { FormatKey } from "./tools.js";

/**
 * Settings a format accepts but cannot apply, as its processor in server/tools/ reads them. The spec has every
 * format take preserveFormatting, ocrEnabled and quality, so the API keeps them; the screen leaves them off where
 * they would change nothing, rather than offer a switch that does nothing (their defaults are still sent), and the
 * API's reply says so when a call sets one anyway.
 *
 * - OCR: the formats that rebuild a document from the PDF's text (Word, RTF, HTML, Markdown, Excel, EPUB, Text and Extract Text)
 *   read scanned pages with it; the others draw pages as they are or start from an office file, and have no use
 *   for it.
 * - preserveFormatting: only PDF to Text lays lines out differently with it.
 * - quality: only JPEG output uses it (PDF to JPG, PowerPoint slides, office files to PDF); PNG, SVG and
 *   rebuilt documents store pictures losslessly or as they are.
 */
const SHARED_UNUSED = ["preserveFormatting", "ocrEnabled", "quality"] as const;
const REBUILT_UNUSED = ["preserveFormatting", "quality"] as const;

export const NOT_APPLIED: Readonly<Record<FormatKey, readonly string[]>> = {
  "pdf-to-word": REBUILT_UNUSED,
  // RTF is always RTF, and cannot carry fonts inside it.
  "pdf-to-rtf": [...REBUILT_UNUSED, "outputDocumentFormat", "embedFonts"],
  "pdf-to-html": REBUILT_UNUSED,
  "pdf-to-markdown": REBUILT_UNUSED,
  "word-to-pdf": ["preserveFormatting", "ocrEnabled"],
  "pdf-to-jpg": ["preserveFormatting", "ocrEnabled"],
  // PNG is what this format makes: a choice of image format would only offer JPG, which PDF to JPG makes.
  "pdf-to-png": [...SHARED_UNUSED, "imageFormat"],
  // SVG is vector: no pixels, so no resolution, image format or colour space.
  "pdf-to-svg": [...SHARED_UNUSED, "imageResolution", "imageFormat", "colorSpace"],
  // Every image is placed as it is, one a page, all of them.
  "jpg-to-pdf": [...SHARED_UNUSED, "pageRange"],
  "pdf-to-excel": REBUILT_UNUSED,
  "pdf-to-text": [],
  "pdf-to-ppt": ["preserveFormatting", "ocrEnabled"],
  "pdf-to-epub": REBUILT_UNUSED,
  "pdf-to-pdf-a": SHARED_UNUSED,
};

/** The settings a tool leaves off its screen; tools that are not convert formats show all of theirs. */
export function notAppliedTo(toolId: string): ReadonlySet<string> {
  return new Set((NOT_APPLIED as Partial<Record<string, readonly string[]>>)[toolId] ?? []);
}
