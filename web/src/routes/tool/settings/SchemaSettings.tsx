import type { z } from "zod";
import { shapeOf, unwrap } from "../../../lib/option-schema.js";
import { bindings, humanize } from "./bindings.js";
import type { SettingsProps } from "./types.js";

interface FieldMeta {
  title?: string;
  description?: string;
}

/** The label and hint the catalogue gives a field (`.meta({ title, description })`), on the field or inside its default. */
function metaOf(field: z.ZodType): FieldMeta {
  const own = (field.meta() ?? {}) as FieldMeta;
  const inner = (unwrap(field).meta() ?? {}) as FieldMeta;
  return { title: own.title ?? inner.title, description: own.description ?? inner.description };
}

function kindOf(field: z.ZodType): string | undefined {
  return (unwrap(field) as unknown as { def: { type?: string } }).def.type;
}

/** "keepLinks" → "Keep links", for fields the catalogue gives no title. */
function labelOf(key: string): string {
  return humanize(key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
}

/**
 * Settings drawn from the catalogue's schema alone, for tools without a panel of their own: a choice for each enum,
 * a switch for each yes/no, a number box for each number within its bounds and a text box for each text. Lists and
 * objects are left to the API (their form is JSON text).
 */
export function SchemaSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const controls = Object.entries(shapeOf(tool.options)).map(([key, field]) => {
    const { title, description } = metaOf(field);
    const label = title ?? labelOf(key);
    switch (kindOf(field)) {
      case "enum":
      case "union":
        return <div key={key}>{bind.select(key, label, humanize, description)}</div>;
      case "boolean":
        return <div key={key}>{bind.toggle(key, label, description)}</div>;
      case "number":
        return <div key={key}>{bind.number(key, label, description)}</div>;
      case "string":
        return <div key={key}>{bind.text(key, label, { hint: description })}</div>;
      default:
        return null;
    }
  });
  return <div className="mt-4 grid gap-4 sm:grid-cols-2">{controls}</div>;
}
