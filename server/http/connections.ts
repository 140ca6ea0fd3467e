import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "../config.js";

/**
 * Slow and numerous clients. Node enforces the header and whole-request deadlines itself, but only checks them
 * every so often (every 30 s unless told), so the check runs a few times within the header deadline. Connections
 * beyond the per-address cap are closed as soon as they open, so one address cannot hold every file handle.
 */

type TimeoutSettings = Pick<Config, "headersTimeoutMs" | "requestTimeoutMs" | "keepAliveTimeoutMs">;

/** Options for Fastify (and the Node server under it) that bound how long a client may take. */
export function serverTimeouts(config: TimeoutSettings) {
  // Node refuses a header deadline later than the whole request's.
  const headersTimeout = config.requestTimeoutMs > 0 ? Math.min(config.headersTimeoutMs, config.requestTimeoutMs) : config.headersTimeoutMs;
  const checkEvery = Math.max(100, Math.min(5_000, Math.floor((headersTimeout || 20_000) / 4)));
  return {
    requestTimeout: config.requestTimeoutMs,
    // Fastify reads 0 as "its default"; one millisecond would close every connection between requests.
    keepAliveTimeout: config.keepAliveTimeoutMs || 72_000,
    http: { headersTimeout, connectionsCheckingInterval: checkEvery },
  };
}

export function capConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
