import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalStore } from "../server/storage/local-store.js";
import { makeNumberedPdf } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function everyFile(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name !== "stats.json").map((e) => path.join(e.parentPath, e.name));
}

describe("expiry", () => {
  it("deletes every stored file once the time to live has passed, and download links stop working", async () => {
    server = await startServer();
    const reply = await postTool(server, "split-pdf", [{ name: "a.pdf", data: await makeNumberedPdf(3) }]);
    expect(reply.status).toBe(200);
    expect((await everyFile(server.config.dataDir)).length).toBeGreaterThan(0);

    // Move the clock: one second before expiry everything stays, one second after it everything goes.
    const ttl = server.config.fileTtlMs;
    expect(await server.store.sweep(ttl, Date.now() + ttl - 1000)).toBe(0);
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(200);
    expect(await server.store.sweep(ttl, Date.now() + ttl + 1000)).toBeGreaterThan(0);
    expect(await everyFile(server.config.dataDir)).toEqual([]);
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(404);
  });

  it("refuses a download past its time even before the sweeper has run", async () => {
    server = await startServer({ fileTtlMs: 1 });
    const reply = await postTool(server, "rotate-pdf", [{ name: "a.pdf", data: await makeNumberedPdf(1) }]);
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetch(`${server.url}${reply.body.downloadUrl}`)).status).toBe(404);
  });

  it("sweeps what an earlier run left behind, at start", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "store-"));
    const store = new LocalStore(dir);
    await store.init();
    const leftover = await store.createWorkDir();
    await fs.writeFile(path.join(leftover, "upload"), "x");
    const old = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(leftover, old, old);
    expect(await store.sweep(3600_000)).toBe(1);
    expect(await fs.readdir(store.jobsDir)).toEqual([]);
    await fs.rm(dir, { recursive: true });
  });
});
