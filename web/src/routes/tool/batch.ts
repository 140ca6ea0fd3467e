import { MAX_FILES, type ToolDefinition } from "../../../../catalog/index.js";
import { rulesForTool, type UploadRules } from "../../lib/upload-rules.js";

/** The label of the process button when a one-file tool is to be applied to each of several files. */
export const BATCH_LABEL = "Apply to each file (batch)";

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
