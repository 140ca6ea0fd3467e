import path from "node:path";
import type { RedactOptions } from "../../catalog/options/redact.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { DamagedPdfError, failedWith, InvalidOptionsError, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { RedactArgs, RedactResult } from "../engines/mupdf/redact-tasks.js";
import { parseColor } from "../../pdf-ops/colors.js";
import { stemOf } from "../../pdf-ops/names.js";
import { compileSearch, PatternError, type SearchSpec } from "../lib/text-search.js";
import { openPdfInput, repairNote, type ReadablePdf } from "../pdf/pdf-input.js";
import { selectPages } from "../../pdf-ops/page-selection.js";
import { readPageBoxes } from "../pdf/render-budget.js";
import type { Processor, ProcessorContext } from "../work/types.js";
import { countOfPages, list, msg, toolName, type Message, type MessageList, type Said } from "../i18n/message.js";

function searchOf(options: RedactOptions): SearchSpec {
  return {
    terms: options.terms.filter((t) => t.trim() !== ""),
    matchCase: options.matchCase,
    wholeWord: options.wholeWord,
    useRegex: options.useRegex,
    presets: [...new Set(options.presets)],
  };
}

/**
 * What the schema cannot check without the pattern engine: every term compiles to a pattern that runs in linear
 * time. Run when a request is accepted, so that a mistyped pattern is a 400 before any file is stored.
 */
export function checkRedactOptions(options: RedactOptions): void {
  try {
    compileSearch(searchOf(options));
  } catch (err) {
    if (!(err instanceof PatternError)) throw err;
    const shown = err.term.length > 60 ? `${err.term.slice(0, 60)}…` : err.term;
    throw new InvalidOptionsError(msg("redact.notAPattern", { field: "terms", term: shown, reason: err.reason }));
  }
}

/** "1", "1 and 2", "1, 3 and 5-7": one-based pages as a sentence says them, runs of three or more as ranges. */
function pageNames(pages: readonly number[]): MessageList {
  const parts = formatPageList(pages)
    .split(",")
    .flatMap((part) => {
      const [from, to] = part.split("-").map(Number);
      return to === from! + 1 ? [String(from), String(to)] : [part];
    });
  return list(parts);
}

/** "on page 3", "on pages 1 and 4". */
function onPages(pages: readonly number[]): Message {
  return msg("redact.onPages", { count: pages.length, pages: pageNames(pages) });
}

/** The areas in MuPDF's page space, clipped to their pages; an area off its page or off the document is refused. */
async function placeAreas(options: RedactOptions, pdf: ReadablePdf, ctx: ProcessorContext): Promise<RedactArgs["areas"]> {
  if (options.areas.length === 0) return [];
  const beyond = options.areas.findIndex((a) => a.page > pdf.pageCount);
  if (beyond >= 0) {
    throw new InvalidOptionsError(msg("redact.areaPageMissing", { field: "areas", number: beyond + 1, page: options.areas[beyond]!.page, pages: countOfPages(pdf.pageCount) }));
  }
  const boxes = await readPageBoxes(pdf, ctx);
  return options.areas.map((a, i) => {
    const box = boxes[a.page - 1]!;
    const rect: [number, number, number, number] = [a.x, a.y, Math.min(a.x + a.width, box.width), Math.min(a.y + a.height, box.height)];
    if (rect[0] >= rect[2] || rect[1] >= rect[3]) {
      throw new InvalidOptionsError(msg("redact.areaOutside", { field: "areas", number: i + 1, page: a.page, width: Math.round(box.width), height: Math.round(box.height) }));
    }
    return { page: a.page - 1, rect };
  });
}

