import type { z } from "zod";
import { NumberField, SelectField, SliderField, TextField, ToggleField } from "../../../components/form/fields.js";
import { choicesOf, fieldOf, numberBounds, unwrap } from "../../../lib/option-schema.js";
import type { Values } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

/**
 * Form controls bound to one field of an options schema: the control reads its bounds and choices from the
 * catalogue's schema and writes the field back, so no panel repeats a default, a bound or a list of choices.
 */
export function bindings(schema: z.ZodType, values: Values, set: (patch: Values) => void) {
  return {
    text: (key: string, label: string, extra: { hint?: string; type?: "text" | "password"; placeholder?: string; autoComplete?: string } = {}) => (
      <TextField label={label} value={String(values[key] ?? "")} onChange={(v) => set({ [key]: v })} {...extra} />
    ),
    number: (key: string, label: string, hint?: string) => {
      const { min, max, integer } = numberBounds(schema, key);
      return <NumberField label={label} value={Number(values[key])} min={min} max={max} fallback={min} hint={hint} integer={integer} onChange={(v) => set({ [key]: v })} />;
    },
    slider: (key: string, label: string, unit?: string) => {
      const { min, max } = numberBounds(schema, key);
      return <SliderField label={label} value={Number(values[key])} min={min} max={max} unit={unit} onChange={(v) => set({ [key]: v })} />;
    },
    toggle: (key: string, label: string, hint?: string) => (
      <ToggleField label={label} checked={Boolean(values[key])} hint={hint} onChange={(v) => set({ [key]: v })} />
    ),
    select: (key: string, label: string, describe?: (value: string | number) => string, hint?: string) => (
      <SelectField
        label={label}
        value={values[key] as string | number}
        choices={choicesOf(schema, key)}
        describe={describe}
        hint={hint}
        onChange={(v) => set({ [key]: v })}
      />
    ),
    /** Bindings for a nested object field (permissions, advancedOptions, unlockOptions). */
    nested: (key: string) => {
      const inner = (values[key] ?? {}) as Values;
      return bindings(unwrap(fieldOf(schema, key)), inner, (patch) => set({ [key]: { ...inner, ...patch } }));
    },
  };
}

/**
 * A choice that is an id ("bottom-center", "landscape") in the page's language (tool:choices), or humanized
 * ("Bottom center") where the catalogue has no word for it (sizes such as "A4" and "Letter" are names).
 */
export function useDescribeChoice(): (value: string | number) => string {
  const t = useT("tool");
  return (value) => t(`choices.${value}`, { defaultValue: humanize(value) });
}

/** "bottom-center" → "Bottom center", for choices that are ids. */
export function humanize(value: string | number): string {
  const text = String(value).replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
