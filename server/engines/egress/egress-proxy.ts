import dns from "node:dns/promises";
import http from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { isIP } from "node:net";
import type { EgressPolicy } from "./addresses.js";

/**
 * The only way out for a page printed from a web address. Chromium runs in the engine sandbox with a network of
 * its own; its one door is this proxy, reached over a Unix socket in the job's folder. Every request (the page, its
 * pictures and styles, every redirect) names a host: the proxy resolves it itself, connects only when every address
 * the name has is allowed (public, on a web port), and connects to the address it checked, so a name that answers
 * differently the second time (DNS rebinding) gains nothing. HTTPS passes through as a tunnel (CONNECT); plain HTTP
 * is forwarded. Bytes and requests are counted against the job's limits.
 */

export interface EgressLimits {
  maxBytes: number;
  maxRequests: number;
  /** A connection idle this long is closed. */
  idleMs: number;
}

export const DEFAULT_EGRESS_LIMITS: EgressLimits = { maxBytes: 50 * 1024 * 1024, maxRequests: 300, idleMs: 30_000 };

export type RefusalReason = "not-public" | "unreachable" | "limit";

export interface EgressRecord {
  requests: number;
  bytes: number;
  /** Requests refused or that could not be completed, with the reason, in order. */
  refused: Array<{ host: string; port: number; reason: RefusalReason }>;
}

export interface EgressProxy {
  record: EgressRecord;
  close(): Promise<void>;
}

/**
 * Services Chromium calls on its own at start (component and extension updates, sign-in, network time), whatever
 * its switches and policies say. They are public, so the policy would let them through; a server printing pages
 * has no business telling them it runs. Refused quietly: they are not the page's requests.
 */
const BROWSER_SERVICES = new Set([
  "update.googleapis.com",
  "clients2.google.com",
  "clients2.googleusercontent.com",
  "accounts.google.com",
  "redirector.gvt1.com",
  "edgedl.me.gvt1.com",
  "clientservices.googleapis.com",
  "safebrowsing.googleapis.com",
  "optimizationguide-pa.googleapis.com",
  "content-autofill.googleapis.com",
]);

const LOOKUP_TIMEOUT_MS = 10_000;

export type Verdict = { ok: true; address: string } | { ok: false; reason: "not-public" | "unreachable" };

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Whether host:port may be visited under `policy`, and at which address. */
export async function resolve(host: string, port: number, policy: EgressPolicy, lookup: Lookup = systemLookup): Promise<Verdict> {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = await Promise.race([
        lookup(bare),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS).unref()),
      ]);
    } catch {
      return { ok: false, reason: "unreachable" };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unreachable" };
  // Every address must be allowed: a name that also points inside is not visited at all.
  if (!addresses.every((a) => policy.allows(a, port))) return { ok: false, reason: "not-public" };
  return { ok: true, address: addresses[0]! };
}

/** host:port of a CONNECT target, or of an absolute http URL. */
function target(raw: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const url = new URL(raw.includes("://") ? raw : `http://${raw}`);
    const port = url.port ? Number(url.port) : defaultPort;
    return url.hostname ? { host: url.hostname, port } : undefined;
  } catch {
    return undefined;
  }
}

export interface EgressProxyOptions {
  limits?: EgressLimits;
  /** How names are resolved; tests put their own in place of the system's. */
  lookup?: Lookup;
}

export async function startEgressProxy(socketPath: string, policy: EgressPolicy, options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const limits = options.limits ?? DEFAULT_EGRESS_LIMITS;
  const lookup = options.lookup ?? systemLookup;
  const record: EgressRecord = { requests: 0, bytes: 0, refused: [] };
  const open = new Set<Duplex>();
  const track = (socket: Duplex) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    if (socket instanceof net.Socket) socket.setTimeout(limits.idleMs, () => socket.destroy());
  };
  const count = (chunk: Buffer) => {
    record.bytes += chunk.length;
    if (record.bytes > limits.maxBytes) for (const s of open) s.destroy();
  };
  const refuse = (host: string, port: number, reason: RefusalReason) => record.refused.push({ host, port, reason });
  /** Admits a request to host:port; the checked address to connect to, or undefined when refused. */
  const admit = async (host: string, port: number): Promise<string | undefined> => {
    if (BROWSER_SERVICES.has(host.toLowerCase())) return undefined;
    record.requests++;
    const verdict: Verdict | { ok: false; reason: "limit" } =
      record.requests > limits.maxRequests || record.bytes > limits.maxBytes ? { ok: false, reason: "limit" } : await resolve(host, port, policy, lookup);
    if (verdict.ok) return verdict.address;
    refuse(host, port, verdict.reason);
    return undefined;
  };

  const server = http.createServer(async (request, response) => {
    track(request.socket);
    const to = request.url?.startsWith("http://") ? target(request.url, 80) : undefined;
    const address = to && (await admit(to.host, to.port));
    if (!to || !address) {
      response.writeHead(403, { connection: "close" }).end();
      return;
    }
    const url = new URL(request.url!);
    const headers = { ...request.headers };
    delete headers["proxy-connection"];
    delete headers["proxy-authorization"];
    let answered = false;
    const upstream = http.request({ host: address, port: to.port, method: request.method, path: `${url.pathname}${url.search}`, headers, setHost: false }, (reply) => {
      answered = true;
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.on("data", count);
      reply.pipe(response);
    });
    upstream.on("socket", track);
    upstream.on("error", () => {
      // An error after the reply began (the page closed the connection, say) is not a failure to reach the host.
      if (!answered) refuse(to.host, to.port, "unreachable");
      response.destroy();
    });
    request.pipe(upstream);
  });
  server.on("connect", async (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on("error", () => client.destroy());
    const to = target(request.url ?? "", 443);
    const address = to && (await admit(to.host, to.port));
    if (!to || !address) {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    let connected = false;
    const upstream = net.connect({ host: address, port: to.port }, () => {
      connected = true;
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.on("data", count);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on("error", () => {
      if (!connected) refuse(to.host, to.port, "unreachable");
      client.destroy();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolveListen());
  });
  return {
    record,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const s of open) s.destroy();
        server.close(() => resolveClose());
      }),
  };
}
