import type { FastifyRequest } from "fastify";
import { findTool } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import type { Config } from "../config.js";
import { NotAvailableError, UserError } from "../errors.js";
import type { ProcessReply } from "../jobs/publish.js";
import type { Job, JobQueue } from "../jobs/queue.js";
import type { JobSpec, StoredInput } from "../jobs/spec.js";
import { newId } from "../lib/ids.js";
import type { Stats } from "../storage/stats.js";
import type { FileStore } from "../storage/store.js";
import type { WorkDirs } from "../storage/work-dirs.js";
import { optionCheckOf, processorOf } from "../tools/index.js";
import type { InputFile } from "../work/types.js";
import { fieldLimitsFor, type FieldLimits } from "./field-limits.js";
import { addEarlierResults } from "./earlier-results.js";
import { decodeOptions } from "../../pdf-ops/options.js";
import { checkFiles, receiveUpload } from "./upload.js";
import { markStep } from "../lib/request-timeline.js";
import { msg } from "../i18n/message.js";

export interface JobDeps {
  config: Config;
  store: FileStore;
  workDirs: WorkDirs;
  queue: JobQueue;
  stats: Stats;
}

/** Convert PDF names its format in a field; every other tool is itself. */
function resolveTool(tool: ToolDefinition, fields: ReadonlyMap<string, string[]>): ToolDefinition {
  if (!tool.dispatchField) return tool;
  const wanted = fields.get(tool.dispatchField.name)?.at(-1) || tool.dispatchField.defaultTarget;
  const target = tool.dispatchField.targets.includes(wanted) ? findTool(wanted) : undefined;
  if (!target) throw new UserError(msg("validation.oneOf", { field: tool.dispatchField.name, values: tool.dispatchField.targets.join(", ") }), 400, "invalid_options");
  return target;
}

/** `batch=true`: a tool that takes one file applied to each file on its own (jobs/batch.ts). */
function batchAsked(tool: ToolDefinition, fields: ReadonlyMap<string, string[]>): boolean {
  const value = fields.get("batch")?.at(-1)?.trim().toLowerCase();
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value !== "true" && value !== "1") throw new UserError(msg("batch.trueOrFalse"), 400, "invalid_options");
  if (tool.maxFiles !== 1) throw new UserError(msg("batch.oneFileTools", { tool: msg(`tools:${tool.id}.name`) }), 400, "invalid_options");
  return true;
}

/** What a request asks for, read from its fields once its files have arrived. */
export interface WorkPlan {
  /** The tool whose file rules (kinds, count) the uploaded files must meet. */
  checkAs: ToolDefinition;
  toolId: string;
  options: Record<string, unknown>;
  batch?: boolean;
  steps?: JobSpec["steps"];
}

/**
 * Receives and checks an upload for a tool, keeps the files in the store and puts a job description on the queue.
 * Everything a visitor can get wrong (unknown tool, files, options) is answered here, before any engine runs. The
 * upload folder goes as soon as the files are kept; the queue removes the kept files when the job ends.
 */
export async function acceptJob(toolId: string, request: FastifyRequest, deps: JobDeps): Promise<Job<ProcessReply>> {
  const requested = findTool(toolId);
  if (!requested) throw new UserError(msg("errors.unknownTool", { tool: toolId.slice(0, 100) }), 404, "unknown_tool");
  return acceptWork(request, deps, fieldLimitsFor(requested), (fields) => {
    const tool = resolveTool(requested, fields);
    if (!processorOf(tool)) throw new NotAvailableError(tool.id);
    const batch = batchAsked(tool, fields);
    // A batch takes as many files as any request may carry, each run on its own.
    const checkAs = batch ? { ...tool, maxFiles: deps.config.maxFiles } : tool;
    const options = decodeOptions(tool.options, fields);
    optionCheckOf(tool)?.(options);
    return { checkAs, toolId: tool.id, options, ...(batch && { batch }) };
  });
}

/** The part every kind of request shares: the upload, the files it names, their checks, the store and the queue. */
export async function acceptWork(
  request: FastifyRequest,
  deps: JobDeps,
  fieldLimits: FieldLimits,
  plan: (fields: ReadonlyMap<string, string[]>) => WorkPlan,
): Promise<Job<ProcessReply>> {
  const { config, store, workDirs, queue, stats } = deps;
  // A full queue is said before the upload is read, not after it has been stored.
  await queue.ensureRoom();
  const id = newId();
  const uploadDir = await workDirs.create();
  let job: Job<ProcessReply>;
  let spec: JobSpec;
  let keeping = false;
  try {
    const upload = await receiveUpload(request, uploadDir, config, fieldLimits);
    markStep("upload received");
    await addEarlierResults(upload, store, uploadDir, { maxFiles: config.maxFiles, fileTtlSeconds: config.fileTtlMs / 1000 });
    const { checkAs, toolId, options, batch, steps } = plan(upload.fields);
    const { files, extra } = await checkFiles(checkAs, upload);
    markStep("files checked");
    const keep = async (file: InputFile, index: number): Promise<StoredInput> => ({
      key: await store.putInput(id, index, file.path),
      name: file.name,
      size: file.size,
      kind: file.kind,
    });
    keeping = true;
    // Side by side: each keep is a few file-system calls, and twenty of them one after another add up.
    const extraFields = Object.entries(extra);
    const [kept, keptExtra] = await Promise.all([
      Promise.all(files.map((file, i) => keep(file, i + 1))),
      Promise.all(extraFields.map(([, file], i) => keep(file, files.length + i + 1))),
    ]);
    spec = {
      id,
      toolId,
      files: kept,
      extra: Object.fromEntries(extraFields.map(([field], i) => [field, keptExtra[i]!])),
      options,
      ...(batch && { batch }),
      ...(steps && { steps }),
      locale: request.locale,
    };
    markStep("inputs kept");
    job = await queue.submit(spec);
  } catch (err) {
    // Nothing is in the store unless keeping began (asking a remote store would cost a round trip per refusal).
    if (keeping) await store.removeInputs(id);
    throw err;
  } finally {
    await workDirs.remove(uploadDir);
  }
  const documents = spec.files.length;
  void job.done.then(
    () => stats.recordDocuments(documents),
    () => undefined,
  );
  return job;
}
