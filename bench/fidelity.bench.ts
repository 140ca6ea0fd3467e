import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { corpus } from "../test/helpers/corpus.js";
import { makeColumnPdf } from "../test/helpers/layout-fixtures.js";
import { readingOrderAgainstPdf, readingOrderScore } from "../test/helpers/reading-order.js";
import { REBUILT_FORMATS, readRebuilt } from "../test/helpers/rebuilt-output.js";
import { makeRuledTablePdf } from "../test/helpers/ruled-fixtures.js";
import { makeWriterDocx } from "../test/helpers/writer-fixtures.js";
import { runTool, startServer } from "../test/helpers/server.js";
import { printTable } from "./table.js";

/**
 * How faithfully every rebuilt format (Word, RTF, HTML, Markdown, EPUB) reads a PDF, through the HTTP API of an
 * in-process server: the reading-order score against pdftotext (the share of its words that come out in its
 * order) and, where the file was made here, against its own text; the headings found of those expected; the
 * share of the expected table cells found in the output's tables; tables found beyond those expected (spurious);
 * pictures; the output's size and the time taken. Files: generated two- and three-column articles, Word documents
 * written here (columns, headings, a list, a footnote, a picture, a table with merged and shaded cells, Hebrew,
 * Arabic and Chinese paragraphs) printed to PDF by LibreOffice, a PDF with a ruled table and a vector chart, and
 * real documents from test/corpus.
 */

interface Subject {
  name: string;
  file: string;
  pageRange?: string;
  pages?: { first: number; last: number };
  truth?: string;
  headings?: string[];
  /** The expected tables' non-empty cells. */
  cells?: string[];
}

/** Chinese and Japanese are written without spaces: each character counts as a word for the order score. */
const spacedCjk = (text: string) => text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, " $& ");

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-fidelity-"));
  const server = await startServer();
  try {
    const subjects: Subject[] = [];
    for (const columns of [2, 3] as const) {
      const { data, content } = await makeColumnPdf(columns);
      const file = path.join(work, `article-${columns}-columns.pdf`);
      await fs.writeFile(file, data);
      subjects.push({ name: `article, ${columns} columns`, file, truth: content.flow.join("\n"), headings: [content.title, ...content.headings], cells: content.table.flat() });
    }
    for (const columns of [2, 3] as const) {
      const { data, content } = await makeWriterDocx(columns);
      const { path: file } = await runTool(server, "word-to-pdf", [{ name: `writer-${columns}.docx`, data }]);
      const kept = path.join(work, `writer-${columns}-columns.pdf`);
      await fs.copyFile(file, kept);
      subjects.push({ name: `LibreOffice, ${columns} columns`, file: kept, truth: content.truth, headings: content.headings, cells: content.cells });
    }
    const ruled = await makeRuledTablePdf();
    const ruledFile = path.join(work, "ruled-table-and-chart.pdf");
    await fs.writeFile(ruledFile, ruled.data);
    subjects.push({ name: "ruled table + chart", file: ruledFile, cells: ruled.content.table.flat().filter((c) => c !== "") });
    subjects.push(
      { name: "multicolumn.pdf", file: corpus("multicolumn.pdf") },
      { name: "GeoTopo p. 1-15", file: corpus("GeoTopo-komprimiert.pdf"), pageRange: "1-15", pages: { first: 1, last: 15 } },
      { name: "google-doc-document.pdf", file: corpus("google-doc-document.pdf") },
      { name: "pdflatex-4-pages.pdf", file: corpus("pdflatex-4-pages.pdf") },
    );
    const rows: Array<Array<string | number>> = [];
    for (const subject of subjects) {
      for (const tool of REBUILT_FORMATS) {
        const fields: Record<string, string> = { ...(subject.pageRange ? { pageRange: subject.pageRange } : {}), ...(tool === "pdf-to-html" ? { singlePage: "true" } : {}) };
        const start = process.hrtime.bigint();
        const { path: out } = await runTool(server, tool, [subject.file], fields);
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        const doc = await readRebuilt(tool, out);
        const score = await readingOrderAgainstPdf(subject.file, doc.text, subject.pages);
        const headings = subject.headings ? `${subject.headings.filter((h) => doc.headings.some((found) => clean(found) === clean(h))).length}/${subject.headings.length}` : String(doc.headings.length);
        // RTF is read for its rows only; its cells are not compared.
        const expected = new Set(subject.cells?.map(clean));
        const tableCells = doc.tables.map((t) => new Set(t.flat().map(clean)));
        const cells = subject.cells && tool !== "pdf-to-rtf" ? `${Math.round((100 * [...expected].filter((c) => tableCells.some((t) => t.has(c))).length) / expected.size)} %` : "–";
        const spurious = subject.cells && tool !== "pdf-to-rtf" ? tableCells.filter((t) => ![...t].some((c) => expected.has(c))).length : "–";
        rows.push([
          subject.name,
          tool.replace("pdf-to-", ""),
          score.toFixed(3),
          subject.truth ? readingOrderScore(spacedCjk(subject.truth), spacedCjk(doc.text)).toFixed(3) : "–",
          headings,
          doc.tables.length,
          cells,
          spurious,
          doc.pictures,
          `${Math.round((await fs.stat(out)).size / 1024)} KB`,
          seconds,
        ]);
      }
    }
    printTable(["file", "format", "order (pdftotext)", "order (own text)", "headings", "tables", "table cells", "spurious tables", "pictures", "size", "seconds"], rows);
  } finally {
    await server.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}
