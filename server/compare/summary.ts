import type { CompareReport, PageInfo } from "../../catalog/compare-report.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { list, msg, type Message } from "../i18n/message.js";

/** "2, 5–7" */
function pageList(pages: readonly number[]): string {
  return formatPageList(pages).replaceAll(",", ", ").replaceAll("-", "–");
}

function pagesWith(pages: readonly PageInfo[], status: PageInfo["status"]): number[] {
  return pages.filter((p) => p.status === status).map((p) => p.page);
}

/** The summary in sentences (catalogue messages under "compare."), for the reply and, in English, the report PDF. */
export function describeSummary(report: CompareReport): Message[] {
  const { summary, settings } = report;
  if (summary.identical) return [msg(settings.compareDrawing ? "compare.identical" : "compare.identicalText")];
  const lines: Message[] = [];
  const textChanges = summary.insertions + summary.deletions + summary.changes;
  if (textChanges === 0) lines.push(msg("compare.sameText"));
  else {
    const kinds = [
      summary.insertions > 0 ? msg("compare.insertions", { count: summary.insertions }) : undefined,
      summary.deletions > 0 ? msg("compare.deletions", { count: summary.deletions }) : undefined,
      summary.changes > 0 ? msg("compare.changedPassages", { count: summary.changes }) : undefined,
    ].filter((kind) => kind !== undefined);
    lines.push(msg("compare.textChanges", { count: textChanges, kinds: list(kinds), inserted: msg("compare.wordsInserted", { count: summary.wordsInserted }), deleted: summary.wordsDeleted }));
  }
  const removed = pagesWith(report.old.pages, "removed");
  const added = pagesWith(report.new.pages, "added");
  if (removed.length > 0) lines.push(msg("compare.pagesRemoved", { count: removed.length, pages: pageList(removed) }));
  if (added.length > 0) lines.push(msg("compare.pagesAdded", { count: added.length, pages: pageList(added) }));
  const drawn = report.drawingChanges;
  if (drawn.length > 0) {
    const samePlace = drawn.every((d) => d.oldPage === d.newPage);
    const where = samePlace
      ? msg("compare.onPages", { count: drawn.length, pages: pageList(drawn.map((d) => d.oldPage)) })
      : list(drawn.map((d) => msg("compare.pagePair", { old: d.oldPage, new: d.newPage })));
    lines.push(msg(samePlace ? "compare.drawnDifferently" : "compare.drawnDifferentlyPairs", { count: drawn.length, where }));
  } else if (!settings.compareDrawing) {
    lines.push(msg("compare.drawingsNotCompared"));
  }
  const { old: oldChanged, new: newChanged } = summary.changedPages;
  if (oldChanged.length + newChanged.length > 0) {
    const none = msg("compare.none");
    lines.push(msg("compare.pagesWithChanges", { old: oldChanged.length > 0 ? pageList(oldChanged) : none, new: newChanged.length > 0 ? pageList(newChanged) : none }));
  }
  return lines;
}
