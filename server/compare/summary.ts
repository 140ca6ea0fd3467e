import type { CompareReport, PageInfo } from "../../catalog/compare-report.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { plural } from "../../pdf-ops/plural.js";

/** "2, 5–7" */
function pageList(pages: readonly number[]): string {
  return formatPageList(pages).replaceAll(",", ", ").replaceAll("-", "–");
}

function pagesWith(pages: readonly PageInfo[], status: PageInfo["status"]): number[] {
  return pages.filter((p) => p.status === status).map((p) => p.page);
}

function listing(counts: Array<[number, string, string]>): string {
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many));
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** The summary in sentences, for the report PDF and the reply. */
export function describeSummary(report: CompareReport): string[] {
  const { summary, settings } = report;
  if (summary.identical) {
    return [settings.compareDrawing ? "The documents have the same text and look the same." : "The documents have the same text. Drawings were not compared."];
  }
  const lines: string[] = [];
  const textChanges = summary.insertions + summary.deletions + summary.changes;
  if (textChanges === 0) lines.push("The text is the same.");
  else {
    lines.push(
      `${plural(textChanges, "text change")}: ${listing([
        [summary.insertions, "insertion", "insertions"],
        [summary.deletions, "deletion", "deletions"],
        [summary.changes, "changed passage", "changed passages"],
      ])}; ${plural(summary.wordsInserted, "word")} inserted, ${summary.wordsDeleted} deleted.`,
    );
  }
  const removed = pagesWith(report.old.pages, "removed");
  const added = pagesWith(report.new.pages, "added");
  if (removed.length > 0) lines.push(`${removed.length === 1 ? "Page" : "Pages"} removed: old ${pageList(removed)}.`);
  if (added.length > 0) lines.push(`${added.length === 1 ? "Page" : "Pages"} added: new ${pageList(added)}.`);
  const drawn = report.drawingChanges;
  if (drawn.length > 0) {
    const samePlace = drawn.every((d) => d.oldPage === d.newPage);
    const where = samePlace
      ? `${drawn.length === 1 ? "page" : "pages"} ${pageList(drawn.map((d) => d.oldPage))}`
      : drawn.map((d) => `old page ${d.oldPage} / new page ${d.newPage}`).join(", ");
    lines.push(`${plural(drawn.length, "page looks", "pages look")} different with the same text: ${where}.`);
  } else if (!settings.compareDrawing) {
    lines.push("Drawings were not compared.");
  }
  const { old: oldChanged, new: newChanged } = summary.changedPages;
  if (oldChanged.length + newChanged.length > 0) {
    lines.push(`Pages with changes: old ${oldChanged.length > 0 ? pageList(oldChanged) : "none"}; new ${newChanged.length > 0 ? pageList(newChanged) : "none"}.`);
  }
  return lines;
}
