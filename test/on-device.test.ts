import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ON_DEVICE_TOOLS } from "../catalog/on-device.js";
import { DEVICE_OPERATIONS, ENGINE_FIRST_NEEDED } from "../pdf-ops/device/operations.js";
import { named, runOnDevice, runOnServer, type Fields, type Named } from "./helpers/both-paths.js";
import type { DeviceOutput } from "../pdf-ops/device/operation.js";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeFormPdf } from "./helpers/form-pdf.js";
import { PDFDocument } from "@cantoo/pdf-lib";
import { formFieldNames, linkCount, makeNumberedPdf, outlineTitles, pageTexts, pdfinfo, qpdfCheck, renderGray, rotationsOf, tempDir } from "./helpers/pdf-tools.js";
import { startServer, type TestServer } from "./helpers/server.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { annotationsOf } from "./helpers/read-annotations.js";
import { makePng } from "./helpers/png.js";
import { inEnglish } from "../server/i18n/i18n.js";
import { firstAndOneInTurn, oneInTurn } from "./helpers/sweep-turn.js";

/**
 * Each tool that runs in the browser, run both ways on the same files and fields: through the server's API, and
 * through the browser's code (the same WebAssembly qpdf and mupdf package) in Node.js. The outputs are compared by
 * what independent tools read in them, and the replies by their words.
 *
 * Where a tool has several sets of options, each run takes its defaults and one other set, in turn (which one
 * changes from day to day: helpers/sweep-turn.ts), so that every operation and every kind of option is run both
 * ways on every run, and every set on the runs of a few days.
 */

const exec = promisify(execFile);

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = await tempDir();
});
afterAll(async () => server.close());

const onServer = (tool: string, files: readonly Named[], fields: Fields) => runOnServer(server, tool, files, fields);
const onDevice = runOnDevice;

/** What the checks read in a PDF, with poppler and qpdf; a file they cannot read is named with its side. */
async function describePdf(output: DeviceOutput | Named, side: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await fs.writeFile(file, output.data);
  const info = await Promise.all([qpdfCheck(file), pdfinfo(file)]).then(
    ([, info]) => info,
    (err: unknown) => {
      throw new Error(`${side}'s ${output.name} (${output.data.length} bytes) cannot be read`, { cause: err });
    },
  );
  return {
    name: output.name,
    pages: Number(info.Pages),
    encrypted: info.Encrypted,
    rotations: await rotationsOf(file),
    texts: (await pageTexts(file)).map((t) => t.trim()),
    bookmarks: await outlineTitles(file),
    links: await linkCount(file),
    fields: (await formFieldNames(file)).sort(),
    title: info.Title,
  };
}

async function expectSameResults(tool: string, files: readonly Named[], fields: Fields = {}) {
  return (await compareResults(tool, files, fields)).device;
}

/** expectSameResults, with the server's outputs for further comparison. */
async function compareResults(tool: string, files: readonly Named[], fields: Fields) {
  const server = await onServer(tool, files, fields);
  expect(server.reply.status, server.reply.body.error).toBe(200);
  const device = await onDevice(tool, files, fields);
  expect(inEnglish(device.message)).toBe(server.reply.body.message);
  expect(device.files.length > 1 ? device.zipName : device.files[0]!.name).toBe(server.reply.body.filename);
  const describeAll = (outputs: ReadonlyArray<DeviceOutput | Named>, side: string) => Promise.all(outputs.map((output) => describePdf(output, side)));
  expect(await describeAll(device.files, "the device")).toEqual(await describeAll(server.outputs, "the server"));
  expect(await describeAll(device.extraction?.files ?? [], "the device")).toEqual(await describeAll(server.extracted, "the server"));
  return { device, server };
}

