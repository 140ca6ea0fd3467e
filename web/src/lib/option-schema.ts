import type { z } from "zod";

/**
 * Reading the catalogue's zod schemas for the settings panels: the defaults, the bounds of numbers and the
 * choices of enums, so that the web never repeats a value the catalogue already holds.
 */
type AnySchema = z.ZodType;
interface Def {
  type?: string;
  innerType?: AnySchema;
  in?: AnySchema;
  schema?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  values?: unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (schema: AnySchema) => (schema as unknown as { def: Def }).def;

/** The object shape of a schema, looking through refinements (superRefine keeps the shape on the inner schema). */
export function shapeOf(schema: AnySchema): Record<string, AnySchema> {
  const direct = (schema as unknown as { shape?: Record<string, AnySchema> }).shape;
  if (direct) return direct;
  const def = defOf(schema);
  const inner = def.in ?? def.schema ?? def.innerType;
  return inner ? shapeOf(inner) : {};
}

/** The schema under defaults, optional and prefault wrappers. */
export function unwrap(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  return def.innerType && ["default", "prefault", "optional", "nullable"].includes(def.type ?? "") ? unwrap(def.innerType) : schema;
}

/** Every field's default; a required field without one starts blank. */
export function optionDefaults(schema: AnySchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    const parsed = field.safeParse(undefined);
    values[key] = parsed.success ? parsed.data : "";
  }
  return values;
}

export function fieldOf(schema: AnySchema, key: string): AnySchema {
  const field = shapeOf(schema)[key];
  if (!field) throw new Error(`The options have no field "${key}".`);
  return field;
}

/** A number field's bounds as the schema checks them, and whether it takes whole numbers only. */
export function numberBounds(schema: AnySchema, key: string): { min: number; max: number; integer: boolean } {
  const number = unwrap(fieldOf(schema, key)) as unknown as { minValue: number | null; maxValue: number | null; isInt?: boolean };
  return { min: number.minValue ?? 0, max: number.maxValue ?? Number.MAX_SAFE_INTEGER, integer: number.isInt ?? false };
}

/** The allowed values of an enum field or a union of literals (such as 128 | 256). */
export function choicesOf(schema: AnySchema, key: string): Array<string | number> {
  const field = unwrap(fieldOf(schema, key));
  const def = defOf(field);
  if (def.entries) return Object.values(def.entries) as Array<string | number>;
  return (def.options ?? []).flatMap((option) => (defOf(option).values ?? []) as Array<string | number>);
}
