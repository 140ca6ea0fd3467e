import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { makeDocx } from "../test/helpers/office-fixtures.js";
import { postTool, startServer, type Upload } from "../test/helpers/server.js";
import { makeImagePdf, makeTextPdf, syntheticPhoto } from "../test/helpers/synthetic-pdfs.js";
import { median, printTable } from "./table.js";

/**
 * Every Convert format through the HTTP API (an in-process server) on a 50-page text document and a 20-page
 * image document, in seconds per page; and Word to PDF with the warm office beside a cold one-off LibreOffice run
 * (a fresh profile, as a server without warm processes would pay for every document).
 */

const exec = promisify(execFile);
const TEXT_PAGES = 50;
const IMAGE_PAGES = 20;
const WARM_RUNS = 5;

const PDF_FORMATS: Array<[string, Record<string, string>]> = [
  ["pdf-to-text", {}],
  ["pdf-to-jpg", { imageResolution: "150" }],
  ["pdf-to-png", { imageResolution: "150" }],
  ["pdf-to-svg", {}],
  ["pdf-to-pdf-a", {}],
  ["pdf-to-word", {}],
  ["pdf-to-rtf", {}],
  ["pdf-to-excel", {}],
  ["pdf-to-ppt", {}],
  ["pdf-to-html", {}],
  ["pdf-to-markdown", {}],
  ["pdf-to-epub", {}],
];

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-convert-"));
  const server = await startServer();
  const call = async (tool: string, files: readonly Upload[], fields: Record<string, string> = {}) => {
    const reply = await postTool(server, tool, files, fields);
    if (reply.status !== 200) throw new Error(`${tool}: ${reply.status} ${reply.body.error}`);
  };
  try {
    const docx = (await makeDocx(6)).data;
    const docxFile = path.join(work, "letter.docx");
    await fs.writeFile(docxFile, docx);
    // Cold: one soffice run per document with a fresh profile.
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) {
      const dir = path.join(work, `cold-${i}`);
      await fs.mkdir(dir);
      cold.push(await seconds(() => exec("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, docxFile], { timeout: 120_000 })));
    }
    const upload = { name: "letter.docx", data: docx };
    const first = await seconds(() => call("word-to-pdf", [upload]));
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await seconds(() => call("word-to-pdf", [upload])));
    console.log("Word to PDF, a one-page DOCX, seconds:\n");
    printTable(
      ["cold (soffice --convert-to, fresh profile)", "first document (office starts)", `warm (median of ${WARM_RUNS})`, "warm / cold"],
      [[median(cold), first, median(warm), `${(median(warm) / median(cold)).toFixed(2)}`]],
    );

    const text = { name: "text.pdf", data: await makeTextPdf(TEXT_PAGES) };
    const photos: Buffer[] = [];
    for (let i = 0; i < IMAGE_PAGES; i++) photos.push(await syntheticPhoto(1200, 900, i + 1));
    const images = { name: "images.pdf", data: await makeImagePdf(photos) };
    const rows: Array<[string, number, number]> = [];
    for (const [tool, fields] of PDF_FORMATS) {
      const t = await seconds(() => call(tool, [text], fields));
      const i = await seconds(() => call(tool, [images], fields));
      rows.push([tool, t / TEXT_PAGES, i / IMAGE_PAGES]);
    }
    const jpgs = photos.map((data, n) => ({ name: `photo-${n + 1}.jpg`, data }));
    rows.push(["jpg-to-pdf (20 JPEGs)", Number.NaN, (await seconds(() => call("jpg-to-pdf", jpgs))) / IMAGE_PAGES]);
    console.log(`\nSeconds per page: a ${TEXT_PAGES}-page text document and a ${IMAGE_PAGES}-page document of 1200 × 900 photos (one run each).\n`);
    printTable(
      ["format", `${TEXT_PAGES}-page text, s/page`, `${IMAGE_PAGES}-page images, s/page`],
      rows.map(([tool, t, i]) => [tool, Number.isNaN(t) ? "–" : t.toFixed(3), i.toFixed(3)]),
    );
  } finally {
    await server.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}