function summary(result: RedactResult): Message {
  const matched = result.pages.filter((p) => p.matches > 0);
  const drawn = result.pages.filter((p) => p.areas > 0);
  const matches = matched.reduce((n, p) => n + p.matches, 0);
  const areas = drawn.reduce((n, p) => n + p.areas, 0);
  const matchPages = matched.map((p) => p.page + 1);
  const areaPages = drawn.map((p) => p.page + 1);
  const countedMatches = msg("redact.matches", { count: matches });
  const countedAreas = msg("redact.areas", { count: areas });
  if (matches > 0 && areas > 0 && matchPages.join() === areaPages.join()) {
    return msg("redact.redactedBoth", { matches: countedMatches, areas: countedAreas, where: onPages(matchPages) });
  }
  if (matches > 0 && areas > 0) {
    return msg("redact.redactedEach", { matches: countedMatches, matchesWhere: onPages(matchPages), areas: countedAreas, areasWhere: onPages(areaPages) });
  }
  return matches > 0 ? msg("redact.redacted", { what: countedMatches, where: onPages(matchPages) }) : msg("redact.redacted", { what: countedAreas, where: onPages(areaPages) });
}

function notes(result: RedactResult, areaPages: ReadonlySet<number>): Message[] {
  const said: Message[] = [];
  if (result.annotations > 0) said.push(msg("redact.annotationsFlattened", { count: result.annotations }));
  if (result.links > 0) said.push(msg("redact.linksRemoved", { count: result.links }));
  if (result.replacementTexts > 0) said.push(msg("redact.hiddenTextsRemoved", { count: result.replacementTexts }));
  if (result.earlierMarks > 0) said.push(msg("redact.earlierMarksApplied", { count: result.earlierMarks }));
  const textless = result.textless.filter((p) => !areaPages.has(p)).map((p) => p + 1);
  if (textless.length > 0) said.push(msg("redact.pagesWithoutText", { count: textless.length, pages: pageNames(textless), ocr: toolName("ocr-pdf") }));
  if (result.metadataCleared) said.push(msg("redact.metadataCleared"));
  return said;
}

function warningOf(result: RedactResult): Message[] | undefined {
  const left: Message[] = [];
  if (result.remaining.bookmarks > 0) left.push(msg("redact.bookmarksStillMatch", { count: result.remaining.bookmarks }));
  if (result.remaining.metadata) left.push(msg("redact.metadataStillMatches"));
  return left.length > 0 ? left : undefined;
}

/**
 * Redacts for real: the words found and the areas drawn are taken out of the file (text from the content streams,
 * pixels from images), not hidden under a box; the reply counts the matches and names their pages.
 */
export const redactPdf: Processor<RedactOptions> = async ({ files, options }, ctx) => {
  checkRedactOptions(options);
  const fill = parseColor(options.fillColor)!;
  const pdf = await openPdfInput(files[0]!, ctx);
  const search = searchOf(options);
  const searchPages = selectPages(options.pages, pdf.pageCount, "pages").map((p) => p - 1);
  const areas = await placeAreas(options, pdf, ctx);
  ctx.progress(0.05);
  const out = path.join(ctx.workDir, "redacted.pdf");
  let result: RedactResult;
  try {
    result = await runMupdf(
      "redactPdf",
      { input: pdf.path, output: out, search, searchPages, areas, fill, clearMetadata: options.clearMetadata },
      ctx,
      (f) => ctx.progress(0.05 + 0.9 * f),
    );
  } catch (err) {
    if (failedWith(err, "damaged", "unsupported")) throw new DamagedPdfError(pdf.name);
    throw err;
  }
  const areaPages = new Set(areas.map((a) => a.page));
  if (result.pages.length === 0) {
    const textless = result.textless.length === searchPages.length ? msg("redact.noTextToSearch", { ocr: toolName("ocr-pdf") }) : "";
    throw new UserError([msg("redact.nothingMatched"), textless], 422, "nothing_matched");
  }
  const said: Said[] = [summary(result), ...notes(result, areaPages)];
  const repaired = repairNote([pdf]);
  if (repaired) said.push(repaired);
  const warning = warningOf(result);
  return { files: [{ path: out, name: `${stemOf(pdf.name)}-redacted.pdf` }], message: said, ...(warning && { warning }) };
};
