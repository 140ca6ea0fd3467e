import type { ReactNode } from "react";
import { mutedText } from "../../components/ui/styles.js";
import type { PdfDocument } from "../../lib/pdf-preview.js";
import type { PdfDocumentState } from "../../lib/use-pdf-document.js";
import { PageNavigator } from "./PageNavigator.js";
import { useT } from "../../i18n/use-t.js";

/**
 * A PDF opened in the browser, one page at a time (Annotate's, Redact's): a sentence while it opens or where it
 * cannot, otherwise the page navigator and the page as the screen draws it.
 */
export function PdfPages({
  pdf,
  pageIndex,
  onPageChange,
  children,
}: {
  pdf: PdfDocumentState;
  pageIndex: number;
  onPageChange(index: number): void;
  children(doc: PdfDocument): ReactNode;
}) {
  const t = useT("tool");
  if (pdf.status === "error") {
    return <p className="mt-6 text-center text-sm text-red-700 dark:text-red-300">{t("pdfPages.error")}</p>;
  }
  if (pdf.status === "loading") return <p className={`mt-6 text-center text-sm ${mutedText}`}>{t("pdfPages.opening")}</p>;
  if (pdf.status !== "ready") return null;
  return (
    <>
      <PageNavigator pageIndex={pageIndex} pageCount={pdf.pageCount} onChange={onPageChange} />
      {children(pdf.doc)}
    </>
  );
}
