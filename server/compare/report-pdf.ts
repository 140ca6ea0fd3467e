import fs from "node:fs/promises";
import { PDFDocument, rgb, type PDFPage, type RGB } from "@cantoo/pdf-lib";
import type { CompareReport, Rect, TextChange } from "../../catalog/compare-report.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { plural } from "../../pdf-ops/plural.js";
import { fontFor, type StampFont } from "../pdf/stamp.js";
import { describeSummary } from "./summary.js";
import { inEnglish } from "../i18n/i18n.js";

/**
 * The report PDF: a summary, every change with its pages and words (old struck in red, new in green), the pages
 * drawn differently, and where asked both versions of each changed page side by side with the changes marked. Drawn
 * with pdf-lib in Helvetica, or DejaVu Sans where the documents' words need other letters.
 */

/** Changes listed one by one; the JSON report holds them all. */
export const MAX_LISTED_CHANGES = 1_000;
/** A change's words are shown up to this many characters. */
const MAX_SHOWN_CHARACTERS = 400;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const RED = rgb(0.75, 0.1, 0.1);
const GREEN = rgb(0.05, 0.5, 0.2);
const ORANGE = rgb(0.9, 0.5, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

/** A page pair shown side by side, with each page's picture (JPEG) where it could be drawn. */
export interface ShownPagePair {
  old: number;
  new: number;
  oldImage?: string;
  newImage?: string;
}

interface Fonts {
  regular: StampFont;
  bold: StampFont;
}

/** Writes lines down the pages, starting a new page at the bottom margin. */
class Flow {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Text wrapped to the width, each line drawn with `prefix` before the first and its indent before the others. */
  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; indent?: number; prefix?: string } = {}): void {
    const { size = 10, bold = false, color = BLACK, indent = 0, prefix = "" } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const width = A4[0] - 2 * MARGIN - indent;
    const lineHeight = size * 1.35;
    wrap(prefix + text, width, (s) => font.font.widthOfTextAtSize(s, size)).forEach((line) => {
      if (this.y - lineHeight < MARGIN) this.newPage();
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.25, size, font: font.font, color });
    });
  }
}

/** Breaks text into lines no wider than `width`, at spaces, or inside a word longer than a line. */
export function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    let rest = word;
    while (measure(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut = Math.max(1, Math.floor(cut * 0.8));
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}

/** Control characters draw as nothing useful; long passages are cut. */
function shown(text: string): string {
  const clean = Array.from(text, (c) => (c.charCodeAt(0) < 32 ? " " : c)).join("");
  return clean.length > MAX_SHOWN_CHARACTERS ? `${clean.slice(0, MAX_SHOWN_CHARACTERS)}…` : clean;
}

const KIND_LABELS: Record<TextChange["kind"], string> = { insertion: "Inserted", deletion: "Deleted", change: "Changed" };

function changeHeading(change: TextChange): string {
  return `#${change.id} ${KIND_LABELS[change.kind]}: old page ${change.old.page}, new page ${change.new.page}`;
}

export async function writeReportPdf(report: CompareReport, shownPairs: readonly ShownPagePair[], output: string): Promise<void> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Comparison of ${report.old.name} and ${report.new.name}`);
  doc.setProducer("PDF Toolbox");
  const listed = report.changes.slice(0, MAX_LISTED_CHANGES);
  // The report's own words are English: its heading, labels and the documents' words around them are.
  const summary = describeSummary(report).map(inEnglish);
  const texts = [
    report.old.name,
    report.new.name,
    ...summary,
    ...report.notes,
    ...listed.flatMap((c) => [shown(c.old.text), shown(c.new.text), changeHeading(c)]),
    // Drawn by the report itself: the cut mark and page spans.
    "…–",
  ];
  const fonts: Fonts = { regular: await fontFor(doc, texts), bold: await fontFor(doc, [report.old.name, report.new.name, ...listed.map(changeHeading)], true) };
  const flow = new Flow(doc, fonts);

  flow.text("Comparison report", { size: 18, bold: true });
  flow.gap(6);
  flow.text(`Old: ${report.old.name}, ${plural(report.old.pageCount, "page")} (compared: ${pageSpan(report.old.pages.map((p) => p.page))})`, { color: GREY });
  flow.text(`New: ${report.new.name}, ${plural(report.new.pageCount, "page")} (compared: ${pageSpan(report.new.pages.map((p) => p.page))})`, { color: GREY });
  flow.gap(10);
  flow.text("Summary", { size: 13, bold: true });
  for (const line of summary) flow.text(line, { indent: 8 });
  for (const note of report.notes) flow.text(note, { indent: 8, color: GREY });

  if (listed.length > 0) {
    flow.gap(10);
    flow.text("Changes", { size: 13, bold: true });
    for (const change of listed) {
      flow.gap(4);
      flow.text(changeHeading(change), { bold: true });
      if (change.old.text) flow.text(shown(change.old.text), { indent: 12, color: RED, prefix: "- " });
      if (change.new.text) flow.text(shown(change.new.text), { indent: 12, color: GREEN, prefix: "+ " });
    }
    const more = report.changes.length - listed.length;
    if (more > 0) flow.text(`… and ${plural(more, "more change")}: report.json lists them all.`, { color: GREY });
  }

  if (report.drawingChanges.length > 0) {
    flow.gap(10);
    flow.text("Pages drawn differently", { size: 13, bold: true });
    for (const d of report.drawingChanges) {
      const what = d.sizeChanged ? "the page size changed" : `${formatShare(d.changedShare)} of the page looks different`;
      flow.text(`Old page ${d.oldPage}, new page ${d.newPage}: ${what}.`, { indent: 8 });
    }
  }

  for (const pair of shownPairs) await drawPagePair(doc, fonts, report, pair);
  await fs.writeFile(output, await doc.save());
}

function pageSpan(pages: readonly number[]): string {
  return pages.length === 0 ? "none" : formatPageList(pages).replaceAll(",", ", ").replaceAll("-", "–");
}

function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)} %`;
}

