import { ChevronDown } from "lucide-react";
import { menuTriggerStyles } from "./menu-styles.js";
import type { NavDropdownProps } from "./NavDropdownMenu.js";
import { useDeferredMenu } from "./use-deferred-control.js";

// Radix's menu (with its positioning code) loads when the page is idle or the visitor reaches for a menu.
const loadMenu = () => import("./NavDropdownMenu.js");

/** A header dropdown (NavDropdownMenu.tsx), as a plain button until its code has loaded. */
export function NavDropdown(props: NavDropdownProps) {
  const { module, openAtStart, focusAtStart, buttonProps } = useDeferredMenu(loadMenu);
  if (module) return <module.NavDropdownMenu {...props} openAtStart={openAtStart} focusAtStart={focusAtStart} />;
  return (
    <button {...buttonProps} className={menuTriggerStyles}>
      {props.label}
      <ChevronDown className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
