import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AbortedError, UserError } from "../../errors.js";
import { localizeReply, type ProcessReply } from "../../jobs/publish.js";
import type { Job } from "../../jobs/queue.js";
import { acceptJob, type JobDeps } from "../accept-job.js";
import { acceptPipeline } from "../accept-pipeline.js";
import { timedRequest } from "../../lib/request-timeline.js";

/**
 * POST /api/process/{tool}: the spec's processing call. Uploads, runs the tool as a job, replies with the download.
 * POST /api/pipeline: several tools in a row, answered like one.
 */
export function registerProcessRoute(app: FastifyInstance, deps: JobDeps): void {
  const timed = deps.config.phaseTiming;
  app.post<{ Params: { tool: string } }>("/api/process/:tool", (request, reply) =>
    timedRequest(timed, reply.raw, async () => answer(await acceptJob(request.params.tool, request, deps), request, reply)),
  );
  app.post("/api/pipeline", (request, reply) => timedRequest(timed, reply.raw, async () => answer(await acceptPipeline(request, deps), request, reply)));
}

/** Waits for the job and answers with its reply; a visitor who goes away (or presses Cancel) stops its engines. */
async function answer(job: Job<ProcessReply>, request: FastifyRequest, reply: FastifyReply): Promise<ProcessReply> {
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) void job.cancel();
  });
  const result = await job.done.catch((err: unknown) => {
    // Only our own mistakes are server errors: the log says which job met one.
    if (!(err instanceof UserError || err instanceof AbortedError)) request.log.error({ err, jobId: job.id }, "job failed unexpectedly");
    throw err;
  });
  return localizeReply(result, request.locale);
}