/** Both versions of a page on one landscape sheet, deletions marked in red, insertions in green, drawings in orange. */
async function drawPagePair(doc: PDFDocument, fonts: Fonts, report: CompareReport, pair: ShownPagePair): Promise<void> {
  const sheet = doc.addPage([A4[1], A4[0]]);
  const [sheetWidth, sheetHeight] = [A4[1], A4[0]];
  const margin = 30;
  const columnWidth = (sheetWidth - 3 * margin) / 2;
  const top = sheetHeight - margin - 20;
  const sides = [
    { side: "old" as const, page: pair.old, image: pair.oldImage, x: margin, color: RED, info: report.old.pages.find((p) => p.page === pair.old) },
    { side: "new" as const, page: pair.new, image: pair.newImage, x: 2 * margin + columnWidth, color: GREEN, info: report.new.pages.find((p) => p.page === pair.new) },
  ];
  for (const { side, page, image, x, color, info } of sides) {
    sheet.drawText(`${side === "old" ? "Old" : "New"} page ${page}`, { x, y: sheetHeight - margin - 10, size: 12, font: fonts.bold.font, color });
    if (!info) continue;
    const scale = Math.min(columnWidth / info.width, (top - margin) / info.height);
    const width = info.width * scale;
    const height = info.height * scale;
    const bottom = top - height;
    if (image) sheet.drawImage(await doc.embedJpg(await fs.readFile(image)), { x, y: bottom, width, height });
    sheet.drawRectangle({ x, y: bottom, width, height, borderColor: GREY, borderWidth: 0.5 });
    const mark = (rect: Rect, markColor: RGB, filled: boolean) => {
      const box = { x: x + rect[0] * scale, y: bottom + (info.height - rect[3]) * scale, width: Math.max(1, (rect[2] - rect[0]) * scale), height: Math.max(1, (rect[3] - rect[1]) * scale) };
      sheet.drawRectangle({ ...box, ...(filled ? { color: markColor, opacity: 0.25 } : {}), borderColor: markColor, borderWidth: filled ? 0.5 : 1.2 });
    };
    for (const change of report.changes) {
      const own = change[side];
      for (const box of own.boxes) if (box.page === page) mark(box.rect, color, true);
      // Where words went or came on the other side, a thin mark in that side's colour.
      if (own.at && own.page === page) mark(own.at, side === "old" ? GREEN : RED, true);
    }
    for (const d of report.drawingChanges) {
      if ((side === "old" ? d.oldPage : d.newPage) === page) for (const region of d.regions) mark(region, ORANGE, false);
    }
  }
}
