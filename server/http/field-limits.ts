import type { z } from "zod";
import { findTool } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";

/**
 * How long each form field of a tool may be, read from the catalogue's schemas: a text field's own `.max()`,
 * JSON fields (objects and lists: annotations, permissions, page orders) a larger allowance, and anything else (numbers,
 * choices, fields the tool does not know) the plain text allowance. The upload checks every field against its
 * limit as it arrives, before anything else looks at it.
 */

export const TEXT_FIELD_CHARS = 10 * 1024;
export const JSON_FIELD_CHARS = 1024 * 1024;

export interface FieldLimits {
  /** The most characters the named field may have. */
  charsFor(name: string): number;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { def: Def }).def;
}

/** Optional, default, pipe and the like wrap the schema that says what the field holds. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(current);
    const inner = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

function charsOf(schema: z.ZodType): number {
  const inner = unwrap(schema);
  const type = defOf(inner).type;
  if (type === "string") {
    const max = (inner as unknown as { maxLength: number | null }).maxLength;
    return Math.min(max ?? TEXT_FIELD_CHARS, JSON_FIELD_CHARS);
  }
  if (type === "object" || type === "array" || type === "record" || type === "tuple") return JSON_FIELD_CHARS;
  if (type === "union") {
    const options = (defOf(inner) as unknown as { options: z.ZodType[] }).options;
    return Math.max(...options.map(charsOf));
  }
  return TEXT_FIELD_CHARS;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const inner = unwrap(schema);
  return defOf(inner).shape ?? {};
}

/** The tools whose options a request to this tool may carry: itself, or every target of its dispatch field. */
function toolsBehind(tool: ToolDefinition): ToolDefinition[] {
  if (!tool.dispatchField) return [tool];
  return tool.dispatchField.targets.map((id) => findTool(id)).filter((t): t is ToolDefinition => t !== undefined);
}

const known = new WeakMap<ToolDefinition, FieldLimits>();

export function fieldLimitsFor(tool: ToolDefinition): FieldLimits {
  let limits = known.get(tool);
  if (!limits) known.set(tool, (limits = readFieldLimits(tool)));
  return limits;
}

function readFieldLimits(tool: ToolDefinition): FieldLimits {
  const limits = new Map<string, number>();
  const elementLimits = new Map<string, number>();
  for (const candidate of toolsBehind(tool)) {
    for (const [name, schema] of Object.entries(shapeOf(candidate.options))) {
      limits.set(name, Math.max(limits.get(name) ?? 0, charsOf(schema)));
      const element = defOf(unwrap(schema)).element;
      if (element) elementLimits.set(name, Math.max(elementLimits.get(name) ?? 0, charsOf(element)));
    }
  }
  return {
    charsFor(name) {
      const own = limits.get(name);
      if (own !== undefined) return own;
      // `pages[0]`, `pages[1]`: each is one element of the list.
      const listName = /^([^[]+)\[\d+\]$/.exec(name)?.[1];
      return (listName && elementLimits.get(listName)) || TEXT_FIELD_CHARS;
    },
  };
}
