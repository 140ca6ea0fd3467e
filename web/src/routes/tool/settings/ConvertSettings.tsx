import { OptionSections } from "../../convert/OptionSections.js";
import { targetName } from "../../convert/format-groups.js";
import type { SettingsProps } from "./types.js";

/**
 * A conversion's settings on its own page (/pdf-to-jpg beside /convert-pdf's format picker): the same sections,
 * defaults and bounds as the Convert screen shows for that format, every one of them sent with the run.
 */
export function ConvertSettings({ tool, values, setValues }: SettingsProps) {
  return <OptionSections tool={tool} target={targetName(tool)} values={values} setValues={setValues} />;
}
