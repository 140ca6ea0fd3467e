import type { ToolDefinition } from "../../../../../catalog/index.js";

export type Values = Record<string, unknown>;

/** What every settings panel gets: the tool, its current values (the schema's shape) and the file to preview. */
export interface SettingsProps {
  tool: ToolDefinition;
  values: Values;
  setValues(patch: Values): void;
  /** The first selected file, for panels that show its pages. */
  file: File | undefined;
}
