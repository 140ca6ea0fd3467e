import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";

/**
 * Tools with a screen of their own (convert, OCR, repair, annotate, sign, PDF to Word, redact) register it here,
 * loaded on demand. Until a tool's screen exists, the generic screen serves it, so its links always lead somewhere
 * that works (or says the tool is not available yet).
 */
export const DEDICATED_SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType<{ tool: ToolDefinition }>>>> = {
  "repair-pdf": lazy(() => import("../repair/RepairScreen.js")),
  "annotate-pdf": lazy(() => import("../annotate/AnnotateScreen.js")),
  "convert-pdf": lazy(() => import("../convert/ConvertScreen.js")),
  "pdf-to-word": lazy(() => import("../pdf-to-word/PdfToWordScreen.js")),
  "pdf-sign": lazy(() => import("../sign/SignScreen.js")),
  "ocr-pdf": lazy(() => import("../ocr/OcrScreen.js")),
  "redact-pdf": lazy(() => import("../redact/RedactScreen.js")),
  "compare-pdf": lazy(() => import("../compare/CompareScreen.js")),
};
