import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { dismissToast, useCurrentToast } from "../lib/toast-store.js";
import { useT } from "../i18n/use-t.js";

/** The notification area: one toast at a time, 5 s, swipe right to dismiss, F8 to reach it by keyboard. */
export function Toaster() {
  const t = useT();
  const current = useCurrentToast();
  const destructive = current?.variant === "destructive";
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <Toast.Root
          key={current.id}
          open
          onOpenChange={(open) => !open && dismissToast()}
          type={destructive ? "foreground" : "background"}
          data-testid="toast"
          className={`relative flex w-full gap-3 rounded-lg border p-4 pe-10 shadow-lg ${
            destructive
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description && (
              <Toast.Description className="whitespace-pre-line text-sm opacity-95">{current.description}</Toast.Description>
            )}
          </div>
          <Toast.Close aria-label={t("close")} className="absolute end-2 top-2 rounded p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 end-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
