import * as Slider from "@radix-ui/react-slider";
import * as Switch from "@radix-ui/react-switch";
import { useId, useState } from "react";
import { Field, hintStyles, labelStyles } from "./Field.js";


import { inputStyles } from "../ui/styles.js";
import { formatNumber } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/use-t.js";

export function TextField({
  label,
  value,
  onChange,
  hint,
  type = "text",
  placeholder,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  type?: "text" | "password";
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
          className={inputStyles}
        />
      )}
    </Field>
  );
}

/**
 * A number within bounds; what is not a number becomes `fallback` (the spec: expiry 0, start number 1). A field
 * that takes fractions (a scale of 0.5) keeps what is being typed ("0." on the way to "0.5") and is brought within
 * its bounds when it loses the focus.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  fallback,
  hint,
  integer = true,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min: number;
  max: number;
  fallback: number;
  hint?: string;
  integer?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const range = t("range", { min: formatNumber(min, locale), max: formatNumber(max, locale) });
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return (
    <Field label={label} hint={hint ?? range}>
      {(id) =>
        integer ? (
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            value={Number.isFinite(value) ? value : ""}
            onChange={(e) => {
              const n = Number.parseInt(e.target.value, 10);
              onChange(Number.isNaN(n) ? fallback : clamp(n));
            }}
            className={inputStyles}
          />
        ) : (
          <DecimalInput id={id} value={value} min={min} max={max} fallback={fallback} onChange={onChange} />
        )
      }
    </Field>
  );
}

/** A number box for fractions: the text being typed is its own until the box loses the focus. */
function DecimalInput({ id, value, min, max, fallback, onChange }: { id: string; value: number; min: number; max: number; fallback: number; onChange(value: number): void }) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      step="any"
      min={min}
      max={max}
      value={typed ?? (Number.isFinite(value) ? String(value) : "")}
      onChange={(e) => {
        const n = Number.parseFloat(e.target.value);
        // Past the maximum no further typing helps, so it is brought back at once; below the minimum it may be
        // the start of a valid number ("0." on the way to "0.5"), brought up only when the box loses the focus.
        if (!Number.isNaN(n) && n > max) {
          setTyped(null);
          onChange(max);
          return;
        }
        setTyped(e.target.value);
        if (!Number.isNaN(n)) onChange(n);
      }}
      onBlur={() => {
        const n = Number.parseFloat(typed ?? String(value));
        setTyped(null);
        onChange(Number.isNaN(n) ? fallback : Math.min(max, Math.max(min, n)));
      }}
      className={inputStyles}
    />
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  onChange,
  choices,
  describe = String,
  hint,
}: {
  label: string;
  value: T;
  onChange(value: T): void;
  choices: readonly T[];
  describe?: (value: T) => string;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <select
          id={id}
          value={String(value)}
          onChange={(e) => onChange(choices.find((c) => String(c) === e.target.value) ?? value)}
          className={inputStyles}
        >
          {choices.map((choice) => (
            <option key={String(choice)} value={String(choice)}>
              {describe(choice)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ToggleField({
  label,
  checked,
  onChange,
  hint,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  /** A setting this server cannot apply: shown, with the hint saying why, but not switchable. */
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className={labelStyles}>
          {label}
        </label>
        {hint && <p className={hintStyles}>{hint}</p>}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full disabled:cursor-not-allowed disabled:opacity-50 bg-slate-300 data-[state=checked]:bg-indigo-600 dark:bg-slate-600 dark:data-[state=checked]:bg-indigo-500"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

export function SliderField({
  label,
  value,
  onChange,
  min,
  max,
  unit = "",
  step = 1,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min: number;
  max: number;
  unit?: string;
  step?: number;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex justify-between">
        <span id={id} className={labelStyles}>
          {label}
        </span>
        <span className="text-sm text-slate-700 dark:text-slate-200">
          {value}
          {unit}
        </span>
      </div>
      <Slider.Root
        value={[value]}
        min={min}
        max={max}
        step={step}
        onValueChange={([v]) => v !== undefined && onChange(v)}
        className="relative mt-3 flex h-5 touch-none items-center"
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-slate-200 dark:bg-slate-700">
          <Slider.Range className="absolute h-full rounded-full bg-indigo-600 dark:bg-indigo-400" />
        </Slider.Track>
        <Slider.Thumb aria-labelledby={id} className="block h-5 w-5 rounded-full border-2 border-indigo-600 bg-white shadow dark:border-indigo-400" />
      </Slider.Root>
    </div>
  );
}

export function ColorField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <Field label={label}>
      {(id) => <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value)} className="h-9 w-16 cursor-pointer rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800" />}
    </Field>
  );
}

export function TextAreaField({ label, value, onChange, hint, rows = 3 }: { label: string; value: string; onChange(value: string): void; hint?: string; rows?: number }) {
  return (
    <Field label={label} hint={hint}>
      {(id) => <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={inputStyles} />}
    </Field>
  );
}
