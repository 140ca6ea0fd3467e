import type { z } from "zod";
import { InvalidOptionsError } from "./errors.js";
import { msg, type Text } from "./message.js";

/**
 * Multipart fields arrive as text. Each field is read as the schema wants it: as text where text is valid,
 * otherwise as JSON ("12", "true", '{"printing":true}'); `name[0]`, `name[1]`, ... gather into a list, and so does
 * a list field sent several times (`terms=a`, `terms=b`) or once with one element that is not a JSON list. A field
 * left empty counts as absent where that is valid, so the default applies, except text fields, which keep their
 * blank. Then the whole object is checked.
 */
export function decodeOptions(schema: z.ZodType, fields: ReadonlyMap<string, string[]>): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? innerShape(schema);
  const raw: Record<string, unknown> = {};
  const indexed = new Map<string, Array<[number, string]>>();
  for (const [name, values] of fields) {
    const match = /^(.+)\[(\d+)\]$/.exec(name);
    if (match) {
      const list = indexed.get(match[1]!) ?? [];
      for (const v of values) list.push([Number(match[2]), v]);
      indexed.set(match[1]!, list);
      continue;
    }
    const fieldSchema = shape[name];
    if (!fieldSchema) continue;
    const element = listElement(fieldSchema);
    raw[name] = element ? readList(fieldSchema, element, values) : pickReading(fieldSchema, values.at(-1)!);
  }
  for (const [name, entries] of indexed) {
    if (shape[name]) raw[name] = entries.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidOptionsError(describeIssue(parsed.error.issues[0]!, raw));
  return parsed.data as Record<string, unknown>;
}

function innerShape(schema: z.ZodType): Record<string, z.ZodType> {
  // Objects with refinements keep their shape on the inner schema.
  const def = (schema as unknown as { def?: { in?: z.ZodType; schema?: z.ZodType } }).def;
  const inner = def?.in ?? def?.schema;
  return inner ? ((inner as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {}) : {};
}

/** The schema of a list field's elements, under its default and optional wrappers; undefined for other fields. */
function listElement(schema: z.ZodType): z.ZodType | undefined {
  let def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; element?: z.ZodType } }).def;
  for (let depth = 0; def.innerType && depth < 10; depth++) def = (def.innerType as unknown as { def: typeof def }).def;
  return def.type === "array" ? def.element : undefined;
}

/**
 * A list field: one value is the whole list where it reads as one (JSON), or is blank; otherwise each value is one
 * element. A single value that is not a list the schema takes is one element where the element takes it as text (a
 * search term such as "[1]", a choice such as "iban"): a list of objects keeps its JSON reading, so that a mistake
 * inside it is named.
 */
function readList(schema: z.ZodType, element: z.ZodType, values: readonly string[]): unknown {
  if (values.length === 1) {
    const whole = pickReading(schema, values[0]!);
    if (whole === undefined || (Array.isArray(whole) && schema.safeParse(whole).success)) return whole;
    const takesText = element.safeParse("Any text, 42.").success || element.safeParse(values[0]).success;
    if (!takesText) return whole;
  }
  return values.map((v) => pickReading(element, v));
}

function pickReading(schema: z.ZodType, text: string): unknown {
  if (schema.safeParse(text).success) return text;
  // A blank number or choice counts as absent, so its default applies. A blank text field stays blank: where text
  // is required (the watermark's), the visitor who cleared it is told so rather than given the default unasked.
  const takesText = schema.safeParse("Any text, 42.").success;
  if (text.trim() === "" && !takesText && schema.safeParse(undefined).success) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One issue as a sentence in the catalogue (validation.*), said in the visitor's language. The spec's own
 * sentences (custom messages starting with a capital) pass unchanged; the catalogue's refinement phrases
 * ("must be page numbers…") follow the field's name.
 */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): Text {
  const field = issue.path.join(".") || "request";
  const message = issue.message;
  // Messages the catalogue wrote itself are sentences for people; zod's own defaults are rephrased below.
  const zodDefault = /^(Invalid|Too (big|small)|Unrecognized)/.test(message);
  if (/^[A-Z]/.test(message) && !zodDefault) return message;
  switch (issue.code) {
    case "too_big":
      return issue.origin === "array" || issue.origin === "string"
        ? msg("validation.tooLong", { field, max: Number(issue.maximum) })
        : msg("validation.atMost", { field, max: Number(issue.maximum) });
    case "too_small":
      return issue.origin === "array" || issue.origin === "string"
        ? msg("validation.tooShort", { field, min: Number(issue.minimum) })
        : msg("validation.atLeast", { field, min: Number(issue.minimum) });
    case "invalid_value":
      return msg("validation.oneOf", { field, values: issue.values.map(String).join(", ") });
    case "invalid_type":
      return valueAt(input, issue.path) === undefined
        ? msg("validation.required", { field })
        : msg(`validation.mustBe.${issue.expected === "int" ? "int" : issue.expected}`, { field });
    case "invalid_union": {
      const values = issue.errors.flat().flatMap((i) => (i.code === "invalid_value" ? i.values : []));
      return values.length > 0 ? msg("validation.oneOf", { field, values: values.map(String).join(", ") }) : msg("validation.unsupported", { field });
    }
    default:
      return /^[A-Z]/.test(message) ? message : `"${field}" ${message.replace(/\.$/, "")}.`;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = value === null || typeof value !== "object" ? undefined : (value as Record<PropertyKey, unknown>)[key];
  return value;
}

