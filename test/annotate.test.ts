import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, qpdfCheck, renderGray, writeTemp } from "./helpers/pdf-tools.js";
import { annotationsOf } from "./helpers/read-annotations.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let two: string;
beforeAll(async () => {
  server = await startServer();
  two = await writeTemp("two.pdf", await makeNumberedPdf(2, [600, 800]));
});
afterAll(async () => server.close());

describe("annotate-pdf", () => {
  it("writes real annotations of many kinds on the pages they were placed on", async () => {
    const annotations = [
      { type: "text", position: { x: 50, y: 60, pageIndex: 0, width: 200, height: 30 }, text: "Hello there", color: "#ff0000", fontSize: 14, bold: true, italic: true },
      { type: "highlight", position: { x: 60, y: 390, pageIndex: 0, width: 300, height: 30 } },
      { type: "comment", position: { x: 500, y: 100, pageIndex: 1, width: 100, height: 30 }, text: "Check this", title: "Reviewer" },
      { type: "link", position: { x: 70, y: 500, pageIndex: 1, width: 120, height: 20 }, url: "https://example.org/docs" },
      { type: "shape", shapeType: "circle", position: { x: 300, y: 600, pageIndex: 1, width: 80, height: 80 }, strokeColor: "#00ff00", fillColor: "transparent" },
      { type: "shape", shapeType: "arrow", position: { x: 100, y: 700, pageIndex: 0, width: 150, height: -50 } },
      { type: "strikethrough", position: { x: 60, y: 420, pageIndex: 0, width: 100, height: 12 } },
      { type: "underline", position: { x: 200, y: 420, pageIndex: 0, width: 80, height: 12 }, color: "#0000ff" },
      { type: "draw", position: { x: 0, y: 0, pageIndex: 1, width: 0, height: 0 }, points: [[[100, 100], [150, 140], [200, 100]]], color: "blue" },
    ];
    const { path, reply } = await runTool(server, "annotate-pdf", [two], { annotations });
    await qpdfCheck(path);
    expect(reply.message).toBe("Added 9 annotations on 2 pages.");
    const read = await annotationsOf(path);
    const byType = (subtype: string) => read.filter((a) => a.subtype === subtype);

    const [text] = byType("/FreeText");
    expect(text).toMatchObject({ page: 0, contents: "Hello there" });
    // PDF rectangles are bottom-up: y 60 from the top of an 800-point page is 740 from the bottom.
    expect(text!.rect[0]).toBeCloseTo(50, 0);
    expect(text!.rect[3]).toBeCloseTo(740, 0);
    // Bold italic Helvetica at 14 points in red, as chosen.
    expect(text!.da).toMatch(/\/HeBO 14 Tf 1 0 0 rg/);

    const [highlight] = byType("/Highlight");
    expect(highlight!.page).toBe(0);
    expect(highlight!.color).toEqual([expect.closeTo(0.98, 1), expect.closeTo(0.8, 1), expect.closeTo(0.08, 1)]);

    expect(byType("/Text")[0]).toMatchObject({ page: 1, contents: "Check this" });
    expect(byType("/Link")[0]).toMatchObject({ page: 1, uri: "https://example.org/docs" });
    expect(byType("/Circle")[0]).toMatchObject({ page: 1, color: [0, 1, 0] });
    expect(byType("/StrikeOut")[0]!.page).toBe(0);
    expect(byType("/Underline")[0]).toMatchObject({ page: 0, color: [0, 0, 1] });
    // Text markup rectangles take a little room around the words' box.
    expect(Math.abs(byType("/Underline")[0]!.rect[0]! - 200)).toBeLessThan(2);
    expect(byType("/Ink")[0]).toMatchObject({ page: 1, color: [expect.closeTo(0.15, 1), expect.closeTo(0.39, 1), expect.closeTo(0.92, 1)] });
    // The arrow, and the line that makes the link visible.
    expect(byType("/Line").map((l) => l.page).sort()).toEqual([0, 1]);
  });

  it("draws annotations other viewers show: a yellow highlight darkens the page where it was placed", async () => {
    const { path } = await runTool(server, "annotate-pdf", [two], {
      annotations: [{ type: "highlight", position: { x: 100, y: 100, pageIndex: 0, width: 400, height: 100 }, opacity: 1 }],
    });
    const { width, pixels } = await renderGray(path, 1, 72);
    const at = (x: number, y: number) => pixels[y * width + x]!;
    // Yellow is lighter than black but clearly darker than the white paper in grey.
    expect(at(300, 150)).toBeLessThan(235);
    expect(at(300, 50)).toBe(255);
  });

  it("follows the page as seen on rotated pages", async () => {
    const input = corpus("habibi-rotated.pdf");
    const { path } = await runTool(server, "annotate-pdf", [input], {
      annotations: [{ type: "shape", shapeType: "rectangle", position: { x: 20, y: 20, pageIndex: 0, width: 100, height: 50 }, fillColor: "#000000", opacity: 1 }],
    });
    // Page 1 is turned 90 degrees: as seen it is landscape, and the box sits in its top-left corner.
    const { width, height, pixels } = await renderGray(path, 1, 72);
    expect(width).toBeGreaterThan(height);
    expect(pixels[40 * width + 60]).toBeLessThan(50);
    expect(pixels[(height - 40) * width + (width - 60)]).toBeGreaterThan(200);
  });

  it("answers the spec's sentence when there is nothing to save, and refuses unsafe links", async () => {
    const none = await postTool(server, "annotate-pdf", [two], { annotations: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Please upload a PDF and add annotations");
    const script = await postTool(server, "annotate-pdf", [two], {
      annotations: [{ type: "link", position: { x: 10, y: 10, pageIndex: 0 }, url: "javascript:alert(1)" }],
    });
    expect(script.status).toBe(400);
    expect(script.body.error).toContain("https://");
    const offPage = await postTool(server, "annotate-pdf", [two], { annotations: [{ type: "text", position: { x: 10, y: 10, pageIndex: 5 } }] });
    expect(offPage.status).toBe(400);
    expect(offPage.body.error).toBe("Annotation 1 is on page 6, but the document has 2 pages.");
  });
});
