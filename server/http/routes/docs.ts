import type { FastifyInstance } from "fastify";
import { lifetimeInWords } from "../../../catalog/lifetime.js";
import { buildOpenApi } from "../openapi.js";

const escape = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Schema = Record<string, unknown>;

function describeField(schema: Schema): string {
  const parts: string[] = [];
  const type = schema.type ?? (schema.anyOf ? "one of" : schema.enum ? "enum" : "");
  if (type) parts.push(String(type));
  if (schema.enum) parts.push(`(${(schema.enum as unknown[]).join(", ")})`);
  if (schema.anyOf) parts.push(`(${(schema.anyOf as Schema[]).map((s) => s.const ?? s.type).join(", ")})`);
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) parts.push(`: ${schema.description}`);
  return parts.join(" ");
}

/** A readable page of the API, made from the same document (no external scripts or styles). */
function docsPage(fileTtlSeconds: number): string {
  const doc = buildOpenApi(fileTtlSeconds) as { paths: Record<string, Record<string, Schema>> };
  const sections = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/process/"))
    .map(([path, ops]) => {
      const op = ops.post!;
      const body = (op.requestBody as Schema).content as Record<string, { schema: Schema }>;
      const props = body["multipart/form-data"]!.schema.properties as Record<string, Schema>;
      const rows = Object.entries(props)
        .map(([name, s]) => `<tr><td><code>${escape(name)}</code></td><td>${escape(describeField(s))}</td></tr>`)
        .join("");
      return `<section id="${escape(op.operationId)}"><h2>${escape(op.summary)}</h2><p><code>POST ${escape(path)}</code></p><p>${escape(op.description)}</p><table>${rows}</table></section>`;
    })
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PDF Toolbox API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#111}code{background:#f3f4f6;padding:0 .25rem;border-radius:3px}table{border-collapse:collapse;width:100%}td{border-top:1px solid #e5e7eb;padding:.3rem .5rem;vertical-align:top}section{margin:2rem 0}</style></head>
<body><h1>PDF Toolbox API</h1><p>Each tool is one <code>multipart/form-data</code> POST. The reply is JSON: <code>{ success, message, downloadUrl, filename }</code>, or <code>{ success: false, error }</code> with a 4xx status. Download links work for ${escape(lifetimeInWords(fileTtlSeconds))}. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${sections}</body></html>`;
}

export function registerDocsRoutes(app: FastifyInstance, fileTtlSeconds: number): void {
  const openapi = buildOpenApi(fileTtlSeconds);
  const page = docsPage(fileTtlSeconds);
  app.get("/api/openapi.json", async () => openapi);
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));
}
