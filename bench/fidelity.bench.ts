import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { convertTasks } from "../server/engines/mupdf/convert-tasks.js";
import { analyseLayout } from "../server/convert/layout-analysis.js";
import { corpus } from "../test/helpers/corpus.js";
import { makeColumnPdf } from "../test/helpers/layout-fixtures.js";
import { makeOdtLayout, type OdtLayout } from "../test/helpers/odt-layouts.js";
import { pdfinfo } from "../test/helpers/pdf-tools.js";
import { measureTreeCpu } from "../test/helpers/processes.js";
import { orderAndKept, orderWords, pdftotextWords, type PlacedWord } from "../test/helpers/reading-order.js";
import { REBUILT_FORMATS, readRebuilt, type RebuiltDocument, type RebuiltTool } from "../test/helpers/rebuilt-output.js";
import { makeRuledTablePdf } from "../test/helpers/ruled-fixtures.js";
import { startServerProcess, type ServerProcess } from "../test/helpers/server-process.js";
import { runTool } from "../test/helpers/server.js";
import { makeWriterDocx } from "../test/helpers/writer-fixtures.js";
import { printTable } from "./table.js";

/**
 * How faithfully every rebuilt format (Word, RTF, HTML, Markdown, EPUB) reads a PDF, through the HTTP API of a
 * server process. Reading order is scored against pdftotext's reading of the PDF and, where the text is known
 * (documents made here, and real ones whose order was checked by eye, bench/truth), against that text: `order` is
 * the share of the words both hold that come out in the reference's order; `kept` the share of the reference's
 * words the output holds as text; words inside what the output shows as pictures (a chart's labels, a formula)
 * are counted apart ("in pictures") and left out of both. Then the headings found of those expected, the share of
 * the expected table cells found in the output's tables, tables found beyond those expected, background colours
 * kept, pictures, the output's size and the time taken.
 *
 * Time is the CPU time the server process and its engines spent on the conversion (wall time swings with whatever
 * else runs on a shared machine). With BENCH_BASELINE naming a checkout of an earlier version (its node_modules in
 * place), each conversion runs on both, one after the other, and size and time are also given as ratios to that
 * version's.
 *
 * Files: generated two- and three-column articles; Word and OpenDocument files written here (columns, headings,
 * lists, footnotes, pictures, tables with merged and shaded cells, a sidebar, right-to-left columns, vertical
 * Chinese) printed to PDF by LibreOffice; a PDF with a ruled table and a vector chart; real documents from
 * test/corpus; and, in a second table, every other public paper and form of the shared corpus.
 */

interface Subject {
  name: string;
  file: string;
  pageRange?: string;
  pages?: { first: number; last: number };
  /** The text in reading order, where it is known. */
  truth?: string;
  headings?: string[];
  /** The expected tables' non-empty cells. */
  cells?: string[];
  /** Background colours the page shows behind text. */
  fills?: string[];
  /** Paragraphs that must come out whole. */
  paragraphs?: string[];
}

/** Chinese and Japanese are written without spaces: each character counts as a word for the order score. */
const spacedCjk = (text: string) => text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, " $& ");
const words = (text: string) => orderWords(spacedCjk(text));
const clean = (s: string) => s.replace(/\s+/g, " ").trim();
const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : "–");

/** The public papers and forms for the sweep: BENCH_CORPUS (a larger collection), else the project's own samples. */
const SWEEP_CORPUS = process.env.BENCH_CORPUS ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), "../test/corpus");

/** The pictures the conversion places on each page (the same reading the server does), by one-based page. */
async function pictureAreas(file: string, pages: number[]): Promise<Map<number, Array<readonly number[]>>> {
  const imageDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-fidelity-pictures-"));
  try {
    const layout = convertTasks.readLayout({ input: file, pages: pages.map((p) => p - 1), imageDir }, () => undefined);
    const model = analyseLayout(layout.pages, pages, layout.chapters, { detectTables: true });
    const areas = new Map<number, Array<readonly number[]>>();
    for (const node of model.nodes) if (node.type === "image") areas.set(node.page, [...(areas.get(node.page) ?? []), node.bbox]);
    return areas;
  } finally {
    await fs.rm(imageDir, { recursive: true, force: true });
  }
}

