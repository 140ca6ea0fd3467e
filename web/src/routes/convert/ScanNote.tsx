import { notAppliedTo } from "../../../../catalog/index.js";
import { AppLink } from "../../components/layout/AppLink.js";

/**
 * What happens to scanned pages. Formats that rebuild a document read them with OCR first (a switch in their
 * options); the others draw pages as they are, so a scan's words stay pictures until OCR PDF adds text.
 */
export function ScanNote({ toolId }: { toolId: string }) {
  if (!notAppliedTo(toolId).has("ocrEnabled")) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="scan-note">
        Scanned pages are read with OCR first, so their words come out as text. Turn off “Recognise text in scans” in
        the options to convert only the text the PDF already has.
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="scan-note">
      Scanned pages have no text to convert: run them through{" "}
      <AppLink href="/ocr-pdf" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        OCR PDF
      </AppLink>{" "}
      first.
    </p>
  );
}
