import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Monitor, Moon, Sun, SunMoon } from "lucide-react";
import { useTheme, type ThemeChoice } from "../../lib/theme.js";
import { menuContentStyles, menuItemStyles } from "./menu-styles.js";

const OPTIONS: ReadonlyArray<{ value: ThemeChoice; label: string; Icon: typeof Sun }> = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        // The same label and icon whatever the choice: the home page's HTML is rendered before any choice is known.
        aria-label="Choose theme"
        data-testid="theme-toggle"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <SunMoon className="h-5 w-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentStyles}>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
            {OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={`${menuItemStyles} data-[state=checked]:font-semibold`}>
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
