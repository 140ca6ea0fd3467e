import { msg, type Text } from "../message.js";
import type { SplitOptions } from "../../catalog/options/pages.js";
import { formatPageList, PageRangeError, parsePageList, parsePageSpans, type PageSpan } from "../../catalog/page-ranges.js";
import { InvalidOptionsError } from "../errors.js";
import { rangeLabel, stemOf } from "../names.js";

/**
 * What a split makes, decided before any engine runs: equal groups (every page, every N pages), the written ranges,
 * or the chosen pages in one file. Each part is named after the document and its pages.
 */
export type SplitPlan =
  | { kind: "groups"; size: number; parts: SplitPart[] }
  | { kind: "ranges"; parts: SplitPart[] }
  | { kind: "selected"; pages: string; parts: [SplitPart] };

export interface SplitPart extends PageSpan {
  name: string;
}

export function planSplit(options: SplitOptions, pdf: { name: string; pageCount: number }): SplitPlan {
  const stem = stemOf(pdf.name);
  try {
    switch (options.splitMode) {
      case "every-page":
      case "every-n":
        return groupsOf(options.splitMode === "every-page" ? 1 : options.pagesPerFile, pdf.pageCount, stem);
      case "ranges": {
        const spans = parsePageSpans(options.ranges, pdf.pageCount);
        if (spans.length === 0) throw new InvalidOptionsError('Please enter the ranges to split at, such as "1-3,4-6".');
        return { kind: "ranges", parts: spans.map((span) => ({ ...span, name: `${stem}-${rangeLabel(span.from, span.to)}.pdf` })) };
      }
      case "selected": {
        const list = parsePageList(options.pages, pdf.pageCount);
        if (list.length === 0) throw new InvalidOptionsError("Please choose the pages to put into the new file.");
        return { kind: "selected", pages: formatPageList(list), parts: [{ from: list[0]!, to: list.at(-1)!, name: `${stem}-selected-pages.pdf` }] };
      }
    }
  } catch (err) {
    if (err instanceof PageRangeError) throw new InvalidOptionsError(err.message);
    throw err;
  }
}

function groupsOf(size: number, pageCount: number, stem: string): SplitPlan {
  const parts = Array.from({ length: Math.ceil(pageCount / size) }, (_, i) => {
    const from = i * size + 1;
    const to = Math.min(pageCount, from + size - 1);
    return { from, to, name: `${stem}-${rangeLabel(from, to)}.pdf` };
  });
  return { kind: "groups", size, parts };
}

export function splitZipName(documentName: string): string {
  return `${stemOf(documentName)}-split.zip`;
}

export function splitMessage(pageCount: number, files: number): Text {
  return msg("results.split", { pages: pageCount, count: files });
}
