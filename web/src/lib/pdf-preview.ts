import type { PDFDocumentProxy } from "pdfjs-dist";

/**
 * pdf.js, loaded only when a screen shows pages (organize-pdf, delete-pages), with its worker so that parsing
 * and drawing never block the page.
 */
let pdfjs: Promise<typeof import("pdfjs-dist")> | undefined;
function loadPdfjs() {
  pdfjs ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(file: Blob): Promise<PdfDocument> {
  const lib = await loadPdfjs();
  // No eval: the site's Content-Security-Policy forbids it, and pdf.js then draws fonts without compiled glyph code.
  return lib.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise;
}

// Pages are drawn one at a time: a long document asks for many at once as it scrolls into view.
let queue: Promise<unknown> = Promise.resolve();

/** Draws one page (1-based) at the given width and returns an object URL of the PNG; the caller revokes it. */
export function renderThumbnail(doc: PdfDocument, pageNumber: number, width: number): Promise<string> {
  const task = queue.then(async () => {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: (width * window.devicePixelRatio) / page.getViewport({ scale: 1 }).width });
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext("2d")!, viewport }).promise;
    page.cleanup();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("The page could not be drawn.");
    return URL.createObjectURL(blob);
  });
  queue = task.catch(() => undefined);
  return task;
}
