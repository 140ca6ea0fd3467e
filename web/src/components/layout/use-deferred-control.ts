import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useOnDemand } from "../ui/on-demand.js";

/**
 * A menu button shown as a plain button until its menu's code has loaded (see ui/on-demand.ts). What the visitor
 * does meanwhile is kept: a click, Enter, Space or Down asks for the menu open, and focus stays on the button.
 */
export function useDeferredMenu<T>(load: () => Promise<T>) {
  const { module, request } = useOnDemand(load);
  const [openAtStart, setOpenAtStart] = useState(false);
  const [focusAtStart, setFocusAtStart] = useState(false);
  const open = () => {
    setOpenAtStart(true);
    request();
  };
  const buttonProps = {
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: request,
    onFocus: () => {
      setFocusAtStart(true);
      request();
    },
    onBlur: () => setFocusAtStart(false),
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        open();
      }
    },
  };
  return { module, openAtStart, focusAtStart, buttonProps };
}

/**
 * In the loaded menu: the trigger's ref, focused once when the plain button it replaced had the focus (an open
 * menu takes the focus itself).
 */
export function useFocusCarriedOver({ openAtStart, focusAtStart }: { openAtStart: boolean; focusAtStart: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAtStart && !openAtStart) trigger.current?.focus();
  }, [focusAtStart, openAtStart]);
  return trigger;
}
