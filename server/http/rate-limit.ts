import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { connect, PREFIX } from "../jobs/redis-names.js";
import { say } from "../i18n/i18n.js";
import { msg } from "../i18n/message.js";

/**
 * Per-address limit on starting work (POST /api/process/…, /api/jobs/… and /api/pipeline): a fixed one-minute
 * window per client address. Polling a job, downloading and the web app are not counted; they cost nothing worth limiting.
 * The addresses are those Fastify sees: the socket's peer, or the forwarded address only when TRUST_PROXY says
 * a proxy in front may be believed (otherwise anyone could pick a new address per request in a header).
 * With REDIS_URL the count is kept in Redis, so that every API server on it counts an address's requests together.
 */

const WINDOW_MS = 60_000;

interface Window {
  count: number;
  resetAt: number;
}

/** Counts one request of an address; undefined when it may go ahead, or the seconds until it may try again. */
interface Limiter {
  take(address: string): number | undefined | Promise<number | undefined>;
}

export class RateLimiter implements Limiter {
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

/** The same limit in Redis, in windows of whole minutes that every API server shares. */
export class SharedRateLimiter implements Limiter {
  constructor(
    private readonly redis: Redis,
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(address: string): Promise<number | undefined> {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const key = `${PREFIX}:rate:${window}:${address}`;
    const replies = await this.redis.multi().incr(key).pexpire(key, WINDOW_MS).exec();
    const count = Number(replies?.[0]?.[1]);
    return count > this.perMinute ? Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000)) : undefined;
  }
}

const LIMITED = /^\/api\/((process|jobs)\/[^/?]+|pipeline)(\?|$)/;

/** Registers the limit, counted in Redis where there is one; 0 turns it off. */
export function registerRateLimit(app: FastifyInstance, perMinute: number, redisUrl?: string): void {
  if (perMinute <= 0) return;
  let limiter: Limiter = new RateLimiter(perMinute);
  if (redisUrl) {
    const redis = connect(redisUrl);
    limiter = new SharedRateLimiter(redis, perMinute);
    app.addHook("onClose", async () => redis.disconnect());
  }
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || !LIMITED.test(request.url)) return;
    const retryAfter = await Promise.resolve(limiter.take(request.ip)).catch((err: unknown) => {
      // Redis out of reach: the queue will refuse the work anyway; the limit does not add a second error.
      request.log.warn({ err }, "rate limit not counted");
      return undefined;
    });
    if (retryAfter === undefined) return;
    return reply
      .status(429)
      .header("Retry-After", String(retryAfter))
      .send({ success: false, error: say(msg("errors.rateLimited", { seconds: retryAfter }), request.locale) });
  });
}
