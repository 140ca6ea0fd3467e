import type { FastifyRequest } from "fastify";
import { findTool, processorIdOf } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { InvalidOptionsError, NotAvailableError, UserError } from "../errors.js";
import type { ProcessReply } from "../jobs/publish.js";
import type { Job } from "../jobs/queue.js";
import type { PipelineStep } from "../jobs/spec.js";
import { OPTION_CHECKS, PROCESSORS } from "../tools/index.js";
import { acceptWork, type JobDeps } from "./accept-job.js";
import { JSON_FIELD_CHARS, TEXT_FIELD_CHARS, type FieldLimits } from "./field-limits.js";
import { describeIssue } from "../../pdf-ops/options.js";
import { inEnglish } from "../i18n/i18n.js";

/**
 * POST /api/pipeline: files (and/or fileIds) and `steps`, a JSON array of `{ "tool": id, "options": {…} }`, run one
 * after the other as one job (jobs/pipeline.ts). Every step is checked before anything is stored or run: the tool
 * exists and is built, takes no file of its own besides the ones flowing through, and its options pass its schema,
 * read as JSON values (what a saved workflow holds). A refusal names the step and the field.
 */

export const MAX_STEPS = 20;

const PIPELINE_FIELDS: FieldLimits = { charsFor: (name) => (name === "steps" ? JSON_FIELD_CHARS : TEXT_FIELD_CHARS) };

function refuse(message: string): UserError {
  return new UserError(message, 400, "invalid_pipeline");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Convert PDF names its format in an option; a step runs the format's own tool. */
function dispatched(tool: ToolDefinition, options: Record<string, unknown>, label: string): ToolDefinition {
  if (!tool.dispatchField) return tool;
  const wanted = options[tool.dispatchField.name] ?? tool.dispatchField.defaultTarget;
  const target = typeof wanted === "string" && tool.dispatchField.targets.includes(wanted) ? findTool(wanted) : undefined;
  if (!target) throw refuse(`${label}: "${tool.dispatchField.name}" must be one of: ${tool.dispatchField.targets.join(", ")}.`);
  return target;
}

function checkedStep(raw: unknown, index: number): { tool: ToolDefinition; step: PipelineStep } {
  const label = `Step ${index + 1}`;
  if (!isRecord(raw) || typeof raw.tool !== "string") throw refuse(`${label} must be an object with a "tool" and its "options".`);
  const named = findTool(raw.tool);
  if (!named) throw refuse(`${label}: there is no tool called "${raw.tool.slice(0, 60)}".`);
  const options = raw.options ?? {};
  if (!isRecord(options)) throw refuse(`${label} (${named.name}): "options" must be an object.`);
  const tool = dispatched(named, options, `${label} (${named.name})`);
  if (!PROCESSORS[processorIdOf(tool)]) throw new NotAvailableError(tool.id);
  if ((tool.extraFiles ?? []).length > 0) {
    throw refuse(`${label} (${tool.name}) needs a file of its own (${tool.extraFiles!.map((f) => f.name).join(", ")}), so it cannot run in a pipeline.`);
  }
  // Names a step's tool does not know are left out, as they are from a form (Convert PDF's "format" among them).
  const parsed = tool.options.safeParse(options);
  if (!parsed.success) throw refuse(`${label} (${tool.name}): ${inEnglish(describeIssue(parsed.error.issues[0]!, options))}`);
  try {
    OPTION_CHECKS[processorIdOf(tool)]?.(parsed.data as never);
  } catch (err) {
    if (err instanceof InvalidOptionsError) throw refuse(`${label} (${tool.name}): ${inEnglish(err.message)}`);
    throw err;
  }
  return { tool, step: { toolId: tool.id, options: parsed.data as Record<string, unknown> } };
}

/** The steps a request asks for, every one of them checked. */
export function readSteps(fields: ReadonlyMap<string, string[]>): Array<{ tool: ToolDefinition; step: PipelineStep }> {
  const text = fields.get("steps")?.at(-1);
  if (text === undefined || text.trim() === "") throw refuse(`"steps" is missing: a JSON array of { "tool": id, "options": {…} }.`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuse(`"steps" is not valid JSON.`);
  }
  if (!Array.isArray(raw) || raw.length === 0) throw refuse(`"steps" must be a JSON array of at least one step.`);
  if (raw.length > MAX_STEPS) throw refuse(`"steps" has ${raw.length} steps: at most ${MAX_STEPS}.`);
  return raw.map(checkedStep);
}

export function acceptPipeline(request: FastifyRequest, deps: JobDeps): Promise<Job<ProcessReply>> {
  return acceptWork(request, deps, PIPELINE_FIELDS, (fields) => {
    const steps = readSteps(fields);
    const first = steps[0]!;
    return { checkAs: first.tool, toolId: first.tool.id, options: first.step.options, steps: steps.map((s) => s.step) };
  });
}
