import { bindings, humanize } from "./bindings.js";
import type { SettingsProps } from "./types.js";

/** Split: the mode decides which one of the other fields applies. */
export function SplitSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  const mode = values.splitMode;
  return (
    <div className="mt-4 space-y-4">
      {bind.select("splitMode", "Split into", (m) =>
        ({ "every-page": "One file per page", ranges: "Page ranges", "every-n": "Files of N pages", selected: "One file of the pages I choose" })[String(m)] ??
        humanize(m),
      )}
      {mode === "ranges" && bind.text("ranges", "Ranges", { placeholder: "1-3,4-6,7-z", hint: "Each comma starts a new file." })}
      {mode === "every-n" && bind.number("pagesPerFile", "Pages per file")}
      {mode === "selected" && bind.text("pages", "Pages", { placeholder: "1,3,5-7" })}
    </div>
  );
}

export function RotateSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      {bind.select("angle", "Rotate by", (a) => `${a}° clockwise`)}
      {bind.text("pages", "Pages", { placeholder: "All pages", hint: "Empty for every page, or e.g. 1,3,5-7" })}
    </div>
  );
}

export function CompressSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  return (
    <div className="mt-4">
      {bind.select("compressionLevel", "Compression", (l) =>
        ({ low: "Low: best quality", recommended: "Recommended: good quality, much smaller", extreme: "Extreme: smallest file" })[String(l)] ?? humanize(l),
      )}
    </div>
  );
}
