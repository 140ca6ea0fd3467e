import { PDFDocument, StandardFonts, degrees } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, pageBoxesOf, pdftotext, qpdfCheck, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let three: string;
let turned: string;
beforeAll(async () => {
  server = await startServer();
  three = await writeTemp("three.pdf", await makeNumberedPdf(3));
  // A 600 × 400 page shown turned a quarter clockwise: its left edge is the top as seen.
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  page.drawText("Turned", { x: 100, y: 200, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
  page.setRotation(degrees(90));
  turned = await writeTemp("turned.pdf", await doc.save());
});
afterAll(async () => server.close());

const rounded = (boxes: number[][]) => boxes.map((b) => b.map((v) => Math.round(v)));

describe("crop-pdf", () => {
  it("cuts margins in millimetres from the chosen pages only", async () => {
    const { path, reply } = await runTool(server, "crop-pdf", [three], { top: 10, right: 20, bottom: 30, left: 40, pages: "2-3" });
    await qpdfCheck(path);
    const mm = 72 / 25.4;
    const expected = [40 * mm, 30 * mm, 595 - 20 * mm, 842 - 10 * mm].map((v) => Math.round(v));
    expect(rounded(await pageBoxesOf(path))).toEqual([[0, 0, 595, 842], expected, expected]);
    expect(rounded(await pageBoxesOf(path, "MediaBox"))).toEqual([[0, 0, 595, 842], [0, 0, 595, 842], [0, 0, 595, 842]]);
    expect(reply.message).toBe("Cropped 2 pages.");
  });

  it("measures margins on the page as seen, whatever its rotation", async () => {
    const { path } = await runTool(server, "crop-pdf", [turned], { unit: "pt", top: 50, right: 10 });
    // Seen turned clockwise: the top is the page's left edge (x0), the right is its top edge (y1).
    expect(rounded(await pageBoxesOf(path))).toEqual([[50, 0, 600, 390]]);
  });

  it("crops to the content, keeping the margins around it", async () => {
    const { path, reply } = await runTool(server, "crop-pdf", [three], { autoCrop: true, unit: "pt", top: 10, right: 10, bottom: 10, left: 10 });
    await qpdfCheck(path);
    // "Sample page N of 3" in 24-point Helvetica at x 72, baseline 421.
    for (const [x0, y0, x1, y1] of await pageBoxesOf(path)) {
      expect(x0).toBeGreaterThan(58);
      expect(x0).toBeLessThan(64);
      expect(y0).toBeGreaterThan(400);
      expect(y0).toBeLessThan(413);
      expect(x1).toBeGreaterThan(280);
      expect(x1).toBeLessThan(330);
      expect(y1).toBeGreaterThan(445);
      expect(y1).toBeLessThan(460);
    }
    expect(await pdftotext(path)).toContain("Sample page 2 of 3");
    expect(reply.message).toBe("Cropped every page (3 pages) to their content.");
  });

  it("refuses margins that leave nothing, no margin at all, and locked files, with sentences", async () => {
    const big = await postTool(server, "crop-pdf", [three], { top: 500, bottom: 500, pages: "1,3" });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe("The margins leave nothing of pages 1,3: please make them smaller.");
    const none = await postTool(server, "crop-pdf", [three]);
    expect(none.status).toBe(400);
    expect(none.body.error).toContain("Please enter a margin to cut away");
    const range = await postTool(server, "crop-pdf", [three], { top: 5, pages: "4" });
    expect(range.status).toBe(400);
    expect(range.body.error).toContain("outside the document");
    const locked = await postTool(server, "crop-pdf", [corpus(ENCRYPTED_PDF)], { top: 5 });
    expect(locked.status).toBe(422);
  });
});
