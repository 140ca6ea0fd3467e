import { QpdfSession, OUT, inputPath, type QpdfEngine } from "./qpdf-wasm.js";
import { STREAMS_AS_THEY_ARE } from "../qpdf-args.js";

/**
 * The browser runs new WebAssembly code with its quick compiler first and compiles a function well only once it has
 * run a while, in the background. A visitor's first run on a large file would pay for that: a few runs of qpdf on a
 * made-up file of the usual shape (pages with text, a font and an image), while settings are chosen, let the
 * browser compile the parser's and the writer's code well before the visitor's run needs it.
 */
export async function warmUpQpdf(engine: QpdfEngine, stillWanted: () => boolean): Promise<void> {
  const session = new QpdfSession(engine, new Map([[WARM_UP_FILE, warmUpPdf(WARM_UP_PAGES)]]));
  for (let round = 0; round < WARM_UP_ROUNDS && stillWanted(); round++) {
    const outcome = await session.run({
      args: [inputPath(WARM_UP_FILE), STREAMS_AS_THEY_ARE, "--rotate=+90:1-z", "--pages", ".", "1-z", "--", `${OUT}/warm-${round}.pdf`],
    });
    for (const name of outcome.written()) outcome.take(name);
    // Lets a run the visitor started meanwhile go first, and the background compiler work.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const WARM_UP_FILE = "warm-up.pdf";
const WARM_UP_PAGES = 60;
const WARM_UP_ROUNDS = 3;
const IMAGE_SIDE = 64;

/** A PDF of `pages` pages, each with a line of text and its own small grey image. */
export function warmUpPdf(pages: number): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (data: string | Uint8Array) => {
    const bytes = typeof data === "string" ? encoder.encode(data) : data;
    chunks.push(bytes);
    size += bytes.length;
  };
  const object = (num: number, body: string, stream?: Uint8Array) => {
    offsets[num] = size;
    push(`${num} 0 obj\n${body}\n`);
    if (stream) {
      push("stream\n");
      push(stream);
      push("\nendstream\n");
    }
    push("endobj\n");
  };
  push("%PDF-1.7\n");
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 3);
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, `<< /Type /Pages /Count ${pages} /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] >>`);
  object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let seed = 0x2545f491;
  for (const [i, pageId] of pageIds.entries()) {
    const content = encoder.encode(`BT /F1 18 Tf 72 760 Td (Page ${i + 1}) Tj ET q 200 0 0 200 72 400 cm /Im0 Do Q`);
    const image = new Uint8Array(IMAGE_SIDE * IMAGE_SIDE);
    for (let b = 0; b < image.length; b++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      image[b] = seed & 0xff;
    }
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> /XObject << /Im0 ${pageId + 2} 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    object(pageId + 1, `<< /Length ${content.length} >>`, content);
    object(pageId + 2, `<< /Type /XObject /Subtype /Image /Width ${IMAGE_SIDE} /Height ${IMAGE_SIDE} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${image.length} >>`, image);
  }
  const xref = size;
  const count = 4 + pages * 3;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let num = 1; num < count; num++) push(`${String(offsets[num]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
