import { useState } from "react";
import type { z } from "zod";
import { Field } from "../../../components/form/Field.js";
import { inputStyles } from "../../../components/ui/styles.js";
import { shapeOf, unwrap } from "../../../lib/option-schema.js";
import { bindings, humanize, useDescribeChoice } from "./bindings.js";
import { useT } from "../../../i18n/use-t.js";
import type { SettingsProps } from "./types.js";

interface FieldMeta {
  title?: string;
  description?: string;
  /** A field the screen does not offer (one the API takes but cannot act on yet). */
  hidden?: boolean;
}

/** The label and hint the catalogue gives a field (`.meta({ title, description })`), on the field or inside its default. */
export function metaOf(field: z.ZodType): FieldMeta {
  const own = (field.meta() ?? {}) as FieldMeta;
  const inner = (unwrap(field).meta() ?? {}) as FieldMeta;
  return { title: own.title ?? inner.title, description: own.description ?? inner.description, hidden: own.hidden ?? inner.hidden };
}

function kindOf(field: z.ZodType): string | undefined {
  return (unwrap(field) as unknown as { def: { type?: string } }).def.type;
}

/** "keepLinks" → "Keep links", for fields the catalogue gives no title. */
function labelOf(key: string): string {
  return humanize(key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
}

/** "Name: value" lines to entries, split at each line's first colon; a line without one is not an entry yet. */
export function entriesOf(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) entries[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return entries;
}

/** A record of texts (custom metadata entries) edited as one "Name: value" line each. */
function EntriesField({ label, hint, value, onChange }: { label: string; hint?: string; value: unknown; onChange(v: Record<string, string>): void }) {
  const t = useT("tool");
  const [text, setText] = useState(() =>
    Object.entries((value ?? {}) as Record<string, string>)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  );
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <textarea
          id={id}
          rows={3}
          value={text}
          placeholder={t("entries.placeholder")}
          onChange={(e) => {
            setText(e.target.value);
            onChange(entriesOf(e.target.value));
          }}
          className={inputStyles}
        />
      )}
    </Field>
  );
}

/**
 * Settings drawn from the catalogue's schema alone, for tools without a panel of their own: a choice for each enum,
 * a switch for each yes/no, a number box for each number within its bounds, a text box for each text and a
 * "Name: value" box for each record of texts. Lists are left to the API (their form is JSON text).
 */
export function SchemaSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const t = useT("tool");
  const describeChoice = useDescribeChoice();
  const controls = Object.entries(shapeOf(tool.options)).map(([key, field]) => {
    const meta = metaOf(field);
    if (meta.hidden) return null;
    // The catalogue's title and hint, in the page's language (the "tools" namespace is keyed by tool and field).
    const label = meta.title === undefined ? labelOf(key) : t(`tools:${tool.id}.options.${key}.title`);
    const description = meta.description === undefined ? undefined : t(`tools:${tool.id}.options.${key}.description`);
    switch (kindOf(field)) {
      case "enum":
      case "union":
        return <div key={key}>{bind.select(key, label, describeChoice, description)}</div>;
      case "boolean":
        return <div key={key}>{bind.toggle(key, label, description)}</div>;
      case "number":
        return <div key={key}>{bind.number(key, label, description)}</div>;
      case "string":
        return <div key={key}>{bind.text(key, label, { hint: description })}</div>;
      case "record":
        return (
          <div key={key}>
            <EntriesField label={label} hint={[t("entries.hint"), description].filter(Boolean).join(" ")} value={values[key]} onChange={(v) => setValues({ [key]: v })} />
          </div>
        );
      default:
        return null;
    }
  });
  return <div className="mt-4 grid gap-4 sm:grid-cols-2">{controls}</div>;
}
