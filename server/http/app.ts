import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { BusyError, UserError } from "../errors.js";
import type { JobQueue } from "../jobs/queue.js";
import type { LocalStore } from "../storage/local-store.js";
import { registerDocsRoutes } from "./routes/docs.js";
import { registerDownloadRoute } from "./routes/download.js";
import { registerHealthRoute } from "./routes/health.js";
import { registerHomeRoute } from "./routes/home.js";
import { registerProcessRoute } from "./routes/process.js";

export interface AppDeps {
  config: Config;
  store: LocalStore;
  queue: JobQueue;
  logger?: boolean;
}

export async function buildApp({ config, store, queue, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: process.env.LOG_LEVEL ?? "info" } : false, trustProxy: true });
  await app.register(multipart);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("X-Frame-Options", "DENY");
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof UserError) {
      if (error instanceof BusyError) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply.status(error.status).send({ success: false, error: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, error: "The request could not be understood. Please try again." });
    }
    if ((error as Error).name === "AbortedError") {
      return reply.status(499).send({ success: false, error: "The job was cancelled." });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ success: false, error: "Something went wrong on our side. Please try again." });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/")) return reply.status(404).send({ success: false, error: "Not found." });
    return reply.status(404).type("text/html; charset=utf-8").send("<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1><p>We could not find that page. <a href=\"/\">Go home</a>.</p>");
  });

  registerProcessRoute(app, { config, store, queue });
  registerDownloadRoute(app, config, store);
  registerHealthRoute(app, queue);
  registerDocsRoutes(app);
  registerHomeRoute(app);
  return app;
}
