import type { FastifyInstance } from "fastify";
import { AbortedError, UserError } from "../../errors.js";
import { acceptJob, type JobDeps } from "../accept-job.js";

/** POST /api/process/{tool}: the spec's processing call. Uploads, runs the tool as a job, replies with the download. */
export function registerProcessRoute(app: FastifyInstance, deps: JobDeps): void {
  app.post<{ Params: { tool: string } }>("/api/process/:tool", async (request, reply) => {
    const job = await acceptJob(request.params.tool, request, deps);
    // A visitor who goes away (or presses Cancel) stops the engines working for them.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) void job.cancel();
    });
    return await job.done.catch((err: unknown) => {
      // Only our own mistakes are server errors: the log says which job met one.
      if (!(err instanceof UserError || err instanceof AbortedError)) request.log.error({ err, jobId: job.id }, "job failed unexpectedly");
      throw err;
    });
  });
}
