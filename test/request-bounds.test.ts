import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf } from "./helpers/pdf-tools.js";
import { drainedOrClosed, healthTime, openSocket, postStreamed, whenClosed } from "./helpers/raw-http.js";
import { download, postTool, runTool, type TestServer } from "./helpers/server.js";
import { startServerProcess, type ServerProcess } from "./helpers/server-process.js";
import { readZip } from "./helpers/zip.js";

const exec = promisify(execFile);
const MB = 1024 * 1024;

/**
 * Servers in their own processes, so that their memory is measured alone and their answers are timed while this
 * process is busy sending the attack. The slow-client server has deadlines of a second.
 */
let server: ServerProcess;
let slow: ServerProcess;
let pdf: Uint8Array;

beforeAll(async () => {
  [server, slow] = await Promise.all([
    startServerProcess({ MAX_CONNECTIONS_PER_ADDRESS: "64" }),
    startServerProcess({ HEADERS_TIMEOUT_SECONDS: "1", UPLOAD_STALL_SECONDS: "1", KEEP_ALIVE_TIMEOUT_SECONDS: "2", MAX_CONNECTIONS_PER_ADDRESS: "64" }),
  ]);
  pdf = await makeNumberedPdf(2);
  // The first health check looks for every engine; later ones answer from what it found.
  await Promise.all([healthTime(server.url, 60_000), healthTime(slow.url, 60_000)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), slow?.close()]);
});

/** The helpers that post files take any server with a URL. */
const asTestServer = (s: ServerProcess) => ({ url: s.url }) as TestServer;

/** Runs an attack while checking, every 200 ms, that the health check answers within a second. */
async function whileHealthy<T>(target: ServerProcess, attack: Promise<T>): Promise<{ result: T; slowestHealthMs: number }> {
  let done = false;
  let slowest = 0;
  const watching = (async () => {
    do {
      slowest = Math.max(slowest, await healthTime(target.url));
      await new Promise((r) => setTimeout(r, 200));
    } while (!done);
  })();
  const result = await attack.finally(() => (done = true));
  await watching;
  return { result, slowestHealthMs: slowest };
}

/** Qpdf processes started by the server. */
async function qpdfChildren(): Promise<number> {
  const { stdout } = await exec("ps", ["--ppid", String(server.pid), "-o", "comm="]).catch(() => ({ stdout: "" }));
  return stdout.split("\n").filter((c) => c.trim() === "qpdf").length;
}

async function workFolders(): Promise<string[]> {
  return fs.readdir(slow.workRoot).catch(() => []);
}

