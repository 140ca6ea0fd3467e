import * as mupdf from "mupdf";
import { describe, expect, it } from "vitest";
import { savedBytes } from "../pdf-ops/mupdf-save.js";
import { makeNumberedPdf } from "./helpers/pdf-tools.js";

describe("savedBytes", () => {
  it("hands back bytes of its own, which MuPDF's later work leaves whole", async () => {
    const doc = mupdf.Document.openDocument(await makeNumberedPdf(3), "application/pdf").asPDF()!;
    const saved = savedBytes(doc, "compress");
    doc.destroy();
    const before = Buffer.from(saved);
    // Enough at once to make MuPDF's memory grow, which empties every view of the memory it had.
    const large = new mupdf.Buffer(new Uint8Array(256 * 1024 * 1024));
    large.destroy();
    expect(saved.length).toBe(before.length);
    expect(Buffer.from(saved).equals(before)).toBe(true);
    expect(Buffer.from(saved.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  });
});
