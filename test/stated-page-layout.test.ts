import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseCropBoxes, parseVisibleTrimBoxes } from "../server/engines/poppler-page-boxes.js";
import { statedCropBoxes, statedPageLayout, statedVisibleTrimBoxes } from "../server/pdf/stated-page-layout.js";
import { statedPageCount } from "../server/pdf/stated-page-count.js";
import { corpusPdfs, ENCRYPTED_PDF, corpus } from "./helpers/corpus.js";
import { tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";

const exec = promisify(execFile);

/** What poppler's pdfinfo reads of a file: its page count, crop boxes and trim boxes as seen. */
async function pdfinfoLayout(file: string) {
  const { stdout } = await exec("pdfinfo", ["-f", "1", "-l", "100000", "-box", file], { maxBuffer: 64 * 1024 * 1024 });
  return {
    pageCount: Number(/^Pages: +(\d+)$/m.exec(stdout)?.[1]),
    crop: parseCropBoxes(stdout, 100000),
    trim: parseVisibleTrimBoxes(stdout, 100000),
  };
}

function rounded(boxes: ReadonlyArray<{ width: number; height: number }>) {
  return boxes.map((b) => [Math.round(b.width * 100) / 100, Math.round(b.height * 100) / 100]);
}

/** Reads `file` here and with pdfinfo and expects the same pages; whether it was read here. */
async function expectAsPdfinfo(file: string): Promise<boolean> {
  const here = await statedCropBoxes(file, 100000);
  if (!here) return false;
  const poppler = await pdfinfoLayout(file);
  expect(here.pageCount, path.basename(file)).toBe(poppler.pageCount);
  expect(rounded(here.boxes), path.basename(file)).toEqual(rounded(poppler.crop));
  expect(rounded((await statedVisibleTrimBoxes(file, here.pageCount))!), path.basename(file)).toEqual(rounded(poppler.trim));
  return true;
}

/** `base` with an incremental update appended: the objects given (by number) and a table whose /Prev is base's. */
function withUpdate(base: Buffer, objects: Record<number, string>, trailer = ""): Buffer {
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(base.toString("latin1"))![1]);
  const size = Number(/\/Size (\d+)/.exec(base.toString("latin1"))![1]);
  let body = base.toString("latin1");
  const entries: string[] = [];
  for (const [n, text] of Object.entries(objects)) {
    entries.push(`${n} 1\n${String(body.length).padStart(10, "0")} 00000 n \n`);
    body += `${n} 0 obj\n${text}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n${entries.join("")}trailer\n<< /Size ${size} /Root 1 0 R /Prev ${prev} ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";

describe("page layout read in this process", () => {
  it("is what pdfinfo reads, for every corpus file it reads, as written and as qpdf rewrites it", async () => {
    const dir = await tempDir();
    let read = 0;
    for (const file of corpusPdfs().filter((f) => !f.endsWith(ENCRYPTED_PDF))) {
      if (await expectAsPdfinfo(file)) read++;
      // Linearized: a first-page table (or stream) before the rest, chained by /Prev.
      for (const [name, args] of [["linearized", ["--linearize"]], ["streams", ["--linearize", "--object-streams=generate"]]] as const) {
        const out = path.join(dir, `${path.basename(file)}-${name}.pdf`);
        if (await exec("qpdf", ["--no-warn", ...args, file, out]).then(() => true, () => false)) {
          expect(await expectAsPdfinfo(out), `${path.basename(file)} ${name}`).toBe(true);
        }
      }
    }
    expect(read).toBeGreaterThan(25);
  }, 120_000);

  it("inherits boxes and rotation down the tree, clips them to the media box, and reads boxes kept apart", async () => {
    const file = await writeTemp(
      "inherited.pdf",
      rawPdf([
        CATALOG,
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 /MediaBox [0 0 600 800] /Rotate 90 >>",
        "<< /Type /Page /Parent 2 0 R /CropBox [-50 -50 300 400] /TrimBox [10 10 110 60] >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 /MediaBox 7 0 R /Rotate -90 >>",
        "<< /Type /Page /Parent 4 0 R >>",
        "<< /Type /Page /Parent 4 0 R /Rotate 180 /MediaBox [ 612 792 0 0 ] /CropBox [0 0 1000 100.5] >>",
        "[0 0 200.5 300]",
      ]),
    );
    const layout = await statedPageLayout(file, 10);
    expect(layout?.pageCount).toBe(3);
    expect(layout!.pages.map((p) => p.rotate)).toEqual([90, 270, 180]);
    expect(rounded((await statedCropBoxes(file, 10))!.boxes)).toEqual([
      [300, 400],
      [200.5, 300],
      [612, 100.5],
    ]);
    expect(await expectAsPdfinfo(file)).toBe(true);
  });

  it("reads the newest version of each object through incremental updates", async () => {
    const base = rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>"]);
    const file = await writeTemp("updated.pdf", withUpdate(withUpdate(base, { 3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 500] >>" }), { 2: "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>" }));
    // A page listed twice is a tree this reader does not guess about.
    expect(await statedPageLayout(file, 10)).toBeUndefined();
    const once = await writeTemp("updated-once.pdf", withUpdate(base, { 3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 500] >>" }));
    expect(rounded((await statedCropBoxes(once, 10))!.boxes)).toEqual([[400, 500]]);
    expect(await expectAsPdfinfo(once)).toBe(true);
  });

  it("gives way to an engine where the file is not laid out as it expects", async () => {
    const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>";
    const cases: Record<string, Buffer> = {
      loop: rawPdf([CATALOG, "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]),
      "count not its pages": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 2 >>", page]),
      "no media box": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R >>"]),
      "a box of five numbers": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300 1] >>"]),
      "a user unit": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /UserUnit 2 >>"]),
      "a rotation off the quarter turns": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Rotate 45 >>"]),
      "a kid that is not a page": rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Font >>"]),
      "a table whose /Prev leads back to itself": withUpdate(rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page]), {}, ""),
      "an offset that is not its object": Buffer.from(rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page]).toString("latin1").replace("0000000009 00000 n", "0000000010 00000 n"), "latin1"),
      "a table stating more entries than it has": Buffer.from(rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page]).toString("latin1").replace("xref\n0 4", "xref\n0 999999999"), "latin1"),
    };
    // The update above has no objects and its own offset as /Prev: rewritten so that it points at itself.
    const selfLoop = cases["a table whose /Prev leads back to itself"]!.toString("latin1");
    const own = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(selfLoop)![1]!;
    cases["a table whose /Prev leads back to itself"] = Buffer.from(selfLoop.replace(/\/Prev \d+/, `/Prev ${own}`), "latin1");
    for (const [name, bytes] of Object.entries(cases)) {
      const file = await writeTemp(`${name.replace(/[^a-z]+/g, "-")}.pdf`, bytes);
      expect(await statedPageLayout(file, 10), name).toBeUndefined();
    }
    // More pages than the most processed at once: for an engine to count.
    expect(await statedPageLayout(corpus("pdflatex-4-pages.pdf"), 3)).toBeUndefined();
    expect(await statedPageLayout(corpus(ENCRYPTED_PDF), 10)).toBeUndefined();
  });

  it("gives way to an engine, after a bounded scan, where each page's dictionary runs on over the next ones", async () => {
    // Page k's dictionary holds a string in which page k + 1's object sits, and so on: 3,000 pages whose
    // dictionaries all run to the end, which read one by one would be scanned over and over (about 360 MB).
    const pages = 3000;
    const offsets: number[] = [];
    let body = "%PDF-1.7\n";
    offsets.push(body.length);
    body += "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n";
    offsets.push(body.length);
    body += `2 0 obj\n<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ")}] /Count ${pages} >>\nendobj\n`;
    for (let k = 3; k < pages + 3; k++) {
      offsets.push(body.length);
      body += `${k} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /P (`;
    }
    body += `${") >>".repeat(pages)}\nendobj\n`;
    const xref = body.length;
    body += `xref\n0 ${pages + 3}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
    body += `trailer\n<< /Size ${pages + 3} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    const file = await writeTemp("nested-pages.pdf", Buffer.from(body, "latin1"));
    expect(await statedPageLayout(file, 5000)).toBeUndefined();
    // The page count is read from the tree's root alone, which is not nested.
    expect(await statedPageCount(file)).toBe(pages);
  });

  it("reads a tree of many pages from object streams and from plain objects alike", async () => {
    const dir = await tempDir();
    const pages = 1200;
    const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
    const many = await writeTemp("many.pdf", rawPdf([CATALOG, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, ...Array.from({ length: pages }, (_, i) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${300 + i} 300] >>`)]));
    for (const layout of [[], ["--object-streams=generate"], ["--linearize", "--object-streams=generate"]]) {
      const out = path.join(dir, `many-${layout.join("")}.pdf`);
      await exec("qpdf", [...layout, many, out]);
      expect(await expectAsPdfinfo(out), layout.join(" ")).toBe(true);
      expect(await statedPageCount(out)).toBe(pages);
    }
    await fs.rm(dir, { recursive: true });
  });
});