describe("form fields are bounded while they arrive", () => {
  it("refuses twelve requests at once, each with a 40 MB text field, without the memory to hold them", async () => {
    const before = await server.peakRss();
    const attack = Promise.all(
      Array.from({ length: 12 }, () => postStreamed(`${server.url}/api/process/add-watermark`, [{ name: "watermarkText", value: 40 * MB }])),
    );
    const { result, slowestHealthMs } = await whileHealthy(server, attack);
    for (const reply of result) {
      expect(reply.body).toMatchObject({});
      expect([reply.status, reply.body]).toEqual([400, expect.anything()]);
      expect(reply.body).toMatchObject({ error: '"watermarkText" is too long: at most 200 characters.' });
    }
    expect(slowestHealthMs).toBeLessThan(1000);
    // The server starts at about 240 MB (MuPDF's WebAssembly, the catalogue); the twelve requests may add garbage
    // for the collector, not the 480 MB they send.
    expect((await server.peakRss()) / MB).toBeLessThan(350);
    expect((await server.peakRss()) - before).toBeLessThan(100 * MB);
    expect(server.alive()).toBe(true);
  }, 120_000);

  it("refuses 300 fields with 413", async () => {
    const fields = Array.from({ length: 300 }, (_, i) => ({ name: `f${i}`, value: "1" }));
    const reply = await postStreamed(`${server.url}/api/process/rotate-pdf`, fields, [{ name: "a.pdf", data: pdf }]);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ error: "The request has too many fields: at most 200." });
  });

  it("refuses fields that are too large together, unknown ones included", async () => {
    const unknown = Array.from({ length: 30 }, (_, i) => ({ name: `unknown${i}`, value: 9 * 1024 }));
    const lists = [
      { name: "pageOrder", value: 1_000_000 },
      { name: "pagesToDelete", value: 1_000_000 },
    ];
    const reply = await postStreamed(`${server.url}/api/process/organize-pdf`, [...unknown, ...lists]);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ error: "The form fields are too large together: at most 2 MB." });
  });

  it("refuses a 1 MB userPassword with 413 before qpdf starts", async () => {
    const attack = postStreamed(`${server.url}/api/process/protect-pdf`, [{ name: "userPassword", value: MB }], [{ name: "a.pdf", data: pdf }]);
    let sawQpdf = 0;
    const watching = (async () => {
      for (let i = 0; i < 20; i++) {
        sawQpdf = Math.max(sawQpdf, await qpdfChildren());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const { result: reply, slowestHealthMs } = await whileHealthy(server, attack);
    await watching;
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: '"userPassword" is too long: at most 1024 characters.' });
    expect(sawQpdf).toBe(0);
    expect(slowestHealthMs).toBeLessThan(1000);
  });

  it("protects with a 200-character AES-256 password: the first 127 bytes count, as PDF 2.0 readers take them", async () => {
    const password = "p".repeat(100) + "Q".repeat(100);
    const { path: out, reply } = await runTool(asTestServer(server), "protect-pdf", [{ name: "a.pdf", data: pdf }], { userPassword: password });
    expect(reply.message).toContain("AES-256 uses only the first 127 bytes of a password, so the open password is its first 127 characters.");
    await exec("qpdf", ["--check", `--password=${password.slice(0, 127)}`, out]);
    await exec("qpdf", ["--check", `--password=${password}`, out]);
    await expect(exec("qpdf", ["--check", `--password=${password.slice(0, 126)}`, out])).rejects.toThrow(/invalid password/);
    const { stdout } = await exec("qpdf", ["--show-encryption", `--password=${password}`, out]);
    expect(stdout).toMatch(/AESv3/);
  });

  it("keeps a 127-byte password of two-byte letters whole, and cuts a longer one at a letter", async () => {
    const password = "é".repeat(70);
    const { path: out, reply } = await runTool(asTestServer(server), "protect-pdf", [{ name: "a.pdf", data: pdf }], { userPassword: password });
    expect(reply.message).toContain("so the open password is its first 63 characters.");
    await exec("qpdf", ["--check", `--password=${password.slice(0, 63)}`, out]);
  });
});

