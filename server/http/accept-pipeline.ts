import type { FastifyRequest } from "fastify";
import { findTool } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { InvalidOptionsError, NotAvailableError, UserError } from "../errors.js";
import type { ProcessReply } from "../jobs/publish.js";
import type { Job } from "../jobs/queue.js";
import type { PipelineStep } from "../jobs/spec.js";
import { optionCheckOf, processorOf } from "../tools/index.js";
import { acceptWork, type JobDeps } from "./accept-job.js";
import { JSON_FIELD_CHARS, TEXT_FIELD_CHARS, type FieldLimits } from "./field-limits.js";
import { describeIssue } from "../../pdf-ops/options.js";
import { msg, type Text } from "../i18n/message.js";
import { stepName } from "../jobs/pipeline.js";

/**
 * POST /api/pipeline: files (and/or fileIds) and `steps`, a JSON array of `{ "tool": id, "options": {…} }`, run one
 * after the other as one job (jobs/pipeline.ts). Every step is checked before anything is stored or run: the tool
 * exists and is built, takes no file of its own besides the ones flowing through, and its options pass its schema,
 * read as JSON values (what a saved workflow holds). A refusal names the step and the field.
 */

export const MAX_STEPS = 20;

const PIPELINE_FIELDS: FieldLimits = { charsFor: (name) => (name === "steps" ? JSON_FIELD_CHARS : TEXT_FIELD_CHARS) };

function refuse(message: Text): UserError {
  return new UserError(message, 400, "invalid_pipeline");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A step's refusal: its name, then why. */
function refuseStep(step: Text, reason: Text): UserError {
  return refuse(msg("pipeline.refused", { step, reason }));
}

/** Convert PDF names its format in an option; a step runs the format's own tool. */
function dispatched(tool: ToolDefinition, options: Record<string, unknown>, step: Text): ToolDefinition {
  if (!tool.dispatchField) return tool;
  const wanted = options[tool.dispatchField.name] ?? tool.dispatchField.defaultTarget;
  const target = typeof wanted === "string" && tool.dispatchField.targets.includes(wanted) ? findTool(wanted) : undefined;
  if (!target) throw refuseStep(step, msg("validation.oneOf", { field: tool.dispatchField.name, values: tool.dispatchField.targets.join(", ") }));
  return target;
}

function checkedStep(raw: unknown, index: number): { tool: ToolDefinition; step: PipelineStep } {
  const number = index + 1;
  if (!isRecord(raw) || typeof raw.tool !== "string") throw refuse(msg("pipeline.notAStep", { number }));
  const named = findTool(raw.tool);
  if (!named) throw refuseStep(msg("pipeline.stepNumber", { number }), msg("pipeline.noSuchTool", { tool: raw.tool.slice(0, 60) }));
  const options = raw.options ?? {};
  if (!isRecord(options)) throw refuseStep(stepName(index, named), msg("pipeline.optionsNotObject"));
  const tool = dispatched(named, options, stepName(index, named));
  if (!processorOf(tool)) throw new NotAvailableError(tool.id);
  if ((tool.extraFiles ?? []).length > 0) {
    throw refuse(msg("pipeline.ownFile", { step: stepName(index, tool), fields: tool.extraFiles!.map((f) => f.name).join(", ") }));
  }
  // Names a step's tool does not know are left out, as they are from a form (Convert PDF's "format" among them).
  const parsed = tool.options.safeParse(options);
  if (!parsed.success) throw refuseStep(stepName(index, tool), describeIssue(parsed.error.issues[0]!, options));
  try {
    optionCheckOf(tool)?.(parsed.data);
  } catch (err) {
    if (err instanceof InvalidOptionsError) throw refuseStep(stepName(index, tool), err.text);
    throw err;
  }
  return { tool, step: { toolId: tool.id, options: parsed.data as Record<string, unknown> } };
}

/** The steps a request asks for, every one of them checked. */
export function readSteps(fields: ReadonlyMap<string, string[]>): Array<{ tool: ToolDefinition; step: PipelineStep }> {
  const text = fields.get("steps")?.at(-1);
  if (text === undefined || text.trim() === "") throw refuse(msg("pipeline.stepsMissing"));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuse(msg("pipeline.stepsNotJson"));
  }
  if (!Array.isArray(raw) || raw.length === 0) throw refuse(msg("pipeline.stepsEmpty"));
  if (raw.length > MAX_STEPS) throw refuse(msg("pipeline.tooManySteps", { count: raw.length, max: MAX_STEPS }));
  return raw.map(checkedStep);
}

export function acceptPipeline(request: FastifyRequest, deps: JobDeps): Promise<Job<ProcessReply>> {
  return acceptWork(request, deps, PIPELINE_FIELDS, (fields) => {
    const steps = readSteps(fields);
    const first = steps[0]!;
    return { checkAs: first.tool, toolId: first.tool.id, options: first.step.options, steps: steps.map((s) => s.step) };
  });
}
