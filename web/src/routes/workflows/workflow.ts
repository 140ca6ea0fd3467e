import { i18n } from "../../i18n/i18n.js";
import { z } from "zod";
import { findTool, TOOLS, type ToolDefinition } from "../../../../catalog/index.js";
import { optionDefaults, shapeOf } from "../../lib/option-schema.js";

/**
 * A workflow: tools in a row, each with its settings, run by POST /api/jobs/pipeline. What is saved (in the browser,
 * or downloaded) is exactly the `steps` JSON the API takes, so a saved file can be sent with curl unchanged.
 */

export interface WorkflowStep {
  tool: string;
  options: Record<string, unknown>;
}

/**
 * The tools a workflow offers: the generic screens' tools that work on what comes before them without looking at a
 * page (Organize and Delete Pages choose pages on a preview of the file, which a later step does not have yet),
 * each once (Encrypt and Decrypt are Protect and Unlock under other names).
 */
const LEFT_OUT = new Set(["organize-pdf", "delete-pages", "encrypt-pdf", "decrypt-pdf"]);
export const WORKFLOW_TOOLS: readonly ToolDefinition[] = TOOLS.filter((t) => t.screen === "generic" && !LEFT_OUT.has(t.id));

export function newStep(toolId: string): WorkflowStep {
  return { tool: toolId, options: optionDefaults(findTool(toolId)!.options) };
}

/**
 * The options as the API reads them: values left at a blank text or an empty list mean "the default", as on the
 * tool pages, so they are left out; everything else goes as its JSON value.
 */
function apiOptions(options: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null || value instanceof File) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    kept[name] = value;
  }
  return kept;
}

export function toApiSteps(steps: readonly WorkflowStep[]): WorkflowStep[] {
  return steps.map((s) => ({ tool: s.tool, options: apiOptions(s.options) }));
}

const savedShape = z.array(z.object({ tool: z.string(), options: z.record(z.string(), z.unknown()).optional() })).min(1).max(20);

/**
 * Steps read from a saved file or the browser's storage: tools this page offers, each option the tool knows checked
 * by its schema (an unknown one is dropped, a bad value takes the default). Throws a sentence for the visitor.
 */
export function parseWorkflow(text: string): WorkflowStep[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(i18n.t("workflows:load.notJson"));
  }
  const parsed = savedShape.safeParse(raw);
  if (!parsed.success) throw new Error(i18n.t("workflows:load.notSteps"));
  return parsed.data.map((step, i) => {
    const tool = WORKFLOW_TOOLS.find((t) => t.id === step.tool);
    if (!tool) throw new Error(i18n.t("workflows:load.unknownTool", { step: i + 1, tool: step.tool.slice(0, 60) }));
    const options = optionDefaults(tool.options);
    const shape = shapeOf(tool.options);
    for (const [name, value] of Object.entries(step.options ?? {})) {
      if (shape[name]?.safeParse(value).success) options[name] = value;
    }
    return { tool: tool.id, options };
  });
}

const STORAGE_KEY = "pdf-toolbox.workflow";

export function loadSavedWorkflow(): WorkflowStep[] {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? parseWorkflow(text) : [];
  } catch {
    return [];
  }
}

export function saveWorkflow(steps: readonly WorkflowStep[]): void {
  try {
    if (steps.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(toApiSteps(steps)));
  } catch {
    // Storage full or refused: the workflow still runs, and can be downloaded.
  }
}

/**
 * The step a pipeline's progress is in: the server gives each step an equal share of the job's progress, so the
 * share reached tells the step (a step at its end counts as done, the next one as running).
 */
export function runningStepLabel(steps: readonly WorkflowStep[], fraction: number): string | undefined {
  if (steps.length === 0) return undefined;
  const index = Math.min(steps.length - 1, Math.floor(fraction * steps.length));
  const id = steps[index]!.tool;
  return i18n.t("workflows:runningStep", { step: index + 1, count: steps.length, tool: findTool(id) ? i18n.t(`tools:${id}.name`) : id });
}
