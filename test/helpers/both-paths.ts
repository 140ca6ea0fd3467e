import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { findTool, processorIdOf } from "../../catalog/index.js";
import type { DeviceResult } from "../../pdf-ops/device/operation.js";
import { DEVICE_OPERATIONS } from "../../pdf-ops/device/operations.js";
import { DEFAULT_MAX_PAGES } from "../../pdf-ops/limits.js";
import { decodeOptions } from "../../pdf-ops/options.js";
import { nodeDeviceEngines } from "./device-engines.js";
import { download, postTool, type TestServer } from "./server.js";
import { readZip } from "./zip.js";

/**
 * A tool run both ways on the same files and fields: through the server's API, and through the browser's code (the
 * same WebAssembly engines) in Node.js, for tests that compare the two.
 */

export type Fields = Record<string, string | number | boolean | object>;
export interface Named {
  name: string;
  data: Uint8Array;
}

/** A file of the test's, as the visitor would give it. */
export async function named(file: string, name = path.basename(file)): Promise<Named> {
  return { name, data: new Uint8Array(await fs.readFile(file)) };
}

/** What the server sent: its reply, and its outputs by name (a ZIP's entries where there are several). */
export async function runOnServer(server: TestServer, tool: string, files: readonly Named[], fields: Fields) {
  const reply = await postTool(server, tool, files, fields);
  if (reply.status !== 200) return { reply, outputs: [] as Named[], extracted: [] as Named[] };
  const fetchGroup = async (url: string, filename: string): Promise<Named[]> => {
    const { path: file } = await download(server, url);
    if (!filename.endsWith(".zip")) return [{ name: filename, data: new Uint8Array(await fs.readFile(file)) }];
    return [...(await readZip(file))].map(([name, data]) => ({ name, data: new Uint8Array(data) }));
  };
  const outputs = await fetchGroup(reply.body.downloadUrl!, reply.body.filename!);
  const extraction = reply.body.extractionResult;
  const extracted = extraction ? await fetchGroup(extraction.downloadUrl, extraction.filename) : [];
  return { reply, outputs, extracted };
}

/** The browser's run: the fields decoded as the server decodes them, then the device operation, its progress checked. */
export async function runOnDevice(tool: string, files: readonly Named[], fields: Fields): Promise<DeviceResult> {
  const definition = findTool(tool)!;
  // A file among the fields (a signature picture) goes to the operation as the server's extra file.
  const isFile = (v: unknown): v is Named => v instanceof Object && "data" in v && v.data instanceof Uint8Array;
  const entries = Object.entries(fields);
  const form = new Map(entries.filter(([, v]) => !isFile(v)).map(([k, v]) => [k, [typeof v === "object" ? JSON.stringify(v) : String(v)]]));
  const extras = Object.fromEntries(entries.flatMap(([k, v]) => (isFile(v) ? [[k, v]] : [])));
  const options = decodeOptions(definition.options, form);
  const operation = DEVICE_OPERATIONS[processorIdOf(definition)]!;
  const progress: number[] = [];
  const result = await operation({ files, extras, options: options as never }, { engines: nodeDeviceEngines, progress: (f) => progress.push(f), maxPages: DEFAULT_MAX_PAGES });
  for (const [i, f] of progress.entries()) {
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThanOrEqual(1);
    if (i > 0) expect(f).toBeGreaterThanOrEqual(progress[i - 1]! - 1e-9);
  }
  return result;
}
