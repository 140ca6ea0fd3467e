import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import * as fontkit from "fontkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdftotext, tempDir, writeTemp } from "./helpers/pdf-tools.js";
import { runTool, startServer, type TestServer } from "./helpers/server.js";
import { readZip } from "./helpers/zip.js";

/**
 * PDF to Word embeds only what the document needs of its fonts: the ones without a metric-compatible counterpart,
 * cut down to the document's characters. The embedded fonts are read back with fontTools (after undoing the
 * DOCX font obfuscation), and the document is opened again by LibreOffice.
 */

const exec = promisify(execFile);
const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const TEXT = ["Grüße aus Köln: naïve façade, déjà vu.", "Ελληνικά και Кириллица в одном абзаце.", "Numbers 0123456789 and signs € £ ±."];

/** The font's bytes with the first 32 XORed by the GUID's bytes, last pair first (ECMA-376 Part 1, 17.8.1). */
function deobfuscate(data: Buffer, guid: string): Buffer {
  const hex = guid.replace(/[{}-]/g, "");
  const key = Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(30 - 2 * i, 32 - 2 * i), 16));
  const out = Buffer.from(data);
  for (let i = 0; i < 32; i++) out[i]! ^= key[i % 16]!;
  return out;
}

describe("fonts embedded in a rebuilt Word document", () => {
  let server: TestServer;
  let pdf: string;
  let docx: string;
  let parts: Map<string, Buffer>;
  beforeAll(async () => {
    server = await startServer();
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(await fs.readFile(DEJAVU), { subset: true });
    const page = doc.addPage([595, 842]);
    TEXT.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - i * 30, size: 14, font, color: rgb(0, 0, 0) }));
    pdf = await writeTemp("dejavu.pdf", await doc.save());
    docx = (await runTool(server, "pdf-to-word", [pdf])).path;
    parts = await readZip(docx);
  });
  afterAll(async () => server.close());

  it("embeds the font with no counterpart as a subset of the document's characters, readable by fontTools", async () => {
    const table = parts.get("word/fontTable.xml")!.toString("utf8");
    const rels = parts.get("word/_rels/fontTable.xml.rels")!.toString("utf8");
    const embeds = [...table.matchAll(/<w:font w:name="([^"]*)"[^>]*>((?:(?!<\/w:font>)[\s\S])*)<\/w:font>/g)].flatMap(([, name, body]) =>
      [...body!.matchAll(/<w:embed\w+ r:id="([^"]+)" w:fontKey="([^"]+)"/g)].map(([, id, key]) => ({ name: name!, id: id!, key: key! })),
    );
    expect(embeds.length).toBeGreaterThan(0);
    expect(new Set(embeds.map((e) => e.name))).toEqual(new Set(["DejaVu Sans"]));
    const dir = await tempDir();
    for (const embed of embeds) {
      const target = new RegExp(`Id="${embed.id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${embed.id}"`).exec(rels)!;
      const part = `word/${target[1] ?? target[2]}`;
      const file = path.join(dir, `${embed.id}.ttf`);
      await fs.writeFile(file, deobfuscate(parts.get(part)!, embed.key));
      const script = "import sys\nfrom fontTools.ttLib import TTFont\nf = TTFont(sys.argv[1])\nprint(len(f.getGlyphOrder()))\nprint(''.join(sorted(chr(c) for c in f.getBestCmap())))";
      const { stdout } = await exec("/usr/bin/python3", ["-c", script, file]);
      const [glyphs, covered] = stdout.split("\n");
      // DejaVu Sans has about 6,000 glyphs; the document uses about a hundred characters.
      expect(Number(glyphs)).toBeLessThan(400);
      for (const ch of TEXT.join("").replace(/\s/g, "")) expect(covered).toContain(ch);
    }
    expect(parts.get("word/settings.xml")!.toString("utf8")).toContain("<w:saveSubsetFonts/>");
  });

  it("is no larger than the PDF it came from, and opens again with its words", async () => {
    expect((await fs.stat(docx)).size).toBeLessThanOrEqual((await fs.stat(pdf)).size);
    const back = await runTool(server, "word-to-pdf", [{ name: "again.docx", data: await fs.readFile(docx) }]);
    const text = (await pdftotext(back.path)).replace(/\s+/g, " ");
    for (const line of TEXT) expect(text).toContain(line);
  });
});
