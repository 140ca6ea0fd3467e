import { i18n } from "../../i18n/i18n.js";
import type { CompareReport, Rect, TextChange } from "../../../../catalog/compare-report.js";

export type Side = "old" | "new";

/** One entry of the changes list: a text change or a page drawn differently. */
export type ListEntry =
  | { key: string; kind: "text"; change: TextChange }
  | { key: string; kind: "drawing"; oldPage: number; newPage: number; share: number; sizeChanged: boolean; firstRegion?: Rect };

/** A rectangle to draw over a page: words deleted (old) or inserted (new), where the other side's words go, or a drawing region. */
export interface PageMark {
  key: string;
  rect: Rect;
  kind: "deleted" | "inserted" | "place" | "drawing";
}

/** The changes in document order, the drawings after them. */
export function listEntries(report: CompareReport): ListEntry[] {
  return [
    ...report.changes.map((change): ListEntry => ({ key: `text-${change.id}`, kind: "text", change })),
    ...report.drawingChanges.map(
      (d, i): ListEntry => ({
        key: `drawing-${i + 1}`,
        kind: "drawing",
        oldPage: d.oldPage,
        newPage: d.newPage,
        share: d.changedShare,
        sizeChanged: d.sizeChanged === true,
        firstRegion: d.regions[0],
      }),
    ),
  ];
}

/** Every page's marks on one side, by page number. */
export function marksBySide(report: CompareReport, side: Side): Map<number, PageMark[]> {
  const marks = new Map<number, PageMark[]>();
  const add = (page: number, mark: PageMark) => {
    const list = marks.get(page) ?? [];
    list.push(mark);
    marks.set(page, list);
  };
  for (const change of report.changes) {
    const own = change[side];
    for (const box of own.boxes) add(box.page, { key: `text-${change.id}`, rect: box.rect, kind: side === "old" ? "deleted" : "inserted" });
    if (own.at) add(own.page, { key: `text-${change.id}`, rect: own.at, kind: "place" });
  }
  report.drawingChanges.forEach((d, i) => {
    for (const rect of d.regions) add(side === "old" ? d.oldPage : d.newPage, { key: `drawing-${i + 1}`, rect, kind: "drawing" });
  });
  return marks;
}

/** Where an entry is on one side: its page, and the rectangle to bring into view. */
export function entryTarget(entry: ListEntry, side: Side): { page: number; rect?: Rect } {
  // A drawing's regions are the same rectangles on both pages.
  if (entry.kind === "drawing") return { page: side === "old" ? entry.oldPage : entry.newPage, rect: entry.firstRegion };
  const own = entry.change[side];
  return { page: own.boxes[0]?.page ?? own.page, rect: own.boxes[0]?.rect ?? own.at };
}

/** "page 2", or "page 2 → 3" where the page moved. */
function whereOf(oldPage: number, newPage: number): string {
  return oldPage === newPage ? i18n.t("tool:compare.entry.page", { page: oldPage }) : i18n.t("tool:compare.entry.pageMoved", { old: oldPage, new: newPage });
}

/** The entry's title in the list: what happened and where. */
export function entryTitle(entry: ListEntry): string {
  if (entry.kind === "drawing") {
    return i18n.t(`tool:compare.entry.${entry.sizeChanged ? "pageSize" : "drawing"}`, { where: whereOf(entry.oldPage, entry.newPage) });
  }
  const { old: before, new: after } = entry.change;
  return i18n.t(`tool:compare.entry.${entry.change.kind}`, { where: whereOf(before.page, after.page) });
}

/** Long passages are cut in the list; the report has them whole. */
export function shortened(text: string, max = 140): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
