import { useState } from "react";
import { REDACTION_PRESETS, type RedactionPreset, type RedactOptions } from "../../../../catalog/options/redact.js";
import { ColorField, TextAreaField, TextField, ToggleField } from "../../components/form/fields.js";
import { hintStyles, labelStyles } from "../../components/form/Field.js";

export type SearchValues = Omit<RedactOptions, "areas">;

const PRESET_LABELS: Record<RedactionPreset, string> = {
  email: "E-mail addresses",
  phone: "Phone numbers",
  iban: "IBANs (checked by their check digits)",
  card: "Card numbers (checked by Luhn's check)",
};

/** What to search for and how, and what the result should look like: every field of the tool but the areas. */
export function SearchSettings({ values, onChange }: { values: SearchValues; onChange(patch: Partial<SearchValues>): void }) {
  // The terms as typed, blank lines included, so that Enter starts a new line; the request leaves blank ones out.
  const [termsText, setTermsText] = useState(values.terms.join("\n"));
  const togglePreset = (preset: RedactionPreset, on: boolean) =>
    onChange({ presets: on ? [...values.presets, preset] : values.presets.filter((p) => p !== preset) });
  return (
    <div className="space-y-4">
      <TextAreaField
        label="Search terms"
        value={termsText}
        rows={4}
        hint="One word or phrase a line; each is removed wherever it appears."
        onChange={(text) => {
          setTermsText(text);
          onChange({ terms: text.split("\n") });
        }}
      />
      <ToggleField label="Match case" checked={values.matchCase} onChange={(matchCase) => onChange({ matchCase })} />
      <ToggleField label="Whole words only" checked={values.wholeWord} onChange={(wholeWord) => onChange({ wholeWord })} />
      <ToggleField
        label="Regular expressions"
        checked={values.useRegex}
        hint="RE2 syntax: no look-arounds or back-references, so every search runs in linear time."
        onChange={(useRegex) => onChange({ useRegex })}
      />
      <fieldset>
        <legend className={labelStyles}>Find personal data</legend>
        <div className="mt-2 space-y-2">
          {REDACTION_PRESETS.map((preset) => (
            <label key={preset} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                checked={values.presets.includes(preset)}
                onChange={(e) => togglePreset(preset, e.target.checked)}
              />
              {PRESET_LABELS[preset]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Pages to search" value={values.pages} placeholder="All pages" hint="Empty for every page, or e.g. 1,3,5-7. Areas apply where they are drawn." onChange={(pages) => onChange({ pages })} />
      <ColorField label="Box colour" value={values.fillColor} onChange={(fillColor) => onChange({ fillColor })} />
      <ToggleField
        label="Clear metadata"
        checked={values.clearMetadata}
        hint="Also remove the title, author and other document information, and the XMP metadata."
        onChange={(clearMetadata) => onChange({ clearMetadata })}
      />
      <p className={hintStyles}>What is found is taken out of the file itself, not hidden under a box: it cannot be copied or searched afterwards.</p>
    </div>
  );
}
