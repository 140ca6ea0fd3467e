import { fieldOf, unwrap } from "../../lib/option-schema.js";
import type { z } from "zod";

/**
 * The spec's OCR call sends the extra languages as multipleLanguages[0], multipleLanguages[1], ... rather than as
 * one JSON list; every other setting goes as text like any tool's.
 */
export function ocrRequestValues(values: Record<string, unknown>): Record<string, unknown> {
  const { multipleLanguages, ...rest } = values;
  const languages = Array.isArray(multipleLanguages) ? (multipleLanguages as unknown[]) : [];
  return { ...rest, ...Object.fromEntries(languages.map((code, i) => [`multipleLanguages[${i}]`, String(code)])) };
}

/** The most items a list field takes, as its schema checks it (the extra languages: 10). */
export function maxItems(schema: z.ZodType, key: string): number {
  const checks = (unwrap(fieldOf(schema, key)) as unknown as { def: { checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }> } }).def
    .checks;
  const max = checks?.map((c) => c._zod.def).find((d) => d.check === "max_length")?.maximum;
  return max ?? Number.MAX_SAFE_INTEGER;
}
