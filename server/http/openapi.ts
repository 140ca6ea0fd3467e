import { z } from "zod";
import { FILE_KINDS } from "../../catalog/file-kinds.js";
import { lifetimeInWords } from "../../catalog/lifetime.js";
import { TOOLS } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import { MAX_STEPS } from "./accept-pipeline.js";

/** The OpenAPI document, generated from the catalogue so that it can never disagree with what the server checks. */

type JsonSchema = Record<string, unknown>;

function optionsSchema(tool: ToolDefinition): JsonSchema {
  const schema = z.toJSONSchema(tool.options, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // Multipart carries text: objects and lists travel as JSON text, numbers and booleans as their literal text.
  for (const prop of Object.values(properties)) {
    if (prop.type === "object" || prop.type === "array") {
      prop.description = `${prop.description ? `${prop.description} ` : ""}Sent as JSON text.`;
    }
  }
  return schema;
}

function requestSchema(tool: ToolDefinition): JsonSchema {
  const options = optionsSchema(tool);
  const accepted = tool.accepts.flatMap((k) => FILE_KINDS[k].extensions).join(", ");
  const properties: Record<string, JsonSchema> = {
    files: {
      type: "array",
      items: { type: "string", format: "binary" },
      minItems: tool.minFiles,
      maxItems: tool.maxFiles,
      description: `${accepted}; checked by content. At most 100 MB each. May be left out when fileIds names the files.`,
    },
    fileIds: {
      type: "array",
      items: { type: "string", pattern: "^[A-Za-z0-9_-]{24}$" },
      description: "Results of earlier requests (their fileId or fileIds) taken as files without uploading them again, each in its place among the uploaded files as the parts are sent. Repeat the field for several.",
    },
    ...((options.properties ?? {}) as Record<string, JsonSchema>),
  };
  if (tool.maxFiles === 1) {
    properties.batch = {
      type: "boolean",
      default: false,
      description: "Apply the tool to each of several files (up to 20) on its own: one ZIP back, with report.txt saying what became of each; a file that fails costs only itself.",
    };
  }
  for (const field of tool.extraFiles ?? []) {
    properties[field.name] = { type: "string", format: "binary", description: field.label };
  }
  return { type: "object", required: (options.required as string[] | undefined) ?? [], properties };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export function buildOpenApi(fileTtlSeconds: number): JsonSchema {
  const lifetime = lifetimeInWords(fileTtlSeconds);
  const paths: Record<string, unknown> = {};
  for (const tool of TOOLS) {
    paths[`/api/process/${tool.id}`] = {
      post: {
        operationId: tool.id,
        summary: tool.name,
        description: [tool.description, tool.apiNote, tool.sameAs ? `Same processing as ${tool.sameAs}.` : undefined].filter(Boolean).join(" "),
        tags: [tool.category],
        requestBody: { required: true, content: { "multipart/form-data": { schema: requestSchema(tool) } } },
        responses: {
          "200": { description: "Done", content: { "application/json": { schema: { $ref: "#/components/schemas/ProcessResult" } } } },
          "400": errorResponse("Invalid options or files"),
          "404": errorResponse("Unknown tool, or a fileId that names no result (or one past its time)"),
          "413": errorResponse("A file is over the size limit"),
          "415": errorResponse("A file is not of an accepted type"),
          "422": errorResponse("The file could not be processed (damaged, password-protected, too many pages, too slow)"),
          "429": errorResponse("The server is busy"),
          "501": errorResponse("The tool is not available yet"),
        },
      },
    };
  }
  const filesField = {
    files: { type: "array", items: { type: "string", format: "binary" }, description: "The files for the first step (or fileIds)." },
    fileIds: { type: "array", items: { type: "string" }, description: "Results of earlier requests taken as files, each in its place among the uploaded ones." },
  };
  const pipelineBody = {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: ["steps"],
          properties: {
            ...filesField,
            steps: {
              type: "string",
              description: `A JSON array of 1 to ${MAX_STEPS} steps, each { "tool": id, "options": { … } } with the options as JSON values (as in a saved workflow). Every step is checked before anything runs; each step works on the previous step's outputs.`,
            },
          },
        },
      },
    },
  };
  paths["/api/pipeline"] = {
    post: {
      operationId: "pipeline",
      summary: "Several tools in a row, as one job",
      description:
        "Each step's outputs are the next step's files. Started through POST /api/jobs/pipeline, the job's progress gives each step an equal share: of n steps, step k runs from (k-1)/n to k/n.",
      tags: ["Workflows"],
      requestBody: pipelineBody,
      responses: {
        "200": { description: "Done: the last step's result", content: { "application/json": { schema: { $ref: "#/components/schemas/ProcessResult" } } } },
        "400": errorResponse("A step, its tool or one of its options is not valid (the sentence names the step and field)"),
        "404": errorResponse("A fileId that names no result"),
        "422": errorResponse("A step failed, or could not take the previous step's result (the sentence names the step)"),
        "429": errorResponse("The server is busy"),
      },
    },
  };
  const jobId = { name: "jobId", in: "path", required: true, schema: { type: "string" } };
  paths["/api/jobs/{tool}"] = {
    post: {
      operationId: "startJob",
      summary: "Start any tool (or `pipeline`) as a job and follow it",
      description: "Takes the same form as POST /api/process/{tool} (or /api/pipeline when tool is `pipeline`) and answers at once with the job's id.",
      tags: ["Jobs"],
      parameters: [{ name: "tool", in: "path", required: true, schema: { type: "string" } }],
      requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: filesField } } } },
      responses: {
        "202": {
          description: "Accepted",
          content: { "application/json": { schema: { type: "object", properties: { success: { const: true }, jobId: { type: "string" } } } } },
        },
        "400": errorResponse("Invalid options or files"),
        "404": errorResponse("Unknown tool"),
        "429": errorResponse("The server is busy"),
      },
    },
  };
  paths["/api/jobs/{jobId}"] = {
    get: {
      operationId: "jobState",
      summary: "A job's state, real progress and, once ended, its result or error",
      tags: ["Jobs"],
      parameters: [jobId],
      responses: { "200": { description: "The job", content: { "application/json": { schema: { $ref: "#/components/schemas/Job" } } } }, "404": errorResponse("No such job, or expired") },
    },
    delete: {
      operationId: "cancelJob",
      summary: "Cancel a job: its engines are stopped",
      tags: ["Jobs"],
      parameters: [jobId],
      responses: { "200": { description: "Cancelled" }, "404": errorResponse("No such job, or expired") },
    },
  };
  paths["/api/jobs/{jobId}/events"] = {
    get: {
      operationId: "jobEvents",
      summary: "Server-sent events: the job's snapshot (as GET /api/jobs/{jobId}) on every change, until it ends",
      tags: ["Jobs"],
      parameters: [jobId],
      responses: { "200": { description: "An event stream", content: { "text/event-stream": { schema: { type: "string" } } } }, "404": errorResponse("No such job") },
    },
  };
  paths["/api/download/{id}"] = {
    get: {
      operationId: "download",
      summary: `Download a result (for ${lifetime})`,
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": { description: "The file, as an attachment" }, "404": errorResponse("Unknown or expired") },
    },
  };
  paths["/api/health"] = {
    get: { operationId: "health", summary: "Engines present, tools available and OCR languages installed", responses: { "200": { description: "Status" } } },
  };
  const download = { type: "string", description: `GET this path to download; it works for ${lifetime}.` };
  const ids = {
    fileId: { type: "string", description: "A single result's id: send it as fileIds to another tool to continue with the result." },
    fileIds: {
      type: "array",
      items: { type: "string" },
      description: "Each result's id where there are several (up to 20; the ZIP itself is no tool's input).",
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "PDF Toolbox API",
      version: "1.0.0",
      description: `Every tool is one multipart POST. Files are deleted ${lifetime} after upload.`,
      license: { name: "AGPL-3.0-or-later", identifier: "AGPL-3.0-or-later" },
    },
    paths,
    components: {
      schemas: {
        ProcessResult: {
          type: "object",
          required: ["success", "downloadUrl", "filename"],
          properties: {
            success: { const: true },
            message: { type: "string", description: "What was done, and anything that could not be." },
            warning: { type: "string", description: "Present when the result is incomplete (a repair that lost content): what was lost." },
            downloadUrl: download,
            filename: { type: "string" },
            size: { type: "integer" },
            ...ids,
            extractionResult: {
              type: "object",
              description: "organize-pdf: the extracted pages",
              properties: { success: { const: true }, downloadUrl: download, filename: { type: "string" }, size: { type: "integer" }, ...ids },
            },
          },
        },
        Job: {
          type: "object",
          required: ["jobId", "state", "progress"],
          properties: {
            jobId: { type: "string" },
            state: { enum: ["queued", "running", "succeeded", "failed", "cancelled"] },
            progress: { type: "number", minimum: 0, maximum: 1, description: "Real progress, as the tool reports it." },
            result: { $ref: "#/components/schemas/ProcessResult" },
            error: { type: "string", description: "A sentence for people, when the job failed." },
          },
        },
        Error: {
          type: "object",
          required: ["success", "error"],
          properties: { success: { const: false }, error: { type: "string", description: "A sentence for people." } },
        },
      },
    },
  };
}
