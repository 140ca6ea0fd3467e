import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { PDFDocument, PDFName, type PDFObject, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { pdfinfo, pdftotext, qpdfCheck, writeTemp } from "./helpers/pdf-tools.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);
let server: TestServer;
let risky: string;

/**
 * A page with text and every kind of thing Sanitize removes: a script on opening, a document script, a page
 * script, a link that launches a program, a link that submits a form, a web link, an attachment, a file
 * attachment note, document information and XMP.
 */
async function makeRiskyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Secret title");
  const page = doc.addPage([300, 300]);
  page.drawText("Visible text", { x: 20, y: 250, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  const ctx = doc.context;
  const js = (code: string) => ctx.obj({ S: "JavaScript", JS: PDFString.of(code) });
  doc.catalog.set(PDFName.of("OpenAction"), ctx.register(js("app.alert('open')")));
  doc.catalog.set(PDFName.of("Metadata"), ctx.register(ctx.stream("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>", { Type: "Metadata", Subtype: "XML" })));
  const file = (name: string, text: string) =>
    ctx.obj({ Type: "Filespec", F: PDFString.of(name), EF: { F: ctx.register(ctx.stream(text, { Type: "EmbeddedFile" })) } });
  doc.catalog.set(
    PDFName.of("Names"),
    ctx.obj({
      JavaScript: { Names: [PDFString.of("init"), ctx.register(js("app.alert('doc')"))] },
      EmbeddedFiles: { Names: [PDFString.of("secret.txt"), ctx.register(file("secret.txt", "attached secret"))] },
    }),
  );
  page.node.set(PDFName.of("AA"), ctx.obj({ O: js("app.alert('page')") }));
  const link = (rect: number[], action: PDFObject) => ctx.register(ctx.obj({ Type: "Annot", Subtype: "Link", Rect: rect, A: action }));
  const attachment = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "FileAttachment",
      Rect: [250, 250, 270, 270],
      FS: file("note.txt", "note secret"),
    }),
  );
  page.node.set(
    PDFName.of("Annots"),
    ctx.obj([
      link([10, 10, 50, 50], ctx.obj({ S: "Launch", F: PDFString.of("calc.exe") })),
      link([60, 10, 100, 50], ctx.obj({ S: "SubmitForm", F: { FS: "URL", F: PDFString.of("https://example.invalid/submit") } })),
      link([110, 10, 150, 50], ctx.obj({ S: "URI", URI: PDFString.of("https://example.invalid/") })),
      attachment,
    ]),
  );
  return doc.save();
}

/** Every object of the file and its trailer as qpdf reads them, as one JSON text to search. */
async function allObjects(file: string): Promise<string> {
  const { stdout } = await exec("qpdf", ["--json", "--json-key=qpdf", file], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.stringify((JSON.parse(stdout) as { qpdf: unknown[] }).qpdf[1]);
}

beforeAll(async () => {
  server = await startServer();
  risky = await writeTemp("risky.pdf", await makeRiskyPdf());
});
afterAll(async () => server.close());

describe("sanitize-pdf", () => {
  it("removes scripts, risky actions, attachments and metadata, keeping the page and web links", async () => {
    const before = await allObjects(risky);
    for (const key of ['"/JavaScript"', '"/Launch"', '"/SubmitForm"', '"/EmbeddedFiles"', '"/FileAttachment"', '"/AA"', '"/OpenAction"', '"/Metadata"', '"/Info"']) {
      expect(before, key).toContain(key);
    }
    const { path, reply } = await runTool(server, "sanitize-pdf", [risky]);
    await qpdfCheck(path);
    const after = await allObjects(path);
    for (const key of ['"/JavaScript"', '"/JS"', '"/Launch"', '"/SubmitForm"', '"/EmbeddedFiles"', '"/EmbeddedFile"', '"/FileAttachment"', '"/AA"', '"/OpenAction"', '"/Metadata"', '"/Info"']) {
      expect(after, key).not.toContain(key);
    }
    expect(after).not.toContain("secret");
    expect(after).toContain('"/URI"');
    expect((await pdfinfo(path)).JavaScript).toBe("no");
    expect(await pdftotext(path)).toContain("Visible text");
    expect(reply.message).toBe("Removed 2 scripts, 2 automatic or launching actions, 1 form submit action, 2 embedded files, 2 metadata entries.");
  });

  it("removes only what is chosen, links included when asked", async () => {
    const { path, reply } = await runTool(server, "sanitize-pdf", [risky], {
      removeJavaScript: false,
      removeActions: false,
      removeFormSubmit: false,
      removeEmbeddedFiles: false,
      removeMetadata: false,
      removeLinks: true,
    });
    const after = await allObjects(path);
    expect(after).not.toContain('"/Link"');
    expect(after).not.toContain('"/URI"');
    for (const key of ['"/JavaScript"', '"/EmbeddedFiles"', '"/OpenAction"', '"/Metadata"', '"/Info"']) expect(after, key).toContain(key);
    expect(reply.message).toBe("Removed 3 links.");
  });

  it("asks for something to remove, and refuses locked files", async () => {
    const none = await postTool(server, "sanitize-pdf", [risky], {
      removeJavaScript: false,
      removeActions: false,
      removeFormSubmit: false,
      removeEmbeddedFiles: false,
      removeMetadata: false,
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain("Please choose at least one thing to remove.");
    const locked = await postTool(server, "sanitize-pdf", [corpus(ENCRYPTED_PDF)]);
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
  });
});
