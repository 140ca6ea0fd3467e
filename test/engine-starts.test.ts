import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statedPageCount } from "../server/pdf/stated-page-count.js";
import { corpus, corpusPdfs, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { pageCountOf, qpdfCheck, rotationsOf, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { download, postTool, startServer, type TestServer, type Upload } from "./helpers/server.js";
import { withTimelines } from "./helpers/timelines.js";

const exec = promisify(execFile);

/** The engine runs one call started, by engine, from the server's PHASE_TIMING line. */
async function startsOf(server: TestServer, tool: string, files: Upload[], fields: Record<string, string | number> = {}) {
  const { result: reply, timelines } = await withTimelines(1, () => postTool(server, tool, files, fields));
  const starts: Record<string, number> = {};
  for (const [step] of timelines[0]!) {
    const engine = / started$/.exec(step) && step.slice(0, -" started".length);
    if (engine && engine !== "job") starts[engine] = (starts[engine] ?? 0) + 1;
  }
  return { reply, starts };
}

const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>";

describe("engine starts per request", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ phaseTiming: true, rateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it("rotates every page of a sound file in one qpdf run, with the check on the way in beside it", async () => {
    const { reply, starts } = await startsOf(server, "rotate-pdf", [corpus("multicolumn.pdf")], { angle: 90 });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/90/);
    expect(starts).toEqual({ qpdf: 2 });
    const { path: out } = await download(server, reply.body.downloadUrl!);
    await qpdfCheck(out);
    expect(await pageCountOf(out)).toBe(3);
    expect(await rotationsOf(out)).toEqual([90, 90, 90]);
  }, 60_000);

  it("stamps a sound file with the checks of the document and the stamp beside the overlay, and none after it", async () => {
    for (const [tool, fields] of [["add-watermark", { watermarkText: "DRAFT" }], ["add-page-numbers", {}]] as const) {
      const { reply, starts } = await startsOf(server, tool, [corpus("pdflatex-4-pages.pdf")], fields);
      expect(reply.status, tool).toBe(200);
      // The look at the upload, the overlay, and the two checks; the page boxes are read in the server's process.
      expect(starts, tool).toEqual({ qpdf: 4 });
      const { path: out } = await download(server, reply.body.downloadUrl!);
      await qpdfCheck(out);
      expect(await pageCountOf(out)).toBe(4);
    }
  }, 60_000);

  it("checks a stamped file after the overlay where the document's own check finds damage", async () => {
    // An image whose compressed data is cut short: qpdf copies it as it is, and its check reports the stream.
    const broken = deflateSync(Buffer.alloc(300 * 300 * 3, 200)).subarray(0, 200);
    const damaged = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
      `<< /Type /XObject /Subtype /Image /Width 300 /Height 300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${broken.length} >>\nstream\n${broken.toString("latin1")}\nendstream`,
      "<< /Length 30 >>\nstream\nq 300 0 0 300 0 0 cm /Im1 Do Q\nendstream",
    ]);
    const { reply, starts } = await startsOf(server, "add-watermark", [{ name: "damaged-image.pdf", data: damaged }], { watermarkText: "DRAFT" });
    expect(reply.status).toBe(200);
    expect(starts.qpdf).toBeGreaterThan(4);
  }, 60_000);

  it("a page tree stating a wrong count still goes the careful way and comes out with its real pages", async () => {
    const wrong = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 7 >>", PAGE, PAGE]);
    const { reply } = await startsOf(server, "rotate-pdf", [{ name: "wrong-count.pdf", data: wrong }], { angle: 180 });
    expect(reply.status).toBe(200);
    const { path: out } = await download(server, reply.body.downloadUrl!);
    await qpdfCheck(out);
    expect(await rotationsOf(out)).toEqual([180, 180]);
  }, 60_000);

  it("deletes pages and splits on the count a sound file states, with the look at its page tree beside the copy", async () => {
    const deleted = await startsOf(server, "delete-pages", [corpus("pdflatex-4-pages.pdf")], { pages: "2,4" });
    expect(deleted.reply.status).toBe(200);
    // The copy, its look for bookmarks, the check on the way in and the look at the page tree: no run twice.
    expect(deleted.starts).toEqual({ qpdf: 4 });
    const { path: kept } = await download(server, deleted.reply.body.downloadUrl!);
    await qpdfCheck(kept);
    expect(await pageCountOf(kept)).toBe(2);
    const split = await startsOf(server, "split-pdf", [corpus("pdflatex-4-pages.pdf")]);
    expect(split.reply.status).toBe(200);
    expect(split.starts).toEqual({ qpdf: 3 });
  }, 60_000);

  it("a page tree stating a wrong count: delete and split give up what they started on it and go the careful way", async () => {
    const wrong = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 7 >>", PAGE, PAGE]);
    const upload = [{ name: "wrong-count.pdf", data: wrong }];
    const deleted = await postTool(server, "delete-pages", upload, { pages: "2" });
    expect(deleted.status).toBe(200);
    const { path: kept } = await download(server, deleted.body.downloadUrl!);
    await qpdfCheck(kept);
    expect(await pageCountOf(kept)).toBe(1);
    // Page 5 exists by the stated count only: the real count answers.
    const beyond = await postTool(server, "delete-pages", upload, { pages: "5" });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(/\b2\b/);
    const split = await postTool(server, "split-pdf", upload);
    expect(split.status).toBe(200);
    expect(split.body.fileIds).toHaveLength(2);
    for (const id of split.body.fileIds!) {
      const { path: part } = await download(server, `/api/download/${id}`);
      await qpdfCheck(part);
      expect(await pageCountOf(part)).toBe(1);
    }
  }, 60_000);

  it("reads text on the count a file states, and on its real pages where the tree miscounts", async () => {
    const sound = await postTool(server, "pdf-to-text", [corpus("pdflatex-4-pages.pdf")], { pageRange: "2-3" });
    expect(sound.status).toBe(200);
    const { path: text } = await download(server, sound.body.downloadUrl!);
    expect((await fs.readFile(text, "utf8")).split("\f").filter((page) => page.trim()).length).toBe(2);
    const wrong = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 7 >>", PAGE, PAGE]);
    const upload = [{ name: "wrong-count.pdf", data: wrong }];
    // Page 5 exists by the stated count only: the real count answers.
    const beyond = await postTool(server, "pdf-to-text", upload, { pageRange: "5" });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(/\b2\b/);
    const textPage = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>";
    const words = "BT /F1 24 Tf 20 150 Td (Counted) Tj ET";
    const worded = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 7 >>",
      textPage,
      textPage,
      `<< /Length ${words.length} >>\nstream\n${words}\nendstream`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]);
    const all = await postTool(server, "pdf-to-text", [{ name: "wrong-count-text.pdf", data: worded }], { ocrEnabled: false });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const { path: both } = await download(server, all.body.downloadUrl!);
    expect((await fs.readFile(both, "utf8")).match(/Counted/g)).toHaveLength(2);
  }, 60_000);

  it("merges sound files in one qpdf run, with one run for the merge's verdict beside it whatever the number of files", async () => {
    const files = [corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf"), corpus("pdflatex-image.pdf")];
    const { reply, starts } = await startsOf(server, "merge-pdf", files);
    expect(reply.status).toBe(200);
    expect(reply.body.message).not.toMatch(/came out damaged/);
    expect(starts.qpdf).toBe(2);
    const { path: out } = await download(server, reply.body.downloadUrl!);
    await qpdfCheck(out);
    const pages = await Promise.all(files.map((f) => pageCountOf(f)));
    expect(await pageCountOf(out)).toBe(pages.reduce((a, b) => a + b, 0));
  }, 60_000);

  it("a password-protected file is refused with its sentence", async () => {
    const { reply } = await startsOf(server, "rotate-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatch(/^This PDF is password-protected/);
  }, 60_000);

  it("a file over the page limit is refused with its sentence", async () => {
    const small = await startServer({ rateLimitPerMinute: 0, maxPages: 3 });
    try {
      const reply = await postTool(small, "rotate-pdf", [corpus("pdflatex-4-pages.pdf")]);
      expect(reply.status).toBe(422);
      expect(reply.body.error).toBe("This document has more than 3 pages, the most we process at once.");
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe("the page count read from a file qpdf wrote", () => {
  it("is the one qpdf reads, with object streams or without", async () => {
    const dir = await tempDir();
    let read = 0;
    for (const file of corpusPdfs().filter((f) => !f.endsWith(ENCRYPTED_PDF))) {
      const out = path.join(dir, `${path.basename(file)}-copy.pdf`);
      const written = await exec("qpdf", ["--no-warn", file, "--pages", ".", "1-z", "--", out]).then(() => true, () => false);
      if (!written) continue;
      const { stdout } = await exec("qpdf", ["--show-npages", out]);
      expect(await statedPageCount(out), path.basename(file)).toBe(Number(stdout.trim()));
      read++;
    }
    expect(read).toBeGreaterThan(20);
  }, 120_000);

  it("is read from dictionaries and cross-reference sections larger than the first read", async () => {
    // 900 pages: the page tree's root lists 900 kids inline and the table has 900 entries, both past 4 KB.
    const pages = 900;
    const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
    const many = await writeTemp("many.pdf", rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, ...Array.from({ length: pages }, () => PAGE)]));
    for (const layout of [[], ["--object-streams=generate"]]) {
      const out = `${many}-${layout.length}.pdf`;
      await exec("qpdf", [...layout, many, "--pages", ".", "1-z", "--", out]);
      expect(await statedPageCount(out)).toBe(pages);
    }
  });

  it("is read from the page tree's own entry, whatever the dictionaries and strings around it say", async () => {
    const file = await writeTemp(
      "decoys.pdf",
      rawPdf([
        "<< /Type /Catalog /Lang (/Pages 9 0 R \\) /Pages 9 0 R) /ViewerPreferences << /Pages 9 0 R >> /Pages 2 0 R >>",
        "<< /Type /Pages /Resources << /Count 40 >> /Kids [3 0 R 4 0 R] /Note <2F436F756E74> /Count 2 >>",
        PAGE,
        PAGE,
      ]),
    );
    expect(await statedPageCount(file)).toBe(2);
  });

  it("is left to qpdf where the file is laid out otherwise", async () => {
    const sound = await fs.readFile(corpus("pdflatex-4-pages.pdf"));
    const updated = Buffer.concat([sound, Buffer.from("\n1 0 obj\n<< >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Prev 0 >>\nstartxref\n0\n%%EOF\n")]);
    expect(await statedPageCount(await writeTemp("updated.pdf", updated))).toBeUndefined();
    expect(await statedPageCount(await writeTemp("cut.pdf", sound.subarray(0, sound.length - 200)))).toBeUndefined();
    expect(await statedPageCount(await writeTemp("garbage.pdf", "%PDF-1.7\nstartxref\n999999\n%%EOF\n"))).toBeUndefined();
  });

  it("leaves to qpdf an upload whose cross-reference stream inflates past its bound, without inflating it all", async () => {
    // 30 KB of flate data that would inflate to 64 MB: the reader stops at its bound and answers nothing.
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const head = Buffer.from(`%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 2 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`);
    const file = await writeTemp("xref-bomb.pdf", Buffer.concat([head, bomb, Buffer.from("\nendstream\nendobj\nstartxref\n9\n%%EOF\n")]));
    const heapBefore = process.memoryUsage().arrayBuffers;
    expect(await statedPageCount(file)).toBeUndefined();
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(40 * 1024 * 1024);
  });
});
