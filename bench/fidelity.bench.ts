import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { corpus } from "../test/helpers/corpus.js";
import { makeColumnPdf } from "../test/helpers/layout-fixtures.js";
import { readingOrderAgainstPdf, readingOrderScore } from "../test/helpers/reading-order.js";
import { REBUILT_FORMATS, readRebuilt } from "../test/helpers/rebuilt-output.js";
import { runTool, startServer } from "../test/helpers/server.js";
import { printTable } from "./table.js";

/**
 * How faithfully every rebuilt format (Word, RTF, HTML, Markdown, EPUB) reads a PDF, through the HTTP API of an
 * in-process server: the reading-order score against pdftotext (the share of its words that come out in its
 * order), for the generated articles also against their own text, the tables and headings found, the output's size
 * and the time taken. Files: generated two- and three-column articles and real documents from test/corpus.
 */

interface Subject {
  name: string;
  file: string;
  pageRange?: string;
  pages?: { first: number; last: number };
  truth?: string;
}

export async function run(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-fidelity-"));
  const server = await startServer();
  try {
    const subjects: Subject[] = [];
    for (const columns of [2, 3] as const) {
      const { data, content } = await makeColumnPdf(columns);
      const file = path.join(work, `article-${columns}-columns.pdf`);
      await fs.writeFile(file, data);
      subjects.push({ name: `article, ${columns} columns`, file, truth: content.flow.join("\n") });
    }
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
        rows.push([
          subject.name,
          tool.replace("pdf-to-", ""),
          score.toFixed(3),
          subject.truth ? readingOrderScore(subject.truth, doc.text).toFixed(3) : "–",
          doc.tables.length,
          doc.headings.length,
          `${Math.round((await fs.stat(out)).size / 1024)} KB`,
          seconds,
        ]);
      }
    }
    printTable(["file", "format", "order (pdftotext)", "order (own text)", "tables", "headings", "size", "seconds"], rows);
  } finally {
    await server.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}
