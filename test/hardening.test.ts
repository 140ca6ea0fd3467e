import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "../server/http/security-headers.js";
import { RateLimiter } from "../server/http/rate-limit.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let pdf: Uint8Array;
beforeAll(async () => {
  server = await startServer({ rateLimitPerMinute: 3 });
  pdf = await makeNumberedPdf(1);
});
afterAll(async () => server?.close());

/** What a stack trace or an internal detail looks like in a reply body. */
const LEAKS = /\bat \S+ \(|node:internal|\/work\/|\/server\/|\.ts:\d+|Error:|FST_|ENOENT|stack/;

describe("security headers", () => {
  it("are on API replies, errors, downloads and the web app", async () => {
    const reply = await postTool(server, "rotate-pdf", [{ name: "a.pdf", data: pdf }]);
    expect(reply.status).toBe(200);
    const urls = ["/api/health", "/api/nothing-here", "/api/jobs/%E0%A4%A", "/", "/rotate-pdf", reply.body.downloadUrl!, "/favicon.svg"];
    for (const url of urls) {
      const res = await fetch(`${server.url}${url}`);
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), url).toBe("DENY");
      expect(res.headers.get("referrer-policy"), url).toBe("no-referrer");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      // WebAssembly only (the device worker's engines); eval and new Function stay forbidden.
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
    }
  });

  it("admits the built pages' inline scripts by hash only", async () => {
    const html = "<script>a()</script><script type=\"module\" src=\"/x.js\"></script><script>\nb()\n</script>";
    const root = await writeTemp("index.html", html);
    const hashes = inlineScriptHashes(root.slice(0, root.lastIndexOf("/")));
    // sha256 of "a()" and of "\nb()\n" (as openssl dgst -sha256 gives them); the script with a src needs no hash.
    expect(hashes).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='", "'sha256-NlXKTQe8YfLmZqnEm5aXK1Lb/1wWgkKgNs+lNRY6yOo='"]);
    expect(contentSecurityPolicy(hashes)).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")};`);
  });
});

describe("error replies carry a sentence and never a stack trace", () => {
  const cases: Array<[string, () => Promise<Response>]> = [
    ["a cut-off multipart body", () => fetch(`${server.url}/api/jobs/rotate-pdf`, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4" })],
    ["a multipart type without boundary", () => fetch(`${server.url}/api/jobs/rotate-pdf`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" })],
    ["malformed JSON", () => fetch(`${server.url}/api/jobs/x`, { method: "DELETE", headers: { "content-type": "application/json" }, body: "{" })],
    ["a bad percent-encoding", () => fetch(`${server.url}/api/jobs/%E0%A4%A`)],
    ["an unknown job", () => fetch(`${server.url}/api/jobs/does-not-exist`)],
    ["a method the route lacks", () => fetch(`${server.url}/api/process/rotate-pdf`, { method: "PUT" })],
  ];
  for (const [label, send] of cases) {
    it(label, async () => {
      const res = await send();
      const text = await res.text();
      expect(res.status, text).toBeGreaterThanOrEqual(400);
      expect(res.status, text).toBeLessThan(500);
      const body = JSON.parse(text) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toMatch(LEAKS);
    });
  }
});

describe("per-address rate limit on starting work", () => {
  it("counts within a one-minute window and tells when to come back", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, () => now);
    expect(limiter.take("a")).toBeUndefined();
    expect(limiter.take("a")).toBeUndefined();
    expect(limiter.take("b")).toBeUndefined();
    now += 15_000;
    expect(limiter.take("a")).toBe(45);
    now += 45_000;
    expect(limiter.take("a")).toBeUndefined();
  });

  it("answers 429 with Retry-After once an address has started too much, and still serves reads", async () => {
    // This server allows 3 a minute; the rotation in the header test above used one of them.
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.append("files", new Blob([pdf]), "a.pdf");
      const res = await fetch(`${server.url}/api/${i % 2 ? "jobs" : "process"}/rotate-pdf`, { method: "POST", body: form });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await limited!.json()) as { error: string }).error).toMatch(/^Too many requests from your address\. Please try again in \d+ seconds\.$/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("does not believe X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const form = new FormData();
    form.append("files", new Blob([pdf]), "a.pdf");
    const res = await fetch(`${server.url}/api/process/rotate-pdf`, { method: "POST", body: form, headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(res.status).toBe(429);
  });
});
