import { AppLink } from "../../components/layout/AppLink.js";

/** Conversions read the text a PDF already has; a scan has none until OCR PDF adds it. */
export function ScanNote() {
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
