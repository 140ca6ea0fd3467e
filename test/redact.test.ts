import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { readEvents, startJob } from "./helpers/jobs.js";
import { formFieldNames, pageTexts, pdfinfo, pdftotext, qpdfCheck, renderGray, tempDir, wordBoxes, writeTemp } from "./helpers/pdf-tools.js";
import { annotationsOf } from "./helpers/read-annotations.js";
import { rawPdf } from "./helpers/raw-pdf.js";
import { download, postForm, postTool, runTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);
let server: TestServer;
let letter: string;
let marked: string;
let runsOfA: string;
let turned: string;
let tagged: string;

/**
 * A text line in Helvetica with WinAnsi encoding, written as a literal string: the words stand in the content
 * stream as plain ASCII, so a raw search of the decompressed file finds them exactly where they are.
 */
const line = (x: number, y: number, text: string, size = 12) => `BT /F1 ${size} Tf ${x} ${y} Td (${text}) Tj ET`;

const stream = (content: string | Buffer, dict = "") => {
  const data = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  return `<< ${dict} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`;
};

/** A grey 64 × 64 checkerboard, stored uncompressed, drawn 160 points square. */
function checkerboard(): Buffer {
  const pixels = Buffer.alloc(64 * 64);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) pixels[y * 64 + x] = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 60 : 200;
  return pixels;
}

/**
 * Page 1: a letter with personal data, valid and invalid card numbers and IBANs, a digit run, dates, a name broken
 * over two lines and words split into kerned spans; a form XObject holds more words. Page 2: a secret word, and a
 * picture with a caption. Title and XMP name the secret too.
 */
function makeLetter(): Buffer {
  const page1 = [
    line(50, 780, "Dear Mr Oakfield, about project SWORDFISH:"),
    line(50, 760, "Write to jane.doe@example.com or call +49 30 1234567 today."),
    line(50, 740, "Pay to IBAN DE89 3704 0044 0532 0130 00 by Friday."),
    line(50, 720, "Not an IBAN: DE89 3704 0044 0532 0130 01 (check fails)."),
    line(50, 700, "Card 4111 1111 1111 1111 expires soon."),
    line(50, 680, "Mistyped card 4111 1111 1111 1112 stays."),
    line(50, 660, "Order number 4929123456789012 and dates 2024-05-01, 01.05.2024."),
    line(50, 640, "Signed by Jonathan"),
    line(50, 626, "Oakfield-Smythe, apollonian scholar."),
    "BT /F1 12 Tf 50 600 Td [(Kerned: AB) -30 (CD) 40 (EF end)] TJ ET",
    "/Fm1 Do",
  ].join("\n");
  const form = line(50, 560, "Inside a form: codename SWORDFISH here.");
  const page2 = [line(50, 780, "Second page repeats SWORDFISH once."), "q 160 0 0 160 100 400 cm /Im1 Do Q", line(100, 380, "Caption under the picture.")].join("\n");
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">SWORDFISH plans</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const pdf = rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /Metadata 9 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Fm1 8 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream(page1),
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 7 0 R >> >> /Contents 10 0 R >>",
    stream(checkerboard(), "/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8"),
    stream(form, "/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >>"),
    stream(xmp, "/Type /Metadata /Subtype /XML"),
    stream(page2),
    "<< /Title (SWORDFISH plans) /Author (Jane Doe) >>",
  ]);
  return Buffer.from(pdf.toString("latin1").replace("/Root 1 0 R >>", "/Root 1 0 R /Info 11 0 R >>"), "latin1");
}

/**
 * A page with words in its content, and over the right half a text box, a form field and a link, all of whose words
 * and address hold secrets; a sticky note elsewhere whose comment holds an address; a bookmark naming the secret.
 */
