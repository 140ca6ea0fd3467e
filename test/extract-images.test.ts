import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { makeNumberedPdf, writeTemp } from "./helpers/pdf-tools.js";
import { makePng } from "./helpers/png.js";
import { postTool, runTool, startServer, type TestServer } from "./helpers/server.js";
import { syntheticPhoto } from "./helpers/synthetic-pdfs.js";
import { readZip } from "./helpers/zip.js";

const exec = promisify(execFile);
let server: TestServer;
let photo: Buffer;
let pictures: string;
beforeAll(async () => {
  server = await startServer();
  // A JPEG shown on both pages, a 64 × 48 PNG on page 2 and an 8 × 8 PNG icon on page 1.
  photo = await syntheticPhoto(300, 200, 3);
  const doc = await PDFDocument.create();
  const jpeg = await doc.embedJpg(photo);
  const png = await doc.embedPng(makePng(64, 48, (x, y) => (x * 4 + y * 3) % 256));
  const icon = await doc.embedPng(makePng(8, 8, (x) => x * 30));
  const first = doc.addPage([400, 400]);
  first.drawImage(jpeg, { x: 10, y: 100, width: 300, height: 200 });
  first.drawImage(icon, { x: 350, y: 350, width: 8, height: 8 });
  const second = doc.addPage([400, 400]);
  second.drawImage(jpeg, { x: 10, y: 10, width: 150, height: 100 });
  second.drawImage(png, { x: 200, y: 200, width: 64, height: 48 });
  pictures = await writeTemp("pictures.pdf", await doc.save());
});
afterAll(async () => server.close());

/** pdfimages -list rows: page, type, width, height, encoding, object. */
async function pdfimagesList(file: string): Promise<string[][]> {
  const { stdout } = await exec("pdfimages", ["-list", file]);
  return stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim() !== "")
    .map((l) => l.trim().split(/\s+/))
    .map((t) => [t[0]!, t[2]!, t[3]!, t[4]!, t[8]!, t[10]!]);
}

describe("extract-images", () => {
  it("gives each image once at its own size, the JPEG byte for byte, small ones left out", async () => {
    const listed = await pdfimagesList(pictures);
    // pdfimages sees four placements of three image objects.
    expect(listed.length).toBe(4);
    expect(new Set(listed.map((r) => r[5])).size).toBe(3);
    const { path, reply, headers } = await runTool(server, "extract-images", [pictures]);
    expect(headers.get("content-disposition")).toContain("pictures-images.zip");
    const entries = await readZip(path);
    expect([...entries.keys()]).toEqual(["pictures-page1-1.jpg", "pictures-page2-4.png"]);
    expect(entries.get("pictures-page1-1.jpg")!.equals(photo)).toBe(true);
    const png = await sharp(entries.get("pictures-page2-4.png")!).metadata();
    expect([png.width, png.height]).toEqual([64, 48]);
    expect(reply.message).toBe(
      "Extracted 2 images (1 JPEG exactly as stored; the others as PNG or JPEG 2000). Images smaller than 16 × 16 pixels and repeats of the same image were left out.",
    );
  });

  it("keeps small images when the minimum allows, and says when there are none", async () => {
    const all = await runTool(server, "extract-images", [pictures], { minWidth: 1, minHeight: 1 });
    const entries = await readZip(all.path);
    expect(entries.size).toBe(3);
    const icon = [...entries.entries()].find(([name]) => name.startsWith("pictures-page1-2"))!;
    expect((await sharp(icon[1]).metadata()).width).toBe(8);
    const none = await postTool(server, "extract-images", [await writeTemp("text.pdf", await makeNumberedPdf(2))]);
    expect(none.status).toBe(422);
    expect(none.body.error).toBe("This PDF has no images.");
    const big = await postTool(server, "extract-images", [pictures], { minWidth: 500 });
    expect(big.body.error).toBe("No image in this PDF is at least 500 × 16 pixels.");
  });

  it("extracts what pdfimages lists in a real file, and refuses locked ones", async () => {
    const file = corpus("imagemagick-images.pdf");
    const listed = await pdfimagesList(file);
    const { path } = await runTool(server, "extract-images", [file]);
    const entries = await readZip(path);
    expect(entries.size).toBe(new Set(listed.filter((r) => r[1] === "image").map((r) => r[5])).size);
    expect([...entries.keys()].filter((n) => n.endsWith(".jpg")).length).toBe(listed.filter((r) => r[4] === "jpeg").length);
    const locked = await postTool(server, "extract-images", [corpus(ENCRYPTED_PDF)]);
    expect(locked.status).toBe(422);
    expect(locked.body.error).toContain("password-protected");
  });

  it("leaves out the pages holding an image over 100 megapixels, and names them", async () => {
    const doc = await PDFDocument.create();
    // Declared 20,000 × 10,000 pixels: pdfimages lists it from its dictionary without decoding it.
    const giant = doc.context.register(
      doc.context.stream("x", { Type: "XObject", Subtype: "Image", Width: 20_000, Height: 10_000, ColorSpace: "DeviceGray", BitsPerComponent: 8 }),
    );
    const first = doc.addPage([200, 200]);
    const name = first.node.newXObject("Giant", giant);
    first.pushOperators(pushGraphicsState(), concatTransformationMatrix(100, 0, 0, 50, 0, 0), drawObject(name), popGraphicsState());
    doc.addPage([200, 200]).drawImage(await doc.embedPng(makePng(64, 48, (x) => x * 4)), { x: 10, y: 10, width: 64, height: 48 });
    const file = await writeTemp("giant.pdf", await doc.save());
    const { path, reply } = await runTool(server, "extract-images", [file]);
    expect([...(await readZip(path)).keys()]).toEqual(["giant-page2-2.png"]);
    expect(reply.message).toContain("Images on page 1 are over 100 megapixels and were left out.");
  });
});
