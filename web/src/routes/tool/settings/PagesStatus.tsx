import type { ReactNode } from "react";
import type { PdfDocument } from "../../../lib/pdf-preview.js";
import type { PdfDocumentState } from "../../../lib/use-pdf-document.js";
import { useT } from "../../../i18n/use-t.js";

/** What a page panel shows before the document is open, or when it will not open. */
export function PagesStatus({ state, children }: { state: PdfDocumentState; children(doc: PdfDocument, pageCount: number): ReactNode }) {
  const t = useT("tool");
  if (state.status === "ready") return <>{children(state.doc, state.pageCount)}</>;
  const text = t(`pagesStatus.${state.status}`);
  return (
    <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
      {text}
    </p>
  );
}
