import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { pageTreeLoop, pageTreeSelfLoop, hugePageCount } from "./helpers/pdf-mutants.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

/**
 * Inputs that once took the service down or answered 500: a 35-byte page range, a page order of 100,000 entries,
 * thousands of poster-sized pages to render, page trees that loop. Each must be answered quickly with a 4xx that
 * names the field or the limit (or, where the file can be read, with a sound result), while the server keeps
 * answering its health check.
 */

const exec = promisify(execFile);
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startServer({ rateLimitPerMinute: 0 });
  // The first health check probes the engines (MuPDF among them, behind any task in its worker); a running server
  // has done so long before a visitor's file arrives.
  await fetch(`${server.url}/api/health`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-limits-"));
});
afterAll(async () => {
  await server?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const TEXT = "BT /F1 24 Tf 40 100 Td (Big) Tj ET";

/** `count` pages of `side` by `side` points sharing one content stream. */
function posterPdf(count: number, side: number): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(" ");
  const pages = Array.from(
    { length: count },
    () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${side}] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>`,
  );
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    `<< /Length ${TEXT.length} >>\nstream\n${TEXT}\nendstream`,
    FONT,
    ...pages,
  ]);
}

async function upload(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, data);
  return file;
}

async function healthMs(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) });
  expect(res.status).toBe(200);
  return performance.now() - t;
}

async function download(url: string): Promise<string> {
  const file = path.join(dir, `result-${Math.random().toString(36).slice(2)}.pdf`);
  await fs.writeFile(file, Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()));
  return file;
}

async function qpdfCheck(file: string): Promise<number> {
  try {
    await exec("qpdf", ["--check", file]);
    return 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
}

async function pageCount(file: string): Promise<number> {
  const { stdout } = await exec("pdfinfo", [file]);
  return Number(/^Pages:\s+(\d+)$/m.exec(stdout)![1]);
}

describe("field bounds", () => {
  it("refuses the 35-byte page range that froze the server, at once", async () => {
    const t = performance.now();
    const reply = await postTool(server, "delete-pages", [corpus("pdflatex-4-pages.pdf")], { pages: "1 ".repeat(16) + "x" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('"pages"');
    expect(performance.now() - t).toBeLessThan(5000);
  });

  it("refuses a page order of 100,000 entries with a 400 naming the field", async () => {
    const reply = await postTool(server, "organize-pdf", [corpus("pdflatex-4-pages.pdf")], { pageOrder: Array.from({ length: 100_000 }, () => 0) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('"pageOrder"');
    expect(reply.body.error).toContain("10000");
  });

  it("refuses 10,001 page rotations, 11 additional OCR languages and 100,001 annotation points, naming each field", async () => {
    const rotations = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [String(i), 90]));
    const organize = await postTool(server, "organize-pdf", [corpus("pdflatex-4-pages.pdf")], { pageRotations: rotations });
    expect(organize.status).toBe(400);
    expect(organize.body.error).toContain('"pageRotations"');

    const ocr = await postTool(server, "ocr-pdf", [corpus("pdflatex-4-pages.pdf")], { multipleLanguages: Array.from({ length: 11 }, () => "eng") });
    expect(ocr.status).toBe(400);
    expect(ocr.body.error).toContain('"multipleLanguages"');

    // Single-digit points keep the field under its 1 MB, so the points limit is the one that speaks.
    const stroke = Array.from({ length: 10_000 }, (_, i) => [i % 10, i % 7]);
    const ink = { type: "draw", position: { x: 0, y: 0, pageIndex: 0, width: 10, height: 10 }, points: Array.from({ length: 11 }, () => stroke) };
    const annotate = await postTool(server, "annotate-pdf", [corpus("pdflatex-4-pages.pdf")], { annotations: [ink] });
    expect(annotate.status).toBe(400);
    expect(annotate.body.error).toContain('"annotations"');
    expect(annotate.body.error).toContain("100000 points");
  });

  it("refuses a page range of more than 2,000 characters", async () => {
    const reply = await postTool(server, "split-pdf", [corpus("pdflatex-4-pages.pdf")], { splitMode: "ranges", ranges: "1,".repeat(1001) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('"ranges"');
  });

  it("refuses an organized result of more pages than the limit with a 422", async () => {
    const small = await startServer({ rateLimitPerMinute: 0, maxPages: 50 });
    try {
      const reply = await postTool(small, "organize-pdf", [corpus("pdflatex-4-pages.pdf")], { pageOrder: Array.from({ length: 60 }, () => 0) });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toContain("50");
    } finally {
      await small.close();
    }
  });
});

describe("pixel budget", () => {
  it("refuses 4,999 poster-sized pages to JPG before rendering, with the health check answering", async () => {
    const file = await upload("posters.pdf", posterPdf(4999, 14_400));
    const t = performance.now();
    const pending = postTool(server, "pdf-to-jpg", [file], { imageResolution: 150 });
    const health: number[] = [];
    let done = false;
    void pending.finally(() => (done = true));
    while (!done) {
      health.push(await healthMs());
      await new Promise((r) => setTimeout(r, 200));
    }
    const reply = await pending;
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("gigapixels");
    expect(performance.now() - t).toBeLessThan(30_000);
    expect(Math.max(0, ...health)).toBeLessThan(1000);
  }, 90_000);

  it("renders a poster page at a lower resolution, and refuses one that would need under 10 dpi", async () => {
    const poster = await upload("poster.pdf", posterPdf(1, 14_400));
    const ok = await postTool(server, "pdf-to-png", [poster], { imageResolution: 300 });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/rendered at \d+ dpi to stay within 60 million pixels/);

    const huge = await upload("huge.pdf", posterPdf(1, 100_000));
    for (const tool of ["pdf-to-jpg", "pdf-to-ppt"]) {
      const reply = await postTool(server, tool, [huge], { imageResolution: 72 });
      expect(reply.status, tool).toBe(422);
      expect(reply.body.error, tool).toContain("10 dpi");
    }
  });

  it("refuses OCR of a page over 60 million pixels at the chosen resolution, naming the limit", async () => {
    const poster = await upload("ocr-poster.pdf", posterPdf(1, 14_400));
    const reply = await postTool(server, "ocr-pdf", [poster], { dpi: 300, forceOcr: true });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toContain("60 million pixels");
  });
});

describe("page trees that lie", () => {
  const files = [pageTreeLoop(), pageTreeSelfLoop(), hugePageCount()];
  for (const mutant of files) {
    it(`${mutant.name}: page tools work on its one page, never a 500`, async () => {
      const file = await upload(`${mutant.name}.pdf`, mutant.data);
      for (const tool of ["rotate-pdf", "compress-pdf", "pdf-to-jpg", "extract-text", "add-page-numbers"]) {
        const reply = await postTool(server, tool, [file]);
        expect(reply.status, `${tool}: ${reply.body.error}`).toBe(200);
        if (tool === "rotate-pdf" || tool === "compress-pdf" || tool === "add-page-numbers") {
          const out = await download(reply.body.downloadUrl!);
          expect(await qpdfCheck(out), tool).toBe(0);
          expect(await pageCount(out), tool).toBe(1);
        }
      }
    });
  }
});
