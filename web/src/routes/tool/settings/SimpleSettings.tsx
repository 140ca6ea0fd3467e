import { bindings, humanize } from "./bindings.js";
import type { SettingsProps } from "./types.js";
import { useT } from "../../../i18n/use-t.js";

/** Split: the mode decides which one of the other fields applies. */
export function SplitSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const t = useT("tool");
  const mode = values.splitMode;
  return (
    <div className="mt-4 space-y-4">
      {bind.select("splitMode", t("split.mode"), (m) => t(`split.modes.${m}`, { defaultValue: humanize(m) }))}
      {mode === "ranges" && bind.text("ranges", t("split.ranges"), { placeholder: "1-3,4-6,7-z", hint: t("split.rangesHint") })}
      {mode === "every-n" && bind.number("pagesPerFile", t("split.pagesPerFile"))}
      {mode === "selected" && bind.text("pages", t("pages.label"), { placeholder: "1,3,5-7" })}
    </div>
  );
}

export function RotateSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const t = useT("tool");
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      {bind.select("angle", t("rotate.angle"), (a) => t("rotate.clockwise", { angle: a }))}
      {bind.text("pages", t("pages.label"), { placeholder: t("pages.all"), hint: t("pages.hint") })}
    </div>
  );
}

export function CompressSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const t = useT("tool");
  return (
    <div className="mt-4">
      {bind.select("compressionLevel", t("compress.level"), (l) => t(`compress.levels.${l}`, { defaultValue: humanize(l) }))}
    </div>
  );
}
