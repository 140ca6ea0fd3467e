import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { TOOLS } from "../../catalog/tools.js";
import { AbortedError, BusyError, publicText, UserError } from "../errors.js";
import { JobRecords } from "../jobs/records.js";
import { Stats } from "../storage/stats.js";
import type { JobQueue } from "../jobs/queue.js";
import type { FileStore } from "../storage/store.js";
import type { WorkDirs } from "../storage/work-dirs.js";
import { capConnectionsPerAddress, serverTimeouts } from "./connections.js";
import { registerDocsRoutes } from "./routes/docs.js";
import { registerDownloadRoute } from "./routes/download.js";
import type { ProcessReply } from "../jobs/publish.js";
import { registerHealthRoute } from "./routes/health.js";
import { findWebRoot, registerWebRoutes } from "./routes/web.js";
import { registerRateLimit } from "./rate-limit.js";
import { registerSecurityHeaders, securityHeaders } from "./security-headers.js";
import { registerJobRoutes } from "./routes/jobs.js";
import { registerProcessRoute } from "./routes/process.js";
import { say } from "../i18n/i18n.js";
import { msg } from "../i18n/message.js";
import { registerRequestLocale } from "./request-locale.js";
import { refusedWhileBodyArrives } from "./upload.js";
import { registerSitemapRoute } from "./routes/sitemap.js";

export interface AppDeps {
  config: Config;
  store: FileStore;
  workDirs: WorkDirs;
  queue: JobQueue;
  logger?: boolean;
}

export async function buildApp({ config, store, workDirs, queue, logger = true }: AppDeps): Promise<FastifyInstance> {
  const headers = securityHeaders(findWebRoot());
  const app = Fastify({
    logger: logger ? { level: process.env.LOG_LEVEL ?? "info" } : false,
    trustProxy: config.trustProxy,
    ...serverTimeouts(config),
    // Errors found before routing (an address that is not valid percent-encoding) get the same JSON sentence,
    // and the headers, which hooks do not add before routing.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).headers(headers).status(400).send({ success: false, error: say(msg("errors.badAddress"), "en") });
    },
  });
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  await app.register(multipart);

  registerSecurityHeaders(app, headers);
  registerRequestLocale(app);
  registerRateLimit(app, config.rateLimitPerMinute, config.redisUrl);

  app.setErrorHandler((error, request, reply) => {
    if (refusedWhileBodyArrives(request.raw)) reply.header("Connection", "keep-alive");
    if (error instanceof UserError) {
      if (error instanceof BusyError) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply.status(error.status).send({ success: false, error: say(error.text, request.locale) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, error: say(msg("errors.badRequest"), request.locale) });
    }
    if (error instanceof AbortedError) {
      return reply.status(499).send({ success: false, error: say(publicText(error), request.locale) });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ success: false, error: say(publicText(error), request.locale) });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/")) return reply.status(404).send({ success: false, error: say(msg("errors.notFound"), request.locale) });
    return reply.status(404).type("text/html; charset=utf-8").send("<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1><p>We could not find that page. <a href=\"/\">Go home</a>.</p>");
  });

  const stats = new Stats(config.dataDir);
  await stats.load();
  const jobDeps = { config, store, workDirs, queue, stats };
  registerProcessRoute(app, jobDeps);
  const describeJobError = (err: unknown, jobId: string) => {
    if (!(err instanceof UserError || err instanceof AbortedError)) app.log.error({ err, jobId }, "job failed unexpectedly");
    return publicText(err);
  };
  registerJobRoutes(app, jobDeps, new JobRecords<ProcessReply>(config.fileTtlMs), describeJobError);
  const listedTools = TOOLS.filter((t) => t.listed).length;
  app.get("/api/stats", async () => ({ documentsProcessed: stats.documentsProcessed, tools: listedTools }));
  const fileTtlSeconds = Math.round(config.fileTtlMs / 1000);
  registerDownloadRoute(app, store, fileTtlSeconds);
  registerHealthRoute(app, queue, config);
  registerDocsRoutes(app, fileTtlSeconds);
  registerSitemapRoute(app);
  registerWebRoutes(app);
  return app;
}
