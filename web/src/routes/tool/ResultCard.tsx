import { AlertTriangle, Download } from "lucide-react";
import type { ProcessReply } from "../../lib/jobs-api.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { ContinueWith } from "./ContinueWith.js";
import { FOCUS_AFTER_RUN } from "./ProgressDialog.js";

/** A dedicated screen's results card (Repair Results, Signed Document, ...): the server's message and the download. */
export function ResultCard({ title, result, linkLabel, testId }: { title: string; result: ProcessReply; linkLabel: string; testId: string }) {
  return (
    <section className={`${cardStyles} mt-6 p-4 sm:p-6`} aria-live="polite" data-testid={testId}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      {result.warning && (
        <p className="mt-2 flex gap-2 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="alert">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {result.warning}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-800 dark:text-slate-100">{result.message}</p>
      <a href={result.downloadUrl} download={result.filename} {...FOCUS_AFTER_RUN} className={`${buttonStyles.primary} mt-4`}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {linkLabel}
      </a>
      <ContinueWith reply={result} />
    </section>
  );
}
