import type { FastifyInstance } from "fastify";
import { UserError } from "../../errors.js";
import type { JobRecords } from "../../jobs/records.js";
import { acceptJob, type JobDeps } from "../accept-job.js";
import { acceptPipeline } from "../accept-pipeline.js";
import type { ProcessReply } from "../../jobs/publish.js";
import type { Locale } from "../../../catalog/locales.js";
import { say } from "../../i18n/i18n.js";
import type { Text } from "../../i18n/message.js";
import { localizeReply } from "../../jobs/publish.js";

/** How long after a job ends its language is remembered for those who ask about it. */
const JOB_LOCALE_KEPT_MS = 60 * 60 * 1000;

const FINAL = new Set(["succeeded", "failed", "cancelled"]);

function notFound(): UserError {
  return new UserError("There is no such job, or it has expired.", 404, "not_found");
}

/**
 * The jobs API: start a job and get its id at once, then follow its real progress by polling or by server-sent
 * events, and cancel it (which kills its engine processes).
 */
export function registerJobRoutes(
  app: FastifyInstance,
  deps: JobDeps,
  records: JobRecords<ProcessReply>,
  describeError: (err: unknown, jobId: string) => Text,
): void {
  // Each job's sentences are said in the language of the request that started it (the web app follows a job
  // with EventSource, which cannot say the page's language); a job started elsewhere, in the reader's.
  const jobLocales = new Map<string, Locale>();
  const localized = (id: string, reader: Locale) => {
    const snapshot = records.snapshot(id)!;
    const locale = jobLocales.get(id) ?? reader;
    return {
      ...snapshot,
      ...(snapshot.result !== undefined && { result: localizeReply(snapshot.result, locale) }),
      ...(snapshot.error !== undefined && { error: say(snapshot.error, locale) }),
    };
  };
  /** A job this server accepted or, where servers share the queue, one another server did. */
  const findJob = async (id: string) => {
    const known = records.get(id);
    if (known) return known;
    const found = await deps.queue.find(id);
    if (!found) return undefined;
    records.add(found, describeError);
    // The outcome of a job found already ended is recorded once its promise settles; wait for that.
    if (FINAL.has(found.state)) await found.done.catch(() => undefined);
    return found;
  };

  app.post<{ Params: { tool: string } }>("/api/jobs/:tool", async (request, reply) => {
    // A pipeline is a job too, followed the same way; no tool is called "pipeline".
    const job = request.params.tool === "pipeline" ? await acceptPipeline(request, deps) : await acceptJob(request.params.tool, request, deps);
    records.add(job, describeError);
    jobLocales.set(job.id, request.locale);
    void job.done.catch(() => undefined).then(() => setTimeout(() => jobLocales.delete(job.id), JOB_LOCALE_KEPT_MS).unref());
    return reply.status(202).send({ success: true, jobId: job.id });
  });

  app.get<{ Params: { id: string } }>("/api/jobs/:id", async (request) => {
    if (!(await findJob(request.params.id))) throw notFound();
    return localized(request.params.id, request.locale);
  });

  app.delete<{ Params: { id: string } }>("/api/jobs/:id", async (request) => {
    const job = await findJob(request.params.id);
    if (!job) throw notFound();
    await job.cancel();
    return { success: true };
  });

  app.get<{ Params: { id: string } }>("/api/jobs/:id/events", async (request, reply) => {
    const job = await findJob(request.params.id);
    if (!job) throw notFound();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      Connection: "keep-alive",
    });
    let finished = false;
    const send = () => {
      if (finished) return;
      const snapshot = localized(job.id, request.locale);
      // The outcome is recorded a moment after the state flips; wait for it before the final event.
      if (FINAL.has(snapshot.state) && snapshot.result === undefined && snapshot.error === undefined) return;
      res.write(`data: ${JSON.stringify(snapshot)}\n\n`);
      if (FINAL.has(snapshot.state)) {
        finished = true;
        unsubscribe();
        res.end();
      }
    };
    const unsubscribe = job.subscribe(send);
    void job.done.catch(() => undefined).then(() => setImmediate(send));
    res.on("close", unsubscribe);
    send();
  });
}
