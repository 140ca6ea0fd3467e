import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { Fragment } from "react";
import { AppLink } from "./AppLink.js";
import { menuContentStyles, menuItemStyles, menuLabelStyles } from "./menu-styles.js";
import type { NavGroup, NavLink } from "./nav-links.js";

/**
 * A header dropdown. Radix gives the keyboard behaviour the spec asks for: Enter, Space and Down open it, arrows
 * move, Escape and a click outside close it.
 */
export function NavDropdown({ label, groups, footer }: { label: string; groups: readonly NavGroup[]; footer?: NavLink }) {
  const labelled = groups.length > 1;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="group inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800">
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
                {labelled && <DropdownMenu.Label className={menuLabelStyles}>{group.title}</DropdownMenu.Label>}
                {group.links.map((link) => (
                  <DropdownMenu.Item key={link.href} asChild className={menuItemStyles}>
                    <AppLink href={link.href}>{link.label}</AppLink>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
          {footer && (
            <DropdownMenu.Item asChild className={`${menuItemStyles} font-semibold text-indigo-700 dark:text-indigo-300`}>
              <AppLink href={footer.href}>{footer.label}</AppLink>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
