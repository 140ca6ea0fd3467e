import { i18n } from "../../i18n/i18n.js";
import type { z } from "zod";
import { basicConvertOptions, notAppliedTo, type ToolDefinition } from "../../../../catalog/index.js";
import { optionDefaults, shapeOf, unwrap } from "../../lib/option-schema.js";
import { humanize } from "../tool/settings/bindings.js";

/**
 * How the conversion options are shown. Defaults, bounds and choices come from the catalogue's schemas; this
 * table only shapes them (unit, step, placeholder, how a choice reads) and says which control suits a field's
 * type. Their words are in the tool catalogue, tool:convert.fields.<field> (label, hint) and
 * tool:convert.choices.<field>.<value>.
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

/** A choice worded in the catalogue (tool:convert.choices.<field>.<value>), or made readable from its id. */
const worded = (field: string) => (value: string | number) => i18n.t(`tool:convert.choices.${field}.${value}`, { defaultValue: humanize(value) });

const FIELD_SHAPE: Record<string, Omit<FieldText, "label" | "hint">> = {
  quality: { unit: "%", step: 5 },
  pageRange: { placeholder: "1-5, 8, 11-13" },
  imageResolution: { describe: (v) => `${v} DPI` },
  imageFormat: { describe: upper },
  colorSpace: { describe: worded("colorSpace") },
  outputDocumentFormat: { describe: upper },
  headingStyle: { describe: worded("headingStyle") },
  conformance: { describe: (v) => `PDF/A-${upper(v)}` },
  pageSize: { describe: worded("pageSize") },
  orientation: { describe: (v) => i18n.t(`tool:choices.${v}`, { defaultValue: humanize(v) }) },
  margin: { unit: " pt" },
};

/** "detectTables" → "Detect tables", so that a field added to the catalogue later still gets a readable control. */
function labelFromKey(key: string): string {
  return humanize(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
}

export function fieldText(key: string): FieldText {
  const words = `tool:convert.fields.${key}`;
  const hint = i18n.exists(`${words}.hint`) ? i18n.t(`${words}.hint`) : undefined;
  return { ...FIELD_SHAPE[key], label: i18n.t(`${words}.label`, { defaultValue: labelFromKey(key) }), ...(hint && { hint }) };
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
    { title: i18n.t("tool:convert.generalOptions"), keys: keys.filter((k) => GENERAL_KEYS.has(k)) },
    { title: i18n.t("tool:convert.targetOptions", { target }), keys: keys.filter((k) => !GENERAL_KEYS.has(k)) },
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