interface Reference {
  /** pdftotext's words outside the pictures, in its order. */
  text: string[];
  /** Share of pdftotext's words inside pictures. */
  inPictures: number;
}

async function referenceOf(subject: Subject): Promise<Reference> {
  const all = await pdftotextWords(subject.file, subject.pages);
  const pageCount = Number((await pdfinfo(subject.file)).Pages);
  const first = subject.pages?.first ?? 1;
  const last = subject.pages?.last ?? pageCount;
  const areas = await pictureAreas(subject.file, Array.from({ length: last - first + 1 }, (_, i) => first + i));
  const inside = (w: PlacedWord) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    return (areas.get(w.page) ?? []).some((b) => cx >= b[0]! && cx <= b[2]! && cy >= b[1]! && cy <= b[3]!);
  };
  const text = all.filter((w) => !inside(w)).map((w) => w.word);
  return { text, inPictures: all.length === 0 ? 0 : 1 - text.length / all.length };
}

interface Run {
  doc: RebuiltDocument;
  size: number;
  seconds: number;
  baseline?: { size: number; seconds: number };
}

async function convert(server: ServerProcess, tool: RebuiltTool, subject: Subject): Promise<{ file: string; seconds: number }> {
  const fields: Record<string, string> = { ...(subject.pageRange ? { pageRange: subject.pageRange } : {}), ...(tool === "pdf-to-html" ? { singlePage: "true" } : {}) };
  const { result, seconds } = await measureTreeCpu(server.pid, () => runTool(server, tool, [subject.file], fields));
  return { file: result.path, seconds };
}

/** One conversion on this version and, when given, on the baseline, in alternating order so neither goes first. */
async function runBoth(current: ServerProcess, baseline: ServerProcess | undefined, tool: RebuiltTool, subject: Subject, turn: number): Promise<Run> {
  let before: { file: string; seconds: number } | undefined;
  if (baseline && turn % 2 === 0) before = await convert(baseline, tool, subject);
  const now = await convert(current, tool, subject);
  if (baseline && turn % 2 === 1) before = await convert(baseline, tool, subject);
  const run: Run = { doc: await readRebuilt(tool, now.file), size: (await fs.stat(now.file)).size, seconds: now.seconds };
  if (before) run.baseline = { size: (await fs.stat(before.file)).size, seconds: before.seconds };
  return run;
}

