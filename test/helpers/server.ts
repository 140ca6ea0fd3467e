import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../../server/config.js";
import { buildApp } from "../../server/http/app.js";
import { openQueue } from "../../server/jobs/open-queue.js";
import { openStorage } from "../../server/storage/open-store.js";
import type { Clock, FileStore } from "../../server/storage/store.js";
import type { WorkDirs } from "../../server/storage/work-dirs.js";
import { testFolder } from "./test-folders.js";

/** A real server on a loopback port with its own data folder, for tests that go through HTTP. */
export interface TestServer {
  url: string;
  config: Config;
  store: FileStore;
  workDirs: WorkDirs;
  close(): Promise<void>;
}

/** `clock` lets a test move time forward for everything that expires. */
export async function startServer(overrides: Partial<Config> = {}, clock: Clock = Date.now): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-test-"));
  const config: Config = { ...loadConfig({}), dataDir, port: 0, host: "127.0.0.1", ...overrides };
  const { store, workDirs } = await openStorage(config, clock);
  const queue = await openQueue({ config, store, workDirs });
  const app = await buildApp({ config, store, workDirs, queue, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    config,
    store,
    workDirs,
    close: async () => {
      await app.close();
      await queue.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Upload = string | { name: string; data: Uint8Array | string; type?: string };

export interface ToolReply {
  status: number;
  body: {
    success: boolean;
    error?: string;
    message?: string;
    warning?: string;
    downloadUrl?: string;
    filename?: string;
    size?: number;
    extractionResult?: { success: boolean; downloadUrl: string; filename: string };
    /** The result's id for a next request's fileIds; several outputs: each one's. */
    fileId?: string;
    fileIds?: string[];
  };
}

/** POSTs files (paths, or named bytes) and fields to /api/process/{tool}. */
export async function postTool(
  server: Pick<TestServer, "url">,
  tool: string,
  files: readonly Upload[],
  fields: Record<string, string | number | boolean | object> = {},
  fileField = "files",
): Promise<ToolReply> {
  const form = new FormData();
  for (const file of files) {
    if (typeof file === "string") {
      form.append(fileField, new Blob([await fs.readFile(file)]), path.basename(file));
    } else {
      form.append(fileField, new Blob([file.data], { type: file.type ?? "application/octet-stream" }), file.name);
    }
  }
  for (const [key, value] of Object.entries(fields)) {
    // A file given in an option field (Sign PDF's signature image) goes as its own part.
    if (value instanceof Object && "data" in value && value.data instanceof Uint8Array && "name" in value) {
      form.append(key, new Blob([value.data as Uint8Array<ArrayBuffer>]), String(value.name));
    } else form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  const res = await fetch(`${server.url}/api/process/${tool}`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as ToolReply["body"] };
}

/** A reply of the API as JSON, with the fields the workflow calls add (ids of results, jobs). */
export interface FormReply {
  status: number;
  body: ToolReply["body"] & { jobId?: string };
}

/**
 * POSTs a form to any route: uploads (paths, or named bytes) under `files`, and fields, where a list is sent as the
 * field repeated (fileIds) rather than as JSON text.
 */
export async function postForm(
  server: TestServer,
  route: string,
  uploads: readonly Upload[],
  fields: Record<string, string | readonly string[]> = {},
): Promise<FormReply> {
  const form = new FormData();
  for (const file of uploads) {
    if (typeof file === "string") form.append("files", new Blob([await fs.readFile(file)]), path.basename(file));
    else form.append("files", new Blob([file.data], { type: file.type ?? "application/octet-stream" }), file.name);
  }
  for (const [key, value] of Object.entries(fields)) for (const v of typeof value === "string" ? [value] : value) form.append(key, v);
  const res = await fetch(`${server.url}${route}`, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as FormReply["body"] };
}

/** Downloads a result into a temporary file and returns its path and the response headers. */
export async function download(server: Pick<TestServer, "url">, downloadUrl: string): Promise<{ path: string; headers: Headers }> {
  const res = await fetch(`${server.url}${downloadUrl}`);
  if (res.status !== 200) throw new Error(`download ${downloadUrl} gave ${res.status}`);
  const dir = await testFolder("dl-");
  const file = path.join(dir, "download");
  await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
  return { path: file, headers: res.headers };
}

/** Runs a tool and downloads its result, failing with the server's sentence if it did not succeed. */
export async function runTool(
  server: Pick<TestServer, "url">,
  tool: string,
  files: readonly Upload[],
  fields: Record<string, string | number | boolean | object> = {},
): Promise<{ path: string; reply: ToolReply["body"]; headers: Headers }> {
  const reply = await postTool(server, tool, files, fields);
  if (reply.status !== 200 || !reply.body.downloadUrl) {
    throw new Error(`${tool} answered ${reply.status}: ${reply.body.error ?? JSON.stringify(reply.body)}`);
  }
  const { path: file, headers } = await download(server, reply.body.downloadUrl);
  return { path: file, reply: reply.body, headers };
}
