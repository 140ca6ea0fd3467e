import type { z } from "zod";
import { TOOL_CATEGORIES, type ToolDefinition } from "./types.js";

/**
 * The catalogue's own English texts as a message namespace ("tools"), keyed by tool id and option name, so that
 * every language translates the same keys while English keeps a single source: the catalogue. The web app gets
 * it from a build-time module (web/tool-summaries-plugin.ts), the server builds it at start.
 *
 *   categories.<category>                       "Convert PDF"
 *   <tool>.name, .description, .processLabel, .minFilesMessage, .maxFilesMessage, .extraFiles.<field>
 *   <tool>.options.<field>.title, .description   from `.meta({ title, description })`
 */
export type CatalogMessages = Record<string, unknown>;

interface FieldMeta {
  title?: string;
  description?: string;
}

type Def = { type?: string; innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const direct = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (direct) return direct;
  const def = defOf(schema);
  const inner = def.in ?? def.schema ?? def.innerType;
  return inner ? shapeOf(inner) : {};
}

/** The meta of a field, on it or on the schema inside its default/optional wrappers. */
export function fieldMeta(field: z.ZodType): FieldMeta {
  let schema: z.ZodType | undefined = field;
  const found: FieldMeta = {};
  while (schema) {
    const meta = (schema.meta() ?? {}) as FieldMeta;
    found.title ??= meta.title;
    found.description ??= meta.description;
    const def = defOf(schema);
    schema = ["default", "prefault", "optional", "nullable"].includes(def.type ?? "") ? def.innerType : undefined;
  }
  return found;
}

function optionMessages(schema: z.ZodType): Record<string, FieldMeta> {
  const options: Record<string, FieldMeta> = {};
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    const { title, description } = fieldMeta(field);
    if (title === undefined && description === undefined) continue;
    options[key] = { ...(title !== undefined && { title }), ...(description !== undefined && { description }) };
  }
  return options;
}

export function catalogMessages(tools: readonly ToolDefinition[]): CatalogMessages {
  const messages: CatalogMessages = {
    categories: Object.fromEntries(TOOL_CATEGORIES.map((c) => [c.id, c.label])),
  };
  for (const tool of tools) {
    const options = optionMessages(tool.options);
    messages[tool.id] = {
      name: tool.name,
      description: tool.description,
      ...(tool.processLabel !== undefined && { processLabel: tool.processLabel }),
      ...(tool.minFilesMessage !== undefined && { minFilesMessage: tool.minFilesMessage }),
      ...(tool.maxFilesMessage !== undefined && { maxFilesMessage: tool.maxFilesMessage }),
      ...(tool.extraFiles && { extraFiles: Object.fromEntries(tool.extraFiles.map((f) => [f.name, f.label])) }),
      ...(Object.keys(options).length > 0 && { options }),
    };
  }
  return messages;
}
