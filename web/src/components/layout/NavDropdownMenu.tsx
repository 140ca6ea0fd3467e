import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { Fragment } from "react";
import { useT } from "../../i18n/use-t.js";
import { AppLink } from "./AppLink.js";
import { menuContentStyles, menuItemStyles, menuLabelStyles, menuTriggerStyles } from "./menu-styles.js";
import type { NavGroup, NavLink } from "./nav-links.js";
import { useFocusCarriedOver } from "./use-deferred-control.js";

export interface NavDropdownProps {
  label: string;
  groups: readonly NavGroup[];
  footer?: NavLink;
}

/**
 * A header dropdown. Radix gives the keyboard behaviour the spec asks for: Enter, Space and Down open it, arrows
 * move, Escape and a click outside close it. `openAtStart` and `focusAtStart` carry over what the visitor did to
 * the plain button shown before this module loaded (NavDropdown.tsx).
 */
export function NavDropdownMenu({ label, groups, footer, openAtStart, focusAtStart }: NavDropdownProps & { openAtStart: boolean; focusAtStart: boolean }) {
  const labelled = groups.length > 1;
  const t = useT();
  const trigger = useFocusCarriedOver({ openAtStart, focusAtStart });
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openAtStart}>
      <DropdownMenu.Trigger ref={trigger} className={menuTriggerStyles}>
        {label}
        <ChevronDown className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className={`${menuContentStyles} ${labelled ? "grid max-h-[80vh] gap-x-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3" : ""}`}
        >
          {groups.map((group) => (
            <Fragment key={group.title}>
              <DropdownMenu.Group>
                {labelled && <DropdownMenu.Label className={menuLabelStyles}>{t(group.title)}</DropdownMenu.Label>}
                {group.links.map((link) => (
                  <DropdownMenu.Item key={link.href} asChild className={menuItemStyles}>
                    <AppLink href={link.href}>{t(link.label)}</AppLink>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
          {footer && (
            <DropdownMenu.Item asChild className={`${menuItemStyles} font-semibold text-indigo-700 dark:text-indigo-300`}>
              <AppLink href={footer.href}>{t(footer.label)}</AppLink>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
