import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Monitor, Moon, Sun, SunMoon } from "lucide-react";
import { useT } from "../../i18n/use-t.js";
import { useTheme, type ThemeChoice } from "../../lib/theme.js";
import { iconTriggerStyles, menuContentStyles, menuItemStyles } from "./menu-styles.js";
import { useFocusCarriedOver } from "./use-deferred-control.js";

const OPTIONS: ReadonlyArray<{ value: ThemeChoice; label: string; Icon: typeof Sun }> = [
  { value: "light", label: "theme.light", Icon: Sun },
  { value: "dark", label: "theme.dark", Icon: Moon },
  { value: "system", label: "theme.system", Icon: Monitor },
];

/** The theme menu; `openAtStart` and `focusAtStart` carry over what was done to the button shown before it loaded. */
export function ThemeMenu({ openAtStart, focusAtStart }: { openAtStart: boolean; focusAtStart: boolean }) {
  const { theme, setTheme } = useTheme();
  const t = useT();
  const trigger = useFocusCarriedOver({ openAtStart, focusAtStart });
  return (
    <DropdownMenu.Root defaultOpen={openAtStart}>
      <DropdownMenu.Trigger ref={trigger} aria-label={t("theme.choose")} data-testid="theme-toggle" className={iconTriggerStyles}>
        <SunMoon className="h-5 w-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentStyles}>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
            {OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={`${menuItemStyles} data-[state=checked]:font-semibold`}>
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(label)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
