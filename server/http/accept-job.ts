import type { FastifyRequest } from "fastify";
import { findTool, processorIdOf } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import type { Config } from "../config.js";
import { NotAvailableError, UserError } from "../errors.js";
import type { Job, JobQueue } from "../jobs/queue.js";
import type { LocalStore } from "../storage/local-store.js";
import type { Stats } from "../storage/stats.js";
import { PROCESSORS } from "../tools/index.js";
import type { Processor } from "../tools/types.js";
import { decodeOptions } from "./form-options.js";
import { publishResult, type ProcessReply } from "./publish.js";
import { checkFiles, receiveUpload } from "./upload.js";

export interface JobDeps {
  config: Config;
  store: LocalStore;
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

/**
 * Receives and checks an upload for a tool and puts the work on the queue. Everything a visitor can get wrong
 * (unknown tool, files, options) is answered here, before any engine runs. The job's folder is removed when the
 * job ends, whatever the outcome.
 */
export async function acceptJob(toolId: string, request: FastifyRequest, deps: JobDeps): Promise<Job<ProcessReply>> {
  const { config, store, queue, stats } = deps;
  const requested = findTool(toolId);
  if (!requested) throw new UserError(`There is no tool called "${toolId}".`, 404, "unknown_tool");

  const workDir = await store.createWorkDir();
  let job: Job<ProcessReply>;
  try {
    const upload = await receiveUpload(request, workDir, config);
    const tool = resolveTool(requested, upload.fields);
    const processor = PROCESSORS[processorIdOf(tool)] as Processor<Record<string, unknown>> | undefined;
    if (!processor) throw new NotAvailableError(tool.name);
    const { files, extra } = await checkFiles(tool, upload);
    const options = decodeOptions(tool.options, upload.fields);
    job = queue.submit(async ({ signal, progress }) => {
      const result = await processor(
        { files, extra, options },
        { workDir, signal, progress, timeoutMs: config.engineTimeoutMs, maxPages: config.maxPages },
      );
      const reply = await publishResult(result, store, workDir, tool.id);
      stats.recordDocuments(files.length);
      return reply;
    });
  } catch (err) {
    await store.removeWorkDir(workDir);
    throw err;
  }
  void job.done.catch(() => undefined).finally(() => store.removeWorkDir(workDir));
  return job;
}
