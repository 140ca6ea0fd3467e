import { cloneElement, useState, type FocusEvent, type ReactElement } from "react";
import { useOnDemand } from "./on-demand.js";

// Radix's tooltip (with its positioning code) loads when the page is idle or the visitor points at or focuses
// the element; until then the element is shown as it is, and what the visitor did is carried over.
const loadTooltip = () => import("./RadixTooltip.js");

type Handlers = { onFocus?(event: FocusEvent): void; onPointerEnter?(event: unknown): void };

/**
 * A short label shown on hover and on keyboard focus, which a `title` attribute never shows to keyboard users.
 * `children` is the one element it describes (its accessible name should say the same).
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const { module, request } = useOnDemand(loadTooltip);
  const [intent, setIntent] = useState({ open: false, focus: false });
  if (module) {
    return (
      <module.RadixTooltipFor label={label} openAtStart={intent.open} focusAtStart={intent.focus}>
        {children}
      </module.RadixTooltipFor>
    );
  }
  const own = children.props as Handlers;
  return cloneElement(children as ReactElement<Handlers>, {
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      setIntent({ open: true, focus: true });
      request();
    },
    onPointerEnter: (event: unknown) => {
      own.onPointerEnter?.(event);
      setIntent((now) => ({ ...now, open: true }));
      request();
    },
  });
}
