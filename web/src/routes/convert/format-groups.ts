import { i18n } from "../../i18n/i18n.js";
import { FORMAT_KEYS, findTool, type FormatKey, type ToolDefinition } from "../../../../catalog/index.js";

/**
 * The Convert screen's five groups of formats. Which group a format sits in is a matter of presentation only, so
 * it lives here; everything else about a format (name, accepted files, options) comes from its catalogue entry.
 */
export const FORMAT_GROUPS: ReadonlyArray<{ id: string; formats: readonly FormatKey[] }> = [
  { id: "documents", formats: ["pdf-to-word", "pdf-to-rtf", "pdf-to-html", "pdf-to-markdown", "word-to-pdf"] },
  { id: "images", formats: ["pdf-to-jpg", "pdf-to-png", "pdf-to-svg", "jpg-to-pdf"] },
  { id: "data", formats: ["pdf-to-excel", "pdf-to-text"] },
  { id: "presentations", formats: ["pdf-to-ppt"] },
  { id: "archive", formats: ["pdf-to-epub", "pdf-to-pdf-a"] },
];

export const DEFAULT_FORMAT: FormatKey = "pdf-to-word";

export function isFormatKey(value: string): value is FormatKey {
  return (FORMAT_KEYS as readonly string[]).includes(value);
}

/** The catalogue entry that does a format's work; every format key is a tool there. */
export function formatTool(format: FormatKey): ToolDefinition {
  const tool = findTool(format);
  if (!tool) throw new Error(`The catalogue has no tool for the format "${format}".`);
  return tool;
}

/** What a format makes, for the 'Convert to {format}' button: "PDF to Word" gives "Word", "JPG to PDF" gives "PDF". */
export function targetName(tool: Pick<ToolDefinition, "id" | "name">): string {
  const at = tool.name.lastIndexOf(" to ");
  return i18n.t(`tool:convert.targets.${tool.id}`, { defaultValue: at < 0 ? tool.name : tool.name.slice(at + 4) });
}
