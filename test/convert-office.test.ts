import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDocx, makePptx, makeReachingDocx, makeXlsx } from "./helpers/office-fixtures.js";
import { pageCountOf, pageTexts, pdftotext, tempDir } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { wordRecall, words } from "./helpers/text-compare.js";

/** Office documents made by the tests, converted by the server, read back with poppler. */

const exec = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

/**
 * Office processes a server process started (their UNO pipes carry its pid). Only the office itself counts: the
 * command lines of the programs that start it in its sandbox (prlimit, setpriv, bwrap) name soffice.bin too.
 */
async function runningOffices(pid = process.pid): Promise<number> {
  const { stdout } = await exec("ps", ["-eo", "comm=,args="]);
  return stdout.split("\n").filter((l) => l.trimStart().startsWith("soffice.bin ") && l.includes(`pdftoolbox_office_${pid}_`)).length;
}

describe("word-to-pdf", () => {
  it("leaves no office behind when the server process is killed outright", async () => {
    const dir = await tempDir();
    const docx = path.join(dir, "a.docx");
    await fs.writeFile(docx, (await makeDocx(2)).data);
    const script = path.join(dir, "convert-then-wait.mts");
    const engine = path.resolve("server/engines/libreoffice.ts");
    await fs.writeFile(
      script,
      `import { officeConvert } from ${JSON.stringify(engine)};
await officeConvert(${JSON.stringify(docx)}, ${JSON.stringify(path.join(dir, "a.pdf"))}, "pdf", {}, { workDir: ${JSON.stringify(dir)}, timeoutMs: 60000, fileName: "a.docx" });
console.log("converted " + process.pid);
setInterval(() => undefined, 1000);
`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
    const pid = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        const m = /converted (\d+)/.exec(chunk.toString());
        if (m) resolve(Number(m[1]));
      });
      child.on("exit", () => reject(new Error("the converting process ended early")));
    });
    expect(await runningOffices(pid)).toBe(1);
    child.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await runningOffices(pid)).toBe(0);
  });

  it("converts a DOCX with all its words, in order, and its table", async () => {
    const { data, content } = await makeDocx(8);
    const { path: pdf, reply } = await runTool(server, "word-to-pdf", [{ name: "report.docx", data }]);
    expect(reply.filename).toBe("report.pdf");
    const text = await pdftotext(pdf);
    const expected = [...content.paragraphs, ...content.table.flat()].flatMap(words);
    expect(wordRecall(expected, words(text))).toBeGreaterThanOrEqual(0.98);
    // Table rows come out as rows: each row's cells on one line, left to right.
    const layout = await pdftotext(pdf, ["-layout"]);
    for (const row of content.table) expect(layout).toMatch(new RegExp(row.join("\\s+")));
  });

  it("converts an XLSX with its cells, numbers as shown", async () => {
    const { data, cells } = await makeXlsx(10);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "stock.xlsx", data }]);
    const lines = (await pdftotext(pdf, ["-layout"])).split("\n").map((l) => words(l)).filter((l) => l.length > 0);
    let equal = 0;
    for (const [r, row] of cells.entries()) {
      const line = lines[r] ?? [];
      row.forEach((value, c) => {
        const got = line[c];
        if (got !== undefined && (got === value || (/^[\d.]+$/.test(value) && Number(got) === Number(value)))) equal++;
      });
    }
    expect(equal / cells.flat().length).toBeGreaterThanOrEqual(0.95);
  });

  it("converts a PPTX to one page per slide", async () => {
    const { data, slides } = await makePptx(3);
    const { path: pdf, reply } = await runTool(server, "word-to-pdf", [{ name: "deck.pptx", data }]);
    expect(reply.message).toContain("presentation");
    const pages = await pageTexts(pdf);
    expect(pages).toHaveLength(3);
    slides.forEach((slide, i) => {
      expect(pages[i]).toContain(slide.title);
      expect(words(pages[i]!)).toEqual(expect.arrayContaining(words(slide.body)));
    });
  });

  it("keeps only the pages in pageRange", async () => {
    const { data } = await makePptx(4);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "deck.pptx", data }], { pageRange: "2,4" });
    const pages = await pageTexts(pdf);
    expect(pages.map((p) => p.split("\n")[0])).toEqual([expect.stringContaining("Slide 2"), expect.stringContaining("Slide 4")]);
  });

  it("never lets a document reach the network or local files", async () => {
    let connections = 0;
    const listener = http.createServer((_req, res) => res.end());
    listener.on("connection", () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const secret = path.join(await tempDir(), "secret.txt");
    await fs.writeFile(secret, "TOPSECRETCONTENT");
    const secretImage = path.join(path.dirname(secret), "secret.png");
    await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c03030" } }).png().toFile(secretImage);
    const docx = await makeReachingDocx(url, secret, secretImage);
    try {
      // Control: LibreOffice as installed, with a fresh default profile, does fetch the linked image.
      const control = await tempDir();
      await fs.writeFile(path.join(control, "reach.docx"), docx);
      await exec("soffice", [`-env:UserInstallation=file://${control}/profile`, "--headless", "--convert-to", "pdf", "--outdir", control, path.join(control, "reach.docx")], { timeout: 60_000 });
      expect(connections).toBeGreaterThan(0);
      // ... and embeds the local image it links to.
      const controlImages = (await exec("pdfimages", ["-list", path.join(control, "reach.pdf")])).stdout.trim().split("\n");
      expect(controlImages.length).toBeGreaterThan(2);
      connections = 0;

      const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "reach.docx", data: docx }]);
      const text = await pdftotext(pdf);
      expect(text).toContain("Before the linked content.");
      expect(text).toContain("After the linked content.");
      expect(text).not.toContain("TOPSECRETCONTENT");
      expect(connections).toBe(0);
      const { stdout } = await exec("pdfimages", ["-list", pdf]);
      expect(stdout.trim().split("\n")).toHaveLength(2);
    } finally {
      listener.close();
    }
  });

  it("answers a damaged document with a sentence", async () => {
    const { data } = await makeDocx(2);
    // A real ZIP whose main part is cut short.
    const broken = Buffer.from(data);
    broken.fill(0x20, Math.floor(broken.length * 0.5), Math.floor(broken.length * 0.8));
    const reply = await postTool(server, "word-to-pdf", [{ name: "broken.docx", data: broken }]);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.error).toBeTruthy();
  });

  it("stops the office when a conversion runs out of time, and the next document still converts", async () => {
    const hasty = await startServer({ engineTimeoutMs: 50 });
    try {
      const { data } = await makeDocx(40);
      const before = await runningOffices();
      const reply = await postTool(hasty, "word-to-pdf", [{ name: "slow.docx", data }]);
      expect(reply.status).toBe(422);
      expect(reply.body.error).toContain("took too long");
      await new Promise((r) => setTimeout(r, 500));
      expect(await runningOffices()).toBeLessThan(Math.max(1, before));
    } finally {
      await hasty.close();
    }
    const { data } = await makeDocx(3);
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: "after.docx", data }]);
    expect(await pageCountOf(pdf)).toBe(1);
  });
});
