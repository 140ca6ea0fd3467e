import type { FastifyInstance } from "fastify";
import { TOOLS, processorIdOf } from "../../../catalog/tools.js";
import { PROCESSORS } from "../../tools/index.js";

/** Until the web app is built, the root lists the tools and points at the API. */
export function registerHomeRoute(app: FastifyInstance): void {
  const items = TOOLS.filter((t) => t.listed)
    .map((t) => {
      const ready = Boolean(PROCESSORS[processorIdOf(t)]);
      return `<li><a href="/api/docs#${t.id}">${t.name}</a>: ${t.description}${ready ? "" : " <em>(not available yet)</em>"}</li>`;
    })
    .join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PDF Toolbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}</style></head>
<body><h1>PDF Toolbox</h1><p>Free PDF tools that do the real work on this server. Files are deleted one hour after upload; up to 100 MB per file.</p>
<ul>${items}</ul><p>API: <a href="/api/docs">documentation</a>, <a href="/api/openapi.json">OpenAPI</a>, <a href="/api/health">health</a>.</p></body></html>`;
  app.get("/", async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));
}
