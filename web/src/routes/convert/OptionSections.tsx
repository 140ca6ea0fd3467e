import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import type { z } from "zod";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { hintStyles } from "../../components/form/Field.js";
import { SliderField } from "../../components/form/fields.js";
import { numberBounds } from "../../lib/option-schema.js";
import { bindings } from "../tool/settings/bindings.js";
import type { Values } from "../tool/settings/types.js";
import { controlKind, fieldText, optionSections } from "./option-fields.js";

/** One control per field, chosen by the field's type in the schema. */
function OptionControl({ schema, field, values, setValues }: { schema: z.ZodType; field: string; values: Values; setValues(patch: Values): void }) {
  const bind = bindings(schema, values, setValues);
  const text = fieldText(field);
  switch (controlKind(schema, field)) {
    case "toggle":
      return bind.toggle(field, text.label, text.hint);
    case "select":
      return bind.select(field, text.label, text.describe, text.hint);
    case "text":
      return bind.text(field, text.label, { hint: text.hint, placeholder: text.placeholder });
    case "slider": {
      const { min, max } = numberBounds(schema, field);
      return (
        <div>
          <SliderField label={text.label} value={Number(values[field])} min={min} max={max} step={text.step} unit={text.unit} onChange={(v) => setValues({ [field]: v })} />
          {text.hint && <p className={hintStyles}>{text.hint}</p>}
        </div>
      );
    }
    default:
      return null;
  }
}

/**
 * A tool's options in collapsible sections, every control generated from the catalogue schema, leaving out what
 * the tool cannot apply; every value shown is sent. All sections start open.
 */
export function OptionSections({
  tool,
  target,
  values,
  setValues,
}: {
  tool: ToolDefinition;
  /** What the tool makes ("Word"), naming the section of its own options. */
  target: string;
  values: Values;
  setValues(patch: Values): void;
}) {
  const sections = optionSections(tool, target);
  return (
    // Keyed by target so that another format's sections start open too.
    <Accordion.Root key={target} type="multiple" defaultValue={sections.map((s) => s.title)} className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
      {sections.map((section) => (
        <Accordion.Item key={section.title} value={section.title}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between px-4 py-3 text-start font-medium text-slate-900 dark:text-white">
              {section.title}
              <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="space-y-4 px-4 pb-4">
            {section.keys.map((key) => (
              <OptionControl key={key} schema={tool.options} field={key} values={values} setValues={setValues} />
            ))}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
