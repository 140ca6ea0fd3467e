import type { FormatKey } from "../../../../catalog/index.js";
import { FORMAT_GROUPS } from "./format-groups.js";
import { useT } from "../../i18n/use-t.js";

/**
 * The formats, group by group, as one set of radio buttons: arrow keys move between formats, and a screen reader
 * hears the group and the chosen format.
 */
export function FormatPicker({ value, onChange }: { value: FormatKey; onChange(format: FormatKey): void }) {
  const t = useT("tool");
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="radiogroup" aria-label={t("convert.format")}>
      {FORMAT_GROUPS.map((group) => (
        <fieldset key={group.id}>
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{t(`convert.groups.${group.id}`)}</legend>
          <div className="flex flex-wrap gap-2">
            {group.formats.map((format) => (
              <label
                key={format}
                className="cursor-pointer rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-400 dark:has-[:checked]:text-slate-950"
              >
                <input
                  type="radio"
                  name="convert-format"
                  value={format}
                  checked={value === format}
                  onChange={() => onChange(format)}
                  className="sr-only"
                />
                {t(`tools:${format}.name`)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
