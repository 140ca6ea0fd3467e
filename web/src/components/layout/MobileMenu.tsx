import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.js";

// The sheet (Radix Dialog, focus trap, scroll lock) loads on the first open: most visits never open it.
const MobileMenuSheet = lazy(() => import("./MobileMenuSheet.js"));

/** The slide-in side menu of small screens; choosing a link closes it. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const t = useT();
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 lg:hidden"
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
