import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { TestServer } from "./server.js";

export interface JobEvent {
  state: string;
  progress: number;
  result?: { downloadUrl: string; filename: string };
  error?: string;
}

/** POSTs a file and fields to /api/jobs/{tool}. */
export async function startJob(server: TestServer, tool: string, file: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("files", new Blob([await fs.readFile(file)]), path.basename(file));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${server.url}/api/jobs/${tool}`, { method: "POST", body: form });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; jobId: string; error?: string } };
}

/** Reads a job's server-sent event stream to its end and returns the parsed events. */
export async function readEvents(server: TestServer, jobId: string): Promise<JobEvent[]> {
  const res = await fetch(`${server.url}/api/jobs/${jobId}/events`);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((chunk) => chunk.startsWith("data: "))
    .map((chunk) => JSON.parse(chunk.slice(6)) as JobEvent);
}

export async function jobSnapshot(server: TestServer, jobId: string): Promise<JobEvent> {
  return (await (await fetch(`${server.url}/api/jobs/${jobId}`)).json()) as JobEvent;
}

/** Polls a job until `ready` says so, or fails after `timeoutMs`. */
export async function waitForJob(server: TestServer, jobId: string, ready: (e: JobEvent) => boolean, timeoutMs = 30_000): Promise<JobEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = await jobSnapshot(server, jobId);
    if (ready(snapshot)) return snapshot;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${JSON.stringify(snapshot)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
