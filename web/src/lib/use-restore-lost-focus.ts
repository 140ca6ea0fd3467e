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

/** Set while a screen part that had the focus is gone and the part replacing it has not yet taken it. */
let focusHandedOver = false;

/**
 * When this part goes away with the focus inside it (the file list once its last file is removed), the part that
 * takes its place and calls `useTakeHandedFocus` receives the focus. Only within the same update: a part that
 * appears later (another page) does not take the focus from where the visitor is.
 */
export function useHandFocusOnExit(): void {
  useEffect(
    () => () => {
      if (!focusIsLost()) return;
      focusHandedOver = true;
      setTimeout(() => (focusHandedOver = false), 0);
    },
    [],
  );
}

export function useTakeHandedFocus(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!focusHandedOver || !focusIsLost()) return;
    focusHandedOver = false;
    target.current?.focus({ preventScroll: true });
  }, [target]);
}