async function generatedSubjects(work: string, server: ServerProcess): Promise<Subject[]> {
  const subjects: Subject[] = [];
  for (const columns of [2, 3] as const) {
    const { data, content } = await makeColumnPdf(columns);
    const file = path.join(work, `article-${columns}-columns.pdf`);
    await fs.writeFile(file, data);
    subjects.push({
      name: `article, ${columns} columns`,
      file,
      truth: content.flow.join("\n"),
      headings: [content.title, ...content.headings],
      cells: content.table.flat(),
      paragraphs: content.paragraphs,
    });
  }
  const printed = async (name: string, data: Buffer, extension: string) => {
    const { path: pdf } = await runTool(server, "word-to-pdf", [{ name: `${name}.${extension}`, data }]);
    const kept = path.join(work, `${name}.pdf`);
    await fs.copyFile(pdf, kept);
    return kept;
  };
  for (const columns of [2, 3] as const) {
    const { data, content } = await makeWriterDocx(columns);
    subjects.push({
      name: `LibreOffice, ${columns} columns`,
      file: await printed(`writer-${columns}`, data, "docx"),
      truth: content.truth,
      headings: content.headings,
      cells: content.cells,
      fills: ["d9e2f3"],
    });
  }
  for (const layout of ["spans", "sidebar", "rtl", "vertical"] as OdtLayout[]) {
    const { data, truth } = await makeOdtLayout(layout);
    subjects.push({
      name: `LibreOffice, ${layout}`,
      file: await printed(`odt-${layout}`, data, "odt"),
      truth: truth.flow.join("\n"),
      headings: truth.headings,
      cells: truth.cells,
      fills: truth.fills,
      paragraphs: [...truth.paragraphs, ...truth.asides],
    });
  }
  const ruled = await makeRuledTablePdf();
  const ruledFile = path.join(work, "ruled-table-and-chart.pdf");
  await fs.writeFile(ruledFile, ruled.data);
  const { table, prose, chart } = ruled.content;
  const headings = ["Annual sales by region", "Minutes of the spring meetings", "Results in charts"];
  subjects.push({
    name: "ruled table + chart",
    file: ruledFile,
    // The text as the pages are drawn: the table row by row; the chart's labels are in its picture.
    truth: [headings[0], "The table below lists the sales of each region in the last two years and its share of the total.", ...table.flat(), "Figures are unaudited.", headings[1], ...prose, headings[2], chart.before, chart.after, chart.shaded].join("\n"),
    headings,
    cells: table.flat().filter((c) => c !== ""),
    paragraphs: [...prose, chart.before, chart.after, chart.shaded],
  });
  return subjects;
}

async function realSubjects(): Promise<Subject[]> {
  const truth = (name: string) => fs.readFile(new URL(`./truth/${name}.txt`, import.meta.url), "utf8");
  return [
    { name: "multicolumn.pdf", file: corpus("multicolumn.pdf"), truth: await truth("multicolumn") },
    { name: "GeoTopo p. 1-15", file: corpus("GeoTopo-komprimiert.pdf"), pageRange: "1-15", pages: { first: 1, last: 15 } },
    { name: "google-doc-document.pdf", file: corpus("google-doc-document.pdf"), truth: await truth("google-doc-document") },
    { name: "pdflatex-4-pages.pdf", file: corpus("pdflatex-4-pages.pdf") },
  ];
}

/** The shared corpus's other PDFs with text (at most their first 15 pages), for the sweep. */
async function sweepSubjects(taken: ReadonlySet<string>): Promise<Subject[]> {
  const names = (await fs.readdir(SWEEP_CORPUS).catch(() => [] as string[])).filter((n) => n.endsWith(".pdf") && !taken.has(n)).sort();
  const out: Subject[] = [];
  for (const name of names) {
    const file = path.join(SWEEP_CORPUS, name);
    const info = await pdfinfo(file).catch(() => undefined);
    if (!info || info.Encrypted?.startsWith("yes")) continue;
    const last = Math.min(15, Number(info.Pages));
    if ((await pdftotextWords(file, { first: 1, last })).length === 0) continue;
    out.push({ name, file, pageRange: `1-${last}`, pages: { first: 1, last } });
  }
  return out;
}

