import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { COMPRESSION_LEVELS } from "../catalog/options/pages.js";
import { compressPdf } from "../server/tools/compress-pdf.js";
import type { ProcessorContext } from "../server/work/types.js";
import {
  cmykJpegImage,
  imagesPdf,
  inlineImagesPdf,
  jpxImage,
  oneBitImage,
  paletteImage,
  sixteenBitImage,
  softMaskedImage,
} from "../test/helpers/image-kinds.js";
import { pdfSsim } from "../test/helpers/ssim.js";
import { makeImagePdf, makeTextPdf, syntheticBilevelScan, syntheticPhoto, syntheticScan } from "../test/helpers/synthetic-pdfs.js";
import { printTable, timeMedian } from "./table.js";

/**
 * compress-pdf's three levels beside Ghostscript's /ebook preset and qpdf's lossless repacking, on generated
 * image-heavy files (photos, scans, and one file for each way of storing images that issue 20 lists) and a
 * text-heavy one. Sizes are ratios to the input and to the smaller of the
 * two references; SSIM compares 100-dpi grey renders of every page with the original. COMPRESS_SAMPLES names the
 * samples to run by their first word ("photos,scans,text"); all by default.
 */

const exec = promisify(execFile);

interface Sample {
  name: string;
  pages: number;
  bytes: Uint8Array;
}

async function samples(): Promise<Sample[]> {
  const photos = await Promise.all([1, 2, 3].map((seed) => syntheticPhoto(2400, 1600, seed)));
  const scans = await Promise.all([1, 2, 3].map((seed) => syntheticScan(2480, 3508, seed)));
  // JPEG 2000 at 8:1, as scanning and archiving software stores photos (the file of project issue 20).
  const jpx = await Promise.all(photos.map((photo) => jpxImage(photo, 8)));
  const photo = photos[0]!;
  const A4_300 = [2480, 3508] as const;
  const bilevel = await Promise.all([1, 2].map((seed) => syntheticBilevelScan(A4_300[0], A4_300[1], seed)));
  return [
    { name: "photos (3 pages, 2400×1600 JPEG)", pages: 3, bytes: await makeImagePdf(photos) },
    { name: "jpx-photos (3 pages, 2400×1600 JPEG 2000)", pages: 3, bytes: imagesPdf(jpx) },
    { name: "cmyk (1 page, CMYK JPEG q95)", pages: 1, bytes: imagesPdf([await cmykJpegImage(photo)]) },
    { name: "16-bit (1 page, 16-bit RGB Flate)", pages: 1, bytes: imagesPdf([await sixteenBitImage(photo)]) },
    { name: "palette (1 page, 256-colour palette)", pages: 1, bytes: imagesPdf([await paletteImage(photo)]) },
    { name: "soft-mask (1 page, RGB Flate + soft mask)", pages: 1, bytes: imagesPdf([await softMaskedImage(photo)]) },
    { name: "inline (3 pages, JPEG drawn inline)", pages: 3, bytes: await inlineImagesPdf(photos) },
    { name: "shared (3 pages, one JPEG 2000 on each)", pages: 3, bytes: imagesPdf([jpx[0]!, jpx[0]!, jpx[0]!]) },
    { name: "scans (3 pages, 300 dpi grey)", pages: 3, bytes: await makeImagePdf(scans) },
    { name: "bilevel (2 pages, 300 dpi 1-bit Flate)", pages: 2, bytes: imagesPdf(bilevel.map((px) => oneBitImage(px, A4_300[0], A4_300[1]))) },
    { name: "text (20 pages, whole font)", pages: 20, bytes: await makeTextPdf(20) },
  ];
}

interface Outcome {
  tool: string;
  file: string;
  seconds: number;
}

async function ours(input: string, level: (typeof COMPRESSION_LEVELS)[number], dir: string): Promise<Outcome> {
  const workDir = await fs.mkdtemp(path.join(dir, `ours-${level}-`));
  const ctx: ProcessorContext = { workDir, timeoutMs: 600_000, maxPages: 5000, progress: () => {} };
  // Sandboxed engines read only inside the job's folder, where the server puts uploads too.
  const upload = path.join(workDir, "in.pdf");
  await fs.copyFile(input, upload);
  const size = (await fs.stat(upload)).size;
  let file = "";
  const seconds = await timeMedian(1, async () => {
    const result = await compressPdf({ files: [{ path: upload, name: "in.pdf", size, kind: "pdf" }], extra: {}, options: { compressionLevel: level } }, ctx);
    file = result.files[0]!.path;
  });
  return { tool: `ours ${level}`, file, seconds };
}

async function external(tool: string, command: string, args: string[], out: string): Promise<Outcome> {
  const seconds = await timeMedian(1, () => exec(command, args));
  return { tool, file: out, seconds };
}

export async function run(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-compress-"));
  const rows: Array<Array<string | number>> = [];
  try {
    const wanted = process.env.COMPRESS_SAMPLES?.split(",");
    const chosen = (await samples()).filter((s) => !wanted || wanted.includes(s.name.split(" ")[0]!));
    for (const sample of chosen) {
      const input = path.join(dir, `${sample.name.split(" ")[0]}.pdf`);
      await fs.writeFile(input, sample.bytes);
      const inputSize = sample.bytes.length;
      const gsOut = `${input}.gs.pdf`;
      const qpdfOut = `${input}.qpdf.pdf`;
      const outcomes: Outcome[] = [
        await external("gs /ebook", "gs", ["-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/ebook", `-sOutputFile=${gsOut}`, input], gsOut),
        await external("qpdf", "qpdf", ["--recompress-flate", "--object-streams=generate", input, qpdfOut], qpdfOut),
      ];
      for (const level of COMPRESSION_LEVELS) outcomes.push(await ours(input, level, dir));
      const sizes = await Promise.all(outcomes.map(async (o) => (await fs.stat(o.file)).size));
      const reference = Math.min(sizes[0]!, sizes[1]!);
      for (const [i, o] of outcomes.entries()) {
        rows.push([
          sample.name,
          o.tool,
          Math.round(sizes[i]! / 1024),
          sizes[i]! / inputSize,
          sizes[i]! / reference,
          o.seconds,
          // Three decimals: the target (0.95) sits where two would round.
          (await pdfSsim(input, o.file, sample.pages)).toFixed(3),
        ]);
      }
      rows.push([`  input ${Math.round(inputSize / 1024)} KB`, "", "", "", "", "", ""]);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  printTable(["file", "tool", "KB", "× input", "× min(gs, qpdf)", "seconds", "SSIM 100 dpi"], rows);
}
