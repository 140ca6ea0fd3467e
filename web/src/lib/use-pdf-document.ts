import { useEffect, useState } from "react";
import { openPdf, type PdfDocument } from "./pdf-preview.js";
import { toast } from "./toast-store.js";
import { i18n } from "../i18n/i18n.js";

export type PdfDocumentState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; doc: PdfDocument; pageCount: number }
  | { status: "error" };

/** Opens the selected PDF in the browser to count and show its real pages; a file that will not open says so. */
export function usePdfDocument(file: File | undefined): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: "none" });
  useEffect(() => {
    if (!file) {
      setState({ status: "none" });
      return;
    }
    let cancelled = false;
    let opened: PdfDocument | undefined;
    setState({ status: "loading" });
    openPdf(file).then(
      (doc) => {
        opened = doc;
        if (!cancelled) setState({ status: "ready", doc, pageCount: doc.numPages });
        else void doc.destroy();
      },
      () => {
        if (cancelled) return;
        setState({ status: "error" });
        toast({ title: i18n.t("common:pdf.unreadableTitle"), description: i18n.t("common:pdf.unreadable"), variant: "destructive" });
      },
    );
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [file]);
  return state;
}
