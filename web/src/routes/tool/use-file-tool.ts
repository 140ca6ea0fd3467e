import { useCallback, useState } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { useDeviceReady, useToolRun, type RunOptions } from "../../lib/use-tool-run.js";
import type { Values } from "./settings/types.js";

/**
 * The working state of a one-file dedicated screen (repair, OCR, sign): the chosen file, the settings starting
 * from the catalogue's defaults, the run, and Change file, which starts over as the spec says (no file, no
 * result, default options). `runAs` is the tool the call goes to, where a screen's page name differs from it.
 */
export function useFileTool(tool: ToolDefinition, runOptions: RunOptions, runAs: ToolDefinition = tool) {
  const files = useSelectedFiles();
  const [values, setValuesState] = useState<Values>(() => optionDefaults(tool.options));
  const setValues = useCallback((patch: Values) => setValuesState((current) => ({ ...current, ...patch })), []);
  const { state, run, cancel, reset, runOnServer, prepare } = useToolRun(runAs, runOptions);
  useDeviceReady(prepare, state, files, values);
  const changeFile = useCallback(() => {
    fileStore.clear();
    reset();
    setValuesState(optionDefaults(tool.options));
  }, [reset, tool.options]);
  return { file: files[0], values, setValues, state, run, cancel, runOnServer, changeFile, busy: state.phase !== "idle" };
}
