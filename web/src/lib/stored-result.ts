import { i18n } from "../i18n/i18n.js";
import type { ProcessReply } from "./jobs-api.js";

/**
 * A result kept on the server, selected like a file without its bytes: the next tool is sent its `fileId` instead
 * of an upload. Its size is the stored one, and its bytes are read from the download only when a preview asks.
 */
export class StoredResult extends File {
  constructor(
    readonly fileId: string,
    name: string,
    private readonly storedSize: number,
  ) {
    super([], name);
  }

  override get size(): number {
    return this.storedSize;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.download()).arrayBuffer();
  }

  /** The bytes as an ordinary file, for a request that must upload them after all. */
  async download(): Promise<File> {
    const response = await fetch(`/api/download/${encodeURIComponent(this.fileId)}`, { credentials: "include" });
    if (!response.ok) throw new Error(await sentenceOf(response));
    return new File([await response.blob()], this.name, { type: response.headers.get("Content-Type") ?? "" });
  }
}

async function sentenceOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // Not the server's JSON: the status says enough.
  }
  return i18n.t("common:run.serverStatus", { status: response.status });
}

/** The result a reply can hand to another tool: a single file with its id (a ZIP of several is no tool's input). */
export function storedResultOf(reply: ProcessReply): StoredResult | undefined {
  if (!reply.fileId || !reply.filename) return undefined;
  return new StoredResult(reply.fileId, reply.filename, reply.size ?? 0);
}

/** The name a download is sent under: the UTF-8 form of Content-Disposition, else the plain one. */
function nameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

/** One of several outputs, known by id only: its name and size are read from its download's headers. */
export async function describeStoredResult(fileId: string): Promise<StoredResult | undefined> {
  const response = await fetch(`/api/download/${encodeURIComponent(fileId)}`, { method: "HEAD", credentials: "include" });
  const name = nameFromDisposition(response.headers.get("Content-Disposition"));
  if (!response.ok || !name) return undefined;
  return new StoredResult(fileId, name, Number(response.headers.get("Content-Length") ?? 0));
}
