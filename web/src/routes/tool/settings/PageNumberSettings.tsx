import { Field } from "../../../components/form/Field.js";
import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { bindings, humanize } from "./bindings.js";
import type { SettingsProps } from "./types.js";

export function PageNumberSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  return (
    <SettingsTabs
      tabs={[
        {
          label: "Basic Options",
          content: (
            <div className="grid gap-4 sm:grid-cols-2">
              {bind.select("format", "Format", (f) => String(f).replace("{n}", "1").replace("{total}", "10") + `  (${f})`)}
              {bind.select("position", "Position", humanize)}
              {bind.number("startNumber", "Start number", "The first page of the range counts as this number; a skipped or excluded page counts but shows none, as in a book.")}
            </div>
          ),
        },
        {
          label: "Appearance",
          content: (
            <div className="grid gap-4 sm:grid-cols-2">
              {bind.number("fontSize", "Font size")}
              <Field label="Font colour">
                {(id) => (
                  <input
                    id={id}
                    type="color"
                    value={String(values.fontColor)}
                    onChange={(e) => setValues({ fontColor: e.target.value })}
                    className="h-10 w-20 rounded border border-slate-300 dark:border-slate-600"
                  />
                )}
              </Field>
              {bind.number("margin", "Margin (points)")}
            </div>
          ),
        },
        {
          label: "Advanced Options",
          content: (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {bind.text("pageRange", "Pages to number", { placeholder: "All pages", hint: "e.g. 1,3,5-7" })}
                {bind.text("excludePages", "Pages to leave unnumbered", { placeholder: "None", hint: "e.g. 1,3,5-7" })}
                {bind.text("prefix", "Text before the number")}
                {bind.text("suffix", "Text after the number")}
              </div>
              {bind.toggle("skipFirstPage", "Skip the first page")}
            </>
          ),
        },
      ]}
    />
  );
}
