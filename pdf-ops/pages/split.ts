import { msg, type Said } from "../message.js";
import { SPLIT_PAGES_MISSING, SPLIT_RANGES_MISSING, type SplitOptions } from "../../catalog/options/pages.js";
import { formatPageList, parsePageList, parsePageSpans, type PageSpan } from "../../catalog/page-ranges.js";
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
  switch (options.splitMode) {
    case "every-page":
    case "every-n":
      return groupsOf(options.splitMode === "every-page" ? 1 : options.pagesPerFile, pdf.pageCount, stem);
    case "ranges": {
      const spans = parsePageSpans(options.ranges, pdf.pageCount);
      if (spans.length === 0) throw new InvalidOptionsError(msg(SPLIT_RANGES_MISSING));
      return { kind: "ranges", parts: spans.map((span) => ({ ...span, name: `${stem}-${rangeLabel(span.from, span.to)}.pdf` })) };
    }
    case "selected": {
      const list = parsePageList(options.pages, pdf.pageCount);
      if (list.length === 0) throw new InvalidOptionsError(msg(SPLIT_PAGES_MISSING));
      return { kind: "selected", pages: formatPageList(list), parts: [{ from: list[0]!, to: list.at(-1)!, name: `${stem}-selected-pages.pdf` }] };
    }
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

export function splitMessage(pageCount: number, files: number): Said {
  return msg("results.split", { pages: pageCount, count: files });
}
