import type { FastifyRequest } from "fastify";
import { findTool, processorIdOf } from "../../catalog/tools.js";
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
import { PROCESSORS } from "../tools/index.js";
import type { InputFile } from "../tools/types.js";
import { fieldLimitsFor } from "./field-limits.js";
import { addEarlierResults } from "./earlier-results.js";
import { decodeOptions } from "./form-options.js";
import { checkFiles, receiveUpload } from "./upload.js";

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
  if (!target) throw new UserError(`"${tool.dispatchField.name}" must be one of: ${tool.dispatchField.targets.join(", ")}.`, 400, "invalid_options");
  return target;
}

/** `batch=true`: a tool that takes one file applied to each file on its own (jobs/batch.ts). */
function batchAsked(tool: ToolDefinition, fields: ReadonlyMap<string, string[]>): boolean {
  const value = fields.get("batch")?.at(-1)?.trim().toLowerCase();
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value !== "true" && value !== "1") throw new UserError(`"batch" must be true or false.`, 400, "invalid_options");
  if (tool.maxFiles !== 1) throw new UserError(`"batch" is for tools that take one file; ${tool.name} takes several at once.`, 400, "invalid_options");
  return true;
}

/**
 * Receives and checks an upload for a tool, keeps the files in the store and puts a job description on the queue.
 * Everything a visitor can get wrong (unknown tool, files, options) is answered here, before any engine runs. The
 * upload folder goes as soon as the files are kept; the queue removes the kept files when the job ends.
 */
export async function acceptJob(toolId: string, request: FastifyRequest, deps: JobDeps): Promise<Job<ProcessReply>> {
  const { config, store, workDirs, queue, stats } = deps;
  const requested = findTool(toolId);
  if (!requested) throw new UserError(`There is no tool called "${toolId}".`, 404, "unknown_tool");

  // A full queue is said before the upload is read, not after it has been stored.
  await queue.ensureRoom();
  const id = newId();
  const uploadDir = await workDirs.create();
  let job: Job<ProcessReply>;
  let spec: JobSpec;
  try {
    const upload = await receiveUpload(request, uploadDir, config, fieldLimitsFor(requested));
    await addEarlierResults(upload, store, uploadDir, { maxFiles: config.maxFiles, fileTtlSeconds: config.fileTtlMs / 1000 });
    const tool = resolveTool(requested, upload.fields);
    if (!PROCESSORS[processorIdOf(tool)]) throw new NotAvailableError(tool.name);
    const batch = batchAsked(tool, upload.fields);
    // A batch takes as many files as any request may carry, each run on its own.
    const { files, extra } = await checkFiles(batch ? { ...tool, maxFiles: config.maxFiles } : tool, upload);
    const options = decodeOptions(tool.options, upload.fields);
    const keep = async (file: InputFile, index: number): Promise<StoredInput> => ({
      key: await store.putInput(id, index, file.path),
      name: file.name,
      size: file.size,
      kind: file.kind,
    });
    // Side by side: each keep is a few file-system calls, and twenty of them one after another add up.
    const extraFields = Object.entries(extra);
    const [kept, keptExtra] = await Promise.all([
      Promise.all(files.map((file, i) => keep(file, i + 1))),
      Promise.all(extraFields.map(([, file], i) => keep(file, files.length + i + 1))),
    ]);
    spec = { id, toolId: tool.id, files: kept, extra: Object.fromEntries(extraFields.map(([field], i) => [field, keptExtra[i]!])), options, ...(batch && { batch }) };
    job = await queue.submit(spec);
  } catch (err) {
    await store.removeInputs(id);
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
