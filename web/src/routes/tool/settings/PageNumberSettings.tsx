import { Field } from "../../../components/form/Field.js";
import { SettingsTabs } from "../../../components/form/SettingsTabs.js";
import { bindings, useDescribeChoice } from "./bindings.js";
import { useT } from "../../../i18n/use-t.js";
import type { SettingsProps } from "./types.js";

export function PageNumberSettings({ tool, values, setValues }: SettingsProps) {
  const t = useT("tool");
  const describeChoice = useDescribeChoice();
  const bind = bindings(tool.options, values, setValues);
  return (
    <SettingsTabs
      tabs={[
        {
          label: t("tabs.basic"),
          content: (
            <div className="grid gap-4 sm:grid-cols-2">
              {bind.select("format", t("pageNumbers.format"), (f) => String(f).replace("{n}", "1").replace("{total}", "10") + `  (${f})`)}
              {bind.select("position", t("pageNumbers.position"), describeChoice)}
              {bind.number("startNumber", t("pageNumbers.startNumber"), t("pageNumbers.startNumberHint"))}
            </div>
          ),
        },
        {
          label: t("tabs.appearance"),
          content: (
            <div className="grid gap-4 sm:grid-cols-2">
              {bind.number("fontSize", t("pageNumbers.fontSize"))}
              <Field label={t("pageNumbers.fontColor")}>
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
              {bind.number("margin", t("pageNumbers.margin"))}
            </div>
          ),
        },
        {
          label: t("tabs.advanced"),
          content: (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {bind.text("pageRange", t("pageNumbers.pageRange"), { placeholder: t("pages.all"), hint: t("pageNumbers.rangeHint") })}
                {bind.text("excludePages", t("pageNumbers.excludePages"), { placeholder: t("pageNumbers.none"), hint: t("pageNumbers.rangeHint") })}
                {bind.text("prefix", t("pageNumbers.prefix"))}
                {bind.text("suffix", t("pageNumbers.suffix"))}
              </div>
              {bind.toggle("skipFirstPage", t("pageNumbers.skipFirstPage"))}
            </>
          ),
        },
      ]}
    />
  );
}
