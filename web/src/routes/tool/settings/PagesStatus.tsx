import type { ReactNode } from "react";
import type { PdfDocument } from "../../../lib/pdf-preview.js";
import type { PdfDocumentState } from "../../../lib/use-pdf-document.js";

/** What a page panel shows before the document is open, or when it will not open. */
export function PagesStatus({ state, children }: { state: PdfDocumentState; children(doc: PdfDocument, pageCount: number): ReactNode }) {
  if (state.status === "ready") return <>{children(state.doc, state.pageCount)}</>;
  const text = {
    none: "Add a PDF to see its pages.",
    loading: "Reading the pages of your PDF...",
    error: "The pages of this file could not be read. It may be damaged or protected by a password.",
  }[state.status];
  return (
    <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
      {text}
    </p>
  );
}
