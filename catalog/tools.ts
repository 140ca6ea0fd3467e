import { z } from "zod";
import { IMAGE_KINDS, OFFICE_KINDS, type FileKind } from "./file-kinds.js";
import type { ToolDefinition } from "./types.js";
import { noOptions } from "./options/common.js";
import { watermarkOptions } from "./options/watermark.js";
import { pageNumberOptions } from "./options/page-numbers.js";
import {
  compressOptions,
  deletePagesOptions,
  organizeOptions,
  rotateOptions,
  splitOptions,
} from "./options/pages.js";
import { decryptOptions, protectOptions, unlockOptions } from "./options/security.js";
import { repairOptions } from "./options/repair.js";
import { ocrOptions } from "./options/ocr.js";
import { signOptions } from "./options/sign.js";
import { annotateOptions } from "./options/annotate.js";
import { flattenOptions } from "./options/flatten.js";
import { metadataOptions } from "./options/metadata.js";
import { cropOptions } from "./options/crop.js";
import { blankPagesOptions } from "./options/blank-pages.js";
import { nUpOptions } from "./options/n-up.js";
import { extractImagesOptions } from "./options/extract-images.js";
import { sanitizeOptions } from "./options/sanitize.js";
import { redactOptions } from "./options/redact.js";
import { compareOptions } from "./options/compare.js";
import { htmlToPdfOptions } from "./options/html-to-pdf.js";
import {
  basicConvertOptions,
  presentationConvertOptions,
  documentConvertOptions,
  epubConvertOptions,
  htmlConvertOptions,
  imageConvertOptions,
  pngConvertOptions,
  imagesToPdfOptions,
  markdownConvertOptions,
  pdfaConvertOptions,
  spreadsheetConvertOptions,
  textConvertOptions,
} from "./options/convert.js";

const PDF: readonly FileKind[] = ["pdf"];

type Entry = Omit<ToolDefinition, "listed" | "screen" | "accepts" | "multiple" | "minFiles" | "maxFiles"> &
  Partial<Pick<ToolDefinition, "listed" | "screen" | "accepts" | "multiple" | "minFiles" | "maxFiles">>;

/**
 * Fills the common case: one PDF in, a generic screen, listed in the grid. The entry's literal types (its id, what
 * it is the same as, whether it dispatches) stay in the result's type, so tool ids are a type the compiler knows.
 */
function tool<const E extends Entry>(entry: E): ToolDefinition & Pick<E, "id" | "sameAs" | "dispatchField"> {
  const multiple = entry.multiple ?? false;
  return {
    listed: true,
    screen: "generic",
    accepts: PDF,
    minFiles: 1,
    maxFiles: multiple ? 20 : 1,
    ...entry,
    multiple,
  };
}

/** The format keys of the Convert PDF screen, each posted to /api/process/{key}. */
export const FORMAT_KEYS = [
  "pdf-to-word",
  "pdf-to-jpg",
  "pdf-to-excel",
  "pdf-to-ppt",
  "pdf-to-html",
  "pdf-to-text",
  "jpg-to-pdf",
  "word-to-pdf",
  "pdf-to-markdown",
  "pdf-to-epub",
  "pdf-to-png",
  "pdf-to-svg",
  "pdf-to-pdf-a",
  "pdf-to-rtf",
] as const;
export type FormatKey = (typeof FORMAT_KEYS)[number];

const SIGNING = {
  name: "Sign PDF",
  description: "Sign a PDF by drawing, typing or uploading a signature, or with a certificate.",
  category: "sign",
  icon: "Signature",
  options: signOptions,
  extraFiles: [
    { name: "signatureImage", kinds: ["png", "jpeg"], label: "Signature image" },
    { name: "certificateFile", kinds: ["pkcs12"], label: "Certificate (.pfx, .p12)" },
  ],
} as const satisfies Partial<Entry>;

