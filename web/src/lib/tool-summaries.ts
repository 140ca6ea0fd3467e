import summaries from "virtual:tool-summaries";
import type { ToolDefinition } from "../../../catalog/types.js";

/** A tool as the home page and the menus need it: everything but its option schema (see tool-summaries-plugin). */
export type ToolSummary = Omit<ToolDefinition, "options" | "extraFiles" | "dispatchField">;

// The plugin builds these from TOOLS by dropping exactly the omitted fields.
export const TOOL_SUMMARIES = summaries as readonly ToolSummary[];

const byId = new Map(TOOL_SUMMARIES.map((tool) => [tool.id, tool]));

export function findToolSummary(id: string): ToolSummary | undefined {
  return byId.get(id);
}
