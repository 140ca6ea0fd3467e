import type { z } from "zod";
import { basicConvertOptions, notAppliedTo, type ToolDefinition } from "../../../../catalog/index.js";
import { optionDefaults, shapeOf, unwrap } from "../../lib/option-schema.js";
import { humanize } from "../tool/settings/bindings.js";

/**
 * How the conversion options are shown. Defaults, bounds and choices come from the catalogue's schemas; this
 * table only words them (label, hint, how a choice reads) and says which control suits a field's type.
 */
export type ControlKind = "toggle" | "select" | "slider" | "text";

export interface FieldText {
  label: string;
  hint?: string;
  placeholder?: string;
  unit?: string;
  /** Slider steps; the spec moves quality in fives. */
  step?: number;
  describe?: (value: string | number) => string;
}

const upper = (value: string | number) => String(value).toUpperCase();

const FIELD_TEXT: Record<string, FieldText> = {
  preserveFormatting: { label: "Preserve formatting", hint: "Keep the text's layout and styles where the format can hold them." },
  ocrEnabled: { label: "Recognise text in scans (OCR)", hint: "Reads scanned pages before converting; takes longer." },
  quality: { label: "Quality", hint: "JPEG quality of pictures and page images.", unit: "%", step: 5 },
  pageRange: { label: "Page range", placeholder: "1-5, 8, 11-13", hint: "Empty means all pages." },
  imageResolution: { label: "Resolution", describe: (v) => `${v} DPI` },
  imageFormat: { label: "Image format", describe: upper },
  colorSpace: {
    label: "Colour space",
    describe: (v) => ({ rgb: "RGB (colour)", cmyk: "CMYK (print)", grayscale: "Grayscale", bw: "Black and white" })[String(v)] ?? humanize(v),
  },
  detectTables: { label: "Detect tables", hint: "Rebuild tables as real tables rather than lines of text." },
  embedFonts: { label: "Embed fonts", hint: "The document looks the same on computers that lack its fonts." },
  outputDocumentFormat: { label: "Document format", describe: upper },
  responsiveLayout: { label: "Responsive layout", hint: "Text reflows to the width of the screen." },
  singlePage: { label: "Single page", hint: "One HTML file for the whole document instead of one per page." },
  includeCss: { label: "Include CSS", hint: "Style the page; off gives bare HTML." },
  detectFormulas: { label: "Detect formulas", hint: "A last row that totals the rows above becomes a SUM formula." },
  preserveSpreadsheetLayout: { label: "Keep page layout", hint: "One sheet per page; off gives one sheet per table." },
  includeImages: { label: "Include images" },
  headingStyle: {
    label: "Heading style",
    describe: (v) => ({ atx: "ATX (# Heading)", setext: "Setext (underlined)" })[String(v)] ?? humanize(v),
  },
  conformance: { label: "PDF/A level", describe: (v) => `PDF/A-${upper(v)}` },
  pageSize: { label: "Page size", describe: (v) => ({ fit: "Fit each image", a4: "A4", letter: "Letter" })[String(v)] ?? humanize(v) },
  orientation: { label: "Orientation", describe: humanize },
  margin: { label: "Margin", unit: " pt" },
};

/** "detectTables" → "Detect tables", so that a field added to the catalogue later still gets a readable control. */
function labelFromKey(key: string): string {
  return humanize(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
}

export function fieldText(key: string): FieldText {
  return FIELD_TEXT[key] ?? { label: labelFromKey(key) };
}

/** The control for a field, by the type its schema checks; undefined for a type no control here can edit. */
export function controlKind(schema: z.ZodType, key: string): ControlKind | undefined {
  const field = shapeOf(schema)[key];
  if (!field) return undefined;
  const type = (unwrap(field) as unknown as { def: { type: string } }).def.type;
  return ({ boolean: "toggle", enum: "select", union: "select", number: "slider", string: "text" } as const)[type as string];
}

/** The fields every format shares (quality, page range, ...) form the first section. */
const GENERAL_KEYS = new Set(Object.keys(shapeOf(basicConvertOptions)));

export interface OptionSection {
  title: string;
  keys: string[];
}

/** The fields a tool's screen shows: all of its schema but those it cannot apply. */
export function shownFields(tool: Pick<ToolDefinition, "id" | "options">): string[] {
  const hidden = notAppliedTo(tool.id);
  return Object.keys(shapeOf(tool.options)).filter((key) => !hidden.has(key));
}

/** A tool's options in collapsible sections: the shared ones, then those of this format ("Word Options"). */
export function optionSections(tool: Pick<ToolDefinition, "id" | "options">, target: string): OptionSection[] {
  const keys = shownFields(tool);
  const sections = [
    { title: "General Options", keys: keys.filter((k) => GENERAL_KEYS.has(k)) },
    { title: `${target} Options`, keys: keys.filter((k) => !GENERAL_KEYS.has(k)) },
  ];
  return sections.filter((s) => s.keys.length > 0);
}

/**
 * The values for a newly chosen format: its own defaults, keeping what the visitor set in fields both formats show
 * (a quality of 60 stays 60). A field the previous format hid was never the visitor's choice, so the new format's
 * default wins there (PDF to Text reads scans with OCR even after PDF to JPG, which has no OCR switch).
 */
export function valuesForFormat(
  tool: Pick<ToolDefinition, "id" | "options">,
  previous: Record<string, unknown>,
  previousTool?: Pick<ToolDefinition, "id" | "options">,
): Record<string, unknown> {
  const values = optionDefaults(tool.options);
  const shape = shapeOf(tool.options);
  const wasShown = previousTool ? new Set(shownFields(previousTool)) : undefined;
  for (const key of shownFields(tool)) {
    if (wasShown && !wasShown.has(key)) continue;
    if (key in previous && shape[key]!.safeParse(previous[key]).success) values[key] = previous[key];
  }
  return values;
}