function scores(doc: RebuiltDocument, reference: Reference, subject: Subject) {
  const output = words(doc.text);
  const pdf = orderAndKept(reference.text, output);
  const own = subject.truth ? orderAndKept(words(subject.truth), output) : undefined;
  return { pdf, own };
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-fidelity-"));
  const baselineRoot = process.env.BENCH_BASELINE;
  const current = await startServerProcess();
  const baseline = baselineRoot ? await startServerProcess({}, path.resolve(baselineRoot)) : undefined;
  try {
    const main = [...(await generatedSubjects(work, current)), ...(await realSubjects())];
    // Each format's engines start once before anything is timed.
    for (const tool of REBUILT_FORMATS) for (const server of [current, baseline]) if (server) await convert(server, tool, main[0]!);
    const rows: Array<Array<string | number>> = [];
    let turn = 0;
    for (const subject of main) {
      const reference = await referenceOf(subject);
      for (const tool of REBUILT_FORMATS) {
        const { doc, size, seconds, baseline: before } = await runBoth(current, baseline, tool, subject, turn++);
        const { pdf, own } = scores(doc, reference, subject);
        const headings = subject.headings ? `${subject.headings.filter((h) => doc.headings.some((found) => clean(found) === clean(h))).length}/${subject.headings.length}` : String(doc.headings.length);
        const expected = new Set(subject.cells?.map(clean));
        const tableCells = doc.tables.map((t) => new Set(t.flat().map(clean)));
        const hasCells = subject.cells && subject.cells.length > 0;
        const cells = hasCells ? `${Math.round((100 * [...expected].filter((c) => tableCells.some((t) => t.has(c))).length) / expected.size)} %` : "–";
        const spurious = subject.cells ? tableCells.filter((t) => ![...t].some((c) => expected.has(c))).length : "–";
        const fills = subject.fills?.length ? `${subject.fills.filter((f) => doc.fills.includes(f)).length}/${subject.fills.length}` : "–";
        const flat = clean(doc.text);
        const whole = subject.paragraphs ? `${subject.paragraphs.filter((p) => flat.includes(clean(p))).length}/${subject.paragraphs.length}` : "–";
        rows.push([
          subject.name,
          tool.replace("pdf-to-", ""),
          pdf.order.toFixed(3),
          own ? own.order.toFixed(3) : "–",
          (own ?? pdf).kept.toFixed(3),
          reference.inPictures.toFixed(3),
          whole,
          headings,
          cells,
          spurious,
          fills,
          doc.pictures,
          `${Math.round(size / 1024)} KB`,
          ratio(size, before?.size),
          seconds.toFixed(2),
          ratio(seconds, before?.seconds),
        ]);
      }
    }
    printTable(
      ["file", "format", "order (pdftotext)", "order (truth)", "kept", "in pictures", "whole paragraphs", "headings", "table cells", "spurious tables", "fills", "pictures", "size", "size vs base", "CPU s", "CPU vs base"],
      rows,
    );

    const sweep = await sweepSubjects(new Set(main.map((s) => path.basename(s.file))));
    if (sweep.length === 0) console.log(`\nNo PDFs with text in ${SWEEP_CORPUS}: set BENCH_CORPUS to a folder of PDFs for the second table.`);
    const sweepRows: Array<Array<string | number>> = [];
    for (const subject of sweep) {
      const reference = await referenceOf(subject);
      let worstOrder = 1;
      let worstKept = 1;
      let seconds = 0;
      let before = 0;
      let tables = 0;
      let pictures = 0;
      for (const tool of REBUILT_FORMATS) {
        const result = await runBoth(current, baseline, tool, subject, turn++);
        const { pdf } = scores(result.doc, reference, subject);
        worstOrder = Math.min(worstOrder, pdf.order);
        worstKept = Math.min(worstKept, pdf.kept);
        seconds += result.seconds;
        before += result.baseline?.seconds ?? 0;
        tables = Math.max(tables, result.doc.tables.length);
        pictures = Math.max(pictures, result.doc.pictures);
      }
      sweepRows.push([subject.name, subject.pages!.last, reference.text.length, worstOrder.toFixed(3), worstKept.toFixed(3), reference.inPictures.toFixed(3), tables, pictures, seconds.toFixed(2), ratio(seconds, before || undefined)]);
    }
    console.log("\nThe shared corpus's other PDFs (first 15 pages), the lowest score over the five formats:\n");
    printTable(["file", "pages", "words", "order (pdftotext)", "kept", "in pictures", "tables", "pictures", "CPU s (5 formats)", "CPU vs base"], sweepRows);
    console.log(`\nOne run on a machine shared with other work${baseline ? `; base: ${baselineRoot}` : ""}.`);
  } finally {
    await current.close();
    await baseline?.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}
