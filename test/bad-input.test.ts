import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let pdf: Uint8Array;
beforeAll(async () => {
  // A small per-file limit keeps the over-size test quick; the limit is enforced the same way at 100 MB.
  server = await startServer({ maxFileBytes: 2 * 1024 * 1024 });
  pdf = await makeNumberedPdf(3);
});
afterAll(async () => server.close());

/**
 * Nothing of a job is left once a request is answered, whatever the outcome: at most an empty folder prepared for
 * the next job (with a MuPDF child started in it ahead).
 */
async function expectNoWorkFolders(): Promise<void> {
  await new Promise((r) => setTimeout(r, 50));
  const root = path.join(server.config.dataDir, "jobs");
  const left = await fs.readdir(root);
  expect(left.length).toBeLessThanOrEqual(server.config.mupdfChildrenAhead);
  for (const folder of left) expect(await fs.readdir(path.join(root, folder))).toEqual([]);
}

describe("bad input gets a clear 4xx and leaves nothing behind", () => {
  it("a password-protected PDF", async () => {
    const reply = await postTool(server, "rotate-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/^This PDF is password-protected/);
    await expectNoWorkFolders();
  });

  it("a truncated PDF that no engine can read", async () => {
    const head = (await fs.readFile(corpus("pdflatex-4-pages.pdf"))).subarray(0, 3000);
    const reply = await postTool(server, "split-pdf", [{ name: "cut.pdf", data: head }]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/^This file could not be read as a PDF \(cut.pdf\)/);
    await expectNoWorkFolders();
  });

  it("a PDF whose cross-reference table is broken is repaired on the way", async () => {
    const broken = Buffer.from(pdf);
    const at = broken.lastIndexOf("startxref");
    broken.write("startxref\n999999\n%%EOF\n", at, "latin1");
    const reply = await postTool(server, "rotate-pdf", [{ name: "broken.pdf", data: broken.subarray(0, at + 22) }]);
    expect(reply.status).toBe(200);
  });

  it("a file that is not a PDF, whatever its name says", async () => {
    const reply = await postTool(server, "merge-pdf", [
      { name: "a.pdf", data: pdf },
      { name: "b.pdf", data: await fs.readFile("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") },
      { name: "c.pdf", data: Buffer.from("plain text") },
    ]);
    expect(reply.status).toBe(415);
    // Files are checked side by side; the sentence still names the first bad one in upload order.
    expect(reply.body.error).toBe('"b.pdf" is not a PDF file.');
    await expectNoWorkFolders();
  });

  it("a PDF with a misleading name is taken for what it is", async () => {
    const reply = await postTool(server, "rotate-pdf", [{ name: "holiday.jpg", data: pdf }]);
    expect(reply.status).toBe(200);
  });

  it("an empty file", async () => {
    const reply = await postTool(server, "rotate-pdf", [{ name: "empty.pdf", data: new Uint8Array() }]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('"empty.pdf" is empty.');
  });

  it("no file at all", async () => {
    const reply = await postTool(server, "rotate-pdf", []);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Please upload at least one file to process.");
  });

  it("two files for a one-file tool", async () => {
    const reply = await postTool(server, "rotate-pdf", [
      { name: "a.pdf", data: pdf },
      { name: "b.pdf", data: pdf },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("Rotate PDF takes one file at a time.");
  });

  it("a file over the size limit is stopped while it streams", async () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(Buffer.from("%PDF-1.7\n"));
    const reply = await postTool(server, "rotate-pdf", [{ name: "big.pdf", data: big }]);
    expect(reply.status).toBe(413);
    expect(reply.body.error).toBe("A file is larger than 2 MB, the most we accept per file.");
    await expectNoWorkFolders();
  });

  it("a request that is not multipart", async () => {
    const res = await fetch(`${server.url}/api/process/rotate-pdf`, { method: "POST", body: "hello", headers: { "content-type": "text/plain" } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it("options that are not JSON where JSON is expected", async () => {
    const reply = await postTool(server, "organize-pdf", [{ name: "a.pdf", data: pdf }], { pageOrder: "[1,2" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('"pageOrder" must be an array.');
  });

  it("a file name with a path in it is reduced to its last part", async () => {
    const reply = await postTool(server, "rotate-pdf", [{ name: "../../etc/passwd.pdf", data: pdf }]);
    expect(reply.status).toBe(200);
    expect(reply.body.filename).toBe("passwd-rotated.pdf");
  });
});
