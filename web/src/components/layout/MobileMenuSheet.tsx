import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { AppLink } from "./AppLink.js";
import { MOBILE_SECTIONS } from "./nav-links.js";
import { useT } from "../../i18n/use-t.js";

export default function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The menu button is outside the dialog (it loads before it), so focus is returned to it by hand.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-5 shadow-xl motion-safe:animate-[slide-in_200ms_ease-out] dark:bg-slate-900"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t("nav.menu")}</Dialog.Title>
            <Dialog.Close aria-label={t("nav.closeMenu")} className="rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label={t("nav.mobileLabel")}>
            {MOBILE_SECTIONS.map((section) => (
              <section key={section.title} className="mb-4">
                <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{t(section.title)}</h2>
                <ul>
                  {section.links.map((link) => (
                    <li key={link.href}>
                      <AppLink
                        href={link.href}
                        onClick={() => onOpenChange(false)}
                        className="block rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                      >
                        {t(link.label)}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
