import { notAppliedTo } from "../../catalog/not-applied.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { msg, toolName, type Message } from "../i18n/message.js";

/**
 * What a reply adds when a call turns on or off a setting its format cannot apply, so that the setting is never
 * ignored in silence. Quality and OCR are explained by each processor, in words that fit its output; preserving
 * formatting means the same thing for every format that ignores it, so it is said here once.
 */
export function unappliedSettingNotes(tool: ToolDefinition, options: Readonly<Record<string, unknown>>): Message[] {
  const notes: Message[] = [];
  if (options.preserveFormatting === false && notAppliedTo(tool.id).has("preserveFormatting")) {
    notes.push(msg("results.preserveFormattingNotApplied", { textTool: toolName("pdf-to-text"), tool: toolName(tool.id) }));
  }
  return notes;
}
