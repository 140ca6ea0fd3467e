import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes a PDF of `pages` pages, each with a line of text and its own incompressible grey image, so that the file
 * is large (about 100 KB a page) the way scanned documents are. Deterministic: the same call gives the same bytes.
 */
export async function writeHeavyPdf(file: string, pages: number, imageSide = 316): Promise<void> {
  let seed = 0x9e3779b9;
  const noise = (n: number) => {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) {
      // xorshift32: fast, repeatable, and as incompressible as real sensor noise.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      out[i] = seed & 0xff;
    }
    return out;
  };
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (data: string | Buffer) => {
    const buf = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    chunks.push(buf);
    size += buf.length;
  };
  const object = (num: number, body: string | Buffer[]) => {
    offsets[num] = size;
    push(`${num} 0 obj\n`);
    if (typeof body === "string") push(body);
    else body.forEach(push);
    push("\nendobj\n");
  };
  push("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  // 1: catalog, 2: page tree, 3: font; then per page: page, content, image.
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 3);
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, `<< /Type /Pages /Count ${pages} /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] >>`);
  object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (let i = 0; i < pages; i++) {
    const [pageId, contentId, imageId] = [pageIds[i]!, pageIds[i]! + 1, pageIds[i]! + 2];
    const content = `BT /F1 24 Tf 72 760 Td (Benchmark page ${i + 1} of ${pages}) Tj ET q 400 0 0 400 97 200 cm /Im0 Do Q`;
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    object(contentId, [Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`, "latin1")]);
    const pixels = noise(imageSide * imageSide);
    object(imageId, [
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${imageSide} /Height ${imageSide} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
        "latin1",
      ),
      pixels,
      Buffer.from("\nendstream", "latin1"),
    ]);
  }
  const count = 4 + pages * 3;
  const xrefAt = size;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) push(`${String(offsets[n]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, Buffer.concat(chunks));
}
