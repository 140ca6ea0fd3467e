import fs from "node:fs/promises";
import path from "node:path";
import type { PDFDocument } from "@cantoo/pdf-lib";
import {
  fontFor as sharedFontFor,
  overlayPairing,
  stampBytes,
  type StampFont,
  type StampPlacement,
  type StampPlan,
  type StampTarget,
  type UnicodeFontSource,
} from "../../pdf-ops/stamp/draw.js";
import { overlay } from "../engines/qpdf.js";
import { EngineError } from "../engines/process-runner.js";
import { failedWith } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { everyPage, popplerVisibleTrimBoxes } from "../engines/poppler-page-boxes.js";
import type { PageBox } from "../engines/mupdf/tasks.js";
import type { ProcessorContext, ToolResult } from "../work/types.js";
import { withContentRebuilt } from "./pdf-input.js";
import { statedVisibleTrimBoxes } from "./stated-page-layout.js";
import { checkOnTheWayIn } from "./check-on-the-way-in.js";

/** Fonts with wide Unicode coverage from Debian's fonts-dejavu-core, for text Helvetica cannot encode. */
const UNICODE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const UNICODE_BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

export const serverUnicodeFont: UnicodeFontSource = async (bold) => fs.readFile(bold ? UNICODE_BOLD_FONT : UNICODE_FONT);

export type { StampFont };

/** Helvetica where it covers every character, else DejaVu Sans from the disk (see the shared fontFor). */
export function fontFor(doc: PDFDocument, texts: readonly string[], bold = false): Promise<StampFont> {
  return sharedFontFor(doc, texts, serverUnicodeFont, bold);
}

/**
 * The size of each page's trim box as it is seen, which qpdf fits a stamp page into: as the page tree states it,
 * read in this process where it can be; else from pdfinfo, a short program run, where it reads every page; from
 * MuPDF otherwise, whose process of the job's own costs far more to start.
 */
export async function visiblePageBoxes(pdf: { path: string; pageCount: number }, ctx: ProcessorContext): Promise<PageBox[]> {
  const read = (await statedVisibleTrimBoxes(pdf.path, pdf.pageCount)) ?? everyPage(await popplerVisibleTrimBoxes(pdf.path, pdf.pageCount, ctx), pdf.pageCount);
  return read ?? (await runMupdf("pageBoxes", { input: pdf.path }, ctx)).pages;
}

/**
 * Overlays stamp pages onto document pages in one qpdf pass. qpdf turns each stamp page into one form XObject
 * however many pages it covers, so a watermark shared by 500 pages is stored once. Returns the files the output is a
 * qpdf copy of: the document it was laid over (the input, or MuPDF's rewrite of it) and the stamp. With
 * checkSources, the stamp's check starts as soon as it is written (checkOnTheWayIn), beside the overlay, for a job
 * whose output is to be judged by its sources' checks rather than checked after it.
 */
export async function applyStamps(
  input: string,
  stamp: PDFDocument,
  placement: StampPlacement,
  output: string,
  ctx: ProcessorContext,
  checkSources = false,
): Promise<{ copiedFrom: string[] }> {
  const stampPath = path.join(ctx.workDir, `stamp-${path.basename(output)}`);
  await fs.writeFile(stampPath, await stampBytes(stamp));
  if (checkSources) void checkOnTheWayIn(stampPath, ctx);
  const pairing = overlayPairing(placement);
  try {
    await overlay(input, stampPath, output, ctx, pairing);
    return { copiedFrom: [input, stampPath] };
  } catch (err) {
    // qpdf must parse a page's content to lay a stamp over it, and gives up on a stream whose data is damaged;
    // MuPDF's rewrite keeps what of it still decodes.
    if (!(failedWith(err, "damaged") && err.cause instanceof EngineError && /errors while decoding content stream/.test(err.cause.stderr))) throw err;
    const rebuilt = await withContentRebuilt(input, ctx);
    await overlay(rebuilt, stampPath, output, ctx, pairing);
    return { copiedFrom: [rebuilt, stampPath] };
  }
}

/** The document as the shared stamping plans see it; its page boxes are read (visiblePageBoxes) when asked for. */
export function stampTarget(pdf: { path: string; name: string; pageCount: number }, ctx: ProcessorContext): StampTarget {
  return {
    name: pdf.name,
    pageCount: pdf.pageCount,
    boxes: async () => {
      const boxes = await visiblePageBoxes(pdf, ctx);
      ctx.progress(0.3);
      return boxes;
    },
  };
}

/** Carries out a stamping plan on the server: the stamp laid over the document, or the document as it was. */
export async function stampOnServer(pdf: { path: string }, plan: StampPlan, ctx: ProcessorContext): Promise<ToolResult> {
  if (!plan.stamp) return { files: [{ path: pdf.path, name: plan.name }], message: plan.message };
  const out = path.join(ctx.workDir, "stamped.pdf");
  // The document's check runs beside the stamping: with the stamp's, it answers for the output.
  void checkOnTheWayIn(pdf.path, ctx);
  const { copiedFrom } = await applyStamps(pdf.path, plan.stamp.doc, plan.stamp.placement, out, ctx, true);
  return { files: [{ path: out, name: plan.name, copiedByQpdfFrom: copiedFrom }], message: plan.message };
}
