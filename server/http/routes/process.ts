import type { FastifyInstance } from "fastify";
import { findTool, processorIdOf } from "../../../catalog/tools.js";
import type { ToolDefinition } from "../../../catalog/types.js";
import type { Config } from "../../config.js";
import { NotAvailableError, UserError } from "../../errors.js";
import type { JobQueue } from "../../jobs/queue.js";
import type { LocalStore } from "../../storage/local-store.js";
import { PROCESSORS } from "../../tools/index.js";
import type { Processor } from "../../tools/types.js";
import { decodeOptions } from "../form-options.js";
import { publishResult } from "../publish.js";
import { checkFiles, receiveUpload } from "../upload.js";

export interface ProcessDeps {
  config: Config;
  store: LocalStore;
  queue: JobQueue;
}

/** Convert PDF names its format in a field; every other tool is itself. */
function resolveTool(tool: ToolDefinition, fields: ReadonlyMap<string, string[]>): ToolDefinition {
  if (!tool.dispatchField) return tool;
  const wanted = fields.get(tool.dispatchField.name)?.at(-1) || tool.dispatchField.defaultTarget;
  const target = tool.dispatchField.targets.includes(wanted) ? findTool(wanted) : undefined;
  if (!target) throw new UserError(`"${tool.dispatchField.name}" must be one of: ${tool.dispatchField.targets.join(", ")}.`, 400, "invalid_options");
  return target;
}

/** POST /api/process/{tool}: the spec's processing call. Uploads, runs the tool as a job, replies with the download. */
export function registerProcessRoute(app: FastifyInstance, { config, store, queue }: ProcessDeps): void {
  app.post<{ Params: { tool: string } }>("/api/process/:tool", async (request, reply) => {
    const requested = findTool(request.params.tool);
    if (!requested) throw new UserError(`There is no tool called "${request.params.tool}".`, 404, "unknown_tool");

    const workDir = await store.createWorkDir();
    try {
      const upload = await receiveUpload(request, workDir, config);
      const tool = resolveTool(requested, upload.fields);
      const processor = PROCESSORS[processorIdOf(tool)] as Processor<Record<string, unknown>> | undefined;
      if (!processor) throw new NotAvailableError(tool.name);
      const { files, extra } = await checkFiles(tool, upload);
      const options = decodeOptions(tool.options, upload.fields);

      const job = queue.submit(async ({ signal, progress }) => {
        const result = await processor(
          { files, extra, options },
          { workDir, signal, progress, timeoutMs: config.engineTimeoutMs, maxPages: config.maxPages },
        );
        return publishResult(result, store, workDir, tool.id);
      });
      // A visitor who goes away (or presses Cancel) stops the engines working for them.
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) job.cancel();
      });
      return await job.done;
    } finally {
      await store.removeWorkDir(workDir);
    }
  });
}
