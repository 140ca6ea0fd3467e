import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, PUBLIC_WEB, type EgressPolicy } from "../server/engines/egress/addresses.js";
import { startEgressProxy, type Lookup } from "../server/engines/egress/egress-proxy.js";
import { tempDir } from "./helpers/pdf-tools.js";

/**
 * The egress proxy is the one door out of the sandbox for a page printed from a web address: it admits public
 * addresses on web ports only, checks every request (redirects are requests too) after resolving the name itself,
 * and connects to the address it checked.
 */

describe("public addresses", () => {
  it("refuses loopback, private, link-local, shared, multicast and reserved ranges, in IPv4 and IPv6", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "64:ff9b::10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "::127.0.0.1",
      "not an address",
      "",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("admits public addresses, and only on ports 80 and 443", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700::6810:84e5", "::ffff:8.8.8.8", "172.32.0.1", "11.0.0.1"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(PUBLIC_WEB.allows("93.184.215.14", 443)).toBe(true);
    expect(PUBLIC_WEB.allows("93.184.215.14", 80)).toBe(true);
    expect(PUBLIC_WEB.allows("93.184.215.14", 22)).toBe(false);
    expect(PUBLIC_WEB.allows("93.184.215.14", 6379)).toBe(false);
  });
});

describe("the egress proxy", () => {
  let site: http.Server;
  let sitePort: number;
  let hits: string[];
  let dir: string;
  beforeAll(async () => {
    hits = [];
    site = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("site body");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    sitePort = (site.address() as AddressInfo).port;
    dir = await tempDir();
  });
  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Sends raw bytes to the proxy's socket and returns what comes back until it closes (or 3 s pass). */
  async function exchange(socket: string, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const client = net.connect(socket, () => client.write(request));
      let reply = "";
      client.on("data", (chunk) => (reply += chunk.toString("latin1")));
      client.on("close", () => resolve(reply));
      client.on("error", reject);
      setTimeout(() => client.destroy(), 3000).unref();
    });
  }

  let n = 0;
  async function withProxy<T>(policy: EgressPolicy, lookup: Lookup | undefined, use: (socket: string) => Promise<T>) {
    const socket = path.join(dir, `p${n++}.sock`);
    const proxy = await startEgressProxy(socket, policy, { lookup });
    try {
      return { value: await use(socket), record: proxy.record };
    } finally {
      await proxy.close();
    }
  }

  const onlySite: EgressPolicy = { allows: (address, port) => address === "127.0.0.1" && port === sitePort };

  it("forwards plain HTTP and tunnels CONNECT to an allowed address", async () => {
    const { value, record } = await withProxy(onlySite, undefined, async (socket) => ({
      get: await exchange(socket, `GET http://127.0.0.1:${sitePort}/forwarded HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\nConnection: close\r\n\r\n`),
      tunnel: await exchange(socket, `CONNECT 127.0.0.1:${sitePort} HTTP/1.1\r\nHost: 127.0.0.1:${sitePort}\r\n\r\nGET /tunnelled HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    }));
    expect(value.get).toMatch(/^HTTP\/1\.1 200[\s\S]*site body/);
    expect(value.tunnel).toMatch(/^HTTP\/1\.1 200 Connection Established[\s\S]*site body/);
    expect(hits).toContain("/forwarded");
    expect(hits).toContain("/tunnelled");
    expect(record.refused).toEqual([]);
  });

  it("refuses private and local targets, the cloud metadata address and other ports, before connecting", async () => {
    const before = hits.length;
    const { value, record } = await withProxy(PUBLIC_WEB, undefined, async (socket) =>
      Promise.all([
        exchange(socket, `GET http://127.0.0.1:${sitePort}/ HTTP/1.1\r\nHost: x\r\n\r\n`),
        exchange(socket, `CONNECT 127.0.0.1:${sitePort} HTTP/1.1\r\n\r\n`),
        exchange(socket, "GET http://169.254.169.254/latest/meta-data/ HTTP/1.1\r\nHost: x\r\n\r\n"),
        exchange(socket, "CONNECT [::1]:443 HTTP/1.1\r\n\r\n"),
        exchange(socket, "CONNECT 10.0.0.1:443 HTTP/1.1\r\n\r\n"),
        exchange(socket, "CONNECT 8.8.8.8:22 HTTP/1.1\r\n\r\n"),
        // Not a proxy request at all.
        exchange(socket, "GET /local HTTP/1.1\r\nHost: x\r\n\r\n"),
      ]),
    );
    for (const reply of value) expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(hits.length).toBe(before);
    expect(record.refused.map((r) => r.reason)).toEqual(["not-public", "not-public", "not-public", "not-public", "not-public", "not-public"]);
  });

  it("resolves names itself: a name with any inside address is refused, an allowed one is reached at the address it checked", async () => {
    const lookup: Lookup = async (host) => (host === "mixed.example" ? ["93.184.215.14", "127.0.0.1"] : host === "site.example" ? ["127.0.0.1"] : []);
    const { value, record } = await withProxy(onlySite, lookup, async (socket) => ({
      mixed: await exchange(socket, `CONNECT mixed.example:${sitePort} HTTP/1.1\r\n\r\n`),
      missing: await exchange(socket, "CONNECT nowhere.example:443 HTTP/1.1\r\n\r\n"),
      site: await exchange(socket, `GET http://site.example:${sitePort}/by-name HTTP/1.1\r\nHost: site.example\r\nConnection: close\r\n\r\n`),
    }));
    expect(value.mixed).toMatch(/^HTTP\/1\.1 403/);
    expect(value.missing).toMatch(/^HTTP\/1\.1 403/);
    expect(value.site).toMatch(/site body/);
    expect(hits).toContain("/by-name");
    expect(record.refused).toEqual([
      { host: "mixed.example", port: sitePort, reason: "not-public" },
      { host: "nowhere.example", port: 443, reason: "unreachable" },
    ]);
  });

  it("refuses the browser's own update and sign-in services without counting them as the page's", async () => {
    const everything: EgressPolicy = { allows: () => true };
    const { value, record } = await withProxy(everything, async () => ["93.184.215.14"], (socket) =>
      exchange(socket, "CONNECT update.googleapis.com:443 HTTP/1.1\r\n\r\n"),
    );
    expect(value).toMatch(/^HTTP\/1\.1 403/);
    expect(record.requests).toBe(0);
  });
});