const CATALOGUE = [
  // Organize
  tool({
    id: "merge-pdf",
    name: "Merge PDF",
    description: "Combine several PDFs into one document, in the order you choose.",
    category: "organize",
    icon: "Combine",
    multiple: true,
    minFiles: 2,
    minFilesMessage: "Please upload at least two files to merge.",
    options: noOptions,
    processLabel: "Merge PDFs",
  }),
  tool({
    id: "split-pdf",
    name: "Split PDF",
    description: "Split a PDF into single pages, page ranges or equal parts.",
    category: "organize",
    icon: "Scissors",
    options: splitOptions,
  }),
  tool({
    id: "compress-pdf",
    name: "Compress PDF",
    description: "Make a PDF smaller while keeping it sharp and searchable.",
    category: "organize",
    icon: "Minimize2",
    options: compressOptions,
  }),
  tool({
    id: "organize-pdf",
    name: "Organize PDF",
    description: "Reorder, rotate, delete and extract pages by their thumbnails.",
    category: "organize",
    icon: "LayoutGrid",
    options: organizeOptions,
  }),
  tool({
    id: "delete-pages",
    name: "Delete Pages",
    description: "Remove the pages you do not need from a PDF.",
    category: "organize",
    icon: "Trash2",
    options: deletePagesOptions,
  }),
  // Edit
  tool({
    id: "rotate-pdf",
    name: "Rotate PDF",
    description: "Turn all pages, or the pages you pick, by 90, 180 or 270 degrees.",
    category: "edit",
    icon: "RotateCw",
    options: rotateOptions,
  }),
  tool({
    id: "add-watermark",
    name: "Add Watermark",
    description: "Stamp text over your PDF pages, with the opacity, size and angle you choose.",
    category: "edit",
    icon: "Droplets",
    options: watermarkOptions,
  }),
  tool({
    id: "add-page-numbers",
    name: "Add Page Numbers",
    description: "Number the pages of a PDF, with the position, format and style you choose.",
    category: "edit",
    icon: "ListOrdered",
    options: pageNumberOptions,
  }),
  tool({
    id: "annotate-pdf",
    name: "Annotate PDF",
    description: "Add text, highlights, comments, links and shapes to your PDF.",
    category: "edit",
    icon: "PenTool",
    screen: "dedicated",
    options: annotateOptions,
  }),
  tool({
    id: "repair-pdf",
    name: "Repair PDF",
    description: "Recover damaged or corrupted PDF files.",
    category: "edit",
    icon: "Wrench",
    screen: "dedicated",
    options: repairOptions,
  }),
  tool({
    id: "extract-text",
    name: "Extract Text",
    description: "Pull the text out of a PDF as plain UTF-8, in reading order.",
    category: "edit",
    icon: "FileText",
    options: textConvertOptions,
    sameAs: "pdf-to-text",
  }),
  // Secure
  tool({
    id: "protect-pdf",
    name: "Protect PDF",
    description: "Add a password and choose what others may do with your PDF.",
    category: "secure",
    icon: "Lock",
    options: protectOptions,
  }),
  tool({
    id: "encrypt-pdf",
    name: "Encrypt PDF",
    description: "Encrypt a PDF with AES-256 and set its permissions.",
    category: "secure",
    icon: "ShieldCheck",
    options: protectOptions,
    sameAs: "protect-pdf",
  }),
  tool({
    id: "unlock-pdf",
    name: "Unlock PDF",
    description: "Remove the password and restrictions from a PDF you may open.",
    category: "secure",
    icon: "Unlock",
    options: unlockOptions,
  }),
  tool({
    id: "decrypt-pdf",
    name: "Decrypt PDF",
    description: "Decrypt a password-protected PDF with its password.",
    category: "secure",
    icon: "KeyRound",
    options: decryptOptions,
    sameAs: "unlock-pdf",
  }),
  // Sign
  // The /pdf-sign screen posts to sign-pdf: one tool under two ids.
  tool({ ...SIGNING, id: "pdf-sign", screen: "dedicated", sameAs: "sign-pdf" }),
  tool({ ...SIGNING, id: "sign-pdf", screen: "api-only", listed: false }),
  // Convert
  tool({
    id: "convert-pdf",
    name: "Convert PDF",
    description: "Convert PDFs to and from Word, Excel, PowerPoint, images, HTML, Markdown, EPUB and more.",
    category: "convert",
    icon: "RefreshCw",
    screen: "dedicated",
    accepts: ["pdf", "jpeg", "png", "gif", "doc", "docx"],
    multiple: true,
    options: z.object({ format: z.enum(FORMAT_KEYS).default("pdf-to-word") }),
    dispatchField: { name: "format", targets: FORMAT_KEYS, defaultTarget: "pdf-to-word" },
  }),
  tool({
    id: "pdf-to-word",
    name: "PDF to Word",
    description: "Turn a PDF into an editable Word document with flowing paragraphs, tables and images.",
    category: "convert",
    icon: "FileType",
    screen: "dedicated",
    multiple: true,
    options: documentConvertOptions,
  }),
  tool({
    id: "pdf-to-jpg",
    name: "PDF to JPG",
    description: "Turn each PDF page into a JPG image.",
    category: "convert",
    icon: "FileImage",
    options: imageConvertOptions,
  }),
  tool({
    id: "pdf-to-excel",
    name: "PDF to Excel",
    description: "Pull tables out of a PDF into an Excel workbook.",
    category: "convert",
    icon: "Sheet",
    options: spreadsheetConvertOptions,
  }),
  tool({
    id: "pdf-to-ppt",
    name: "PDF to PowerPoint",
    description: "Turn each PDF page into a PowerPoint slide.",
    category: "convert",
    icon: "Presentation",
    options: presentationConvertOptions,
  }),
  tool({
    id: "pdf-to-html",
    name: "PDF to HTML",
    description: "Turn a PDF into a web page.",
    category: "convert",
    icon: "Code",
    options: htmlConvertOptions,
  }),
  tool({
    id: "pdf-to-text",
    name: "PDF to Text",
    description: "Save the text of a PDF as a plain text file.",
    category: "convert",
    icon: "FileText",
    options: textConvertOptions,
  }),
  tool({
    id: "word-to-pdf",
    name: "Word to PDF",
    description: "Turn Word, Excel, PowerPoint and OpenDocument files into PDF.",
    category: "convert",
    icon: "FileInput",
    accepts: OFFICE_KINDS,
    options: basicConvertOptions,
  }),
  tool({
    id: "jpg-to-pdf",
    name: "JPG to PDF",
    description: "Turn JPG and PNG images into one PDF, one image per page.",
    category: "convert",
    icon: "Images",
    accepts: ["jpeg", "png"],
    multiple: true,
    options: imagesToPdfOptions,
  }),
  tool({
    id: "ocr-pdf",
    name: "OCR PDF",
    description: "Make scanned PDFs and images searchable, in over 100 languages.",
    category: "convert",
    icon: "ScanText",
    screen: "dedicated",
    accepts: ["pdf", ...IMAGE_KINDS],
    options: ocrOptions,
  }),
  // Tools added after the first set: after them in the grid, so the home page opens on the familiar ones.
  tool({
    id: "html-to-pdf",
    name: "HTML to PDF",
    description: "Print a web page to PDF: by its address, or saved as HTML (or a ZIP with its pictures and styles).",
    category: "convert",
    icon: "Globe",
    accepts: ["html", "zip"],
    // A web address (the url field) takes the place of a file.
    minFiles: 0,
    options: htmlToPdfOptions,
  }),
  tool({
    id: "crop-pdf",
    name: "Crop PDF",
    description: "Trim the margins of all pages or the pages you pick, by measure or to the content.",
    category: "edit",
    icon: "Crop",
    options: cropOptions,
  }),
  tool({
    id: "flatten-pdf",
    name: "Flatten PDF",
    description: "Make form fields and annotations part of the page, so they look the same and can no longer be changed.",
    category: "edit",
    icon: "Layers",
    options: flattenOptions,
  }),
  tool({
    id: "edit-metadata",
    name: "Edit Metadata",
    description: "See and change a PDF's title, author, subject, keywords, dates and custom entries, or remove them all.",
    category: "edit",
    icon: "Tags",
    options: metadataOptions,
  }),
  tool({
    id: "remove-blank-pages",
    name: "Remove Blank Pages",
    description: "Find the empty pages of a PDF, scanned ones included, and take them out.",
    category: "organize",
    icon: "FileX",
    options: blankPagesOptions,
  }),
  tool({
    id: "n-up-pdf",
    name: "N-up & Booklet",
    description: "Print several pages on each sheet, or lay a PDF out as a booklet to fold.",
    category: "organize",
    icon: "LayoutDashboard",
    options: nUpOptions,
  }),
  tool({
    id: "extract-images",
    name: "Extract Images",
    description: "Save every picture in a PDF at its own resolution, JPEGs exactly as stored, in one ZIP.",
    category: "convert",
    icon: "ImageDown",
    options: extractImagesOptions,
  }),
  tool({
    id: "sanitize-pdf",
    name: "Sanitize PDF",
    description: "Remove scripts, risky actions, attachments, links and metadata before you share a PDF.",
    category: "secure",
    icon: "ShieldX",
    options: sanitizeOptions,
  }),
  tool({
    id: "redact-pdf",
    name: "Redact PDF",
    description: "Remove words, personal data and areas you mark for good: the text is taken out of the file, not hidden under a box.",
    category: "secure",
    icon: "EyeOff",
    screen: "dedicated",
    options: redactOptions,
  }),
  tool({
    id: "compare-pdf",
    name: "Compare PDF",
    description: "See what changed between two versions of a PDF: words added, removed and changed, and pages drawn differently.",
    category: "edit",
    icon: "FileDiff",
    screen: "dedicated",
    multiple: true,
    minFiles: 2,
    maxFiles: 2,
    minFilesMessage: "Please upload two PDFs to compare: the old version first, then the new one.",
    maxFilesMessage: "Compare PDF takes exactly two PDFs: the old version first, then the new one.",
    apiNote:
      "Send the old version first, then the new one. The result is a ZIP of report.pdf and report.json; fileIds names the two in that order, so the JSON can be fetched on its own.",
    options: compareOptions,
  }),
  // Formats offered only inside Convert PDF
  ...(
    [
      ["pdf-to-markdown", "PDF to Markdown", "Turn a PDF into Markdown with headings, lists and tables.", markdownConvertOptions],
      ["pdf-to-epub", "PDF to EPUB", "Turn a PDF into an EPUB 3 e-book with chapters.", epubConvertOptions],
      ["pdf-to-png", "PDF to PNG", "Turn each PDF page into a PNG image.", pngConvertOptions],
      ["pdf-to-svg", "PDF to SVG", "Turn each PDF page into a scalable SVG drawing.", imageConvertOptions],
      ["pdf-to-pdf-a", "PDF to PDF/A", "Make an archival PDF/A copy with embedded fonts.", pdfaConvertOptions],
      ["pdf-to-rtf", "PDF to RTF", "Turn a PDF into a Rich Text document.", documentConvertOptions],
    ] as const
  ).map(([id, name, description, options]) =>
    tool({ id, name, description, category: "convert", icon: "FileOutput", screen: "convert-format", listed: false, options }),
  ),
];

type CatalogueEntry = (typeof CATALOGUE)[number];

/** Every tool's id, as the compiler knows them. */
export type ToolId = CatalogueEntry["id"];

/**
 * The ids whose tools do their own work: not another tool's under a second name (`sameAs`), nor a screen that hands
 * each file to the tool of the chosen format (`dispatchField`). Each needs a processor on the server.
 */
export type ProcessorId = Exclude<ToolId, Extract<CatalogueEntry, { sameAs: string }>["id"] | Extract<CatalogueEntry, { dispatchField: object }>["id"]>;

export const TOOLS: readonly ToolDefinition[] = CATALOGUE;

const byId = new Map(TOOLS.map((t) => [t.id, t]));

export function findTool(id: string): ToolDefinition | undefined {
  return byId.get(id);
}

/** The id of the processor that does a tool's work. */
export function processorIdOf(tool: ToolDefinition): string {
  return tool.sameAs ?? tool.id;
}
