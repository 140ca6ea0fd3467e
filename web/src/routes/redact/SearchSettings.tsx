import { useState } from "react";
import { REDACTION_PRESETS, type RedactionPreset, type RedactOptions } from "../../../../catalog/options/redact.js";
import { ColorField, TextAreaField, TextField, ToggleField } from "../../components/form/fields.js";
import { hintStyles, labelStyles } from "../../components/form/Field.js";
import { useT } from "../../i18n/use-t.js";

export type SearchValues = Omit<RedactOptions, "areas">;


/** What to search for and how, and what the result should look like: every field of the tool but the areas. */
export function SearchSettings({ values, onChange }: { values: SearchValues; onChange(patch: Partial<SearchValues>): void }) {
  // The terms as typed, blank lines included, so that Enter starts a new line; the request leaves blank ones out.
  const t = useT("tool");
  const [termsText, setTermsText] = useState(values.terms.join("\n"));
  const togglePreset = (preset: RedactionPreset, on: boolean) =>
    onChange({ presets: on ? [...values.presets, preset] : values.presets.filter((p) => p !== preset) });
  return (
    <div className="space-y-4">
      <TextAreaField
        label={t("redact.terms")}
        value={termsText}
        rows={4}
        hint={t("redact.termsHint")}
        onChange={(text) => {
          setTermsText(text);
          onChange({ terms: text.split("\n") });
        }}
      />
      <ToggleField label={t("redact.matchCase")} checked={values.matchCase} onChange={(matchCase) => onChange({ matchCase })} />
      <ToggleField label={t("redact.wholeWord")} checked={values.wholeWord} onChange={(wholeWord) => onChange({ wholeWord })} />
      <ToggleField
        label={t("redact.regex")}
        checked={values.useRegex}
        hint={t("redact.regexHint")}
        onChange={(useRegex) => onChange({ useRegex })}
      />
      <fieldset>
        <legend className={labelStyles}>{t("redact.presetsTitle")}</legend>
        <div className="mt-2 space-y-2">
          {REDACTION_PRESETS.map((preset) => (
            <label key={preset} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                checked={values.presets.includes(preset)}
                onChange={(e) => togglePreset(preset, e.target.checked)}
              />
              {t(`redact.presets.${preset}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label={t("redact.pages")} value={values.pages} placeholder={t("pages.all")} hint={t("redact.pagesHint")} onChange={(pages) => onChange({ pages })} />
      <ColorField label={t("redact.boxColour")} value={values.fillColor} onChange={(fillColor) => onChange({ fillColor })} />
      <ToggleField
        label={t("redact.clearMetadata")}
        checked={values.clearMetadata}
        hint={t("redact.clearMetadataHint")}
        onChange={(clearMetadata) => onChange({ clearMetadata })}
      />
      <p className={hintStyles}>{t("redact.takenOut")}</p>
    </div>
  );
}