/** Two pages, in a page tree that says it holds five: the server rebuilds such a tree before working on it. */
function miscountedPdf(): Named {
  const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>";
  return { name: "miscounted.pdf", data: new Uint8Array(rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 >>", page, page])) };
}

async function expectSameRefusal(tool: string, files: readonly Named[], fields: Fields = {}) {
  const server = await onServer(tool, files, fields);
  expect(server.reply.status).toBeGreaterThanOrEqual(400);
  await expect(onDevice(tool, files, fields)).rejects.toThrow(server.reply.body.error!);
}

/** One page with nothing on it: no text layer, as a scan has none. */
async function makeBlankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return doc.save();
}

let ten: Named;
let outlined: Named;
beforeAll(async () => {
  ten = { name: "ten.pdf", data: await makeNumberedPdf(10) };
  outlined = await named(corpus("pdflatex-outline.pdf"));
});

describe("the tools that run on the device", () => {
  it("are the catalogue's list, each with its operation", () => {
    expect(Object.keys(DEVICE_OPERATIONS).sort()).toEqual([...ON_DEVICE_TOOLS].sort());
  });

  it("each say which engine the worker loads for them before their run", () => {
    expect(Object.keys(ENGINE_FIRST_NEEDED).sort()).toEqual([...ON_DEVICE_TOOLS].sort());
  });
});

describe("merge-pdf on the device and on the server", () => {
  it("gives the same pages, bookmarks and sentence", async () => {
    await expectSameResults("merge-pdf", [await named(corpus("pdflatex-4-pages.pdf")), outlined, ten]);
  });

  it("keeps links and form fields as the server does", async () => {
    const link = await named(corpus("libre-office-link.pdf"));
    const form = { name: "form.pdf", data: await makeFormPdf() };
    const device = await expectSameResults("merge-pdf", [link, form, link, form]);
    const merged = await describePdf(device.files[0]!, "the device");
    expect(merged.links).toBeGreaterThan(0);
    expect(merged.fields.length).toBeGreaterThan(0);
  });

  it("refuses a password-protected file with the server's sentence", async () => {
    await expectSameRefusal("merge-pdf", [ten, await named(corpus(ENCRYPTED_PDF))]);
  });

  it("refuses what is not a PDF with the server's sentence", async () => {
    const broken = { name: "broken.pdf", data: new TextEncoder().encode("%PDF-1.7\nthis is no PDF at all\n") };
    const server = await onServer("merge-pdf", [ten, broken], {});
    expect(server.reply.status).toBe(422);
    await expect(onDevice("merge-pdf", [ten, broken], {})).rejects.toThrow(server.reply.body.error!);
  });

  it("hands a page tree that miscounts its pages to the server, which rebuilds it", async () => {
    const miscounted = miscountedPdf();
    const server = await onServer("merge-pdf", [ten, miscounted], {});
    expect(server.reply.status).toBe(200);
    await expect(onDevice("merge-pdf", [ten, miscounted], {})).rejects.toMatchObject({ code: "needs_repair", text: { values: { name: "miscounted.pdf" } } });
  });
});

describe("split-pdf on the device and on the server", () => {
  it.each(
    firstAndOneInTurn([
      [{}],
      [{ splitMode: "every-n", pagesPerFile: 3 }],
      [{ splitMode: "ranges", ranges: "1-3, 4-z" }],
      [{ splitMode: "selected", pages: "2,5-6" }],
    ]),
  )("gives the same parts with %j", async (fields) => {
    await expectSameResults("split-pdf", [ten], fields);
  });

  it("refuses a range outside the document with the server's sentence", async () => {
    await expectSameRefusal("split-pdf", [ten], { splitMode: "ranges", ranges: "4-12" });
  });

  // Splitting into groups takes one qpdf run that checks the page tree as it goes, as turning every page does.
  it("refuses a password-protected file with the server's sentence", async () => {
    await expectSameRefusal("split-pdf", [await named(corpus(ENCRYPTED_PDF))]);
  });

  it("hands a page tree that miscounts its pages to the server", async () => {
    const miscounted = miscountedPdf();
    await expect(onDevice("split-pdf", [miscounted], { splitMode: "every-n", pagesPerFile: 2 })).rejects.toMatchObject({ code: "needs_repair", text: { values: { name: "miscounted.pdf" } } });
  });
});

describe("rotate-pdf on the device and on the server", () => {
  it.each(firstAndOneInTurn([[{}], [{ angle: 180, pages: "1-2,last" }], [{ angle: 270, pages: "3" }]]))("turns the same pages with %j", async (fields) => {
    await expectSameResults("rotate-pdf", [ten], fields);
    await expectSameResults("rotate-pdf", [await named(corpus("pdflatex-4-pages.pdf"))], fields);
  });

  // Turning every page takes one qpdf run that checks the page tree as it goes; what it warns about or fails on is
  // opened the careful way, and answered as the server answers it.
  it("refuses a password-protected file with the server's sentence", async () => {
    await expectSameRefusal("rotate-pdf", [await named(corpus(ENCRYPTED_PDF))]);
  });

  it("hands a page tree that miscounts its pages to the server", async () => {
    const miscounted = miscountedPdf();
    await expect(onDevice("rotate-pdf", [miscounted], {})).rejects.toMatchObject({ code: "needs_repair", text: { values: { name: "miscounted.pdf" } } });
  });
});

describe("delete-pages on the device and on the server", () => {
  it("keeps the bookmarks of the remaining pages", async () => {
    await expectSameResults("delete-pages", [outlined], { pages: "2" });
  });

  it("drops bookmarks and metadata and adds the backup when asked", async () => {
    await expectSameResults("delete-pages", [outlined], { pages: "1", keepBookmarks: false, preserveMetadata: false, createBackup: true, optimizePdf: true });
  });

  it("refuses to delete every page with the server's sentence", async () => {
    await expectSameRefusal("delete-pages", [ten], { pages: "1-z" });
  });
});

describe("organize-pdf on the device and on the server", () => {
  it("reorders, turns, deletes and extracts the same pages", async () => {
    await expectSameResults("organize-pdf", [ten], {
      pageOrder: [9, 0, 4],
      pagesToDelete: [2],
      pageRotations: { "9": 90, "4": -90, "0": 180 },
      pagesToExtract: [4, 9],
    });
  });

  it("refuses a page index outside the document with the server's sentence", async () => {
    await expectSameRefusal("organize-pdf", [ten], { pageOrder: [10] });
  });
});

describe("protect-pdf on the device and on the server", () => {
  it.each(
    firstAndOneInTurn([
      [{ userPassword: "open sesame" }],
      [{ userPassword: "-starts with a dash", ownerPassword: "owner", encryptionLevel: 128, encryptionAlgorithm: "rc4", permissions: { printing: false, copying: false } }],
      [{ userPassword: "x", encryptionLevel: 128, permissions: { annotating: false }, advancedOptions: { encryptMetadata: false, pdfVersion: "1.7" } }],
    ]),
  )("encrypts with the same strength and permissions, %j", async (fields) => {
    const server = await onServer("protect-pdf", [ten], fields);
    expect(server.reply.status, server.reply.body.error).toBe(200);
    const device = await onDevice("protect-pdf", [ten], fields);
    expect(inEnglish(device.message)).toBe(server.reply.body.message);
    expect(device.files[0]!.name).toBe(server.reply.body.filename);
    const shown = async (data: Uint8Array) => {
      const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
      await fs.writeFile(file, data);
      const password = String((fields as { userPassword: string }).userPassword);
      const { stdout } = await exec("qpdf", [`--password=${password}`, "--show-encryption", file]);
      // The keys differ from file to file; the cipher, revision and permissions must not.
      return stdout.split("\n").filter((line) => !/key|^User password|^Supplied/.test(line));
    };
    expect(await shown(device.files[0]!.data)).toEqual(await shown(server.outputs[0]!.data));
  });
});

describe("unlock-pdf on the device and on the server", () => {
  /** `ten` encrypted by qpdf with the given --encrypt arguments. */
  async function encrypted(args: string[]): Promise<Named> {
    const source = path.join(dir, `plain-${Math.random().toString(36).slice(2)}.pdf`);
    const out = `${source}.enc.pdf`;
    await fs.writeFile(source, ten.data);
    await exec("qpdf", ["--encrypt", ...args, "--", source, out]);
    return named(out, "locked.pdf");
  }

  it("removes the corpus file's encryption with its user password and with its owner password", async () => {
    const file = await named(corpus(ENCRYPTED_PDF));
    for (const userPassword of ["openpassword", "permissionpassword"]) await expectSameResults("unlock-pdf", [file], { userPassword });
  });

  it("keeps or lifts restrictions and metadata as asked", async () => {
    const restricted = await encrypted(["user-pw", "owner-pw", "256", "--print=none", "--modify=none"]);
    await expectSameResults("unlock-pdf", [restricted], { userPassword: "owner-pw", unlockOptions: { removeRestrictions: false } });
    await expectSameResults("unlock-pdf", [restricted], { userPassword: "user-pw", unlockOptions: { preserveMetadata: false, forceDecode: true } });
    const ownerOnly = await encrypted(["", "owner-only", "128", "--use-aes=y", "--print=none"]);
    await expectSameResults("unlock-pdf", [ownerOnly], { userPassword: "not the owner password" });
    await expectSameRefusal("unlock-pdf", [ownerOnly], { userPassword: "not the owner password", unlockOptions: { removeRestrictions: false } });
  });

  it("refuses a wrong password and gives a plain file back unchanged, as the server does", async () => {
    await expectSameRefusal("unlock-pdf", [await named(corpus(ENCRYPTED_PDF))], { userPassword: "guess" });
    const device = await expectSameResults("unlock-pdf", [ten], { userPassword: "anything" });
    expect(device.files[0]!.data).toEqual(ten.data);
  });
});

describe("extract-text on the device and on the server", () => {
  const textOf = (data: Uint8Array) => new TextDecoder().decode(data);

  it.each([[{}], [{ preserveFormatting: true, pageRange: "last, 1" }]])("reads the same text with %j", async (fields) => {
    for (const input of [await named(corpus("multicolumn.pdf")), await named(corpus("habibi.pdf")), ten]) {
      const server = await onServer("extract-text", [input], fields);
      expect(server.reply.status, server.reply.body.error).toBe(200);
      const device = await onDevice("extract-text", [input], fields);
      expect(inEnglish(device.message)).toBe(server.reply.body.message);
      expect(device.files[0]!.name).toBe(server.reply.body.filename);
      expect(textOf(device.files[0]!.data)).toBe(textOf(server.outputs[0]!.data));
    }
  });

  it("refuses a scan without OCR as the server does, and hands a scan with OCR back to the server", async () => {
    const blank = { name: "blank.pdf", data: await makeBlankPdf() };
    await expectSameRefusal("extract-text", [blank], { ocrEnabled: false });
    await expect(onDevice("extract-text", [blank], {})).rejects.toThrow(/runs on our server/);
  });
});

/** Both outputs drawn page by page by pdftoppm: a stamp must land in the same place, at the same size and shade. */
async function expectSameRendering(device: DeviceOutput, server: Named) {
  const written = async (output: DeviceOutput | Named) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await fs.writeFile(file, output.data);
    return file;
  };
  const [a, b] = [await written(device), await written(server)];
  const pages = Number((await pdfinfo(a)).Pages);
  for (let page = 1; page <= pages; page++) {
    const [x, y] = await Promise.all([renderGray(a, page), renderGray(b, page)]);
    expect([x.width, x.height]).toEqual([y.width, y.height]);
    expect(Buffer.compare(x.pixels, y.pixels), `page ${page}`).toBe(0);
  }
}

