import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { readEvents, startJob } from "./helpers/jobs.js";
import { makeNumberedPdf, pageCountOf, pageTexts, qpdfCheck, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let mixed: string;
beforeAll(async () => {
  server = await startServer();
  // Pages: 1 text, 2 empty, 3 a speck, 4 a large grey square and no text, 5 text, 6 empty.
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 6; i++) {
    const page = doc.addPage([595, 842]);
    if (i === 1 || i === 5) page.drawText(`Sample page ${i}`, { x: 72, y: 700, size: 24, font });
    if (i === 3) page.drawRectangle({ x: 300, y: 400, width: 2, height: 2, color: rgb(0, 0, 0) });
    if (i === 4) page.drawRectangle({ x: 100, y: 300, width: 200, height: 200, color: rgb(0.4, 0.4, 0.4) });
  }
  mixed = await writeTemp("mixed.pdf", await doc.save());
});
afterAll(async () => server.close());

describe("remove-blank-pages", () => {
  it("removes pages with no text and nothing beyond the tolerance marked, and names them", async () => {
    const { path, reply } = await runTool(server, "remove-blank-pages", [mixed]);
    await qpdfCheck(path);
    expect(await pageCountOf(path)).toBe(3);
    expect((await pageTexts(path)).map((t) => t.trim())).toEqual(["Sample page 1", "", "Sample page 5"]);
    expect(reply.message).toBe("Removed 3 blank pages (pages 2-3,6); 3 remain.");
  });

  it("counts a larger mark as blank with a larger tolerance", async () => {
    const { path, reply } = await runTool(server, "remove-blank-pages", [mixed], { threshold: 10 });
    expect((await pageTexts(path)).map((t) => t.trim())).toEqual(["Sample page 1", "Sample page 5"]);
    expect(reply.message).toBe("Removed 4 blank pages (pages 2-4,6); 2 remain.");
  });

  it("says so when nothing is blank, refuses to empty a document, and answers bad input", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const empty = await writeTemp("empty.pdf", await doc.save());
    const all = await postTool(server, "remove-blank-pages", [empty]);
    expect(all.status).toBe(422);
    expect(all.body.error).toBe("Every page of this document is blank: removing them would leave nothing.");
    const none = await runTool(server, "remove-blank-pages", [corpus("minimal-document.pdf")]);
    expect(none.reply.message).toBe("No blank pages were found; the document is unchanged.");
    const bad = await postTool(server, "remove-blank-pages", [mixed], { threshold: 50 });
    expect(bad.status).toBe(400);
    const locked = await postTool(server, "remove-blank-pages", [corpus(ENCRYPTED_PDF)]);
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
  });

  it("reports real progress through the jobs API, page by page", async () => {
    const long = await writeTemp("long.pdf", await makeNumberedPdf(60));
    const started = await startJob(server, "remove-blank-pages", long, { threshold: "0.5" });
    expect(started.status).toBe(202);
    const events = await readEvents(server, started.body.jobId);
    expect(events.at(-1)).toMatchObject({ state: "succeeded", progress: 1 });
    expect(events.filter((e) => e.progress > 0 && e.progress < 1).length).toBeGreaterThan(3);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
