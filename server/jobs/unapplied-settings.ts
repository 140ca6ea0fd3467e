import { notAppliedTo } from "../../catalog/not-applied.js";
import type { ToolDefinition } from "../../catalog/types.js";

/**
 * What a reply adds when a call turns on or off a setting its format cannot apply, so that the setting is never
 * ignored in silence. Quality and OCR are explained by each processor, in words that fit its output; preserving
 * formatting means the same thing for every format that ignores it, so it is said here once.
 */
export function unappliedSettingNotes(tool: ToolDefinition, options: Readonly<Record<string, unknown>>): string[] {
  const notes: string[] = [];
  if (options.preserveFormatting === false && notAppliedTo(tool.id).has("preserveFormatting")) {
    notes.push(`Preserve formatting applies to PDF to Text only: ${tool.name} keeps all the layout its format can hold either way.`);
  }
  return notes;
}