/** `ten` with its first pages turned, so that stamps must follow the visible page. */
async function tenTurned(): Promise<Named> {
  const source = path.join(dir, "ten-source.pdf");
  const out = path.join(dir, "ten-turned.pdf");
  await fs.writeFile(source, ten.data);
  await exec("qpdf", ["--rotate=+90:1-3", source, out]);
  return named(out, "turned.pdf");
}

async function expectSameStamps(tool: string, files: readonly Named[], fields: Fields) {
  const { device, server } = await compareResults(tool, files, fields);
  await expectSameRendering(device.files[0]!, server.outputs[0]!);
  return device;
}

describe("add-watermark on the device and on the server", () => {
  it.each(
    firstAndOneInTurn([
      [{}],
      [{ position: "tiled", rotation: 0, pages: "2-3,last", fontColor: "#c00000", opacity: 80, fontSize: 30 }],
      [{ watermarkText: "Черновик № 7", position: "top-right", rotation: -30 }],
    ]),
  )("stamps the same pages the same way with %j", async (fields) => {
    await expectSameStamps("add-watermark", [await tenTurned()], fields);
  });

  it("lays level text over the chosen pages only", async () => {
    const device = await expectSameStamps("add-watermark", [ten], { watermarkText: "Entwurf № 7", rotation: 0, pages: "2" });
    const texts = (await describePdf(device.files[0]!, "the device")).texts;
    expect(texts.map((t) => t.includes("Entwurf № 7"))).toEqual(texts.map((_, i) => i === 1));
  });

  it("refuses pages outside the document with the server's sentence", async () => {
    await expectSameRefusal("add-watermark", [ten], { pages: "4-12" });
  });
});

