import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCRYPTED_PDF, corpus } from "./helpers/corpus.js";
import { makeNumberedPdf, pageCountOf, pageTexts, pdfinfo, writeTemp } from "./helpers/pdf-tools.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);

/** qpdf --check must find nothing at all: exit 0, not "succeeded with warnings". */
async function expectSound(file: string): Promise<void> {
  const { stdout } = await exec("qpdf", ["--check", file]);
  expect(stdout).toMatch(/No syntax or stream encoding errors found/);
}

/** Three numbered pages written without object streams, so that the cross-reference table is plain text. */
async function plainPdf(): Promise<Buffer> {
  const doc = await PDFDocument.load(await makeNumberedPdf(3));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe("repair-pdf", () => {
  it("rewrites a sound file with qpdf and says it found no damage", async () => {
    const { path: out, reply } = await runTool(server, "repair-pdf", [corpus("pdflatex-4-pages.pdf")]);
    await expectSound(out);
    expect(await pageTexts(out)).toEqual(await pageTexts(corpus("pdflatex-4-pages.pdf")));
    expect(reply.message).toMatch(/^No structural damage was found\. Repaired with qpdf/);
    expect(reply.filename).toBe("pdflatex-4-pages-repaired.pdf");
  });

  it("rebuilds a broken cross-reference table and keeps every page", async () => {
    const bytes = await plainPdf();
    const xref = bytes.lastIndexOf("\nxref");
    // Shift every object by inserting junk after the header, and ruin the table: offsets now point nowhere.
    const damaged = Buffer.concat([bytes.subarray(0, 15), Buffer.from("% junk junk junk junk\n"), bytes.subarray(15, xref), Buffer.from("\nxref\n0 2\nbroken\n"), bytes.subarray(bytes.lastIndexOf("trailer"))]);
    const input = await writeTemp("broken-xref.pdf", damaged);
    await expect(exec("qpdf", ["--check", input])).rejects.toThrow();
    const { path: out, reply } = await runTool(server, "repair-pdf", [input]);
    await expectSound(out);
    expect(await pageCountOf(out)).toBe(3);
    expect((await pageTexts(out))[2]).toMatch(/Sample page 3 of 3/);
    expect(reply.message).toMatch(/Found: the cross-reference table was broken or missing/);
  });

  it("escalates to MuPDF to rebuild a lost page tree, which basic mode cannot", async () => {
    const bytes = await plainPdf();
    // The catalogue loses its /Pages entry (same length, so every offset stays right).
    const text = bytes.toString("latin1").replace(/\/Type \/Catalog\s*\/Pages/, (m) => m.replace("/Pages", "/Pagez"));
    expect(text).toContain("/Pagez");
    const input = await writeTemp("no-page-tree.pdf", Buffer.from(text, "latin1"));
    const { path: out, reply } = await runTool(server, "repair-pdf", [input]);
    await expectSound(out);
    expect(await pageCountOf(out)).toBe(3);
    expect((await pageTexts(out)).map((t) => t.trim())).toEqual(["Sample page 1 of 3", "Sample page 2 of 3", "Sample page 3 of 3"]);
    expect(reply.message).toMatch(/Repaired with MuPDF/);
    expect(reply.message).toMatch(/page tree was lost; it was rebuilt from the 3 page objects/);
    for (const fields of [{ repairMode: "basic" }, { recoverContent: false }] as Array<Record<string, string | boolean>>) {
      const refused = await postTool(server, "repair-pdf", [input], fields);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatch(/could not be repaired/);
    }
  });

  it("escalates to Ghostscript when a content stream is corrupt, keeping the text that can still be read", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([300, 300]);
    page.drawText("Readable start of the page", { x: 20, y: 250, size: 14, font });
    for (let i = 0; i < 40; i++) page.drawText(`line ${i} with some words`, { x: 20, y: 230 - i * 5, size: 4, font });
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    // Scramble the second half of the page's compressed content (the stream that inflates to text operators):
    // its first half still inflates.
    let start = 0;
    let end = 0;
    for (let at = bytes.indexOf("stream\n"); at >= 0 && end === 0; at = bytes.indexOf("stream\n", at + 1)) {
      const from = at + "stream\n".length;
      const to = bytes.indexOf("endstream", from);
      try {
        if (inflateSync(bytes.subarray(from, to)).includes("BT")) [start, end] = [from, to];
      } catch {
        // Not a Flate stream.
      }
    }
    expect(end).toBeGreaterThan(start);
    for (let i = Math.floor((start + end) / 2); i < end - 1; i++) bytes[i] = (bytes[i]! * 7 + 13) & 255;
    const input = await writeTemp("corrupt-stream.pdf", bytes);
    expect((await pageTexts(input))[0]).toMatch(/Readable start of the page/);

    const { path: out, reply } = await runTool(server, "repair-pdf", [input]);
    await expectSound(out);
    expect((await pageTexts(out))[0]).toMatch(/Readable start of the page/);
    expect(reply.message).toMatch(/Repaired with Ghostscript/);
    expect(reply.message).toMatch(/Lighter repairs \(qpdf, mupdf\) did not give a sound file with every page and its text/);
    const conservative = await runTool(server, "repair-pdf", [input], { repairMode: "conservative" });
    expect(conservative.reply.message).not.toMatch(/Ghostscript/);
  });

  it("recovers the pages of the corpus file whose catalogue lost its page tree", async () => {
    const { path: out } = await runTool(server, "repair-pdf", [corpus("unreadablemetadata.pdf")]);
    await expectSound(out);
    expect(await pageCountOf(out)).toBe(3);
  });

  it("drops a document information entry that is really the page tree, without touching the pages", async () => {
    // cmyk-image.pdf points /Info at its page tree; "fixing" that entry's fields would empty the page tree.
    const source = corpus("cmyk-image.pdf");
    const { path, reply } = await runTool(server, "repair-pdf", [source]);
    expect(reply.message).toContain("removed a document information entry that pointed at another part of the document");
    expect(await pageCountOf(path)).toBe(1);
    const images = async (file: string) => (await exec("pdfimages", ["-list", file])).stdout.split("\n").filter((l) => /^\s+1\s+\d+\s+image/.test(l)).length;
    expect(await images(path)).toBe(await images(source));
    expect((await fs.stat(path)).size).toBeGreaterThan(((await fs.stat(source)).size * 9) / 10);
  });

  it("uses Ghostscript first in aggressive mode", async () => {
    const { path: out, reply } = await runTool(server, "repair-pdf", [corpus("minimal-document.pdf")], { repairMode: "aggressive" });
    await expectSound(out);
    expect(reply.message).toMatch(/Repaired with Ghostscript/);
    expect((await pageTexts(out)).join("")).toMatch(/\w{4,}/);
    expect((await pdfinfo(out)).Producer).toMatch(/GPL Ghostscript/);
  });

  it("packs object streams when optimizing, and keeps the file's own structure in conservative mode", async () => {
    const input = await writeTemp("plain.pdf", await plainPdf());
    const optimized = await runTool(server, "repair-pdf", [input]);
    expect((await fs.readFile(optimized.path)).toString("latin1")).toContain("/ObjStm");
    expect(optimized.reply.message).toMatch(/Size: /);
    const conservative = await runTool(server, "repair-pdf", [input], { repairMode: "conservative" });
    expect((await fs.readFile(conservative.path)).toString("latin1")).not.toContain("/ObjStm");
    await expectSound(conservative.path);
  });

  it("linearizes and writes the PDF version asked for", async () => {
    const { path: out, reply } = await runTool(server, "repair-pdf", [corpus("pdflatex-outline.pdf")], { linearize: true, saveAsVersion: "1.4" });
    const info = await pdfinfo(out);
    expect(info.Optimized).toBe("yes");
    expect(info["PDF version"]).toBe("1.4");
    await exec("qpdf", ["--check-linearization", out]);
    expect(reply.message).toMatch(/Linearized for fast web view\. Saved as PDF 1\.4\./);
  });

  it("removes JavaScript, embedded files and actions when sanitizing, and only then", async () => {
    const doc = await PDFDocument.load(await makeNumberedPdf(1));
    doc.addJavaScript("greeting", "app.alert('hello');");
    await doc.attach(Buffer.from("secret"), "note.txt", { mimeType: "text/plain" });
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
    const input = await writeTemp("active.pdf", await doc.save());
    const kept = await runTool(server, "repair-pdf", [input]);
    expect((await pdfinfo(kept.path)).JavaScript).toBe("yes");
    expect((await exec("pdfdetach", ["-list", kept.path])).stdout).toMatch(/^1 embedded files/);
    const { path: out, reply } = await runTool(server, "repair-pdf", [input], { sanitize: true });
    expect((await pdfinfo(out)).JavaScript).toBe("no");
    expect((await exec("pdfdetach", ["-list", out])).stdout).toMatch(/^0 embedded files/);
    expect(reply.message).toMatch(/removed 1 script, 1 embedded file and 1 action/);
    await expectSound(out);
  });

  it("fixes unreadable metadata and a missing form field list only when asked", async () => {
    const doc = await PDFDocument.load(await makeNumberedPdf(1));
    // A number where a text string belongs: readers cannot show it and some choke on it.
    const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
    info.set(PDFName.of("Title"), PDFNumber.of(42));
    doc.catalog.set(PDFName.of("AcroForm"), doc.context.obj({ NeedAppearances: true }));
    const input = await writeTemp("odd.pdf", await doc.save());
    const fixed = await runTool(server, "repair-pdf", [input]);
    expect(fixed.reply.message).toMatch(/removed 1 unreadable metadata field \(Title\); rebuilt the missing list of form fields/);
    const { stderr } = await exec("pdftoppm", ["-r", "10", "-f", "1", "-l", "1", fixed.path, `${fixed.path}-render`]);
    expect(stderr).not.toMatch(/Fields/);
    const untouched = await runTool(server, "repair-pdf", [input], { fixMetadata: false, fixFormFields: false });
    expect(untouched.reply.message).not.toMatch(/unreadable metadata|form fields/);
    const { stdout } = await exec("qpdf", ["--show-object=trailer", untouched.path]);
    const infoRef = /\/Info (\d+) 0 R/.exec(stdout)![1]!;
    expect((await exec("qpdf", [`--show-object=${infoRef}`, untouched.path])).stdout).toMatch(/\/Title 42/);
  });

  it("reports what a truncated file lost instead of announcing success", async () => {
    // Ten pages as producers often write them: page objects first, then their content, and the last two pages'
    // objects at the very end. Cut before the sixth page's content, as an interrupted download would.
    const lines = (p: number) => Array.from({ length: 30 }, (_, i) => `(Page ${p} line ${i} of the report) '`).join("\n");
    const content = (p: number) => `BT /F1 11 Tf 50 780 Td 14 TL\n${lines(p)}\nET`;
    const page = (contentObject: number) =>
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 11 0 R >> >> /Contents ${contentObject} 0 R >>`;
    const kids = [3, 4, 5, 6, 7, 8, 9, 10, 22, 23].map((n) => `${n} 0 R`).join(" ");
    const whole = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Type /Pages /Kids [${kids}] /Count 10 >>`,
      ...Array.from({ length: 8 }, (_, i) => page(12 + i)),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ...Array.from({ length: 10 }, (_, i) => `<< /Length ${content(i + 1).length} >>\nstream\n${content(i + 1)}\nendstream`),
      page(20),
      page(21),
    ]);
    const input = await writeTemp("cut-short.pdf", whole.subarray(0, whole.indexOf("17 0 obj")));
    const { path: out, reply } = await runTool(server, "repair-pdf", [input]);
    await expectSound(out);
    const texts = await pageTexts(out);
    // What came back, by an independent reader: five pages with their text, the rest without any.
    expect(texts.slice(0, 5).every((t, i) => t.includes(`Page ${i + 1} line 29`))).toBe(true);
    expect(texts.slice(5).join("").trim()).toBe("");
    expect(await pageCountOf(out)).toBe(8);
    expect(reply.warning).toMatch(/8 of the 10 pages the file declares were recovered; 3 pages lost their content and come out blank \(pages 6-8\)/);
    expect(reply.message).toMatch(/^Only partly repaired: /);
    expect(reply.message).not.toMatch(/No structural damage/);
  });

  it("names the pages whose fonts or pictures were cut off, though every page came back", async () => {
    // Three pages whose content survives; the second page's font descriptor and the third page's picture were
    // written last and are cut off.
    const text = (words: string, font: string) => `BT /${font} 14 Tf 60 700 Td (${words}) Tj ET`;
    const streams = [text("First page keeps its words", "F1"), text("Second page lost its font", "F2"), `${text("Third page lost its picture", "F1")}\nq 100 0 0 100 60 500 cm /Im1 Do Q`];
    const page = (content: number, resources: string) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << ${resources} >> /Contents ${content} 0 R >>`;
    const whole = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
      page(6, "/Font << /F1 9 0 R >>"),
      page(7, "/Font << /F2 10 0 R >>"),
      page(8, "/Font << /F1 9 0 R >> /XObject << /Im1 12 0 R >>"),
      ...streams.map((s) => `<< /Length ${s.length} >>\nstream\n${s}\nendstream`),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Type /Font /Subtype /TrueType /BaseFont /LostFont /FirstChar 32 /LastChar 126 /FontDescriptor 11 0 R >>",
      "<< /Type /FontDescriptor /FontName /LostFont /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>",
      "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\u0000\nendstream",
    ]);
    const input = await writeTemp("fonts-and-pictures-cut.pdf", whole.subarray(0, whole.indexOf("11 0 obj")));
    const { path: out, reply } = await runTool(server, "repair-pdf", [input]);
    await expectSound(out);
    expect(await pageCountOf(out)).toBe(3);
    expect((await pageTexts(out))[0]).toContain("First page keeps its words");
    expect(reply.warning).toContain("text on one page uses fonts that were lost and shows in a substitute font or not at all (page 2)");
    expect(reply.warning).toContain("pictures were lost on page 3");
    expect(reply.warning).not.toMatch(/pages the file declares/);
    expect(reply.message).toMatch(/^Only partly repaired: /);
  });

  it("refuses encrypted and hopeless files with a sentence", async () => {
    const encrypted = await postTool(server, "repair-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(encrypted.status).toBe(422);
    expect(encrypted.body.error).toMatch(/password-protected/);
    const junk = await postTool(server, "repair-pdf", [{ name: "junk.pdf", data: "%PDF-1.4\n" + "nothing here ".repeat(50) }]);
    expect(junk.status).toBe(422);
    expect(junk.body.error).toMatch(/could not be repaired/);
  });
});
