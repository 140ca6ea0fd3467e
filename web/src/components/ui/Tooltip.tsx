import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";

/**
 * A short label shown on hover and on keyboard focus, which a `title` attribute never shows to keyboard users.
 * `children` is the one element it describes (its accessible name should say the same).
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
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