describe("add-page-numbers on the device and on the server", () => {
  it.each(
    firstAndOneInTurn([
      [{}],
      [{ format: "Page {n} of {total}", position: "top-right", startNumber: 5, excludePages: "3", skipFirstPage: true, fontColor: "#0000ff", margin: 20 }],
      [{ format: "{n}/{total}", position: "bottom-left", pageRange: "2-8", prefix: "№ ", suffix: " –", fontSize: 20 }],
    ]),
  )("numbers the same pages the same way with %j", async (fields) => {
    await expectSameStamps("add-page-numbers", [await tenTurned()], fields);
  });

  it("gives the file back as it was where nothing is to be numbered, as the server does", async () => {
    const device = await expectSameResults("add-page-numbers", [ten], { pageRange: "1", skipFirstPage: true });
    expect(device.files[0]!.data).toEqual(ten.data);
  });

  it("refuses an excluded range outside the document with the server's sentence", async () => {
    await expectSameRefusal("add-page-numbers", [ten], { excludePages: "11" });
  });
});

describe("annotate-pdf on the device and on the server", () => {
  const every = [
    { type: "text", position: { x: 50, y: 60, pageIndex: 0, width: 200, height: 30 }, text: "Grüße, Ünïcode", color: "#ff0000", fontSize: 14, bold: true, italic: true },
    { type: "highlight", position: { x: 60, y: 390, pageIndex: 0, width: 300, height: 30 } },
    { type: "comment", position: { x: 400, y: 100, pageIndex: 1, width: 100, height: 30 }, text: "Check this", title: "Reviewer" },
    { type: "link", position: { x: 70, y: 500, pageIndex: 1, width: 120, height: 20 }, url: "https://example.org/docs" },
    { type: "link", position: { x: 70, y: 540, pageIndex: 1, width: 120, height: 20 }, url: "mailto:someone@example.org", underline: false },
    { type: "shape", shapeType: "circle", position: { x: 300, y: 600, pageIndex: 1, width: 80, height: 80 }, strokeColor: "#00ff00", fillColor: "transparent" },
    { type: "shape", shapeType: "rectangle", position: { x: 100, y: 200, pageIndex: 2, width: 120, height: 60 }, fillColor: "yellow", opacity: 0.5, strokeWidth: 3 },
    { type: "shape", shapeType: "arrow", position: { x: 100, y: 700, pageIndex: 0, width: 150, height: -50 } },
    { type: "strikethrough", position: { x: 60, y: 420, pageIndex: 0, width: 100, height: 12 } },
    { type: "underline", position: { x: 200, y: 420, pageIndex: 0, width: 80, height: 12 }, color: "#0000ff" },
    { type: "draw", position: { x: 0, y: 0, pageIndex: 1, width: 0, height: 0 }, points: [[[100, 100], [150, 140], [200, 100]], [[120, 160], [180, 170]]], color: "blue" },
  ];

  /** Both outputs' annotations as qpdf reads them: kind, page, place, colour, text and address. */
  async function annotationsIn(output: DeviceOutput | Named) {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await fs.writeFile(file, output.data);
    return annotationsOf(file);
  }

  /** `every` moved up into the top 60 % of the page, which a page turned on its side still has. */
  const higher = every.map((a) => ({ ...a, position: { ...a.position, y: a.position.y * 0.6 } }));

  it.each(
    firstAndOneInTurn([
      ["ten.pdf", () => ten, every],
      ["turned.pdf", tenTurned, higher],
      ["the outline corpus file, which has links of its own", () => outlined, every],
    ] as const),
  )("writes the same annotations, drawn the same, into %s", async (_, input, annotations) => {
    const file = await input();
    const { device, server } = await compareResults("annotate-pdf", [file], { annotations });
    const [mine, theirs] = [await annotationsIn(device.files[0]!), await annotationsIn(server.outputs[0]!)];
    // Each link drawn underlined brings a line; the comment's note, its popup.
    expect(mine.length - (await annotationsIn(file)).length).toBe(every.length + 2);
    expect(mine).toEqual(theirs);
    await expectSameRendering(device.files[0]!, server.outputs[0]!);
  });

  it("refuses what the server refuses, with its sentence", async () => {
    const at = (pageIndex: number, x = 10) => ({ x, y: 10, pageIndex, width: 50, height: 20 });
    await expectSameRefusal("annotate-pdf", [ten], { annotations: [{ type: "text", position: at(10) }] });
    await expectSameRefusal("annotate-pdf", [ten], { annotations: [{ type: "text", position: at(0, 900) }] });
    await expectSameRefusal("annotate-pdf", [ten], { annotations: [{ type: "link", position: at(0), url: "javascript:alert(1)" }] });
    await expectSameRefusal("annotate-pdf", [ten], { annotations: [{ type: "shape", position: at(0), strokeColor: "octarine" }] });
    await expectSameRefusal("annotate-pdf", [ten], { annotations: [{ type: "draw", position: at(0), points: [[]] }] });
    await expectSameRefusal("annotate-pdf", [await named(corpus(ENCRYPTED_PDF))], { annotations: [{ type: "text", position: at(0) }] });
  });
});

