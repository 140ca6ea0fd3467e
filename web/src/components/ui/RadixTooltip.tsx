import * as RadixTooltip from "@radix-ui/react-tooltip";
import { useEffect, useRef, type ReactElement } from "react";

/** Radix's tooltip around `children`; `focusAtStart` gives focus back to it when it replaced a focused plain one. */
export function RadixTooltipFor({ label, children, openAtStart, focusAtStart }: { label: string; children: ReactElement; openAtStart: boolean; focusAtStart: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAtStart) trigger.current?.focus();
  }, [focusAtStart]);
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root defaultOpen={openAtStart}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={4}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
            data-testid="tooltip"
          >
            {label}
            <RadixTooltip.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
