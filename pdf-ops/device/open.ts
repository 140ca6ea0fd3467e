import { EngineFailure, replyForFailure, TooManyPagesError } from "../errors.js";
import type { DeviceInput } from "./operation.js";
import { inputPath, runQpdf, type QpdfEngine } from "./qpdf-wasm.js";

/** A visitor's PDF as qpdf sees it: where it is in a run's file system, its pages, and whether it has bookmarks. */
export interface DevicePdf {
  name: string;
  data: Uint8Array;
  /** Its name under /in. */
  key: string;
  path: string;
  pageCount: number;
  hasOutline: boolean;
}

/**
 * Reads a PDF's pages (by walking its page tree) and outline in one qpdf run. What qpdf cannot read, or needs a
 * password for, is answered with the server's sentence for it, naming the file.
 */
export async function openOnDevice(qpdf: QpdfEngine, file: DeviceInput, index: number, maxPages: number): Promise<DevicePdf> {
  const key = `${index + 1}.pdf`;
  // Read whole, once: qpdf reads a file in many small pieces, each of which would be a synchronous read of the Blob.
  const data = await bytesOf(file.data);
  const path = inputPath(key);
  let json: { pages?: unknown[]; outlines?: unknown[] };
  try {
    const run = await runQpdf(qpdf, { inputs: new Map([[key, data]]), args: ["--json=2", "--json-key=pages", "--json-key=outlines", path] });
    json = JSON.parse(run.stdout) as typeof json;
  } catch (err) {
    throw err instanceof EngineFailure ? replyForFailure(err, file.name) : err;
  }
  const pageCount = json.pages?.length ?? 0;
  if (pageCount === 0) throw replyForFailure(new EngineFailure("damaged", "qpdf", "no pages"), file.name);
  if (pageCount > maxPages) throw new TooManyPagesError(maxPages);
  return { name: file.name, data, key, path, pageCount, hasOutline: (json.outlines?.length ?? 0) > 0 };
}

/** The bytes of a visitor's file, for an engine that reads whole documents (MuPDF). */
export async function bytesOf(data: DeviceInput["data"]): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
}