function makeMarked(): Buffer {
  const content = [line(50, 780, "Visible line stays."), line(50, 700, "Under the box: TOPSECRET here.")].join("\n");
  const appearance = (text: string) => stream(`BT /F1 12 Tf 4 6 Td (${text}) Tj ET`, "/Type /XObject /Subtype /Form /BBox [0 0 200 30] /Resources << /Font << /F1 4 0 R >> >>");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [8 0 R] /DA (/F1 12 Tf 0 g) /DR << /Font << /F1 4 0 R >> >> >> /Outlines 13 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R 8 0 R 10 0 R 11 0 R 12 0 R] >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream(content),
    "<< /Type /Annot /Subtype /FreeText /Rect [300 650 500 680] /Contents (ANNOTSECRET) /DA (/F1 12 Tf 0 g) /F 4 /AP << /N 7 0 R >> >>",
    appearance("ANNOTSECRET"),
    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (code) /V (FIELDSECRET) /Rect [300 600 500 630] /DA (/F1 12 Tf 0 g) /F 4 /P 3 0 R /AP << /N 9 0 R >> >>",
    appearance("FIELDSECRET"),
    "<< /Type /Annot /Subtype /Link /Rect [300 550 500 570] /A << /S /URI /URI (mailto:agent@example.com) >> >>",
    "<< /Type /Annot /Subtype /Text /Rect [50 500 70 520] /Contents (Call agent@example.com) /Popup 12 0 R >>",
    "<< /Type /Annot /Subtype /Popup /Rect [80 450 280 520] /Parent 11 0 R >>",
    "<< /Type /Outlines /First 14 0 R /Last 14 0 R /Count 1 >>",
    "<< /Title (TOPSECRET chapter) /Parent 13 0 R /Dest [3 0 R /Fit] >>",
  ]);
}

/** Lines of "a" ending in "!", on which /(a+)+$/m backtracks without end, and one of "a" alone. */
function makeRunsOfA(): Buffer {
  const lines = Array.from({ length: 20 }, (_, i) => line(20, 800 - i * 10, `${"a".repeat(120)}!`, 4));
  lines.push(line(20, 580, "a".repeat(120), 4));
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream(lines.join("\n")),
  ]);
}

/** A 600 × 400 page shown turned a quarter clockwise, with two words far apart. */
function makeTurned(): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Rotate 90 /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream([line(60, 300, "Turned", 20), line(400, 80, "Other", 20)].join("\n")),
  ]);
}

/**
 * Tagged text: the words drawn, the same words as the marked content's ActualText (what extraction reads), and a
 * structure element whose alternate description names them.
 */
function makeTagged(): Buffer {
  const content = [
    "/Span << /ActualText (Agent ORCHID reports) >> BDC",
    line(50, 780, "Agent ORCHID reports"),
    "EMC",
    line(50, 740, "Plain words stay."),
  ].join("\n");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 6 0 R /MarkInfo << /Marked true >> >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream(content),
    "<< /Type /StructTreeRoot /K [7 0 R] >>",
    "<< /Type /StructElem /S /Figure /P 6 0 R /Alt (Photo of agent ORCHID) /K [] >>",
  ]);
}

/** The first channel of the one image on a page, as pdfimages writes it (PGM or PPM). */
async function imagePixels(file: string, page: number): Promise<{ width: number; height: number; pixels: Buffer }> {
  const dir = await tempDir();
  await exec("pdfimages", ["-f", String(page), "-l", String(page), file, path.join(dir, "img")]);
  const [name] = await fs.readdir(dir);
  const data = await fs.readFile(path.join(dir, name!));
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 50).toString("latin1"))!;
  const channels = header[1] === "6" ? 3 : 1;
  const body = data.subarray(header[0].length);
  const pixels = Buffer.alloc(body.length / channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = body[i * channels]!;
  return { width: Number(header[2]), height: Number(header[3]), pixels };
}

/** The file with every stream decompressed and no object streams, as bytes to search for what must be gone. */
async function rawBytes(file: string): Promise<string> {
  const out = path.join(await tempDir(), "qdf.pdf");
  await exec("qpdf", ["--qdf", "--object-streams=disable", file, out]).catch((err: { code?: number }) => {
    if (err.code !== 3) throw err;
  });
  return (await fs.readFile(out)).toString("latin1");
}

