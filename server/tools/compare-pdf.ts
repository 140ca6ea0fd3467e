import fs from "node:fs/promises";
import path from "node:path";
import type { CompareReport, DrawingChange } from "../../catalog/compare-report.js";
import type { CompareOptions } from "../../catalog/options/compare.js";
import { alignmentNotes, assembleReport, unreadableNote } from "../compare/assemble-report.js";
import { comparePages, textChanges } from "../compare/changes.js";
import { readDocumentWords, Vocabulary, type DocumentWords } from "../compare/document-words.js";
import { drawingChanges, type DrawingPair } from "../compare/drawing-changes.js";
import { changedPagePairs, MAX_SHOWN_PAGE_PAIRS, renderShownPages } from "../compare/report-pages.js";
import { writeReportPdf, type ShownPagePair } from "../compare/report-pdf.js";
import { describeSummary } from "../compare/summary.js";
import { diffWords } from "../compare/word-diff.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { DamagedPdfError, failedWith, UserError } from "../errors.js";
import { MAX_COMPARED_WORDS } from "../lib/content-limits.js";
import { stemOf } from "../../pdf-ops/names.js";
import { openPdfInput, repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import type { Processor, ProcessorContext } from "../work/types.js";
import { inEnglish } from "../i18n/i18n.js";
import { msg, type Message } from "../i18n/message.js";

type Progress = (fraction: number) => void;

/** The compared pages' words, read by MuPDF into a file of the job's and from there into flat arrays. */
async function readWords(
  pdf: ReadablePdf,
  pages: number[],
  side: "old" | "new",
  options: CompareOptions,
  vocabulary: Vocabulary,
  ctx: ProcessorContext,
  progress: Progress,
): Promise<{ words: DocumentWords; unreadable: number[] }> {
  const output = path.join(ctx.workDir, `${side}-words.json`);
  let found;
  try {
    found = await runMupdf("pageWords", { input: pdf.path, pages, output }, ctx, progress);
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  if (found.tooManyWords) {
    throw new UserError(
      msg("compare.tooManyWords", { name: pdf.name, max: MAX_COMPARED_WORDS }),
      422,
      "too_large",
    );
  }
  const words = await readDocumentWords(output, options, vocabulary);
  await fs.rm(output, { force: true });
  return { words, unreadable: found.unreadable };
}

/** The pairs of pages with the same text, drawn and compared; a file poppler cannot draw leaves a note instead. */
async function comparedDrawings(
  oldPdf: ReadablePdf,
  newPdf: ReadablePdf,
  pairs: DrawingPair[],
  options: CompareOptions,
  ctx: ProcessorContext,
  progress: Progress,
): Promise<{ changes: DrawingChange[]; note?: Message }> {
  if (!options.compareDrawing || pairs.length === 0) return { changes: [] };
  try {
    return { changes: await drawingChanges(oldPdf.path, newPdf.path, pairs, options.drawingThreshold / 100, ctx, progress) };
  } catch (err) {
    if (!failedWith(err, "damaged", "crashed")) throw err;
    return { changes: [], note: msg("compare.drawingsFailed") };
  }
}

async function shownPages(oldPdf: ReadablePdf, newPdf: ReadablePdf, report: CompareReport, notes: Message[], ctx: ProcessorContext, progress: Progress): Promise<ShownPagePair[]> {
  const all = changedPagePairs(report);
  const pairs = all.slice(0, MAX_SHOWN_PAGE_PAIRS);
  if (all.length > pairs.length) {
    noteIn(report, notes, msg("compare.firstPairsShown", { shown: MAX_SHOWN_PAGE_PAIRS, count: all.length }));
  }
  if (pairs.length === 0) return [];
  try {
    return await renderShownPages(oldPdf.path, newPdf.path, pairs, report, ctx, progress);
  } catch (err) {
    if (!failedWith(err, "damaged", "crashed")) throw err;
    noteIn(report, notes, msg("compare.pagesNotDrawn"));
    return pairs;
  }
}

/** A note for both the reply (in the reader's language) and the report's files (in English). */
function noteIn(report: CompareReport, notes: Message[], note: Message): void {
  notes.push(note);
  report.notes.push(inEnglish(note));
}

/**
 * Compares two PDFs: their words (MuPDF, in reading order, with boxes) diffed in bounded time, pages whose text is
 * the same drawn and compared by poppler, and a report as PDF and JSON, delivered as one ZIP whose two files also
 * have ids of their own (the screen reads the JSON).
 */
export const comparePdf: Processor<CompareOptions> = async ({ files, options }, ctx) => {
  // One after the other, so that a refusal names the first bad file in the order sent.
  const oldPdf = await openPdfInput(files[0]!, ctx);
  const newPdf = await openPdfInput(files[1]!, ctx);
  const oldSelection = selectPages(options.oldPages, oldPdf.pageCount, "oldPages");
  const newSelection = selectPages(options.newPages, newPdf.pageCount, "newPages");
  ctx.progress(0.05);

  const vocabulary = new Vocabulary();
  const oldRead = await readWords(oldPdf, [...oldSelection].sort((x, y) => x - y), "old", options, vocabulary, ctx, (f) => ctx.progress(0.05 + 0.2 * f));
  const newRead = await readWords(newPdf, [...newSelection].sort((x, y) => x - y), "new", options, vocabulary, ctx, (f) => ctx.progress(0.25 + 0.2 * f));
  const oldWords = oldRead.words;
  const newWords = newRead.words;
  const diff = await diffWords({ a: oldWords.keys, b: newWords.keys, aPage: oldWords.page, bPage: newWords.page }, { signal: ctx.signal });
  ctx.progress(0.5);

  const pages = comparePages(oldWords, newWords, diff.edits);
  const sizeOf = (words: DocumentWords) => new Map(words.pages.map((p) => [p.page, { width: p.width, height: p.height }]));
  const [oldSizes, newSizes] = [sizeOf(oldWords), sizeOf(newWords)];
  const pairs = pages.sameText.map((p) => ({ ...p, oldSize: oldSizes.get(p.old)!, newSize: newSizes.get(p.new)! }));
  const drawings = await comparedDrawings(oldPdf, newPdf, pairs, options, ctx, (f) => ctx.progress(0.5 + 0.3 * f));

  const repaired = repairNote([oldPdf, newPdf]);
  const notes = [
    ...alignmentNotes(diff.pageAligned, diff.replacedWhole),
    unreadableNote("old", oldRead.unreadable),
    unreadableNote("new", newRead.unreadable),
    drawings.note,
    repaired,
  ].filter((n) => n !== undefined);
  const report = assembleReport({
    oldName: oldPdf.name,
    newName: newPdf.name,
    oldPageCount: oldPdf.pageCount,
    newPageCount: newPdf.pageCount,
    oldPages: pages.oldPages,
    newPages: pages.newPages,
    changes: textChanges(oldWords, newWords, diff.edits),
    drawingChanges: drawings.changes,
    options,
    // The report's files are written in English, as the rest of their words are; the reply says the notes in the reader's language.
    notes: notes.map(inEnglish),
  });

  const shown = options.includePages ? await shownPages(oldPdf, newPdf, report, notes, ctx, (f) => ctx.progress(0.8 + 0.12 * f)) : [];
  const pdfOut = path.join(ctx.workDir, "report.pdf");
  const jsonOut = path.join(ctx.workDir, "report.json");
  await writeReportPdf(report, shown, pdfOut);
  await fs.writeFile(jsonOut, JSON.stringify(report));
  ctx.progress(1);
  return {
    files: [
      { path: pdfOut, name: "report.pdf" },
      { path: jsonOut, name: "report.json" },
    ],
    zipName: `${stemOf(oldPdf.name)}-vs-${stemOf(newPdf.name)}-comparison.zip`,
    message: [...describeSummary(report), ...notes],
  };
};
