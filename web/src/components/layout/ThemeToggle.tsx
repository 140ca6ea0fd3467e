import { SunMoon } from "lucide-react";
import { useT } from "../../i18n/use-t.js";
import { iconTriggerStyles } from "./menu-styles.js";
import { useDeferredMenu } from "./use-deferred-control.js";

const loadMenu = () => import("./ThemeMenu.js");

/**
 * The theme menu (ThemeMenu.tsx), as a plain button until its code has loaded. The same label and icon whatever
 * the choice: the home page's HTML is rendered before any choice is known.
 */
export function ThemeToggle() {
  const t = useT();
  const { module, openAtStart, focusAtStart, buttonProps } = useDeferredMenu(loadMenu);
  if (module) return <module.ThemeMenu openAtStart={openAtStart} focusAtStart={focusAtStart} />;
  return (
    <button {...buttonProps} aria-label={t("theme.choose")} data-testid="theme-toggle" className={iconTriggerStyles}>
      <SunMoon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
