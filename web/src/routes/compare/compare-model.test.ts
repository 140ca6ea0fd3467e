// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { CompareReport } from "../../../../catalog/compare-report.js";
import { entryTarget, entryTitle, listEntries, marksBySide } from "./compare-model.js";

const page = (n: number) => ({ page: n, width: 600, height: 800, status: "text" as const, counterpart: n });

const report: CompareReport = {
  version: 1,
  old: { name: "a.pdf", pageCount: 2, pages: [page(1), page(2)] },
  new: { name: "b.pdf", pageCount: 2, pages: [page(1), page(2)] },
  settings: { ignoreCase: false, ignorePunctuation: false, compareDrawing: true, drawingThreshold: 0.1 },
  summary: { identical: false, insertions: 1, deletions: 0, changes: 1, wordsInserted: 2, wordsDeleted: 1, drawingChanges: 1, changedPages: { old: [1, 2], new: [1, 2] } },
  changes: [
    { id: 1, kind: "change", old: { text: "monthly", page: 1, boxes: [{ page: 1, rect: [10, 20, 50, 32] }] }, new: { text: "yearly", page: 1, boxes: [{ page: 1, rect: [10, 20, 45, 32] }] } },
    { id: 2, kind: "insertion", old: { text: "", page: 1, boxes: [], at: [80, 40, 81, 52] }, new: { text: "New words", page: 2, boxes: [{ page: 2, rect: [10, 60, 90, 72] }] } },
  ],
  drawingChanges: [{ oldPage: 2, newPage: 2, changedShare: 0.02, regions: [[100, 100, 200, 150]] }],
  notes: [],
};

describe("compare view model", () => {
  it("lists text changes in order, then drawings, with where they are", () => {
    expect(listEntries(report).map(entryTitle)).toEqual(["Changed · page 1", "Inserted · page 1 → 2", "Drawing · page 2"]);
  });

  it("marks deleted words on the old side, inserted on the new, the place of an insertion, and drawings on both", () => {
    const old = marksBySide(report, "old");
    expect(old.get(1)).toEqual([
      { key: "text-1", rect: [10, 20, 50, 32], kind: "deleted" },
      { key: "text-2", rect: [80, 40, 81, 52], kind: "place" },
    ]);
    expect(old.get(2)).toEqual([{ key: "drawing-1", rect: [100, 100, 200, 150], kind: "drawing" }]);
    const added = marksBySide(report, "new");
    expect(added.get(2)?.map((m) => m.kind)).toEqual(["inserted", "drawing"]);
  });

  it("scrolls each side to its own page of a change", () => {
    const [, insertion] = listEntries(report);
    expect(entryTarget(insertion!, "old")).toEqual({ page: 1, rect: [80, 40, 81, 52] });
    expect(entryTarget(insertion!, "new")).toEqual({ page: 2, rect: [10, 60, 90, 72] });
    const drawing = listEntries(report)[2]!;
    expect(entryTarget(drawing, "old")).toEqual({ page: 2, rect: [100, 100, 200, 150] });
  });
});
