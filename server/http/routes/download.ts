import type { FastifyInstance } from "fastify";
import { UserError } from "../../errors.js";
import type { FileStore } from "../../storage/store.js";
import { expiredFileMessage } from "../earlier-results.js";

/** A Content-Disposition that old and new clients read right, whatever script the name is in. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Serves a result from the store, local or S3, streamed and with the same headers either way. */
export function registerDownloadRoute(app: FastifyInstance, store: FileStore, fileTtlSeconds: number): void {
  const expired = expiredFileMessage(fileTtlSeconds);
  app.get<{ Params: { id: string } }>("/api/download/:id", async (request, reply) => {
    const found = await store.open(request.params.id);
    if (!found) {
      throw new UserError(expired, 404, "not_found");
    }
    return reply
      .header("Content-Type", found.meta.contentType)
      .header("Content-Length", found.meta.size)
      .header("Content-Disposition", attachmentHeader(found.meta.name))
      .header("Cache-Control", "private, no-store")
      .send(found.stream);
  });
}
