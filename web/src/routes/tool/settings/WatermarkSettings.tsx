import { bindings, humanize } from "./bindings.js";
import type { SettingsProps } from "./types.js";

export function WatermarkSettings({ tool, values, setValues }: SettingsProps) {
  const bind = bindings(tool.options, values, setValues);
  return (
    <div className="mt-4 space-y-4">
      {bind.text("watermarkText", "Watermark text")}
      {bind.slider("opacity", "Opacity", "%")}
      <div className="grid gap-4 sm:grid-cols-2">
        {bind.select("position", "Position", humanize)}
        {bind.number("fontSize", "Font size")}
        {bind.number("rotation", "Rotation (degrees)")}
        {bind.text("pages", "Pages", { hint: "Empty for every page, or e.g. 1,3,5-7", placeholder: "All pages" })}
      </div>
    </div>
  );
}
