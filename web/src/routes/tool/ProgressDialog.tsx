import * as Dialog from "@radix-ui/react-dialog";
import { buttonStyles } from "../../components/ui/styles.js";
import type { RunState } from "../../lib/use-tool-run.js";
import { useLocale, useT } from "../../i18n/use-t.js";
import { formatNumber } from "../../i18n/format.js";


/** The attribute of the control that takes the focus when a run ends well (a results card's download link). */
export const FOCUS_AFTER_RUN = { "data-focus-after-run": "" } as const;

/** After a successful run the focus goes to its result; otherwise back to the button that started the run. */
function focusResult(event: Event): void {
  const result = document.querySelector<HTMLElement>("[data-focus-after-run]");
  if (!result) return;
  event.preventDefault();
  result.focus();
}

/**
 * The real progress of a run: the upload's bytes, then the server's processing, then the download. `detail` says
 * more of the phase (a workflow's running step).
 */
export function ProgressDialog({ state, onCancel, detail }: { state: RunState; onCancel(): void; detail?: string }) {
  const open = state.phase !== "idle";
  const percent = Math.round(state.fraction * 100);
  const t = useT("tool");
  const locale = useLocale();
  const title = state.phase === "idle" ? "" : state.onDevice && state.phase === "processing" ? t("progress.onDevice") : t(`progress.${state.phase}`);
  const percentText = formatNumber(state.fraction, locale, { style: "percent", maximumFractionDigits: 0 });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={focusResult}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900"
        >
          {state.phase !== "idle" && (
            <>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              {detail && (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-200" data-testid="progress-detail">
                  {detail}
                </p>
              )}
              <div
                role="progressbar"
                aria-label={title}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                {/* A new phase starts a new bar: it must not slide back from the last phase's 100 % while the label reads 0 %. */}
                <div key={state.phase} className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="progress-text">
                {percentText}
              </p>
              <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} mt-4 w-full`}>
                {t("progress.cancel")}
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
