import { MAX_FILES, type ToolDefinition } from "../../../../catalog/index.js";
import { rulesForTool, type UploadRules } from "../../lib/upload-rules.js";

/** A one-file tool on the generic screen takes several files too: the server then runs it on each (batch=true). */
export function canBatch(tool: ToolDefinition): boolean {
  return tool.maxFiles === 1 && tool.screen === "generic";
}

export function rulesForGenericPage(tool: ToolDefinition): UploadRules {
  const rules = rulesForTool(tool);
  return canBatch(tool) ? { ...rules, maxFiles: MAX_FILES } : rules;
}

export function isBatchRun(tool: ToolDefinition, files: readonly File[]): boolean {
  return canBatch(tool) && files.length > 1;
}
