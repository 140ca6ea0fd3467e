import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Per-address limit on starting work (POST /api/process/… and POST /api/jobs/…): a fixed one-minute window per
 * client address. Polling a job, downloading and the web app are not counted; they cost nothing worth limiting.
 * The addresses are those Fastify sees: the socket's peer, or the forwarded address only when TRUST_PROXY says
 * a proxy in front may be believed (otherwise anyone could pick a new address per request in a header).
 */

const WINDOW_MS = 60_000;

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns undefined when it may go ahead, or the seconds until the address may try again. */
  take(address: string): number | undefined {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.resetAt <= now) {
      // Stale windows are dropped as new ones open, so the map holds at most the addresses of one minute.
      if (this.windows.size > 10_000) this.prune(now);
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(address, window);
    }
    window.count++;
    return window.count > this.perMinute ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : undefined;
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) if (window.resetAt <= now) this.windows.delete(address);
  }
}

const LIMITED = /^\/api\/(process|jobs)\/[^/?]+(\?|$)/;

/** Registers the limit; 0 turns it off. */
export function registerRateLimit(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = new RateLimiter(perMinute);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || !LIMITED.test(request.url)) return;
    const retryAfter = limiter.take(request.ip);
    if (retryAfter === undefined) return;
    return reply
      .status(429)
      .header("Retry-After", String(retryAfter))
      .send({ success: false, error: `Too many requests from your address. Please try again in ${retryAfter} seconds.` });
  });
}