describe("sign-pdf's drawn, typed and image signatures on the device and on the server", () => {
  const wave = makePng(250, 75, (x, y) => (Math.abs(y - 37 - 25 * Math.sin(x / 20)) < 3 ? 0 : 255));
  const drawing = `data:image/png;base64,${Buffer.from(wave).toString("base64")}`;
  const stripes = { name: "stripes.png", data: new Uint8Array(makePng(120, 40, (x) => (x % 10 < 5 ? 0 : 255))) };

  // A drawn signature and two typed ones on every run, from their lists in turn.
  it.each([
    oneInTurn([
      ["a drawing, on the last page", { drawSignatureData: drawing }],
      ["a blue drawing in a turned page's corner, unlocked, time stamp asked", { drawSignatureData: drawing, signaturePage: 2, signatureX: 90, signatureY: 95, signatureColor: "blue", lockPdfAfterSigning: false, timeStamp: true }],
    ]),
    // The font without a Latin Extended face once failed every Polish name on the server: that case runs every time.
    ...firstAndOneInTurn([
      ["a Polish name in Satisfy, which has no Latin Extended face", { signatureType: "type", typedName: "Łukasz", typedFont: "satisfy" }],
      ["a cursive Polish name with background and no border", { signatureType: "type", typedName: "Łukasz Żółć", typedFont: "sacramento", typedStyle: "cursive", signaturePage: 1, signatureBackground: true, signatureBorder: false }],
      ["a Cyrillic name the script fonts lack, underlined, half opaque", { signatureType: "type", typedName: "Иван Петров", typedStyle: "formal", signatureReason: "", signatureColor: "#a03000", signatureOpacity: 0.5 }],
      ["a name in a box too small for it, with another label and no date", { signatureType: "type", typedName: "Ann", signatureHeight: 20, signatureWidth: 50, signatureLabel: "Unterschrieben von", signatureDate: false }],
    ]),
  ] as Array<[string, Fields]>)("signs the same page the same way: %s", async (_, fields) => {
    await expectSameStamps("sign-pdf", [await tenTurned()], fields);
  });

  it("embeds the same uploaded picture", async () => {
    await expectSameStamps("sign-pdf", [ten], { signatureType: "image", signatureImage: stripes, signatureOpacity: 0.6, signatureX: 10, signatureY: 10 });
  });

  it("refuses what the server refuses, with its sentence", async () => {
    await expectSameRefusal("sign-pdf", [ten], { drawSignatureData: drawing, signaturePage: 11 });
    await expectSameRefusal("sign-pdf", [ten], { drawSignatureData: drawing, visibleSignature: false });
    await expectSameRefusal("sign-pdf", [ten], { signatureType: "image" });
    await expectSameRefusal("sign-pdf", [ten], { signatureType: "type", typedName: " " });
  });

  it("hands a certificate signature to the server", async () => {
    await expect(onDevice("sign-pdf", [ten], { signatureType: "certificate" })).rejects.toMatchObject({ code: "needs_server" });
  });
});