describe("slow and numerous clients", () => {
  it("answers a refused upload, then reads at most 64 MB more of it before closing its connection", async () => {
    const socket = await openSocket(server.port);
    const closed = whenClosed(socket);
    const declared = 300 * MB;
    socket.write(
      `POST /api/process/protect-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${declared}\r\n\r\n` +
        `--b\r\nContent-Disposition: form-data; name="userPassword"\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, "x");
    let sent = 0;
    while (sent < declared - chunk.length && !socket.destroyed) {
      if (!socket.write(chunk)) await drainedOrClosed(socket);
      sent += chunk.length;
    }
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 400/);
    expect(received).toContain(JSON.stringify({ success: false, error: '"userPassword" is too long: at most 1024 characters.' }));
    expect(sent).toBeLessThan(100 * MB);
    expect(await healthTime(server.url)).toBeLessThan(1000);
  }, 30_000);


  it("closes connections from one address beyond its cap at once, while other addresses are served", async () => {
    const sockets = await Promise.all(Array.from({ length: 300 }, () => openSocket(server.port, "127.0.0.2")));
    try {
      const closings = sockets.map((s) => whenClosed(s));
      const closedWithin = await Promise.race([
        Promise.all(closings.map((c) => Promise.race([c.then(() => 1), new Promise<number>((r) => setTimeout(() => r(0), 1000))]))),
      ]);
      const closed = closedWithin.reduce((a, b) => a + b, 0);
      expect(closed).toBeGreaterThanOrEqual(300 - 64);
      expect(await healthTime(server.url)).toBeLessThan(1000);
    } finally {
      for (const s of sockets) s.destroy();
    }
    const after = await healthTime(server.url);
    expect(after).toBeLessThan(1000);
    expect(server.alive()).toBe(true);
  });

  it("closes a connection whose headers trickle in after the header deadline", async () => {
    const socket = await openSocket(slow.port);
    const closed = whenClosed(socket);
    socket.write("POST /api/process/rotate-pdf HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 200);
    const { received, afterMs } = await closed;
    clearInterval(trickle);
    expect(afterMs).toBeLessThan(4000);
    expect(received === "" || received.startsWith("HTTP/1.1 408")).toBe(true);
    expect(await healthTime(slow.url)).toBeLessThan(1000);
  });

  it("drops an upload that stops sending, and removes its folder", async () => {
    expect(await workFolders()).toEqual([]);
    const socket = await openSocket(slow.port);
    const closed = whenClosed(socket);
    const boundary = "stall";
    socket.write(
      `POST /api/process/rotate-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    socket.write(Buffer.from(pdf).subarray(0, 200));
    // The upload folder exists while the file arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect((await workFolders()).length).toBe(1);
    const { received, afterMs } = await closed;
    expect(afterMs).toBeLessThan(15_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toContain("The upload sent nothing for one second, so it was dropped. Please try again.");
    expect(await workFolders()).toEqual([]);
  }, 30_000);
});

describe("malformed multipart", () => {
  it("answers a 300-character boundary with 400 and a sentence", async () => {
    const reply = await postStreamed(`${server.url}/api/process/rotate-pdf`, [{ name: "angle", value: "90" }], [{ name: "a.pdf", data: pdf }], {
      boundary: "b".repeat(300),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: "The upload's multipart boundary is longer than 70 characters (the most RFC 2046 allows), so it could not be read." });
  });

  it("answers a missing boundary and a cut body with 400", async () => {
    const noBoundary = await fetch(`${server.url}/api/process/rotate-pdf`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toMatchObject({ error: "The upload has no multipart boundary, so it could not be read." });
    const cut = await fetch(`${server.url}/api/process/rotate-pdf`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=cut" },
      body: `--cut\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing`,
    });
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({ error: "The upload was cut off before it finished. Please try again." });
  });
});

describe("names", () => {
  const hostile = "inv\u202Eoice\u2215evil\u2066.pdf";

  it("cleans bidirectional controls and slash look-alikes from a result's name", async () => {
    const reply = await postTool(asTestServer(server), "rotate-pdf", [{ name: hostile, data: pdf }], { angle: 90 });
    expect(reply.status).toBe(200);
    expect(reply.body.filename).toBe("invoice_evil-rotated.pdf");
    const { headers } = await download(asTestServer(server), reply.body.downloadUrl!);
    const disposition = decodeURIComponent(headers.get("content-disposition")!);
    expect(disposition).toContain("invoice_evil-rotated.pdf");
    expect(disposition).not.toMatch(/[\u202e\u2066\u2215]/);
  });

  it("cleans them from ZIP entries", async () => {
    const { path: zip } = await runTool(asTestServer(server), "split-pdf", [{ name: hostile, data: pdf }]);
    const names = [...(await readZip(zip)).keys()];
    expect(names.length).toBe(2);
    for (const name of names) {
      expect(name).toMatch(/^invoice_evil/);
      expect(name).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2215\u2044\uff0f]/);
    }
  });
});

describe("the expiry text follows FILE_TTL_SECONDS", () => {
  let short: ServerProcess;
  beforeAll(async () => {
    short = await startServerProcess({ FILE_TTL_SECONDS: "1800" });
    await healthTime(short.url, 60_000);
  }, 60_000);
  afterAll(async () => {
    await short.close();
  });

  it("says 30 minutes in the download 404, the docs, OpenAPI and health", async () => {
    const missing = await fetch(`${short.url}/api/download/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "This file does not exist or has expired: files are deleted 30 minutes after upload." });
    const docs = await (await fetch(`${short.url}/api/docs`)).text();
    expect(docs).toContain("Download links work for 30 minutes.");
    expect(docs).not.toContain("one hour");
    const openapi = JSON.stringify(await (await fetch(`${short.url}/api/openapi.json`)).json());
    expect(openapi).toContain("Files are deleted 30 minutes after upload.");
    expect(openapi).not.toContain("one hour");
    const health = (await (await fetch(`${short.url}/api/health`)).json()) as { fileTtlSeconds: number };
    expect(health.fileTtlSeconds).toBe(1800);
  });

  it("still says one hour by default", async () => {
    const missing = await fetch(`${server.url}/api/download/nothing-here`);
    expect(await missing.json()).toMatchObject({ error: "This file does not exist or has expired: files are deleted one hour after upload." });
  });
});
