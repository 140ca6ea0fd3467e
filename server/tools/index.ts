import { processorIdOf, type ProcessorId } from "../../catalog/tools.js";
import type { ToolDefinition } from "../../catalog/types.js";
import type { Processor } from "../work/types.js";
import { mergePdf } from "./merge-pdf.js";
import { splitPdf } from "./split-pdf.js";
import { rotatePdf } from "./rotate-pdf.js";
import { deletePages } from "./delete-pages.js";
import { organizePdf } from "./organize-pdf.js";
import { addWatermark } from "./add-watermark.js";
import { addPageNumbers } from "./add-page-numbers.js";
import { pdfToText } from "./pdf-to-text.js";
import { annotatePdf } from "./annotate-pdf.js";
import { signPdf } from "./sign-pdf.js";
import { protectPdf } from "./protect-pdf.js";
import { unlockPdf } from "./unlock-pdf.js";
import { compressPdf } from "./compress-pdf.js";
import { repairPdf } from "./repair-pdf.js";
import { ocrPdf } from "./ocr-pdf.js";
import { pdfToJpg } from "./pdf-to-jpg.js";
import { pdfToPng } from "./pdf-to-png.js";
import { pdfToSvg } from "./pdf-to-svg.js";
import { jpgToPdf } from "./jpg-to-pdf.js";
import { pdfToPdfA } from "./pdf-to-pdf-a.js";
import { wordToPdf } from "./word-to-pdf.js";
import { pdfToMarkdown } from "./pdf-to-markdown.js";
import { pdfToHtml } from "./pdf-to-html.js";
import { pdfToEpub } from "./pdf-to-epub.js";
import { pdfToWord } from "./pdf-to-word.js";
import { pdfToRtf } from "./pdf-to-rtf.js";
import { pdfToExcel } from "./pdf-to-excel.js";
import { pdfToPpt } from "./pdf-to-ppt.js";
import { flattenPdf } from "./flatten-pdf.js";
import { editMetadata } from "./edit-metadata.js";
import { cropPdf } from "./crop-pdf.js";
import { removeBlankPages } from "./remove-blank-pages.js";
import { nUpPdf } from "./n-up-pdf.js";
import { extractImages } from "./extract-images.js";
import { sanitizePdf } from "./sanitize-pdf.js";
import { htmlToPdf } from "./html-to-pdf.js";
import { checkRedactOptions, redactPdf } from "./redact-pdf.js";
import { comparePdf } from "./compare-pdf.js";

/** Processors by the id of the tool whose work they do: a catalogue tool without one does not compile. */
const PROCESSORS: Readonly<Record<ProcessorId, Processor<never>>> = {
  "merge-pdf": mergePdf,
  "split-pdf": splitPdf,
  "rotate-pdf": rotatePdf,
  "delete-pages": deletePages,
  "organize-pdf": organizePdf,
  "add-watermark": addWatermark,
  "add-page-numbers": addPageNumbers,
  "pdf-to-text": pdfToText,
  "annotate-pdf": annotatePdf,
  "sign-pdf": signPdf,
  "protect-pdf": protectPdf,
  "unlock-pdf": unlockPdf,
  "compress-pdf": compressPdf,
  "repair-pdf": repairPdf,
  "ocr-pdf": ocrPdf,
  "pdf-to-jpg": pdfToJpg,
  "pdf-to-png": pdfToPng,
  "pdf-to-svg": pdfToSvg,
  "jpg-to-pdf": jpgToPdf,
  "pdf-to-pdf-a": pdfToPdfA,
  "word-to-pdf": wordToPdf,
  "pdf-to-markdown": pdfToMarkdown,
  "pdf-to-html": pdfToHtml,
  "pdf-to-epub": pdfToEpub,
  "pdf-to-word": pdfToWord,
  "pdf-to-rtf": pdfToRtf,
  "pdf-to-excel": pdfToExcel,
  "pdf-to-ppt": pdfToPpt,
  "flatten-pdf": flattenPdf,
  "edit-metadata": editMetadata,
  "crop-pdf": cropPdf,
  "remove-blank-pages": removeBlankPages,
  "n-up-pdf": nUpPdf,
  "extract-images": extractImages,
  "sanitize-pdf": sanitizePdf,
  "html-to-pdf": htmlToPdf,
  "redact-pdf": redactPdf,
  "compare-pdf": comparePdf,
};

/**
 * Checks of a tool's options that its schema cannot make because they need a library of the server's (the pattern
 * engine), by processor id: run when a request or a pipeline step is accepted, so that the mistake is a 400 before
 * any file is stored or engine started. Each throws InvalidOptionsError.
 */
const OPTION_CHECKS: Partial<Record<ProcessorId, (options: never) => void>> = {
  "redact-pdf": checkRedactOptions,
};

function own<T>(table: Readonly<Partial<Record<string, T>>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The processor that does a tool's work; none for a tool that dispatches to others (Convert PDF), or for an id
 * that came from outside the catalogue's types (a request, a stored job).
 */
export function processorOf(tool: ToolDefinition): Processor<Record<string, unknown>> | undefined {
  return own(PROCESSORS, processorIdOf(tool)) as Processor<Record<string, unknown>> | undefined;
}

/** The tool's option check beyond its schema, if it has one. */
export function optionCheckOf(tool: ToolDefinition): ((options: Record<string, unknown>) => void) | undefined {
  return own(OPTION_CHECKS, processorIdOf(tool)) as ((options: Record<string, unknown>) => void) | undefined;
}
