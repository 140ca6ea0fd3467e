import fs from "node:fs/promises";
import path from "node:path";
import { findTool } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { EngineFailure, NotAvailableError, replyForFailure, UserError } from "../errors.js";
import { sniffKind } from "../lib/sniff.js";
import { processorOf } from "../tools/index.js";
import type { InputFile, OutputFile, ProcessorContext, ProcessorInput, ToolResult } from "../work/types.js";
import type { PipelineStep } from "./spec.js";
import { unappliedSettingNotes } from "./unapplied-settings.js";
import { kindNames } from "../i18n/kind-names.js";
import { list, msg, toolName, type Message, type Said } from "../i18n/message.js";

/**
 * Several tools in a row as one job (`POST /api/pipeline`): each step's outputs are the next step's files, each step
 * works in a folder of its own inside the job's, and progress runs across the steps. Options were checked for every
 * step before the job was queued; what only the files can tell (a step made files the next one does not take, or
 * more than it takes) stops the pipeline here, with the step's name, as does a step that fails.
 */

export function stepName(index: number, tool: ToolDefinition): Message {
  return msg("pipeline.step", { number: index + 1, tool: toolName(tool.id) });
}

/** The next step's files: the previous step's outputs, each checked for a kind the step takes. */
async function outputsAsInputs(outputs: readonly OutputFile[], tool: ToolDefinition, index: number, previous: ToolDefinition): Promise<InputFile[]> {
  const count = outputs.length;
  if (count > tool.maxFiles || count < tool.minFiles) {
    const steps = { step: stepName(index, tool), previous: stepName(index - 1, previous), count, min: tool.minFiles, max: tool.maxFiles };
    const key = tool.maxFiles === 1 ? "pipeline.takesOne" : tool.minFiles === tool.maxFiles ? "pipeline.takesExactly" : "pipeline.takesBetween";
    throw new UserError(msg(key, steps), 422, "pipeline_mismatch");
  }
  return Promise.all(
    outputs.map(async (output) => {
      const kind = await sniffKind(output.path, output.name);
      if (!kind || !tool.accepts.includes(kind)) {
        const kinds = list(kindNames(tool.accepts));
        throw new UserError(msg("pipeline.takesKinds", { step: stepName(index, tool), kinds, previous: stepName(index - 1, previous), name: output.name }), 422, "pipeline_mismatch");
      }
      return { path: output.path, name: output.name, size: (await fs.stat(output.path)).size, kind };
    }),
  );
}

/** A step's failure, told with the step's name. */
function failedStep(err: unknown, index: number, tool: ToolDefinition, files: readonly InputFile[]): unknown {
  const reply = err instanceof EngineFailure ? replyForFailure(err, files.length === 1 ? files[0]!.name : undefined) : err;
  if (!(reply instanceof UserError)) return reply;
  return new UserError([msg("pipeline.failed", { step: stepName(index, tool) }), reply.text], reply.status, reply.code);
}

export async function runPipeline(steps: readonly PipelineStep[], input: ProcessorInput<unknown>, ctx: ProcessorContext): Promise<ToolResult> {
  let files = input.files;
  let previous: ToolDefinition | undefined;
  let result: ToolResult | undefined;
  const said: Said[] = [];
  for (const [index, step] of steps.entries()) {
    const tool = findTool(step.toolId);
    const processor = tool && processorOf(tool);
    if (!tool || !processor) throw new NotAvailableError(tool?.id ?? step.toolId);
    if (result && previous) files = await outputsAsInputs(result.files, tool, index, previous);
    const workDir = path.join(ctx.workDir, `step-${index + 1}`);
    await fs.mkdir(workDir);
    const own: ProcessorContext = { ...ctx, workDir, progress: (f) => ctx.progress((index + Math.min(1, Math.max(0, f))) / steps.length) };
    try {
      result = await processor({ files, extra: {}, options: step.options }, own);
    } catch (err) {
      throw failedStep(err, index, tool, files);
    }
    const notes: Said[] = [result.message ?? "", ...unappliedSettingNotes(tool, step.options)];
    const saysSomething = notes.some((note) => note !== "" && !(Array.isArray(note) && note.length === 0));
    said.push([msg("pipeline.said", { step: stepName(index, tool) }), saysSomething ? notes : msg("pipeline.done")]);
    ctx.progress((index + 1) / steps.length);
    previous = tool;
  }
  return { ...result!, message: said };
}