/** A word as a raw search must not find it: as written, and as hexadecimal text (either case). */
function expectGoneFromBytes(bytes: string, word: string): void {
  const hex = Buffer.from(word, "latin1").toString("hex");
  for (const [needle, haystack] of [[word, bytes], [hex, bytes.toLowerCase()]] as const) {
    const at = haystack.indexOf(needle);
    expect(at < 0 ? "" : haystack.slice(Math.max(0, at - 80), at + needle.length + 40), `${needle} in the bytes`).toBe("");
  }
}

beforeAll(async () => {
  server = await startServer();
  letter = await writeTemp("letter.pdf", makeLetter());
  marked = await writeTemp("marked.pdf", makeMarked());
  runsOfA = await writeTemp("runs.pdf", makeRunsOfA());
  turned = await writeTemp("turned.pdf", makeTurned());
  tagged = await writeTemp("tagged.pdf", makeTagged());
});
afterAll(async () => server.close());

describe("redact-pdf", () => {
  it("the letter fixture holds every word the tests look for, in plain bytes", async () => {
    const text = await pdftotext(letter);
    for (const word of ["SWORDFISH", "jane.doe@example.com", "Oakfield", "Caption"]) expect(text).toContain(word);
    const bytes = await rawBytes(letter);
    expect(bytes).toContain("(Dear Mr Oakfield, about project SWORDFISH:)");
    expect(bytes).toContain("codename SWORDFISH");
  });

  it("removes a search term from the text, the form it draws and the bytes, keeping its neighbours", async () => {
    const { path: out, reply } = await runTool(server, "redact-pdf", [letter], { terms: "SWORDFISH", clearMetadata: true });
    await qpdfCheck(out);
    const [one, two] = await pageTexts(out);
    expect(one).not.toContain("SWORDFISH");
    expect(two).not.toContain("SWORDFISH");
    expect(one).toContain("Dear Mr Oakfield, about project");
    expect(one).toContain("Inside a form: codename");
    expect(one).toContain("here.");
    expect(two).toContain("Second page repeats");
    expect(two).toContain("once.");
    expectGoneFromBytes(await rawBytes(out), "SWORDFISH");
    expect(reply.message).toBe("Redacted 3 matches on pages 1 and 2. Removed the document information and XMP metadata.");
    expect(reply.warning).toBeUndefined();
    const info = await pdfinfo(out);
    expect(info.Title).toBeUndefined();
    expect(info.Author).toBeUndefined();
    expect((await exec("pdfinfo", ["-meta", out])).stdout.trim()).toBe("");
  });

  it("finds e-mail addresses, phone numbers, IBANs and card numbers, leaving what fails its check", async () => {
    const { path: out, reply } = await runTool(server, "redact-pdf", [letter], { presets: ["email", "phone", "iban", "card"] });
    await qpdfCheck(out);
    const [one] = await pageTexts(out);
    for (const gone of ["jane.doe@example.com", "+49 30 1234567", "DE89 3704 0044 0532 0130 00", "4111 1111 1111 1111"]) expect(one).not.toContain(gone);
    for (const kept of [
      "Write to",
      "or call",
      "today.",
      "Pay to IBAN",
      "by Friday.",
      "Not an IBAN: DE89 3704 0044 0532 0130 01 (check fails).",
      "Mistyped card 4111 1111 1111 1112 stays.",
      "Order number 4929123456789012 and dates 2024-05-01, 01.05.2024.",
      "expires soon.",
    ]) {
      expect(one).toContain(kept);
    }
    expect(reply.message).toBe("Redacted 4 matches on page 1.");
    const bytes = await rawBytes(out);
    for (const gone of ["jane.doe", "30 1234567", "0532 0130 00", "4111 1111 1111 1111"]) expectGoneFromBytes(bytes, gone);
  });

  it("takes a term across a line break, and only the characters it covers across kerned spans", async () => {
    const { path: out, reply } = await runTool(server, "redact-pdf", [letter], { terms: ["Jonathan Oakfield-Smythe", "BCDE"] });
    const [one] = await pageTexts(out);
    expect(one).not.toContain("Jonathan");
    expect(one).not.toContain("Smythe");
    expect(one).toContain("Signed by");
    expect(one).toContain(", apollonian scholar.");
    expect(one).toContain("Dear Mr Oakfield");
    expect(one).not.toContain("BCDE");
    expect(one).not.toContain("CD");
    expect(one).toContain("Kerned: A");
    expect(one).toContain("F end");
    expect(reply.message).toBe("Redacted 2 matches on page 1.");
    const regex = await runTool(server, "redact-pdf", [letter], { terms: String.raw`Jonathan\s+Oakfield-\w+`, useRegex: true });
    expect(await pdftotext(regex.path)).not.toContain("Smythe");
  });

  it("matches case and whole words as asked, and says so when nothing matched", async () => {
    const part = await runTool(server, "redact-pdf", [letter], { terms: "apollo" });
    expect(await pdftotext(part.path)).toContain("nian scholar.");
    const whole = await postTool(server, "redact-pdf", [letter], { terms: "apollo", wholeWord: true });
    expect(whole.status).toBe(422);
    expect(whole.body.error).toBe("Nothing matched your search on the pages searched, so nothing was redacted.");
    const cased = await postTool(server, "redact-pdf", [letter], { terms: "swordfish", matchCase: true });
    expect(cased.status).toBe(422);
    const anyCase = await runTool(server, "redact-pdf", [letter], { terms: "swordfish", pages: "2" });
    expect(anyCase.reply.message).toBe("Redacted 1 match on page 2.");
    expect(await pdftotext(anyCase.path)).toContain("SWORDFISH");
  });

  it("takes several terms as the field repeated", async () => {
    const reply = await postForm(server, "/api/process/redact-pdf", [letter], { terms: ["SWORDFISH", "Oakfield"], pages: "1" });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("Redacted 4 matches on page 1.");
    const { path: out } = await download(server, reply.body.downloadUrl!);
    const text = await pdftotext(out);
    expect(text).not.toContain("Oakfield");
    expect(text).toContain("Second page repeats SWORDFISH once.");
  });

  it("cuts the covered pixels out of an image under an area and paints the box, leaving the rest", async () => {
    // The picture spans x 100-260 and y 282-442 from the page's top-left corner: the area takes its left half.
    const area = { page: 2, x: 100, y: 282, width: 80, height: 160 };
    const { path: out, reply } = await runTool(server, "redact-pdf", [letter], { areas: [area] });
    await qpdfCheck(out);
    expect(reply.message).toBe("Redacted 1 area on page 2.");
    const before = await imagePixels(letter, 2);
    const after = await imagePixels(out, 2);
    expect([after.width, after.height]).toEqual([64, 64]);
    let changedLeft = 0;
    let changedRight = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const changed = before.pixels[y * 64 + x] !== after.pixels[y * 64 + x];
        if (x < 31 && changed) changedLeft++;
        if (x > 33 && changed) changedRight++;
      }
    }
    expect(changedLeft).toBeGreaterThan(31 * 64 * 0.9);
    expect(changedRight).toBe(0);
    // Rendered at 72 dpi, one pixel a point: black inside the area, the picture unchanged beside it.
    const was = await renderGray(letter, 2, 72);
    const now = await renderGray(out, 2, 72);
    const at = (r: typeof was, x: number, y: number) => r.pixels[y * r.width + x]!;
    for (let y = 290; y < 435; y += 7) {
      for (let x = 105; x < 175; x += 7) expect(at(now, x, y), `${x},${y}`).toBe(0);
      for (let x = 190; x < 255; x += 7) expect(at(now, x, y), `${x},${y}`).toBe(at(was, x, y));
    }
    expect(await pdftotext(out)).toContain("Caption under the picture.");
  });

  it("paints the boxes in the colour chosen", async () => {
    const { path: out } = await runTool(server, "redact-pdf", [letter], { areas: [{ page: 2, x: 300, y: 100, width: 100, height: 100 }], fillColor: "#ff0000" });
    const now = await renderGray(out, 2, 72);
    // Red in grey: 0.299 of full.
    expect(now.pixels[150 * now.width + 350]).toBeGreaterThan(60);
    expect(now.pixels[150 * now.width + 350]).toBeLessThan(90);
  });

  it("flattens the annotations and fields over an area or holding a match, removes links over it, and leaves no trace", async () => {
    const before = await rawBytes(marked);
    for (const word of ["ANNOTSECRET", "FIELDSECRET", "agent@example.com", "TOPSECRET"]) expect(before).toContain(word);
    // The right half, 290-510 across and 160-300 down: the text box, the field and the link.
    const { path: out, reply } = await runTool(server, "redact-pdf", [marked], {
      areas: [{ page: 1, x: 290, y: 160, width: 220, height: 140 }],
      presets: ["email"],
      terms: "TOPSECRET",
    });
    await qpdfCheck(out);
    const text = await pdftotext(out);
    for (const word of ["ANNOTSECRET", "FIELDSECRET", "TOPSECRET"]) expect(text).not.toContain(word);
    expect(text).toContain("Visible line stays.");
    expect(text).toContain("Under the box:");
    const bytes = await rawBytes(out);
    for (const word of ["ANNOTSECRET", "FIELDSECRET", "agent@example.com"]) expectGoneFromBytes(bytes, word);
    expect(await annotationsOf(out)).toEqual([]);
    expect(await formFieldNames(out)).toEqual([]);
    expect(reply.message).toBe(
      "Redacted 1 match and 1 area on page 1. 3 annotations or form fields over redacted content or holding a match were flattened into the page first, so their words went too. Removed 1 link over redacted content.",
    );
    expect(reply.warning).toBe("1 bookmark title still contains a match; bookmarks were not changed.");
  });

  it("removes the replacement texts and descriptions that held the words it removed", async () => {
    expect(await pdftotext(tagged)).toContain("Agent ORCHID reports");
    const { path: out, reply } = await runTool(server, "redact-pdf", [tagged], { terms: "ORCHID" });
    await qpdfCheck(out);
    const text = await pdftotext(out);
    expect(text).not.toContain("ORCHID");
    expect(text).toContain("Plain words stay.");
    expectGoneFromBytes(await rawBytes(out), "ORCHID");
    expect(reply.message).toBe(
      "Redacted 1 match on page 1. Removed 2 hidden texts (read aloud or copied in place of what is shown) that held redacted words.",
    );
  });

  it("measures areas on the page as seen, whatever its rotation", async () => {
    // pdftotext places words on the page as seen (its page size is the stored one, 600 × 400): the word runs down
    // the 400-point-wide page seen upright.
    const { words } = await wordBoxes(turned, 1);
    const word = words.find((w) => w.text === "Turned")!;
    expect(word.yMax - word.yMin).toBeGreaterThan(word.xMax - word.xMin);
    expect(word.xMax).toBeLessThan(400);
    const area = { page: 1, x: word.xMin - 2, y: word.yMin - 2, width: word.xMax - word.xMin + 4, height: word.yMax - word.yMin + 4 };
    const { path: out } = await runTool(server, "redact-pdf", [turned], { areas: [area] });
    const text = await pdftotext(out);
    expect(text).not.toContain("Turned");
    expect(text).toContain("Other");
  });

  it("runs a pattern that would backtrack for ever in a backtracking engine in linear time", async () => {
    const started = performance.now();
    const { path: out, reply } = await runTool(server, "redact-pdf", [runsOfA], { terms: "(?m)^(a+)+$", useRegex: true });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(reply.message).toBe("Redacted 1 match on page 1.");
    const text = await pdftotext(out);
    expect(text.split("!").length).toBe(21);
  });

  it("refuses a pattern RE2 cannot run, naming the field, in a request and in a pipeline", async () => {
    const reply = await postTool(server, "redact-pdf", [letter], { terms: "(?=SWORD)FISH", useRegex: true });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/^"terms": "\(\?=SWORD\)FISH" is not a regular expression this tool can run \(.+\)\. Patterns run in linear time/);
    const steps = [{ tool: "redact-pdf", options: { terms: ["a(b"], useRegex: true } }];
    const pipeline = await postForm(server, "/api/pipeline", [letter], { steps: JSON.stringify(steps) });
    expect(pipeline.status).toBe(400);
    expect(pipeline.body.error).toMatch(/^Step 1 \(Redact PDF\): "terms": "a\(b" is not a regular expression/);
  });

  it("answers settings it cannot use with a sentence naming the field", async () => {
    const cases: Array<[Record<string, string | object | boolean>, string | RegExp]> = [
      [{}, "Please enter a word to search for, choose a preset or draw an area to redact."],
      [{ terms: "  ", clearMetadata: true }, "Please enter a word to search for, choose a preset or draw an area to redact."],
      [{ presets: ["ssn"] }, /^"presets\.0" must be one of: email, phone, iban, card\.$/],
      [{ terms: "x", fillColor: "red" }, '"fillColor" must be a colour such as "#000000".'],
      [{ terms: "x", pages: "one" }, /^"pages" must be page numbers/],
      [{ terms: "x", pages: "7" }, /^pages: /],
      [{ areas: [{ page: 3, x: 1, y: 1, width: 10, height: 10 }] }, '"areas": area 1 is on page 3, but the document has 2 pages.'],
      [{ areas: [{ page: 1, x: 700, y: 1, width: 10, height: 10 }] }, '"areas": area 1 lies outside page 1, which is 595 × 842 points.'],
      [{ areas: [{ page: 1, x: -5, y: 1, width: 10, height: 10 }] }, '"areas.0.x" must be at least 0.'],
      [{ areas: "[{]" }, /^"areas"/],
    ];
    for (const [fields, error] of cases) {
      const reply = await postTool(server, "redact-pdf", [letter], fields);
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      if (typeof error === "string") expect(reply.body.error).toBe(error);
      else expect(reply.body.error).toMatch(error);
    }
  });

  it("refuses locked and damaged files like every tool", async () => {
    const locked = await postTool(server, "redact-pdf", [corpus(ENCRYPTED_PDF)], { terms: "x" });
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
    const cut = (await fs.readFile(letter)).subarray(0, 600);
    const damaged = await postTool(server, "redact-pdf", [{ name: "cut.pdf", data: cut }], { terms: "x" });
    expect(damaged.status).toBe(422);
    expect(damaged.body.error).toMatch(/^This file could not be read as a PDF \(cut.pdf\)/);
  });

  it("reports real progress through the jobs API", async () => {
    const started = await startJob(server, "redact-pdf", letter, { terms: "SWORDFISH", presets: '["email"]' });
    expect(started.status).toBe(202);
    const events = await readEvents(server, started.body.jobId);
    const progress = events.map((e) => e.progress);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = events.at(-1)!;
    expect(last.result?.downloadUrl).toBeTruthy();
    const { path: out } = await download(server, last.result!.downloadUrl);
    expect(await pdftotext(out)).not.toContain("SWORDFISH");
  });

  it("says so when the metadata it was not asked to clear still holds a match", async () => {
    const { path: out, reply } = await runTool(server, "redact-pdf", [letter], { terms: "SWORDFISH" });
    expect(await pdftotext(out)).not.toContain("SWORDFISH");
    expect(reply.warning).toBe("The document information or XMP metadata still contains a match: choose Clear metadata to remove it.");
    expect((await pdfinfo(out)).Title).toBe("SWORDFISH plans");
  });
});
