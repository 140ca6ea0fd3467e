import { bindings, useDescribeChoice } from "./bindings.js";
import type { SettingsProps } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

export function WatermarkSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const t = useT("tool");
  const describeChoice = useDescribeChoice();
  return (
    <div className="mt-4 space-y-4">
      {bind.text("watermarkText", t("watermark.text"))}
      {bind.slider("opacity", t("watermark.opacity"), "%")}
      <div className="grid gap-4 sm:grid-cols-2">
        {bind.select("position", t("watermark.position"), describeChoice)}
        {bind.number("fontSize", t("watermark.fontSize"))}
        {bind.number("rotation", t("watermark.rotation"))}
        {bind.text("pages", t("pages.label"), { hint: t("pages.hint"), placeholder: t("pages.all") })}
      </div>
    </div>
  );
}
