import { describe, expect, it } from "vitest";
import { say } from "../server/i18n/i18n.js";
import { formatPageList, isPageSelectionText, PageRangeError, parsePageList, parsePageSpans } from "../catalog/page-ranges.js";

describe("page selections", () => {
  it("reads numbers, ranges, open ends and z/last", () => {
    expect(parsePageList("1,3,5-7", 10)).toEqual([1, 3, 5, 6, 7]);
    expect(parsePageList("8-z", 10)).toEqual([8, 9, 10]);
    expect(parsePageList("last", 10)).toEqual([10]);
    expect(parsePageList("-2, 9-", 10)).toEqual([1, 2, 9, 10]);
    expect(parsePageList(" 2 ,2, 1 ", 10)).toEqual([2, 1]);
    expect(parsePageList("", 10)).toEqual([]);
  });

  it("keeps ranges as written, for splitting", () => {
    expect(parsePageSpans("1-3,4-6,7-z", 9)).toEqual([
      { from: 1, to: 3 },
      { from: 4, to: 6 },
      { from: 7, to: 9 },
    ]);
  });

  it("explains what is wrong", () => {
    // A mistake is a catalogue message (said in the reader's language); in English it reads as below.
    expect(() => parsePageList("0", 5)).toThrow(PageRangeError);
    expect(() => parsePageList("0", 5)).toThrow('Page numbers start at 1 ("0").');
    expect(() => parsePageList("4-9", 5)).toThrow('"4-9" is outside the document, which has 5 pages.');
    expect(() => parsePageList("5-2", 5)).toThrow('"5-2" runs backwards; write it as 2-5.');
    expect(() => parsePageList("two", 5)).toThrow('"two" is not a page number or range.');
    expect(() => parsePageList("9", 1)).toThrow('"9" is outside the document, which has 1 page.');
  });

  it("says what is wrong in the reader's language", () => {
    const mistake = (text: string, pages: number) => {
      try {
        parsePageList(text, pages);
      } catch (err) {
        return (err as PageRangeError).text;
      }
      throw new Error(`${text} was read`);
    };
    expect(say(mistake("5-2", 5), "de")).toBe("„5-2“ läuft rückwärts; schreiben Sie 2-5.");
    expect(say(mistake("9", 4), "fr")).toBe("« 9 » est en dehors du document, qui compte 4 pages.");
  });

  it("checks the shape of a selection as it is typed", () => {
    for (const ok of ["", "1", "1,3,5-7", "7-z", "1-", " 2 , 4-last "]) expect(isPageSelectionText(ok), ok).toBe(true);
    for (const bad of ["a", "1..3", "1-2-3x", "#"]) expect(isPageSelectionText(bad), bad).toBe(false);
  });

  it("reads hostile selections in one pass", () => {
    const start = performance.now();
    expect(isPageSelectionText("1 ".repeat(16) + "x")).toBe(false);
    expect(isPageSelectionText("1 ".repeat(50_000) + "x")).toBe(false);
    expect(isPageSelectionText("1,".repeat(50_000))).toBe(true);
    expect(() => parsePageSpans("- ".repeat(50_000) + "x", 10)).toThrow(PageRangeError);
    expect(performance.now() - start).toBeLessThan(500);
    // What the shape check accepts is what the parser reads: "1 2" is neither a page nor a range.
    expect(isPageSelectionText("1 2")).toBe(false);
  });

  it("writes page lists compactly", () => {
    expect(formatPageList([1, 2, 3, 5, 7, 8])).toBe("1-3,5,7-8");
    expect(formatPageList([3, 2, 1])).toBe("3,2,1");
    expect(formatPageList([])).toBe("");
  });
});
