import { openPdf } from "./pdf-preview.js";
import { kindOf } from "./upload-rules.js";

/** What a file row shows of its file: a small picture of the first page or image, and a PDF's page count. */
export interface FilePreview {
  picture?: string;
  pages?: number;
}

const PICTURE_WIDTH = 64;
// Decoding a very large image only to draw a small picture would hold the tab for seconds; such rows keep their icon.
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_KINDS = new Set(["jpeg", "png", "gif", "bmp"]);

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return [canvas, canvas.getContext("2d")!];
}

async function previewPdf(file: File): Promise<FilePreview> {
  const doc = await openPdf(file);
  try {
    const pages = doc.numPages;
    const page = await doc.getPage(1);
    const scale = (PICTURE_WIDTH * window.devicePixelRatio) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const [canvas, context] = canvasOf(viewport.width, viewport.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return { pages, picture: canvas.toDataURL("image/png") };
  } finally {
    void doc.destroy();
  }
}

async function previewImage(file: File): Promise<FilePreview> {
  if (file.size > MAX_IMAGE_BYTES) return {};
  const bitmap = await createImageBitmap(new Blob([await file.arrayBuffer()]), { resizeWidth: PICTURE_WIDTH * window.devicePixelRatio, resizeQuality: "medium" });
  const [canvas, context] = canvasOf(bitmap.width, bitmap.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { picture: canvas.toDataURL("image/png") };
}

function previewOf(file: File): Promise<FilePreview> {
  const kind = kindOf(file);
  if (kind === "pdf") return previewPdf(file);
  if (kind && IMAGE_KINDS.has(kind)) return previewImage(file);
  return Promise.resolve({});
}

// One file at a time: twenty large PDFs opened together would each hold their bytes at once.
let queue: Promise<unknown> = Promise.resolve();
/** Settles when the tool run that holds the previews back is over. */
let held: Promise<unknown> = Promise.resolve();

/** Previews not yet begun wait for `run`: the work the visitor asked for comes before the pictures of its files. */
export function holdPreviewsDuring(run: Promise<unknown>): void {
  held = Promise.all([held, run.catch(() => undefined)]);
}
const previews = new WeakMap<File, Promise<FilePreview>>();

/**
 * The file's preview, made once per file however often its row is drawn or moved. A file that cannot be read (a
 * damaged or protected PDF) has none: the row keeps its icon, and the tool itself says what is wrong.
 */
export function filePreview(file: File): Promise<FilePreview> {
  let made = previews.get(file);
  if (!made) {
    made = queue
      .then(() => held)
      .then(() => previewOf(file))
      .catch((): FilePreview => ({}));
    queue = made;
    previews.set(file, made);
  }
  return made;
}
