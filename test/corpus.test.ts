import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, corpusPdfs, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { pageCountOf, qpdfCheck } from "./helpers/pdf-tools.js";
import { download, postTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const files = corpusPdfs();

/**
 * Files whose pages cannot be recovered: unreadablemetadata.pdf has lost its page tree (qpdf and MuPDF find no
 * pages; poppler invents blank ones). The visitor is told the file could not be read.
 */
const UNREADABLE = new Set(["unreadablemetadata.pdf"]);

describe("every corpus PDF goes through merge, rotate and split", () => {
  it("has the corpus", () => {
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files.map((f) => [path.basename(f), f]))("%s", async (name, file) => {
    const encrypted = name === ENCRYPTED_PDF;
    const unreadable = UNREADABLE.has(name);
    const runs = [
      await postTool(server, "merge-pdf", [file, corpus("minimal-document.pdf")]),
      await postTool(server, "rotate-pdf", [file]),
      await postTool(server, "split-pdf", [file], { splitMode: "ranges", ranges: "1,2-z" }),
    ];
    for (const run of runs) {
      expect(run.status, run.body.error).toBeLessThan(500);
      if (encrypted || unreadable) {
        expect(run.status).toBe(422);
        expect(run.body.error).toMatch(encrypted ? /password-protected/ : /could not be read as a PDF/);
        continue;
      }
      // A one-page file cannot split as "1,2-z": that is a 400 that names the problem.
      if (run.status === 400) {
        expect(run.body.error).toMatch(/outside the document/);
        continue;
      }
      expect(run.status, run.body.error).toBe(200);
    }
    if (encrypted || unreadable) return;
    const merged = await download(server, runs[0]!.body.downloadUrl!);
    await qpdfCheck(merged.path);
    expect(await pageCountOf(merged.path)).toBe((await pageCountOf(file)) + 1);
    const rotated = await download(server, runs[1]!.body.downloadUrl!);
    await qpdfCheck(rotated.path);
  });
});
