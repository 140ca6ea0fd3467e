import { useEffect, type RefObject } from "react";

function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * When what had the focus went away (the drop area replaced by the list, a removed file's row), the focus goes to
 * `target` instead of falling back to the top of the page. `change` is what, when it changes, may have removed it.
 */
export function useRestoreLostFocus(target: RefObject<HTMLElement | null>, change: unknown): void {
  useEffect(() => {
    if (focusIsLost()) target.current?.focus({ preventScroll: true });
  }, [target, change]);
}
